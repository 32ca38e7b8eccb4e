// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/protobuf/protobuf.go and
// runtime/generated.proto (v1.33): the `k8s\0` envelope around every protobuf object.
import { newBadRequest } from './errors.ts';
import { ProtoReader, ProtoWriter, WireType } from './protobuf-wire.ts';
import type { ProtoField, ProtoMessage } from './protobuf-message.ts';
import { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './meta.ts';
import { protoMessageOf } from './schema/derive-proto.ts';

export const protobufContentType = 'application/vnd.kubernetes.protobuf';

/** The magic prefix `k8s\0`. */
export const protoEncodingPrefix = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

/** runtime.Unknown: the object's TypeMeta and its raw message. */
export interface UnknownEnvelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
  contentEncoding: string;
  contentType: string;
}

/** True when `data` starts with the `k8s\0` prefix of Kubernetes protobuf. */
export function hasProtobufPrefix(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x6b && data[1] === 0x38 && data[2] === 0x73 && data[3] === 0x00;
}

/** Unwraps `k8s\0` + runtime.Unknown. A body without the prefix, or a malformed one, is a 400. */
export function decodeEnvelope(data: Uint8Array): UnknownEnvelope {
  if (!hasProtobufPrefix(data)) {
    throw newBadRequest('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  const env: UnknownEnvelope = { apiVersion: '', kind: '', raw: new Uint8Array(), contentEncoding: '', contentType: '' };
  try {
    const r = new ProtoReader(data.subarray(4));
    while (!r.done()) {
      const { no, wire } = r.tag();
      if (no === 1 && wire === WireType.LengthDelimited) {
        const tm = new ProtoReader(r.bytes());
        while (!tm.done()) {
          const t = tm.tag();
          if (t.no === 1) env.apiVersion = tm.string();
          else if (t.no === 2) env.kind = tm.string();
          else tm.skip(t.wire);
        }
      } else if (no === 2 && wire === WireType.LengthDelimited) env.raw = r.bytes();
      else if (no === 3 && wire === WireType.LengthDelimited) env.contentEncoding = r.string();
      else if (no === 4 && wire === WireType.LengthDelimited) env.contentType = r.string();
      else r.skip(wire);
    }
  } catch (err) {
    throw newBadRequest(`unable to decode protobuf envelope: ${(err as Error).message}`);
  }
  return env;
}

/** Wraps a message as `k8s\0` + runtime.Unknown, writing every field as gogo does. */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const tm = new ProtoWriter().string(1, apiVersion).string(2, kind).finish();
  const body = new ProtoWriter().bytes(1, tm).bytes(2, raw).string(3, '').string(4, '').finish();
  const out = new Uint8Array(4 + body.length);
  out.set(protoEncodingPrefix, 0);
  out.set(body, 4);
  return out;
}

const f = (name: string, no: number, type: ProtoField['type'], extra: Partial<ProtoField> = {}): ProtoField => ({ name, no, type, ...extra });

/** meta/v1 messages, derived from their declarations in meta.ts. */
export const OwnerReferenceProto: ProtoMessage = protoMessageOf(OwnerReference);
export const ManagedFieldsEntryProto: ProtoMessage = protoMessageOf(ManagedFieldsEntry);
export const ObjectMetaProto: ProtoMessage = protoMessageOf(ObjectMeta);

/** A field builder for kind declarations. */
export const protoField = f;
