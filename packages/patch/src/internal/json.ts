// The value model the patch engines work on, and the bits of Go behaviour the ported algorithms
// observe: the dynamic type of a decoded JSON value (k8s.io/apimachinery/pkg/util/json decodes
// integers as int64 and other numbers as float64), `==` on interface values, reflect.DeepEqual,
// and `%v` formatting, which upstream uses both in messages and to order list items.

/** A JSON value as the engines hold it: objects are Maps (insertion-ordered, no prototype keys). */
export type JValue = null | boolean | number | string | JValue[] | JMap;
export type JMap = Map<string, JValue>;

export const isMap = (v: JValue | undefined): v is JMap => v instanceof Map;
export const isList = (v: JValue | undefined): v is JValue[] => Array.isArray(v);

/**
 * Copies a plain JSON value into the engine's model. Inputs are never shared with the copy, so the
 * engines may mutate it freely (upstream mutates its arguments). `undefined` members are dropped
 * and `undefined` list items become null, as JSON.stringify does.
 */
export function fromPlain(v: unknown): JValue {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : null;
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) {
        const out = new Array<JValue>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = fromPlain(v[i]);
        return out;
      }
      const m: JMap = new Map();
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const x = o[k];
        if (x !== undefined && typeof x !== 'function' && typeof x !== 'symbol') m.set(k, fromPlain(x));
      }
      return m;
    }
    default:
      return null;
  }
}

/** Copies the engine's model back into plain JSON values (fresh objects throughout). */
export function toPlain(v: JValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = toPlain(v[i]!);
    return out;
  }
  const o: Record<string, unknown> = {};
  for (const [k, x] of v) {
    // A "__proto__" member is data, not the prototype.
    if (k === '__proto__') Object.defineProperty(o, k, { value: toPlain(x), writable: true, enumerable: true, configurable: true });
    else o[k] = toPlain(x);
  }
  return o;
}

/** A deep copy inside the model. */
export function clone(v: JValue): JValue {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(clone);
  const m: JMap = new Map();
  for (const [k, x] of v) m.set(k, clone(x));
  return m;
}

/** reflect.DeepEqual on decoded JSON (int64 1 and float64 1 differ in Go; both are 1 here). */
export function deepEqual(a: JValue | undefined, b: JValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || a.size !== b.size) return false;
  for (const [k, x] of a) {
    if (!b.has(k) || !deepEqual(x, b.get(k))) return false;
  }
  return true;
}

/** Whether util/json would decode this number as an int64 (an integer within int64's range). */
const isInt64 = (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 63;

/** The Go dynamic type of a decoded value; numbers that are integers decode as int64. */
export type GoType = 'map' | 'slice' | 'string' | 'int64' | 'float64' | 'bool' | 'nil';

export function goType(v: JValue | undefined): GoType {
  if (v === null || v === undefined) return 'nil';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return isInt64(v) ? 'int64' : 'float64';
    default:
      return Array.isArray(v) ? 'slice' : 'map';
  }
}

/** reflect.Type.String() of a decoded value, as `%s` prints it (a nil type prints `%!s(<nil>)`). */
export function goTypeName(v: JValue | undefined): string {
  const t = goType(v);
  return t === 'map' ? 'map[string]interface {}' : t === 'slice' ? '[]interface {}' : t === 'nil' ? '%!s(<nil>)' : t;
}

/**
 * Go's `==` on two interface values holding decoded JSON. Maps and slices are not comparable in Go
 * (comparing them panics); here they are equal only when they are the same value.
 */
export function goEqual(a: JValue | undefined, b: JValue | undefined): boolean {
  return a === b;
}

/** Go string ordering: by UTF-8 bytes, i.e. by code point (JS compares UTF-16 code units). */
export function goStringLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates stand for code points above U+FFFF: they sort after U+E000..U+FFFF.
    if (x >= 0xd800 && x <= 0xdfff) x += 0x10000;
    if (y >= 0xd800 && y <= 0xdfff) y += 0x10000;
    return x < y;
  }
  return a.length < b.length;
}

/** strconv.FormatFloat(x, 'g', -1, 64): the shortest representation, exponent from 1e-5 and 1e6 on. */
export function goFormatFloat(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf';
  const [mant = '', expText = '0'] = x.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const exp = Number(expText);
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const int = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return frac === '' ? `${sign}${int}` : `${sign}${int}.${frac}`;
}

/** Go's `%v` of a decoded JSON value: `map[a:1 b:[x y]]`, `<nil>`, int64 in decimal, float64 as %g. */
export function goFormat(v: JValue | undefined): string {
  if (v === null || v === undefined) return '<nil>';
  switch (typeof v) {
    case 'string':
      return v;
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return isInt64(v) ? String(v) : goFormatFloat(v);
    default:
      if (Array.isArray(v)) return `[${v.map(goFormat).join(' ')}]`;
      return `map[${[...v.keys()]
        .sort((a, b) => (goStringLess(a, b) ? -1 : goStringLess(b, a) ? 1 : 0))
        .map((k) => `${k}:${goFormat(v.get(k))}`)
        .join(' ')}]`;
  }
}

/** Go's `%s` of a decoded JSON value: strings as they are, other scalars as `%!s(int64=1)`. */
export function goFormatS(v: JValue | undefined): string {
  if (v === null || v === undefined) return '%!s(<nil>)';
  switch (typeof v) {
    case 'string':
      return v;
    case 'boolean':
    case 'number':
      return `%!s(${goType(v)}=${goFormat(v)})`;
    default:
      if (Array.isArray(v)) return `[${v.map(goFormatS).join(' ')}]`;
      return `map[${[...v.keys()]
        .sort((a, b) => (goStringLess(a, b) ? -1 : goStringLess(b, a) ? 1 : 0))
        .map((k) => `${k}:${goFormatS(v.get(k))}`)
        .join(' ')}]`;
  }
}
