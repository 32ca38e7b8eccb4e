// Behaviour of Go's strconv (ParseInt/ParseUint with base 0, FormatFloat 'g' -1) and fmt's %#v, as
// go-yaml v2 and sigs.k8s.io/yaml use them to type YAML scalars and to word their messages.
import { goQuote } from './go-quote.ts';

const maxUint64 = (1n << 64n) - 1n;
const minInt64 = -(1n << 63n);
const maxInt64 = (1n << 63n) - 1n;

/** A Go uint64 that does not fit an int (go-yaml's resolver returns these above MaxInt64). */
export class GoUint {
  constructor(readonly value: bigint) {}
}

/**
 * strconv.ParseUint(s, 0, 64) with the underscores already removed: `0x`/`0o`/`0b` prefixes, a
 * leading `0` for octal. Undefined when Go reports a syntax or range error.
 */
export function goParseUint(s: string): bigint | undefined {
  if (s === '') return undefined;
  let base = 10;
  let digits = s;
  if (s[0] === '0') {
    const p = s[1]?.toLowerCase();
    if (s.length >= 3 && p === 'b') [base, digits] = [2, s.slice(2)];
    else if (s.length >= 3 && p === 'o') [base, digits] = [8, s.slice(2)];
    else if (s.length >= 3 && p === 'x') [base, digits] = [16, s.slice(2)];
    else [base, digits] = [8, s.slice(1)];
  }
  let n = 0n;
  const b = BigInt(base);
  for (const c of digits) {
    const code = c.toLowerCase().charCodeAt(0);
    let d: number;
    if (code >= 48 && code <= 57) d = code - 48;
    else if (code >= 97 && code <= 122) d = code - 97 + 10;
    else return undefined;
    if (d >= base) return undefined;
    n = n * b + BigInt(d);
    if (n > maxUint64) return undefined;
  }
  return n;
}

/** strconv.ParseInt(s, 0, 64): an optional sign, then ParseUint's syntax, within int64. */
export function goParseInt(s: string): bigint | undefined {
  let neg = false;
  let rest = s;
  if (s[0] === '+') rest = s.slice(1);
  else if (s[0] === '-') [neg, rest] = [true, s.slice(1)];
  const u = goParseUint(rest);
  if (u === undefined) return undefined;
  const v = neg ? -u : u;
  return v < minInt64 || v > maxInt64 ? undefined : v;
}

/** strconv.ParseInt(s, 2, 64) for go-yaml's `-0b` branch (no prefix handling, base 2). */
export function goParseIntBase2(s: string): bigint | undefined {
  const neg = s[0] === '-';
  const body = s[0] === '-' || s[0] === '+' ? s.slice(1) : s;
  if (!/^[01]+$/.test(body)) return undefined;
  const v = (neg ? -1n : 1n) * BigInt(`0b${body}`);
  return v < minInt64 || v > maxInt64 ? undefined : v;
}

/** The shortest decimal digits of |x| and the decimal point position: x = 0.d1d2… × 10^dp. */
function shortestDigits(ax: number, bits: 32 | 64): { digits: string; dp: number } {
  let exp: string;
  if (bits === 64) {
    exp = ax.toExponential();
  } else {
    const f = Math.fround(ax);
    exp = f.toExponential();
    for (let p = 1; p <= 9; p++) {
      const s = f.toPrecision(p);
      if (Math.fround(Number(s)) === f) {
        exp = Number(s).toExponential();
        break;
      }
    }
  }
  const [mant = '0', e = '0'] = exp.split('e');
  return { digits: mant.replace('.', ''), dp: Number(e) + 1 };
}

/** strconv.FormatFloat(x, 'g', -1, bits). */
export function goFormatFloat(x: number, bits: 32 | 64 = 64): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '+Inf';
  if (x === -Infinity) return '-Inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0`;
  const { digits, dp } = shortestDigits(Math.abs(x), bits);
  const exp = dp - 1;
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (dp <= 0) return `${sign}0.${'0'.repeat(-dp)}${digits}`;
  if (dp >= digits.length) return `${sign}${digits}${'0'.repeat(dp - digits.length)}`;
  return `${sign}${digits.slice(0, dp)}.${digits.slice(dp)}`;
}

/** A map decoded by go-yaml into map[interface{}]interface{}: Go-typed keys, by Go equality. */
export class GoMap {
  readonly entries = new Map<string, { key: unknown; value: unknown }>();
}

/** The identity of a Go interface{} map key: type and value, as Go's map compares them. */
export function goKeyId(key: unknown): string | undefined {
  if (typeof key === 'string') return `s${key}`;
  if (typeof key === 'bigint') return `i${key}`;
  if (key instanceof GoUint) return `u${key.value}`;
  if (typeof key === 'number') return Number.isNaN(key) ? undefined : `f${key === 0 ? 0 : key}`;
  if (typeof key === 'boolean') return `b${key}`;
  if (key === null) return 'n';
  return undefined;
}

function goTypeName(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'bigint') return 'int';
  if (v instanceof GoUint) return 'uint64';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (v instanceof GoMap) return 'map[interface {}]interface {}';
  return '%!s(<nil>)';
}

/** reflect.TypeOf(v).String() of a decoded value, as %s prints it. */
export function goTypeOf(v: unknown): string {
  return goTypeName(v);
}

/** fmt's %#v of a value go-yaml decoded into interface{}. */
export function goSyntax(v: unknown, nested = false): string {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof GoUint) return `0x${v.value.toString(16)}`;
  if (typeof v === 'number') return goFormatFloat(v, 64);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((e) => goSyntax(e, true)).join(', ')}}`;
  if (v instanceof GoMap) {
    const items = [...v.entries.values()]
      .map(({ key, value }) => ({ k: goSyntax(key, true), t: goTypeName(key), v: goSyntax(value, true) }))
      .sort((a, b) => (a.t === b.t ? (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) : a.t < b.t ? -1 : 1));
    return `map[interface {}]interface {}{${items.map((e) => `${e.k}:${e.v}`).join(', ')}}`;
  }
  return nested ? 'interface {}(nil)' : '<nil>';
}

/**
 * Decodes UTF-8 as Go does when it turns bytes into a string for JSON: each byte of an invalid
 * sequence becomes one U+FFFD.
 */
export function goDecodeUtf8(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b0 = bytes[i]!;
    let cp = -1;
    let w = 1;
    if (b0 < 0x80) cp = b0;
    else if (b0 >= 0xc2 && b0 <= 0xdf) [cp, w] = [b0 & 0x1f, 2];
    else if (b0 >= 0xe0 && b0 <= 0xef) [cp, w] = [b0 & 0x0f, 3];
    else if (b0 >= 0xf0 && b0 <= 0xf4) [cp, w] = [b0 & 0x07, 4];
    for (let k = 1; k < w && cp >= 0; k++) {
      const b = bytes[i + k];
      if (b === undefined || (b & 0xc0) !== 0x80) cp = -1;
      else cp = (cp << 6) | (b & 0x3f);
    }
    const min = w === 2 ? 0x80 : w === 3 ? 0x800 : w === 4 ? 0x10000 : 0;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) [cp, w] = [0xfffd, 1];
    out += String.fromCodePoint(cp);
    i += w;
  }
  return out;
}
