// Behaviour of k8s.io/apiserver/pkg/storage/testing/utils.go (v1.36): fixtures and checks shared by the Store conformance suite.
import { afterEach, beforeEach, expect } from 'vitest';
import {
  everythingFields,
  everythingLabels,
  isStatusError,
  jsonCodec,
  parseFieldSelector,
  parseLabelSelector,
  type KubeObject,
  type Status,
  type WatchEvent,
  type Watcher,
} from '@kapi/apimachinery';
import type { GuaranteedUpdateOptions, StorageInterface } from '../interfaces.ts';
import type { KV } from '../kv.ts';
import type { ObjectAttrs, SelectionPredicate } from '../predicate.ts';
import { createStore } from '../store.ts';
import type { ObjectConversion } from '../conversion.ts';
import { decodeContinue, encodeContinue } from '../continue.ts';
import { isNotFound } from '../errors.ts';
import { authenticatedDataString, hasPrefix, type Transformer, type TransformResult } from '../transformer/transformer.ts';

/** How the Store conformance suite gets a KV to build its Store on. */
export interface StoreHarness {
  /** Shown in the describe block's title. */
  name: string;
  /**
   * A KV for one test; the suite closes it after the test. It may share its keyspace and its
   * revision counter with other tests (a shared etcd): every test writes under its own random
   * resource prefix and asserts revisions relative to its own writes.
   */
  newKv(): Promise<KV>;
  /**
   * The Store's transformer (e.g. AES-GCM), for one test. The suite puts its own test transformer
   * (kube's PrefixTransformer `test!`) beneath it. Default: none.
   */
  newTransformer?(): Transformer;
  /**
   * The Store's asynchronous conversion (see ObjectConversion), for one test. The suite's cases
   * compare objects exactly: a conversion under test must give back what it was given (e.g. a
   * round trip through another version). Default: none.
   */
  newConversion?(): ObjectConversion;
  /**
   * Wraps the suite's Store for one test, e.g. in a watch cache (kube runs these suites through its
   * cacher). The suite then talks only to what this returns. Default: the Store itself.
   */
  wrapStore?(store: StorageInterface, context: WrapContext): Promise<WrappedStore>;
}

/** What a harness's wrapStore learns about the test. */
export interface WrapContext {
  /** The test's resource prefix (kube's `/pods`): every key the test uses is under it. */
  resourcePrefix: string;
  /** Labels and selectable fields of the suite's pods (metadata.name, metadata.namespace, spec.nodeName). */
  getAttrs: (obj: KubeObject) => ObjectAttrs;
}

/** A wrapped Store. */
export interface WrappedStore {
  store: StorageInterface;
  /**
   * Forgets the wrapper's own history through `revision` before the suite compacts the KV there
   * (kube's compactWatchCache): a cache must not answer from history the store no longer has.
   */
  compactHistory?(revision: number): Promise<void>;
}

/**
 * What the store under test does differently from the plain Store; every flag is a behaviour the
 * suite then asserts instead of the Store's. None is set for the Store itself.
 */
export interface StoreCapabilities {
  /**
   * Reads and watches are served by a watch cache (kube's cacher) that loaded each value once, when
   * it was written: lists at resourceVersion "0" ignore the limit and may be older than the last
   * write; a watch older than the cache's window gets 410 "too old resource version: N (M)"; a
   * watcher that does not read is closed once its bounded buffer is full (after 10 events at
   * least); a value the cache cannot read leaves it unready (429) instead of failing only the reads
   * that touch it, so the cases that make values unreadable under a running watch do not apply
   * (WatchError, WatchErrorIsBlockingFurtherEvents, WatchWithUnsafeDelete); watches ignore
   * `progressNotify` (bookmarks only with allowWatchBookmarks), so ProgressNotify does not apply.
   */
  watchCache?: boolean;
  /** Watchers that allow bookmarks get periodic BOOKMARK events within a second (kube's cacher). */
  periodicBookmarks?: boolean;
  /** Watches implement sendInitialEvents (kube's watch-list): initial events, then the bookmark that ends them. */
  sendInitialEvents?: boolean;
}

/**
 * kube's storagetesting.PrefixTransformer: adds `prefix` on the way in, checks and strips it on
 * the way out, and reports `stale`. Tests change it as kube's UpdatePrefixTransformer does.
 */
export class TestPrefixTransformer implements Transformer {
  prefix: Uint8Array;
  stale: boolean;
  /** Values read through this transformer. */
  reads = 0;
  constructor(prefix: string, stale = false) {
    this.prefix = new TextEncoder().encode(prefix);
    this.stale = stale;
  }
  transformFromStorage(data: Uint8Array): TransformResult {
    this.reads++;
    if (!hasPrefix(data, this.prefix)) {
      throw new Error(`value does not have expected prefix ${JSON.stringify(new TextDecoder().decode(this.prefix))}: ${new TextDecoder().decode(data)},`);
    }
    return { data: data.subarray(this.prefix.length), stale: this.stale };
  }
  transformToStorage(data: Uint8Array): Uint8Array {
    if (data.length === 0) return data;
    const out = new Uint8Array(this.prefix.length + data.length);
    out.set(this.prefix, 0);
    out.set(data, this.prefix.length);
    return out;
  }
}

