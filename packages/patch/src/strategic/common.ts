// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (v1.36): the directives of the
// strategic merge patch dialect and the helpers that both applying and creating patches use —
// element types of lists, merge-key lookups, and the ordering of merged lists.
import {
  errBadArgType,
  errBadPatchFormatForPrimitiveList,
  errBadPatchFormatForRetainKeys,
  errBadPatchFormatForSetElementOrderList,
  errNoListOfLists,
  errNoMergeKey,
  unknownError,
} from '../errors.ts';
import { goSort, goSortStable } from '../internal/go-sort.ts';
import { goEqual, goFormat, goStringLess, goType, isList, isMap, type GoType, type JMap, type JValue } from '../internal/json.ts';
import type { PatchMeta } from './meta.ts';

export const directiveMarker = '$patch';
export const deleteDirective = 'delete';
export const replaceDirective = 'replace';
export const mergeDirective = 'merge';
const retainKeysStrategy = 'retainKeys';
export const deleteFromPrimitiveListDirectivePrefix = '$deleteFromPrimitiveList';
export const retainKeysDirective = '$retainKeys';
export const setElementOrderDirectivePrefix = '$setElementOrder';

export const mapTypeName = 'map[string]interface {}';
export const sliceTypeName = '[]interface {}';

/**
 * Splits a field's strategies into "has retainKeys" and the other one ('' when none): "merge",
 * "retainKeys", "merge,retainKeys" and "retainKeys,merge" are the valid forms.
 */
export function extractRetainKeysPatchStrategy(strategies: readonly string[]): [boolean, string] {
  switch (strategies.length) {
    case 0:
      return [false, ''];
    case 1:
      return strategies[0] === retainKeysStrategy ? [true, ''] : [false, strategies[0]!];
    case 2:
      if (strategies[0] === retainKeysStrategy) return [true, strategies[1]!];
      if (strategies[1] === retainKeysStrategy) return [true, strategies[0]!];
  }
  throw unknownError(`unexpected patch strategy: ${goFormat([...strategies])}`);
}

/** The one element type of the given lists; lists of lists, mixed types and no elements fail. */
export function sliceElementType(...slices: JValue[][]): GoType {
  let prev: GoType | undefined;
  for (const s of slices) {
    for (const v of s) {
      const cur = goType(v);
      if (prev === undefined) {
        if (cur === 'slice') throw errNoListOfLists();
        // Go dereferences a nil type here and panics; kube answers 500 either way.
        if (cur === 'nil') throw unknownError(`list element types are not identical: ${goFormat(slices)}`);
        prev = cur;
      } else if (prev !== cur) {
        throw unknownError(`list element types are not identical: ${goFormat(slices)}`);
      }
    }
  }
  if (prev === undefined) throw unknownError('no elements in any of the given slices');
  return prev;
}

/** The value of `mergeKey` in a list item (nil when missing or not a map). */
const keyOf = (item: JValue | undefined, mergeKey: string): JValue => (isMap(item) ? (item.get(mergeKey) ?? null) : null);

/** The position of `val` in `l`, comparing merge key values for maps and items otherwise; -1 when absent. */
function index(l: readonly JValue[], val: JValue, mergeKey: string, kind: GoType): number {
  if (kind === 'map') {
    const k = keyOf(val, mergeKey);
    return l.findIndex((v) => goEqual(keyOf(v, mergeKey), k));
  }
  return l.findIndex((v) => goEqual(v, val));
}

