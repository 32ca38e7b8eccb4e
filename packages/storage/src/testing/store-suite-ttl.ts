// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go (Create and GuaranteedUpdate with a ttl) and
// lease_manager.go (v1.33): how objects written with a TTL expire, as a client of the Store sees it.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { withTTL } from '../interfaces.ts';
import { pathPrefix, pod, podKey, readWatch, rvOf, withRV, type StoreTest } from './store-suite-helpers.ts';

/** How long a case waits for a lease of a second or two to run out (etcd checks every 500 ms). */
const expiryTimeoutMs = 20_000;

/**
 * Cases beyond kube's RunTestCreateWithTTL and RunTestGuaranteedUpdateWithTTL: the DELETED event
 * of an expiry at its own revision, objects without a TTL left alone, and what a rewrite does to
 * the lease (kube's etcd3 store asks its lease manager on every write with a TTL and writes
 * without a lease otherwise). Each waits on what it observes — a watch event, a key gone from the
 * KV — never on elapsed time.
 */
export function runTTLTests(t: StoreTest): void {
  const key = (name: string) => podKey(t.r, pod(name, 'test-ns'));
  /** The lease the KV holds the object's key on; 0 for none. */
  const leaseOf = async (k: string) => (await t.kv.range(`${pathPrefix}${k}`)).kvs[0]?.lease ?? 0;
  const relabel = (obj: KubeObject, value: string): KubeObject => {
    obj.metadata = { ...obj.metadata, labels: { rewritten: value } };
    return obj;
  };
  /** A raw key beside the test's objects (outside its prefix) held on `lease`: gone once the lease is. */
  const canary = async (name: string, lease: number) => {
    const k = `${pathPrefix}${t.r}-canary/${name}`;
    const res = await t.kv.create(k, new TextEncoder().encode(name), { lease });
    expect(res.succeeded).toBe(true);
    return k;
  };
  const gone = async (k: string) => {
    const deadline = Date.now() + expiryTimeoutMs;
    while ((await t.kv.range(k)).kvs.length > 0) {
      if (Date.now() > deadline) throw new Error(`${k} was not deleted within ${expiryTimeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  describe('TTL', () => {
    it('an expired object is deleted at a new revision, in its last state; objects without a TTL stay', { timeout: 30_000 }, async () => {
      const plain = await t.store.create(key('plain'), pod('plain', 'test-ns'));
      const created = await t.store.create(key('short'), pod('short', 'test-ns'), { ttl: 1 });
      expect(created).toEqual(withRV(pod('short', 'test-ns'), rvOf(created)));
      expect(await leaseOf(key('short')), 'the object is held on a lease').not.toBe(0);
      expect(await leaseOf(key('plain'))).toBe(0);
      const w = readWatch(await t.store.watch(`${t.r}/`, { resourceVersion: String(rvOf(created)), recursive: true }));
      try {
        const ev = await w.next(expiryTimeoutMs);
        expect(ev.type).toBe('DELETED');
        const last = ev.object as KubeObject;
        expect(rvOf(last), 'the expiry is a write of its own').toBeGreaterThan(rvOf(created));
        expect(last).toEqual(withRV(pod('short', 'test-ns'), rvOf(last)));
        expect(await t.store.get(key('short'), { ignoreNotFound: true })).toBeUndefined();
        const list = await t.store.getList(`${t.r}/`, { recursive: true });
        expect(rvOf(list)).toBeGreaterThanOrEqual(rvOf(last));
        expect(list.items).toEqual([plain]);
        await w.none(200);
      } finally {
        w.stop();
      }
    });

    it('a rewrite with a TTL moves the object to a lease that outlives it; a rewrite without one keeps it for good', { timeout: 30_000 }, async () => {
      await t.store.create(key('renewed'), pod('renewed', 'test-ns'), { ttl: 1 });
      await t.store.create(key('kept'), pod('kept', 'test-ns'), { ttl: 1 });
      const first = { renewed: await leaseOf(key('renewed')), kept: await leaseOf(key('kept')) };
      const canaries = [await canary('renewed', first.renewed), await canary('kept', first.kept)];
      const renewed = await t.store.guaranteedUpdate(key('renewed'), { tryUpdate: (obj) => withTTL(relabel(obj, 'ttl'), 3600) });
      const moved = await leaseOf(key('renewed'));
      expect(moved, 'a lease that would end before the new TTL is not reused').not.toBe(first.renewed);
      expect(moved).not.toBe(0);
      const kept = await t.store.guaranteedUpdate(key('kept'), { tryUpdate: (obj) => relabel(obj, 'plain') });
      expect(await leaseOf(key('kept')), 'a write without a TTL detaches the key').toBe(0);
      // Both first leases have run out once their canaries are gone (a lease's keys go together).
      for (const c of canaries) await gone(c);
      expect(await t.store.get(key('renewed'))).toEqual(renewed);
      expect(await t.store.get(key('kept'))).toEqual(kept);
    });

    it('writes with the same TTL soon after one another share its lease', async () => {
      await t.store.create(key('one'), pod('one', 'test-ns'), { ttl: 3600 });
      const lease = await leaseOf(key('one'));
      expect(lease).not.toBe(0);
      await t.store.guaranteedUpdate(key('one'), { tryUpdate: (obj) => withTTL(relabel(obj, 'again'), 3600) });
      expect(await leaseOf(key('one')), 'a rewrite within the reuse window keeps the lease').toBe(lease);
      await t.store.create(key('two'), pod('two', 'test-ns'), { ttl: 3600 });
      expect(await leaseOf(key('two'))).toBe(lease);
      // A shorter TTL would outlive its objects by more than its window on this lease: a new one.
      await t.store.create(key('three'), pod('three', 'test-ns'), { ttl: 10 });
      expect(await leaseOf(key('three'))).not.toBe(lease);
    });
  });
}
