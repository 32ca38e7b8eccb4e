// The cacher's own behaviour (kube's cacher_whitebox_test.go, cacher_test.go): reads from memory,
// readiness, relists, 410, bookmarks, watch-list, selector transitions, slow watchers, writes.
import { afterEach, describe, expect, it } from 'vitest';
import { isStatusError, parseFieldSelector, parseLabelSelector, type KubeObject, type Status, type WatchEvent } from '@kapi/apimachinery';
import { defaultAttrs, everything, initialEventsAnnotationKey, isNotFound, type AttrFunc } from '@kapi/storage';
import { jsonCodec } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createCacher, isCacheNotReady, type CacherOptions } from '../src/index.ts';
import { faultyStore, nameOf, newCacher, pod, reader, rvOf, until } from './helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});
async function setup(...args: Parameters<typeof newCacher>) {
  const env = await newCacher(...args);
  closers.push(env.close);
  return env;
}

/** Labels plus spec.nodeName, like the pods strategy exposes them. */
const podAttrs: AttrFunc = (obj) => {
  const base = defaultAttrs(obj);
  return { labels: base.labels, fields: { ...base.fields, 'spec.nodeName': ((obj.spec ?? {}) as { nodeName?: string }).nodeName ?? '' } };
};

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('reads from memory', () => {
  it('gets and lists at resourceVersion 0 or not older than N come from the cache, not the store', async () => {
    const { cacher, kv } = await setup();
    const a = await cacher.create('/pods/ns/a', pod('a'));
    const b = await cacher.create('/pods/ns/b', pod('b'));
    await cacher.get('/pods/ns/b', { resourceVersion: String(rvOf(b)) });
    const before = { ...kv.calls };
    expect(await cacher.get('/pods/ns/a', { resourceVersion: '0' })).toEqual(a);
    expect(await cacher.get('/pods/ns/a', { resourceVersion: String(rvOf(a)) })).toEqual(a);
    expect(isNotFound(await thrown(cacher.get('/pods/ns/x', { resourceVersion: '0' })))).toBe(true);
    expect(await cacher.get('/pods/ns/x', { resourceVersion: '0', ignoreNotFound: true })).toBeUndefined();
    const list = await cacher.getList('/pods', { recursive: true, resourceVersion: '0' });
    expect(list.items).toEqual([a, b]);
    expect(rvOf(list)).toBe(rvOf(b));
    expect((await cacher.getList('/pods/ns', { recursive: true, resourceVersion: String(rvOf(b)), resourceVersionMatch: 'NotOlderThan' })).items).toEqual([a, b]);
    expect(kv.calls, 'no KV call').toEqual(before);
    expect(cacher.metrics.readsFromCache).toBeGreaterThanOrEqual(6);
  });

  it('objects handed out are frozen: a reader cannot corrupt the cache', async () => {
    const { cacher } = await setup();
    await cacher.create('/pods/ns/a', pod('a'));
    const got = (await cacher.getList('/pods', { recursive: true, resourceVersion: '' })).items[0]!;
    expect(() => {
      got.metadata!.name = 'changed';
    }).toThrow(TypeError);
  });

  it('a consistent read (resourceVersion unset) sees every write acknowledged before it', async () => {
    const { cacher } = await setup();
    for (let i = 0; i < 20; i++) {
      const out = await cacher.create(`/pods/ns/p${i}`, pod(`p${i}`));
      const list = await cacher.getList('/pods', { recursive: true });
      expect(list.items).toHaveLength(i + 1);
      expect(rvOf(list)).toBeGreaterThanOrEqual(rvOf(out));
    }
    expect(cacher.metrics.consistentReadsFromCache + cacher.metrics.consistentReadFallbacks).toBe(20);
  });

  it('a resourceVersion the cache does not reach in time is a 504 with Retry-After', async () => {
    const { cacher } = await setup({ waitForFreshTimeoutMs: 50 });
    const err = await thrown(cacher.getList('/pods', { recursive: true, resourceVersion: '999999', resourceVersionMatch: 'NotOlderThan' }));
    expect(isStatusError(err) && err.status).toMatchObject({ code: 504, reason: 'Timeout', details: { retryAfterSeconds: 1, causes: [{ reason: 'ResourceVersionTooLarge' }] } });
    expect(isStatusError(err) && err.status.message).toMatch(/^Timeout: Too large resource version: 999999, current: \d+$/);
    const getErr = await thrown(cacher.get('/pods/ns/a', { resourceVersion: '999999' }));
    expect(isStatusError(getErr) && getErr.status.code).toBe(504);
  });

  it('pages from the cache at one revision, even while writes land between pages', async () => {
    const { cacher, kv } = await setup();
    for (let i = 0; i < 5; i++) await cacher.create(`/pods/ns/p${i}`, pod(`p${i}`));
    const first = await cacher.getList('/pods', { recursive: true, predicate: { ...everything(), limit: 2 } });
    expect(first.items.map((o) => o.metadata?.name)).toEqual(['p0', 'p1']);
    expect(first.metadata.remainingItemCount).toBe(3);
    await cacher.create('/pods/ns/p10', pod('p10'));
    await cacher.delete('/pods/ns/p3');
    await cacher.get('/pods/ns/p10', { resourceVersion: String(await cacher.getCurrentResourceVersion()) });
    const ranges = kv.calls.range ?? 0;
    const second = await cacher.getList('/pods', { recursive: true, predicate: { ...everything(), limit: 2, continue: first.metadata.continue! } });
    const third = await cacher.getList('/pods', { recursive: true, predicate: { ...everything(), limit: 2, continue: second.metadata.continue! } });
    expect([...second.items, ...third.items].map((o) => o.metadata?.name)).toEqual(['p2', 'p3', 'p4']);
    expect(third.metadata.continue).toBeUndefined();
    expect([rvOf(second), rvOf(third)]).toEqual([rvOf(first), rvOf(first)]);
    expect(kv.calls.range ?? 0, 'the pages came from the cache').toBe(ranges);
  });

  it('an exact revision the window no longer holds is read from the store', async () => {
    const { cacher } = await setup({ historyCapacity: { lowerBound: 10, upperBound: 10 } });
    const first = await cacher.create('/pods/ns/first', pod('first'));
    let last = first;
    for (let i = 0; i < 15; i++) last = await cacher.create(`/pods/ns/p${i}`, pod(`p${i}`));
    await cacher.get('/pods/ns/p14', { resourceVersion: String(rvOf(last)) });
    const fromStore = cacher.metrics.readsFromStorage;
    const list = await cacher.getList('/pods', { recursive: true, resourceVersion: String(rvOf(first)), resourceVersionMatch: 'Exact' });
    expect(list.items).toEqual([first]);
    expect(rvOf(list)).toBe(rvOf(first));
    expect(cacher.metrics.readsFromStorage).toBe(fromStore + 1);
  });

  it('lists through a field index read only the matching objects, and return what the store would', async () => {
    const { cacher, store } = await setup({ getAttrs: podAttrs, indexedFields: ['spec.nodeName'] });
    const objs: KubeObject[] = [];
    for (let i = 0; i < 6; i++) objs.push(await cacher.create(`/pods/ns${i % 2}/p${i}`, pod(`p${i}`, `ns${i % 2}`, { spec: { nodeName: `n${i % 3}` } })));
    await cacher.get('/pods/ns1/p5', { resourceVersion: String(rvOf(objs[5])) });
    const predicate = { ...everything(podAttrs), field: parseFieldSelector('spec.nodeName=n1') };
    const fromCache = await cacher.getList('/pods', { recursive: true, resourceVersion: '0', predicate });
    expect(fromCache.items.map((o) => o.metadata?.name), 'in key order').toEqual(['p4', 'p1']);
    expect(fromCache.items).toEqual((await store.getList('/pods', { recursive: true, predicate })).items);
    const fromNs = await cacher.getList('/pods/ns1', { recursive: true, resourceVersion: '0', predicate });
    expect(fromNs.items.map((o) => o.metadata?.name)).toEqual(['p1']);
  });
});