/** Whether two items have the same merge key value (the same value, without a merge key). */
export function mergeKeyValueEqual(left: JValue | undefined, right: JValue | undefined, mergeKey: string): boolean {
  if (mergeKey.length === 0) return goEqual(left, right);
  if (!isMap(left)) throw errBadArgType(mapTypeName, left);
  if (!isMap(right)) throw errBadArgType(mapTypeName, right);
  if (!left.has(mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!right.has(mergeKey)) throw errNoMergeKey(right, mergeKey);
  return goEqual(left.get(mergeKey), right.get(mergeKey));
}

/** The list field a `$deleteFromPrimitiveList/<field>` or `$setElementOrder/<field>` key names. */
export function extractKey(s: string, prefix: string): string {
  const slash = s.indexOf('/');
  if (slash < 0 || s.slice(0, slash) !== prefix) {
    if (prefix === deleteFromPrimitiveListDirectivePrefix) throw errBadPatchFormatForPrimitiveList();
    if (prefix === setElementOrderDirectivePrefix) throw errBadPatchFormatForSetElementOrderList();
    throw unknownError(`fail to find unknown prefix ${JSON.stringify(prefix)} in ${s}\n`);
  }
  return s.slice(slash + 1);
}

/**
 * The first map among the first `length` items of `m` whose `key` is `value`: [map, position];
 * throws when an item is not a map.
 */
export function findMapInSliceBasedOnKeyValue(m: readonly JValue[], key: string, value: JValue | undefined, length = m.length): [JMap, number] | undefined {
  for (let k = 0; k < length; k++) {
    const v = m[k];
    if (!isMap(v)) throw unknownError(`value for key ${k} is not a map`);
    if (v.has(key) && goEqual(v.get(key), value)) return [v, k];
  }
  return undefined;
}

// ---- Scalars: upstream orders them by their `%v` text, with `a <= b` as "less".

const scalarLess = (a: JValue, b: JValue) => !goStringLess(goFormat(b), goFormat(a));

/** Sorts scalars in place by their `%v` text (sort.Sort with upstream's non-strict comparator). */
export function sortScalars(s: JValue[]): JValue[] {
  return goSort(s, scalarLess);
}

/**
 * Removes duplicates in place the way upstream does (a duplicate is overwritten by the last item),
 * leaving the array's length as it was, as a Go slice's backing array; returns the new length.
 */
function deduplicateInPlace(s: JValue[]): number {
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (goEqual(s[i], s[j])) {
        s[j] = s[length]!;
        length--;
        j--;
      }
    }
  }
  return length + 1;
}

/** The list without duplicates (it is reordered in place, as upstream's backing array). */
export function deduplicateScalars(s: JValue[]): JValue[] {
  return s.slice(0, deduplicateInPlace(s));
}

/** Deduplicates and sorts in place (the first items of `s`); returns the deduplicated, sorted list. */
export function deduplicateAndSortScalars(s: JValue[]): JValue[] {
  const view = sortScalars(deduplicateScalars(s));
  for (let i = 0; i < view.length; i++) s[i] = view[i]!;
  return view;
}

// ---- Lists of maps: ordered by merge key, and ordered against the patch and the live list.

/** Sorts maps by the `%v` text of `field` (a new list). */
function sortMapsBasedOnField(m: readonly JValue[], field: string): JValue[] {
  const maps = m.map((v) => v as JMap);
  return goSort(maps, (a, b) => !goStringLess(goFormat(b.get(field) ?? null), goFormat(a.get(field) ?? null)));
}

/** Sorts the merging lists of a map (recursively), the way upstream's tests and diffs compare them. */
export function sortMergeListsByNameMap(s: JMap, schema: PatchMeta): JMap {
  const newS: JMap = new Map();
  for (const [k, v0] of s) {
    let v = v0;
    if (k === retainKeysDirective) {
      if (!isList(v)) throw errBadPatchFormatForRetainKeys();
      v = sortScalars(v);
    } else if (k.startsWith(deleteFromPrimitiveListDirectivePrefix)) {
      if (!isList(v)) throw errBadPatchFormatForPrimitiveList();
      v = sortScalars(v);
    } else if (k.startsWith(setElementOrderDirectivePrefix)) {
      if (!isList(v)) throw errBadPatchFormatForSetElementOrderList();
    } else if (k !== directiveMarker) {
      if (isMap(v)) {
        v = sortMergeListsByNameMap(v, schema.lookupStruct(k).meta);
      } else if (isList(v)) {
        const { meta, patchStrategies, patchMergeKey } = schema.lookupSlice(k);
        const [, strategy] = extractRetainKeysPatchStrategy(patchStrategies);
        if (strategy === mergeDirective) v = sortMergeListsByNameArray(v, meta, patchMergeKey, true);
      }
    }
    newS.set(k, v);
  }
  return newS;
}

/** Sorts a merging list: scalars deduplicated and by text, maps by merge key (recursing when asked). */
export function sortMergeListsByNameArray(s: JValue[], schema: PatchMeta, mergeKey: string, recurse: boolean): JValue[] {
  if (s.length === 0) return s;
  if (sliceElementType(s) !== 'map') return deduplicateAndSortScalars(s);
  const newS = recurse ? s.map((elem) => sortMergeListsByNameMap(elem as JMap, schema)) : [...s];
  return sortMapsBasedOnField(newS, mergeKey);
}

