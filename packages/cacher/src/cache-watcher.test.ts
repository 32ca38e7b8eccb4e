import { describe, expect, it } from 'vitest';
import { apiObjectVersioner, parseLabelSelector, type KubeObject, type WatchEvent } from '@kapi/apimachinery';
import { defaultAttrs, everything, type SelectionPredicate } from '@kapi/storage';
import { CacheWatcher } from './cache-watcher.ts';
import type { WatchCacheEvent } from './watch-cache.ts';

const pod = (name: string, rv: number, labels: Record<string, string> = {}): KubeObject => ({ metadata: { name, namespace: 'ns', resourceVersion: String(rv), labels } });

function event(type: WatchCacheEvent['type'], obj: KubeObject, prev?: KubeObject): WatchCacheEvent {
  return {
    type,
    key: `/pods/ns/${obj.metadata!.name}`,
    object: obj,
    attrs: defaultAttrs(obj),
    hasPrev: prev !== undefined,
    prevObject: prev,
    prevAttrs: prev && defaultAttrs(prev),
    resourceVersion: Number(obj.metadata!.resourceVersion),
    recordTime: 0,
  };
}

function watcher(opts: { predicate?: SelectionPredicate; capacity?: number; skipThrough?: number; initial?: WatchEvent[] } = {}) {
  const ended: CacheWatcher[] = [];
  const w = new CacheWatcher({
    capacity: opts.capacity ?? 10,
    keyFilter: (k) => k.startsWith('/pods/ns/'),
    predicate: opts.predicate ?? everything(),
    versioner: apiObjectVersioner,
    skipThrough: opts.skipThrough ?? 0,
    initial: opts.initial ?? [],
    onEnd: (cw) => ended.push(cw),
    freeze: true,
  });
  return { w, ended };
}

async function drain(w: CacheWatcher): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  for await (const ev of w) out.push(ev);
  return out;
}

