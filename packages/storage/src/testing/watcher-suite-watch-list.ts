// Behaviour of k8s.io/apiserver/pkg/storage/testing/watcher_tests.go (v1.33): the Store conformance suite,
// the watch-list (sendInitialEvents) and bookmark cases, registered for stores with those capabilities.
import { describe, expect, it } from 'vitest';
import type { KubeObject, WatchEvent } from '@kapi/apimachinery';
import { initialEventsAnnotationKey, type ListOptions } from '../interfaces.ts';
import { pod, podKey, pred, readWatch, rvOf, sleep, type StoreTest } from './store-suite-helpers.ts';

/** kube's makePod. */
const makePod = (n: string, ns: string) => pod(`pod-${n}`, ns);

/** The initial-events-end bookmark, at resourceVersion rv. */
const endBookmark = (rv: number | string): WatchEvent => ({
  type: 'BOOKMARK',
  object: { metadata: { resourceVersion: String(rv), annotations: { [initialEventsAnnotationKey]: 'true' } } },
});

const added = (objs: KubeObject[]): WatchEvent[] => objs.map((object) => ({ type: 'ADDED', object }));

/** RunSendInitialEventsBackwardCompatibility, RunWatchSemantics (sendInitialEvents rows), RunWatchSemanticInitialEventsExtended, RunWatchListMatchSingle. */
export function runWatchListTests(t: StoreTest): void {
  describe.runIf(t.caps.sendInitialEvents === true)('SendInitialEventsBackwardCompatibility', () => {
    it('sendInitialEvents without resourceVersion or bookmarks establishes a watch', async () => {
      const w = await t.store.watch(t.r, { recursive: true, predicate: pred(), sendInitialEvents: true });
      w.stop();
      await readWatch(w).end();
    });
  });

  describe.runIf(t.caps.sendInitialEvents === true)('WatchSemantics (sendInitialEvents)', () => {
    type Rv = 'unset' | '0' | 'before' | 'current';
    const scenarios: { bookmarks: boolean; send: boolean; rv: Rv; initial: boolean; endBookmark: boolean }[] = [];
    for (const rv of ['unset', '0', 'before', 'current'] as Rv[]) {
      for (const send of [true, false]) {
        for (const bookmarks of [true, false]) {
          // Initial events: requested, or the history after an old resourceVersion.
          scenarios.push({ bookmarks, send, rv, initial: send || rv === 'before', endBookmark: send && bookmarks });
        }
      }
    }
    scenarios.forEach((sc, idx) => {
      it(`allowWatchBookmarks=${sc.bookmarks}, sendInitialEvents=${sc.send}, RV=${sc.rv}`, async () => {
        const ns = `ns-${idx}`;
        const before = await t.store.getList(`${t.r}/${ns}`, { recursive: true });
        const created: KubeObject[] = [];
        for (const n of ['1', '2', '3']) created.push(await t.store.create(podKey(t.r, makePod(n, ns)), makePod(n, ns)));
        // This list makes sure the store has seen the pods: the watch below is then deterministic.
        const listed = await t.store.getList(`${t.r}/${ns}`, { recursive: true, resourceVersion: created[2]!.metadata!.resourceVersion!, resourceVersionMatch: 'NotOlderThan' });
        expect(listed.items).toHaveLength(3);
        const opts: ListOptions = { recursive: true, predicate: pred({ allowWatchBookmarks: sc.bookmarks }), sendInitialEvents: sc.send };
        if (sc.rv === '0') opts.resourceVersion = '0';
        if (sc.rv === 'before') opts.resourceVersion = before.metadata.resourceVersion!;
        if (sc.rv === 'current') opts.resourceVersion = String(await t.store.getCurrentResourceVersion());
        const w = readWatch(await t.store.watch(`${t.r}/${ns}`, opts));
        if (sc.initial) expect(await w.take(3)).toEqual(added(created));
        if (sc.endBookmark) {
          const ev = await w.next();
          expect(ev.type).toBe('BOOKMARK');
          expect(rvOf(ev.object as KubeObject)).toBeGreaterThanOrEqual(rvOf(created[2]!));
          expect(ev).toEqual(endBookmark(rvOf(ev.object as KubeObject)));
        }
        const after: KubeObject[] = [];
        for (const n of ['4', '5']) after.push(await t.store.create(podKey(t.r, makePod(n, ns)), makePod(n, ns)));
        const isBookmark = (e: WatchEvent) => e.type === 'BOOKMARK';
        const seen: WatchEvent[] = [];
        while (seen.length < 2) {
          const e = await w.next();
          if (!isBookmark(e)) seen.push(e);
        }
        expect(seen).toEqual(added(after));
        await w.none(100, isBookmark);
        w.stop();
      });
    });
  });

  describe.runIf(t.caps.sendInitialEvents === true)('WatchSemanticInitialEventsExtended', () => {
    it('the bookmark that ends the initial events carries the global resourceVersion', async () => {
      const ns = 'ns-foo';
      const initial: KubeObject[] = [];
      for (const n of ['1', '2', '3', '4', '5']) initial.push(await t.store.create(podKey(t.r, makePod(n, ns)), makePod(n, ns)));
      // A pod in another namespace moves the global resourceVersion on.
      const other = await t.store.create(podKey(t.r, makePod('1', 'other-ns-foo')), makePod('1', 'other-ns-foo'));
      const w = readWatch(await t.store.watch(`${t.r}/${ns}`, { recursive: true, predicate: pred({ allowWatchBookmarks: true }), sendInitialEvents: true }));
      expect(await w.take(6)).toEqual([...added(initial), endBookmark(rvOf(other))]);
      await w.none(100);
      w.stop();
    });
  });

  describe.runIf(t.caps.sendInitialEvents === true)('WatchListMatchSingle', () => {
    it('a field selector on the name sends that one pod, then the bookmark at the global resourceVersion', async () => {
      const ns = 'ns-foo';
      const expected = await t.store.create(podKey(t.r, makePod('1', ns)), makePod('1', ns));
      let last = expected;
      for (const n of ['2', '3', '4', '5']) last = await t.store.create(podKey(t.r, makePod(n, ns)), makePod(n, ns));
      const predicate = pred({ field: 'metadata.name=pod-1', allowWatchBookmarks: true });
      const w = readWatch(await t.store.watch(t.r, { recursive: true, predicate, sendInitialEvents: true }));
      expect(await w.take(2)).toEqual([{ type: 'ADDED', object: expected }, endBookmark(rvOf(last))]);
      await w.none(100);
      w.stop();
    });
  });

  describe.runIf(t.caps.periodicBookmarks === true)('OptionalWatchBookmarksWithCorrectResourceVersion', () => {
    it('bookmarks never go back in resourceVersion, and events always go forward', async () => {
      const list = await t.store.getList(t.r, { recursive: true, predicate: pred() });
      const w = readWatch(await t.store.watch(`${t.r}/test-ns`, { recursive: true, resourceVersion: list.metadata.resourceVersion!, predicate: pred({ allowWatchBookmarks: true }) }));
      const writes = (async () => {
        for (let i = 0; i < 100; i++) {
          await t.store.create(podKey(t.r, pod(`foo-${i}`, 'test-ns')), pod(`foo-${i}`, 'test-ns'));
          await sleep(10);
        }
      })();
      let bookmarks = 0;
      let objects = 0;
      let last = 0;
      while (objects < 100) {
        const ev = await w.next();
        const rv = rvOf(ev.object as KubeObject);
        if (ev.type === 'BOOKMARK') {
          bookmarks++;
          expect(rv, 'a bookmark never goes back').toBeGreaterThanOrEqual(last);
        } else {
          objects++;
          expect(rv, 'an event always goes forward').toBeGreaterThan(last);
        }
        last = rv;
      }
      await writes;
      expect(bookmarks, 'bookmarks arrived while the pods were written').toBeGreaterThan(0);
      w.stop();
    });
  });
}
