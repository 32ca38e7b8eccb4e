// Behaviour of k8s.io/client-go/util/jsonpath (parser.go, jsonpath.go; v0.33) and the comparisons of
// its forked text/template funcs, over JSON data: the templates `kubectl -o jsonpath` and CRD printer
// columns use.
import { goMarshalJson } from '@kapi/apimachinery';

/** A slice bound of `[a:b:c]`: `known` false where it was left out; `derived` for `b` of `[a]` (a + 1). */
interface SliceParam {
  readonly value: number;
  readonly known: boolean;
  readonly derived: boolean;
}

/** The parse tree, as client-go's node.go has it. */
export type JsonPathNode =
  | { readonly type: 'list'; readonly nodes: JsonPathNode[] }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'field'; readonly name: string }
  | { readonly type: 'array'; readonly params: readonly [SliceParam, SliceParam, SliceParam] }
  | { readonly type: 'filter'; readonly left: JsonPathList; readonly right: JsonPathList; readonly operator: string }
  | { readonly type: 'int'; readonly value: number }
  | { readonly type: 'float'; readonly value: number }
  | { readonly type: 'bool'; readonly value: boolean }
  | { readonly type: 'wildcard' }
  | { readonly type: 'recursive' }
  | { readonly type: 'union'; readonly nodes: JsonPathList[] }
  | { readonly type: 'identifier'; readonly name: string };

type JsonPathList = Extract<JsonPathNode, { type: 'list' }>;

/** A template that does not parse, or a query that fails on its data; the message is client-go's. */
export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

const eof = -1;
const dictKeyRe = /^'([^']*)'$/;
const sliceOperatorRe = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const filterRe = /^([^!<>=]+)([!<>=]+)(.+?)$/s;

const isSpace = (r: number) => r === 0x20 || r === 0x09;
const isEndOfLine = (r: number) => r === 0x0d || r === 0x0a;
const isDigit = (r: number) => r >= 0 && /\p{Nd}/u.test(String.fromCodePoint(r));
const isAlphaNumeric = (r: number) => r === 0x5f || (r >= 0 && /[\p{L}\p{Nd}]/u.test(String.fromCodePoint(r)));
const isTerminator = (r: number) => isSpace(r) || isEndOfLine(r) || r === eof || '.,[]$@{}'.includes(String.fromCodePoint(r));

/** Go's strconv.Atoi: decimal with an optional sign, within int64 (here: a safe integer). */
function atoi(s: string): number | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Go's strconv.ParseFloat for what parseNumber collects (signs, digits and dots). */
function parseFloatGo(s: string): number | undefined {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : undefined;
}

/** Go's strconv.UnquoteChar over a quoted string's body, as UnquoteExtend uses it (single quotes allowed). */
function unquoteExtend(s: string): string {
  if (s.length < 2 || s[0] !== s[s.length - 1] || (s[0] !== '"' && s[0] !== "'")) throw new JsonPathError('invalid syntax');
  const quote = s[0];
  const body = s.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;
  let out = '';
  const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"' };
  for (let i = 0; i < body.length; ) {
    const c = body[i]!;
    if (c === quote) throw new JsonPathError('invalid syntax');
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) throw new JsonPathError('invalid syntax');
    if (e in simple) {
      if ((e === "'" || e === '"') && e !== quote) throw new JsonPathError('invalid syntax');
      out += simple[e];
      i += 2;
      continue;
    }
    const hex = { x: 2, u: 4, U: 8 }[e];
    if (hex !== undefined) {
      const digits = body.slice(i + 2, i + 2 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) throw new JsonPathError('invalid syntax');
      const v = parseInt(digits, 16);
      if (e !== 'x' && (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))) throw new JsonPathError('invalid syntax');
      out += e === 'x' ? String.fromCharCode(v) : String.fromCodePoint(v);
      i += 2 + hex;
      continue;
    }
    if (e >= '0' && e <= '7') {
      const digits = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) throw new JsonPathError('invalid syntax');
      out += String.fromCharCode(parseInt(digits, 8));
      i += 4;
      continue;
    }
    throw new JsonPathError('invalid syntax');
  }
  return out;
}

/** client-go's Parser: a template of text and `{…}` actions. */
class Parser {
  private pos = 0;
  private start = 0;
  private width = 0;
  readonly root: JsonPathList = { type: 'list', nodes: [] };

  constructor(private readonly input: string) {}

  static parseAction(text: string): JsonPathList {
    const p = new Parser(`{${text}}`);
    p.parseText(p.root);
    return p.root.nodes[0] as JsonPathList;
  }

  private consumeText(): string {
    const v = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return v;
  }

