import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { isKvCompactedError, prefixRangeEnd, type KV, type KvEvent } from '@kapi/storage';
import { createSqliteKv } from '../src/index.ts';
import { openDatabase } from '../src/internal/schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'kapi-sqlite-kv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const newPath = () => join(dir, `data-${n++}`, 'kapi.db');

const b = (s: string) => new TextEncoder().encode(s);
const str = (v: Uint8Array | undefined) => (v === undefined ? undefined : new TextDecoder().decode(v));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

function collect(kv: KV, key: string, startRevision: number) {
  const events: KvEvent[] = [];
  const errors: Error[] = [];
  const w = kv.watch(key, { prefix: true, startRevision, prevKv: true }, { onEvents: (e) => events.push(...e), onError: (e) => errors.push(e) });
  return { events, errors, cancel: () => w.cancel() };
}

describe('sqlite KV on disk', () => {
  it('keeps data, revisions, compaction and leases across a reopen', async () => {
    const path = newPath();
    const kv = createSqliteKv({ path });
    const a = await kv.create('/r/a', b('a1'));
    const a2 = await kv.update('/r/a', b('a2'), a.revision);
    const bk = await kv.create('/r/b', b('b1'));
    const del = await kv.delete('/r/b', bk.revision);
    const c = await kv.create('/r/c', b('c1'));
    await kv.compact(c.revision);
    const lease = await kv.grantLease(3600);
    const leased = await kv.create('/r/leased', b('l'), { lease });
    const before = await kv.range('/r/', { end: prefixRangeEnd('/r/') });
    const rev = await kv.currentRevision();
    await kv.close();

    const again = createSqliteKv({ path });
    try {
      expect(await again.currentRevision()).toBe(rev);
      const after = await again.range('/r/', { end: prefixRangeEnd('/r/') });
      expect(after.kvs.map((x) => ({ ...x, value: str(x.value) }))).toEqual(before.kvs.map((x) => ({ ...x, value: str(x.value) })));
      expect(after.kvs.map((x) => x.key)).toEqual(['/r/a', '/r/c', '/r/leased']);
      expect(after.kvs[0]).toMatchObject({ modRevision: a2.revision, createRevision: a.revision });
      expect(after.kvs[2]?.lease).toBe(lease);
      expect(leased.kv?.lease).toBe(lease);

      // The compaction point survived: below it fails, at it reads.
      await expect(again.range('/r/a', { revision: del.revision })).rejects.toSatisfy(isKvCompactedError);
      expect((await again.range('/r/', { end: prefixRangeEnd('/r/'), revision: c.revision })).count).toBe(2);

      // The lease survived, and new writes continue the revision sequence without a gap.
      const next = await again.create('/r/d', b('d1'), { lease });
      expect(next.revision).toBe(rev + 1);

      // A watch replays the retained history from the compaction point, prevKv included.
      const w = collect(again, '/r/', c.revision);
      await until(() => w.events.length >= 3);
      w.cancel();
      expect(w.events.map((e) => [e.type, e.kv.key, e.kv.modRevision])).toEqual([
        ['put', '/r/c', c.revision],
        ['put', '/r/leased', leased.revision],
        ['put', '/r/d', next.revision],
      ]);
    } finally {
      await again.close();
    }
  });

  it('refuses a second opener of the same file, in this process and in another', async () => {
    const path = newPath();
    const kv = createSqliteKv({ path });
    try {
      await kv.create('/a', b('1'));
      expect(() => createSqliteKv({ path })).toThrow(/data directory is in use by another kapi process/);

      const script = `import { createSqliteKv } from ${JSON.stringify(resolve(import.meta.dirname, '../src/index.ts'))};
        try { createSqliteKv({ path: ${JSON.stringify(path)} }); console.log('opened'); } catch (e) { console.log(e.message); }`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=@kapi/source', '--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: import.meta.dirname },
      );
      expect(stdout).toMatch(/data directory is in use by another kapi process/);
      expect(str((await kv.range('/a')).kvs[0]?.value)).toBe('1');
    } finally {
      await kv.close();
    }
    const reopened = createSqliteKv({ path });
    expect((await reopened.range('/a')).count).toBe(1);
    await reopened.close();
  });

  it('compaction removes superseded rows and keeps a delete at the compaction point', async () => {
    const path = newPath();
    const kv = createSqliteKv({ path });
    const a = await kv.create('/a', b('1'));
    let rev = a.revision;
    for (let i = 2; i <= 5; i++) rev = (await kv.update('/a', b(String(i)), rev)).revision;
    const x = await kv.create('/x', b('x'));
    const xDel = await kv.delete('/x', x.revision);
    const y = await kv.create('/y', b('y'));
    const yDel = await kv.delete('/y', y.revision);
    await kv.compact(yDel.revision);
    await kv.update('/a', b('6'), rev);
    await kv.close();

    const rows = () => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare<[], { id: number; name: string; deleted: number }>('SELECT id, name, deleted FROM kv ORDER BY id').all();
      } finally {
        db.close();
      }
    };
    // /a keeps its value at the compaction point; /x is gone; /y's delete at the point stays.
    expect(rows()).toEqual([
      { id: rev, name: '/a', deleted: 0 },
      { id: yDel.revision, name: '/y', deleted: 1 },
      { id: yDel.revision + 1, name: '/a', deleted: 0 },
    ]);
    expect(xDel.revision).toBeLessThan(yDel.revision);

    // The next compaction removes that delete and the row the later update replaced.
    const again = createSqliteKv({ path });
    await again.compact(yDel.revision + 1);
    await again.close();
    expect(rows()).toEqual([{ id: yDel.revision + 1, name: '/a', deleted: 0 }]);
  });

  it('finishes on the next open a compaction that a close (or crash) interrupted', async () => {
    const path = newPath();
    const kv = createSqliteKv({ path });
    let rev = (await kv.create('/a', b('0'))).revision;
    for (let i = 1; i <= 5; i++) rev = (await kv.update('/a', b(String(i)), rev)).revision;
    const compacting = kv.compact(rev);
    // Closing before the first window of old rows is removed leaves them on disk, the compaction point recorded.
    await kv.close();
    await compacting;
    const state = () => {
      const db = new Database(path, { readonly: true });
      try {
        const meta = Object.fromEntries(db.prepare<[], { name: string; value: number }>('SELECT name, value FROM meta').all().map((r) => [r.name, r.value]));
        const rows = db.prepare<[], { id: number }>('SELECT id FROM kv ORDER BY id').all().map((r) => r.id);
        return { compactRevision: meta['compact_revision'], done: meta['compact_done'] ?? 0, rows };
      } finally {
        db.close();
      }
    };
    const interrupted = state();
    expect(interrupted.compactRevision).toBe(rev);
    expect(interrupted.done).toBeLessThan(rev);
    expect(interrupted.rows).toHaveLength(6);

    const again = createSqliteKv({ path });
    await expect(again.range('/a', { revision: rev - 1 })).rejects.toSatisfy(isKvCompactedError);
    expect(str((await again.range('/a')).kvs[0]?.value)).toBe('5');
    await again.close();
    expect(state()).toEqual({ compactRevision: rev, done: rev, rows: [rev] });
  });

  it('opens the file with the durability settings the README states', async () => {
    for (const [synchronous, level] of [['NORMAL', 1], ['FULL', 2]] as const) {
      const db = openDatabase(newPath(), 0, synchronous);
      try {
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.pragma('synchronous', { simple: true })).toBe(level);
        expect(db.pragma('locking_mode', { simple: true })).toBe('exclusive');
      } finally {
        db.close();
      }
    }
    const path = newPath();
    const kv = createSqliteKv({ path, synchronous: 'FULL' });
    const a = await kv.create('/a', b('1'));
    await kv.close();
    const again = createSqliteKv({ path });
    expect((await again.range('/a')).kvs[0]?.modRevision).toBe(a.revision);
    await again.close();
  });

  it('expires a lease that ran out while the store was closed', async () => {
    const path = newPath();
    const kv = createSqliteKv({ path });
    const lease = await kv.grantLease(1);
    const a = await kv.create('/a', b('1'), { lease });
    await kv.close();
    await sleep(1100);

    const again = createSqliteKv({ path });
    try {
      const w = collect(again, '/', a.revision + 1);
      await until(() => w.events.length > 0);
      w.cancel();
      expect(w.events.map((e) => [e.type, e.kv.key, e.kv.modRevision, e.prevKv?.lease])).toEqual([['delete', '/a', a.revision + 1, lease]]);
      expect((await again.range('/a')).count).toBe(0);
      await expect(again.create('/b', b('1'), { lease })).rejects.toThrow(/lease not found/);
    } finally {
      await again.close();
    }
  });

  it('shows a write to reads and watches only once it is committed and acknowledged', async () => {
    const kv = createSqliteKv({ path: newPath() });
    try {
      const before = await kv.currentRevision();
      const pending = Promise.all([kv.create('/g/a', b('1')), kv.create('/g/b', b('1')), kv.create('/g/a', b('2'))]);
      // The three writes share one transaction that commits on a later turn of the event loop.
      const read = kv.range('/g/', { end: prefixRangeEnd('/g/') });
      const w = collect(kv, '/g/', 0);
      expect((await read).count).toBe(0);
      expect((await read).revision).toBe(before);
      const [a, bb, dup] = await pending;
      expect([a.succeeded, bb.succeeded, dup.succeeded]).toEqual([true, true, false]);
      expect(dup.kv?.modRevision).toBe(a.revision);
      expect([a.revision, bb.revision]).toEqual([before + 1, before + 2]);
      expect(await kv.currentRevision()).toBe(before + 2);
      await until(() => w.events.length >= 2);
      await sleep(20);
      w.cancel();
      expect(w.events.map((e) => e.kv.modRevision)).toEqual([before + 1, before + 2]);
    } finally {
      await kv.close();
    }
  });

  it('sends progress notifications to idle watches that ask for them', async () => {
    const kv = createSqliteKv({ path: ':memory:', progressNotifyIntervalMs: 20 });
    try {
      const a = await kv.create('/a', b('1'));
      const progress: number[] = [];
      const w = kv.watch('/', { prefix: true, startRevision: 0, prevKv: false, progressNotify: true }, {
        onEvents: () => undefined,
        onProgress: (rev) => progress.push(rev),
        onError: () => undefined,
      });
      await until(() => progress.length >= 2);
      w.cancel();
      expect(progress.every((r) => r === a.revision)).toBe(true);
    } finally {
      await kv.close();
    }
  });

  it('ends open watches when closed and rejects later calls', async () => {
    const kv = createSqliteKv({ path: newPath() });
    await kv.create('/a', b('1'));
    const w = collect(kv, '/', 1);
    await kv.close();
    await until(() => w.errors.length > 0);
    expect(w.events.map((e) => e.kv.key)).toEqual(['/a']);
    expect(w.errors[0]?.message).toMatch(/closed/);
    await expect(kv.grantLease(1)).rejects.toThrow(/closed/);
    await expect(kv.compact(1)).rejects.toThrow(/closed/);
    const late = collect(kv, '/', 0);
    await until(() => late.errors.length > 0);
    await kv.close(); // idempotent
  });
});

