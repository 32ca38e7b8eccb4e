// Test helpers of @kapi/storage, published as `@kapi/storage/testing`: conformance suites and fakes.
export { runKvConformance, type KvHarness } from './kv-suite.ts';
export { runStoreConformance, type StoreCapabilities, type StoreHarness, type WrapContext, type WrappedStore } from './store-suite.ts';
export { createMemoryKv, type MemoryKvOptions } from './memory-kv.ts';
export { runCounterStress, type CounterStressOptions, type CounterStressReport } from './counter-stress.ts';