describe('CacheWatcher', () => {
  it('sees an object entering, staying in and leaving its selection (kube TestCacheWatcherHandlesFiltering)', () => {
    const { w } = watcher({ predicate: { ...everything(), label: parseLabelSelector('app=web') } });
    const out = (ev: WatchCacheEvent) => w.convert(ev);
    const a1 = pod('a', 1);
    const a2 = pod('a', 2, { app: 'web' });
    const a3 = pod('a', 3, { app: 'web', v: '2' });
    const a4 = pod('a', 4);
    expect(out(event('ADDED', a1))).toBeUndefined();
    expect(out(event('MODIFIED', a2, a1))).toEqual({ type: 'ADDED', object: a2 });
    expect(out(event('MODIFIED', a3, a2))).toEqual({ type: 'MODIFIED', object: a3 });
    // Leaving: the last state it had in the selection, at the resourceVersion of the change.
    expect(out(event('MODIFIED', a4, a3))).toEqual({ type: 'DELETED', object: { ...a3, metadata: { ...a3.metadata, resourceVersion: '4' } } });
    expect(out(event('DELETED', { ...a4, metadata: { ...a4.metadata, resourceVersion: '5' } }, a4))).toBeUndefined();
    const deleted = { ...a3, metadata: { ...a3.metadata, resourceVersion: '6' } };
    expect(out(event('DELETED', deleted, a3))).toEqual({ type: 'DELETED', object: deleted });
    expect(out({ ...event('ADDED', pod('a', 7, { app: 'web' })), key: '/pods/other/a' }), 'another key').toBeUndefined();
  });

  it('queues up to its capacity; skips what its initial events already covered', async () => {
    const { w } = watcher({ capacity: 2, skipThrough: 5, initial: [{ type: 'ADDED', object: pod('x', 5) }] });
    expect(w.offer(event('ADDED', pod('old', 5)))).toBe('skipped');
    expect(w.offer(event('ADDED', pod('a', 6)))).toBe('queued');
    expect(w.offer(event('ADDED', pod('b', 7)))).toBe('queued');
    expect(w.offer(event('ADDED', pod('c', 8)))).toBe('full');
    const it = w[Symbol.asyncIterator]();
    expect((await it.next()).value.object.metadata.name).toBe('x');
    expect((await it.next()).value.object.metadata.name).toBe('a');
    expect(w.offer(event('ADDED', pod('c', 8))), 'room again after a read').toBe('queued');
    w.stop();
  });

  it('waits for room until a deadline', async () => {
    const { w } = watcher({ capacity: 1 });
    w.offer(event('ADDED', pod('a', 1)));
    expect(await w.waitForRoom(Date.now() + 20), 'nobody reads: the deadline passes').toBe(false);
    const room = w.waitForRoom(Date.now() + 10_000);
    await w[Symbol.asyncIterator]().next();
    expect(await room).toBe(true);
    w.stop();
  });

  it('terminated by the cacher: the consumer reads what is queued, then the stream ends', async () => {
    const { w, ended } = watcher();
    w.offer(event('ADDED', pod('a', 1)));
    w.offer(event('ADDED', pod('b', 2)));
    w.terminate();
    expect(w.offer(event('ADDED', pod('c', 3)))).toBe('stopped');
    expect((await drain(w)).map((e) => (e.object as KubeObject).metadata?.name)).toEqual(['a', 'b']);
    expect(ended).toEqual([w]);
    await w.closed;
  });

  it('stopped by its consumer: the stream ends at once, even with events queued (kube TestCacheWatcherCleanupNotBlockedByResult)', async () => {
    const { w, ended } = watcher();
    for (let i = 1; i <= 5; i++) w.offer(event('ADDED', pod(`p${i}`, i)));
    w.stop();
    expect(await drain(w)).toEqual([]);
    expect(ended).toEqual([w]);
  });

  it('bookmarks: only for watchers that allow them, only past what they have seen, never waited for', () => {
    const bookmark = (rv: number): WatchCacheEvent => ({ ...event('BOOKMARK', pod('', rv)), object: { metadata: { resourceVersion: String(rv) } } });
    const without = watcher().w;
    expect(without.offer(bookmark(9))).toBe('skipped');
    const { w } = watcher({ predicate: { ...everything(), allowWatchBookmarks: true }, capacity: 1, skipThrough: 5 });
    expect(w.offer(bookmark(5))).toBe('skipped');
    expect(w.offer(bookmark(6))).toBe('queued');
    expect(w.offer(bookmark(7)), 'a full buffer drops a bookmark instead of blocking').toBe('skipped');
    w.stop();
    without.stop();
  });

  it('polled: notify calls back synchronously when an event is queued or the watcher ends; poll takes initial events, then live ones', () => {
    const { w } = watcher({ initial: [{ type: 'ADDED', object: pod('x', 1) }], skipThrough: 1 });
    const calls: string[] = [];
    w.notify(() => calls.push('at once: initial events are there'));
    expect(calls).toHaveLength(1);
    expect((w.poll()!.object as KubeObject).metadata?.name).toBe('x');
    expect(w.poll()).toBeUndefined();
    w.notify(() => calls.push('queued'));
    expect(calls).toHaveLength(1);
    expect(w.offer(event('ADDED', pod('a', 2)))).toBe('queued');
    expect(calls).toEqual(['at once: initial events are there', 'queued']);
    expect(w.offer(event('ADDED', pod('b', 3)))).toBe('queued');
    expect(calls, 'called once per notify').toHaveLength(2);
    expect([w.poll(), w.poll(), w.poll()].map((e) => (e?.object as KubeObject | undefined)?.metadata?.name)).toEqual(['a', 'b', undefined]);
    expect(w.done).toBe(false);
    w.notify(() => calls.push('ended'));
    w.offer(event('ADDED', pod('c', 4)));
    w.terminate();
    expect(calls.slice(2)).toEqual(['ended']);
    expect(w.done, 'not before what is queued is taken').toBe(false);
    expect((w.poll()!.object as KubeObject).metadata?.name).toBe('c');
    expect(w.done).toBe(true);
    expect(w.delivered).toBe(4);
  });

  it('an idle watcher makes its closed promise only when asked, and it settles whether asked before or after the end', async () => {
    const before = watcher().w;
    const closed = before.closed;
    before.stop();
    await closed;
    const after = watcher().w;
    after.terminate();
    await after.closed;
  });
});
