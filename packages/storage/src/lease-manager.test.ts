// The lease manager: how many leases creates with a TTL grant, and that no object expires early.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import type { KV } from './kv.ts';
import { createStore } from './store.ts';
import { createMemoryKv } from './testing/memory-kv.ts';
import type { LeaseManagerConfig } from './lease-manager.ts';

/** A memory KV that records the TTL of every lease it grants. */
function countingKv(): { kv: KV; grants: number[] } {
  const kv = createMemoryKv();
  const grants: number[] = [];
  const grantLease = kv.grantLease.bind(kv);
  kv.grantLease = (ttl) => {
    grants.push(ttl);
    return grantLease(ttl);
  };
  return { kv, grants };
}

const event = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' } });

function setup(config: Omit<LeaseManagerConfig, 'now'> = {}) {
  const { kv, grants } = countingKv();
  const clock = { ms: 1_000_000 };
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry', leaseManager: { ...config, now: () => clock.ms } });
  let n = 0;
  const create = (ttl: number) => store.create(`/events/default/e${n}`, event(`e${n++}`), { ttl });
  const leaseOf = async (i: number) => (await kv.range(`/registry/events/default/e${i}`)).kvs[0]!.lease;
  return { kv, grants, clock, create, leaseOf };
}

describe('lease manager', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('objects created close together with one TTL share one lease of TTL + min(5% of TTL, 60 s)', async () => {
    const t = setup();
    await t.create(100);
    t.clock.ms += 2_000;
    await t.create(100);
    t.clock.ms += 2_000;
    await t.create(100);
    expect(t.grants).toEqual([105]);
    expect(new Set([await t.leaseOf(0), await t.leaseOf(1), await t.leaseOf(2)]).size).toBe(1);
    await t.kv.close();
  });

  it('a new lease once the old one would outlive the TTL by more than the window or expire before it', async () => {
    const t = setup();
    await t.create(100);
    // 6 s later the lease (105 s) would end before 100 s from now: too short.
    t.clock.ms += 6_000;
    await t.create(100);
    // A much shorter TTL would live far too long on the 105 s lease.
    await t.create(10);
    expect(t.grants).toEqual([105, 105, 10]);
    expect(await t.leaseOf(0)).not.toBe(await t.leaseOf(1));
    await t.kv.close();
  });

  it('the window is capped at reuseDurationSeconds; a short TTL has no window and never shares', async () => {
    const t = setup();
    await t.create(3600);
    await t.create(1);
    await t.create(1);
    expect(t.grants).toEqual([3660, 1, 1]);
    const capped = setup({ reuseDurationSeconds: 10 });
    await capped.create(3600);
    expect(capped.grants).toEqual([3610]);
    await t.kv.close();
    await capped.kv.close();
  });

  it('at most maxObjectCount objects per lease', async () => {
    const t = setup({ maxObjectCount: 3 });
    for (let i = 0; i < 7; i++) await t.create(100);
    expect(t.grants).toEqual([105, 105, 105]);
    await t.kv.close();
  });

  it('concurrent creates wait for one grant', async () => {
    const t = setup();
    await Promise.all(Array.from({ length: 20 }, () => t.create(600)));
    expect(t.grants).toEqual([630]);
    await t.kv.close();
  });

  it('a failed grant fails its create only', async () => {
    const t = setup();
    const grantLease = t.kv.grantLease;
    t.kv.grantLease = () => Promise.reject(new Error('etcdserver: too many requests'));
    await expect(t.create(100)).rejects.toThrow('etcdserver: too many requests');
    t.kv.grantLease = grantLease;
    await t.create(100);
    expect(t.grants).toEqual([105]);
    await t.kv.close();
  });

  it('an object on a reused lease lives at least its TTL, and not much longer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { kv, grants } = countingKv();
    const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
    await store.create('/events/default/a', event('a'), { ttl: 100 });
    await vi.advanceTimersByTimeAsync(4_000);
    await store.create('/events/default/b', event('b'), { ttl: 100 });
    expect(grants).toEqual([105]);
    const exists = async (name: string) => (await kv.range(`/registry/events/default/${name}`)).kvs.length === 1;
    // b asked for 100 s from t=4 s.
    await vi.advanceTimersByTimeAsync(100_000 - 100);
    expect([await exists('a'), await exists('b')]).toEqual([true, true]);
    // The lease ends at 105 s: b lived 101 s.
    await vi.advanceTimersByTimeAsync(1_500);
    expect([await exists('a'), await exists('b')]).toEqual([false, false]);
    await kv.close();
  });
});