describe('readiness', () => {
  it('until the first list lands: lists and watches get 429 with Retry-After; gets and unfiltered pages go to the store', async () => {
    const kv = createMemoryKv();
    const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
    const a = await store.create('/pods/ns/a', pod('a'));
    const faulty = faultyStore(store);
    faulty.failLists(1_000_000);
    const cacher = createCacher(faulty.store, { resourcePrefix: '/pods', relistBackoffMs: 20, consistencyCheckIntervalMs: 0 });
    closers.push(async () => {
      await cacher.close();
      await kv.close();
    });
    await until(() => faulty.lists >= 2, 5_000, 'a retried list');
    expect(cacher.isReady()).toBe(false);
    for (const err of [await thrown(cacher.getList('/pods', { recursive: true })), await thrown(cacher.watch('/pods', { recursive: true }))]) {
      expect(isCacheNotReady(err)).toBe(true);
      expect(isStatusError(err) && err.status).toMatchObject({ code: 429, reason: 'TooManyRequests', details: { retryAfterSeconds: 1 } });
      expect(isStatusError(err) && err.status.message).toBe('storage is (re)initializing: injected list failure');
    }
    await expect(cacher.readinessCheck()).rejects.toSatisfy(isCacheNotReady);
    faulty.failLists(0);
    expect(await cacher.get('/pods/ns/a', { resourceVersion: '0' })).toEqual(a);
    expect((await cacher.getList('/pods', { recursive: true, predicate: { ...everything(), limit: 10 } })).items).toEqual([a]);
    await cacher.waitUntilReady();
    await cacher.readinessCheck();
    expect((await cacher.getList('/pods', { recursive: true, resourceVersion: '0' })).items).toEqual([a]);
  });
});

