// Behaviour of sigs.k8s.io/structured-merge-diff/v4/value/value.go (v4.6.0)
/**
 * JSON as structured-merge-diff writes and reads it: Go's `value.ToJSON` / `value.ReadJSONIter`,
 * which run on json-iterator v1.1.12 configured "compatible with the standard library".
 *
 * Writing differs from `JSON.stringify` in the bytes: map keys sorted (Go byte order), `<`, `>`,
 * `&`, U+2028 and U+2029 escaped in strings, `\u00XX` for control characters other than `\n`,
 * `\r` and `\t`, and two-digit negative exponents (`1e-07`).
 *
 * Reading follows json-iterator's own parser rather than `JSON.parse`, because the two accept
 * different inputs: one value is read and whatever follows it is ignored, `null` is accepted as a
 * member name after a comma, raw control characters are accepted in a string after its first
 * escape, and the error texts are json-iterator's.
 */
import { compareStrings, quoteGo } from './compare.ts';
import type { Field } from './fields.ts';

// Control characters are exactly what JSON must escape.
// eslint-disable-next-line no-control-regex
const htmlUnsafe = /["\\<>&\u0000-\u001f\u2028\u2029\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex
const plainUnsafe = /["\\\u0000-\u001f]/;
const hexDigits = '0123456789abcdef';

/**
 * A JSON string literal as json-iterator writes it. With `escapeHTML` (how values are written)
 * `<`, `>`, `&`, U+2028 and U+2029 are escaped too; without it (how object keys are written via
 * `WriteObjectField`) only `"`, `\` and control characters are. A lone surrogate is written as
 * U+FFFD, the character Go's decoder makes of one.
 */
export function quoteJSONString(s: string, escapeHTML: boolean): string {
  if (!(escapeHTML ? htmlUnsafe : plainUnsafe).test(s)) return `"${s}"`;
  let out = '"';
  let start = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let esc: string | undefined;
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c) esc = c === 0x22 ? '\\"' : '\\\\';
      else if (c === 0x0a) esc = '\\n';
      else if (c === 0x0d) esc = '\\r';
      else if (c === 0x09) esc = '\\t';
      else if (c < 0x20 || (escapeHTML && (c === 0x3c || c === 0x3e || c === 0x26))) {
        esc = `\\u00${hexDigits[c >> 4]}${hexDigits[c & 0xf]}`;
      }
    } else if (escapeHTML) {
      if (c === 0x2028 || c === 0x2029) esc = c === 0x2028 ? '\\u2028' : '\\u2029';
      else if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) {
          i++;
          continue;
        }
        esc = '\ufffd';
      }
    }
    if (esc !== undefined) {
      out += s.slice(start, i) + esc;
      start = i + 1;
    }
  }
  return `${out}${s.slice(start)}"`;
}

/**
 * A number as json-iterator writes a float64: the shortest round-tripping decimal, exponent form
 * below 1e-6 and from 1e21 on, at least two exponent digits. Integers come out as Go writes an
 * int64. Negative zero is written `0` (Go's int64 zero). NaN and infinities throw, as in Go.
 */
export function formatJSONNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`unsupported value: ${Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf'}`);
  const s = String(n);
  const l = s.length;
  if (l > 3 && s.charCodeAt(l - 2) === 0x2d && s.charCodeAt(l - 3) === 0x65) return `${s.slice(0, l - 1)}0${s.slice(l - 1)}`;
  return s;
}

/** Go's `value.ToJSON`: the compact JSON of a value, as bytes-for-bytes Go would write it. */
export function valueToJSON(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return quoteJSONString(v, true);
    case 'number':
      return formatJSONNumber(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ',') + valueToJSON(v[i]);
        return `${out}]`;
      }
      const m = v as Record<string, unknown>;
      const keys = Object.keys(m).sort(compareStrings);
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        out += `${i === 0 ? '' : ','}${quoteJSONString(k, true)}:${valueToJSON(m[k])}`;
      }
      return `${out}}`;
    }
    default:
      throw new Error(`unsupported value: ${typeof v}`);
  }
}

const maxDepth = 10000;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isNumberChar(c: number): boolean {
  // + - . e E 0-9
  return isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x65 || c === 0x45;
}

