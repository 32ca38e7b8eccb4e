// Test helpers of @kapi/cacher, published as `@kapi/cacher/testing`: the cacher in the Store conformance suite,
// and the cache and its store on their own (for benchmarks of their costs).
export { cacherCapabilities, cacherStoreHarness, type CacherHarnessOptions } from './harness.ts';
export { CacheStore, type StoreElement } from '../cache-store.ts';
export { WatchCache, type WatchCacheOptions } from '../watch-cache.ts';
