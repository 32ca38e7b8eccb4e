// The Store conformance suite over the in-memory KV.
import { createMemoryKv, runStoreConformance } from '../src/testing/index.ts';

// Progress notifications every 100 ms: ProgressNotify waits for one.
runStoreConformance({ name: 'memory', newKv: async () => createMemoryKv({ progressNotifyIntervalMs: 100 }) });
