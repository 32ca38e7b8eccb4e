// Behaviour of k8s.io/apiserver/pkg/storage/testing/store_tests.go (v1.36): the Store conformance suite.
// Every case is named after the upstream function it ports; packages/storage/README.md maps them all.
import { describe, expect, it } from 'vitest';
import { isStatusError, type KubeObject, type Preconditions } from '@kapi/apimachinery';
import { withTTL, type GuaranteedUpdateOptions } from '../interfaces.ts';
import { isExist, isInternalError, isInvalidObj, isNotFound } from '../errors.ts';
import { errResourceVersionSetOnCreate } from '../store.ts';
import { runListTests } from './store-suite-list.ts';
import { runWatchTests } from './watcher-suite.ts';
import { runWatchListTests } from './watcher-suite-watch-list.ts';
import {
  expectTooLargeResourceVersion,
  pathPrefix,
  pod,
  podKey,
  pred,
  propagate,
  readWatch,
  TestPrefixTransformer,
  rvOf,
  thrown,
  useStoreTest,
  withRV,
  type StoreCapabilities,
  type StoreHarness,
  type StoreTest,
} from './store-suite-helpers.ts';

export type { StoreCapabilities, StoreHarness, WrapContext, WrappedStore } from './store-suite-helpers.ts';

/**
 * Registers the Store conformance cases: the Store of `createStore(kv, { codec: jsonCodec,
 * pathPrefix: '/registry' })` over each KV the harness makes (wrapped by harness.wrapStore, e.g. in
 * a watch cache), against the cases of k8s.io/apiserver `pkg/storage/testing` store_tests.go and
 * watcher_tests.go that apply to it. `capabilities` say what the store under test does differently
 * from the plain Store (see StoreCapabilities); the suite asserts that behaviour instead.
 */
export function runStoreConformance(harness: StoreHarness, capabilities: StoreCapabilities = {}): void {
  describe(`Store conformance: ${harness.name}`, () => {
    const t = useStoreTest(harness, capabilities);
    runCreateTests(t);
    runGetTests(t);
    runDeleteTests(t);
    runGuaranteedUpdateTests(t);
    runKeyAndDataTests(t);
    runListTests(t);
    runWatchTests(t);
    runWatchListTests(t);
  });
}

const dec = new TextDecoder();

/** kube's checkStorageInvariants: the stored bytes decode, without resourceVersion or selfLink. */
async function expectStoredInvariants(t: StoreTest, key: string): Promise<KubeObject> {
  const res = await t.kv.range(`${pathPrefix}${key}`);
  expect(res.kvs, `a value at ${key}`).toHaveLength(1);
  const stored = JSON.parse(dec.decode(t.fromStorage(key, res.kvs[0]!.value))) as KubeObject;
  expect(stored.metadata?.resourceVersion).toBeUndefined();
  expect(stored.metadata?.selfLink).toBeUndefined();
  return stored;
}

/** A tryUpdate that sets labels (storage.SimpleUpdate in the upstream cases). */
const setLabels =
  (labels: Record<string, string>): GuaranteedUpdateOptions['tryUpdate'] =>
  (obj) => {
    obj.metadata = { ...obj.metadata, labels };
    return obj;
  };

