// The watch and progress-request cases of the KV conformance suite (kv-suite.ts): etcd-io/etcd
// server/mvcc watchable_store_test.go (v3.5) and the WatchProgressRequest behaviour of etcd.
import { beforeEach, describe, expect, it } from 'vitest';
import { isKvCompactedError, type KeyValue, type KV } from '../kv.ts';
import { b, collect, eventually, sleep, str, view, type KvHarness } from './kv-suite-helpers.ts';

/** What the watch cases share with the rest of the suite: the KV and key prefix of the running test. */
export interface KvWatchSuite {
  harness: KvHarness;
  state: () => { kv: KV; p: string };
  mustCreate: (key: string, value: string, lease?: number) => Promise<KeyValue>;
}

export function runKvWatchTests(suite: KvWatchSuite): void {
  const { harness, mustCreate } = suite;
  let kv: KV;
  let p: string;
  // Runs after the suite's own beforeEach, which opens the KV of the test.
  beforeEach(() => {
    ({ kv, p } = suite.state());
  });

  describe('watch', () => {
    it('replays from a past revision, then follows live writes in order without gaps or duplicates', async () => {
      const first = await mustCreate(`${p}a`, '1');
      const second = await mustCreate(`${p}b`, '1');
      await kv.update(`${p}a`, b('2'), first.modRevision);
      const w = collect(kv, p, { prefix: true, startRevision: second.modRevision });
      expect(w.events).toHaveLength(0); // handlers never run inside watch()
      const c = await mustCreate(`${p}c`, '1');
      await kv.delete(`${p}c`, c.modRevision);
      await mustCreate(`${p}d`, '1');
      const events = await w.waitFor(5);
      w.cancel();
      expect(events.map(view)).toEqual([
        { type: 'put', key: `${p}b`, value: '1', rev: second.modRevision },
        { type: 'put', key: `${p}a`, value: '2', rev: expect.any(Number) },
        { type: 'put', key: `${p}c`, value: '1', rev: c.modRevision },
        { type: 'delete', key: `${p}c`, value: '', rev: expect.any(Number) },
        { type: 'put', key: `${p}d`, value: '1', rev: expect.any(Number) },
      ]);
      if (harness.exclusive) {
        expect(events.map((e) => e.kv.modRevision)).toEqual([0, 1, 2, 3, 4].map((i) => second.modRevision + i));
      }
      expect(w.errors).toEqual([]);
      expect(w.violations).toEqual([]);
    });

    it('attaches prevKv to updates and deletes when asked', async () => {
      const start = (await kv.currentRevision()) + 1;
      const withPrev = collect(kv, `${p}a`, { startRevision: start, prevKv: true });
      const without = collect(kv, `${p}a`, { startRevision: start });
      const created = await mustCreate(`${p}a`, '1', undefined);
      const updated = await kv.update(`${p}a`, b('2'), created.modRevision);
      const deleted = await kv.delete(`${p}a`, updated.revision);
      const events = await withPrev.waitFor(3);
      await without.waitFor(3);
      withPrev.cancel();
      without.cancel();

      const [put, upd, del] = events;
      expect(put?.type).toBe('put');
      expect(put?.prevKv).toBeUndefined();
      expect(upd?.type).toBe('put');
      expect(upd?.prevKv).toMatchObject({ key: `${p}a`, modRevision: created.modRevision, createRevision: created.createRevision });
      expect(str(upd?.prevKv?.value)).toBe('1');
      expect(del?.type).toBe('delete');
      expect(del?.kv).toMatchObject({ key: `${p}a`, modRevision: deleted.revision });
      expect(del?.kv.value.length).toBe(0);
      expect(del?.prevKv).toMatchObject({ key: `${p}a`, modRevision: updated.revision, createRevision: created.createRevision });
      expect(str(del?.prevKv?.value)).toBe('2');

      expect(without.events.map((e) => e.prevKv)).toEqual([undefined, undefined, undefined]);
      expect(without.events.map(view)).toEqual(events.map(view));
    });

    it('watches one key or every key under a prefix', async () => {
      const start = (await kv.currentRevision()) + 1;
      const single = collect(kv, `${p}a`, { startRevision: start });
      const prefix = collect(kv, `${p}a`, { startRevision: start, prefix: true });
      const dir = collect(kv, `${p}a/`, { startRevision: start, prefix: true });
      await mustCreate(`${p}a`, '1');
      await mustCreate(`${p}ab`, '1');
      await mustCreate(`${p}a/x`, '1');
      await mustCreate(`${p}b`, '1');
      await mustCreate(`${p}a/y`, '1');
      await prefix.waitFor(4);
      await dir.waitFor(2);
      await single.waitFor(1);
      expect(single.events.map((e) => e.kv.key)).toEqual([`${p}a`]);
      expect(prefix.events.map((e) => e.kv.key)).toEqual([`${p}a`, `${p}ab`, `${p}a/x`, `${p}a/y`]);
      expect(dir.events.map((e) => e.kv.key)).toEqual([`${p}a/x`, `${p}a/y`]);
      for (const w of [single, prefix, dir]) {
        w.cancel();
        expect(w.violations).toEqual([]);
      }
    });

    it('from revision 0 starts after the current revision', async () => {
      await mustCreate(`${p}before`, '1');
      const w = collect(kv, p, { prefix: true, startRevision: 0 });
      // The watch may be established asynchronously: write until it sees something.
      let i = 0;
      await eventually(async () => {
        await mustCreate(`${p}after-${i++}`, '1');
        return w.events.length > 0;
      }, 'an event on a watch from revision 0');
      w.cancel();
      expect(w.events.map((e) => e.kv.key)).not.toContain(`${p}before`);
      expect(w.violations).toEqual([]);
    });

    it('from a compacted revision ends with a KvCompactedError', async () => {
      const a = await mustCreate(`${p}a`, '1');
      const upd = await kv.update(`${p}a`, b('2'), a.modRevision);
      const last = await mustCreate(`${p}b`, '1');
      await kv.compact(upd.revision);

      const w = collect(kv, p, { prefix: true, startRevision: a.modRevision });
      await eventually(() => w.errors.length > 0, 'onError');
      const werr = w.errors[0];
      expect(isKvCompactedError(werr)).toBe(true);
      expect(isKvCompactedError(werr) ? werr.compactRevision : undefined).toBe(upd.revision);
      await mustCreate(`${p}c`, '1');
      await sleep(50);
      expect(w.events).toEqual([]);

      // etcd keeps the compacted revision itself watchable.
      const at = collect(kv, p, { prefix: true, startRevision: upd.revision });
      const events = await at.waitFor(3);
      at.cancel();
      expect(at.errors).toEqual([]);
      expect(events.map(view)).toEqual([
        { type: 'put', key: `${p}a`, value: '2', rev: upd.revision },
        { type: 'put', key: `${p}b`, value: '1', rev: last.modRevision },
        { type: 'put', key: `${p}c`, value: '1', rev: expect.any(Number) },
      ]);
    });

    it.skipIf(harness.losesTombstoneAtCompactRevision === true)('keeps a delete at the compacted revision watchable', async () => {
      const a = await mustCreate(`${p}a`, '1');
      const del = await kv.delete(`${p}a`, a.modRevision);
      await kv.compact(del.revision);
      const w = collect(kv, p, { prefix: true, startRevision: del.revision, prevKv: true });
      const events = await w.waitFor(1);
      w.cancel();
      expect(events.map(view)).toEqual([{ type: 'delete', key: `${p}a`, value: '', rev: del.revision }]);
      expect(w.errors).toEqual([]);
    });

    it('delivers nothing after cancel()', async () => {
      const a = await mustCreate(`${p}a`, '1');
      const replaying = collect(kv, p, { prefix: true, startRevision: a.modRevision });
      replaying.cancel(); // before any delivery: the replay must not arrive either
      const start = (await kv.currentRevision()) + 1;
      const live = collect(kv, p, { prefix: true, startRevision: start });
      await kv.update(`${p}a`, b('2'), a.modRevision);
      await live.waitFor(1);
      live.cancel();
      await mustCreate(`${p}b`, '1');
      await sleep(100);
      expect(replaying.events).toEqual([]);
      expect(live.events).toHaveLength(1);
      expect([...replaying.errors, ...live.errors]).toEqual([]);
    });
  });

  // etcd's WatchProgressRequest (kube's RequestWatchProgress, which the watch cache relies on to
  // learn that it has caught up on a quiet resource).
  describe('requestProgress', () => {
    const offered = harness.progressRequests !== false;
    /** Requests progress until `done` holds: a watch over the network answers only once established. */
    const requestUntil = (done: () => boolean, what: string) =>
      eventually(async () => {
        if (done()) return true;
        await kv.requestProgress!();
        return false;
      }, what);

    it(offered ? 'is offered' : 'is not offered', () => {
      expect(typeof kv.requestProgress).toBe(offered ? 'function' : 'undefined');
    });

    it.runIf(offered)('reaches an idle watch, without progressNotify, with the current revision', async () => {
      const w = collect(kv, `${p}watched/`, { prefix: true, startRevision: 0 });
      await requestUntil(() => w.progress.length > 0, 'a progress notification on a new watch');
      // A write the watch does not see moves the store's revision; the next answers carry it.
      const other = await mustCreate(`${p}other`, '1');
      await requestUntil(() => w.progress.some((r) => r >= other.modRevision), `progress at revision ${other.modRevision}`);
      const current = await kv.currentRevision();
      w.cancel();
      expect(Math.max(...w.progress)).toBeLessThanOrEqual(current);
      if (harness.exclusive) expect(Math.max(...w.progress)).toBe(other.modRevision);
      expect(w.events).toEqual([]);
      expect(w.errors).toEqual([]);
      expect(w.violations).toEqual([]);
    });

    it.runIf(offered)('answers only after the events written before the request', async () => {
      const w = collect(kv, p, { prefix: true, startRevision: 0 });
      await requestUntil(() => w.progress.length > 0, 'a progress notification on a new watch');
      const revs: number[] = [];
      for (const k of ['a', 'b', 'c']) revs.push((await mustCreate(`${p}${k}`, '1')).modRevision);
      // Requested at once, before the watch has necessarily delivered the three events.
      await requestUntil(() => w.progress.some((r) => r >= revs[2]!), `progress at revision ${revs[2]}`);
      w.cancel();
      const i = w.progress.findIndex((r) => r >= revs[2]!);
      expect(w.progressAfter[i]).toBe(3);
      expect(w.events.map((e) => e.kv.modRevision)).toEqual(revs);
      expect(w.violations).toEqual([]);
    });

    it.runIf(offered)('answers a watch replaying history only after the replayed events', async () => {
      const first = await mustCreate(`${p}a`, '1');
      await mustCreate(`${p}b`, '1');
      await mustCreate(`${p}c`, '1');
      const w = collect(kv, p, { prefix: true, startRevision: first.modRevision });
      // Ask while the watch is replaying: an answer must not overtake the replay.
      await requestUntil(() => w.events.length >= 3, 'the replayed events');
      const live = await mustCreate(`${p}d`, '1');
      await requestUntil(() => w.progress.some((r) => r >= live.modRevision), `progress at revision ${live.modRevision}`);
      w.cancel();
      expect(w.progressAfter[w.progress.findIndex((r) => r >= live.modRevision)]).toBe(4);
      expect(w.violations).toEqual([]);
      expect(w.errors).toEqual([]);
    });

    it.runIf(offered)('answers every watch of the KV', async () => {
      const one = collect(kv, `${p}one/`, { prefix: true, startRevision: 0 });
      const two = collect(kv, `${p}two`, { startRevision: 0, progressNotify: true });
      const mark = await mustCreate(`${p}mark`, '1');
      await requestUntil(
        () => [one, two].every((w) => w.progress.some((r) => r >= mark.modRevision)),
        'progress on both watches',
      );
      for (const w of [one, two]) {
        w.cancel();
        expect(w.violations).toEqual([]);
      }
    });
  });
}
