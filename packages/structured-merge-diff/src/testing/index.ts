/**
 * @kapi/structured-merge-diff/testing — the table-driven merge test fixture (port of
 * sigs.k8s.io/structured-merge-diff/v4/internal/fixture): a `State` holding a live object and its
 * managed fields, operations (apply, force-apply, update, extract-apply, schema change) run on it,
 * and `TestCase`s that check the outcome.
 */
export { fixTabsOrDie } from './fix-tabs.ts';
export {
  deducedParser,
  newState,
  sameVersionParser,
  type Parser,
  type State,
  type StateOptions,
} from './state.ts';
export {
  apply,
  applyObject,
  changeParser,
  extractApply,
  extractApplyObject,
  forceApply,
  forceApplyObject,
  update,
  updateObject,
  type ApplyObjectOptions,
  type ApplyOptions,
  type ObjectOperationOptions,
  type Operation,
  type SchemaParser,
  type YAMLOperationOptions,
} from './operations.ts';
export {
  benchTestCase,
  benchTestCaseWithConverter,
  dummyConverter,
  preprocessOperations,
  runTestCase,
  runTestCaseWithConverter,
  type TestCase,
} from './test-case.ts';
