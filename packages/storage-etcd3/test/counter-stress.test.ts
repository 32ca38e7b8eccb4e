// 64 concurrent writers × 500 guaranteedUpdate increments of one counter (issue 5), on a real etcd.
// The writers go through two Stores, each over its own etcd client (like two kapi replicas):
// each Store queues its own updates of the key, and the replicas conflict with each other at etcd.
import { jsonCodec } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { runCounterStress } from '@kapi/storage/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEtcd3Kv, type Etcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd()));
afterAll(async () => etcd?.stop());

it('64 writers × 500 increments through 2 etcd clients: 32,000 updates, none lost, in resourceVersion order', { timeout: 180_000 }, async () => {
  const kvs: Etcd3Kv[] = Array.from({ length: 2 }, () => createEtcd3Kv({ endpoints: etcd!.endpoints }));
  const stores = kvs.map((kv) => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  try {
    const report = await runCounterStress(stores, { writers: 64, increments: 500 });
    expect(report.updates).toBe(32_000);
    // The replicas did race: some attempts lost at etcd and were retried.
    expect(report.attempts).toBeGreaterThan(report.updates);
    console.info(`etcd counter stress: ${report.updates} updates, ${report.attempts - report.updates} retries, ${Math.round(report.durationMs)} ms`);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(kvs.map((kv) => kv.close()));
  }
});
