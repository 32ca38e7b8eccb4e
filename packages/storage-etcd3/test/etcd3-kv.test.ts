// The etcd-specific parts of the etcd3 KV: txn results, compaction errors, deadlines when etcd is
// gone, lease ids, large responses, and watch resumption across etcd restarts.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { isKvCompactedError, isStorageError, type KvEvent, type KvWatch } from '@kapi/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEtcd3Kv, progressNotifyIsReliable, type Etcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

const bytes = (s: string) => Buffer.from(s);
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Collects a watch's calls. */
function recorder() {
  const events: KvEvent[] = [];
  const progress: number[] = [];
  const errors: Error[] = [];
  return {
    events,
    progress,
    errors,
    handlers: {
      onEvents: (evs: readonly KvEvent[]) => void events.push(...evs),
      onProgress: (rev: number) => void progress.push(rev),
      onError: (err: Error) => void errors.push(err),
    },
  };
}

describe('etcd3 KV on a shared etcd', () => {
  let etcd: EtcdServer;
  let kv: Etcd3Kv;
  let p: string;

  beforeAll(async () => {
    etcd = await startEtcd();
    kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await kv?.close();
    await etcd?.stop();
  });
  const prefix = () => (p = `/t/${randomUUID()}/`);

  it('create, update and delete return kube txn results', async () => {
    prefix();
    const c = await kv.create(`${p}a`, bytes('1'));
    expect(c).toMatchObject({ succeeded: true, kv: { key: `${p}a`, createRevision: c.revision, modRevision: c.revision, lease: 0 } });
    expect(text(c.kv?.value)).toBe('1');

    const again = await kv.create(`${p}a`, bytes('2'));
    expect(again).toMatchObject({ succeeded: false, revision: c.revision, kv: { modRevision: c.revision } });
    expect(text(again.kv?.value)).toBe('1');

    const u = await kv.update(`${p}a`, bytes('2'), c.revision);
    expect(u.revision).toBe(c.revision + 1);
    // createRevision comes from etcd, not from the caller.
    expect(u.kv).toMatchObject({ createRevision: c.revision, modRevision: u.revision });

    const stale = await kv.update(`${p}a`, bytes('3'), c.revision);
    expect(stale).toMatchObject({ succeeded: false, revision: u.revision, kv: { modRevision: u.revision } });
    expect(text(stale.kv?.value)).toBe('2');

    // Expected 0: the key must be absent.
    const absent = await kv.update(`${p}b`, bytes('b'), 0);
    expect(absent).toMatchObject({ succeeded: true, kv: { createRevision: absent.revision, modRevision: absent.revision } });
    const present = await kv.update(`${p}b`, bytes('b2'), 0);
    expect(present.succeeded).toBe(false);

    const dStale = await kv.delete(`${p}a`, c.revision);
    expect(dStale).toMatchObject({ succeeded: false, kv: { modRevision: u.revision } });
    const d = await kv.delete(`${p}a`, u.revision);
    expect(d).toMatchObject({ succeeded: true, revision: absent.revision + 1, kv: { modRevision: u.revision, createRevision: c.revision } });
    expect(text(d.kv?.value)).toBe('2');
    const gone = await kv.update(`${p}a`, bytes('x'), u.revision);
    expect(gone.succeeded).toBe(false);
    expect(gone.kv).toBeUndefined();
  });

  it('range honours end, limit, countOnly and revision', async () => {
    prefix();
    const first = await kv.create(`${p}1`, bytes('one'));
    await kv.create(`${p}2`, bytes('two'));
    const last = await kv.create(`${p}3`, bytes('three'));
    const end = `${p.slice(0, -1)}0`;

    const all = await kv.range(p, { end });
    expect(all.kvs.map((x) => x.key)).toEqual([`${p}1`, `${p}2`, `${p}3`]);
    expect(all).toMatchObject({ more: false, count: 3 });
    expect(all.revision).toBeGreaterThanOrEqual(last.revision);

    const page = await kv.range(p, { end, limit: 2 });
    expect(page.kvs.map((x) => x.key)).toEqual([`${p}1`, `${p}2`]);
    expect(page).toMatchObject({ more: true, count: 3 });

    const count = await kv.range(p, { end, countOnly: true });
    expect(count).toMatchObject({ kvs: [], count: 3 });

    const past = await kv.range(p, { end, revision: first.revision });
    expect(past.kvs.map((x) => x.key)).toEqual([`${p}1`]);
    expect(past.revision).toBe(first.revision);

    const missing = await kv.range(`${p}nope`);
    expect(missing).toMatchObject({ kvs: [], count: 0, more: false });
  });

  it('a read at a future revision is a TooLargeResourceVersion storage error', async () => {
    const cur = await kv.currentRevision();
    const err = await kv.range('/t/x', { revision: cur + 1000 }).catch((e: unknown) => e);
    expect(isStorageError(err) && err.code).toBe('TooLargeResourceVersion');
  });

  it('grants leases with exact ids below 2^53 and attaches keys to them', async () => {
    prefix();
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => kv.grantLease(30)));
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const c = await kv.create(`${p}leased`, bytes('v'), { lease: ids[0]! });
    expect(c.kv?.lease).toBe(ids[0]);
    const got = await kv.range(`${p}leased`);
    expect(got.kvs[0]?.lease).toBe(ids[0]);
    const u = await kv.update(`${p}leased`, bytes('w'), c.revision, { lease: ids[1]! });
    expect((await kv.range(`${p}leased`)).kvs[0]?.lease).toBe(ids[1]);
    // Without a lease, an update detaches the key (etcd's put semantics).
    await kv.update(`${p}leased`, bytes('x'), u.revision);
    expect((await kv.range(`${p}leased`)).kvs[0]?.lease).toBe(0);
  });

  it('deletes keys when their lease expires, and the watch sees it', async () => {
    prefix();
    const lease = await kv.grantLease(1);
    const rec = recorder();
    const w = kv.watch(p, { prefix: true, startRevision: 0, prevKv: true }, rec.handlers);
    try {
      await sleep(100);
      await kv.create(`${p}ephemeral`, bytes('v'), { lease });
      await until(() => rec.events.some((e) => e.type === 'delete'), 10_000, 'lease expiry');
      expect((await kv.range(`${p}ephemeral`)).kvs).toEqual([]);
      const del = rec.events.find((e) => e.type === 'delete');
      expect(text(del?.prevKv?.value)).toBe('v');
    } finally {
      w.cancel();
    }
  });

  it('reads more than gRPC\'s default 4 MiB in one response', async () => {
    prefix();
    const big = Buffer.alloc(1024 * 1024, 7);
    for (let i = 0; i < 6; i++) await kv.create(`${p}${i}`, big);
    const res = await kv.range(p, { end: `${p.slice(0, -1)}0` });
    expect(res.kvs).toHaveLength(6);
    expect(res.kvs.every((x) => x.value.byteLength === big.length)).toBe(true);
  });

  it('with several endpoints, calls go to one that answers', async () => {
    // A port nothing listens on (taken and released), before the live member.
    const dead = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const twoEndpoints = createEtcd3Kv({ endpoints: [`http://127.0.0.1:${dead}`, ...etcd.endpoints], requestTimeoutMs: 5000 });
    try {
      prefix();
      const created = await twoEndpoints.create(`${p}a`, bytes('x'));
      expect(created.succeeded).toBe(true);
      expect((await twoEndpoints.range(`${p}a`)).kvs.map((x) => text(x.value))).toEqual(['x']);
    } finally {
      await twoEndpoints.close();
    }
  });

  it('refuses a response larger than maxReceiveMessageBytes with a clear error, and keeps working', async () => {
    prefix();
    await kv.create(`${p}big`, Buffer.alloc(64 * 1024, 1));
    const small = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000, maxReceiveMessageBytes: 16 * 1024 });
    try {
      await expect(small.range(`${p}big`)).rejects.toThrow(/RESOURCE_EXHAUSTED: Received message larger than max/);
      expect((await small.range(`${p}none`)).kvs).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('watch delivers puts and deletes in revision order with prevKv, then progress when idle', async () => {
    prefix();
    const start = (await kv.currentRevision()) + 1;
    const rec = recorder();
    const w = kv.watch(p, { prefix: true, startRevision: start, prevKv: true, progressNotify: true }, rec.handlers);
    try {
      const a = await kv.create(`${p}a`, bytes('1'));
      const a2 = await kv.update(`${p}a`, bytes('2'), a.revision);
      await kv.create(`${p.slice(0, -1)}-outside`, bytes('x')); // not under the prefix
      const del = await kv.delete(`${p}a`, a2.revision);
      await until(() => rec.events.length >= 3, 5000, 'events');
      expect(rec.events.map((e) => [e.type, e.kv.modRevision])).toEqual([
        ['put', a.revision],
        ['put', a2.revision],
        ['delete', del.revision],
      ]);
      expect(rec.events[1]?.prevKv?.modRevision).toBe(a.revision);
      expect(rec.events[2]?.kv).toMatchObject({ key: `${p}a`, modRevision: del.revision });
      expect(rec.events[2]?.kv.value.byteLength).toBe(0);
      expect(text(rec.events[2]?.prevKv?.value)).toBe('2');
      // The harness sets etcd's progress interval to 1 s; an idle watch gets a notification within
      // two intervals, at a revision not older than the last event.
      await until(() => rec.progress.length > 0, 5000, 'progress notification');
      expect(rec.progress[0]).toBeGreaterThanOrEqual(del.revision);
      expect(rec.errors).toEqual([]);
    } finally {
      w.cancel();
    }
  });

  it('a watch replays history from its start revision and cancel() stops it', async () => {
    prefix();
    const a = await kv.create(`${p}a`, bytes('1'));
    const b = await kv.create(`${p}b`, bytes('1'));
    const rec = recorder();
    const w: KvWatch = kv.watch(`${p}a`, { prefix: false, startRevision: a.revision, prevKv: false }, rec.handlers);
    await until(() => rec.events.length === 1, 5000, 'replay');
    expect(rec.events[0]?.kv.modRevision).toBe(a.revision);
    expect(rec.events[0]?.prevKv).toBeUndefined();
    w.cancel();
    await kv.update(`${p}a`, bytes('2'), a.revision);
    await sleep(300);
    expect(rec.events).toHaveLength(1);
    expect(b.succeeded).toBe(true);
  });

  it('maps compaction to KvCompactedError with the compact revision, for reads and watches', async () => {
    prefix();
    const a = await kv.create(`${p}a`, bytes('1'));
    const a2 = await kv.update(`${p}a`, bytes('2'), a.revision);
    await kv.update(`${p}a`, bytes('3'), a2.revision);
    await kv.compact(a2.revision);
    // Compacting again at or below the compaction point is etcd's ErrCompacted.
    for (const again of [a2.revision, a.revision]) {
      const err = await kv.compact(again).catch((e: unknown) => e);
      expect(isKvCompactedError(err) && err.compactRevision).toBe(a2.revision);
    }

    const err = await kv.range(`${p}a`, { revision: a.revision }).catch((e: unknown) => e);
    expect(isKvCompactedError(err)).toBe(true);
    expect((err as { compactRevision: number }).compactRevision).toBe(a2.revision);
    // The compaction revision itself is still readable.
    const at = await kv.range(`${p}a`, { revision: a2.revision });
    expect(text(at.kvs[0]?.value)).toBe('2');

    const rec = recorder();
    kv.watch(p, { prefix: true, startRevision: a.revision, prevKv: true }, rec.handlers);
    await until(() => rec.errors.length > 0, 5000, 'watch compaction error');
    expect(isKvCompactedError(rec.errors[0])).toBe(true);
    expect((rec.errors[0] as unknown as { compactRevision: number }).compactRevision).toBe(a2.revision);
    expect(rec.events).toEqual([]);

    await expect(kv.compact((await kv.currentRevision()) + 100)).rejects.toThrow(/future revision/);
  });

  it('knows which etcd versions have trustworthy progress notifications', async () => {
    expect(await kv.serverVersion()).toMatch(/^3\.\d+\.\d+/);
    expect(progressNotifyIsReliable('3.4.23')).toBe(false);
    expect(progressNotifyIsReliable('3.4.31')).toBe(true);
    expect(progressNotifyIsReliable('3.5.12')).toBe(false);
    expect(progressNotifyIsReliable('3.5.13')).toBe(true);
    expect(progressNotifyIsReliable('3.6.0')).toBe(true);
  });
});

