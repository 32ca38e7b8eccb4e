import { createMemoryKv, runKvConformance } from '../src/testing/index.ts';

runKvConformance({ name: 'memory', newKv: async () => createMemoryKv(), exclusive: true });
