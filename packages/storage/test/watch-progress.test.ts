// The Store's requestWatchProgress (kube's RequestWatchProgress over etcd's WatchProgressRequest):
// offered when the KV can ask its watches for progress, answered by its watches as BOOKMARKs.
import { describe, expect, it } from 'vitest';
import { jsonCodec, type KubeObject, type WatchEvent, type Watcher } from '@kapi/apimachinery';
import { createStore, everything, type KV } from '../src/index.ts';
import { createMemoryKv } from '../src/testing/index.ts';

// Periodic notifications an hour apart: every BOOKMARK a test sees was requested.
const quietKv = () => createMemoryKv({ progressNotifyIntervalMs: 3_600_000 });

const pod = (name: string): KubeObject => ({ metadata: { name, namespace: 'ns' } });

function reader(w: Watcher) {
  const it = w[Symbol.asyncIterator]();
  return async (): Promise<WatchEvent> => {
    const next = await it.next();
    if (next.done === true) throw new Error('watch ended');
    return next.value;
  };
}

describe('requestWatchProgress', () => {
  it('is offered only over a KV with requestProgress', async () => {
    const kv = quietKv();
    expect(typeof createStore(kv, { codec: jsonCodec }).requestWatchProgress).toBe('function');
    // The same KV without the optional method.
    const without = new Proxy(kv, {
      get(target, prop) {
        if (prop === 'requestProgress') return undefined;
        const v: unknown = Reflect.get(target, prop);
        return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(target) : v;
      },
    }) as KV;
    expect(without.requestProgress).toBeUndefined();
    expect(createStore(without, { codec: jsonCodec }).requestWatchProgress).toBeUndefined();
  });

  it('makes an idle watch with progressNotify send a BOOKMARK at the current revision', async () => {
    const store = createStore(quietKv(), { codec: jsonCodec });
    const first = await store.create('/pods/ns/a', pod('a'));
    const w = await store.watch('/pods', { recursive: true, resourceVersion: first.metadata!.resourceVersion!, progressNotify: true });
    // A write the watch does not see moves the revision.
    const other = await store.create('/other/ns/b', pod('b'));
    await store.requestWatchProgress!();
    const ev = await reader(w)();
    w.stop();
    expect(ev).toEqual({ type: 'BOOKMARK', object: { metadata: { resourceVersion: other.metadata!.resourceVersion } } });
  });

  it('sends the BOOKMARK after the events before the request', async () => {
    const store = createStore(quietKv(), { codec: jsonCodec });
    const w = await store.watch('/pods', {
      recursive: true,
      resourceVersion: String(await store.getCurrentResourceVersion()),
      predicate: { ...everything(), allowWatchBookmarks: true },
    });
    const a = await store.create('/pods/ns/a', pod('a'));
    const b = await store.create('/pods/ns/b', pod('b'));
    await store.requestWatchProgress!();
    const next = reader(w);
    const events = [await next(), await next(), await next()];
    w.stop();
    expect(events.map((e) => [e.type, (e.object as KubeObject).metadata?.resourceVersion])).toEqual([
      ['ADDED', a.metadata!.resourceVersion],
      ['ADDED', b.metadata!.resourceVersion],
      ['BOOKMARK', b.metadata!.resourceVersion],
    ]);
  });

  it('sends nothing to a watch that asked neither for progress nor for bookmarks', async () => {
    const store = createStore(quietKv(), { codec: jsonCodec });
    const w = await store.watch('/pods', { recursive: true, resourceVersion: String(await store.getCurrentResourceVersion()) });
    await store.requestWatchProgress!();
    const a = await store.create('/pods/ns/a', pod('a'));
    const ev = await reader(w)();
    w.stop();
    // The KV answered before the write; the Store dropped the answer.
    expect(ev.type).toBe('ADDED');
    expect((ev.object as KubeObject).metadata?.resourceVersion).toBe(a.metadata!.resourceVersion);
  });
});
