// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (v1.36) MergingMapsHaveConflicts:
// whether two strategic merge patches change a common field differently, as a three-way create
// checks its patch against the changes made from original to current. Like upstream, comparing two
// non-merging lists of scalars deduplicates and sorts both in place.
import { unknownError } from '../errors.ts';
import { deepEqual, goFormat, goFormatS, isList, isMap, type JMap, type JValue } from '../internal/json.ts';
import {
  deduplicateAndSortScalars,
  directiveMarker,
  extractRetainKeysPatchStrategy,
  mergeDirective,
  replaceDirective,
  retainKeysDirective,
  sliceElementType,
} from './common.ts';
import type { PatchMeta } from './meta.ts';

/** True when `left` and `right` set a common key to different values (strategic semantics). */
export function mergingMapsHaveConflicts(left: JMap, right: JMap, schema: PatchMeta): boolean {
  return fieldsHaveConflicts(left, right, schema, '', '');
}

function fieldsHaveConflicts(left: JValue | undefined, right: JValue | undefined, schema: PatchMeta | undefined, strategy: string, mergeKey: string): boolean {
  if (isMap(left)) {
    if (!isMap(right)) return true;
    const leftMarker = left.has(directiveMarker);
    const rightMarker = right.has(directiveMarker);
    // A directive acts on the whole map: one side with it, or different ones, conflict.
    if (leftMarker || rightMarker) {
      if (leftMarker !== rightMarker || left.get(directiveMarker) !== right.get(directiveMarker)) return true;
    }
    if (strategy === replaceDirective) return false;
    return mapsHaveConflicts(left, right, schema);
  }
  if (isList(left)) {
    if (!isList(right)) return true;
    return slicesHaveConflicts(left, right, schema, strategy, mergeKey);
  }
  return !deepEqual(left, right);
}

function mapsHaveConflicts(left: JMap, right: JMap, schema: PatchMeta | undefined): boolean {
  for (const [key, leftValue] of left) {
    if (key === directiveMarker || key === retainKeysDirective || !right.has(key)) continue;
    let sub: PatchMeta | undefined;
    let strategy = '';
    let mergeKey = '';
    if (isList(leftValue) || isMap(leftValue)) {
      if (schema === undefined) throw unknownError('no schema to look up the patch metadata');
      const field = isList(leftValue) ? schema.lookupSlice(key) : schema.lookupStruct(key);
      sub = field.meta;
      mergeKey = field.patchMergeKey;
      [, strategy] = extractRetainKeysPatchStrategy(field.patchStrategies);
    }
    if (fieldsHaveConflicts(leftValue, right.get(key), sub, strategy, mergeKey)) return true;
  }
  return false;
}

function slicesHaveConflicts(left: JValue[], right: JValue[], schema: PatchMeta | undefined, strategy: string, mergeKey: string): boolean {
  const kind = sliceElementType(left, right);
  if (strategy === mergeDirective) {
    // Merging lists of scalars never conflict; merging lists of maps compare item by merge key.
    if (kind !== 'map') return false;
    const leftMap = byMergeKey(left, mergeKey);
    const rightMap = byMergeKey(right, mergeKey);
    for (const [key, leftValue] of leftMap) {
      if (rightMap.has(key) && fieldsHaveConflicts(leftValue, rightMap.get(key), schema, '', '')) return true;
    }
    return false;
  }
  if (left.length !== right.length) return true;
  let l = left;
  let r = right;
  if (kind !== 'map') {
    l = deduplicateAndSortScalars(left);
    r = deduplicateAndSortScalars(right);
  }
  for (let i = 0; i < l.length; i++) if (fieldsHaveConflicts(l[i], r[i], schema, '', '')) return true;
  return false;
}

/** sliceOfMapsToMapOfMaps: the items keyed by the `%s` text of their merge key value. */
function byMergeKey(slice: JValue[], mergeKey: string): Map<string, JMap> {
  const result = new Map<string, JMap>();
  for (const value of slice) {
    if (!isMap(value)) throw unknownError(`invalid element type in merging list:${goFormat(slice)}`);
    if (!value.has(mergeKey)) throw unknownError(`cannot find merge key \`${mergeKey}\` in merging list element:${goFormat(value)}`);
    result.set(goFormatS(value.get(mergeKey)), value);
  }
  return result;
}