describe('relist', () => {
  it('after the store watch fails: watchers end (no ERROR), the cache relists, and catches up with writes made meanwhile', async () => {
    let faulty!: ReturnType<typeof faultyStore>;
    const { cacher } = await setup({}, (s) => (faulty = faultyStore(s)).store);
    await cacher.create('/pods/ns/a', pod('a'));
    const w = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: '0' }));
    expect(nameOf(await w.next())).toBe('a');
    faulty.failLists(2);
    faulty.breakWatches({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 500, reason: 'InternalError', message: 'injected' });
    expect(await w.rest(), 'the watcher ends without an ERROR').toEqual([]);
    const b = await cacher.create('/pods/ns/b', pod('b'));
    await until(() => cacher.metrics.initializations === 2, 5_000, 'the relist');
    expect(faulty.lists).toBeGreaterThanOrEqual(4);
    expect((await cacher.getList('/pods', { recursive: true, resourceVersion: String(rvOf(b)), resourceVersionMatch: 'NotOlderThan' })).items.map((o) => o.metadata?.name)).toEqual(['a', 'b']);
    const again = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(rvOf(b)) }));
    const c = await cacher.create('/pods/ns/c', pod('c'));
    expect(await again.next()).toEqual({ type: 'ADDED', object: c });
    again.stop();
  });

  it('after a 410 from the store watch, relists at once and serves watches from the new list', async () => {
    let faulty!: ReturnType<typeof faultyStore>;
    const { cacher } = await setup({ relistBackoffMs: 60_000 }, (s) => (faulty = faultyStore(s)).store);
    const a = await cacher.create('/pods/ns/a', pod('a'));
    await cacher.get('/pods/ns/a', { resourceVersion: String(rvOf(a)) });
    faulty.breakWatches({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 410, reason: 'Expired', message: 'too old' });
    // The backoff is a minute: only an immediate relist passes this.
    await until(() => cacher.metrics.initializations === 2, 5_000, 'the relist');
    // History before the relist is gone: a watch from before it is expired.
    const w = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(rvOf(a) - 1) }));
    const ev = await w.next();
    expect(ev.type).toBe('ERROR');
    expect(ev.object).toMatchObject({ code: 410, reason: 'Expired' });
    expect((ev.object as Status).message).toMatch(new RegExp(`^too old resource version: ${rvOf(a) - 1} \\(\\d+\\)$`));
    expect(await w.rest()).toEqual([]);
  });
});

describe('410 Expired', () => {
  it('a watch from before the window is an ERROR 410 with kube\'s message, then the end; from inside it, every later event', async () => {
    const { cacher } = await setup({ historyCapacity: { lowerBound: 10, upperBound: 10 } });
    const writes: KubeObject[] = [];
    for (let i = 0; i < 25; i++) writes.push(await cacher.create(`/pods/ns/p${String(i).padStart(2, '0')}`, pod(`p${String(i).padStart(2, '0')}`)));
    await cacher.get('/pods/ns/p24', { resourceVersion: String(rvOf(writes[24])) });
    expect(cacher.history).toEqual({ size: 10, capacity: 10 });
    const oldestKept = rvOf(writes[15]);
    const expired = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(rvOf(writes[0])) }));
    const ev = await expired.next();
    expect(ev).toEqual({
      type: 'ERROR',
      object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `too old resource version: ${rvOf(writes[0])} (${oldestKept - 1})`, reason: 'Expired', code: 410 },
    });
    expect(await expired.rest()).toEqual([]);
    const ok = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(oldestKept - 1) }));
    expect((await ok.take(10)).map(nameOf)).toEqual(writes.slice(15).map((o) => o.metadata!.name));
    ok.stop();
  });
});

