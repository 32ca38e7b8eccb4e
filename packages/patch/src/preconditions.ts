// Behaviour of k8s.io/apimachinery/pkg/util/mergepatch/util.go (v1.36): the preconditions kubectl
// puts on the patches it creates, and HasConflicts for JSON merge patches.
import { deepEqual, isList, isMap, type JValue } from './internal/json.ts';

/**
 * A check on a created patch (a plain JSON object); false fails the create function with a
 * PreconditionFailed error. kubectl uses these to refuse patches that change apiVersion, kind or
 * metadata.name.
 */
export type PreconditionFunc = (patch: Record<string, unknown>) => boolean;

/** Fails when the patch sets `key` (its value changed). */
export function requireKeyUnchanged(key: string): PreconditionFunc {
  return (patch) => !Object.hasOwn(patch, key);
}

/** Fails when the patch sets `metadata.<key>`. */
export function requireMetadataKeyUnchanged(key: string): PreconditionFunc {
  return (patch) => {
    const metadata = Object.hasOwn(patch, 'metadata') ? patch['metadata'] : undefined;
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return true;
    return !Object.hasOwn(metadata, key);
  };
}

/**
 * mergepatch.HasConflicts: whether two JSON merge patches set a common key to different values
 * (lists conflict unless equal item by item; an object against anything else conflicts).
 */
export function hasConflicts(left: JValue | undefined, right: JValue | undefined): boolean {
  if (isMap(left)) {
    if (!isMap(right)) return true;
    for (const [key, lv] of left) {
      if (right.has(key) && hasConflicts(lv, right.get(key))) return true;
    }
    return false;
  }
  if (isList(left)) {
    if (!isList(right) || left.length !== right.length) return true;
    for (let i = 0; i < left.length; i++) if (hasConflicts(left[i], right[i])) return true;
    return false;
  }
  return !deepEqual(left, right);
}
