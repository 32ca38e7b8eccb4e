// The Store conformance suite through the cacher over a real etcd (one per file, a client per test).
import { afterAll, beforeAll } from 'vitest';
import { cacherCapabilities, cacherStoreHarness } from '@kapi/cacher/testing';
import type { KV } from '@kapi/storage';
import { createEtcd3Kv, progressNotifyIsReliable } from '@kapi/storage-etcd3';
import { etcdBinaryVersion, startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { runStoreConformance } from '@kapi/storage/testing';

// As kube (its RequestWatchProgress feature check), no progress requests below etcd 3.4.31 /
// 3.5.13: there etcd can answer ahead of events (etcd#15220), e.g. for a watch that a write
// raced with as etcd created it. The KV is passed on without its optional requestProgress.
const progressRequests = progressNotifyIsReliable(etcdBinaryVersion());
const withoutProgressRequests = (kv: KV): KV =>
  new Proxy(kv, {
    get(target, prop) {
      if (prop === 'requestProgress') return undefined;
      const v: unknown = Reflect.get(target, prop);
      return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(target) : v;
    },
  });

let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd({ progressNotifyInterval: '100ms' })));
afterAll(async () => etcd?.stop());

runStoreConformance(
  cacherStoreHarness('cacher over etcd3', async () => {
    const kv = createEtcd3Kv({ endpoints: etcd!.endpoints });
    return progressRequests ? kv : withoutProgressRequests(kv);
  }),
  cacherCapabilities,
);
