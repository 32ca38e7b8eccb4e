// The cacher over SQLite and a real etcd with the Store's requestWatchProgress (kube's
// ConditionalProgressRequester over etcd's WatchProgressRequest): a quiet resource's cache learns
// that it is current on request, so a watch-list with resourceVersion unset is answered instead of
// a 504 after the 3 s wait. Periodic progress notifications are an hour apart here: only requested
// ones can end the wait.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCacher, defaultWaitForFreshTimeoutMs } from '@kapi/cacher';
import { createStore, everything, initialEventsAnnotationKey, type KV, type StoreOptions } from '@kapi/storage';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { createSqliteKv } from '@kapi/storage-sqlite';

const codec: StoreOptions['codec'] = {
  contentType: 'application/json',
  encode: (obj) => new TextEncoder().encode(JSON.stringify(obj)),
  decode: (data) => JSON.parse(new TextDecoder().decode(data)) as ReturnType<StoreOptions['codec']['decode']>,
};

const dir = mkdtempSync(join(tmpdir(), 'kapi-cacher-progress-'));
let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd({ progressNotifyInterval: '1h' })));
afterAll(async () => {
  await etcd?.stop();
  rmSync(dir, { recursive: true, force: true });
});
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

let n = 0;
const backends: [string, () => KV][] = [
  ['sqlite', () => createSqliteKv({ path: join(dir, `kv-${n++}.db`), progressNotifyIntervalMs: 3_600_000 })],
  ['etcd3', () => createEtcd3Kv({ endpoints: etcd!.endpoints })],
];

describe.each(backends)('watch progress requests over %s', (_name, newKv) => {
  /** A ready cacher of a resource whose last write is older than the store's revision. */
  async function quietResource() {
    const kv = newKv();
    const prefix = `/progress-${globalThis.crypto.randomUUID().slice(0, 8)}`;
    const store = createStore(kv, { codec, pathPrefix: '/registry' });
    expect(typeof store.requestWatchProgress).toBe('function');
    // kube's default wait for freshness (3 s): before progress requests it ended in a 504 here.
    const cacher = createCacher(store, { resourcePrefix: `${prefix}/pods`, consistencyCheckIntervalMs: 0, waitForFreshTimeoutMs: defaultWaitForFreshTimeoutMs });
    closers.push(async () => {
      await cacher.close();
      await kv.close();
    });
    await cacher.waitUntilReady();
    const pod = await cacher.create(`${prefix}/pods/ns/a`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'ns' } });
    // The pod's event reaches the cache (nothing waits yet, so nothing asks for progress): from
    // here on the cache's watch is established. (On etcd below 3.4.31 a write racing with the
    // creation of the watch can be overtaken by a progress answer; see storage-etcd3's README.)
    for (let i = 0; cacher.resourceVersion < Number(pod.metadata!.resourceVersion); i++) {
      if (i > 500) throw new Error('the cache did not see the pod');
      await new Promise((r) => setTimeout(r, 10));
    }
    // The store moves on with writes the pods cache never sees.
    let other = pod;
    for (const name of ['x', 'y']) other = await store.create(`${prefix}/configmaps/ns/${name}`, { metadata: { name, namespace: 'ns' } });
    return { cacher, prefix, pod, other };
  }

  it('a watch-list with resourceVersion unset gets its initial events and the initial-events-end bookmark', async () => {
    const { cacher, prefix, pod, other } = await quietResource();
    const watch = await cacher.watch(`${prefix}/pods`, {
      recursive: true,
      sendInitialEvents: true,
      predicate: { ...everything(), allowWatchBookmarks: true },
    });
    const it = watch[Symbol.asyncIterator]();
    const first = await it.next();
    const second = await it.next();
    watch.stop();
    expect(first.value).toEqual({ type: 'ADDED', object: pod });
    expect(second.value?.type, JSON.stringify(second.value)).toBe('BOOKMARK');
    const bookmark = second.value!.object as { metadata: { resourceVersion: string; annotations: Record<string, string> } };
    expect(bookmark.metadata.annotations).toEqual({ [initialEventsAnnotationKey]: 'true' });
    expect(Number(bookmark.metadata.resourceVersion)).toBeGreaterThanOrEqual(Number(other.metadata!.resourceVersion));
  });

  it('a consistent list is served from the cache', async () => {
    const { cacher, prefix, pod } = await quietResource();
    const before = { ...cacher.metrics };
    const list = await cacher.getList(`${prefix}/pods`, { recursive: true, predicate: everything() });
    expect(list.items).toEqual([pod]);
    expect(cacher.metrics.consistentReadsFromCache).toBe(before.consistentReadsFromCache + 1);
    expect(cacher.metrics.consistentReadFallbacks).toBe(before.consistentReadFallbacks);
  });
});
