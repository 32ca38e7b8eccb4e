// Behaviour of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (v1.36): the strategic merge
// patch functions — StrategicMergeMapPatch (what kube-apiserver applies to
// `application/strategic-merge-patch+json` bodies), CreateTwoWayMergeMapPatch and
// CreateThreeWayMergePatch (what kubectl apply/edit/set/patch send), and the sorting of merging
// lists upstream compares documents with.
import { errBadJSONDoc, errConflict, errPreconditionFailed, guardDepth, PatchError } from '../errors.ts';
import { fromPlain, isMap, toPlain, type JMap } from '../internal/json.ts';
import type { PreconditionFunc } from '../preconditions.ts';
import { sortMergeListsByNameMap } from './common.ts';
import { mergingMapsHaveConflicts } from './conflicts.ts';
import { diffMaps } from './diff.ts';
import { applyOptions, mergeMap } from './merge.ts';
import type { PatchMeta } from './meta.ts';

/** A JSON object as the engine reads it: null and undefined are empty; anything else is an error. */
function objectOf(v: unknown, error: () => PatchError): JMap {
  const m = fromPlain(v);
  if (m === null) return new Map();
  if (!isMap(m)) throw error();
  return m;
}

const notAnObject = (v: unknown) => () =>
  new PatchError('BadRequest', `json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v} into Go value of type map[string]interface {}`);

/**
 * Applies a strategic merge patch to `original` (a JSON object) and returns the result. Neither
 * input is modified; the result shares nothing with them. `meta` says how each field merges (see
 * patchMetaFromOpenApiV3). A null patch changes nothing. Throws a PatchError whose kind says how
 * kube-apiserver answers it (patchErrorToStatusError): `BadRequest` for a patch that is not an
 * object or a malformed $deleteFromPrimitiveList, $retainKeys or $setElementOrder; `Invalid` for
 * lists of lists; `Unknown` (500 with the message, as kube) for everything else — a list item
 * without its merge key, an unknown `$patch` value, a field missing from the schema.
 */
export function applyStrategicMergePatch(original: unknown, patch: unknown, meta: PatchMeta): Record<string, unknown> {
  return guardDepth(() => {
    const doc = objectOf(original, errBadJSONDoc);
    const p = objectOf(patch, notAnObject(patch));
    return toPlain(mergeMap(doc, p, meta, applyOptions)) as Record<string, unknown>;
  });
}

export interface TwoWayMergePatchOptions {
  /** Checks the created patch must pass (see requireKeyUnchanged). */
  readonly preconditions?: readonly PreconditionFunc[];
}

/**
 * Creates the strategic merge patch that turns `original` into `modified` (JSON objects; null or
 * undefined is an empty one), with $setElementOrder lists for changed merging lists. Throws a
 * PatchError (`PreconditionFailed` when a precondition rejects the patch).
 */
export function createTwoWayMergePatch(
  original: unknown,
  modified: unknown,
  meta: PatchMeta,
  options: TwoWayMergePatchOptions = {},
): Record<string, unknown> {
  return guardDepth(() => {
    const patch = diffMaps(objectOf(original, errBadJSONDoc), objectOf(modified, errBadJSONDoc), meta, { setElementOrder: true });
    checkPreconditions(patch, options.preconditions);
    return toPlain(patch) as Record<string, unknown>;
  });
}

export interface ThreeWayMergePatchOptions {
  /** Create the patch even when `current` changed what it changes (kubectl apply's default). */
  readonly overwrite?: boolean;
  /** Checks the created patch must pass (see requireKeyUnchanged). */
  readonly preconditions?: readonly PreconditionFunc[];
}

/**
 * Creates the patch `kubectl apply` sends: the changes from `current` (the live object) to
 * `modified` (the new configuration), without deletions, plus the deletions from `original` (the
 * last-applied configuration) to `modified`. Changes made only in `current` survive. Unless
 * `overwrite` is set, a patch that changes a field `current` changed differently since `original`
 * fails with a Conflict PatchError (see isConflictError).
 */
export function createThreeWayMergePatch(
  original: unknown,
  modified: unknown,
  current: unknown,
  meta: PatchMeta,
  options: ThreeWayMergePatchOptions = {},
): Record<string, unknown> {
  return guardDepth(() => threeWay(original, modified, current, meta, options));
}

function threeWay(original: unknown, modified: unknown, current: unknown, meta: PatchMeta, options: ThreeWayMergePatchOptions): Record<string, unknown> {
  const originalMap = objectOf(original, errBadJSONDoc);
  const modifiedMap = objectOf(modified, errBadJSONDoc);
  const currentMap = objectOf(current, errBadJSONDoc);

  // The delta from current (additions and changes), merged with the deletions from original.
  const delta = diffMaps(currentMap, modifiedMap, meta, { ignoreDeletions: true, setElementOrder: true });
  const deletions = diffMaps(originalMap, modifiedMap, meta, { setElementOrder: true, ignoreChangesAndAdditions: true });
  const patch = mergeMap(deletions, delta, meta, { mergeParallelList: false, ignoreUnmatchedNulls: false });

  checkPreconditions(patch, options.preconditions);
  if (!options.overwrite) {
    const changed = diffMaps(originalMap, currentMap, meta, {});
    // The check may reorder the patch's non-merging lists of scalars in place, as upstream's does.
    if (mergingMapsHaveConflicts(patch, changed, meta)) throw errConflict(patch, changed);
  }
  return toPlain(patch) as Record<string, unknown>;
}

function checkPreconditions(patch: JMap, preconditions: readonly PreconditionFunc[] | undefined): void {
  if (preconditions === undefined || preconditions.length === 0) return;
  const plain = toPlain(patch) as Record<string, unknown>;
  for (const fn of preconditions) {
    if (!fn(plain)) throw errPreconditionFailed(patch);
  }
}

/**
 * `doc` with its merging lists sorted (recursively): lists of maps by the `%v` text of their merge
 * key, lists of scalars deduplicated and by text; $retainKeys and $deleteFromPrimitiveList lists
 * sorted too. Upstream compares documents this way, since a merging list's order is not part of
 * its content.
 */
export function sortMergeLists(doc: unknown, meta: PatchMeta): Record<string, unknown> {
  return guardDepth(() => toPlain(sortMergeListsByNameMap(objectOf(doc, errBadJSONDoc), meta)) as Record<string, unknown>);
}
