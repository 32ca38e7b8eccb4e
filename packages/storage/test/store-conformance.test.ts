// The Store conformance suite over the in-memory KV.
import { createMemoryKv, runStoreConformance } from '../src/testing/index.ts';

runStoreConformance({ name: 'memory', newKv: async () => createMemoryKv() });
