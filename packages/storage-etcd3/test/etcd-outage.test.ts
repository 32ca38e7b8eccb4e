// etcd going away under a running Store (issue 5): calls fail within their deadline with storage
// errors (no hang, no crash, no unhandled rejection), the client reconnects when etcd is back, and
// a watch opened before the outage either continues exactly where it was or, when its revision was
// compacted in the meantime, ends with 410 Expired.
import { jsonCodec, type KubeObject, type Status, type WatchEvent, type Watcher } from '@kapi/apimachinery';
import { createStore, isStorageError, type StorageInterface } from '@kapi/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEtcd3Kv, type Etcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';
import { startTcpProxy } from './tcp-proxy.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rvOf = (obj: KubeObject) => Number(obj.metadata?.resourceVersion);
const configMap = (name: string, value = '0'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { value } });
const storeOver = (kv: Etcd3Kv) => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
const REQUEST_TIMEOUT_MS = 1000;

/** Reads a Store watch in the background. */
function follow(watcher: Watcher) {
  const events: WatchEvent[] = [];
  let ended = false;
  const done = (async () => {
    for await (const ev of watcher) events.push(ev);
    ended = true;
  })();
  const until = async (cond: () => boolean, what: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(events.map(describeEvent))}`);
      await sleep(20);
    }
  };
  return { events, done, until, get ended() { return ended; } };
}

const describeEvent = (ev: WatchEvent) => (ev.type === 'ERROR' ? ['ERROR', (ev.object as Status).code] : [ev.type, ev.object.metadata?.name, rvOf(ev.object)]);

/**
 * The watch's events compared with etcd's own history: a fresh watch from the same resourceVersion,
 * read up to the last event, is what a watch that never broke would have delivered.
 */
async function expectSameAsHistory(store: StorageInterface, key: string, fromRv: number, seen: readonly WatchEvent[], lastRv: number) {
  const replay = follow(await store.watch(key, { resourceVersion: String(fromRv), recursive: true }));
  await replay.until(() => replay.events.some((ev) => rvOf(ev.object) >= lastRv), 'the replay of history');
  replay.done.catch(() => undefined);
  const upTo = (evs: readonly WatchEvent[]) => evs.filter((ev) => rvOf(ev.object) <= lastRv).map(describeEvent);
  expect(upTo(seen)).toEqual(upTo(replay.events));
}

/** A call made while etcd is away: it must reject with a storage error naming etcd, or succeed. */
function expectStorageFailure(result: PromiseSettledResult<unknown>, endpoint: string, codes: ('Timeout' | 'Unreachable')[]) {
  if (result.status === 'fulfilled') return;
  const err: unknown = result.reason;
  expect(isStorageError(err) ? err.code : String(err)).toSatisfy((code: string) => (codes as string[]).includes(code));
  expect(String((err as Error).message)).toContain(endpoint);
}

describe('etcd3 KV and Store when etcd goes away', () => {
  let etcd: EtcdServer;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  const kvs: Etcd3Kv[] = [];
  const newKv = (endpoints = etcd.endpoints) => {
    const kv = createEtcd3Kv({ endpoints, requestTimeoutMs: REQUEST_TIMEOUT_MS });
    kvs.push(kv);
    return kv;
  };

  beforeEach(async () => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    etcd = await startEtcd();
  });
  afterEach(async () => {
    await Promise.all(kvs.splice(0).map((kv) => kv.close()));
    await etcd.stop();
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it('paused (SIGSTOP): calls reject at their deadline; after resume the same clients write again and the watch has no gap or duplicate', async () => {
    const store = storeOver(newKv());
    const watchStore = storeOver(newKv());
    const start = await store.create('/configmaps/ns/before', configMap('before'));
    const watch = follow(await watchStore.watch('/configmaps/ns', { resourceVersion: String(rvOf(start)), recursive: true }));
    const a = await store.create('/configmaps/ns/a', configMap('a'));
    await watch.until(() => watch.events.length === 1, 'the event before the pause');

    await etcd.pause();
    const calls = await Promise.allSettled([
      ...Array.from({ length: 10 }, (_, i) => store.create(`/configmaps/ns/during-${i}`, configMap(`during-${i}`))),
      ...Array.from({ length: 5 }, () => store.guaranteedUpdate('/configmaps/ns/a', { tryUpdate: (obj) => ({ ...obj, data: { value: 'x' } }), cachedExistingObject: a })),
      store.get('/configmaps/ns/a'),
      store.getList('/configmaps/ns', { recursive: true }),
      store.readinessCheck(),
    ]);
    // Frozen, etcd answers nothing: every call ends at its own deadline.
    expect(calls.filter((c) => c.status === 'rejected').length).toBe(calls.length);
    for (const c of calls) expectStorageFailure(c, etcd.endpoints[0]!, ['Timeout']);
    expect(watch.ended).toBe(false);
    etcd.resume();

    // The same clients work again.
    const b = await store.create('/configmaps/ns/b', configMap('b'));
    const updated = await store.guaranteedUpdate('/configmaps/ns/a', { tryUpdate: (obj) => ({ ...obj, data: { value: 'after' } }) });
    expect(rvOf(updated)).toBeGreaterThan(rvOf(b));
    await watch.until(() => watch.events.some((ev) => rvOf(ev.object) === rvOf(updated)), 'the events after the pause');
    // Writes that timed out may still have been applied when etcd resumed: the history says which.
    await expectSameAsHistory(store, '/configmaps/ns', rvOf(start), watch.events, rvOf(updated));
    watch.done.catch(() => undefined);
  });

  it('killed (SIGKILL) during writes: calls reject within their deadline; after a restart the client reconnects and the watch continues from its last event', async () => {
    const store = storeOver(newKv());
    const watchStore = storeOver(newKv());
    const start = await store.create('/configmaps/ns/before', configMap('before'));
    const watch = follow(await watchStore.watch('/configmaps/ns', { resourceVersion: String(rvOf(start)), recursive: true }));
    for (let i = 0; i < 3; i++) await store.create(`/configmaps/ns/a-${i}`, configMap(`a-${i}`));
    await watch.until(() => watch.events.length === 3, 'the events before the outage');

    const inFlight = Array.from({ length: 20 }, (_, i) => store.create(`/configmaps/ns/in-flight-${i}`, configMap(`in-flight-${i}`)));
    etcd.kill();
    const results = await Promise.allSettled(inFlight);
    // A write the connection broke under may or may not have been applied; either way it says so.
    for (const r of results) expectStorageFailure(r, etcd.endpoints[0]!, ['Unreachable', 'Timeout']);
    // While etcd is down, nothing reaches it: Unreachable at the deadline.
    const during = await Promise.allSettled([
      store.create('/configmaps/ns/down', configMap('down')),
      store.get('/configmaps/ns/a-0'),
      store.guaranteedUpdate('/configmaps/ns/a-0', { tryUpdate: (obj) => ({ ...obj, data: { value: 'y' } }) }),
      store.readinessCheck(),
    ]);
    expect(during.map((d) => d.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const d of during) expectStorageFailure(d, etcd.endpoints[0]!, ['Unreachable']);
    expect(watch.ended).toBe(false);

    await etcd.restart();
    const after: KubeObject[] = [];
    for (let i = 0; i < 3; i++) after.push(await store.create(`/configmaps/ns/b-${i}`, configMap(`b-${i}`)));
    const last = rvOf(after[2]!);
    await watch.until(() => watch.events.some((ev) => rvOf(ev.object) === last), 'the events after the restart');
    await expectSameAsHistory(store, '/configmaps/ns', rvOf(start), watch.events, last);
    const names = watch.events.map((ev) => ev.object.metadata?.name);
    expect(names.slice(0, 3)).toEqual(['a-0', 'a-1', 'a-2']);
    expect(names.slice(-3)).toEqual(['b-0', 'b-1', 'b-2']);
    watch.done.catch(() => undefined);
  });

  it('a watch whose revision was compacted while it could not reach etcd ends with 410 Expired', async () => {
    const proxy = await startTcpProxy(etcd.endpoints[0]!);
    try {
      const store = storeOver(newKv());
      // The watching replica reaches etcd through the proxy, so it can stay cut off after etcd is back.
      const watchStore = storeOver(newKv([proxy.url]));
      const start = await store.create('/configmaps/ns/before', configMap('before'));
      const watch = follow(await watchStore.watch('/configmaps/ns', { resourceVersion: String(rvOf(start)), recursive: true }));
      const a = await store.create('/configmaps/ns/a', configMap('a'));
      await watch.until(() => watch.events.length === 1, 'the event before the outage');

      etcd.kill();
      proxy.cut();
      await etcd.restart();
      // While the watcher is away, the history it has not seen is written and compacted.
      const b = await store.create('/configmaps/ns/b', configMap('b'));
      const c = await store.create('/configmaps/ns/c', configMap('c'));
      await kvs[0]!.compact(rvOf(c));
      proxy.restore();

      await watch.until(() => watch.ended, 'the watch to end');
      expect(watch.events.map(describeEvent)).toEqual([
        ['ADDED', 'a', rvOf(a)],
        ['ERROR', 410],
      ]);
      expect((watch.events[1]!.object as Status).reason).toBe('Expired');
      expect(rvOf(b)).toBeLessThan(rvOf(c));
    } finally {
      await proxy.close();
    }
  });

  it('health() answers within its timeout: Timeout when etcd is paused, Unreachable when it is down, fine when it is back', async () => {
    const kv = newKv();
    await kv.health();
    await etcd.pause();
    const paused = await kv.health({ timeoutMs: 300 }).catch((e: unknown) => e);
    expect(isStorageError(paused) ? paused.code : String(paused)).toBe('Timeout');
    expect(String((paused as Error).message)).toContain(etcd.endpoints[0]);
    etcd.resume();
    await kv.health();
    etcd.kill();
    const down = await kv.health({ timeoutMs: 300 }).catch((e: unknown) => e);
    expect(isStorageError(down) ? down.code : String(down)).toBe('Unreachable');
    await etcd.restart();
    await kv.health({ timeoutMs: 5000 });
  });
});
