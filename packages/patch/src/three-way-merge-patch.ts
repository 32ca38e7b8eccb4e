// Behaviour of k8s.io/apimachinery/pkg/util/jsonmergepatch/patch.go (v1.36)
// CreateThreeWayJSONMergePatch: how `kubectl apply` patches objects without a strategic schema
// (custom resources): additions and changes from current to modified, deletions from original to
// modified, and a conflict when one patch deletes what the other sets.
import { errConflict, errPreconditionFailed, guardDepth, PatchError } from './errors.ts';
import { fromPlain, isMap, toPlain, type JMap, type JValue } from './internal/json.ts';
import { getDiff, mergePatchValue } from './merge-patch.ts';
import { hasConflicts, type PreconditionFunc } from './preconditions.ts';

export interface ThreeWayJsonMergePatchOptions {
  /** Checks the created patch must pass (see requireKeyUnchanged). */
  readonly preconditions?: readonly PreconditionFunc[];
}

/**
 * Creates the JSON merge patch `kubectl apply` sends for a resource without a strategic schema:
 * `original` is the last-applied configuration, `modified` the new one, `current` the live object
 * (each a JSON object; null or undefined is an empty one). Throws a PatchError: `Conflict` when a
 * change from current to modified touches a field that original to modified deletes,
 * `PreconditionFailed` when a precondition rejects the patch.
 */
export function createThreeWayJsonMergePatch(
  original: unknown,
  modified: unknown,
  current: unknown,
  options: ThreeWayJsonMergePatchOptions = {},
): Record<string, unknown> {
  return guardDepth(() => create(original, modified, current, options));
}

function create(original: unknown, modified: unknown, current: unknown, options: ThreeWayJsonMergePatchOptions): Record<string, unknown> {
  const doc = (v: unknown, what: string): JMap => {
    const d = fromPlain(v);
    if (d === null) return new Map();
    if (!isMap(d)) throw new PatchError('Unknown', `${what}: Invalid JSON Document`);
    return d;
  };
  const originalDoc = doc(original, 'original');
  const modifiedDoc = doc(modified, 'modified');
  const currentDoc = doc(current, 'current');

  // Only additions and changes from current, only deletions from original.
  const addAndChange = keepOrDeleteNull(getDiff(currentDoc, modifiedDoc), false);
  const deletions = keepOrDeleteNull(getDiff(originalDoc, modifiedDoc), true);
  if (hasConflicts(addAndChange, deletions)) throw errConflict(addAndChange, deletions);

  const patch = mergePatchValue(deletions, addAndChange) as JMap;
  const plain = toPlain(patch) as Record<string, unknown>;
  for (const fn of options.preconditions ?? []) {
    if (!fn(plain)) throw errPreconditionFailed(patch);
  }
  return plain;
}

/** keepOrDeleteNullInObj: only the nulls (deletions), or everything but the nulls. */
function keepOrDeleteNull(m: JMap, keepNull: boolean): JMap {
  const filtered: JMap = new Map();
  for (const [key, val] of m) {
    if (val === null) {
      if (keepNull) filtered.set(key, null);
    } else if (isMap(val)) {
      // An explicitly empty object is a value, not an empty patch.
      if (val.size === 0) {
        if (!keepNull) filtered.set(key, val);
        continue;
      }
      const sub = keepOrDeleteNull(val, keepNull);
      if (sub.size !== 0) filtered.set(key, sub);
    } else if (!keepNull) {
      filtered.set(key, val as JValue);
    }
  }
  return filtered;
}
