// Behaviour of k8s.io/apiserver/pkg/storage/testing/store_tests.go (v1.36): the Store conformance suite.
// Every case is named after the upstream function it ports; packages/storage/README.md maps them all.
import { describe, expect, it } from 'vitest';
import { isStatusError, type KubeObject, type Preconditions } from '@kapi/apimachinery';
import { isExist, isInternalError, isInvalidObj, isNotFound } from '../errors.ts';
import { errResourceVersionSetOnCreate } from '../store.ts';
import { runListTests } from './store-suite-list.ts';
import { runGuaranteedUpdateTests } from './store-suite-update.ts';
import { runTTLTests } from './store-suite-ttl.ts';
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
  expectStoredInvariants,
  setLabels,
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
    runTTLTests(t);
    runKeyAndDataTests(t);
    runListTests(t);
    runWatchTests(t);
    runWatchListTests(t);
  });
}

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
