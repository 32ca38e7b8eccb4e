// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/managers.go (v4.6.0)
import type { FieldSet } from './set.ts';

/** The version of an object or of a field set (Go `APIVersion`), e.g. `apps/v1`. */
export type APIVersion = string;

/**
 * What one manager owns (Go `VersionedSet`): the fields, the API version the paths are in, and
 * whether they were set by an apply (rather than an update). Immutable.
 */
export interface VersionedSet {
  readonly set: FieldSet;
  readonly apiVersion: APIVersion;
  readonly applied: boolean;
}

/** Go's `NewVersionedSet`. */
export function newVersionedSet(set: FieldSet, apiVersion: APIVersion, applied: boolean): VersionedSet {
  return Object.freeze({ set, apiVersion, applied });
}

/** Go's `ManagedFields`: manager name → what it owns, in what version. */
export type ManagedFields = Map<string, VersionedSet>;

/** Go's `ManagedFields.Equals`: the same managers with the same versions, applied flags and sets. */
export function managedFieldsEquals(lhs: ReadonlyMap<string, VersionedSet>, rhs: ReadonlyMap<string, VersionedSet>): boolean {
  if (lhs.size !== rhs.size) return false;
  for (const [manager, left] of lhs) {
    const right = rhs.get(manager);
    if (right === undefined) return false;
    if (left.apiVersion !== right.apiVersion || left.applied !== right.applied) return false;
    if (!left.set.equals(right.set)) return false;
  }
  return true;
}

/** Go's `ManagedFields.Copy`: a new map sharing the (immutable) versioned sets. */
export function copyManagedFields(m: ReadonlyMap<string, VersionedSet>): ManagedFields {
  return new Map(m);
}

/**
 * Go's `ManagedFields.Difference`, a symmetric difference per manager: a manager in one side
 * only is kept as is (unless its set is empty); a manager whose version differs gets `rhs`'s
 * entry; otherwise the symmetric difference of the two sets in `rhs`'s version, not applied,
 * left out when empty.
 */
export function managedFieldsDifference(lhs: ReadonlyMap<string, VersionedSet>, rhs: ReadonlyMap<string, VersionedSet>): ManagedFields {
  const diff: ManagedFields = new Map();
  for (const [manager, left] of lhs) {
    const right = rhs.get(manager);
    if (right === undefined) {
      if (!left.set.empty()) diff.set(manager, left);
      continue;
    }
    // Sets in different versions are not compared: the whole entry counts as changed.
    if (left.apiVersion !== right.apiVersion) {
      diff.set(manager, right);
      continue;
    }
    const newSet = left.set.difference(right.set).union(right.set.difference(left.set));
    if (!newSet.empty()) diff.set(manager, newVersionedSet(newSet, right.apiVersion, false));
  }
  for (const [manager, right] of rhs) {
    if (lhs.has(manager)) continue;
    if (!right.set.empty()) diff.set(manager, right);
  }
  return diff;
}

/**
 * Go's `ManagedFields.String()`: per manager, `name:` then `- Applied:`, `- APIVersion:` and
 * `- Set:` lines (managers in map order; Go's is random).
 */
export function managedFieldsToString(m: ReadonlyMap<string, VersionedSet>): string {
  let s = '';
  for (const [k, v] of m) {
    s += `${k}:\n- Applied: ${v.applied ? 'true' : 'false'}\n- APIVersion: ${v.apiVersion}\n- Set: ${v.set.toString()}\n`;
  }
  return s;
}