  private next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return eof;
    }
    const r = this.input.codePointAt(this.pos)!;
    this.width = r > 0xffff ? 2 : 1;
    this.pos += this.width;
    return r;
  }

  private peek(): number {
    const r = this.next();
    this.pos -= this.width;
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  parseText(cur: JsonPathList): void {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        this.pos += 1;
        this.consumeText();
        const list: JsonPathList = { type: 'list', nodes: [] };
        cur.nodes.push(list);
        return this.parseInsideAction(list);
      }
      if (this.next() === eof) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseInsideAction(cur: JsonPathList): void {
    for (;;) {
      const rest = this.input.slice(this.pos);
      if (rest.startsWith('}')) {
        this.pos += 1;
        this.consumeText();
        return this.parseText(this.root);
      }
      if (rest.startsWith('[?(')) {
        this.parseFilter(cur);
        continue;
      }
      if (rest.startsWith('..')) {
        this.parseRecursive(cur);
        continue;
      }
      const r = this.next();
      if (r === eof || isEndOfLine(r)) throw new JsonPathError('unclosed action');
      if (r === 0x20 || r === 0x40 /* @ */ || r === 0x24 /* $ */) this.consumeText();
      else if (r === 0x5b /* [ */) this.parseArray(cur);
      else if (r === 0x22 || r === 0x27) this.parseQuote(cur, r);
      else if (r === 0x2e /* . */) this.parseField(cur);
      else if (r === 0x2b || r === 0x2d || isDigit(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else throw new JsonPathError(`unrecognized character in action: ${goRuneU(r)}`);
    }
  }

  private parseIdentifier(cur: JsonPathList): void {
    while (!isTerminator(this.next()));
    this.backup();
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: JsonPathList): void {
    if (cur.nodes.at(-1)?.type === 'recursive') throw new JsonPathError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: JsonPathList): void {
    const r = this.peek();
    if (r === 0x2b || r === 0x2d) this.next();
    for (;;) {
      const c = this.next();
      if (c !== 0x2e && !isDigit(c)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    const i = atoi(value);
    if (i !== undefined) return void cur.nodes.push({ type: 'int', value: i });
    const f = parseFloatGo(value);
    if (f !== undefined) return void cur.nodes.push({ type: 'float', value: f });
    throw new JsonPathError(`cannot parse number ${value}`);
  }

  private parseArray(cur: JsonPathList): void {
    for (;;) {
      const r = this.next();
      if (r === eof || r === 0x0a) throw new JsonPathError('unterminated array');
      if (r === 0x5d) break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      cur.nodes.push({ type: 'union', nodes: parts.map((s) => Parser.parseAction(`[${s.replace(/^ +| +$/g, '')}]`)) });
      return;
    }
    const dict = dictKeyRe.exec(text);
    if (dict) {
      cur.nodes.push(...Parser.parseAction(`.${dict[1]}`).nodes);
      return;
    }
    const m = sliceOperatorRe.exec(text);
    if (!m) throw new JsonPathError(`invalid array index ${text}`);
    const params: SliceParam[] = [];
    for (let i = 0; i < 3; i++) {
      let v = m[i + 1] ?? '';
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') params.push({ value: 0, known: false, derived: false });
        else {
          const n = atoi(v);
          if (n === undefined) throw new JsonPathError(`array index ${v} is not a number`);
          params.push({ value: n, known: true, derived: false });
        }
      } else if (i === 1) params.push({ value: params[0]!.value + 1, known: true, derived: true });
      else params.push({ value: 0, known: false, derived: false });
    }
    cur.nodes.push({ type: 'array', params: params as [SliceParam, SliceParam, SliceParam] });
  }

  private parseFilter(cur: JsonPathList): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = 0;
    for (;;) {
      const r = this.next();
      if (r === eof || r === 0x0a) throw new JsonPathError('unterminated filter');
      if (r === 0x22 || r === 0x27) {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === 0x29 && begin === end) break;
    }
    if (this.next() !== 0x5d) throw new JsonPathError('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = filterRe.exec(text);
    if (!m) cur.nodes.push({ type: 'filter', left: Parser.parseAction(text), right: { type: 'list', nodes: [] }, operator: 'exists' });
    else cur.nodes.push({ type: 'filter', left: Parser.parseAction(m[1]!), right: Parser.parseAction(m[3]!), operator: m[2]! });
  }

  private parseQuote(cur: JsonPathList, end: number): void {
    for (;;) {
      const r = this.next();
      if (r === eof || r === 0x0a) throw new JsonPathError('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    try {
      cur.nodes.push({ type: 'text', text: unquoteExtend(value) });
    } catch (err) {
      throw new JsonPathError(`unquote string ${value} error ${(err as Error).message}`);
    }
  }

  private parseField(cur: JsonPathList): void {
    this.consumeText();
    for (;;) {
      const r = this.next();
      if (r === 0x5c) this.next();
      else if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    cur.nodes.push(value === '*' ? { type: 'wildcard' } : { type: 'field', name: value.replaceAll('\\', '') });
  }
}

/** Go's %#U of a rune: `U+0021 '!'`. */
function goRuneU(r: number): string {
  return `U+${r.toString(16).toUpperCase().padStart(4, '0')} '${String.fromCodePoint(r)}'`;
}

/** Parses a template (`{.spec.replicas}`); throws {@link JsonPathError} with client-go's message. */
export function parseJsonPath(text: string): JsonPathList {
  const p = new Parser(text);
  p.parseText(p.root);
  return p.root;
}

/** A float literal of the template whose value is whole (`3.0`): Go keeps it a float64, JSON data would not. */
class FloatLiteral {
  constructor(readonly value: number) {}
}

/** What a value is to Go's reflect, for JSON data decoded as kube decodes it (whole numbers are int64). */
function goKind(v: unknown): 'invalid' | 'bool' | 'int' | 'float' | 'string' | 'map' | 'slice' {
  if (v === null || v === undefined) return 'invalid';
  if (v instanceof FloatLiteral) return 'float';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) ? 'int' : 'float';
    case 'string':
      return 'string';
    default:
      return Array.isArray(v) ? 'slice' : 'map';
  }
}

const goTypeName = { invalid: '<invalid reflect.Value>', bool: 'bool', int: 'int64', float: 'float64', string: 'string', map: 'map[string]interface {}', slice: '[]interface {}' };

function numberOf(v: unknown): number {
  return v instanceof FloatLiteral ? v.value : (v as number);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** template.Less / Equal over two values (errors are the funcs' errors). */
function compare(op: string, left: unknown, right: unknown): boolean {
  const k1 = goKind(left);
  const k2 = goKind(right);
  if (!['bool', 'int', 'float', 'string'].includes(k1) || !['bool', 'int', 'float', 'string'].includes(k2)) throw new JsonPathError('invalid type for comparison');
  if (k1 !== k2) throw new JsonPathError('incompatible types for comparison');
  const equal = () => (k1 === 'string' ? left === right : k1 === 'bool' ? left === right : numberOf(left) === numberOf(right));
  const less = () => {
    if (k1 === 'bool') throw new JsonPathError('invalid type for comparison');
    return k1 === 'string' ? compareBytes(left as string, right as string) < 0 : numberOf(left) < numberOf(right);
  };
  switch (op) {
    case '==':
      return equal();
    case '!=':
      return !equal();
    case '<':
      return less();
    case '<=':
      return less() || equal();
    case '>':
      return !(less() || equal());
    case '>=':
      return !less();
    default:
      throw new JsonPathError(`unrecognized filter operator ${op}`);
  }
}

/** The children of a map or list (and the characters of a string), as evalWildcard sees them. */
function children(v: unknown): unknown[] {
  if (typeof v === 'string') return [...Buffer.from(v, 'utf8')];
  if (Array.isArray(v)) return v;
  if (typeof v === 'object' && v !== null) return Object.values(v);
  return [];
}

/** A parsed template over JSON data: client-go's JSONPath with the options the table convertor sets. */
export interface JsonPath {
  /** Each top-level node's results (FindResults); throws {@link JsonPathError} where client-go errors. */
  findResults(data: unknown): unknown[][];
  /** What PrintResults writes for these values: lists and maps as JSON, others as fmt.Print prints them. */
  printResults(values: readonly unknown[]): string;
}

/** Options of {@link createJsonPath}. */
export interface JsonPathOptions {
  /** A missing field or key is an empty result instead of an error `<name> is not found` (AllowMissingKeys). */
  readonly allowMissingKeys?: boolean;
}

/**
 * Parses `text` (a template: `{.spec.replicas}`) as client-go's jsonpath does. `range`/`end` blocks
 * parse but do not evaluate (a query with them throws); kube's printer columns, being `{<jsonPath>}`
 * with a path starting with `.`, do not reach them.
 */
export function createJsonPath(text: string, options: JsonPathOptions = {}): JsonPath {
  const root = parseJsonPath(text);
  const allowMissingKeys = options.allowMissingKeys ?? false;

  const walk = (input: unknown[], node: JsonPathNode): unknown[] => {
    switch (node.type) {
      case 'list':
        return node.nodes.reduce((cur, n) => walk(cur, n), input);
      case 'text':
        return [node.text];
      case 'int':
      case 'bool':
        return input.map(() => node.value);
      case 'float':
        return input.map(() => (Number.isInteger(node.value) ? new FloatLiteral(node.value) : node.value));
      case 'field': {
        if (input.length === 0) return [];
        const results: unknown[] = [];
        for (const v of input) {
          if (goKind(v) === 'map' && Object.hasOwn(v as object, node.name)) results.push((v as Record<string, unknown>)[node.name]);
        }
        if (results.length === 0 && !allowMissingKeys) throw new JsonPathError(`${node.name} is not found`);
        return results;
      }
      case 'array': {
        const results: unknown[] = [];
        for (const v of input) {
          if (v === null || v === undefined) continue;
          if (!Array.isArray(v)) throw new JsonPathError(`${goTypeName[goKind(v)]} is not array or slice`);
          const len = v.length;
          const [p0, p1, p2] = node.params;
          let start = p0.known ? p0.value : 0;
          if (start < 0) start += len;
          let end = p1.known ? p1.value : len;
          if (end < 0 || (end === 0 && p1.derived)) end += len;
          if (end === start) return results;
          if (start >= len || start < 0) throw new JsonPathError(`array index out of bounds: index ${start}, length ${len}`);
          if (end > len || end < 0) throw new JsonPathError(`array index out of bounds: index ${end - 1}, length ${len}`);
          if (start > end) throw new JsonPathError(`starting index ${start} is greater than ending index ${end}`);
          let step = 1;
          if (p2.known) {
            if (p2.value <= 0) throw new JsonPathError('step must be > 0');
            step = p2.value;
          }
          for (let i = start; i < end; i += step) results.push(v[i]);
        }
        return results;
      }
      case 'union':
        return node.nodes.flatMap((l) => walk(input, l));
      case 'wildcard':
        return input.filter((v) => v !== null && v !== undefined).flatMap(children);
      case 'recursive': {
        const descend = (values: unknown[]): unknown[] => {
          const out: unknown[] = [];
          for (const v of values) {
            if (v === null || v === undefined) continue;
            const kids = children(v);
            if (kids.length > 0) out.push(v, ...descend(kids));
          }
          return out;
        };
        return descend(input);
      }
      case 'filter': {
        const results: unknown[] = [];
        for (const v of input) {
          if (!Array.isArray(v)) throw new JsonPathError(`${v === null || v === undefined ? '<invalid reflect.Value>' : printValue(v)} is not array or slice and cannot be filtered`);
          for (const item of v) {
            let lefts: unknown[];
            try {
              lefts = walk([item], node.left);
            } catch (err) {
              if (node.operator === 'exists') continue;
              throw err;
            }
            if (node.operator === 'exists') {
              if (lefts.length > 0) results.push(item);
              continue;
            }
            if (lefts.length === 0) continue;
            if (lefts.length > 1) throw new JsonPathError('can only compare one element at a time');
            const rights = walk([item], node.right);
            if (rights.length === 0) continue;
            if (rights.length > 1) throw new JsonPathError('can only compare one element at a time');
            if (compare(node.operator, lefts[0], rights[0])) results.push(item);
          }
        }
        return results;
      }
      case 'identifier':
        if (node.name === 'range' || node.name === 'end') throw new JsonPathError(`${node.name} is not supported here`);
        throw new JsonPathError(`unrecognized identifier ${node.name}`);
    }
  };

  return {
    findResults: (data) => root.nodes.map((n) => walk([data], n)),
    printResults: (values) => values.map(printValue).join(' '),
  };
}

/** One value as PrintResults writes it. */
function printValue(v: unknown): string {
  if (v instanceof FloatLiteral) return goFormatFloat(v.value);
  switch (goKind(v)) {
    case 'invalid':
      return '<no value>';
    case 'map':
    case 'slice':
      return goMarshalJson(v);
    case 'int':
      return Number.isSafeInteger(v) ? String(v) : BigInt(v as number).toString();
    case 'float':
      return goFormatFloat(v as number);
    default:
      return String(v);
  }
}

/** fmt's %v of a float64: strconv 'g' with the shortest digits (1e+06, 1.5e-07, 3.14). */
function goFormatFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mant, e] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const exp = Number(e);
  const sign = x < 0 ? '-' : '';
  // %e when the exponent is < -4 or ≥ the precision, which is 6 for the shortest digits.
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const dp = exp + 1;
  if (dp <= 0) return `${sign}0.${'0'.repeat(-dp)}${digits}`;
  if (dp >= digits.length) return `${sign}${digits}${'0'.repeat(dp - digits.length)}`;
  return `${sign}${digits.slice(0, dp)}.${digits.slice(dp)}`;
}