function runCreateTests(t: StoreTest): void {
  describe('Create', () => {
    const cases: { name: string; input: KubeObject; error?: string }[] = [
      { name: 'successful create', input: pod('foo', 'test-ns') },
      { name: 'create with ResourceVersion set', input: pod('bar', 'test-ns', { metadata: { resourceVersion: '1' } }), error: errResourceVersionSetOnCreate },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const key = podKey(t.r, tc.input);
        const input = structuredClone(tc.input);
        expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
        if (tc.error !== undefined) {
          await expect(t.store.create(key, input)).rejects.toThrow(tc.error);
          expect(await t.store.get(key, { ignoreNotFound: true })).toBeUndefined();
          return;
        }
        const out = await t.store.create(key, input);
        expect(out.metadata?.name).toBe(tc.input.metadata?.name);
        expect(out).toEqual(withRV(tc.input, rvOf(out)));
        expect(input, 'the input object is not mutated').toEqual(tc.input);
        expect(await expectStoredInvariants(t, key)).toEqual(tc.input);
      });
    }
  });

  describe('CreateWithTTL', () => {
    it('deletes the object when its TTL runs out', async () => {
      const key = podKey(t.r, pod('foo', 'test-ns'));
      const out = await t.store.create(key, pod('foo', 'test-ns'), { ttl: 1 });
      const w = readWatch(await t.store.watch(key, { resourceVersion: out.metadata!.resourceVersion! }));
      const ev = await w.next(15_000);
      expect(ev.type).toBe('DELETED');
      expect((ev.object as KubeObject).metadata?.name).toBe('foo');
    });
  });

  describe('CreateWithKeyExist', () => {
    it('fails with KeyExists', async () => {
      const obj = pod('foo', 'test-ns');
      const { key } = await propagate(t, obj);
      expect(isExist(await thrown(() => t.store.create(key, obj)))).toBe(true);
    });
  });
}

function runGetTests(t: StoreTest): void {
  describe('Get', () => {
    // An object updated once, and a second object written after it.
    const setup = async () => {
      const { key, stored: created } = await propagate(t, pod('foo', 'test-ns'));
      const stored = await t.store.guaranteedUpdate(key, {
        ignoreNotFound: true,
        tryUpdate: () => ({ ...created, metadata: { ...created.metadata, annotations: { 'test-annotation': '1' } } }),
      });
      const last = await t.store.create(podKey(t.r, pod('bar', 'test-ns')), pod('bar', 'test-ns'));
      return { key, created, stored, last };
    };
    type Setup = Awaited<ReturnType<typeof setup>>;
    const cases: {
      name: string;
      key?: (s: Setup) => string;
      ignoreNotFound?: boolean;
      rv?: (s: Setup) => string;
      expectNotFound?: boolean;
      expectTooLarge?: boolean;
      expected?: (s: Setup) => KubeObject | undefined;
      alternatives?: (s: Setup) => (KubeObject | undefined)[];
    }[] = [
      { name: 'get existing', expected: (s) => s.stored },
      // RV=0 allows any state, even one from before the object existed.
      { name: 'resource version 0', ignoreNotFound: true, rv: () => '0', alternatives: (s) => [undefined, s.created, s.stored] },
      { name: 'object created resource version', rv: (s) => s.created.metadata!.resourceVersion!, alternatives: (s) => [s.created, s.stored] },
      { name: 'current object resource version, match=NotOlderThan', rv: (s) => s.stored.metadata!.resourceVersion!, expected: (s) => s.stored },
      { name: 'latest resource version', rv: (s) => s.last.metadata!.resourceVersion!, expected: (s) => s.stored },
      { name: 'too high resource version', rv: () => String(Number.MAX_SAFE_INTEGER), expectTooLarge: true },
      { name: 'get non-existing', key: () => `${t.r}/non-existing`, expectNotFound: true },
      { name: 'get non-existing, ignore not found', key: () => `${t.r}/non-existing`, ignoreNotFound: true, expected: () => undefined },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const s = await setup();
        const opts = { ignoreNotFound: tc.ignoreNotFound ?? false, resourceVersion: tc.rv?.(s) ?? '' };
        const got = t.store.get(tc.key?.(s) ?? s.key, opts);
        if (tc.expectNotFound) return expect(isNotFound(await thrown(() => got))).toBe(true);
        if (tc.expectTooLarge) return expectTooLargeResourceVersion(await thrown(() => got));
        if (tc.alternatives) expect(tc.alternatives(s)).toContainEqual(await got);
        else expect(await got).toEqual(tc.expected!(s));
      });
    }
  });
}

