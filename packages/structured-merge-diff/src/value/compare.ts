// Behaviour of sigs.k8s.io/structured-merge-diff/v4/value/value.go (v4.6.0)
/**
 * Ordering, equality and printing of plain JSON values (what `JSON.parse` returns) with the rules
 * of Go's `value.Compare`, `value.Equals` and `value.ToString`.
 *
 * Go tells int64 from float64; JSON numbers here are one type and compare numerically, which is
 * also what Go does across the two kinds. Anything that is not a JSON value (`undefined`, a
 * function, a bigint) plays the part of Go's invalid value: greater than every JSON value and
 * equal to any other invalid value.
 */

const hasOwn = Object.prototype.hasOwnProperty;

/** The rank of a value's kind in Go's total order: numbers < strings < bools < lists < maps < null < invalid. */
function rank(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return 0;
    case 'string':
      return 1;
    case 'boolean':
      return 2;
    case 'object':
      return v === null ? 5 : Array.isArray(v) ? 3 : 4;
    default:
      return 6;
  }
}

/** Whether `v` is a JSON object (a map, in Go's words): not null, not an array. */
export function isValueMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Go's `strings.Compare`: orders strings by their UTF-8 bytes, i.e. by code point. JavaScript's
 * `<` orders by UTF-16 code unit, which disagrees for characters above U+FFFF against
 * U+E000..U+FFFF; this is the order Go sorts keys and field names in.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      if (ca >= 0xd800 && cb >= 0xd800) {
        // Surrogates (code points above U+FFFF) sort after U+E000..U+FFFF in code point order.
        const fa = ca >= 0xe000 ? ca - 0x800 : ca + 0x2000;
        const fb = cb >= 0xe000 ? cb - 0x800 : cb + 0x2000;
        return fa < fb ? -1 : 1;
      }
      return ca < cb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function compareLists(a: readonly unknown[], b: readonly unknown[]): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * Go's `MapCompareUsing`: walks the union of both key sets in lexical order, counting positions;
 * a map that runs out of keys first is the lesser, a key missing on one side makes that side the
 * greater, and otherwise the first differing value decides.
 */
function compareMaps(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  const la = aKeys.length;
  const lb = bKeys.length;
  if (la === 0 && lb === 0) return 0;
  const keys = aKeys;
  for (const k of bKeys) if (!hasOwn.call(a, k)) keys.push(k);
  keys.sort(compareStrings);
  let i = 0;
  for (const k of keys) {
    let c: number;
    if (i === la) c = -1;
    else if (i === lb) c = 1;
    else if (!hasOwn.call(a, k)) c = 1;
    else if (!hasOwn.call(b, k)) c = -1;
    else c = compareValues(a[k], b[k]);
    i++;
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Go's `value.Compare`: a total order over values of any kinds. Returns a negative number, zero or
 * a positive number (exactly -1, 0 or 1) as `a` sorts before, with or after `b`.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 1:
      return compareStrings(a as string, b as string);
    case 2:
      return a === b ? 0 : a === false ? -1 : 1;
    case 3:
      return compareLists(a as unknown[], b as unknown[]);
    case 4:
      return compareMaps(a as Record<string, unknown>, b as Record<string, unknown>);
    default:
      return 0;
  }
}

/** Go's `value.Less`: `compareValues(a, b) < 0`. */
export function lessValues(a: unknown, b: unknown): boolean {
  return compareValues(a, b) < 0;
}

/** Go's `value.Equals`: deep equality, numbers compared numerically. */
export function equalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ra = rank(a);
  if (ra !== rank(b)) return false;
  switch (ra) {
    case 3: {
      const la = a as unknown[];
      const lb = b as unknown[];
      if (la.length !== lb.length) return false;
      for (let i = 0; i < la.length; i++) if (!equalValues(la[i], lb[i])) return false;
      return true;
    }
    case 4: {
      const ma = a as Record<string, unknown>;
      const mb = b as Record<string, unknown>;
      const keys = Object.keys(ma);
      if (keys.length !== Object.keys(mb).length) return false;
      for (const k of keys) {
        if (!hasOwn.call(mb, k) || !equalValues(ma[k], mb[k])) return false;
      }
      return true;
    }
    case 5:
    case 6:
      return true;
    default:
      // Numbers, strings and booleans that are not `===` differ.
      return false;
  }
}

/**
 * Go's `fmt` `%v` of a float64: the shortest decimal that round-trips, in exponent form (at least
 * two exponent digits) when the exponent is below -4 or at least 6, e.g. `1.5`, `1e+06`, `1e-05`.
 */
export function formatGoFloat(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'NaN' : f > 0 ? '+Inf' : '-Inf';
  const e = f.toExponential();
  const at = e.indexOf('e');
  const exp = Number(e.slice(at + 1));
  if (exp < -4 || exp >= 6) {
    const digits = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${e.slice(0, at)}e${exp < 0 ? '-' : '+'}${digits}`;
  }
  return String(f);
}

const printable = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const hex = '0123456789abcdef';

function hexPad(n: number, width: number): string {
  let s = '';
  for (let i = width - 1; i >= 0; i--) s += hex[(n >> (4 * i)) & 0xf];
  return s;
}

/**
 * Go's `strconv.Quote` (`%q`): a double-quoted string with Go escapes; printable characters
 * (Unicode letters, marks, numbers, punctuation, symbols and the ASCII space) are kept as they are.
 * A lone surrogate stands for U+FFFD, which is what Go's JSON decoder makes of one.
 */
export function quoteGo(s: string): string {
  if (plainAscii.test(s)) return `"${s}"`;
  let out = '"';
  for (const ch of s) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp === 0x22) out += '\\"';
    else if (cp === 0x5c) out += '\\\\';
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x80) {
      switch (cp) {
        case 0x07:
          out += '\\a';
          break;
        case 0x08:
          out += '\\b';
          break;
        case 0x0c:
          out += '\\f';
          break;
        case 0x0a:
          out += '\\n';
          break;
        case 0x0d:
          out += '\\r';
          break;
        case 0x09:
          out += '\\t';
          break;
        case 0x0b:
          out += '\\v';
          break;
        default:
          out += `\\x${hexPad(cp, 2)}`;
      }
    } else if (cp === 0xfffd || printable.test(String.fromCodePoint(cp))) out += String.fromCodePoint(cp);
    else if (cp < 0x10000) out += `\\u${hexPad(cp, 4)}`;
    else out += `\\U${hexPad(cp, 8)}`;
  }
  return `${out}"`;
}

/**
 * Go's `value.ToString`: `null`, numbers as Go prints them (integers as int64, others as float64),
 * strings quoted with `%q`, lists as `[a,b]`, maps as `k=v` pairs run together. Go walks a map in
 * random order; here its keys are sorted.
 */
export function valueToString(v: unknown): string {
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? (v === 0 ? '0' : String(v)) : formatGoFloat(v);
    case 'string':
      return quoteGo(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map(valueToString).join(',')}]`;
      const m = v as Record<string, unknown>;
      let out = '';
      for (const k of Object.keys(m).sort(compareStrings)) out += `${k}=${valueToString(m[k])}`;
      return out;
    }
    default:
      return '{{undefined}}';
  }
}