function appendRune(r: number): string {
  return r >= 0xd800 && r <= 0xdfff ? '\ufffd' : String.fromCharCode(r);
}

function defineMember(obj: Record<string, unknown>, key: string, v: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
  else obj[key] = v;
}

/** A list or map being read: items are added to it until its closing bracket. */
interface Frame {
  readonly list: unknown[] | undefined;
  readonly map: Record<string, unknown> | undefined;
  field: string;
}

/**
 * json-iterator's `Iterator` over an in-memory buffer, reduced to what `ReadJSONIter` and
 * `ReadObjectCB` use. Reaching the end of the buffer is json-iterator's soft `io.EOF` state; any
 * other error is thrown at once (json-iterator records the first error and keeps it).
 */
class JSONIterator {
  head = 0;
  private eof = false;
  private depth = 0;
  private readonly tail: number;

  constructor(private readonly buf: string) {
    this.tail = buf.length;
  }

  fail(op: string, msg: string): never {
    const { head, tail, buf } = this;
    const peekStart = head - 10 < 0 ? 0 : head - 10;
    const peekEnd = head + 10 > tail ? tail : head + 10;
    const ctxStart = head - 50 < 0 ? 0 : head - 50;
    const ctxEnd = head + 50 > tail ? tail : head + 50;
    throw new Error(
      `${op}: ${msg}, error found in #${head - peekStart} byte of ...|${buf.slice(peekStart, peekEnd)}|..., bigger context ...|${buf.slice(ctxStart, ctxEnd)}|...`,
    );
  }

  private loadMore(): void {
    if (!this.eof) {
      this.head = this.tail;
      this.eof = true;
    }
  }

