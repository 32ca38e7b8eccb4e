// The etcd watch stream's own framing (gRPC messages over node:http2): values larger than an HTTP/2
// frame, many events in one response, many responses in one read, all delivered exactly, live and
// replayed.
import { randomUUID } from 'node:crypto';
import type { KvEvent } from '@kapi/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEtcd3Kv, type Etcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('etcd watch streams', () => {
  let etcd: EtcdServer;
  let kv: Etcd3Kv;
  beforeAll(async () => {
    etcd = await startEtcd();
    kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await kv?.close();
    await etcd?.stop();
  });

  /** Watches `prefix` from `start` until `count` events came. */
  async function collect(prefix: string, start: number, count: number, during?: () => Promise<void>): Promise<KvEvent[]> {
    const events: KvEvent[] = [];
    const errors: Error[] = [];
    const w = kv.watch(prefix, { prefix: true, startRevision: start, prevKv: true }, { onEvents: (evs) => void events.push(...evs), onError: (err) => void errors.push(err) });
    try {
      await during?.();
      const deadline = Date.now() + 20_000;
      while (events.length < count && errors.length === 0 && Date.now() < deadline) await sleep(10);
    } finally {
      w.cancel();
    }
    expect(errors).toEqual([]);
    return events;
  }

  it('delivers big values, bursts and deletes exactly, live and replayed from history', async () => {
    const p = `/watch-stream-${randomUUID()}/`;
    const start = (await kv.currentRevision()) + 1;
    const big = (n: number, fill: number) => Buffer.alloc(n, fill);
    const live = await collect(p, start, 2 + 200 + 1 + 1, async () => {
      await kv.create(`${p}big-1`, big(300 * 1024, 1));
      await kv.create(`${p}big-2`, big(1024 * 1024 + 3, 2));
      // 200 small writes at once: etcd sends them in few responses, several to a read.
      await Promise.all(Array.from({ length: 200 }, (_, i) => kv.create(`${p}small-${i}`, Buffer.from(`v${i}`))));
      const updated = await kv.update(`${p}big-1`, big(70 * 1024, 3), (await kv.range(`${p}big-1`)).kvs[0]!.modRevision);
      expect(updated.succeeded).toBe(true);
      const deleted = await kv.delete(`${p}big-2`, (await kv.range(`${p}big-2`)).kvs[0]!.modRevision);
      expect(deleted.succeeded).toBe(true);
    });
    const replayed = await collect(p, start, live.length);
    for (const events of [live, replayed]) {
      expect(events).toHaveLength(204);
      const revisions = events.map((e) => e.kv.modRevision);
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
      expect(new Set(revisions).size).toBe(revisions.length);
      expect(events[0]!.kv.key).toBe(`${p}big-1`);
      expect(Buffer.compare(Buffer.from(events[0]!.kv.value), big(300 * 1024, 1))).toBe(0);
      expect(Buffer.compare(Buffer.from(events[1]!.kv.value), big(1024 * 1024 + 3, 2))).toBe(0);
      const smalls = events.slice(2, 202).map((e) => `${e.kv.key.slice(p.length)}=${Buffer.from(e.kv.value).toString()}`).sort();
      expect(smalls).toEqual(Array.from({ length: 200 }, (_, i) => `small-${i}=v${i}`).sort());
      const update = events[202]!;
      expect([update.type, update.kv.key, update.kv.value.length, update.prevKv?.value.length]).toEqual(['put', `${p}big-1`, 70 * 1024, 300 * 1024]);
      const del = events[203]!;
      expect([del.type, del.kv.key, del.kv.value.length, del.prevKv?.value.length]).toEqual(['delete', `${p}big-2`, 0, 1024 * 1024 + 3]);
    }
  });
});
