// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/validate.go (v4.6.0)
/**
 * Go's error texts print values with fmt verbs. A value there is a `*valueUnstructured` wrapping
 * the decoded JSON (`map[string]interface{}`, `[]interface{}`, `int64` for integers, `float64`
 * otherwise, `string`, `bool`, nil), so `%v` prints `&{map[a:1]}` and `%#v` prints
 * `&value.valueUnstructured{Value:map[string]interface {}{"a":1}}`. These functions print our JSON
 * values the same way; integral numbers below 2^63 print as Go's int64, other numbers as float64.
 * Internal: not exported from the package.
 */
import type { TypeRef } from '../schema/elements.ts';
import { compareStrings, formatGoFloat, quoteGo } from '../value/compare.ts';

/** `%v` of the value wrapped as Go's `*valueUnstructured`: `&{...}`. */
export function goValueV(v: unknown): string {
  return `&{${goV(v)}}`;
}

/** `%#v` of the value wrapped as Go's `*valueUnstructured`. */
export function goValueSharpV(v: unknown): string {
  return `&value.valueUnstructured{Value:${goSharpV(v)}}`;
}

/** `%T` of the decoded JSON value. */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return isInt64(v) ? 'int64' : 'float64';
    case 'object':
      return 'map[string]interface {}';
    default:
      return typeof v;
  }
}

/** `%v` of the decoded JSON value (no wrapper). */
export function goV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) s += (i === 0 ? '' : ' ') + goV(v[i]);
    return s + ']';
  }
  switch (typeof v) {
    case 'string':
      return v;
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return goNumber(v);
    case 'object': {
      const o = v as Record<string, unknown>;
      let s = 'map[';
      let first = true;
      for (const k of sortedKeys(o)) {
        s += (first ? '' : ' ') + k + ':' + goV(o[k]);
        first = false;
      }
      return s + ']';
    }
    default:
      return String(v);
  }
}

/** `%#v` of the decoded JSON value held in an `interface{}` (no wrapper). */
export function goSharpV(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (Array.isArray(v)) {
    let s = '[]interface {}{';
    for (let i = 0; i < v.length; i++) s += (i === 0 ? '' : ', ') + goSharpV(v[i]);
    return s + '}';
  }
  switch (typeof v) {
    case 'string':
      return quoteGo(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return goNumber(v);
    case 'object': {
      const o = v as Record<string, unknown>;
      let s = 'map[string]interface {}{';
      let first = true;
      for (const k of sortedKeys(o)) {
        s += (first ? '' : ', ') + quoteGo(k) + ':' + goSharpV(o[k]);
        first = false;
      }
      return s + '}';
    }
    default:
      return String(v);
  }
}

/** A number as Go prints the int64 or float64 it decodes to (`%v`). */
export function goNumber(n: number): string {
  if (isInt64(n)) return n === 0 ? '0' : String(n);
  return formatGoFloat(n);
}

function isInt64(n: number): boolean {
  return Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63;
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort(compareStrings);
}

/**
 * Go's `fmt.Sprintf(s)` with no arguments, which Go's validation applies to a message it passes
 * as the format (`errorf(err.Error())`): `%%` becomes `%`, any other verb becomes
 * `%!v(MISSING)`, a trailing `%` becomes `%!(NOVERB)`.
 */
export function goSprintfNoArgs(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c !== '%') {
      out += c;
      i++;
      continue;
    }
    i++;
    while (i < s.length && '#0+- '.includes(s[i]!)) i++;
    if (s[i] === '*') {
      out += '%!(BADWIDTH)';
      i++;
    } else while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
    if (s[i] === '.') {
      i++;
      if (s[i] === '*') {
        out += '%!(BADPREC)';
        i++;
      } else while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
    }
    if (i >= s.length) {
      out += '%!(NOVERB)';
      break;
    }
    const verb = String.fromCodePoint(s.codePointAt(i)!);
    i += verb.length;
    out += verb === '%' ? '%' : `%!${verb}(MISSING)`;
  }
  return out;
}

/**
 * A type reference as Go's `%v` prints a `schema.TypeRef` (`{namedType {scalar list map}
 * elementRelationship}`), with the names pointed to instead of Go's pointer addresses.
 */
export function typeRefGoString(tr: TypeRef): string {
  const nil = '<nil>';
  const list = tr.list === undefined ? nil : '&{…}';
  const map = tr.map === undefined ? nil : '&{…}';
  return `{${tr.namedType ?? nil} {${tr.scalar ?? nil} ${list} ${map}} ${tr.elementRelationship ?? nil}}`;
}
