import { describe, expect, it } from 'vitest';
import { ProtoReader, ProtoWriter, WireType } from '@kapi/apimachinery';
import { decodeWatchResponse, encodeWatchCreate, watchProgressRequest } from './watch-messages.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function keyValue(w: ProtoWriter, no: number, kv: { key: string; create?: number; mod: number; version?: number; value?: string; lease?: bigint }): void {
  const m = w.beginDelimited(no);
  w.bytes(1, enc(kv.key));
  if (kv.create) w.tag(2, WireType.Varint).varint(kv.create);
  w.tag(3, WireType.Varint).varint(kv.mod);
  if (kv.version) w.tag(4, WireType.Varint).varint(kv.version);
  if (kv.value !== undefined) w.bytes(5, enc(kv.value));
  if (kv.lease !== undefined) w.tag(6, WireType.Varint).varint(kv.lease);
  w.endDelimited(m);
}

describe('Watch messages', () => {
  it('reads a WatchResponse as etcd writes it: 64-bit ids skipped, watch_id -1, puts and deletes with prev_kv', () => {
    const w = new ProtoWriter();
    const h = w.beginDelimited(1);
    w.tag(1, WireType.Varint).varint(2n ** 63n + 5n);
    w.tag(2, WireType.Varint).varint(2n ** 62n);
    w.tag(3, WireType.Varint).varint(42);
    w.tag(4, WireType.Varint).varint(3);
    w.endDelimited(h);
    w.tag(2, WireType.Varint).varint(BigInt.asUintN(64, -1n));
    let e = w.beginDelimited(11);
    keyValue(w, 2, { key: '/registry/a', create: 41, mod: 41, version: 1, value: 'x', lease: 2n ** 62n });
    w.endDelimited(e);
    e = w.beginDelimited(11);
    w.tag(1, WireType.Varint).varint(1);
    keyValue(w, 2, { key: '/registry/b', mod: 42 });
    keyValue(w, 3, { key: '/registry/b', create: 7, mod: 9, version: 2, value: 'old', lease: 12n });
    w.endDelimited(e);
    const res = decodeWatchResponse(w.finish());
    expect(res).toMatchObject({ revision: 42, watchId: -1, created: false, canceled: false, compactRevision: 0, cancelReason: '' });
    expect(res.events).toHaveLength(2);
    const [put, del] = res.events;
    expect(put!.type).toBe('put');
    expect(put!.prevKv).toBeUndefined();
    expect({ ...put!.kv, value: Buffer.from(put!.kv.value).toString() }).toEqual({ key: '/registry/a', createRevision: 41, modRevision: 41, lease: -1, value: 'x' });
    expect(del!.type).toBe('delete');
    expect({ ...del!.kv, value: del!.kv.value.length }).toEqual({ key: '/registry/b', createRevision: 0, modRevision: 42, lease: 0, value: 0 });
    expect({ ...del!.prevKv!, value: Buffer.from(del!.prevKv!.value).toString() }).toEqual({ key: '/registry/b', createRevision: 7, modRevision: 9, lease: 12, value: 'old' });
  });

  it('reads created and canceled responses with the compact revision and the reason', () => {
    const created = new ProtoWriter();
    const h = created.beginDelimited(1);
    created.tag(3, WireType.Varint).varint(10);
    created.endDelimited(h);
    created.tag(2, WireType.Varint).varint(0).tag(3, WireType.Varint).varint(1);
    expect(decodeWatchResponse(created.finish())).toMatchObject({ revision: 10, watchId: 0, created: true, canceled: false, events: [] });
    const canceled = new ProtoWriter().tag(4, WireType.Varint).varint(1).tag(5, WireType.Varint).varint(7).string(6, 'mvcc: required revision has been compacted');
    expect(decodeWatchResponse(canceled.finish())).toMatchObject({ canceled: true, compactRevision: 7, cancelReason: 'mvcc: required revision has been compacted' });
  });

  it('writes a create_request with the fields the KV sets, and an empty progress_request', () => {
    const bytes = encodeWatchCreate({ key: enc('/registry/pods/'), rangeEnd: enc('/registry/pods0'), startRevision: 2 ** 40, progressNotify: true, prevKv: true });
    const outer = new ProtoReader(bytes);
    expect(outer.tag()).toEqual({ no: 1, wire: WireType.LengthDelimited });
    const r = outer.nested();
    expect(outer.done()).toBe(true);
    const fields: Record<number, unknown> = {};
    while (!r.done()) {
      const t = r.tag();
      fields[t.no] = t.wire === WireType.LengthDelimited ? Buffer.from(r.bytes()).toString() : r.varint();
    }
    expect(fields).toEqual({ 1: '/registry/pods/', 2: '/registry/pods0', 3: 2 ** 40, 4: 1, 6: 1 });
    expect([...watchProgressRequest]).toEqual([0x1a, 0]);
  });
});
