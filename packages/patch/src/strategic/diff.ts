// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (v1.36) diffMaps and what it
// calls: the strategic merge patch from one document to another — nulls for deleted fields,
// `$patch: delete` items and `$deleteFromPrimitiveList` lists for deleted list items,
// `$setElementOrder` lists for merging lists that changed, `$retainKeys` for retainKeys fields.
// Like upstream these functions sort merging lists of scalars of `original` in place (which later
// diffs of the same document observe); the public functions hand them private copies.
import { errBadArgType, errNoMergeKey, unknownError } from '../errors.ts';
import { deepEqual, goFormat, goStringLess, goType, isMap, type JMap, type JValue } from '../internal/json.ts';
import {
  deduplicateScalars,
  deleteDirective,
  deleteFromPrimitiveListDirectivePrefix,
  directiveMarker,
  extractRetainKeysPatchStrategy,
  mapTypeName,
  mergeDirective,
  mergeKeyValueEqual,
  normalizeSliceOrder,
  replaceDirective,
  retainKeysDirective,
  setElementOrderDirectivePrefix,
  sliceElementType,
  sortMergeListsByNameArray,
  sortScalars,
} from './common.ts';
import type { FieldPatchMeta, PatchMeta } from './meta.ts';

export interface DiffOptions {
  /** Generate the $setElementOrder parallel lists. */
  readonly setElementOrder?: boolean;
  /** Leave changes and additions out of the patch. */
  readonly ignoreChangesAndAdditions?: boolean;
  /** Leave deletions out of the patch. */
  readonly ignoreDeletions?: boolean;
  /** Build a $retainKeys directive (set for the values of retainKeys fields). */
  readonly buildRetainKeysDirective?: boolean;
}

/** The patch that turns `original` into `modified`, within what `options` keeps. */
export function diffMaps(original: JMap, modified: JMap, schema: PatchMeta, options: DiffOptions): JMap {
  const patch: JMap = new Map();
  const retainKeys: JValue[] = [];
  for (const [key, modifiedValue] of modified) {
    if (options.buildRetainKeysDirective && modifiedValue !== null) retainKeys.push(key);
    if (!original.has(key)) {
      if (!options.ignoreChangesAndAdditions) patch.set(key, modifiedValue);
      continue;
    }
    const originalValue = original.get(key)!;
    if (key === directiveMarker) {
      if (typeof originalValue !== 'string' || typeof modifiedValue !== 'string') throw unknownError(`invalid value for special key: ${directiveMarker}`);
      if (modifiedValue !== originalValue) patch.set(directiveMarker, modifiedValue);
      continue;
    }
    const t = goType(originalValue);
    if (t !== goType(modifiedValue)) {
      if (!options.ignoreChangesAndAdditions) patch.set(key, modifiedValue);
    } else if (t === 'map') {
      handleMapDiff(key, originalValue as JMap, modifiedValue as JMap, patch, schema, options);
    } else if (t === 'slice') {
      handleSliceDiff(key, originalValue as JValue[], modifiedValue as JValue[], patch, schema, options);
    } else {
      replacePatchFieldIfNotEqual(key, originalValue, modifiedValue, patch, options);
    }
  }
  if (!options.ignoreDeletions) {
    for (const key of original.keys()) if (!modified.has(key)) patch.set(key, null);
  }
  // $retainKeys when the patch changes something, or fields of original must be cleared.
  if (retainKeys.length > 0 && (patch.size > 0 || hasAdditionalNewField(original, modified))) {
    patch.set(retainKeysDirective, sortScalars(retainKeys));
  }
  return patch;
}

/** The field's metadata; a lookup failure matters only where the values differ (then it is thrown). */
function lookup(find: () => FieldPatchMeta, originalValue: JValue, modifiedValue: JValue): FieldPatchMeta | undefined {
  try {
    return find();
  } catch (err) {
    if (deepEqual(originalValue, modifiedValue)) return undefined;
    throw err;
  }
}

function handleMapDiff(key: string, originalValue: JMap, modifiedValue: JMap, patch: JMap, schema: PatchMeta, options: DiffOptions): void {
  const field = lookup(() => schema.lookupStruct(key), originalValue, modifiedValue);
  if (field === undefined) return;
  const [retainKeys, strategy] = extractRetainKeysPatchStrategy(field.patchStrategies);
  if (strategy === replaceDirective) {
    if (!options.ignoreChangesAndAdditions) patch.set(key, modifiedValue);
    return;
  }
  const value = diffMaps(originalValue, modifiedValue, field.meta, { ...options, buildRetainKeysDirective: retainKeys });
  if (value.size > 0) patch.set(key, value);
}

function handleSliceDiff(key: string, originalValue: JValue[], modifiedValue: JValue[], patch: JMap, schema: PatchMeta, options: DiffOptions): void {
  const field = lookup(() => schema.lookupSlice(key), originalValue, modifiedValue);
  if (field === undefined) return;
  const [retainKeys, strategy] = extractRetainKeysPatchStrategy(field.patchStrategies);
  if (strategy !== mergeDirective) {
    replacePatchFieldIfNotEqual(key, originalValue, modifiedValue, patch, options);
    return;
  }
  const [addList, deletionList, setOrderList] = diffLists(originalValue, modifiedValue, field.meta, field.patchMergeKey, {
    ...options,
    buildRetainKeysDirective: retainKeys,
  });
  if (addList.length > 0) patch.set(key, addList);
  if (deletionList.length > 0) patch.set(`${deleteFromPrimitiveListDirectivePrefix}/${key}`, deletionList);
  if (setOrderList.length > 0) patch.set(`${setElementOrderDirectivePrefix}/${key}`, setOrderList);
}

