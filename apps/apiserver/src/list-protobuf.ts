// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/protobuf (v1.33) for a list: `k8s\0` +
// runtime.Unknown around the `<Kind>List` message, whose items are written from bytes kept per
// stored object, as responses.ts keeps their JSON.
import type { KindDefinition } from '@kapi/api';
import { encodeEnvelope, encodeMessage, listItemSource, type KubeObject, type ProtoMessage } from '@kapi/apimachinery';

/** The protobuf message of list items made from stored objects, by that object (see listItemSource). */
const itemProto = new WeakMap<object, Uint8Array>();

function varintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

function writeVarint(out: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n % 128) | 0x80;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

function withoutTypeMeta(obj: KubeObject): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = obj;
  return rest;
}

/**
 * The protobuf body of a list of `def`'s kind (what encodeEnvelope(apiVersion, listKind,
 * encodeMessage(listProto, list)) writes, byte for byte): ListMeta as field 1, each item as field 2,
 * an item made from a stored object encoded once for every list it appears in, all copied once into
 * one buffer.
 */
export function encodeListProtobuf(def: KindDefinition, apiVersion: string, listMetaProto: ProtoMessage, list: KubeObject & { items?: KubeObject[] }): Uint8Array {
  const items = list.items ?? [];
  const parts: Uint8Array[] = new Array<Uint8Array>(items.length);
  const meta = encodeMessage(listMetaProto, (list.metadata ?? {}) as Record<string, unknown>);
  // ListMeta is not a pointer: always written, empty or not.
  let rawLength = 1 + varintLength(meta.length) + meta.length;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const source = (item as Record<PropertyKey, unknown>)[listItemSource] as object | undefined;
    let bytes = source !== undefined ? itemProto.get(source) : undefined;
    if (bytes === undefined) {
      bytes = encodeMessage(def.proto, withoutTypeMeta(item));
      if (source !== undefined) itemProto.set(source, bytes);
    }
    parts[i] = bytes;
    rawLength += 1 + varintLength(bytes.length) + bytes.length;
  }
  // The envelope of an empty message: `k8s\0`, TypeMeta (field 1), then raw (field 2, `12 00`) and
  // the two empty strings after it; the list goes where the empty raw was.
  const empty = encodeEnvelope(apiVersion, def.listKind, new Uint8Array(0));
  const typeMetaEnd = 4 + 2 + empty[5]!;
  if (empty[4] !== 0x0a || empty[5]! >= 0x80 || empty[typeMetaEnd] !== 0x12 || empty[typeMetaEnd + 1] !== 0) throw new Error('unexpected protobuf envelope layout');
  const tail = empty.subarray(typeMetaEnd + 2);
  const out = Buffer.allocUnsafe(typeMetaEnd + 1 + varintLength(rawLength) + rawLength + tail.length);
  out.set(empty.subarray(0, typeMetaEnd), 0);
  let at = typeMetaEnd;
  out[at++] = 0x12;
  at = writeVarint(out, at, rawLength);
  out[at++] = 0x0a;
  at = writeVarint(out, at, meta.length);
  out.set(meta, at);
  at += meta.length;
  for (const bytes of parts) {
    out[at++] = 0x12;
    at = writeVarint(out, at, bytes.length);
    out.set(bytes, at);
    at += bytes.length;
  }
  out.set(tail, at);
  return out;
}
