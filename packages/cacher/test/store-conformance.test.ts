// The Store conformance suite of @kapi/storage through the cacher, over the in-memory KV (kube runs the
// same suites through its cacher in cacher_test.go). Over SQLite and etcd: tools/cacher-conformance.
import { createMemoryKv, runStoreConformance } from '@kapi/storage/testing';
import { cacherCapabilities, cacherStoreHarness } from '../src/testing/index.ts';

runStoreConformance(cacherStoreHarness('cacher over memory', async () => createMemoryKv({ progressNotifyIntervalMs: 20 })), cacherCapabilities);
