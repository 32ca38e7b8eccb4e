// Behaviour of sigs.k8s.io/structured-merge-diff/v4/value/fields.go (v4.6.0)
import { compareStrings, compareValues, equalValues } from './compare.ts';

/** One name/value pair of a {@link FieldList}. */
export interface Field {
  readonly name: string;
  readonly value: unknown;
}

/**
 * Go's `value.FieldList`: name/value pairs, each name expected once, sorted by name (Go byte
 * order, see {@link sortFieldList}) — the key of an associative list item.
 */
export type FieldList = readonly Field[];

/** Go's `FieldList.Sort`: a copy sorted by name, stable, in Go's byte order. */
export function sortFieldList(list: FieldList): Field[] {
  const out = list.slice();
  if (out.length === 2) {
    const [a, b] = out as [Field, Field];
    if (compareStrings(b.name, a.name) < 0) return [b, a];
    return out;
  }
  if (out.length > 2) out.sort((a, b) => compareStrings(a.name, b.name));
  return out;
}

/**
 * Go's `FieldList.Compare`: lexical over the pairs, names first then values
 * ({@link compareValues}); a proper prefix sorts first. Returns -1, 0 or 1.
 */
export function compareFieldLists(a: FieldList, b: FieldList): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const fa = a[i]!;
    const fb = b[i]!;
    let c = compareStrings(fa.name, fb.name);
    if (c !== 0) return c;
    c = compareValues(fa.value, fb.value);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** Go's `FieldList.Less`: `compareFieldLists(a, b) < 0`. */
export function lessFieldLists(a: FieldList, b: FieldList): boolean {
  return compareFieldLists(a, b) < 0;
}

/** Go's `FieldList.Equals`: same length, and pairwise the same names and equal values. */
export function equalFieldLists(a: FieldList, b: FieldList): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const fa = a[i]!;
    const fb = b[i]!;
    if (fa.name !== fb.name || !equalValues(fa.value, fb.value)) return false;
  }
  return true;
}
