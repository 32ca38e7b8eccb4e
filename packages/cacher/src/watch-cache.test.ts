import { describe, expect, it } from 'vitest';
import { apiObjectVersioner, isStatusError, type KubeObject } from '@kapi/apimachinery';
import { defaultAttrs } from '@kapi/storage';
import { capacityUpperBound, defaultEventFreshDurationMs, defaultUpperBoundCapacity, WatchCache, type WatchCacheEvent } from './watch-cache.ts';
import { defaultKeyFunc } from './util.ts';

function newCache(opts: { capacity: number; lower?: number; upper?: number; fresh?: number } = { capacity: 5 }) {
  let now = 0;
  const events: WatchCacheEvent[] = [];
  const cache = new WatchCache({
    keyFunc: defaultKeyFunc('/pods'),
    getAttrs: defaultAttrs,
    indexedFields: [],
    versioner: apiObjectVersioner,
    eventFreshDurationMs: opts.fresh ?? defaultEventFreshDurationMs,
    lowerBoundCapacity: opts.lower ?? opts.capacity,
    upperBoundCapacity: opts.upper ?? opts.capacity,
    initialCapacity: opts.capacity,
    now: () => now,
    freeze: true,
    onEvent: (ev) => events.push(ev),
  });
  return { cache, events, setNow: (t: number) => (now = t) };
}

const pod = (name: string, rv: number, labels: Record<string, string> = {}): KubeObject => ({ metadata: { name, namespace: 'ns', resourceVersion: String(rv), labels } });

