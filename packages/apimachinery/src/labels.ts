// Behaviour of k8s.io/apimachinery/pkg/labels/selector.go (v1.33): label selectors.
import { newBadRequest } from './errors.ts';
import { FieldPath, aggregateFieldErrors, fieldErrorString, fieldErrors, type FieldError } from './field-errors.ts';
import { isQualifiedName, isValidLabelValue } from './validation.ts';

/** The operators of a requirement, spelled as kube's `selection.Operator` values. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

const binaryOperators: readonly LabelOperator[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const validOperators: readonly LabelOperator[] = [...binaryOperators, 'exists', '!'];

/**
 * One requirement of a label selector, e.g. `app in (web,api)`. Parsed requirements have passed
 * {@link validateLabelRequirement}; `in`/`notin` values are sorted and distinct.
 */
export interface LabelRequirement {
  readonly key: string;
  readonly operator: LabelOperator;
  readonly values: readonly string[];
}

/** A parsed label selector: the AND of its requirements. The empty selector matches everything. */
export interface LabelSelector {
  /** Sorted by key; requirements with equal keys keep the order upstream's sort leaves them in. */
  readonly requirements: readonly LabelRequirement[];
  /** True when every requirement holds. `!=` and `notin` hold for objects without the label. */
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  isEmpty(): boolean;
  /** The canonical form: `a in (x,y),b!=c,!d,e>5`. */
  toString(): string;
}

// ---------------------------------------------------------------------------------------------
// Requirements: validation, matching, printing.

const maxInt64 = (1n << 63n) - 1n;
const minInt64 = -(1n << 63n);

/** strconv.ParseInt(s, 10, 64): an optional sign and decimal digits, within int64. */
function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < minInt64 || n > maxInt64 ? undefined : n;
}

function validateLabelKey(key: string, path: FieldPath | string): FieldError | undefined {
  const errs = isQualifiedName(key);
  return errs.length === 0 ? undefined : fieldErrors.invalid(path, key, errs.join('; '));
}

function validateLabelValue(key: string, value: string, path: FieldPath): FieldError | undefined {
  const errs = isValidLabelValue(value);
  return errs.length === 0 ? undefined : fieldErrors.invalid(path.key(key), value, errs.join('; '));
}

/**
 * The rules upstream's `NewRequirement` enforces, as field errors under `path` (`key`, `values[0]`,
 * `values[0][<key>]`, `operator` when no path is given): the key is a qualified name; `in`/`notin`
 * need values; `=`, `==`, `!=` exactly one; `exists`/`!` none; `gt`/`lt` exactly one int64; every
 * value is a valid label value (the empty string included). Empty when the requirement is valid.
 */
