// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/update.go (v4.6.0)
import { FieldSet, type EnsureNamedMemo } from '../fieldpath/set.ts';
import { newExcludeSetFilter, type Filter } from '../fieldpath/set-filter.ts';
import { newVersionedSet, type ManagedFields, type VersionedSet } from '../fieldpath/managers.ts';
import type { Schema, TypeRef } from '../schema/elements.ts';
import type { Comparison, TypedValue } from '../typed/typed.ts';
import { ValidationErrors } from '../typed/helpers.ts';
import { reconcileFieldSetWithSchema } from '../typed/reconcile-schema.ts';
import { toFieldSetWithSchema, type FieldSetMemo } from '../typed/tofieldset.ts';
import { equalValues } from '../value/compare.ts';
import { conflictsFromManagers } from './conflict.ts';

/**
 * Converts objects between the versions of one resource. The updater converts the live and new
 * objects to each manager's version to compare fields in the version the manager wrote them in.
 */
export interface Converter {
  /** `object` in `version`; throws when it cannot (an unknown version or a failed conversion). */
  convert(object: TypedValue, version: string): TypedValue;
  /**
   * Whether an error `convert` threw means the version no longer exists. Managers of such a
   * version are dropped (their fields can no longer be tracked) instead of failing the request.
   */
  isMissingVersionError(err: unknown): boolean;
}

/** Options of {@link newUpdater} (Go's `UpdaterBuilder`). */
export interface UpdaterOptions {
  /** Conversion between versions; without one, every version is taken to be the object's own. */
  converter?: Converter;
  /**
   * Per version, a filter that removes the fields no manager may own (kube's reset fields, e.g.
   * `.status` on the main resource). Exclusive with `ignoredFields`.
   */
  ignoreFilter?: ReadonlyMap<string, Filter>;
  /** Per version, the fields no manager may own. Exclusive with `ignoreFilter`. */
  ignoredFields?: ReadonlyMap<string, FieldSet>;
  /**
   * Return the merged object from `apply` even when it equals the live object, instead of `null`:
   * the deep comparison costs, and callers that detect no-op writes later can skip it.
   */
  returnInputOnNoop?: boolean;
}

/** What {@link Updater.update} returns: the object to persist and the new managed fields. */
export interface UpdateResult {
  readonly object: TypedValue;
  readonly managers: ManagedFields;
}

/** What {@link Updater.apply} returns; `object` is `null` when the apply changes nothing. */
export interface ApplyResult {
  readonly object: TypedValue | null;
  readonly managers: ManagedFields;
}

const identityConverter: Converter = {
  convert: (object) => object,
  isMissingVersionError: () => false,
};

const bothIgnoreOptions = 'IgnoreFilter and IgnoreFilter may not both be set';