describe('etcd3 KV when etcd goes away', () => {
  it('rejects calls within the request timeout once etcd is killed, and recovers after a restart', async () => {
    const etcd = await startEtcd();
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 1000 });
    try {
      const c = await kv.create('/down/a', bytes('1'));
      etcd.kill();
      await sleep(100);
      // Each call ends at its own 1 s deadline (a hang would be this test's timeout).
      for (const call of [() => kv.range('/down/a'), () => kv.update('/down/a', bytes('2'), c.revision), () => kv.currentRevision(), () => kv.grantLease(10)]) {
        const err = await call().catch((e: unknown) => e);
        expect(isStorageError(err) && ['Unreachable', 'Timeout'].includes(err.code)).toBe(true);
        expect(String((err as Error).message)).toContain(etcd.endpoints[0]);
      }
      await etcd.restart();
      const got = await kv.range('/down/a');
      expect(got.kvs[0]?.modRevision).toBe(c.revision);
    } finally {
      await kv.close();
      await etcd.stop();
    }
  });

  it('a watch resumes after an etcd restart without gaps or duplicates', async () => {
    const etcd = await startEtcd();
    const writer = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000 });
    const watcherKv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000 });
    const rec = recorder();
    try {
      const w = watcherKv.watch('/resume/', { prefix: true, startRevision: 0, prevKv: true }, rec.handlers);
      await sleep(200);
      const revs: number[] = [];
      for (let i = 0; i < 5; i++) revs.push((await writer.create(`/resume/before-${i}`, bytes('v'))).revision);
      await until(() => rec.events.length === 5, 5000, 'events before restart');
      await etcd.restart();
      // Written right after the restart, likely before the watch has reconnected: it must replay them.
      for (let i = 0; i < 5; i++) revs.push((await writer.create(`/resume/after-${i}`, bytes('v'))).revision);
      await until(() => rec.events.length >= 10, 10_000, 'events after restart');
      await sleep(300);
      expect(rec.events.map((e) => e.kv.modRevision)).toEqual(revs);
      expect(rec.errors).toEqual([]);
      w.cancel();
    } finally {
      await writer.close();
      await watcherKv.close();
      await etcd.stop();
    }
  });

  it('a watch broken in the middle of replaying history resumes after the last delivered event', async () => {
    const etcd = await startEtcd();
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 10_000 });
    try {
      // etcd replays history in batches of at most 1000 revisions; write 3000.
      const n = 3000;
      const first = (await kv.currentRevision()) + 1;
      for (let i = 0; i < n; i += 100) {
        await Promise.all(Array.from({ length: 100 }, (_, j) => kv.create(`/replay/${String(i + j).padStart(5, '0')}`, bytes('v'))));
      }
      const rec = recorder();
      let restarting: Promise<void> | undefined;
      const w = kv.watch('/replay/', { prefix: true, startRevision: first, prevKv: false }, {
        ...rec.handlers,
        onEvents: (evs) => {
          rec.events.push(...evs);
          // Break the stream after the first batch, while most of the replay is still to come.
          restarting ??= etcd.restart();
        },
      });
      await until(() => rec.events.length >= n, 20_000, 'full replay');
      await restarting;
      await sleep(300);
      const got = rec.events.map((e) => e.kv.modRevision);
      expect(got).toEqual(Array.from({ length: n }, (_, i) => first + i));
      expect(rec.errors).toEqual([]);
      w.cancel();
    } finally {
      await kv.close();
      await etcd.stop();
    }
  });

  it('close() ends open watches with an error and later calls reject', async () => {
    const etcd = await startEtcd();
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints });
    try {
      const rec = recorder();
      kv.watch('/closing/', { prefix: true, startRevision: 0, prevKv: false }, rec.handlers);
      await sleep(100);
      await kv.close();
      expect(rec.errors.map((e) => e.message)).toEqual(['etcd3 KV closed']);
      await expect(kv.range('/closing/a')).rejects.toThrow(/after close/);
      expect(() => kv.watch('/closing/', { prefix: true, startRevision: 0, prevKv: false }, rec.handlers)).toThrow(/after close/);
    } finally {
      await kv.close();
      await etcd.stop();
    }
  });
});
