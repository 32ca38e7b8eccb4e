// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (v1.36) mergeMap and what it
// calls: merging a strategic merge patch into a document, directives included. Like upstream, these
// functions change both of their arguments; the public functions hand them private copies.
import {
  errBadArgType,
  errBadPatchFormatForRetainKeys,
  errBadPatchFormatForSetElementOrderList,
  errBadPatchType,
  errNoMergeKey,
  unknownError,
} from '../errors.ts';
import { deepEqual, goFormat, goType, isList, isMap, type JMap, type JValue } from '../internal/json.ts';
import {
  deduplicateScalars,
  deleteDirective,
  deleteFromPrimitiveListDirectivePrefix,
  directiveMarker,
  extractKey,
  extractRetainKeysPatchStrategy,
  extractToDeleteItems,
  findMapInSliceBasedOnKeyValue,
  mergeDirective,
  mergeKeyValueEqual,
  normalizeElementOrder,
  partitionMapsByPresentInList,
  partitionPrimitivesByPresentInList,
  replaceDirective,
  retainKeysDirective,
  setElementOrderDirectivePrefix,
  sliceElementType,
  sliceTypeName,
} from './common.ts';
import type { PatchMeta } from './meta.ts';

export interface MergeOptions {
  /**
   * Apply the parallel lists ($deleteFromPrimitiveList, $setElementOrder, $retainKeys) — true when
   * applying a patch (server side); false when merging two patches (three-way create), which keeps
   * them in the result.
   */
  readonly mergeParallelList: boolean;
  /** Drop nulls that match nothing in the original (true when applying a patch). */
  readonly ignoreUnmatchedNulls: boolean;
}

/** Applying a patch, as StrategicMergeMapPatch does. */
export const applyOptions: MergeOptions = { mergeParallelList: true, ignoreUnmatchedNulls: true };

/** Merges `patch` into `original` and returns the result (usually `original`, changed). */
export function mergeMap(original: JMap | null, patch: JMap, schema: PatchMeta, options: MergeOptions): JMap {
  if (patch.has(directiveMarker)) return handleDirectiveInMergeMap(patch.get(directiveMarker)!, patch);
  const orig: JMap = original ?? new Map();
  applyRetainKeysDirective(orig, patch, options);
  // $setElementOrder lists, and the lists they order (which leave the patch).
  mergePatchIntoOriginal(orig, patch, schema, options);

  for (const [key, patchV] of patch) {
    let k = key;
    let isDeleteList = false;
    if (key.startsWith(deleteFromPrimitiveListDirectivePrefix)) {
      if (!options.mergeParallelList) {
        orig.set(key, patchV);
        continue;
      }
      isDeleteList = true;
      const listKey = extractKey(key, deleteFromPrimitiveListDirectivePrefix);
      if (listKey.length > 0) k = listKey;
    }

    // A null deletes; when merging patches it stays, to delete when the merged patch is applied.
    if (patchV === null) {
      orig.delete(k);
      if (options.ignoreUnmatchedNulls) continue;
    }

    const ov = orig.get(k);
    if (ov === undefined || goType(ov) !== goType(patchV)) {
      // Not in the original, or of another type: the patch value (without directives) replaces it.
      if (!isDeleteList) {
        if (options.ignoreUnmatchedNulls) discardNullValuesFromPatch(patchV);
        setOrDelete(orig, k, patchV);
      }
      continue;
    }
    if (isMap(ov)) {
      const { meta, patchStrategies } = schema.lookupStruct(k);
      const [, strategy] = extractRetainKeysPatchStrategy(patchStrategies);
      orig.set(k, strategy !== replaceDirective ? mergeMap(ov, patchV as JMap, meta, options) : patchV);
    } else if (isList(ov)) {
      const { meta, patchStrategies, patchMergeKey } = schema.lookupSlice(k);
      const [, strategy] = extractRetainKeysPatchStrategy(patchStrategies);
      orig.set(k, mergeSliceHandler(ov, patchV as JValue[], meta, strategy, patchMergeKey, isDeleteList, options));
    } else {
      setOrDelete(orig, k, patchV);
    }
  }
  return orig;
}