/** kube's failingTransformer: every read fails. */
export const failingTransformer: Transformer = {
  transformFromStorage() {
    throw new Error('failed transformation');
  },
  transformToStorage: (data) => data,
};

/** kube's default test prefix (etcd3 store_test.go defaultTestPrefix). */
export const defaultTestPrefix = 'test!';

/** The Store's path prefix in the suite; raw KV keys are `${pathPrefix}${key}`. */
export const pathPrefix = '/registry';

/** What one test works with; the fields are replaced before every test. */
export interface StoreTest {
  kv: KV;
  store: StorageInterface;
  /** This test's resource prefix, e.g. `/pods-1a2b3c4d` (kube's `/pods`). */
  r: string;
  /** Writes a key outside `r` and returns its revision: moves the store's revision on. */
  increaseRV(): Promise<number>;
  /** The test transformer beneath the harness's transformer (kube's PrefixTransformer). */
  prefixTransformer: TestPrefixTransformer;
  /**
   * Replaces the test transformer until the returned function is called (kube's
   * UpdatePrefixTransformer); the modifier may change the current one in place and return it.
   */
  updatePrefixTransformer(modify: (current: TestPrefixTransformer) => Transformer): () => void;
  /** A Store over the same KV whose values pass through `inner` instead of the test transformer. */
  storeWith(inner: Transformer): StorageInterface;
  /**
   * A plain Store over the same KV and transformers (the test transformer included, as
   * updatePrefixTransformer changes it) with kube's AllowUnsafeMalformedObjectDeletion gate on.
   */
  unsafeDeletionStore(): StorageInterface;
  /** A raw KV value as the Store reads it back (the encoded bytes). */
  fromStorage(key: string, value: Uint8Array): Uint8Array;
  /** What the store under test does differently from the Store. */
  caps: StoreCapabilities;
  /** Compacts the KV at revision, and the wrapper's history first (see WrappedStore). */
  compact(revision: number): Promise<void>;
}

/** The harness's transformer above `inner()`: the form every value of the suite's Store takes. */
function stackTransformers(outer: Transformer | undefined, inner: () => Transformer): Transformer {
  return {
    transformFromStorage(data, ctx) {
      const o = outer ? outer.transformFromStorage(data, ctx) : { data, stale: false };
      const i = inner().transformFromStorage(o.data, ctx);
      return o.stale && !i.stale ? { data: i.data, stale: true } : i;
    },
    transformToStorage(data, ctx) {
      const i = inner().transformToStorage(data, ctx);
      return outer ? outer.transformToStorage(i, ctx) : i;
    },
  };
}

/** Registers beforeEach/afterEach that give every test a fresh Store over a fresh KV and prefix. */
export function useStoreTest(harness: StoreHarness, caps: StoreCapabilities = {}): StoreTest {
  const t = {} as StoreTest;
  // Known when the cases are registered: some register according to the capabilities.
  t.caps = caps;
  let bumps = 0;
  beforeEach(async () => {
    t.kv = await harness.newKv();
    const outer = harness.newTransformer?.();
    const test = new TestPrefixTransformer(defaultTestPrefix);
    let inner: Transformer = test;
    t.prefixTransformer = test;
    t.updatePrefixTransformer = (modify) => {
      const before = inner;
      const { prefix, stale } = test;
      inner = modify(test);
      return () => {
        inner = before;
        test.prefix = prefix;
        test.stale = stale;
      };
    };
    const stacked = stackTransformers(outer, () => inner);
    const conversion = harness.newConversion?.();
    const common = { codec: jsonCodec, pathPrefix, ...(conversion ? { conversion } : {}) };
    t.store = createStore(t.kv, { ...common, transformer: stacked });
    t.unsafeDeletionStore = () => createStore(t.kv, { ...common, transformer: stacked, allowUnsafeMalformedObjectDeletion: true });
    t.storeWith = (other) => createStore(t.kv, { ...common, transformer: stackTransformers(outer, () => other) });
    t.fromStorage = (key, value) => stacked.transformFromStorage(value, authenticatedDataString(`${pathPrefix}${key}`)).data;
    t.r = `/pods-${globalThis.crypto.randomUUID().slice(0, 8)}`;
    // `-` sorts before `/`: the key is outside every range under `${r}/`.
    t.increaseRV = async () => (await t.kv.create(`${pathPrefix}${t.r}-rv/${bumps++}`, new Uint8Array([1]))).revision;
    t.compact = (revision) => t.kv.compact(revision);
    if (harness.wrapStore) {
      const wrapped = await harness.wrapStore(t.store, { resourcePrefix: t.r, getAttrs: podAttrs });
      t.store = wrapped.store;
      const compactHistory = wrapped.compactHistory?.bind(wrapped);
      if (compactHistory) {
        t.compact = async (revision) => {
          await compactHistory(revision);
          await t.kv.compact(revision);
        };
      }
    }
  });
  afterEach(async () => {
    await t.store.close();
    await t.kv.close();
  });
  return t;
}

