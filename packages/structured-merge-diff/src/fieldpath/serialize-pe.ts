// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/serialize-pe.go (v4.6.0)
import { quoteGo } from '../value/compare.ts';
import { sortFieldList, type FieldList } from '../value/fields.ts';
import { quoteJSONString, readJSONObjectFields, valueFromJSON, valueToJSON } from '../value/json.ts';
import type { PathElement } from './path-element.ts';

/**
 * Go's `ErrUnknownPathElementType`: thrown (this very object) by {@link deserializePathElement}
 * for a well-formed key of a kind this version does not know (`r:...`); FieldsV1 readers skip such
 * keys.
 */
export const ErrUnknownPathElementType: Error = new Error('unknown path element type');

/** Serialized forms of key and value elements, computed once per element object. */
const keyCache = new WeakMap<object, string>();

/**
 * A path element with its serialized form ({@link pathElementKey}). The walkers hand both to
 * sets so that neither is built twice; the ones from {@link fieldNameElement} and
 * {@link internKeyElement} are shared and frozen.
 */
export interface KeyedPathElement {
  readonly key: string;
  readonly pe: PathElement;
}

// Interned elements: the same field names and list item keys come up on every write. Bounded.
const internLimit = 16384;
const fieldElements = new Map<string, KeyedPathElement>();
const keyElements = new Map<string, KeyedPathElement>();

/** The shared element of field `name`, with its key `f:<name>`. */
export function fieldNameElement(name: string): KeyedPathElement {
  let e = fieldElements.get(name);
  if (e === undefined) {
    if (fieldElements.size >= internLimit) fieldElements.clear();
    e = Object.freeze({ key: `f:${name}`, pe: Object.freeze({ fieldName: name }) });
    fieldElements.set(name, e);
  }
  return e;
}

/** The shared key element whose serialized form is `key`, if {@link internKeyElement} made one. */
export function internedKeyElement(key: string): KeyedPathElement | undefined {
  return keyElements.get(key);
}

/**
 * Makes the shared key element for `fields` (sorted by name, scalar values only), whose
 * serialized form is `key`.
 */
export function internKeyElement(key: string, fields: FieldList): KeyedPathElement {
  if (keyElements.size >= internLimit) keyElements.clear();
  const e = newKeyElement(key, Object.freeze(fields.map((f) => Object.freeze({ name: f.name, value: f.value }))));
  keyElements.set(key, e);
  return e;
}

/** The element of set item `value` (a scalar), frozen. */
export function newValueElement(value: unknown): KeyedPathElement {
  const pe: PathElement = Object.freeze({ value });
  const key = `v:${valueToJSON(value)}`;
  keyCache.set(pe, key);
  return Object.freeze({ key, pe });
}

/** A key element for `fields` whose serialized form `key` is known (frozen, not interned). */
export function newKeyElement(key: string, fields: FieldList): KeyedPathElement {
  const pe: PathElement = Object.freeze({ key: fields });
  keyCache.set(pe, key);
  return Object.freeze({ key, pe });
}

function serializeKeyFields(key: FieldList): string {
  let out = 'k:{';
  for (let i = 0; i < key.length; i++) {
    const f = key[i]!;
    out += `${i === 0 ? '' : ','}${quoteJSONString(f.name, false)}:${valueToJSON(f.value)}`;
  }
  return `${out}}`;
}

/**
 * The identity of a path element: its serialized form ({@link serializePathElement}), or `''`
 * for an element with nothing set. Two elements are equal exactly when their keys are equal; sets
 * and maps of path elements are keyed by it. Cached per element object for keys and values.
 */
export function pathElementKey(pe: PathElement): string {
  if ('fieldName' in pe) return `f:${pe.fieldName}`;
  if ('key' in pe || 'value' in pe) {
    let k = keyCache.get(pe);
    if (k === undefined) {
      k = 'key' in pe ? serializeKeyFields(pe.key) : `v:${valueToJSON(pe.value)}`;
      keyCache.set(pe, k);
    }
    return k;
  }
  if ('index' in pe) return `i:${pe.index}`;
  return '';
}

/**
 * Go's `SerializePathElement`: `f:<name>` (the name as is), `k:{"name":value,...}` (members in
 * the key's order), `v:<json>` or `i:<index>`, with JSON written byte for byte as Go writes it.
 * Throws `invalid PathElement` for an element with nothing set.
 */
export function serializePathElement(pe: PathElement): string {
  const k = pathElementKey(pe);
  if (k === '') throw new Error('invalid PathElement');
  return k;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

const maxInt64 = 9223372036854775807n;
const minInt64 = -9223372036854775808n;
const decimalInt = /^[+-]?[0-9]+$/;

/** Go's `strconv.Atoi` on a 64-bit platform. */
function atoi(s: string): number {
  if (!decimalInt.test(s)) throw new Error(`strconv.Atoi: parsing ${quoteGo(s)}: invalid syntax`);
  if (s.length > 15) {
    const b = BigInt(s);
    if (b > maxInt64 || b < minInt64) throw new Error(`strconv.Atoi: parsing ${quoteGo(s)}: value out of range`);
  }
  const n = Number(s);
  return n === 0 ? 0 : n;
}

/** Parsed key and value elements by input string: kube reads the same keys on every write. */
const parsed = new Map<string, PathElement>();
const parsedLimit = 4096;

function remember(s: string, pe: PathElement): PathElement {
  deepFreeze(pe);
  if (parsed.size >= parsedLimit) parsed.clear();
  parsed.set(s, pe);
  return pe;
}

/**
 * Go's `DeserializePathElement`: the element a FieldsV1 key stands for. JSON in `k:` and `v:`
 * keys is read with json-iterator's rules (see `valueFromJSON`); numbers come back as numbers,
 * `k:` members sorted by name. Throws {@link ErrUnknownPathElementType} for an unknown kind letter,
 * otherwise an Error with Go's message. Elements read from `k:`/`v:` keys are frozen and shared
 * between calls.
 */
export function deserializePathElement(s: string): PathElement {
  // Go counts bytes: one non-ASCII character is long enough (and then lacks the colon).
  if (s.length === 0 || (s.length === 1 && s.charCodeAt(0) < 0x80)) throw new Error('key must be 2 characters long:');
  // Go compares the second byte: a non-ASCII first character can never be followed by ':' there.
  if (s.charCodeAt(0) >= 0x80 || s.charCodeAt(1) !== 0x3a) throw new Error(`missing colon: ${s}`);
  switch (s.charCodeAt(0)) {
    case 0x66: // f
      return { fieldName: s.slice(2) };
    case 0x76: {
      // v
      const hit = parsed.get(s);
      if (hit !== undefined) return hit;
      const pe: PathElement = { value: valueFromJSON(s.slice(2)) };
      keyCache.set(pe, `v:${valueToJSON(pe.value)}`);
      return remember(s, pe);
    }
    case 0x6b: {
      // k
      const hit = parsed.get(s);
      if (hit !== undefined) return hit;
      const pe: PathElement = { key: sortFieldList(readJSONObjectFields(s.slice(2))) };
      keyCache.set(pe, serializeKeyFields(pe.key));
      return remember(s, pe);
    }
    case 0x69: // i
      return { index: atoi(s.slice(2)) };
    default:
      throw ErrUnknownPathElementType;
  }
}
