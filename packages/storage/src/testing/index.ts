// Test helpers of @kapi/storage, published as `@kapi/storage/testing`: conformance suites and fakes.
export { runKvConformance, type KvHarness } from './kv-suite.ts';
export { runStoreConformance, type StoreHarness } from './store-suite.ts';
export { createMemoryKv, type MemoryKvOptions } from './memory-kv.ts';