  nextToken(): number {
    for (let i = this.head; i < this.tail; i++) {
      const c = this.buf.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) continue;
      this.head = i + 1;
      return c;
    }
    this.loadMore();
    return 0;
  }

  private readByte(): number {
    if (this.head === this.tail) {
      this.loadMore();
      return 0;
    }
    return this.buf.charCodeAt(this.head++);
  }

  private unreadByte(): void {
    if (!this.eof) this.head--;
  }

  /** json-iterator `skipThreeBytes` / `skipFourBytes`: the next bytes must be `expect`. */
  private skipBytes(op: string, expect: string): void {
    for (let i = 0; i < expect.length; i++) {
      if (this.readByte() !== expect.charCodeAt(i)) this.fail(op, `expect ${expect}`);
    }
  }

  private incrementDepth(): void {
    if (++this.depth > maxDepth) this.fail('incrementDepth', 'exceeded max depth');
  }

  /**
   * json-iterator `Read`: one value of any kind. Lists and maps (`ReadArrayCB` / `ReadMapCB`
   * calling `Read` per item) are walked with an explicit stack, so nesting is bounded by
   * json-iterator's depth limit rather than the call stack.
   */
  read(): unknown {
    const stack: Frame[] = [];
    for (;;) {
      let v: unknown;
      let complete = true;
      const c = this.nextToken();
      this.unreadByte();
      switch (c) {
        case 0x22:
          v = this.readString();
          break;
        case 0x6e:
          this.skipBytes('skipFourBytes', 'null');
          v = null;
          break;
        case 0x74:
        case 0x66:
          v = this.readBool();
          break;
        case 0x5b: {
          this.nextToken();
          this.incrementDepth();
          const arr: unknown[] = [];
          if (this.nextToken() !== 0x5d) {
            this.unreadByte();
            stack.push({ list: arr, map: undefined, field: '' });
            complete = false;
          } else {
            this.depth--;
          }
          v = arr;
          break;
        }
        case 0x7b: {
          this.nextToken();
          this.incrementDepth();
          const obj: Record<string, unknown> = {};
          const t = this.nextToken();
          if (t === 0x22) {
            this.unreadByte();
            const field = this.readString();
            // json-iterator names the stale token in this message.
            if (this.nextToken() !== 0x3a) this.fail('ReadMapCB', 'expect : after object field, but found "');
            stack.push({ list: undefined, map: obj, field });
            complete = false;
          } else if (t === 0x7d) {
            this.depth--;
          } else {
            this.fail('ReadMapCB', `expect " after {, but found ${String.fromCharCode(t)}`);
          }
          v = obj;
          break;
        }
        default:
          if (c === 0x2d || isDigit(c)) v = this.readFloat64();
          else this.fail('Read', 'unexpected value type: 0');
      }
      if (!complete) continue;
      // Hand the value to the enclosing containers, closing those that end here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return v;
        if (top.list !== undefined) top.list.push(v);
        else defineMember(top.map!, top.field, v);
        const t = this.nextToken();
        if (t === 0x2c) {
          if (top.map !== undefined) {
            top.field = this.readString();
            if (this.nextToken() !== 0x3a) this.fail('ReadMapCB', 'expect : after object field, but found ,');
          }
          break;
        }
        if (top.list !== undefined) {
          if (t !== 0x5d) this.fail('ReadArrayCB', `expect ] in the end, but found ${String.fromCharCode(t)}`);
          v = top.list;
        } else {
          if (t !== 0x7d) this.fail('ReadMapCB', 'object not ended with }');
          v = top.map;
        }
        this.depth--;
        stack.pop();
      }
    }
  }

  private readBool(): boolean {
    const c = this.nextToken();
    if (c === 0x74) {
      this.skipBytes('skipThreeBytes', 'rue');
      return true;
    }
    if (c === 0x66) {
      this.skipBytes('skipFourBytes', 'alse');
      return false;
    }
    return this.fail('ReadBool', `expect t or f, but found ${String.fromCharCode(c)}`);
  }

  readString(): string {
    const c = this.nextToken();
    if (c === 0x22) {
      for (let i = this.head; i < this.tail; i++) {
        const ch = this.buf.charCodeAt(i);
        if (ch === 0x22) {
          const s = this.buf.slice(this.head, i);
          this.head = i + 1;
          return s;
        }
        if (ch === 0x5c) break;
        if (ch < 0x20) this.fail('ReadString', `invalid control character found: ${ch}`);
      }
      return this.readStringSlowPath();
    }
    if (c === 0x6e) {
      this.skipBytes('skipThreeBytes', 'ull');
      return '';
    }
    return this.fail('ReadString', `expects " or n, but found ${String.fromCharCode(c)}`);
  }

  private readStringSlowPath(): string {
    let str = '';
    while (!this.eof) {
      const c = this.readByte();
      if (c === 0x22) return str;
      if (c === 0x5c) {
        const next = this.readEscapedChar(this.readByte(), str);
        if (next === undefined) break;
        str = next;
      } else str += String.fromCharCode(c);
    }
    return this.fail('readStringSlowPath', 'unexpected end of input');
  }

  private readU4(): number | undefined {
    let r = 0;
    for (let i = 0; i < 4; i++) {
      const c = this.readByte();
      if (this.eof) return undefined;
      if (isDigit(c)) r = r * 16 + (c - 0x30);
      else if (c >= 0x61 && c <= 0x66) r = r * 16 + (c - 0x61 + 10);
      else if (c >= 0x41 && c <= 0x46) r = r * 16 + (c - 0x41 + 10);
      else this.fail('readU4', `expects 0~9 or a~f, but found ${String.fromCharCode(c)}`);
    }
    return r;
  }

  private readEscapedChar(c: number, str: string): string | undefined {
    switch (c) {
      case 0x75: {
        const r = this.readU4();
        if (r === undefined) return undefined;
        if (r < 0xd800 || r > 0xdfff) return str + String.fromCharCode(r);
        let c2 = this.readByte();
        if (this.eof) return undefined;
        if (c2 !== 0x5c) {
          this.unreadByte();
          return `${str}\ufffd`;
        }
        c2 = this.readByte();
        if (this.eof) return undefined;
        if (c2 !== 0x75) return this.readEscapedChar(c2, `${str}\ufffd`);
        const r2 = this.readU4();
        if (r2 === undefined || this.eof) return undefined;
        if (r < 0xdc00 && r2 >= 0xdc00 && r2 <= 0xdfff) return str + String.fromCharCode(r, r2);
        return `${str}\ufffd${appendRune(r2)}`;
      }
      case 0x22:
        return `${str}"`;
      case 0x5c:
        return `${str}\\`;
      case 0x2f:
        return `${str}/`;
      case 0x62:
        return `${str}\b`;
      case 0x66:
        return `${str}\f`;
      case 0x6e:
        return `${str}\n`;
      case 0x72:
        return `${str}\r`;
      case 0x74:
        return `${str}\t`;
      default:
        return this.fail('readEscapedChar', 'invalid escape char after \\');
    }
  }

  private readFloat64(): number {
    const c = this.nextToken();
    if (c === 0x2d) return -this.readPositiveFloat64();
    this.unreadByte();
    return this.readPositiveFloat64();
  }

  private readPositiveFloat64(): number {
    // The checks of json-iterator's fast path on the first characters; the number itself is then
    // read the way its slow path reads it, which yields the same value whenever the fast path does.
    const i = this.head;
    if (i < this.tail) {
      const c = this.buf.charCodeAt(i);
      if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x20 || c === 0x09 || c === 0x0a) {
        this.fail('readFloat64', 'empty number');
      }
      if (c === 0x2e) this.fail('readFloat64', 'leading dot is invalid');
      if (c === 0x30 && i + 1 < this.tail && isDigit(this.buf.charCodeAt(i + 1))) {
        this.fail('readFloat64', 'leading zero is invalid');
      }
    }
    let end = this.head;
    while (end < this.tail && isNumberChar(this.buf.charCodeAt(end))) end++;
    const str = this.buf.slice(this.head, end);
    if (end === this.tail) this.loadMore();
    else this.head = end;
    if (str === '') this.fail('readNumberAsString', 'invalid number');
    const invalid = validateFloat(str);
    if (invalid !== undefined) this.fail('readFloat64SlowPath', invalid);
    const f = Number(str);
    if (Number.isNaN(f)) throw new Error(`strconv.ParseFloat: parsing ${quoteGo(str)}: invalid syntax`);
    if (!Number.isFinite(f)) throw new Error(`strconv.ParseFloat: parsing ${quoteGo(str)}: value out of range`);
    return f;
  }

  /** json-iterator `ReadObjectCB` with `ReadJSONIter` for each member: `null` reads as no fields. */
  readObjectFields(): Field[] {
    const fields: Field[] = [];
    let c = this.nextToken();
    if (c === 0x6e) {
      this.skipBytes('skipThreeBytes', 'ull');
      return fields;
    }
    if (c !== 0x7b) this.fail('ReadObjectCB', `expect { or n, but found ${String.fromCharCode(c)}`);
    this.incrementDepth();
    c = this.nextToken();
    if (c === 0x22) {
      this.unreadByte();
      c = 0x2c;
      while (c === 0x2c) {
        const name = this.readString();
        c = this.nextToken();
        if (c !== 0x3a) this.fail('ReadObject', `expect : after object field, but found ${String.fromCharCode(c)}`);
        fields.push({ name, value: this.read() });
        c = this.nextToken();
      }
      if (c !== 0x7d) this.fail('ReadObjectCB', 'object not ended with }');
    } else if (c !== 0x7d) {
      this.fail('ReadObjectCB', `expect " after {, but found ${String.fromCharCode(c)}`);
    }
    this.depth--;
    return fields;
  }
}

function validateFloat(str: string): string | undefined {
  if (str.charCodeAt(0) === 0x2d) return '-- is not valid';
  const dot = str.indexOf('.');
  if (dot !== -1) {
    if (dot === str.length - 1) return 'dot can not be last character';
    if (!isDigit(str.charCodeAt(dot + 1))) return 'missing digit after dot';
  }
  return undefined;
}

/**
 * Go's `value.FromJSON` / `ReadJSONIter`: reads the first JSON value of `s` (whatever follows it
 * is ignored) with json-iterator's rules. Numbers come back as numbers (Go reads them as float64).
 * Throws an Error with json-iterator's message.
 */
export function valueFromJSON(s: string): unknown {
  return new JSONIterator(s).read();
}

/**
 * The members of the JSON object at the start of `s`, in document order and with repeated names
 * kept (json-iterator's `ReadObjectCB`, each member read with `ReadJSONIter`); `null` gives no
 * members. What follows the object is ignored. Throws an Error with json-iterator's message.
 */
export function readJSONObjectFields(s: string): Field[] {
  return new JSONIterator(s).readObjectFields();
}