function replacePatchFieldIfNotEqual(key: string, original: JValue, modified: JValue, patch: JMap, options: DiffOptions): void {
  if (!options.ignoreChangesAndAdditions && !deepEqual(original, modified)) patch.set(key, modified);
}

/** Whether `original` has a non-null field that `modified` lacks. */
function hasAdditionalNewField(original: JMap, modified: JMap): boolean {
  for (const [k, v] of original) if (v !== null && !modified.has(k)) return true;
  return false;
}

/**
 * The patch list of a merging list, its parallel deletion list (lists of scalars only) and its
 * $setElementOrder list.
 */
function diffLists(original: JValue[], modified: JValue[], schema: PatchMeta, mergeKey: string, options: DiffOptions): [JValue[], JValue[], JValue[]] {
  if (original.length === 0) {
    if (modified.length === 0 || options.ignoreChangesAndAdditions) return [[], [], []];
    return [modified, [], []];
  }
  const kind = sliceElementType(original, modified);
  if (kind === 'map') {
    const [changes, deletions] = diffListsOfMaps(original, modified, schema, mergeKey, options);
    const ordered = normalizeSliceOrder(changes, modified, mergeKey, kind);
    const orderSame = isOrderSame(original, modified, mergeKey);
    // Deletions go at the end of the patch list.
    const patchList = [...ordered, ...deletions];
    let setOrderList: JValue[] = [];
    if (
      options.setElementOrder &&
      ((!options.ignoreChangesAndAdditions && (patchList.length > 0 || !orderSame)) || (!options.ignoreDeletions && patchList.length > 0))
    ) {
      setOrderList = modified.map((v) => new Map([[mergeKey, (v as JMap).get(mergeKey) ?? null]]));
    }
    return [patchList, [], setOrderList];
  }
  const [additions, deletions] = diffListsOfScalars(original, modified, options);
  const patchList = normalizeSliceOrder(additions, modified, mergeKey, kind);
  // `original` is sorted by now: an unsorted list that did not change still gets an order.
  const setOrderList =
    options.setElementOrder && ((!options.ignoreDeletions && deletions.length > 0) || (!options.ignoreChangesAndAdditions && !deepEqual(original, modified)))
      ? modified
      : [];
  return [patchList, deletions, setOrderList];
}

function isOrderSame(original: JValue[], modified: JValue[], mergeKey: string): boolean {
  if (original.length !== modified.length) return false;
  for (let i = 0; i < modified.length; i++) if (!mergeKeyValueEqual(original[i], modified[i], mergeKey)) return false;
  return true;
}

/**
 * Additions and deletions between two lists of scalars, compared by their `%v` text after sorting
 * (`original` is sorted in place, as upstream does).
 */
function diffListsOfScalars(original: JValue[], modified: JValue[], options: DiffOptions): [JValue[], JValue[]] {
  const originalScalars = sortScalars(original);
  const modifiedScalars = sortScalars([...modified]);
  const addList: JValue[] = [];
  const deletionList: JValue[] = [];
  let oi = 0;
  let mi = 0;
  while (oi < originalScalars.length || mi < modifiedScalars.length) {
    const oIn = oi < originalScalars.length;
    const mIn = mi < modifiedScalars.length;
    const os = oIn ? goFormat(originalScalars[oi]) : '';
    const ms = mIn ? goFormat(modifiedScalars[mi]) : '';
    if (oIn && mIn && os === ms) {
      oi++;
      mi++;
    } else if (!oIn || (mIn && goStringLess(ms, os))) {
      if (!options.ignoreChangesAndAdditions) addList.push(modifiedScalars[mi]!);
      mi++;
    } else {
      if (!options.ignoreDeletions) deletionList.push(originalScalars[oi]!);
      oi++;
    }
  }
  return [addList, deduplicateScalars(deletionList)];
}

/** Changes and additions (recursive patches) and `$patch: delete` items between two lists of maps. */
function diffListsOfMaps(original: JValue[], modified: JValue[], schema: PatchMeta, mergeKey: string, options: DiffOptions): [JValue[], JValue[]] {
  const patch: JValue[] = [];
  const deletions: JValue[] = [];
  const originalSorted = sortMergeListsByNameArray(original, schema, mergeKey, false);
  const modifiedSorted = sortMergeListsByNameArray(modified, schema, mergeKey, false);
  let oi = 0;
  let mi = 0;
  while (oi < originalSorted.length || mi < modifiedSorted.length) {
    const oIn = oi < originalSorted.length;
    const mIn = mi < modifiedSorted.length;
    const [oe, ov] = oIn ? mapAndMergeKeyValue(originalSorted[oi]!, mergeKey) : [undefined, null];
    const [me, mv] = mIn ? mapAndMergeKeyValue(modifiedSorted[mi]!, mergeKey) : [undefined, null];
    const os = oIn ? goFormat(ov) : '';
    const ms = mIn ? goFormat(mv) : '';
    if (oIn && mIn && os === ms) {
      const value = diffMaps(oe!, me!, schema, options);
      if (value.size > 0) {
        value.set(mergeKey, mv);
        patch.push(value);
      }
      oi++;
      mi++;
    } else if (!oIn || (mIn && goStringLess(ms, os))) {
      if (!options.ignoreChangesAndAdditions) patch.push(me!);
      mi++;
    } else {
      if (!options.ignoreDeletions) deletions.push(new Map<string, JValue>([[mergeKey, ov], [directiveMarker, deleteDirective]]));
      oi++;
    }
  }
  return [patch, deletions];
}

function mapAndMergeKeyValue(item: JValue, mergeKey: string): [JMap, JValue] {
  if (!isMap(item)) throw errBadArgType(mapTypeName, item);
  if (!item.has(mergeKey)) throw errNoMergeKey(item, mergeKey);
  return [item, item.get(mergeKey)!];
}