/** Sets the patch value without its directives, or deletes the key when the value is a directive. */
function setOrDelete(m: JMap, k: string, patchV: JValue): void {
  const [v, keep] = removeDirectives(patchV);
  if (keep) m.set(k, v);
  else m.delete(k);
}

/** `$patch: replace` keeps the patch as the value; `$patch: delete` empties the map. */
function handleDirectiveInMergeMap(directive: JValue, patch: JMap): JMap {
  if (directive === replaceDirective) {
    patch.delete(directiveMarker);
    return patch;
  }
  if (directive === deleteDirective) return new Map();
  throw errBadPatchType(directive, patch);
}

/**
 * `$retainKeys`: clears the keys of `original` that the list does not name, after checking that the
 * patch sets only keys it names. When merging two patches the directive is carried over instead.
 */
function applyRetainKeysDirective(original: JMap, patch: JMap, options: MergeOptions): void {
  if (!patch.has(retainKeysDirective)) return;
  const retainKeys = patch.get(retainKeysDirective)!;
  patch.delete(retainKeysDirective);

  if (!options.mergeParallelList) {
    if (original.has(retainKeysDirective)) {
      const inOriginal = original.get(retainKeysDirective);
      if (!deepEqual(inOriginal, retainKeys)) {
        throw unknownError(`${goFormat(inOriginal)} and ${goFormat(retainKeys)} are not deep equal: this may happen when calculating the 3-way diff patch`);
      }
    } else {
      original.set(retainKeysDirective, retainKeys);
    }
    return;
  }

  if (!isList(retainKeys)) throw errBadPatchFormatForRetainKeys();
  const keep = new Set<JValue>(retainKeys);
  for (const [k, v] of patch) {
    if (v === null || k.startsWith(deleteFromPrimitiveListDirectivePrefix) || k.startsWith(setElementOrderDirectivePrefix)) continue;
    if (!keep.has(k)) throw errBadPatchFormatForRetainKeys();
  }
  for (const k of original.keys()) if (!keep.has(k)) original.delete(k);
}

/**
 * Applies each `$setElementOrder/<list>` with its list: merges the list, then orders the result
 * ($setElementOrder first, then the patch list, then the live list). Both leave the patch. When
 * merging two patches, the directive is copied into `original` (and must agree with one there).
 */
function mergePatchIntoOriginal(original: JMap, patch: JMap, schema: PatchMeta, options: MergeOptions): void {
  for (const key of [...patch.keys()]) {
    if (!key.startsWith(setElementOrderDirectivePrefix) || !patch.has(key)) continue;
    const setElementOrder = patch.get(key)!;
    if (!options.mergeParallelList) {
      if (original.has(key)) {
        if (!deepEqual(original.get(key), setElementOrder)) throw errBadPatchFormatForSetElementOrderList();
      } else {
        original.set(key, setElementOrder);
      }
    }
    patch.delete(key);

    if (!isList(setElementOrder)) throw errBadArgType(sliceTypeName, setElementOrder);
    const listKey = extractKey(key, setElementOrderDirectivePrefix);
    const foundOriginal = original.has(listKey);
    const foundPatch = patch.has(listKey);
    const originalList = original.get(listKey);
    const patchList = patch.get(listKey);
    if (foundOriginal && !isList(originalList)) throw errBadArgType(sliceTypeName, originalList);
    if (foundPatch && !isList(patchList)) throw errBadArgType(sliceTypeName, patchList);
    const originalValue = (originalList ?? []) as JValue[];
    const patchValue = (patchList ?? []) as JValue[];

    const { meta, patchStrategies, patchMergeKey } = schema.lookupSlice(listKey);
    const [, strategy] = extractRetainKeysPatchStrategy(patchStrategies);
    validatePatchWithSetOrderList(patchValue, setElementOrder, patchMergeKey);

    let merged: JValue[];
    if (foundOriginal && !foundPatch) {
      merged = originalValue;
    } else if (!foundOriginal && foundPatch) {
      merged = removeDirectives(patchValue)[0] as JValue[];
    } else if (foundOriginal && foundPatch) {
      merged = mergeSliceHandler(originalValue, patchValue, meta, strategy, patchMergeKey, false, options);
    } else {
      continue;
    }

    const [patchItems, serverOnlyItems] =
      patchMergeKey.length === 0
        ? partitionPrimitivesByPresentInList(merged, setElementOrder)
        : partitionMapsByPresentInList(merged, setElementOrder, patchMergeKey);
    const kind = sliceElementType(originalValue, patchValue);
    original.set(listKey, normalizeElementOrder(patchItems, serverOnlyItems, setElementOrder, originalValue, patchMergeKey, kind));
    patch.delete(listKey);
  }
}