/** An example Pod (kube's example.Pod), optionally with a namespace and more fields. */
export function pod(name: string, namespace?: string, extra: Partial<KubeObject> = {}): KubeObject {
  const metadata: Record<string, unknown> = { name };
  if (namespace !== undefined && namespace !== '') metadata.namespace = namespace;
  const { metadata: extraMeta, ...rest } = extra;
  return { apiVersion: 'example.apiserver.k8s.io/v1', kind: 'Pod', metadata: { ...metadata, ...extraMeta }, ...rest };
}

/** A pod assigned to a node (baseNamespacedPodAssigned). */
export const assignedPod = (name: string, namespace: string | undefined, nodeName: string): KubeObject =>
  pod(name, namespace, { spec: { nodeName } });

/** A pod with a status (baseNamespacedPodUpdated). */
export const updatedPod = (name: string, namespace?: string): KubeObject => pod(name, namespace, { status: { phase: 'Running' } });

/** kube's computePodKey under the test's resource prefix: `${r}/${ns}/${name}` or `${r}/${name}`. */
export function podKey(r: string, obj: KubeObject): string {
  const meta = obj.metadata ?? {};
  return meta.namespace ? `${r}/${meta.namespace}/${meta.name}` : `${r}/${meta.name}`;
}

/** Labels plus metadata.name, metadata.namespace and spec.nodeName (kube's pod attr funcs, merged). */
export function podAttrs(obj: KubeObject): ObjectAttrs {
  const meta = obj.metadata ?? {};
  const spec = (obj.spec ?? {}) as { nodeName?: string };
  const fields: Record<string, string> = { 'metadata.name': meta.name ?? '', 'spec.nodeName': spec.nodeName ?? '' };
  if (meta.namespace !== undefined) fields['metadata.namespace'] = meta.namespace;
  return { labels: meta.labels ?? {}, fields };
}

/** A predicate over pods from selector strings, with paging. */
export function pred(opts: { label?: string; field?: string; limit?: number; continue?: string; allowWatchBookmarks?: boolean } = {}): SelectionPredicate {
  const p: SelectionPredicate = {
    label: opts.label ? parseLabelSelector(opts.label) : everythingLabels,
    field: opts.field ? parseFieldSelector(opts.field) : everythingFields,
    getAttrs: podAttrs,
  };
  if (opts.limit !== undefined) p.limit = opts.limit;
  if (opts.continue !== undefined) p.continue = opts.continue;
  if (opts.allowWatchBookmarks !== undefined) p.allowWatchBookmarks = opts.allowWatchBookmarks;
  return p;
}

/** kube's testPropagateStore: deletes the key if present, creates obj there, returns the stored object. */
export async function propagate(t: StoreTest, obj: KubeObject): Promise<{ key: string; stored: KubeObject }> {
  const key = podKey(t.r, obj);
  await t.store.delete(key).catch((err: unknown) => {
    if (!isNotFound(err)) throw err;
  });
  return { key, stored: await t.store.create(key, obj) };
}

/** The object's resourceVersion as a number. */
export function rvOf(obj: { metadata?: { resourceVersion?: string | undefined } | undefined }): number {
  const rv = Number(obj.metadata?.resourceVersion ?? '');
  expect(Number.isSafeInteger(rv) && rv > 0, `resourceVersion ${obj.metadata?.resourceVersion}`).toBe(true);
  return rv;
}

/** A copy of obj with another resourceVersion. */
export function withRV(obj: KubeObject, rv: number | string): KubeObject {
  const copy = structuredClone(obj);
  copy.metadata = { ...copy.metadata, resourceVersion: String(rv) };
  return copy;
}

/** A copy of obj without its resourceVersion. */
export function withoutRV(obj: KubeObject): KubeObject {
  const copy = structuredClone(obj);
  if (copy.metadata) delete copy.metadata.resourceVersion;
  return copy;
}

/** Sorts objects by their pod key, as kube's sortablePodList does. */
export const byKey = (objs: readonly KubeObject[]): KubeObject[] => [...objs].sort((a, b) => (podKey('', a) < podKey('', b) ? -1 : podKey('', a) > podKey('', b) ? 1 : 0));