describe('sqlite KV paged ranges', () => {
  it('counts every page of a range read at one revision as a fresh count does, while writes and other lists go on', async () => {
    const kv = createSqliteKv({ path: newPath() });
    try {
      for (let i = 0; i < 25; i++) await kv.create(`/p/k${String(i).padStart(2, '0')}`, b(`v${i}`));
      await kv.delete('/p/k03', (await kv.range('/p/k03')).kvs[0]!.modRevision);
      const end = prefixRangeEnd('/p/');
      const first = await kv.range('/p/', { end, limit: 5 });
      const rev = first.revision;
      expect(first.count).toBe(24);
      let lo = `${first.kvs[first.kvs.length - 1]!.key}\0`;
      let seen = first.kvs.length;
      for (;;) {
        // Writes after the list's revision, and another list, in between: neither changes this list's pages.
        await kv.create(`/p/z${seen}`, b('late'));
        await kv.delete('/p/k20', (await kv.range('/p/k20')).kvs[0]?.modRevision ?? 0).catch(() => undefined);
        await kv.range('/p/', { end, limit: 3 });
        const page = await kv.range(lo, { end, limit: 5, revision: rev });
        const fresh = await kv.range(lo, { end, revision: rev, countOnly: true });
        expect(page.count).toBe(fresh.count);
        expect(page.count).toBe(24 - seen);
        seen += page.kvs.length;
        if (!page.more) break;
        lo = `${page.kvs[page.kvs.length - 1]!.key}\0`;
      }
      expect(seen).toBe(24);
    } finally {
      await kv.close();
    }
  });
});