describe('bookmarks', () => {
  it('watchers that allow them get periodic bookmarks past events they do not see; others get none', async () => {
    const { cacher } = await setup({ bookmarkFrequencyMs: 50 });
    const start = await cacher.create('/pods/a/x', pod('x', 'a'));
    const opts = (allowWatchBookmarks: boolean) => ({ recursive: true, resourceVersion: String(rvOf(start)), predicate: { ...everything(), allowWatchBookmarks } });
    const withBookmarks = reader(await cacher.watch('/pods/a', opts(true)));
    const without = reader(await cacher.watch('/pods/a', opts(false)));
    const other = await cacher.create('/pods/b/y', pod('y', 'b'));
    const ev = await withBookmarks.next();
    expect(ev).toEqual({ type: 'BOOKMARK', object: { metadata: { resourceVersion: String(rvOf(other)) } } });
    await without.none(300);
    withBookmarks.stop();
    without.stop();
  });

  it('bookmarks follow the store\'s progress notifications on a quiet resource', async () => {
    const { cacher, store } = await setup({ bookmarkFrequencyMs: 50 });
    const start = await cacher.create('/pods/a/x', pod('x', 'a'));
    const w = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(rvOf(start)), predicate: { ...everything(), allowWatchBookmarks: true } }));
    // A write to another resource: the pods cache learns of it only from progress notifications.
    const elsewhere = await store.create('/configmaps/ns/c', { metadata: { name: 'c', namespace: 'ns' } });
    for (;;) {
      const ev = await w.next();
      expect(ev.type).toBe('BOOKMARK');
      if (rvOf(ev.object) === rvOf(elsewhere)) break;
      expect(rvOf(ev.object)).toBeLessThan(rvOf(elsewhere));
    }
    w.stop();
  });
});

describe('watch-list (sendInitialEvents)', () => {
  it('initial events in key order, then one bookmark annotated k8s.io/initial-events-end, then changes; later bookmarks carry no annotation', async () => {
    const { cacher } = await setup({ bookmarkFrequencyMs: 50 });
    const objs: KubeObject[] = [];
    for (const n of ['c', 'a', 'b']) objs.push(await cacher.create(`/pods/ns/${n}`, pod(n)));
    const w = reader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true, predicate: { ...everything(), allowWatchBookmarks: true } }));
    expect((await w.take(3)).map((e) => [e.type, nameOf(e)])).toEqual([['ADDED', 'a'], ['ADDED', 'b'], ['ADDED', 'c']]);
    const end = await w.next();
    expect(end).toEqual({ type: 'BOOKMARK', object: { metadata: { resourceVersion: String(rvOf(objs[2])), annotations: { [initialEventsAnnotationKey]: 'true' } } } });
    const d = await cacher.create('/pods/ns/d', pod('d'));
    expect(await w.next()).toEqual({ type: 'ADDED', object: d });
    const later = await w.next();
    expect(later).toEqual({ type: 'BOOKMARK', object: { metadata: { resourceVersion: String(rvOf(d)) } } });
    w.stop();
  });

  it('without bookmarks there is no end bookmark; a resourceVersion the cache cannot reach is an ERROR 504', async () => {
    const { cacher } = await setup({ waitForFreshTimeoutMs: 50 });
    const a = await cacher.create('/pods/ns/a', pod('a'));
    const w = reader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true }));
    expect(await w.next()).toEqual({ type: 'ADDED', object: a });
    await w.none(150);
    w.stop();
    const far = reader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true, resourceVersion: String(rvOf(a) + 1000) }));
    const ev = await far.next();
    expect(ev.type).toBe('ERROR');
    expect(ev.object, JSON.stringify(ev.object)).toMatchObject({ code: 504, reason: 'Timeout', message: `Timeout: Too large resource version: ${rvOf(a) + 1000}, current: ${rvOf(a)}` });
    expect(await far.rest()).toEqual([]);
  });
});

