// The Store conformance suite of @kapi/storage against a real etcd (one per file, a client per test).
import { runStoreConformance } from '@kapi/storage/testing';
import { afterAll, beforeAll } from 'vitest';
import { createEtcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd()));
afterAll(async () => etcd?.stop());

runStoreConformance({ name: 'etcd3', newKv: async () => createEtcd3Kv({ endpoints: etcd!.endpoints }) });