export function validateLabelRequirement(key: string, operator: string, values: readonly string[], path?: FieldPath): FieldError[] {
  const at = (name: string) => (path === undefined ? FieldPath.of(name) : path.child(name));
  const errs: FieldError[] = [];
  const keyErr = validateLabelKey(key, at('key'));
  if (keyErr) errs.push(keyErr);
  const valuePath = at('values');
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(fieldErrors.invalid(valuePath, [...values], "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(fieldErrors.invalid(valuePath, [...values], 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(fieldErrors.invalid(valuePath, [...values], 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(fieldErrors.invalid(valuePath, [...values], "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(fieldErrors.invalid(valuePath.index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(fieldErrors.notSupported(at('operator'), operator, validOperators));
  }
  values.forEach((v, i) => {
    const err = validateLabelValue(key, v, valuePath.index(i));
    if (err) errs.push(err);
  });
  return errs;
}

function matchRequirement(r: LabelRequirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.hasOwn(labels, r.key);
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(labels[r.key]!);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(labels[r.key]!);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      // Both sides are read as int64; a label that is not one never matches.
      const actual = has ? parseInt64(labels[r.key]!) : undefined;
      const bound = r.values.length === 1 ? parseInt64(r.values[0]!) : undefined;
      if (actual === undefined || bound === undefined) return false;
      return r.operator === 'gt' ? actual > bound : actual < bound;
    }
  }
}

const operatorText: Record<LabelOperator, string> = {
  '=': '=',
  '==': '==',
  '!=': '!=',
  in: ' in ',
  notin: ' notin ',
  gt: '>',
  lt: '<',
  exists: '',
  '!': '',
};

function requirementString(r: LabelRequirement): string {
  if (r.operator === 'exists') return r.key;
  if (r.operator === '!') return `!${r.key}`;
  // Several values print sorted, without touching the requirement.
  const values = r.values.length === 1 ? r.values[0]! : [...r.values].sort().join(',');
  const body = `${r.key}${operatorText[r.operator]}`;
  return r.operator === 'in' || r.operator === 'notin' ? `${body}(${values})` : `${body}${values}`;
}

function selectorOf(requirements: readonly LabelRequirement[]): LabelSelector {
  return {
    requirements,
    matches: (labels) => requirements.every((r) => matchRequirement(r, labels ?? {})),
    isEmpty: () => requirements.length === 0,
    toString: () => requirements.map(requirementString).join(','),
  };
}

/** The selector that matches every object. */
export const everythingLabels: LabelSelector = selectorOf([]);

// ---------------------------------------------------------------------------------------------
// The lexer.

/** The tokens of the selector syntax; `identifier` is any key or value. */
export type LabelToken =
  | 'error'
  | 'endOfString'
  | 'closedPar'
  | 'comma'
  | 'doesNotExist'
  | 'doubleEquals'
  | 'equals'
  | 'greaterThan'
  | 'identifier'
  | 'in'
  | 'lessThan'
  | 'notEquals'
  | 'notIn'
  | 'openPar';

/** One token and the text it was read from (empty at the end of the string). */
export interface LabelScannedItem {
  readonly token: LabelToken;
  readonly literal: string;
}

const literalTokens: ReadonlyMap<string, LabelToken> = new Map<string, LabelToken>([
  [')', 'closedPar'],
  [',', 'comma'],
  ['!', 'doesNotExist'],
  ['==', 'doubleEquals'],
  ['=', 'equals'],
  ['>', 'greaterThan'],
  ['in', 'in'],
  ['<', 'lessThan'],
  ['!=', 'notEquals'],
  ['notin', 'notIn'],
  ['(', 'openPar'],
]);

// Only these four separate tokens; a vertical tab or a no-break space is part of an identifier.
const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const specialSymbols = new Set(['=', '!', '(', ')', ',', '>', '<']);

// Reads as upstream's byte lexer does: a NUL reads as the end of the string, wherever it stands.
class Lexer {
  private pos = 0;
  constructor(private readonly s: string) {}

  private read(): string {
    return this.pos < this.s.length ? this.s[this.pos++]! : '\0';
  }

  private unread(): void {
    this.pos--;
  }

  lex(): LabelScannedItem {
    let ch = this.read();
    while (isWhitespace(ch)) ch = this.read();
    if (ch === '\0') return { token: 'endOfString', literal: '' };
    this.unread();
    return specialSymbols.has(ch) ? this.scanSpecialSymbol() : this.scanIdOrKeyword();
  }

  private scanIdOrKeyword(): LabelScannedItem {
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === '\0') break;
      if (specialSymbols.has(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
    }
    return { token: literalTokens.get(buffer) ?? 'identifier', literal: buffer };
  }

  // The longest run of symbols that is still a token: `!=` over `!`, but `=` then `!` for `=!`.
  private scanSpecialSymbol(): LabelScannedItem {
    let last: LabelScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === '\0') break;
      if (!specialSymbols.has(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
      const token = literalTokens.get(buffer);
      if (token !== undefined) {
        last = { token, literal: buffer };
      } else if (last !== undefined) {
        this.unread();
        break;
      }
    }
    return last ?? { token: 'error', literal: `error expected: keyword found '${buffer}'` };
  }
}

/** The tokens of a selector, up to and including `endOfString` (upstream's `Parser.scan`). */
export function lexLabelSelector(selector: string): LabelScannedItem[] {
  const lexer = new Lexer(selector);
  const items: LabelScannedItem[] = [];
  for (;;) {
    const item = lexer.lex();
    items.push(item);
    if (item.token === 'endOfString') return items;
  }
}

// ---------------------------------------------------------------------------------------------
// The parser: recursive descent over the scanned tokens with one token of lookahead.

/** A syntax or validation failure; its message is upstream's error text. */
class SelectorParseError extends Error {}

function fail(message: string): never {
  throw new SelectorParseError(message);
}

// Where `in` and `notin` are operators; everywhere else they are identifiers (`in in (in)`).
type ParserContext = 'keyAndOperator' | 'values';

const operatorTokens: ReadonlyMap<LabelToken, LabelOperator> = new Map<LabelToken, LabelOperator>([
  ['in', 'in'],
  ['equals', '='],
  ['doubleEquals', '=='],
  ['greaterThan', 'gt'],
  ['lessThan', 'lt'],
  ['notIn', 'notin'],
  ['notEquals', '!='],
]);

class Parser {
  private position = 0;
  constructor(private readonly items: readonly LabelScannedItem[]) {}

  private at(index: number, context: ParserContext): LabelScannedItem {
    const item = this.items[Math.min(index, this.items.length - 1)]!;
    return context === 'values' && (item.token === 'in' || item.token === 'notIn') ? { token: 'identifier', literal: item.literal } : item;
  }

  private lookahead(context: ParserContext): LabelScannedItem {
    return this.at(this.position, context);
  }

  private consume(context: ParserContext): LabelScannedItem {
    return this.at(this.position++, context);
  }

  parse(): LabelRequirement[] {
    const requirements: LabelRequirement[] = [];
    for (;;) {
      const { token, literal } = this.lookahead('values');
      if (token === 'endOfString') return requirements;
      if (token !== 'identifier' && token !== 'doesNotExist') fail(`found '${literal}', expected: !, identifier, or 'end of string'`);
      try {
        requirements.push(this.parseRequirement());
      } catch (err) {
        if (err instanceof SelectorParseError) fail(`unable to parse requirement: ${err.message}`);
        throw err;
      }
      const next = this.consume('values');
      if (next.token === 'endOfString') return requirements;
      if (next.token !== 'comma') fail(`found '${next.literal}', expected: ',' or 'end of string'`);
      const after = this.lookahead('values');
      if (after.token !== 'identifier' && after.token !== 'doesNotExist') fail(`found '${after.literal}', expected: identifier after ','`);
    }
  }

  private parseRequirement(): LabelRequirement {
    const [key, inferred] = this.parseKeyAndInferOperator();
    if (inferred === 'exists' || inferred === '!') return newRequirement(key, inferred, []);
    const operator = this.parseOperator();
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, operator, [...new Set(values)].sort(byteOrder));
  }

  // `!key` is DoesNotExist whatever follows (the caller then rejects `!x=a` at the `=`); a bare
  // key before `,` or the end is Exists; otherwise an operator must follow.
  private parseKeyAndInferOperator(): [string, LabelOperator | undefined] {
    let operator: LabelOperator | undefined;
    let item = this.consume('values');
    if (item.token === 'doesNotExist') {
      operator = '!';
      item = this.consume('values');
    }
    if (item.token !== 'identifier') fail(`found '${item.literal}', expected: identifier`);
    // Upstream validates against a nil field path here, which prints as `<nil>`.
    const keyErr = validateLabelKey(item.literal, '<nil>');
    if (keyErr) fail(fieldErrorString(keyErr));
    const next = this.lookahead('values').token;
    if ((next === 'endOfString' || next === 'comma') && operator !== '!') operator = 'exists';
    return [item.literal, operator];
  }

  private parseOperator(): LabelOperator {
    const { token, literal } = this.consume('keyAndOperator');
    const operator = operatorTokens.get(token);
    if (operator === undefined) fail(`found '${literal}', expected: ${binaryOperators.join(', ')}`);
    return operator;
  }

  // `(a,b)`; `()` is the one empty value.
  private parseValues(): string[] {
    const open = this.consume('values');
    if (open.token !== 'openPar') fail(`found '${open.literal}' expected: '('`);
    const { token, literal } = this.lookahead('values');
    if (token === 'closedPar') {
      this.consume('values');
      return [''];
    }
    if (token !== 'identifier' && token !== 'comma') fail(`found '${literal}', expected: ',', ')' or identifier`);
    const values = this.parseIdentifiersList();
    if (this.consume('values').token !== 'closedPar') fail(`found '${literal}', expected: ')'`);
    return values;
  }

  // A comma-separated list whose items may be empty: `(,a)` and `(a,)` hold '' and 'a', and
  // `,,` stands for an empty item; but a `,,` just before `)` is consumed whole and the `)`
  // that follows is then rejected, so `(a,,)` is an error upstream.
  private parseIdentifiersList(): string[] {
    const values: string[] = [];
    for (;;) {
      const { token, literal } = this.consume('values');
      if (token === 'identifier') {
        values.push(literal);
        const next = this.lookahead('values');
        if (next.token === 'closedPar') return values;
        if (next.token !== 'comma') fail(`found '${next.literal}', expected: ',' or ')'`);
      } else if (token === 'comma') {
        if (values.length === 0) values.push('');
        const next = this.lookahead('values').token;
        if (next === 'closedPar') {
          values.push('');
          return values;
        }
        if (next === 'comma') {
          this.consume('values');
          values.push('');
        }
      } else {
        fail(`found '${literal}', expected: ',', or identifier`);
      }
    }
  }

  // The value of `=`, `==`, `!=`, `>`, `<`: one identifier, or '' before `,` or the end.
  private parseExactValue(): string[] {
    const next = this.lookahead('values').token;
    if (next === 'endOfString' || next === 'comma') return [''];
    const { token, literal } = this.consume('values');
    if (token !== 'identifier') fail(`found '${literal}', expected: identifier`);
    return [literal];
  }
}

