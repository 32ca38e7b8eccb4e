// Behaviour of etcd-io/etcd server/mvcc kvstore_test.go + watchable_store_test.go (v3.5): the KV port's conformance suite.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isKvCompactedError,
  prefixRangeEnd,
  type KeyValue,
  type KV,
} from '../kv.ts';
import { b, collect, eventually, str, type KvHarness } from './kv-suite-helpers.ts';

export type { KvHarness } from './kv-suite-helpers.ts';
import { runKvWatchTests } from './kv-suite-watch.ts';

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

    runKvWatchTests({ harness, state: () => ({ kv, p }), mustCreate });

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
