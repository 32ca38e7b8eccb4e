// Writes with a TTL through the Store over etcd hold their keys on real etcd leases, as kube's etcd3
// store does: checked with etcd's own lease API (LeaseTimeToLive with keys), not through the KV.
import { randomUUID } from 'node:crypto';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore, withTTL, type StorageInterface } from '@kapi/storage';
import { Etcd3 } from 'etcd3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEtcd3Kv, type Etcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

const event = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, reason: 'Tested' });

describe('Store writes with a TTL on etcd', () => {
  let etcd: EtcdServer;
  let kv: Etcd3Kv;
  let client: Etcd3;
  let store: StorageInterface;
  let r: string;

  beforeAll(async () => {
    etcd = await startEtcd();
    kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000 });
    client = new Etcd3({ hosts: etcd.endpoints });
    store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
    r = `/events-${randomUUID().slice(0, 8)}/default`;
  });
  afterAll(async () => {
    client?.close();
    await kv?.close();
    await etcd?.stop();
  });

  /** The etcd lease a key is held on (from the key's own record); 0 for none. */
  const leaseOf = async (name: string) => (await kv.range(`/registry${r}/${name}`)).kvs[0]?.lease ?? 0;
  /** etcd's view of a lease: remaining and granted TTL, and the keys attached. */
  const timeToLive = async (lease: number) => {
    const res = await client.leaseClient.leaseTimeToLive({ ID: lease, keys: true });
    return { ttl: Number(res.TTL), grantedTTL: Number(res.grantedTTL), keys: res.keys.map((k) => Buffer.from(k).toString()).sort() };
  };

  it('attaches created objects to one lease of TTL + min(5% of TTL, 60 s) that etcd reports with their keys', async () => {
    await store.create(`${r}/a`, event('a'), { ttl: 3600 });
    await store.create(`${r}/b`, event('b'), { ttl: 3600 });
    const lease = await leaseOf('a');
    expect(lease).toBeGreaterThan(0);
    expect(await leaseOf('b')).toBe(lease);
    const live = await timeToLive(lease);
    expect(live.grantedTTL).toBe(3660);
    expect(live.ttl).toBeGreaterThan(3600);
    expect(live.ttl).toBeLessThanOrEqual(3660);
    expect(live.keys).toEqual([`/registry${r}/a`, `/registry${r}/b`]);
  });

  it('an update with the TTL keeps the key on the lease; one without takes it off', async () => {
    const lease = await leaseOf('a');
    await store.guaranteedUpdate(`${r}/a`, { tryUpdate: (obj) => withTTL({ ...obj, count: 2 }, 3600) });
    expect(await leaseOf('a')).toBe(lease);
    await store.guaranteedUpdate(`${r}/b`, { tryUpdate: (obj) => ({ ...obj, count: 2 }) });
    expect(await leaseOf('b')).toBe(0);
    expect((await timeToLive(lease)).keys).toEqual([`/registry${r}/a`]);
  });

  it('etcd revokes a short lease with its key', { timeout: 30_000 }, async () => {
    await store.create(`${r}/short`, event('short'), { ttl: 1 });
    const lease = await leaseOf('short');
    const granted = await timeToLive(lease);
    // A TTL this short has no reuse window (5% of 1 s truncates to 0).
    expect(granted.grantedTTL).toBeGreaterThanOrEqual(1);
    expect(granted.keys).toEqual([`/registry${r}/short`]);
    const deadline = Date.now() + 20_000;
    // etcd answers TTL -1 for a lease it no longer has.
    while ((await timeToLive(lease)).ttl !== -1) {
      if (Date.now() > deadline) throw new Error(`lease ${lease} was not revoked`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await store.get(`${r}/short`, { ignoreNotFound: true })).toBeUndefined();
  });
});