/** Go's string order: by UTF-8 bytes, which is code point order rather than UTF-16 order. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function newRequirement(key: string, operator: LabelOperator, values: string[]): LabelRequirement {
  const errs = validateLabelRequirement(key, operator, values);
  if (errs.length > 0) fail(aggregateFieldErrors(errs));
  return { key, operator, values };
}

/**
 * Parses the `labelSelector` query syntax. A malformed selector throws a 400 BadRequest
 * StatusError whose message is the one kube-apiserver returns for it (the list handler wraps
 * `labels.Parse`'s error text unchanged).
 */
export function parseLabelSelector(selector: string): LabelSelector {
  let requirements: LabelRequirement[];
  try {
    requirements = new Parser(lexLabelSelector(selector)).parse();
  } catch (err) {
    if (err instanceof SelectorParseError) throw newBadRequest(err.message);
    throw err;
  }
  if (requirements.length === 0) return everythingLabels;
  goSort(requirements, (a, b) => a.key < b.key);
  return selectorOf(requirements);
}

// ---------------------------------------------------------------------------------------------
// Go's sort.Sort (pattern-defeating quicksort, as in Go 1.24). It is not stable: with more than
// twelve requirements, equal keys end in an order that only this algorithm reproduces.

function goSort<T>(data: T[], less: (a: T, b: T) => boolean): void {
  const lt = (i: number, j: number) => less(data[i]!, data[j]!);
  const swap = (i: number, j: number) => {
    [data[i], data[j]] = [data[j]!, data[i]!];
  };
  const bitsLen = (n: number) => 32 - Math.clz32(n);
  const half = (n: number) => Math.trunc(n / 2);

  const insertionSort = (a: number, b: number) => {
    for (let i = a + 1; i < b; i++) for (let j = i; j > a && lt(j, j - 1); j--) swap(j, j - 1);
  };
  const siftDown = (lo: number, hi: number, first: number) => {
    let root = lo;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && lt(first + child, first + child + 1)) child++;
      if (!lt(first + root, first + child)) return;
      swap(first + root, first + child);
      root = child;
    }
  };
  const heapSort = (a: number, b: number) => {
    const hi = b - a;
    for (let i = half(hi - 1); i >= 0; i--) siftDown(i, hi, a);
    for (let i = hi - 1; i >= 0; i--) {
      swap(a, a + i);
      siftDown(0, i, a);
    }
  };
  const partition = (a: number, b: number, pivot: number): [number, boolean] => {
    swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    while (i <= j && lt(i, a)) i++;
    while (i <= j && !lt(j, a)) j--;
    if (i > j) {
      swap(j, a);
      return [j, true];
    }
    swap(i++, j--);
    for (;;) {
      while (i <= j && lt(i, a)) i++;
      while (i <= j && !lt(j, a)) j--;
      if (i > j) break;
      swap(i++, j--);
    }
    swap(j, a);
    return [j, false];
  };
  const partitionEqual = (a: number, b: number, pivot: number): number => {
    swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    for (;;) {
      while (i <= j && !lt(a, i)) i++;
      while (i <= j && lt(a, j)) j--;
      if (i > j) return i;
      swap(i++, j--);
    }
  };
  const partialInsertionSort = (a: number, b: number): boolean => {
    let i = a + 1;
    for (let step = 0; step < 5; step++) {
      while (i < b && !lt(i, i - 1)) i++;
      if (i === b) return true;
      if (b - a < 50) return false;
      swap(i, i - 1);
      if (i - a >= 2) for (let j = i - 1; j >= 1 && lt(j, j - 1); j--) swap(j, j - 1);
      if (b - i >= 2) for (let j = i + 1; j < b && lt(j, j - 1); j++) swap(j, j - 1);
    }
    return false;
  };
  const breakPatterns = (a: number, b: number) => {
    const length = b - a;
    if (length < 8) return;
    const u64 = (1n << 64n) - 1n;
    let random = BigInt(length);
    const mask = BigInt(2 ** bitsLen(length) - 1);
    const mid = a + Math.trunc(length / 4) * 2;
    for (let idx = mid - 1; idx <= mid + 1; idx++) {
      random ^= (random << 13n) & u64;
      random ^= random >> 7n;
      random ^= (random << 17n) & u64;
      let other = Number(random & mask);
      if (other >= length) other -= length;
      swap(idx, a + other);
    }
  };
  const median = (a: number, b: number, c: number, swaps: { n: number }): number => {
    if (lt(b, a)) [a, b, swaps.n] = [b, a, swaps.n + 1];
    if (lt(c, b)) [b, c, swaps.n] = [c, b, swaps.n + 1];
    if (lt(b, a)) [a, b, swaps.n] = [b, a, swaps.n + 1];
    return b;
  };
  const choosePivot = (a: number, b: number): [number, 'unknown' | 'increasing' | 'decreasing'] => {
    const l = b - a;
    const quarter = Math.trunc(l / 4);
    const swaps = { n: 0 };
    let [i, j, k] = [a + quarter, a + quarter * 2, a + quarter * 3];
    if (l >= 8) {
      if (l >= 50) [i, j, k] = [median(i - 1, i, i + 1, swaps), median(j - 1, j, j + 1, swaps), median(k - 1, k, k + 1, swaps)];
      j = median(i, j, k, swaps);
    }
    return [j, swaps.n === 0 ? 'increasing' : swaps.n === 12 ? 'decreasing' : 'unknown'];
  };
  const pdqsort = (a: number, b: number, limit: number): void => {
    let wasBalanced = true;
    let wasPartitioned = true;
    for (;;) {
      const length = b - a;
      if (length <= 12) return insertionSort(a, b);
      if (limit === 0) return heapSort(a, b);
      if (!wasBalanced) {
        breakPatterns(a, b);
        limit--;
      }
      let [pivot, hint] = choosePivot(a, b);
      if (hint === 'decreasing') {
        for (let i = a, j = b - 1; i < j; i++, j--) swap(i, j);
        pivot = b - 1 - (pivot - a);
        hint = 'increasing';
      }
      if (wasBalanced && wasPartitioned && hint === 'increasing' && partialInsertionSort(a, b)) return;
      if (a > 0 && !lt(a - 1, pivot)) {
        a = partitionEqual(a, b, pivot);
        continue;
      }
      const [mid, alreadyPartitioned] = partition(a, b, pivot);
      wasPartitioned = alreadyPartitioned;
      const threshold = Math.trunc(length / 8);
      if (mid - a < b - mid) {
        wasBalanced = mid - a >= threshold;
        pdqsort(a, mid, limit);
        a = mid + 1;
      } else {
        wasBalanced = b - mid >= threshold;
        pdqsort(mid + 1, b, limit);
        b = mid;
      }
    }
  };

  if (data.length > 1) pdqsort(0, data.length, bitsLen(data.length));
}
