// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state.go (v4.6.0): TestCase
import type { FieldSet } from '../fieldpath/set.ts';
import type { Filter } from '../fieldpath/set-filter.ts';
import { managedFieldsDifference, managedFieldsToString, type ManagedFields } from '../fieldpath/managers.ts';
import type { TypedValue } from '../typed/typed.ts';
import { Updater, type Converter, type UpdaterOptions } from '../merge/update.ts';
import type { Operation } from './operations.ts';
import { newState, type Parser, type State } from './state.ts';

/**
 * A table-driven merge test (Go `fixture.TestCase`): operations run in order on an empty
 * object, then the live object and managed fields are checked against the expectations given.
 */
export interface TestCase {
  /** The operations, run in order. {@link preprocessOperations} replaces them with parsed ones. */
  ops: Operation[];
  /** When given (non-empty), the live object expected at the end, as YAML in `apiVersion`. */
  object?: string;
  /** The version `object` is written in. */
  apiVersion?: string;
  /** When given, the managed fields expected at the end. */
  managed?: ManagedFields;
  /** The updater's `returnInputOnNoop` (apply returns the object even when nothing changed). */
  returnInputOnNoop?: boolean;
  /** Per version, filters of fields nobody owns. Exclusive with `ignoredFields`. */
  ignoreFilter?: ReadonlyMap<string, Filter>;
  /** Per version, fields nobody owns. Exclusive with `ignoreFilter`. */
  ignoredFields?: ReadonlyMap<string, FieldSet>;
}

/** The fixture's converter: no conversion, but a version must be given (Go `dummyConverter`). */
export const dummyConverter: Converter = {
  convert(v: TypedValue, version: string): TypedValue {
    if (version.length === 0) throw new Error(`cannot convert to invalid version: ${JSON.stringify(version)}`);
    return v;
  },
  isMissingVersionError: () => false,
};

function updaterFor(tc: TestCase, converter: Converter): Updater {
  const options: UpdaterOptions = { converter };
  if (tc.ignoreFilter !== undefined) options.ignoreFilter = tc.ignoreFilter;
  if (tc.ignoredFields !== undefined) options.ignoredFields = tc.ignoredFields;
  if (tc.returnInputOnNoop !== undefined) options.returnInputOnNoop = tc.returnInputOnNoop;
  return new Updater(options);
}

function runOps(tc: TestCase, parser: Parser, converter: Converter): State {
  const state = newState({ updater: updaterFor(tc, converter), parser });
  tc.ops.forEach((op, i) => {
    try {
      op.run(state);
    } catch (err) {
      throw new Error(`failed operation ${i}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  });
  return state;
}

/** Runs `tc` with `parser` and the {@link dummyConverter}; throws a description of the first failure. */
export function runTestCase(tc: TestCase, parser: Parser): void {
  runTestCaseWithConverter(tc, parser, dummyConverter);
}

/** Runs `tc` with `parser` and `converter`; throws a description of the first failure. */
export function runTestCaseWithConverter(tc: TestCase, parser: Parser, converter: Converter): void {
  const state = runOps(tc, parser, converter);

  if (tc.object !== undefined && tc.object !== '') {
    let comparison: string;
    try {
      comparison = state.compareLive(tc.object, tc.apiVersion ?? '');
    } catch (err) {
      throw new Error(`failed to compare live with config: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
    if (comparison !== '') throw new Error(`expected live and config to be the same:\n${comparison}\n`);
  }

  if (tc.managed !== undefined) {
    const diff = managedFieldsDifference(state.managers, tc.managed);
    if (diff.size !== 0) {
      throw new Error(
        `expected Managers to be:\n${managedFieldsToString(tc.managed)}\ngot:\n` +
          `${managedFieldsToString(state.managers)}\ndiff:\n${managedFieldsToString(diff)}`,
      );
    }
  }

  // No manager may be left with an empty set.
  for (const [manager, set] of state.managers) {
    if (set.set.empty()) {
      throw new Error(`expected Managers to have no empty sets, but found one managed by ${manager}`);
    }
  }
}

/** Runs the operations of `tc` without checking the outcome (Go `TestCase.Bench`). */
export function benchTestCase(tc: TestCase, parser: Parser): void {
  benchTestCaseWithConverter(tc, parser, dummyConverter);
}

/**
 * Runs the operations of `tc` with `converter` without checking the outcome; run
 * {@link runTestCaseWithConverter} once first to know the case passes.
 */
export function benchTestCaseWithConverter(tc: TestCase, parser: Parser, converter: Converter): void {
  runOps(tc, parser, converter);
}

/** Parses the YAML of every operation of `tc` ahead of time, in place (Go `PreprocessOperations`). */
export function preprocessOperations(tc: TestCase, parser: Parser): void {
  tc.ops.forEach((op, i) => {
    tc.ops[i] = op.preprocess(parser);
  });
}
