// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/conflict.go (v4.6.0)
import { FieldSet } from '../fieldpath/set.ts';
import type { VersionedSet } from '../fieldpath/managers.ts';
import { pathToString, type Path } from '../fieldpath/element.ts';
import { equalPaths } from '../fieldpath/path.ts';
import { compareStrings, quoteGo } from '../value/compare.ts';

/**
 * A field that an apply would change while another manager owns it. `path` is the field,
 * `manager` the current owner.
 */
export interface Conflict {
  readonly manager: string;
  readonly path: Path;
}

/** One conflict as Go's `Conflict.Error()`: `conflict with "m": .spec.x`. */
export function formatConflict(conflict: Conflict): string {
  return `conflict with ${quoteGo(conflict.manager)}: ${pathToString(conflict.path)}`;
}

/** Whether two conflicts name the same manager and the same path (Go `Conflict.Equals`). */
export function conflictEquals(a: Conflict, b: Conflict): boolean {
  if (a.manager !== b.manager) return false;
  return equalPaths(a.path, b.path);
}

/**
 * The message of a list of conflicts, exactly as Go's `Conflicts.Error()`: a single conflict
 * prints as {@link formatConflict}; otherwise the conflicts are grouped by manager, managers
 * sorted, each group headed `conflicts with "m":` and listing `- <path>` lines in the order given.
 */
export function formatConflicts(conflicts: readonly Conflict[]): string {
  const [only] = conflicts;
  if (conflicts.length === 1 && only !== undefined) return formatConflict(only);
  const byManager = new Map<string, Path[]>();
  for (const c of conflicts) {
    const paths = byManager.get(c.manager);
    if (paths) paths.push(c.path);
    else byManager.set(c.manager, [c.path]);
  }
  const managers = [...byManager.keys()].sort(compareStrings);
  const messages: string[] = [];
  for (const manager of managers) {
    messages.push(`conflicts with ${quoteGo(manager)}:`);
    for (const path of byManager.get(manager) ?? []) messages.push(`- ${pathToString(path)}`);
  }
  return messages.join('\n');
}

/** Whether two conflict lists are equal element by element, in order (Go `Conflicts.Equals`). */
export function conflictsEqual(a: readonly Conflict[], b: readonly Conflict[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((c, i) => {
    const other = b[i];
    return other !== undefined && conflictEquals(c, other);
  });
}

/** All the conflicting paths, whoever owns them, as one set (Go `Conflicts.ToSet`). */
export function conflictsToSet(conflicts: readonly Conflict[]): FieldSet {
  const set = FieldSet.of();
  for (const c of conflicts) set.insert(c.path);
  return set;
}

/**
 * The error a non-forced apply fails with when it would change fields other managers own (Go's
 * `merge.Conflicts`, which is itself the error). `message` is Go's text.
 */
export class ConflictsError extends Error {
  /** The conflicts, in the order they were found. */
  readonly conflicts: readonly Conflict[];

  constructor(conflicts: readonly Conflict[]) {
    super(formatConflicts(conflicts));
    this.name = 'ConflictsError';
    this.conflicts = conflicts;
  }

  /** The conflicting paths as one set. */
  toSet(): FieldSet {
    return conflictsToSet(this.conflicts);
  }

  /** Whether `other` lists the same conflicts in the same order. */
  equals(other: ConflictsError | readonly Conflict[]): boolean {
    return conflictsEqual(this.conflicts, other instanceof ConflictsError ? other.conflicts : other);
  }
}

/** Whether `err` is a {@link ConflictsError}. */
export function isConflictsError(err: unknown): err is ConflictsError {
  return err instanceof ConflictsError;
}

/**
 * One conflict per path of every manager's set (Go `ConflictsFromManagers`): managers in the
 * map's order, each manager's paths in the set's iteration order.
 */
export function conflictsFromManagers(sets: ReadonlyMap<string, VersionedSet>): ConflictsError {
  const conflicts: Conflict[] = [];
  for (const [manager, versioned] of sets) {
    versioned.set.iterate((path) => {
      conflicts.push({ manager, path: [...path] });
    });
  }
  return new ConflictsError(conflicts);
}