/** A continue token for `rel` (relative to the listed prefix) at `rv`, as kube's encodeContinueOrDie. */
export const continueToken = (rel: string, rv: number): string => encodeContinue(`adapter/${rel}`, 'adapter/', rv);

/** The start key (relative to the listed prefix) and revision in a continue token. */
export function readContinue(token: string): { rel: string; rv: number } {
  const { fromKey, resourceVersion } = decodeContinue(token, 'adapter/');
  return { rel: fromKey.slice('adapter/'.length), rv: resourceVersion };
}

/** Asserts err is an API StatusError with this code and reason, and returns its Status. */
export function expectStatus(err: unknown, code: number, reason: string): Status {
  expect(isStatusError(err), `expected a StatusError, got ${String(err)}`).toBe(true);
  const status = (err as { status: Status }).status;
  expect({ code: status.code, reason: status.reason }).toEqual({ code, reason });
  return status;
}

/** Runs fn and returns what it threw; fails when it did not throw. */
export async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error, got none');
}

/** The 504 Timeout a resourceVersion newer than the store gets (storage.NewTooLargeResourceVersionError). */
export function expectTooLargeResourceVersion(err: unknown): void {
  const status = expectStatus(err, 504, 'Timeout');
  expect(status.details?.causes).toEqual([{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
  expect(status.details?.retryAfterSeconds).toBe(1);
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads a watch with deadlines, so no test can hang on a missing event. */
export interface WatchReader {
  /** The next event; fails after `timeoutMs` or when the stream ends. */
  next(timeoutMs?: number): Promise<WatchEvent>;
  /** The next `n` events, each within `timeoutMs`. */
  take(n: number, timeoutMs?: number): Promise<WatchEvent[]>;
  /** Fails if an event (other than one `ignore` accepts) arrives within `ms`. */
  none(ms?: number, ignore?: (ev: WatchEvent) => boolean): Promise<void>;
  /** Fails unless the stream ends within `timeoutMs` (events before the end fail too). */
  end(timeoutMs?: number): Promise<void>;
  /** Stops the watch. */
  stop(): void;
}

export function readWatch(w: Watcher): WatchReader {
  const it = w[Symbol.asyncIterator]();
  // One next() in flight at a time: a timed-out read leaves it for the next call.
  let pending: Promise<IteratorResult<WatchEvent>> | undefined;
  const pull = async (timeoutMs: number): Promise<IteratorResult<WatchEvent> | 'timeout'> => {
    pending ??= it.next();
    const current = pending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const res = await Promise.race([current, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)))]);
    clearTimeout(timer);
    if (res !== 'timeout') pending = undefined;
    return res;
  };
  const reader: WatchReader = {
    async next(timeoutMs = 10_000) {
      const res = await pull(timeoutMs);
      if (res === 'timeout') throw new Error(`no watch event within ${timeoutMs} ms`);
      if (res.done) throw new Error('the watch ended before the expected event');
      return res.value;
    },
    async take(n, timeoutMs = 10_000) {
      const out: WatchEvent[] = [];
      for (let i = 0; i < n; i++) out.push(await reader.next(timeoutMs));
      return out;
    },
    async none(ms = 100, ignore) {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return;
        const res = await pull(left);
        if (res === 'timeout') return;
        if (res.done) throw new Error('the watch ended');
        if (!ignore?.(res.value)) throw new Error(`unexpected watch event: ${JSON.stringify(res.value)}`);
      }
    },
    async end(timeoutMs = 10_000) {
      const res = await pull(timeoutMs);
      if (res === 'timeout') throw new Error(`the watch did not end within ${timeoutMs} ms`);
      if (!res.done) throw new Error(`expected the watch to end, got ${JSON.stringify(res.value)}`);
    },
    stop: () => w.stop(),
  };
  return reader;
}

const dec = new TextDecoder();

/** kube's checkStorageInvariants: the stored bytes decode, without resourceVersion or selfLink. */
export async function expectStoredInvariants(t: StoreTest, key: string): Promise<KubeObject> {
  const res = await t.kv.range(`${pathPrefix}${key}`);
  expect(res.kvs, `a value at ${key}`).toHaveLength(1);
  const stored = JSON.parse(dec.decode(t.fromStorage(key, res.kvs[0]!.value))) as KubeObject;
  expect(stored.metadata?.resourceVersion).toBeUndefined();
  expect(stored.metadata?.selfLink).toBeUndefined();
  return stored;
}

/** A tryUpdate that sets labels (storage.SimpleUpdate in the upstream cases). */
export const setLabels =
  (labels: Record<string, string>): GuaranteedUpdateOptions['tryUpdate'] =>
  (obj) => {
    obj.metadata = { ...obj.metadata, labels };
    return obj;
  };
