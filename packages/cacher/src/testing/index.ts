// Test helpers of @kapi/cacher, published as `@kapi/cacher/testing`: the cacher in the Store conformance suite,
// and the cache's store on its own (for benchmarks of its write cost).
export { cacherCapabilities, cacherStoreHarness, type CacherHarnessOptions } from './harness.ts';
export { CacheStore, type StoreElement } from '../cache-store.ts';
