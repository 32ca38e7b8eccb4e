// The messages of etcd's Watch service (etcd/api/etcdserverpb/rpc.proto and mvccpb/kv.proto, v3.4)
// written and read directly on the wire: WatchRequest (create, progress) and WatchResponse with its
// events, revisions as exact JS numbers, keys and values as views of the received bytes.
import { ProtoReader, ProtoWriter, WireType } from '@kapi/apimachinery';
import type { KvEvent } from '@kapi/storage';
import { keyValueOf, nested, readHeaderRevision, readKeyValue, skipField, varintOf, type KeyValueMessage } from './kv-messages.ts';

/** WatchCreateRequest (filters and fragment are never asked for). */
export interface WatchCreate {
  readonly key: Uint8Array;
  readonly rangeEnd?: Uint8Array;
  readonly startRevision: number;
  readonly progressNotify: boolean;
  readonly prevKv: boolean;
}

/** A WatchRequest holding a create_request. */
export function encodeWatchCreate(c: WatchCreate): Uint8Array {
  const w = new ProtoWriter();
  const m = w.beginDelimited(1);
  w.bytes(1, c.key);
  if (c.rangeEnd !== undefined) w.bytes(2, c.rangeEnd);
  if (c.startRevision) w.tag(3, WireType.Varint).varint(c.startRevision);
  if (c.progressNotify) w.tag(4, WireType.Varint).varint(1);
  if (c.prevKv) w.tag(6, WireType.Varint).varint(1);
  w.endDelimited(m);
  return w.finish();
}

/** A WatchRequest holding a progress_request (an empty message). */
export const watchProgressRequest: Uint8Array = new Uint8Array([3 << 3 | WireType.LengthDelimited, 0]);

/** WatchResponse, as the KV's watch uses it. */
export interface WatchResponseMessage {
  /** header.revision. */
  revision: number;
  /** -1 for the answer to a progress request. */
  watchId: number;
  created: boolean;
  canceled: boolean;
  compactRevision: number;
  cancelReason: string;
  events: KvEvent[];
}

/** mvccpb.Event as a KV event: PUT (0, the default) or DELETE (1), with prev_kv when etcd sent it. */
function readEvent(r: ProtoReader): KvEvent {
  let type: KvEvent['type'] = 'put';
  let kv: KeyValueMessage | undefined;
  let prev: KeyValueMessage | undefined;
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    switch (t >>> 3) {
      case 1:
        type = varintOf(r, wire) === 1 ? 'delete' : 'put';
        break;
      case 2:
        kv = readKeyValue(nested(r, wire));
        break;
      case 3:
        prev = readKeyValue(nested(r, wire));
        break;
      default:
        skipField(r, wire);
    }
  }
  const current = keyValueOf(kv ?? readKeyValue(new ProtoReader(new Uint8Array(0))));
  return prev !== undefined && prev.key.length > 0 ? { type, kv: current, prevKv: keyValueOf(prev) } : { type, kv: current };
}

/** A WatchResponse from its bytes. */
export function decodeWatchResponse(buf: Uint8Array): WatchResponseMessage {
  const r = new ProtoReader(buf);
  const res: WatchResponseMessage = { revision: 0, watchId: 0, created: false, canceled: false, compactRevision: 0, cancelReason: '', events: [] };
  while (!r.done()) {
    const t = r.varint();
    const wire = (t & 7) as WireType;
    switch (t >>> 3) {
      case 1:
        res.revision = readHeaderRevision(nested(r, wire));
        break;
      case 2:
        res.watchId = varintOf(r, wire);
        break;
      case 3:
        res.created = varintOf(r, wire) !== 0;
        break;
      case 4:
        res.canceled = varintOf(r, wire) !== 0;
        break;
      case 5:
        res.compactRevision = varintOf(r, wire);
        break;
      case 6:
        res.cancelReason = wire === WireType.LengthDelimited ? r.string() : (skipField(r, wire), '');
        break;
      case 11:
        res.events.push(readEvent(nested(r, wire)));
        break;
      default:
        skipField(r, wire);
    }
  }
  return res;
}