/**
 * Checks that the patch list's items (deletions and directives aside) appear in the
 * $setElementOrder list, in the same relative order.
 */
function validatePatchWithSetOrderList(patchList: JValue[], setOrderList: JValue[], mergeKey: string): void {
  if (setOrderList.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey.length > 0 ? extractToDeleteItems(patchList)[0] : patchList;
  let p = 0;
  let s = 0;
  while (p < nonDelete.length && s < setOrderList.length) {
    const item = nonDelete[p]!;
    if (isMap(item) && item.has(directiveMarker)) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(item, setOrderList[s], mergeKey)) p++;
    s++;
  }
  if (p < nonDelete.length && s >= setOrderList.length) {
    throw unknownError(`The order in patch list:\n${goFormat(patchList)}\n doesn't match ${setElementOrderDirectivePrefix} list:\n${goFormat(setOrderList)}\n`);
  }
}

/** Drops maps that carry a `$patch` directive, recursively; [value, whether to keep it]. */
function removeDirectives(obj: JValue): [JValue, boolean] {
  if (isMap(obj)) {
    if (obj.has(directiveMarker)) return [null, false];
    for (const [k, v] of obj) {
      const [nv, keep] = removeDirectives(v);
      if (keep) obj.set(k, nv);
      else obj.delete(k);
    }
    return [obj, true];
  }
  if (isList(obj)) {
    const res: JValue[] = [];
    for (const v of obj) {
      const [nv, keep] = removeDirectives(v);
      if (keep) res.push(nv);
    }
    return [res, true];
  }
  return [obj, true];
}

/** Drops null members of maps, recursively (through lists too). */
function discardNullValuesFromPatch(v: JValue): void {
  if (isMap(v)) {
    for (const [k, x] of v) {
      if (x === null) v.delete(k);
      else discardNullValuesFromPatch(x);
    }
  } else if (isList(v)) {
    for (const x of v) discardNullValuesFromPatch(x);
  }
}

/** Merges two lists when the field merges (or for a $deleteFromPrimitiveList); otherwise the patch replaces. */
function mergeSliceHandler(
  original: JValue[],
  patch: JValue[],
  schema: PatchMeta,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
  options: MergeOptions,
): JValue[] {
  if (strategy === mergeDirective || isDeleteList) return mergeSlice(original, patch, schema, mergeKey, options, isDeleteList);
  return patch;
}

