// The Store conformance suite through the cacher over a real etcd (one per file, a client per test).
import { afterAll, beforeAll } from 'vitest';
import { cacherCapabilities, cacherStoreHarness } from '@kapi/cacher/testing';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { runStoreConformance } from '@kapi/storage/testing';

let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd({ progressNotifyInterval: '100ms' })));
afterAll(async () => etcd?.stop());

runStoreConformance(
  cacherStoreHarness('cacher over etcd3', async () => createEtcd3Kv({ endpoints: etcd!.endpoints })),
  cacherCapabilities,
);
