// The messages of etcd's KV service (etcd/api/etcdserverpb/rpc.proto and mvccpb/kv.proto, v3.4)
// that the KV sends on every request: Range and Txn, written and read directly on the wire, with
// revisions as exact JS numbers and keys and values as views of the received bytes.
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from '@kapi/apimachinery';
import type { KeyValue } from '@kapi/storage';
import { toRevision } from './convert.ts';

/** rpc.proto Compare.CompareResult. */
export const CompareResult = { Equal: 0, Greater: 1, Less: 2, NotEqual: 3 } as const;
/** rpc.proto Compare.CompareTarget; the number is also the offset of its target_union field from 4. */
export const CompareTarget = { Version: 0, Create: 1, Mod: 2 } as const;

export interface Compare {
  readonly key: Uint8Array;
  readonly target: (typeof CompareTarget)[keyof typeof CompareTarget];
  readonly result: (typeof CompareResult)[keyof typeof CompareResult];
  /** The version, create_revision or mod_revision compared with (by target). */
  readonly value: number;
}

export interface RangeRequest {
  readonly key: Uint8Array;
  readonly rangeEnd?: Uint8Array;
  readonly limit?: number;
  readonly revision?: number;
  readonly keysOnly?: boolean;
  readonly countOnly?: boolean;
}

export type RequestOp =
  | { readonly range: RangeRequest }
  | { readonly put: { readonly key: Uint8Array; readonly value: Uint8Array; readonly lease?: number } }
  | { readonly deleteRange: { readonly key: Uint8Array; readonly prevKv?: boolean } };

export interface TxnRequest {
  readonly compare: readonly Compare[];
  readonly success: readonly RequestOp[];
  readonly failure: readonly RequestOp[];
}

/** mvccpb.KeyValue; key and value are views of the response's bytes. */
export interface KeyValueMessage {
  key: Uint8Array;
  createRevision: number;
  modRevision: number;
  version: number;
  value: Uint8Array;
  lease: number;
}

// ignoreBOM keeps a leading U+FEFF: a key's bytes are the key.
const keyText = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * An etcd KeyValue as a KV port KeyValue (the value's bytes are shared, not copied). Revisions read
 * as varints are exact (the reader refuses anything past 2^53); a negative one is refused here.
 */
export function keyValueOf(kv: KeyValueMessage): KeyValue {
  return {
    key: keyText.decode(kv.key),
    value: kv.value,
    createRevision: toRevision(kv.createRevision, 'create_revision'),
    modRevision: toRevision(kv.modRevision, 'mod_revision'),
    lease: kv.lease,
  };
}

export interface RangeResponse {
  revision: number;
  kvs: KeyValueMessage[];
  more: boolean;
  count: number;
}

export interface ResponseOp {
  range?: RangeResponse;
  deleteRange?: { deleted: number; prevKvs: KeyValueMessage[] };
}

export interface TxnResponse {
  revision: number;
  succeeded: boolean;
  responses: ResponseOp[];
}

const varintField = (w: ProtoWriter, no: number, v: number) => w.tag(no, WireType.Varint).varint(v);

function writeRange(w: ProtoWriter, r: RangeRequest): void {
  w.bytes(1, r.key);
  if (r.rangeEnd !== undefined) w.bytes(2, r.rangeEnd);
  if (r.limit) varintField(w, 3, r.limit);
  if (r.revision) varintField(w, 4, r.revision);
  if (r.keysOnly) varintField(w, 8, 1);
  if (r.countOnly) varintField(w, 9, 1);
}

function writeOp(w: ProtoWriter, no: number, op: RequestOp): void {
  const outer = w.beginDelimited(no);
  if ('range' in op) {
    const m = w.beginDelimited(1);
    writeRange(w, op.range);
    w.endDelimited(m);
  } else if ('put' in op) {
    const m = w.beginDelimited(2);
    w.bytes(1, op.put.key).bytes(2, op.put.value);
    if (op.put.lease) varintField(w, 3, op.put.lease);
    w.endDelimited(m);
  } else {
    const m = w.beginDelimited(3);
    w.bytes(1, op.deleteRange.key);
    if (op.deleteRange.prevKv) varintField(w, 3, 1);
    w.endDelimited(m);
  }
  w.endDelimited(outer);
}

/** A RangeRequest's bytes. */
export function encodeRangeRequest(r: RangeRequest): Uint8Array {
  const w = new ProtoWriter();
  writeRange(w, r);
  return w.finish();
}

/** A TxnRequest's bytes. */
export function encodeTxnRequest(t: TxnRequest): Uint8Array {
  const w = new ProtoWriter();
  for (const c of t.compare) {
    const m = w.beginDelimited(1);
    if (c.result !== 0) varintField(w, 1, c.result);
    if (c.target !== 0) varintField(w, 2, c.target);
    w.bytes(3, c.key);
    // target_union is a oneof: written even when 0, as Go's marshaller writes a set oneof.
    varintField(w, 4 + c.target, c.value);
    w.endDelimited(m);
  }
  for (const op of t.success) writeOp(w, 2, op);
  for (const op of t.failure) writeOp(w, 3, op);
  return w.finish();
}

/** Reads the varint of a field that must be one. */
export function varintOf(r: ProtoReader, wire: WireType): number {
  if (wire !== WireType.Varint) throw new ProtoDecodeError(`expected a varint, got wire type ${wire}`);
  return r.varint();
}

/** A nested message's reader over the same bytes. */
export function nested(r: ProtoReader, wire: WireType): ProtoReader {
  if (wire !== WireType.LengthDelimited) throw new ProtoDecodeError(`expected a message, got wire type ${wire}`);
  return r.nested();
}

/** ResponseHeader: only the revision (field 3) is used. */
export function readHeaderRevision(r: ProtoReader): number {
  let revision = 0;
  while (!r.done()) {
    const t = r.varint();
    if (t >>> 3 === 3) revision = varintOf(r, (t & 7) as WireType);
    else skipField(r, (t & 7) as WireType);
  }
  return revision;
}

const empty = new Uint8Array(0);

export function readKeyValue(r: ProtoReader): KeyValueMessage {
  const kv: KeyValueMessage = { key: empty, createRevision: 0, modRevision: 0, version: 0, value: empty, lease: 0 };
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    switch (t >>> 3) {
      case 1:
        kv.key = r.bytes();
        break;
      case 2:
        kv.createRevision = varintOf(r, wire);
        break;
      case 3:
        kv.modRevision = varintOf(r, wire);
        break;
      case 4:
        kv.version = varintOf(r, wire);
        break;
      case 5:
        kv.value = r.bytes();
        break;
      case 6:
        kv.lease = readLease(r, wire);
        break;
      default:
        skipField(r, wire);
    }
  }
  return kv;
}

