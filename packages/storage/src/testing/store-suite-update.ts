// The guaranteedUpdate cases of k8s.io/apiserver pkg/storage/testing store_tests.go (v1.33), part of
// the Store conformance suite (store-suite.ts).
import { describe, expect, it } from 'vitest';
import type { KubeObject, Preconditions } from '@kapi/apimachinery';
import { withTTL, type GuaranteedUpdateOptions } from '../interfaces.ts';
import { isInvalidObj, isNotFound } from '../errors.ts';
import {
  expectStoredInvariants,
  pathPrefix,
  pod,
  podKey,
  propagate,
  readWatch,
  rvOf,
  setLabels,
  thrown,
  withRV,
  type StoreTest,
} from './store-suite-helpers.ts';

export function runGuaranteedUpdateTests(t: StoreTest): void {
  describe('GuaranteedUpdate', () => {
    const input = pod('foo', 'test-ns', { metadata: { uid: 'A' } });
    const cases: {
      name: string;
      nonExisting?: boolean;
      ignoreNotFound?: boolean;
      preconditions?: (stored: KubeObject) => Preconditions;
      expectNotFound?: boolean;
      expectInvalidObj?: boolean;
      expectNoUpdate?: boolean;
      selfLink?: boolean;
      /** The transformer reports the stored value stale: unchanged data is written anyway. */
      transformStale?: boolean;
    }[] = [
      { name: 'non-existing key, ignoreNotFound=false', nonExisting: true, expectNotFound: true },
      { name: 'non-existing key, ignoreNotFound=true', nonExisting: true, ignoreNotFound: true },
      { name: 'existing key' },
      { name: 'same data', expectNoUpdate: true },
      { name: 'same data, a selfLink', expectNoUpdate: true, selfLink: true },
      { name: 'same data, stale', transformStale: true },
      { name: 'UID match', preconditions: () => ({ uid: 'A' }), expectNoUpdate: true },
      { name: 'UID mismatch', preconditions: () => ({ uid: 'B' }), expectInvalidObj: true, expectNoUpdate: true },
      { name: 'resourceVersion match', preconditions: (s) => ({ resourceVersion: s.metadata!.resourceVersion! }) },
      { name: 'resourceVersion mismatch', preconditions: (s) => ({ resourceVersion: String(rvOf(s) + 1000) }), expectInvalidObj: true },
    ];
    cases.forEach((tc, i) => {
      it(tc.name, async () => {
        const { key, stored } = await propagate(t, input);
        const target = tc.nonExisting ? `${t.r}/non-existing` : key;
        const version = rvOf(stored);
        const annotations = tc.expectNoUpdate || tc.transformStale ? undefined : { version: String(i) };
        const w = readWatch(await t.store.watch(key, { resourceVersion: String(version) }));
        const revert = tc.transformStale
          ? t.updatePrefixTransformer((p) => {
              p.stale = true;
              return p;
            })
          : () => undefined;
        const res = t.store.guaranteedUpdate(target, {
          ignoreNotFound: tc.ignoreNotFound ?? false,
          ...(tc.preconditions ? { preconditions: tc.preconditions(stored) } : {}),
          tryUpdate: (obj) => {
            if (tc.nonExisting) expect(obj, 'a missing object is given as an empty one').toEqual({});
            const next = structuredClone(stored);
            next.metadata = { ...next.metadata };
            if (tc.selfLink) next.metadata.selfLink = 'testlink';
            if (annotations) next.metadata.annotations = annotations;
            return next;
          },
        });
        if (tc.expectNotFound) {
          expect(isNotFound(await thrown(() => res))).toBe(true);
          return w.stop();
        }
        if (tc.expectInvalidObj) {
          expect(isInvalidObj(await thrown(() => res))).toBe(true);
          await w.none(100);
          return w.stop();
        }
        const out = await res.finally(revert);
        expect(out.metadata?.annotations).toEqual(annotations);
        expect(out.metadata?.selfLink).toBeUndefined();
        await expectStoredInvariants(t, key);
        if (tc.expectNoUpdate) {
          expect(rvOf(out), 'no write: the resourceVersion stays').toBe(version);
          expect(out).toEqual(stored);
          await w.none(100);
        } else {
          expect(rvOf(out)).toBeGreaterThan(version);
          expect(await t.store.get(target)).toEqual(out);
        }
        w.stop();
      });
    });

    it('an error from tryUpdate aborts the update with that error', async () => {
      const { key, stored } = await propagate(t, input);
      const boom = new Error('validation or admission error');
      expect(
        await thrown(() =>
          t.store.guaranteedUpdate(key, {
            tryUpdate: () => {
              throw boom;
            },
          }),
        ),
      ).toBe(boom);
      expect(await t.store.get(key)).toEqual(stored);
    });
  });

  describe('GuaranteedUpdateChecksStoredData', () => {
    it('rewrites stored bytes that differ from the canonical encoding, then only when the transformer reports them stale', async () => {
      const input = pod('foo', 'test-ns');
      const key = podKey(t.r, input);
      // Stored with a trailing space after the prefix: bytes a write would normalise.
      const revert = t.updatePrefixTransformer((p) => {
        p.prefix = new TextEncoder().encode(`${new TextDecoder().decode(p.prefix)} `);
        return p;
      });
      const { stored: initial } = await propagate(t, input).finally(revert);
      const update = (obj: KubeObject) => t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => structuredClone(obj), cachedExistingObject: obj });
      const out = await update(withRV(input, rvOf(initial)));
      expect(rvOf(out), 'the non-canonical bytes are rewritten').toBeGreaterThan(rvOf(initial));
      const again = await update(out);
      expect(rvOf(again), 'canonical bytes are not written again').toBe(rvOf(out));
      const restore = t.updatePrefixTransformer((p) => {
        p.stale = true;
        return p;
      });
      const stale = await update(out).finally(restore);
      expect(rvOf(stale), 'a value the transformer reports stale is written again').toBeGreaterThan(rvOf(out));
    });
  });

  describe('GuaranteedUpdateWithTTL', () => {
    it('writes the object with a lease and deletes it when its TTL runs out', async () => {
      const input = pod('foo', 'test-ns');
      const key = podKey(t.r, input);
      const out = await t.store.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: () => withTTL(structuredClone(input), 1) });
      expect(out).toEqual(withRV(input, rvOf(out)));
      const w = readWatch(await t.store.watch(key, { resourceVersion: rvOf(out).toString() }));
      const ev = await w.next(15_000);
      expect(ev.type).toBe('DELETED');
      expect((ev.object as KubeObject).metadata?.name).toBe('foo');
      expect(await t.store.get(key, { ignoreNotFound: true })).toBeUndefined();
    });

    it('tells tryUpdate of no TTL; a write without one detaches the object from its lease', async () => {
      const key = podKey(t.r, pod('bar', 'test-ns'));
      const lease = async () => (await t.kv.range(`${pathPrefix}${key}`)).kvs[0]!.lease;
      const metas: { resourceVersion: number; ttl: number }[] = [];
      const withLease = await t.store.guaranteedUpdate(key, {
        ignoreNotFound: true,
        tryUpdate: (_, meta) => {
          metas.push({ ...meta });
          return withTTL(pod('bar', 'test-ns'), 60);
        },
      });
      expect(await lease(), 'the write carries a lease').not.toBe(0);
      const plain = await t.store.guaranteedUpdate(key, {
        tryUpdate: (obj, meta) => {
          metas.push({ ...meta });
          return setLabels({ a: 'b' })(obj, meta);
        },
      });
      expect(await lease(), 'a write without a TTL has no lease').toBe(0);
      // kube's etcd3 store never reads a key's lease: tryUpdate always sees TTL 0.
      expect(metas).toEqual([
        { resourceVersion: 0, ttl: 0 },
        { resourceVersion: rvOf(withLease), ttl: 0 },
      ]);
      const unchanged = await t.store.guaranteedUpdate(key, { tryUpdate: (obj) => withTTL(obj, 60) });
      expect(rvOf(unchanged), 'unchanged bytes are not written, TTL or not').toBe(rvOf(plain));
      expect(await lease()).toBe(0);
    });
  });

  describe('GuaranteedUpdateWithConflict', () => {
    it('retries tryUpdate on the fresh object after losing a race', async () => {
      const { key } = await propagate(t, pod('foo', 'test-ns'));
      let secondEntered!: () => void;
      const secondEnteredP = new Promise<void>((r) => (secondEntered = r));
      const first = t.store.guaranteedUpdate(key, {
        tryUpdate: async (obj) => {
          await secondEnteredP;
          return setLabels({ writer: 'first' })(obj, { resourceVersion: 0, ttl: 0 });
        },
      });
      const firstDone = first.then(
        () => undefined,
        () => undefined,
      );
      let updateCount = 0;
      const second = await t.store.guaranteedUpdate(key, {
        tryUpdate: async (obj) => {
          if (updateCount === 0) {
            secondEntered();
            await firstDone;
          }
          updateCount++;
          obj.metadata = { ...obj.metadata, annotations: { writer: 'second' } };
          return obj;
        },
      });
      const firstOut = await first;
      expect(updateCount, 'the second writer conflicts once and retries').toBe(2);
      expect(second.metadata?.labels).toEqual({ writer: 'first' });
      expect(rvOf(second)).toBeGreaterThan(rvOf(firstOut));
    });

    it('10 concurrent increments end at 10', async () => {
      const { key } = await propagate(t, pod('counter', 'test-ns', { spec: { count: 0 } }));
      const increment: GuaranteedUpdateOptions['tryUpdate'] = (obj) => {
        const spec = obj.spec as { count: number };
        obj.spec = { count: spec.count + 1 };
        return obj;
      };
      const outs = await Promise.all(Array.from({ length: 10 }, () => t.store.guaranteedUpdate(key, { tryUpdate: increment })));
      expect(new Set(outs.map((o) => rvOf(o))).size, 'every increment is its own write').toBe(10);
      expect(new Set(outs.map((o) => (o.spec as { count: number }).count))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
      expect(((await t.store.get(key))!.spec as { count: number }).count).toBe(10);
    });
  });

  describe('GuaranteedUpdateWithSuggestionAndConflict', () => {
    it('re-reads a stale suggestion once when tryUpdate rejects it, and not a current one', async () => {
      const { key, stored: original } = await propagate(t, pod('foo', 'test-ns'));
      const updated = await t.store.guaranteedUpdate(key, {
        tryUpdate: (obj) => {
          obj.metadata = { ...obj.metadata, generation: 2 };
          return obj;
        },
      });
      expect(updated.metadata?.generation).toBe(2);

      let sawConflict = false;
      const updated2 = await t.store.guaranteedUpdate(key, {
        cachedExistingObject: original,
        tryUpdate: (obj) => {
          if (obj.metadata?.generation !== 2) {
            expect(sawConflict, 'only one conflict').toBe(false);
            sawConflict = true;
            throw new Error('conflict: simulated stale object');
          }
          obj.metadata = { ...obj.metadata, generation: 3 };
          return obj;
        },
      });
      // A watch cache passes its own (current) object down instead of the caller's suggestion, as kube's does.
      if (!t.caps.watchCache) expect(sawConflict).toBe(true);
      expect(updated2.metadata?.generation).toBe(3);

      let attempts = 0;
      const err = await thrown(() =>
        t.store.guaranteedUpdate(key, {
          cachedExistingObject: updated2,
          tryUpdate: () => {
            attempts++;
            throw new Error('validation or admission error');
          },
        }),
      );
      expect((err as Error).message).toBe('validation or admission error');
      expect(attempts).toBeLessThanOrEqual(2);
    });
  });
}