describe('WatchCache', () => {
  it('records events with the previous object, and keeps the current objects (kube TestWatchCacheBasic)', () => {
    const { cache, events } = newCache({ capacity: 10 });
    cache.replace([pod('a', 5)], 5);
    cache.processEvent('MODIFIED', pod('a', 6, { x: 'y' }));
    cache.processEvent('ADDED', pod('b', 7));
    cache.processEvent('DELETED', pod('a', 8, { x: 'y' }));
    expect(events.map((e) => [e.type, e.key, e.resourceVersion, e.prevObject?.metadata?.resourceVersion])).toEqual([
      ['MODIFIED', '/pods/ns/a', 6, '5'],
      ['ADDED', '/pods/ns/b', 7, undefined],
      ['DELETED', '/pods/ns/a', 8, '6'],
    ]);
    expect(cache.resourceVersion).toBe(8);
    expect(cache.store.list().map((e) => e.key)).toEqual(['/pods/ns/b']);
    expect(Object.isFrozen(cache.store.get('/pods/ns/b')!.object.metadata)).toBe(true);
  });

  it('replays events after a resourceVersion, and expires those older than the window (kube TestEvents)', () => {
    const { cache } = newCache({ capacity: 5 });
    cache.replace([], 1);
    for (let rv = 2; rv <= 11; rv++) cache.processEvent('ADDED', pod(`p${rv}`, rv));
    // The window holds rv 7..11: events after 6 onwards are complete.
    expect(cache.eventsSince(6).map((e) => e.resourceVersion)).toEqual([7, 8, 9, 10, 11]);
    expect(cache.eventsSince(9).map((e) => e.resourceVersion)).toEqual([10, 11]);
    expect(cache.eventsSince(11)).toEqual([]);
    let err: unknown;
    try {
      cache.eventsSince(5);
    } catch (e) {
      err = e;
    }
    expect(isStatusError(err) && err.status).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 5 (6)' });
  });

  it('after a relist, serves from the list revision on, and nothing older', () => {
    const { cache } = newCache({ capacity: 5 });
    cache.replace([pod('a', 3)], 10);
    expect(cache.eventsSince(10)).toEqual([]);
    expect(cache.canServeFrom(10)).toBe(true);
    expect(cache.canServeFrom(9)).toBe(false);
    expect(() => cache.eventsSince(9)).toThrow('too old resource version: 9 (10)');
  });

  it('rebuilds the state at any revision in the window', () => {
    const { cache } = newCache({ capacity: 20 });
    cache.replace([pod('a', 1), pod('b', 2)], 2);
    cache.processEvent('MODIFIED', pod('a', 3, { v: '2' }));
    cache.processEvent('ADDED', pod('c', 4));
    cache.processEvent('DELETED', pod('b', 5));
    cache.processEvent('MODIFIED', pod('a', 6, { v: '3' }));
    const at = (rv: number) => cache.listAt(rv, '/pods/').map((e) => `${e.object.metadata!.name}@${e.object.metadata!.resourceVersion}`);
    expect(at(2)).toEqual(['a@1', 'b@2']);
    expect(at(3)).toEqual(['a@3', 'b@2']);
    expect(at(4)).toEqual(['a@3', 'b@2', 'c@4']);
    expect(at(5)).toEqual(['a@3', 'c@4']);
    expect(at(6)).toEqual(['a@6', 'c@4']);
    expect(cache.listAt(4, '/pods/', '/pods/ns/b\0').map((e) => e.key)).toEqual(['/pods/ns/c']);
    expect(cache.getAt(4, '/pods/ns/b')?.object.metadata?.resourceVersion).toBe('2');
    expect(cache.getAt(2, '/pods/ns/c')).toBeUndefined();
  });

  it('forgets history through a compaction', () => {
    const { cache } = newCache({ capacity: 20 });
    cache.replace([], 1);
    for (let rv = 2; rv <= 6; rv++) cache.processEvent('ADDED', pod(`p${rv}`, rv));
    cache.compactHistory(4);
    expect(cache.canServeFrom(4)).toBe(true);
    expect(cache.canServeFrom(3)).toBe(false);
    expect(cache.eventsSince(4).map((e) => e.resourceVersion)).toEqual([5, 6]);
  });

  it('wakes readers waiting for a revision, or lets them time out', async () => {
    const { cache } = newCache({ capacity: 5 });
    cache.replace([], 1);
    const reached = cache.waitUntilFresh(3, 10_000);
    const missed = cache.waitUntilFresh(100, 20);
    cache.processEvent('ADDED', pod('a', 2));
    cache.updateResourceVersion(3);
    expect(await reached).toBe(true);
    expect(await missed).toBe(false);
    expect(cache.waiting).toBe(0);
  });

  describe('resizing (kube TestDynamicCache)', () => {
    const fresh = defaultEventFreshDurationMs;
    const cases: { name: string; count: number; capacity: number; lower: number; upper: number; interval: number; capacityAfter: number; kept: number }[] = [
      { name: 'events inside the fresh duration grow the window', count: 5, capacity: 5, lower: 2, upper: 10, interval: fresh / 6, capacityAfter: 10, kept: 5 },
      { name: 'events outside it leave the capacity', count: 5, capacity: 5, lower: 2, upper: 10, interval: fresh / 4, capacityAfter: 5, kept: 5 },
      { name: 'a stale newest quarter shrinks it', count: 5, capacity: 5, lower: 2, upper: 10, interval: fresh + 1000, capacityAfter: 2, kept: 2 },
      { name: 'shrinking stops at the lower bound', count: 5, capacity: 5, lower: 3, upper: 10, interval: fresh + 1000, capacityAfter: 3, kept: 3 },
      { name: 'growing stops at the upper bound', count: 5, capacity: 5, lower: 2, upper: 8, interval: fresh / 6, capacityAfter: 8, kept: 5 },
      { name: '[4n] grows', count: 8, capacity: 8, lower: 4, upper: 16, interval: fresh / 9, capacityAfter: 16, kept: 8 },
      { name: '[4n] unchanged', count: 8, capacity: 8, lower: 4, upper: 16, interval: fresh / 8, capacityAfter: 8, kept: 8 },
      { name: '[4n] shrinks', count: 8, capacity: 8, lower: 4, upper: 16, interval: fresh / 2 + 1000, capacityAfter: 4, kept: 4 },
      { name: '[4n] shrinks to the lower bound', count: 8, capacity: 8, lower: 7, upper: 16, interval: fresh / 2 + 1000, capacityAfter: 7, kept: 7 },
    ];
    for (const tc of cases) {
      it(tc.name, () => {
        const { cache, setNow } = newCache({ capacity: tc.capacity, lower: tc.lower, upper: tc.upper });
        cache.replace([], 1);
        for (let i = 0; i < tc.count; i++) {
          setNow(i * tc.interval);
          cache.processEvent('ADDED', pod(`p${i}`, i + 2));
        }
        cache.resize(tc.count * tc.interval);
        expect(cache.capacity).toBe(tc.capacityAfter);
        expect(cache.historySize).toBe(tc.kept);
        // The newest events survive, in order.
        const first = tc.count + 2 - tc.kept;
        expect(cache.eventsSince(first - 1).map((e) => e.resourceVersion)).toEqual(Array.from({ length: tc.kept }, (_, i) => first + i));
      });
    }
  });

  it('suggests channel sizes like kube (TestSuggestedWatchChannelSize)', () => {
    const size = (capacity: number, index: boolean, trigger: boolean, fresh = defaultEventFreshDurationMs) =>
      newCache({ capacity, fresh }).cache.suggestedWatchChannelSize(index, trigger);
    expect([size(100, true, true), size(100, true, false), size(100, false, false)]).toEqual([10, 10, 10]);
    expect([size(7500, true, true), size(7500, true, false), size(7500, true, false, 2 * defaultEventFreshDurationMs), size(7500, false, false)]).toEqual([10, 100, 50, 100]);
    expect([size(75000, true, true), size(75000, true, false), size(75000, true, false, 2 * defaultEventFreshDurationMs), size(75000, false, false)]).toEqual([10, 1000, 500, 100]);
    expect([size(750000, true, false), size(750000, false, false)]).toEqual([1000, 100]);
  });

  it('scales the upper bound with the fresh duration (kube TestCapacityUpperBound)', () => {
    expect(capacityUpperBound(defaultEventFreshDurationMs)).toBe(defaultUpperBoundCapacity);
    expect(capacityUpperBound(45_000)).toBe(defaultUpperBoundCapacity);
    expect(capacityUpperBound(4 * defaultEventFreshDurationMs)).toBe(4 * defaultUpperBoundCapacity);
    expect(capacityUpperBound(3 * defaultEventFreshDurationMs)).toBe(4 * defaultUpperBoundCapacity);
    expect(capacityUpperBound(defaultEventFreshDurationMs * 2 ** 20)).toBe(defaultUpperBoundCapacity * 2 ** 14);
  });
});
