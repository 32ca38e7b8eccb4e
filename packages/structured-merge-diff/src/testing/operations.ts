// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state.go (v4.6.0): the operations
import { FieldSet } from '../fieldpath/set.ts';
import type { Schema } from '../schema/elements.ts';
import { conflictEquals, formatConflicts, isConflictsError, type Conflict } from '../merge/conflict.ts';
import { allowDuplicates, asTyped, type TypedValue } from '../typed/typed.ts';
import { fixTabsOrDie } from './fix-tabs.ts';
import type { Parser, State } from './state.ts';

/**
 * A step of a table-driven test. `run` changes the state (throwing what the updater throws);
 * `preprocess` parses the step's YAML ahead of time so a benchmark times only the merge.
 */
export interface Operation {
  run(state: State): void;
  preprocess(parser: Parser): Operation;
}

/** The fields of an operation on a YAML object. */
export interface YAMLOperationOptions {
  readonly manager: string;
  readonly apiVersion: string;
  /** The object, YAML indented with tabs (see `fixTabsOrDie`). */
  readonly object: string;
}

/** The fields of an operation on an already parsed object. */
export interface ObjectOperationOptions {
  readonly manager: string;
  readonly apiVersion: string;
  readonly object: TypedValue;
}

/** A non-forced apply; `conflicts`, when given, are the conflicts it must fail with (none: it must succeed). */
export interface ApplyOptions extends YAMLOperationOptions {
  readonly conflicts?: readonly Conflict[];
}

/** {@link ApplyOptions} with the object parsed. */
export interface ApplyObjectOptions extends ObjectOperationOptions {
  readonly conflicts?: readonly Conflict[];
}

function hasConflict(conflicts: readonly Conflict[], conflict: Conflict): boolean {
  return conflicts.some((c) => conflictEquals(conflict, c));
}

/** The conflicts of `other` that `one` lacks. */
function addedConflicts(one: readonly Conflict[], other: readonly Conflict[]): Conflict[] {
  return other.filter((c) => !hasConflict(one, c));
}

/**
 * A non-forced apply of `object` by `manager` (Go `fixture.Apply`). Without `conflicts` any error
 * fails the step; with them, the apply must fail with exactly those conflicts (in any order), or
 * succeed when the list is empty.
 */
export function apply(options: ApplyOptions): Operation {
  const op: Operation = {
    run: (state) => op.preprocess(state.parser).run(state),
    preprocess: (parser) => {
      const tv = parser.type(options.apiVersion).fromYAML(fixTabsOrDie(options.object));
      return applyObject({ ...options, object: tv });
    },
  };
  return op;
}

/** {@link apply} of a parsed object (Go `fixture.ApplyObject`). */
export function applyObject(options: ApplyObjectOptions): Operation {
  const op: Operation = {
    run: (state) => {
      let got: readonly Conflict[] = [];
      try {
        state.applyObject(options.object, options.apiVersion, options.manager, false);
      } catch (err) {
        if (!isConflictsError(err) || options.conflicts === undefined) throw err;
        got = err.conflicts;
      }
      const want = options.conflicts;
      if (want === undefined) return;
      const added = addedConflicts(want, got);
      const removed = addedConflicts(got, want);
      if (added.length !== 0 || removed.length !== 0) {
        throw new Error(
          `Expected conflicts:\n${formatConflicts(want)}\ngot\n${formatConflicts(got)}\nadded:\n` +
            `${formatConflicts(added)}\nremoved:\n${formatConflicts(removed)}`,
        );
      }
    },
    preprocess: () => op,
  };
  return op;
}

/** A forced apply of `object` by `manager` (Go `fixture.ForceApply`): takes over conflicting fields. */
export function forceApply(options: YAMLOperationOptions): Operation {
  return {
    run: (state) => state.apply(options.object, options.apiVersion, options.manager, true),
    preprocess: (parser) => {
      const tv = parser.type(options.apiVersion).fromYAML(fixTabsOrDie(options.object));
      return forceApplyObject({ ...options, object: tv });
    },
  };
}

/** {@link forceApply} of a parsed object (Go `fixture.ForceApplyObject`). */
export function forceApplyObject(options: ObjectOperationOptions): Operation {
  const op: Operation = {
    run: (state) => state.applyObject(options.object, options.apiVersion, options.manager, true),
    preprocess: () => op,
  };
  return op;
}

/**
 * The extract-modify-apply cycle of a client (Go `fixture.ExtractApply`): extract what `manager`
 * owns from the live object, merge `object` over it, and force-apply the result.
 */
export function extractApply(options: YAMLOperationOptions): Operation {
  const op: Operation = {
    run: (state) => op.preprocess(state.parser).run(state),
    preprocess: (parser) => {
      const tv = parser.type(options.apiVersion).fromYAML(fixTabsOrDie(options.object));
      return extractApplyObject({ ...options, object: tv });
    },
  };
  return op;
}

/** {@link extractApply} of a parsed object (Go `fixture.ExtractApplyObject`). */
export function extractApplyObject(options: ObjectOperationOptions): Operation {
  const op: Operation = {
    run: (state) => {
      if (state.live === null) {
        state.applyObject(options.object, options.apiVersion, options.manager, true);
        return;
      }
      const current = state.updater.converter.convert(state.live, options.apiVersion);
      let set = FieldSet.of();
      const mgr = state.managers.get(options.manager);
      if (mgr !== undefined) {
        // A set of another version cannot be extracted.
        if (mgr.apiVersion !== options.apiVersion) {
          throw new Error(
            `existing managed fieldpath set APIVersion (${mgr.apiVersion}) differs from desired ` +
              `(${options.apiVersion}), unable to extract`,
          );
        }
        // Extracting a non-leaf path takes everything under it: keep the leaves only.
        set = mgr.set.leaves();
      }
      const extracted = current.extractItems(set);
      const obj = extracted.merge(options.object);
      state.applyObject(obj, options.apiVersion, options.manager, true);
    },
    preprocess: () => op,
  };
  return op;
}

/** A non-apply write of `object` by `manager` (Go `fixture.Update`); duplicates are allowed. */
export function update(options: YAMLOperationOptions): Operation {
  return {
    run: (state) => state.update(options.object, options.apiVersion, options.manager),
    preprocess: (parser) => {
      const tv = parser.type(options.apiVersion).fromYAML(fixTabsOrDie(options.object), allowDuplicates);
      return updateObject({ ...options, object: tv });
    },
  };
}

/** {@link update} of a parsed object (Go `fixture.UpdateObject`). */
export function updateObject(options: ObjectOperationOptions): Operation {
  const op: Operation = {
    run: (state) => state.updateObject(options.object, options.apiVersion, options.manager),
    preprocess: () => op,
  };
  return op;
}

/** A parser that also carries its schema, as a typed `Parser` does. */
export interface SchemaParser extends Parser {
  readonly schema: Schema;
}

/**
 * Swaps the schema without a new version (Go `fixture.ChangeParser`), to test compatible schema
 * changes such as making a struct atomic. The live object is re-typed with the new schema and
 * must validate against it.
 */
export function changeParser(options: { readonly parser: SchemaParser }): Operation {
  const op: Operation = {
    run: (state) => {
      state.parser = options.parser;
      const live = state.live;
      if (live === null) throw new Error('ChangeParser needs a live object');
      state.live = asTyped(live.asValue(), options.parser.schema, live.typeRef);
    },
    preprocess: () => op,
  };
  return op;
}