function runDeleteTests(t: StoreTest): void {
  describe('UnconditionalDelete', () => {
    it('existing key: returns the last state at the revision of the delete', async () => {
      const { key, stored } = await propagate(t, pod('foo', 'test-ns'));
      const out = await t.store.delete(key);
      expect(rvOf(out)).toBeGreaterThan(rvOf(stored));
      expect(out).toEqual(withRV(stored, rvOf(out)));
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
    });
    it('non-existing key', async () => {
      expect(isNotFound(await thrown(() => t.store.delete(`${t.r}/non-existing`)))).toBe(true);
    });
  });

  describe('ConditionalDelete', () => {
    const cases: { name: string; preconditions: (stored: KubeObject) => Preconditions; invalid: boolean }[] = [
      { name: 'UID match', preconditions: () => ({ uid: 'A' }), invalid: false },
      { name: 'UID mismatch', preconditions: () => ({ uid: 'B' }), invalid: true },
      { name: 'resourceVersion match', preconditions: (s) => ({ resourceVersion: s.metadata!.resourceVersion! }), invalid: false },
      { name: 'resourceVersion mismatch', preconditions: (s) => ({ resourceVersion: String(rvOf(s) + 1000) }), invalid: true },
    ];
    for (const tc of cases) {
      it(tc.name, async () => {
        const { key, stored } = await propagate(t, pod('foo', 'test-ns', { metadata: { uid: 'A' } }));
        const res = t.store.delete(key, { preconditions: tc.preconditions(stored) });
        if (tc.invalid) {
          expect(isInvalidObj(await thrown(() => res))).toBe(true);
          expect(await t.store.get(key)).toEqual(stored);
          return;
        }
        const out = await res;
        expect(rvOf(out)).toBeGreaterThan(rvOf(stored));
        expect(out).toEqual(withRV(stored, rvOf(out)));
      });
    }
  });

  // The Delete cases below cover a cachedExistingObject (kube's "suggestion") that may be stale.
  describe('DeleteWithSuggestion', () => {
    it('deletes with a current suggestion', async () => {
      const { key, stored } = await propagate(t, pod('name', 'test-ns'));
      await t.store.delete(key, { cachedExistingObject: stored });
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
    });
  });

  describe('DeleteWithSuggestionAndConflict', () => {
    it('retries a stale suggestion against the fresh state and returns that', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns'));
      const updated = await t.store.guaranteedUpdate(key, { tryUpdate: setLabels({ foo: 'bar' }) });
      const out = await t.store.delete(key, { cachedExistingObject: original });
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
      expect(out).toEqual(withRV(updated, rvOf(out)));
    });
  });

  describe('DeleteWithConflict', () => {
    it('retries when an update lands between validation and the delete', async () => {
      const { key } = await propagate(t, pod('name', 'test-ns'));
      let validateCount = 0;
      let updated: KubeObject | undefined;
      const out = await t.store.delete(key, {
        validateDeletion: async () => {
          validateCount++;
          if (validateCount > 1) return;
          updated = await t.store.guaranteedUpdate(key, { tryUpdate: setLabels({ foo: 'bar' }) });
        },
      });
      expect(validateCount).toBe(2);
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
      expect(out).toEqual(withRV(updated!, rvOf(out)));
    });
  });

  describe('DeleteWithSuggestionOfDeletedObject', () => {
    it('fails with NotFound when the suggested object is gone', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns'));
      await t.store.delete(key, { cachedExistingObject: original });
      expect(isNotFound(await thrown(() => t.store.delete(key, { cachedExistingObject: original })))).toBe(true);
    });
  });

  describe('ValidateDeletionWithSuggestion', () => {
    it('validates a current suggestion once, and a stale one again against the fresh state', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns'));
      let validationCalls = 0;
      const validationError = new Error('validation error');
      const err = await thrown(() =>
        t.store.delete(key, {
          cachedExistingObject: original,
          validateDeletion: () => {
            validationCalls++;
            throw validationError;
          },
        }),
      );
      expect(err).toBe(validationError);
      expect(validationCalls, 'a suggestion that turns out current is not validated twice').toBe(1);

      await t.store.guaranteedUpdate(key, { tryUpdate: setLabels({ foo: 'bar' }) });
      let calls = 0;
      await t.store.delete(key, {
        cachedExistingObject: original,
        validateDeletion: (obj) => {
          calls++;
          if (obj.metadata?.labels?.foo !== 'bar') throw new Error('stale object');
        },
      });
      expect(calls).toBeLessThanOrEqual(2);
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
    });
  });

  describe('ValidateDeletionWithOnlySuggestionValid', () => {
    it('fails when only the stale suggestion passes validation', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns', { metadata: { labels: { foo: 'bar' } } }));
      let validationCalls = 0;
      const validationError = new Error('validation error');
      const err = await thrown(() =>
        t.store.delete(key, {
          cachedExistingObject: original,
          validateDeletion: () => {
            validationCalls++;
            throw validationError;
          },
        }),
      );
      expect(err).toBe(validationError);
      expect(validationCalls).toBe(1);

      const updated = await t.store.guaranteedUpdate(key, { tryUpdate: setLabels({ foo: 'barbar' }) });
      let calls = 0;
      const stale = await thrown(() =>
        t.store.delete(key, {
          cachedExistingObject: original,
          validateDeletion: (obj) => {
            calls++;
            if (obj.metadata?.labels?.foo !== 'bar') throw new Error('stale object');
          },
        }),
      );
      expect((stale as Error).message).toBe('stale object');
      expect(calls).toBeLessThanOrEqual(2);
      expect(await t.store.get(key)).toEqual(updated);
    });
  });

  describe('PreconditionalDeleteWithSuggestion', () => {
    it('checks preconditions against the fresh state when the suggestion fails them', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns'));
      await t.store.guaranteedUpdate(key, {
        tryUpdate: (obj) => {
          obj.metadata = { ...obj.metadata, uid: 'myUID' };
          return obj;
        },
      });
      await t.store.delete(key, { preconditions: { uid: 'myUID' }, cachedExistingObject: original });
      expect(isNotFound(await thrown(() => t.store.get(key)))).toBe(true);
    });
  });

  describe('PreconditionalDeleteWithOnlySuggestionPass', () => {
    it('fails when only the stale suggestion passes the preconditions', async () => {
      const { key, stored: original } = await propagate(t, pod('name', 'test-ns', { metadata: { uid: 'myUID' } }));
      const updated = await t.store.guaranteedUpdate(key, {
        tryUpdate: (obj) => {
          obj.metadata = { ...obj.metadata, uid: 'otherUID' };
          return obj;
        },
      });
      const err = await thrown(() => t.store.delete(key, { preconditions: { uid: 'myUID' }, cachedExistingObject: original }));
      expect(isInvalidObj(err)).toBe(true);
      expect(await t.store.get(key)).toEqual(updated);
    });
  });
}