/** A lease id; ids beyond 2^53 (another client's random 63-bit ids) read as -1: "a lease this KV cannot name". */
function readLease(r: ProtoReader, wire: WireType): number {
  const start = r.pos;
  try {
    return varintOf(r, wire);
  } catch (err) {
    if (!(err instanceof ProtoDecodeError) || wire !== WireType.Varint) throw err;
    r.pos = start;
    skipVarint(r);
    return -1;
  }
}

/** Skips a field; varints are skipped unread (cluster and member ids are 64-bit). */
export function skipField(r: ProtoReader, wire: WireType): void {
  if (wire === WireType.Varint) skipVarint(r);
  else r.skip(wire);
}

function skipVarint(r: ProtoReader): void {
  for (let i = 0; i < 10; i++) {
    if (r.pos >= r.end) throw new ProtoDecodeError('unexpected end of data in varint');
    if ((r.buf[r.pos++]! & 0x80) === 0) return;
  }
  throw new ProtoDecodeError('varint is too long');
}

function readRangeResponse(r: ProtoReader): RangeResponse {
  const res: RangeResponse = { revision: 0, kvs: [], more: false, count: 0 };
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    switch (t >>> 3) {
      case 1:
        res.revision = readHeaderRevision(nested(r, wire));
        break;
      case 2:
        res.kvs.push(readKeyValue(nested(r, wire)));
        break;
      case 3:
        res.more = varintOf(r, wire) !== 0;
        break;
      case 4:
        res.count = varintOf(r, wire);
        break;
      default:
        skipField(r, wire);
    }
  }
  return res;
}

function readDeleteRangeResponse(r: ProtoReader): { deleted: number; prevKvs: KeyValueMessage[] } {
  const res = { deleted: 0, prevKvs: [] as KeyValueMessage[] };
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    if (t >>> 3 === 2) res.deleted = varintOf(r, wire);
    else if (t >>> 3 === 3) res.prevKvs.push(readKeyValue(nested(r, wire)));
    else skipField(r, wire);
  }
  return res;
}

/** A RangeResponse from its bytes. */
export function decodeRangeResponse(buf: Uint8Array): RangeResponse {
  return readRangeResponse(new ProtoReader(buf));
}

/** A TxnResponse from its bytes (range and delete-range responses read; put responses kept empty). */
export function decodeTxnResponse(buf: Uint8Array): TxnResponse {
  const r = new ProtoReader(buf);
  const res: TxnResponse = { revision: 0, succeeded: false, responses: [] };
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    switch (t >>> 3) {
      case 1:
        res.revision = readHeaderRevision(nested(r, wire));
        break;
      case 2:
        res.succeeded = varintOf(r, wire) !== 0;
        break;
      case 3: {
        const op = nested(r, wire);
        const out: ResponseOp = {};
        while (!op.done()) {
          const ot = op.varint();
          const ow = (ot & 7) as WireType;
          if (ot >>> 3 === 1) out.range = readRangeResponse(nested(op, ow));
          else if (ot >>> 3 === 3) out.deleteRange = readDeleteRangeResponse(nested(op, ow));
          else skipField(op, ow);
        }
        res.responses.push(out);
        break;
      }
      default:
        skipField(r, wire);
    }
  }
  return res;
}