/** Checks every item of the lists is a map with the merge key. */
function validateMergeKeyInLists(mergeKey: string, ...lists: readonly JValue[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isMap(item)) throw errBadArgType(mapTypeName, item);
      if (!item.has(mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}

/** Splits a list of maps into the items to keep and the `$patch: delete` items. */
export function extractToDeleteItems(l: readonly JValue[]): [JValue[], JValue[]] {
  const nonDelete: JValue[] = [];
  const toDelete: JValue[] = [];
  for (const v of l) {
    if (!isMap(v)) throw errBadArgType(mapTypeName, v);
    if (v.has(directiveMarker) && v.get(directiveMarker) === deleteDirective) toDelete.push(v);
    else nonDelete.push(v);
  }
  return [nonDelete, toDelete];
}

/** Sorts `toSort` (in place) by the positions of its items in `order`; deletions go last. */
export function normalizeSliceOrder(toSort: JValue[], order: readonly JValue[], mergeKey: string, kind: GoType): JValue[] {
  let toDelete: JValue[] = [];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, toSort, order as JValue[]);
    [toSort, toDelete] = extractToDeleteItems(toSort);
  }
  goSortStable(toSort, (a, b) => {
    const ia = index(order, a, mergeKey, kind);
    if (ia >= 0) {
      const ib = index(order, b, mergeKey, kind);
      if (ib >= 0) return ia < ib;
    }
    return true;
  });
  return toDelete.length > 0 ? [...toSort, ...toDelete] : toSort;
}

/**
 * Interleaves server-only items (`left`, in live order) into the patch's items (`right`): an item
 * of `left` goes before the first item of `right` that comes after it in the live list.
 */
function mergeSortedSlice(left: JValue[], right: JValue[], serverOrder: readonly JValue[], mergeKey: string, kind: GoType): JValue[] {
  const size = left.length + right.length;
  const s: JValue[] = new Array<JValue>(size);
  let i = 0;
  let j = 0;
  for (let k = 0; k < size; k++) {
    if (i >= left.length && j < right.length) s[k] = right[j++]!;
    else if (j >= right.length && i < left.length) s[k] = left[i++]!;
    else {
      const li = index(serverOrder, left[i]!, mergeKey, kind);
      const ri = index(serverOrder, right[j]!, mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) s[k] = left[i++]!;
      else s[k] = right[j++]!;
    }
  }
  return s;
}

/**
 * Orders a merged list: the patch's items by `patchOrder`, the server-only items by `serverOrder`,
 * then interleaved. Precedence: $setElementOrder, then the patch list, then the live list.
 */
export function normalizeElementOrder(
  patch: JValue[],
  serverOnly: JValue[],
  patchOrder: readonly JValue[],
  serverOrder: readonly JValue[],
  mergeKey: string,
  kind: GoType,
): JValue[] {
  const p = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
  const s = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(s, p, serverOrder, mergeKey, kind);
}

/** Splits scalars into those present in `partitionBy` and the others. */
export function partitionPrimitivesByPresentInList(original: readonly JValue[], partitionBy: readonly JValue[]): [JValue[], JValue[]] {
  const inPatch = new Set(partitionBy);
  const patch: JValue[] = [];
  const serverOnly: JValue[] = [];
  for (const v of original) (inPatch.has(v) ? patch : serverOnly).push(v);
  return [patch, serverOnly];
}

/** Splits maps into those whose merge key value is in `partitionBy` and the others. */
export function partitionMapsByPresentInList(original: readonly JValue[], partitionBy: readonly JValue[], mergeKey: string): [JValue[], JValue[]] {
  const patch: JValue[] = [];
  const serverOnly: JValue[] = [];
  for (const v of original) {
    if (!isMap(v)) throw errBadArgType(mapTypeName, v);
    if (!v.has(mergeKey)) throw errNoMergeKey(v, mergeKey);
    (findMapInSliceBasedOnKeyValue(partitionBy, mergeKey, v.get(mergeKey)) ? patch : serverOnly).push(v);
  }
  return [patch, serverOnly];
}