/** `convert`, or `undefined` when the version is missing; other conversion errors propagate. */
function convertOrMissing(converter: Converter, object: TypedValue, version: string): TypedValue | undefined {
  try {
    return converter.convert(object, version);
  } catch (err) {
    if (converter.isMissingVersionError(err)) return undefined;
    throw err;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Calls `fn`; an error it throws is rethrown as `${prefix}: ${message}` (Go's `%v` wrapping). */
function wrapped<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new Error(`${prefix}: ${messageOf(err)}`, { cause: err });
  }
}

/**
 * The field sets one prune computes. Go's algorithm asks for the sets of the merged object and
 * of objects made from it by removing a few items, which share most of their containers: each
 * container is walked once, and each shared subset ensured once (results are read only here).
 */
class PruneSets {
  readonly #sets = new Map<TypedValue, FieldSet>();
  readonly #values: FieldSetMemo = new Map();
  readonly #ensured: EnsureNamedMemo = new Map();

  /** `tv.toFieldSet()`, its errors prefixed with `message`. */
  of(tv: TypedValue, message: string): FieldSet {
    let set = this.#sets.get(tv);
    if (set === undefined) {
      set = wrapped(message, () => {
        const { set, errs } = toFieldSetWithSchema(tv.schema, tv.typeRef, tv.value, this.#values);
        if (errs.length !== 0) throw new ValidationErrors(errs);
        return set;
      });
      this.#sets.set(tv, set);
    }
    return set;
  }

  /** `set.ensureNamedFieldsAreMembers(schema, typeRef)`. */
  ensure(set: FieldSet, schema: Schema, typeRef: TypeRef): FieldSet {
    return set.ensureNamedFieldsAreMembers(schema, typeRef, this.#ensured);
  }
}

/**
 * Computes the managed fields of a write and merges applied configurations (Go's `merge.Updater`).
 * Neither method mutates the objects or the managers map it is given. The managers' sets are
 * taken as immutable (unchanged ones are shared into the result): a set found to need no
 * reconciling with the schema is not walked again.
 */
export class Updater {
  /** The converter between versions. */
  readonly converter: Converter;
  /** Per version, the fields nobody owns (see {@link UpdaterOptions.ignoredFields}). */
  readonly ignoredFields: ReadonlyMap<string, FieldSet> | undefined;
  /** Per version, the filter of fields nobody owns (see {@link UpdaterOptions.ignoreFilter}). */
  readonly ignoreFilter: ReadonlyMap<string, Filter> | undefined;
  readonly #returnInputOnNoop: boolean;
  // Sets that needed no reconciling with the schema, with the schema and type they were checked at.
  readonly #reconciled = new WeakMap<FieldSet, { schema: Schema; typeRef: TypeRef }>();

  constructor(options: UpdaterOptions = {}) {
    this.converter = options.converter ?? identityConverter;
    this.ignoredFields = options.ignoredFields;
    this.ignoreFilter = options.ignoreFilter;
    this.#returnInputOnNoop = options.returnInputOnNoop ?? false;
  }

  /** The comparison with the fields ignored at `version` taken out. */
  #filterComparison(compare: Comparison, version: string): Comparison {
    if (this.ignoredFields !== undefined) return compare.excludeFields(this.ignoredFields.get(version));
    return compare.filterFields(this.ignoreFilter?.get(version));
  }

  /** The filter removing the fields ignored at `version`, if any. */
  #ignoreFilterAt(version: string): Filter | undefined {
    if (this.ignoredFields !== undefined && this.ignoreFilter !== undefined) throw new Error(bothIgnoreOptions);
    if (this.ignoredFields !== undefined) {
      const set = this.ignoredFields.get(version);
      return newExcludeSetFilter(set ?? FieldSet.of());
    }
    return this.ignoreFilter?.get(version);
  }

  /**
   * Takes the fields `workflow` changes away from the other managers (or fails with their
   * conflicts unless `force`), and drops the fields the change removed from everybody's sets.
   * Mutates and returns `managers`, a map the caller owns.
   */
  #update(
    oldObject: TypedValue,
    newObject: TypedValue,
    version: string,
    managers: Map<string, VersionedSet>,
    workflow: string,
    force: boolean,
  ): { managers: Map<string, VersionedSet>; compare: Comparison } {
    const conflicts: ManagedFields = new Map();
    const removed = new Map<string, VersionedSet>();
    const compare = wrapped('failed to compare objects', () => oldObject.compare(newObject));

    if (this.ignoredFields !== undefined && this.ignoreFilter !== undefined) throw new Error(bothIgnoreOptions);
    const versions = new Map<string, Comparison>([[version, this.#filterComparison(compare, version)]]);

    for (const [manager, managerSet] of managers) {
      if (manager === workflow) continue;
      let versioned = versions.get(managerSet.apiVersion);
      if (versioned === undefined) {
        const versionedOld = this.#convertForCompare(oldObject, managerSet.apiVersion, 'failed to convert old object');
        if (versionedOld === undefined) {
          managers.delete(manager);
          continue;
        }
        const versionedNew = this.#convertForCompare(newObject, managerSet.apiVersion, 'failed to convert new object');
        if (versionedNew === undefined) {
          managers.delete(manager);
          continue;
        }
        const c = wrapped('failed to compare objects', () => versionedOld.compare(versionedNew));
        versioned = this.#filterComparison(c, managerSet.apiVersion);
        versions.set(managerSet.apiVersion, versioned);
      }

      const conflictSet = managerSet.set.intersection(versioned.modified.union(versioned.added));
      if (!conflictSet.empty()) {
        conflicts.set(manager, newVersionedSet(conflictSet, managerSet.apiVersion, false));
      }
      if (!versioned.removed.empty()) {
        removed.set(manager, newVersionedSet(versioned.removed, managerSet.apiVersion, false));
      }
    }

    if (!force && conflicts.size !== 0) throw conflictsFromManagers(conflicts);

    for (const changes of [conflicts, removed]) {
      for (const [manager, changed] of changes) {
        const current = managers.get(manager);
        if (current === undefined) continue;
        const rest = current.set.difference(changed.set);
        managers.set(manager, newVersionedSet(rest, current.apiVersion, current.applied));
      }
    }

    for (const [manager, set] of managers) {
      if (set.set.empty()) managers.delete(manager);
    }
    return { managers, compare };
  }

  #convertForCompare(object: TypedValue, version: string, prefix: string): TypedValue | undefined {
    try {
      return this.converter.convert(object, version);
    } catch (err) {
      if (this.converter.isMissingVersionError(err)) return undefined;
      throw new Error(`${prefix}: ${messageOf(err)}`, { cause: err });
    }
  }

  /**
   * Records a CREATE/UPDATE/PATCH: `manager` takes over every field the write changed (from
   * whoever owned it — updates never conflict) and keeps its other fields, minus the ones removed.
   * `newObject` is the object about to be persisted, `liveObject` the current one (empty on create).
   * Returns `newObject` unchanged and the new managed fields.
   */
  update(
    liveObject: TypedValue,
    newObject: TypedValue,
    version: string,
    managers: ManagedFields,
    manager: string,
  ): UpdateResult {
    const reconciled = this.#reconcileManagedFieldsWithSchemaChanges(liveObject, managers);
    const { managers: updated, compare } = this.#update(liveObject, newObject, version, reconciled, manager, true);
    const previous = updated.get(manager) ?? newVersionedSet(FieldSet.of(), version, false);
    let set = previous.set.difference(compare.removed).union(compare.modified).union(compare.added);

    const ignoreFilter = this.#ignoreFilterAt(version);
    if (ignoreFilter !== undefined) set = ignoreFilter.filter(set);

    if (set.empty()) updated.delete(manager);
    else updated.set(manager, newVersionedSet(set, version, false));
    return { object: newObject, managers: updated };
  }

  /**
   * Runs a server-side apply of `configObject` by `manager`: merges it into `liveObject`, prunes
   * the fields the manager applied last time and no longer does (unless someone else owns them),
   * and moves ownership. Without `force`, changing a field another manager owns throws a
   * {@link ConflictsError}; with it, the field changes hands. The returned object is `null` when
   * the result equals `liveObject` (unless `returnInputOnNoop`).
   */
  apply(
    liveObject: TypedValue,
    configObject: TypedValue,
    version: string,
    managers: ManagedFields,
    manager: string,
    force: boolean,
  ): ApplyResult {
    const reconciled = this.#reconcileManagedFieldsWithSchemaChanges(liveObject, managers);
    let newObject = wrapped('failed to merge config', () => liveObject.merge(configObject));
    const lastSet = reconciled.get(manager);
    let set = wrapped('failed to get field set', () => configObject.toFieldSet());

    const ignoreFilter = this.#ignoreFilterAt(version);
    if (ignoreFilter !== undefined) set = ignoreFilter.filter(set);

    reconciled.set(manager, newVersionedSet(set, version, true));
    newObject = wrapped('failed to prune fields', () => this.#prune(newObject, reconciled, manager, lastSet));
    const { managers: updated } = this.#update(liveObject, newObject, version, reconciled, manager, force);
    if (!this.#returnInputOnNoop && equalValues(liveObject.asValue(), newObject.asValue())) {
      return { object: null, managers: updated };
    }
    return { object: newObject, managers: updated };
  }

  /**
   * Removes a field, list or map item iff `applyingManager` applied it last time, did not apply
   * it this time, and no other manager claims it.
   */
  #prune(
    merged: TypedValue,
    managers: ManagedFields,
    applyingManager: string,
    lastSet: VersionedSet | undefined,
  ): TypedValue {
    if (lastSet === undefined || lastSet.set.empty()) return merged;
    const version = lastSet.apiVersion;
    let convertedMerged: TypedValue | undefined;
    try {
      convertedMerged = convertOrMissing(this.converter, merged, version);
    } catch (err) {
      throw new Error(`failed to convert merged object to last applied version: ${messageOf(err)}`, { cause: err });
    }
    if (convertedMerged === undefined) return merged;

    const { schema, typeRef } = convertedMerged;
    const sets = new PruneSets();
    let pruned = convertedMerged.removeItems(sets.ensure(lastSet.set, schema, typeRef));
    pruned = wrapped('failed add back owned items', () =>
      this.#addBackOwnedItems(convertedMerged, pruned, version, managers, sets),
    );
    pruned = wrapped('failed add back dangling items', () =>
      this.#addBackDanglingItems(convertedMerged, pruned, lastSet, sets),
    );
    const applying = managers.get(applyingManager);
    return this.converter.convert(pruned, applying?.apiVersion ?? version);
  }

  /**
   * Adds back the fields, list and map items prune removed that other appliers or updaters (or the
   * applier's new configuration) own.
   */
  #addBackOwnedItems(
    merged: TypedValue,
    pruned: TypedValue,
    prunedVersion: string,
    managedFields: ManagedFields,
    sets: PruneSets,
  ): TypedValue {
    const managedAtVersion = new Map<string, FieldSet>();
    for (const managerSet of managedFields.values()) {
      const current = managedAtVersion.get(managerSet.apiVersion);
      managedAtVersion.set(managerSet.apiVersion, current === undefined ? managerSet.set : current.union(managerSet.set));
    }
    // The pruned version first: fields prune removed may be needed to convert to other versions.
    let state = { merged, pruned };
    const atPruned = managedAtVersion.get(prunedVersion);
    if (atPruned !== undefined) {
      state = this.#addBackOwnedItemsForVersion(state.merged, state.pruned, prunedVersion, atPruned, sets);
      managedAtVersion.delete(prunedVersion);
    }
    for (const [version, managed] of managedAtVersion) {
      state = this.#addBackOwnedItemsForVersion(state.merged, state.pruned, version, managed, sets);
    }
    return state.pruned;
  }

  #addBackOwnedItemsForVersion(
    merged: TypedValue,
    pruned: TypedValue,
    version: string,
    managed: FieldSet,
    sets: PruneSets,
  ): { merged: TypedValue; pruned: TypedValue } {
    let convertedMerged: TypedValue | undefined;
    try {
      convertedMerged = convertOrMissing(this.converter, merged, version);
    } catch (err) {
      throw new Error(`failed to convert merged object at version ${version}: ${messageOf(err)}`, { cause: err });
    }
    if (convertedMerged === undefined) return { merged, pruned };
    let convertedPruned: TypedValue | undefined;
    try {
      convertedPruned = convertOrMissing(this.converter, pruned, version);
    } catch (err) {
      throw new Error(`failed to convert pruned object at version ${version}: ${messageOf(err)}`, { cause: err });
    }
    // (Go hands back nil objects here, which then fail; we leave both as they were.)
    if (convertedPruned === undefined) return { merged, pruned };

    const m = convertedMerged;
    const mergedSet = sets.of(m, `failed to create field set from merged object at version ${version}`);
    const prunedSet = sets.of(convertedPruned, `failed to create field set from pruned object at version ${version}`);
    const { schema, typeRef } = m;
    const keep = sets.ensure(prunedSet, schema, typeRef).union(sets.ensure(managed, schema, typeRef));
    const result = m.removeItems(sets.ensure(mergedSet, schema, typeRef).difference(keep));
    return { merged: m, pruned: result };
  }

  /**
   * Keeps prune from removing what the applier did not own last time: fields, list and map items
   * that are unowned or owned by updaters are added back.
   */
  #addBackDanglingItems(merged: TypedValue, pruned: TypedValue, lastSet: VersionedSet, sets: PruneSets): TypedValue {
    let convertedPruned: TypedValue | undefined;
    try {
      convertedPruned = convertOrMissing(this.converter, pruned, lastSet.apiVersion);
    } catch (err) {
      throw new Error(`failed to convert pruned object to last applied version: ${messageOf(err)}`, { cause: err });
    }
    if (convertedPruned === undefined) return merged;
    const prunedSet = sets.of(convertedPruned, 'failed to create field set from pruned object in last applied version');
    const mergedSet = sets.of(merged, 'failed to create field set from merged object in last applied version');
    const { schema, typeRef } = merged;
    const last = sets.ensure(lastSet.set, schema, typeRef);
    return merged.removeItems(
      sets.ensure(mergedSet, schema, typeRef).difference(sets.ensure(prunedSet, schema, typeRef)).intersection(last),
    );
  }

  /**
   * The managed fields adjusted to schema changes since they were written (a type turned from
   * atomic to granular or back). Managers of versions that no longer exist are dropped. Always
   * a new map.
   */
  #reconcileManagedFieldsWithSchemaChanges(liveObject: TypedValue, managers: ManagedFields): Map<string, VersionedSet> {
    const result = new Map<string, VersionedSet>();
    for (const [manager, versionedSet] of managers) {
      // Obsolete versions are skipped: their managers are deleted on the way anyway.
      const tv = convertOrMissing(this.converter, liveObject, versionedSet.apiVersion);
      if (tv === undefined) continue;
      const known = this.#reconciled.get(versionedSet.set);
      if (known !== undefined && known.schema === tv.schema && known.typeRef === tv.typeRef) {
        result.set(manager, versionedSet);
        continue;
      }
      const reconciled = reconcileFieldSetWithSchema(versionedSet.set, tv);
      if (reconciled === null) this.#reconciled.set(versionedSet.set, { schema: tv.schema, typeRef: tv.typeRef });
      result.set(
        manager,
        reconciled ? newVersionedSet(reconciled, versionedSet.apiVersion, versionedSet.applied) : versionedSet,
      );
    }
    return result;
  }
}

/** A new {@link Updater} (Go's `UpdaterBuilder.BuildUpdater`). */
export function newUpdater(options: UpdaterOptions = {}): Updater {
  return new Updater(options);
}