// kube's ConditionalProgressRequester: a store with requestWatchProgress lets a quiet resource's
// cache learn that it is current (the KV here notifies only on request).
describe('progress requests', () => {
  const quiet = async (options: Partial<CacherOptions>, withRequests: boolean) => {
    const kv = createMemoryKv({ progressNotifyIntervalMs: 3_600_000 });
    const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
    const { requestWatchProgress: _dropped, ...withoutRequests } = store;
    const cacher = createCacher(withRequests ? store : { ...withoutRequests, versioner: store.versioner }, {
      resourcePrefix: '/pods',
      consistencyCheckIntervalMs: 0,
      ...options,
    });
    closers.push(async () => {
      await cacher.close();
      await kv.close();
    });
    await cacher.waitUntilReady();
    const a = await cacher.create('/pods/ns/a', pod('a'));
    await until(() => cacher.resourceVersion >= rvOf(a), 5_000, 'the cache to see the pod');
    // A write to another resource moves the store on; the pods cache sees no event of it.
    const other = await store.create('/configmaps/ns/x', { metadata: { name: 'x', namespace: 'ns' } });
    return { cacher, a, other };
  };

  it('a watch-list with resourceVersion unset on a quiet resource gets its initial events and the end bookmark', async () => {
    // A wait far longer than any test: only a progress answer can end it.
    const { cacher, a, other } = await quiet({ waitForFreshTimeoutMs: 600_000 }, true);
    const w = reader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true, predicate: { ...everything(), allowWatchBookmarks: true } }));
    expect(await w.next()).toEqual({ type: 'ADDED', object: a });
    expect(await w.next()).toEqual({
      type: 'BOOKMARK',
      object: { metadata: { resourceVersion: String(rvOf(other)), annotations: { [initialEventsAnnotationKey]: 'true' } } },
    });
    w.stop();
  });

  it('without them the same watch-list is a 504', async () => {
    const { cacher, other } = await quiet({ waitForFreshTimeoutMs: 50 }, false);
    const w = reader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true, predicate: { ...everything(), allowWatchBookmarks: true } }));
    const ev = await w.next();
    expect(ev.object, JSON.stringify(ev.object)).toMatchObject({ code: 504, message: expect.stringContaining(`Too large resource version: ${rvOf(other)}`) });
  });

  it('a consistent list of a quiet resource is served from the cache', async () => {
    const { cacher, a } = await quiet({ waitForFreshTimeoutMs: 600_000 }, true);
    const before = { ...cacher.metrics };
    const list = await cacher.getList('/pods', { recursive: true, predicate: everything() });
    expect(list.items).toEqual([a]);
    expect(cacher.metrics.consistentReadsFromCache).toBe(before.consistentReadsFromCache + 1);
    expect(cacher.metrics.consistentReadFallbacks).toBe(before.consistentReadFallbacks);
  });
});

describe('selector transitions', () => {
  it('through the trigger index and a label selector: entering is ADDED, leaving is DELETED at the change, changes outside are not sent', async () => {
    const { cacher } = await setup({ getAttrs: podAttrs, indexedFields: ['spec.nodeName'], watchTriggerField: 'spec.nodeName' });
    const onN1 = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: String(await cacher.getCurrentResourceVersion()), predicate: { ...everything(podAttrs), field: parseFieldSelector('spec.nodeName=n1') } }));
    const web = reader(await cacher.watch('/pods/ns', { recursive: true, resourceVersion: String(await cacher.getCurrentResourceVersion()), predicate: { ...everything(podAttrs), label: parseLabelSelector('app=web') } }));
    const key = '/pods/ns/p';
    const v1 = await cacher.create(key, pod('p', 'ns', { spec: { nodeName: 'n0' } }));
    const set = (spec: object, labels: Record<string, string> = {}) => cacher.guaranteedUpdate(key, { tryUpdate: (o) => ({ ...o, metadata: { ...o.metadata, labels }, spec }) });
    const v2 = await set({ nodeName: 'n1' });
    const v3 = await set({ nodeName: 'n1' }, { app: 'web' });
    const v4 = await set({ nodeName: 'n2' }, { app: 'web' });
    const v5 = await set({ nodeName: 'n2' });
    const v6 = await cacher.delete(key);
    const at = (o: KubeObject, rv: KubeObject) => ({ ...o, metadata: { ...o.metadata, resourceVersion: rv.metadata!.resourceVersion } });
    expect(await onN1.take(3)).toEqual([
      { type: 'ADDED', object: v2 },
      { type: 'MODIFIED', object: v3 },
      { type: 'DELETED', object: at(v3, v4) },
    ] satisfies WatchEvent[]);
    expect(await web.take(3)).toEqual([
      { type: 'ADDED', object: v3 },
      { type: 'MODIFIED', object: v4 },
      { type: 'DELETED', object: at(v4, v5) },
    ] satisfies WatchEvent[]);
    void v1;
    void v6;
    await onN1.none(100);
    await web.none(100);
    onN1.stop();
    web.stop();
  });
});

