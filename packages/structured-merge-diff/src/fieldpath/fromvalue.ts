// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/fromvalue.go (v4.6.0)
import { isValueMap } from '../value/compare.ts';
import { sortFieldList, type Field } from '../value/fields.ts';
import type { PathElement } from './element.ts';
import { FieldSet } from './set.ts';

/**
 * Go's `AssociativeListCandidateFieldNames`: the field names that, holding a scalar in a list
 * item, are taken as the item's key when no schema says otherwise.
 */
export const associativeListCandidateFieldNames: readonly string[] = Object.freeze(['key', 'id', 'name']);

/**
 * Go's `GuessBestListPathElement`: an item that is a map with scalar values under some of
 * {@link associativeListCandidateFieldNames} is addressed by those (a key element); any other
 * item by its index.
 */
export function guessBestListPathElement(index: number, item: unknown): PathElement {
  if (!isValueMap(item)) return { index };
  const keys: Field[] = [];
  for (const name of associativeListCandidateFieldNames) {
    if (!Object.prototype.hasOwnProperty.call(item, name)) continue;
    const f = item[name];
    // Only scalars make keys.
    if (f === null || typeof f === 'object') continue;
    keys.push({ name, value: f });
  }
  if (keys.length > 0) return { key: sortFieldList(keys) };
  return { index };
}

function walk(v: unknown, path: PathElement[], out: FieldSet): void {
  if (typeof v === 'object' && v !== null) {
    // Without a schema nothing is known to be atomic: descend into every list and map.
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        path.push(guessBestListPathElement(i, item));
        walk(item, path, out);
        path.pop();
      }
    } else {
      for (const [k, val] of Object.entries(v)) {
        path.push({ fieldName: k });
        walk(val, path, out);
        path.pop();
      }
    }
    return;
  }
  // Scalars and null are leaves.
  if (path.length > 0) out.insert(path);
}

/**
 * Go's `SetFromValue`: the set of every leaf (scalar or null, at any depth) of `v`, walked
 * without a schema: list items are addressed as {@link guessBestListPathElement} guesses, and
 * empty lists and maps contribute nothing.
 */
export function setFromValue(v: unknown): FieldSet {
  const s = new FieldSet();
  walk(v, [], s);
  return s;
}
