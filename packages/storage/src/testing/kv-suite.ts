// Behaviour of etcd-io/etcd server/mvcc kvstore_test.go + watchable_store_test.go (v3.5): the KV port's conformance suite.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isKvCompactedError,
  prefixRangeEnd,
  type KeyValue,
  type KV,
} from '../kv.ts';

/** How the KV conformance suite gets a store to test. */
export interface KvHarness {
  /** Shown in the describe block's title. */
  name: string;
  /**
   * A KV for one test; the suite closes it after the test. It may share its keyspace with other
   * tests (a shared etcd): every test writes under its own random prefix and asserts revisions
   * relative to its own writes.
   */
  newKv(): Promise<KV>;
  /**
   * True when nothing but the running test writes to the store (an in-process KV). Enables the
   * exact checks that a write takes the next revision (no gaps) and a failed write takes none.
   */
  exclusive?: boolean;
  /**
   * True for an etcd without etcd-io/etcd#18274 (such as Debian's 3.4.23): its compaction drops a
   * delete at exactly the compacted revision, so a watch from that revision misses the event.
   */
  losesTombstoneAtCompactRevision?: boolean;
  /**
   * False for a KV without the optional `requestProgress` (etcd's WatchProgressRequest): the suite
   * then asserts that it is absent instead of how it answers. Default true.
   */
  progressRequests?: boolean;
}

import { b, collect, eventually, sleep, str, view } from './kv-suite-helpers.ts';