function runGuaranteedUpdateTests(t: StoreTest): void {
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

/**
 * A list over an unreadable value fails with an InternalError; a watch cache may instead answer 429
 * (it cannot load the value, so it is not ready until it can relist).
 */
function expectListFailure(t: StoreTest, err: unknown): 'internal' | 'cache not ready' {
  if (t.caps.watchCache && isStatusError(err) && err.status.code === 429) {
    expect(err.status.reason).toBe('TooManyRequests');
    expect(err.status.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    return 'cache not ready';
  }
  expect(isInternalError(err), `an InternalError, got ${String(err)}`).toBe(true);
  return 'internal';
}

/** TransformationFailure, Stats (as count()) and KeySchema. */
function runKeyAndDataTests(t: StoreTest): void {
  describe('TransformationFailure', () => {
    it('every read of a value the transformer cannot read is an InternalError; other keys stay readable', async () => {
      const barFirst = pod('bar', 'first', { spec: { nodeName: 'node' } });
      const bazSecond = pod('baz', 'second', { spec: { nodeName: 'node' } });
      const good = await t.store.create(podKey(t.r, barFirst), barFirst);
      // baz is written with another prefix than the Store reads.
      const badKey = podKey(t.r, bazSecond);
      await t.storeWith(new TestPrefixTransformer('otherprefix!')).create(badKey, bazSecond);

      expectListFailure(t, await thrown(() => t.store.getList(`${t.r}/`, { recursive: true })));
      const getErr = await thrown(() => t.store.get(badKey));
      expect(isInternalError(getErr)).toBe(true);
      expect((getErr as Error).message).toMatch(/^value does not have expected prefix "test!"/);
      expect(isInternalError(await thrown(() => t.store.guaranteedUpdate(badKey, { tryUpdate: (obj) => obj })))).toBe(true);
      // With a suggestion and no change, the store still has to read the stored bytes, and fails.
      await thrown(() => t.store.guaranteedUpdate(badKey, { tryUpdate: (obj) => obj, cachedExistingObject: bazSecond }));
      expect(isInternalError(await thrown(() => t.store.delete(badKey)))).toBe(true);
      expect(isInternalError(await thrown(() => t.store.get(badKey)))).toBe(true);
      expect(await t.store.get(podKey(t.r, good))).toEqual(good);
    });

    it('a list names the key it could not transform', async () => {
      const badKey = podKey(t.r, pod('baz', 'second'));
      await t.storeWith(new TestPrefixTransformer('otherprefix!')).create(badKey, pod('baz', 'second'));
      const err = await thrown(() => t.store.getList(`${t.r}/`, { recursive: true }));
      if (expectListFailure(t, err) === 'cache not ready') return;
      expect((err as Error).message).toMatch(new RegExp(`^unable to transform key "${pathPrefix}${badKey}": value does not have expected prefix`));
    });
  });

  describe('Stats', () => {
    it('counts the objects under a prefix through creates, updates and deletes', async () => {
      const count = () => t.store.count(t.r);
      expect(await count()).toBe(0);
      const fooKey = podKey(t.r, pod('foo'));
      const barKey = podKey(t.r, pod('bar'));
      await t.store.create(fooKey, pod('foo'));
      expect(await count()).toBe(1);
      await t.store.create(barKey, pod('bar'));
      expect(await count()).toBe(2);
      await t.store.guaranteedUpdate(barKey, { tryUpdate: setLabels({ foo: 'bar' }) });
      expect(await count()).toBe(2);
      await t.store.delete(fooKey);
      expect(await count()).toBe(1);
      await thrown(() => t.store.delete(fooKey));
      expect(await count()).toBe(1);
      await t.store.delete(barKey);
      expect(await count()).toBe(0);
    });
  });

  describe('KeySchema', () => {
    const bad: [string, string][] = [
      ['', 'empty key'],
      ['/', 'empty key'],
      ['.', 'invalid key'],
      ['..', 'invalid key'],
    ];
    for (const [key, message] of bad) {
      it(`rejects ${JSON.stringify(key)} in every operation: ${message}`, async () => {
        const obj = pod('name');
        await expect(t.store.create(key, obj)).rejects.toThrow(message);
        await expect(t.store.get(key)).rejects.toThrow(message);
        await expect(t.store.getList(key, { recursive: true })).rejects.toThrow(message);
        await expect(t.store.getList(key, { recursive: false })).rejects.toThrow(message);
        await expect(t.store.watch(key, { recursive: true })).rejects.toThrow(message);
        await expect(t.store.guaranteedUpdate(key, { tryUpdate: () => obj })).rejects.toThrow(message);
        await expect(t.store.delete(key)).rejects.toThrow(message);
      });
    }

    it('accepts keys under the resource prefix, with or without a trailing slash', async () => {
      const obj = pod('name');
      for (const key of [`${t.r}/`, `${t.r}/name`, `${t.r}/namespace`, `${t.r}/namespace/name`]) await t.store.create(key, obj);
      for (const key of [t.r, `${t.r}/`, `${t.r}/namespace`, `${t.r}/namespace/name`]) await t.store.getList(key, { recursive: true, predicate: pred() });
      for (const key of [`${t.r}/`, `${t.r}/namespace`, `${t.r}/namespace/name`]) expect(await t.store.get(key)).toMatchObject(obj);
      for (const key of [t.r, `${t.r}/namespace`, `${t.r}/namespace/name`]) (await t.store.watch(key, { recursive: true })).stop();
      for (const key of [`${t.r}/`, `${t.r}/namespace`, `${t.r}/namespace/name`]) await t.store.guaranteedUpdate(key, { tryUpdate: () => pod('updated') });
      for (const key of [`${t.r}/`, `${t.r}/namespace`, `${t.r}/namespace/name`]) await t.store.delete(key);
      expect(await t.store.count(t.r)).toBe(1);
    });
  });
}
