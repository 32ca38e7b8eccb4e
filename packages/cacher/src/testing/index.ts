// Test helpers of @kapi/cacher, published as `@kapi/cacher/testing`: the cacher in the Store conformance suite.
export { cacherCapabilities, cacherStoreHarness, type CacherHarnessOptions } from './harness.ts';