export function runKvConformance(harness: KvHarness): void {
  describe(`KV conformance: ${harness.name}`, () => {
    let kv: KV;
    let p: string;

    beforeEach(async () => {
      kv = await harness.newKv();
      p = `/kvtest-${globalThis.crypto.randomUUID().slice(0, 8)}/`;
    });
    afterEach(async () => {
      await kv.close();
    });

    const get = async (key: string, revision?: number): Promise<KeyValue | undefined> =>
      (await kv.range(key, revision === undefined ? {} : { revision })).kvs[0];
    const mustCreate = async (key: string, value: string, lease?: number): Promise<KeyValue> => {
      const res = await kv.create(key, b(value), lease === undefined ? {} : { lease });
      expect(res.succeeded, `create ${key}`).toBe(true);
      return res.kv!;
    };

    describe('create', () => {
      it('writes an absent key with createRevision = modRevision = the new revision', async () => {
        const before = await kv.currentRevision();
        const res = await kv.create(`${p}a`, b('one'));
        expect(res.succeeded).toBe(true);
        expect(res.revision).toBeGreaterThan(before);
        expect(res.kv).toMatchObject({ key: `${p}a`, createRevision: res.revision, modRevision: res.revision, lease: 0 });
        expect(str(res.kv?.value)).toBe('one');
        const got = await get(`${p}a`);
        expect(got).toMatchObject({ key: `${p}a`, createRevision: res.revision, modRevision: res.revision, lease: 0 });
        expect(str(got?.value)).toBe('one');
      });

      it('fails on an existing key, returns the current value and writes nothing', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        const res = await kv.create(`${p}a`, b('two'));
        expect(res.succeeded).toBe(false);
        expect(res.kv).toMatchObject({ key: `${p}a`, modRevision: first.modRevision, createRevision: first.createRevision });
        expect(str(res.kv?.value)).toBe('one');
        expect(str((await get(`${p}a`))?.value)).toBe('one');
      });

      it('recreates a deleted key with a new createRevision', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        expect((await kv.delete(`${p}a`, first.modRevision)).succeeded).toBe(true);
        const again = await mustCreate(`${p}a`, 'two');
        expect(again.createRevision).toBe(again.modRevision);
        expect(again.createRevision).toBeGreaterThan(first.createRevision);
      });

      it('stores arbitrary bytes, including an empty value', async () => {
        const bytes = new Uint8Array([0, 255, 1, 128, 10]);
        expect((await kv.create(`${p}bin`, bytes)).succeeded).toBe(true);
        expect([...(await get(`${p}bin`))!.value]).toEqual([...bytes]);
        expect((await kv.create(`${p}empty`, new Uint8Array(0))).succeeded).toBe(true);
        expect((await get(`${p}empty`))!.value.length).toBe(0);
      });
    });

    describe('update', () => {
      it('writes when modRevision matches, keeping createRevision', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        const res = await kv.update(`${p}a`, b('two'), first.modRevision);
        expect(res.succeeded).toBe(true);
        expect(res.revision).toBeGreaterThan(first.modRevision);
        expect(res.kv).toMatchObject({ key: `${p}a`, createRevision: first.createRevision, modRevision: res.revision });
        expect(str(res.kv?.value)).toBe('two');
        expect(await get(`${p}a`)).toMatchObject({ modRevision: res.revision, createRevision: first.createRevision });
      });

      it('fails when modRevision does not match and returns the current value', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        const second = await kv.update(`${p}a`, b('two'), first.modRevision);
        const res = await kv.update(`${p}a`, b('three'), first.modRevision);
        expect(res.succeeded).toBe(false);
        expect(res.kv).toMatchObject({ key: `${p}a`, modRevision: second.revision });
        expect(str(res.kv?.value)).toBe('two');
        expect(str((await get(`${p}a`))?.value)).toBe('two');
      });

      it('with expectedModRevision 0 creates an absent key and fails on a present one', async () => {
        const created = await kv.update(`${p}a`, b('one'), 0);
        expect(created.succeeded).toBe(true);
        expect(created.kv).toMatchObject({ createRevision: created.revision, modRevision: created.revision });
        const res = await kv.update(`${p}a`, b('two'), 0);
        expect(res.succeeded).toBe(false);
        expect(res.kv?.modRevision).toBe(created.revision);
        expect(str(res.kv?.value)).toBe('one');
      });

      it('with a non-zero expectedModRevision fails on an absent key without a kv', async () => {
        const first = await mustCreate(`${p}other`, 'x');
        const res = await kv.update(`${p}absent`, b('one'), first.modRevision);
        expect(res.succeeded).toBe(false);
        expect(res.kv).toBeUndefined();
        expect(await get(`${p}absent`)).toBeUndefined();
      });
    });

    describe('delete', () => {
      it('deletes when modRevision matches and returns the previous value', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        const res = await kv.delete(`${p}a`, first.modRevision);
        expect(res.succeeded).toBe(true);
        expect(res.revision).toBeGreaterThan(first.modRevision);
        expect(res.kv).toMatchObject({ key: `${p}a`, modRevision: first.modRevision, createRevision: first.createRevision });
        expect(str(res.kv?.value)).toBe('one');
        expect(await get(`${p}a`)).toBeUndefined();
        expect(await kv.currentRevision()).toBeGreaterThanOrEqual(res.revision);
      });

      it('fails when modRevision does not match and returns the current value', async () => {
        const first = await mustCreate(`${p}a`, 'one');
        const upd = await kv.update(`${p}a`, b('two'), first.modRevision);
        const res = await kv.delete(`${p}a`, first.modRevision);
        expect(res.succeeded).toBe(false);
        expect(res.kv?.modRevision).toBe(upd.revision);
        expect(str(res.kv?.value)).toBe('two');
        expect(str((await get(`${p}a`))?.value)).toBe('two');
      });

      it('fails on an absent key without a kv, whatever the expected revision', async () => {
        const first = await mustCreate(`${p}other`, 'x');
        for (const expected of [0, first.modRevision]) {
          const res = await kv.delete(`${p}absent`, expected);
          expect(res.succeeded).toBe(false);
          expect(res.kv).toBeUndefined();
        }
        const gone = await kv.delete(`${p}other`, first.modRevision);
        expect(gone.succeeded).toBe(true);
        const again = await kv.delete(`${p}other`, first.modRevision);
        expect(again.succeeded).toBe(false);
        expect(again.kv).toBeUndefined();
      });
    });

    describe('revisions', () => {
      it('increase strictly with every write and not with failed writes', async () => {
        const revs: number[] = [];
        const a = await mustCreate(`${p}a`, '1');
        revs.push(a.modRevision);
        const failed = [
          await kv.create(`${p}a`, b('x')),
          await kv.update(`${p}a`, b('x'), a.modRevision + 1000),
          await kv.delete(`${p}a`, a.modRevision + 1000),
          await kv.delete(`${p}absent`, 0),
        ];
        for (const f of failed) {
          expect(f.succeeded).toBe(false);
          expect(f.revision).toBeGreaterThanOrEqual(a.modRevision);
          if (harness.exclusive) expect(f.revision).toBe(a.modRevision);
        }
        expect((await get(`${p}a`))?.modRevision).toBe(a.modRevision);
        const u = await kv.update(`${p}a`, b('2'), a.modRevision);
        revs.push(u.revision);
        revs.push((await mustCreate(`${p}b`, '1')).modRevision);
        revs.push((await kv.delete(`${p}b`, revs[2]!)).revision);
        revs.push((await mustCreate(`${p}b`, '2')).modRevision);
        for (let i = 1; i < revs.length; i++) {
          expect(revs[i]).toBeGreaterThan(revs[i - 1]!);
          if (harness.exclusive) expect(revs[i]).toBe(revs[i - 1]! + 1);
        }
      });

      it('currentRevision and every response carry the store revision', async () => {
        const a = await mustCreate(`${p}a`, '1');
        const current = await kv.currentRevision();
        expect(current).toBeGreaterThanOrEqual(a.modRevision);
        if (harness.exclusive) expect(current).toBe(a.modRevision);
        const read = await kv.range(`${p}absent`);
        expect(read).toMatchObject({ kvs: [], more: false, count: 0 });
        expect(read.revision).toBeGreaterThanOrEqual(current);
        const past = await kv.range(`${p}a`, { revision: a.modRevision });
        expect(past.revision).toBeGreaterThanOrEqual(current);
      });
    });

    describe('range', () => {
      it('reads a single key, not the keys it prefixes', async () => {
        await mustCreate(`${p}a`, 'a');
        await mustCreate(`${p}ab`, 'ab');
        await mustCreate(`${p}a/b`, 'a/b');
        const res = await kv.range(`${p}a`);
        expect(res.kvs.map((x) => x.key)).toEqual([`${p}a`]);
        expect(res.count).toBe(1);
        expect(res.more).toBe(false);
      });

      it('reads a prefix in ascending byte order, limited with more and count', async () => {
        const names = ['b', 'a/2', 'a/10', 'A', 'a', 'a/1', 'c-', '0', 'b/x'];
        for (const n of names) await mustCreate(`${p}dir/${n}`, n);
        await mustCreate(`${p}dir0`, 'outside');
        await mustCreate(`${p}dhr`, 'outside');
        const all = await kv.range(`${p}dir/`, { end: prefixRangeEnd(`${p}dir/`) });
        const sorted = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
        expect(all.kvs.map((x) => x.key)).toEqual(sorted.map((n) => `${p}dir/${n}`));
        expect(all.kvs.map((x) => str(x.value))).toEqual(sorted);
        expect(all).toMatchObject({ count: names.length, more: false });

        const limited = await kv.range(`${p}dir/`, { end: prefixRangeEnd(`${p}dir/`), limit: 4 });
        expect(limited.kvs.map((x) => x.key)).toEqual(sorted.slice(0, 4).map((n) => `${p}dir/${n}`));
        expect(limited).toMatchObject({ count: names.length, more: true });

        const exact = await kv.range(`${p}dir/`, { end: prefixRangeEnd(`${p}dir/`), limit: names.length });
        expect(exact).toMatchObject({ count: names.length, more: false });
        expect(exact.kvs).toHaveLength(names.length);

        const rest = await kv.range(`${p}dir/${sorted[4]}`, { end: prefixRangeEnd(`${p}dir/`), limit: 100 });
        expect(rest.kvs.map((x) => str(x.value))).toEqual(sorted.slice(4));

        const counted = await kv.range(`${p}dir/`, { end: prefixRangeEnd(`${p}dir/`), countOnly: true });
        expect(counted.count).toBe(names.length);
        expect(counted.kvs).toEqual([]);
      });

      it('leaves deleted keys out of ranges and counts', async () => {
        const a = await mustCreate(`${p}a`, 'a');
        await mustCreate(`${p}b`, 'b');
        await kv.delete(`${p}a`, a.modRevision);
        const res = await kv.range(p, { end: prefixRangeEnd(p) });
        expect(res.kvs.map((x) => x.key)).toEqual([`${p}b`]);
        expect(res.count).toBe(1);
      });

      it('reads the state at a past revision', async () => {
        const a = await mustCreate(`${p}a`, 'a1');
        const bkv = await mustCreate(`${p}b`, 'b1');
        const at = bkv.modRevision;
        await kv.update(`${p}a`, b('a2'), a.modRevision);
        await kv.delete(`${p}b`, bkv.modRevision);
        await mustCreate(`${p}c`, 'c1');

        const old = await kv.range(p, { end: prefixRangeEnd(p), revision: at });
        expect(old.kvs.map((x) => [x.key, str(x.value), x.modRevision])).toEqual([
          [`${p}a`, 'a1', a.modRevision],
          [`${p}b`, 'b1', bkv.modRevision],
        ]);
        expect(old.count).toBe(2);
        expect(str((await get(`${p}a`, a.modRevision))?.value)).toBe('a1');
        expect(await get(`${p}c`, at)).toBeUndefined();

        const now = await kv.range(p, { end: prefixRangeEnd(p) });
        expect(now.kvs.map((x) => [x.key, str(x.value)])).toEqual([
          [`${p}a`, 'a2'],
          [`${p}c`, 'c1'],
        ]);
      });

      it('rejects a future revision', async () => {
        await mustCreate(`${p}a`, 'a');
        const current = await kv.currentRevision();
        const err = await kv.range(`${p}a`, { revision: current + 1_000_000 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(Error);
        expect(isKvCompactedError(err)).toBe(false);
      });

      it('after compaction rejects reads below the compacted revision and keeps the state at it', async () => {
        const a = await mustCreate(`${p}a`, 'a1');
        const a2 = await kv.update(`${p}a`, b('a2'), a.modRevision);
        const bkv = await mustCreate(`${p}b`, 'b1');
        const gone = await kv.delete(`${p}b`, bkv.modRevision);
        const c = await mustCreate(`${p}c`, 'c1');
        const at = c.modRevision;
        await kv.update(`${p}c`, b('c2'), c.modRevision);
        await kv.compact(at);

        const err = await kv.range(`${p}a`, { revision: at - 1 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isKvCompactedError(err)).toBe(true);
        expect(isKvCompactedError(err) ? err.compactRevision : undefined).toBe(at);
        expect(gone.revision).toBeLessThan(at);

        const kept = await kv.range(p, { end: prefixRangeEnd(p), revision: at });
        expect(kept.kvs.map((x) => [x.key, str(x.value), x.modRevision, x.createRevision])).toEqual([
          [`${p}a`, 'a2', a2.revision, a.modRevision],
          [`${p}c`, 'c1', at, at],
        ]);
        const now = await kv.range(p, { end: prefixRangeEnd(p) });
        expect(now.kvs.map((x) => [x.key, str(x.value)])).toEqual([
          [`${p}a`, 'a2'],
          [`${p}c`, 'c2'],
        ]);

        const again = await kv.compact(at).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isKvCompactedError(again)).toBe(true);
      });
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

    describe('concurrency', () => {
      it('lets exactly one of many concurrent creates of a key succeed', async () => {
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => kv.create(`${p}race`, b(String(i)))));
        const winners = results.filter((r) => r.succeeded);
        expect(winners).toHaveLength(1);
        const winner = winners[0]!.kv!;
        for (const r of results.filter((x) => !x.succeeded)) {
          expect(r.kv?.modRevision).toBe(winner.modRevision);
          expect(str(r.kv?.value)).toBe(str(winner.value));
        }
      });

      it('counts exactly under concurrent conditional updates with retries', async () => {
        const writers = 20;
        const increments = 20;
        const key = `${p}counter`;
        await mustCreate(key, '0');
        const revisions = new Set<number>();
        const writer = async () => {
          let current = (await get(key))!;
          for (let i = 0; i < increments; ) {
            const next = String(Number(str(current.value)) + 1);
            const res = await kv.update(key, b(next), current.modRevision);
            if (res.succeeded) {
              revisions.add(res.revision);
              current = res.kv!;
              i++;
            } else {
              current = res.kv!;
            }
          }
        };
        await Promise.all(Array.from({ length: writers }, writer));
        const final = (await get(key))!;
        expect(str(final.value)).toBe(String(writers * increments));
        expect(revisions.size).toBe(writers * increments);
        expect(final.modRevision).toBe(Math.max(...revisions));
      });
    });

    describe('leases', () => {
      it('attaches keys to a lease and deletes them when it expires', { timeout: 20_000 }, async () => {
        const lease = await kv.grantLease(1);
        expect(lease).toBeGreaterThan(0);
        const start = (await kv.currentRevision()) + 1;
        const w = collect(kv, p, { prefix: true, startRevision: start, prevKv: true });
        const a = await mustCreate(`${p}a`, '1', lease);
        expect(a.lease).toBe(lease);
        expect((await get(`${p}a`))?.lease).toBe(lease);
        const other = await mustCreate(`${p}keep`, '1');
        expect(other.lease).toBe(0);
        // An update moves a key onto the lease (kube's GuaranteedUpdate with a TTL), or off it.
        const plain = await mustCreate(`${p}b`, '1');
        const onto = await kv.update(`${p}b`, b('2'), plain.modRevision, { lease });
        expect(onto.kv?.lease).toBe(lease);
        const leased = await mustCreate(`${p}c`, '1', lease);
        const off = await kv.update(`${p}c`, b('2'), leased.modRevision);
        expect(off.kv?.lease).toBe(0);

        await eventually(async () => (await get(`${p}a`)) === undefined, 'the leased key to expire', 8000);
        await eventually(() => w.events.filter((e) => e.type === 'delete').length >= 2, 'the delete events', 2000);
        w.cancel();
        const deletes = w.events.filter((e) => e.type === 'delete');
        expect(deletes.map((e) => e.kv.key)).toEqual([`${p}a`, `${p}b`]);
        const del = deletes[0]!;
        expect(del.kv.modRevision).toBeGreaterThan(off.revision);
        expect(del.prevKv).toMatchObject({ key: `${p}a`, modRevision: a.modRevision, lease });
        expect(deletes[1]!.prevKv).toMatchObject({ key: `${p}b`, modRevision: onto.revision, lease });
        expect(await get(`${p}b`)).toBeUndefined();
        expect(await get(`${p}keep`)).toBeDefined();
        expect((await get(`${p}c`))?.lease, 'a key moved off the lease stays').toBe(0);
      });

      it('moves a key off its lease when an update carries no lease', async () => {
        const lease = await kv.grantLease(60);
        const a = await mustCreate(`${p}a`, '1', lease);
        const upd = await kv.update(`${p}a`, b('2'), a.modRevision);
        expect(upd.kv?.lease).toBe(0);
        const again = await kv.update(`${p}a`, b('3'), upd.revision, { lease });
        expect(again.kv?.lease).toBe(lease);
      });

      it('rejects writes with a lease that does not exist', async () => {
        const err = await kv.create(`${p}a`, b('1'), { lease: 987_654_321 }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(Error);
        expect(await get(`${p}a`)).toBeUndefined();
      });
    });

    describe('close', () => {
      it('rejects calls after close()', async () => {
        const own = await harness.newKv();
        await own.close();
        await expect(own.range(`${p}a`)).rejects.toThrow();
        await expect(own.create(`${p}a`, b('1'))).rejects.toThrow();
        await expect(own.currentRevision()).rejects.toThrow();
      });
    });
  });
}