function mergeSlice(original: JValue[], patch: JValue[], schema: PatchMeta, mergeKey: string, options: MergeOptions, isDeleteList: boolean): JValue[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementType(original, patch);
  let merged: JValue[];
  let serverOrder = original;
  if (kind !== 'map') {
    if (options.mergeParallelList && isDeleteList) {
      const toDelete = new Set(patch);
      return original.filter((v) => !toDelete.has(v));
    }
    // Go's append(original, patch...) reuses the live list when the patch list is empty (and
    // otherwise copies, the live list having no spare capacity on the server), so deduplicating
    // rewrites the list that later orders the result.
    merged = deduplicateScalars(patch.length === 0 ? original : [...original, ...patch]);
  } else {
    if (mergeKey === '') throw unknownError(`cannot merge lists without merge key for ${schema.name}`);
    const slice: GoSlice = { backing: original, len: original.length, owned: false };
    const plain = mergeSliceWithSpecialElements(slice, patch, mergeKey);
    if (plain.replace) {
      patch = [];
      serverOrder = plain.items;
      merged = plain.items;
    } else {
      patch = plain.items;
      serverOrder = slice.backing.slice(0, slice.len);
      merged = mergeSliceWithoutSpecialElements(slice, patch, mergeKey, schema, options);
    }
  }
  const [patchItems, serverOnlyItems] =
    mergeKey.length === 0 ? partitionPrimitivesByPresentInList(merged, patch) : partitionMapsByPresentInList(merged, patch, mergeKey);
  return normalizeElementOrder(patchItems, serverOnlyItems, patch, serverOrder, mergeKey, kind);
}

/**
 * A Go slice over the live list: upstream deletes items by shifting them down in place and appends
 * new ones into the room that frees, and mergePatchIntoOriginal later reads the live list's old
 * header, seeing those writes. `len` is the slice's length; the array's length is its capacity.
 */
interface GoSlice {
  backing: JValue[];
  len: number;
  /** The backing array is a copy of our own (after growing), not the caller's list. */
  owned: boolean;
}

function append(s: GoSlice, v: JValue): void {
  if (s.len < s.backing.length) s.backing[s.len] = v;
  else if (s.owned) s.backing.push(v);
  else {
    s.backing = [...s.backing.slice(0, s.len), v];
    s.owned = true;
  }
  s.len++;
}

/**
 * Applies the list items that are directives: `$patch: delete` removes every item with that merge
 * key value (from `slice`, in place), `$patch: replace` makes the other patch items the whole list.
 * Returns the patch items that are not directives.
 */
function mergeSliceWithSpecialElements(slice: GoSlice, patch: JValue[], mergeKey: string): { items: JValue[]; replace: boolean } {
  const items: JValue[] = [];
  let replace = false;
  for (const v of patch) {
    const item = v as JMap;
    if (!item.has(directiveMarker)) {
      items.push(v);
      continue;
    }
    const directive = item.get(directiveMarker)!;
    if (directive === deleteDirective) {
      if (!item.has(mergeKey)) throw errNoMergeKey(item, mergeKey);
      const value = item.get(mergeKey);
      for (;;) {
        const found = findMapInSliceBasedOnKeyValue(slice.backing, mergeKey, value, slice.len);
        if (!found) break;
        slice.backing.copyWithin(found[1], found[1] + 1, slice.len);
        slice.len--;
      }
    } else if (directive === replaceDirective) {
      replace = true;
    } else if (directive === mergeDirective) {
      throw unknownError('merging lists cannot yet be specified in the patch');
    } else {
      throw errBadPatchType(directive, item);
    }
  }
  return { items, replace };
}

/** Merges each patch item into the item with its merge key value, or appends it; returns the list. */
function mergeSliceWithoutSpecialElements(slice: GoSlice, patch: JValue[], mergeKey: string, schema: PatchMeta, options: MergeOptions): JValue[] {
  const out: GoSlice = { ...slice };
  for (const v of patch) {
    const item = v as JMap;
    if (!item.has(mergeKey)) throw errNoMergeKey(item, mergeKey);
    const found = findMapInSliceBasedOnKeyValue(out.backing, mergeKey, item.get(mergeKey), out.len);
    if (found) out.backing[found[1]] = mergeMap(found[0], item, schema, options);
    else append(out, v);
  }
  return out.backing.slice(0, out.len);
}