describe('slow watchers', () => {
  it('a watcher that does not read is closed once its buffer is full; the others get every event, in order', async () => {
    const { cacher } = await setup({ watcherBufferSize: 5 });
    const rv = String(await cacher.getCurrentResourceVersion());
    const slow = await cacher.watch('/pods', { recursive: true, resourceVersion: rv });
    const fast = reader(await cacher.watch('/pods', { recursive: true, resourceVersion: rv }));
    const names: string[] = [];
    const reading = (async () => {
      while (names.length < 30) names.push(nameOf(await fast.next()));
    })();
    const writes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const n = `p${String(i).padStart(2, '0')}`;
      await cacher.create(`/pods/ns/${n}`, pod(n));
      writes.push(n);
    }
    await reading;
    expect(names).toEqual(writes);
    expect(cacher.metrics.watchersTerminated).toBe(1);
    expect(cacher.watcherCount).toBe(1);
    // The slow one gets what it had buffered, then its stream ends: the client re-watches from there.
    expect((await reader(slow).rest()).map(nameOf)).toEqual(writes.slice(0, 5));
    fast.stop();
  });
});

describe('writes', () => {
  it('pass through with the cached object as the suggestion: an update of a current object is one KV call', async () => {
    const { cacher, kv } = await setup();
    const a = await cacher.create('/pods/ns/a', pod('a'));
    await cacher.get('/pods/ns/a', { resourceVersion: String(rvOf(a)) });
    const before = { ...kv.calls };
    const out = await cacher.guaranteedUpdate('/pods/ns/a', { tryUpdate: (o) => ({ ...o, metadata: { ...o.metadata, labels: { x: 'y' } } }) });
    expect(out.metadata?.labels).toEqual({ x: 'y' });
    expect({ range: (kv.calls.range ?? 0) - (before.range ?? 0), update: (kv.calls.update ?? 0) - (before.update ?? 0) }).toEqual({ range: 0, update: 1 });
    await cacher.get('/pods/ns/a', { resourceVersion: String(rvOf(out)) });
    const beforeDelete = { ...kv.calls };
    const last = await cacher.delete('/pods/ns/a');
    expect(last.metadata?.labels).toEqual({ x: 'y' });
    expect({ range: (kv.calls.range ?? 0) - (beforeDelete.range ?? 0), delete: (kv.calls.delete ?? 0) - (beforeDelete.delete ?? 0) }).toEqual({ range: 0, delete: 1 });
  });

  it('a stale cached object costs a retry, never a wrong write', async () => {
    const { cacher, store } = await setup();
    await cacher.create('/pods/ns/a', pod('a', 'ns', { spec: { n: 0 } }));
    // Straight to the store, then through the cacher before the cache may have seen it.
    await store.guaranteedUpdate('/pods/ns/a', { tryUpdate: (o) => ({ ...o, spec: { n: 1 } }) });
    const out = await cacher.guaranteedUpdate('/pods/ns/a', { tryUpdate: (o) => ({ ...o, spec: { n: (o.spec as { n: number }).n + 1 } }) });
    expect(out.spec).toEqual({ n: 2 });
  });
});

describe('consistency check', () => {
  it('passes when the cache matches the store; reports a cache that missed an event', async () => {
    let faulty!: ReturnType<typeof faultyStore>;
    const logged: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (_o: object, msg?: string) => void logged.push(msg ?? '') };
    const { cacher } = await setup({ logger }, (s) => (faulty = faultyStore(s)).store);
    const a = await cacher.create('/pods/ns/a', pod('a'));
    await cacher.get('/pods/ns/a', { resourceVersion: String(rvOf(a)) });
    expect((await cacher.checkConsistency()).consistent).toBe(true);
    faulty.drop = (ev) => ev.type === 'MODIFIED';
    await cacher.guaranteedUpdate('/pods/ns/a', { tryUpdate: (o) => ({ ...o, metadata: { ...o.metadata, labels: { v: '2' } } }) });
    const b = await cacher.create('/pods/ns/b', pod('b'));
    await cacher.get('/pods/ns/b', { resourceVersion: String(rvOf(b)) });
    const result = await cacher.checkConsistency();
    expect(result.consistent).toBe(false);
    expect(result.cacheDigest).not.toBe(result.storageDigest);
    expect(cacher.metrics.consistencyChecks).toEqual({ success: 1, failure: 1, error: 0 });
    expect(logged).toContain('cache consistency check failed');
  });
});
