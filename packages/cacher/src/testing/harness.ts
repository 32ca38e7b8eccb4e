// How the cacher enters the Store conformance suite of @kapi/storage/testing (kube's cacher_test.go runs
// storagetesting.RunTest* through its cacher): a cacher per test over the suite's Store, with short
// timers so that waits and bookmarks fit in a test.
import type { KV } from '@kapi/storage';
import type { StoreCapabilities, StoreHarness } from '@kapi/storage/testing';
import { jsonCodec } from '@kapi/apimachinery';
import { createCacher } from '../cacher.ts';
import { DecodedPool } from '../compact.ts';
import type { CacherOptions } from '../options.ts';

/** What the cacher does differently from the Store (see StoreCapabilities). */
export const cacherCapabilities: StoreCapabilities = { watchCache: true, periodicBookmarks: true, sendInitialEvents: true };

/** Cacher options to override in the suite (the resource prefix and getAttrs come from the suite). */
export type CacherHarnessOptions = Partial<Omit<CacherOptions, 'resourcePrefix' | 'getAttrs'>>;

/**
 * A StoreHarness whose Store is wrapped in a cacher, ready before the test starts, with the
 * `spec.nodeName` index and watch trigger (kube's withNodeNameAndNamespaceIndex), bookmarks every
 * 100 ms and waits of at most 1 s. Run it with {@link cacherCapabilities}.
 */
export function cacherStoreHarness(name: string, newKv: () => Promise<KV>, overrides: CacherHarnessOptions = {}): StoreHarness {
  return {
    name,
    newKv,
    async wrapStore(store, { resourcePrefix, getAttrs }) {
      const cacher = createCacher(store, {
        resourcePrefix,
        getAttrs,
        indexedFields: ['spec.nodeName'],
        watchTriggerField: 'spec.nodeName',
        bookmarkFrequencyMs: 100,
        bookmarkTickMs: 50,
        waitForFreshTimeoutMs: 1_000,
        consistentReadWaitMs: 100,
        relistBackoffMs: 100,
        consistencyCheckIntervalMs: 0,
        // Objects held as bytes, with room for few decoded ones: the suites read through both paths.
        compactCodec: jsonCodec,
        decodedPool: new DecodedPool(4),
        ...overrides,
      });
      await cacher.waitUntilReady();
      return { store: cacher, compactHistory: (revision) => cacher.compactHistory(revision) };
    },
  };
}
