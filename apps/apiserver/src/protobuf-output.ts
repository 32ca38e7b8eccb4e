// Behaviour of k8s.io/apimachinery/pkg/runtime/serializer/protobuf (v1.33) on the way out: objects,
// lists and Status answered as `application/vnd.kubernetes.protobuf` (`k8s\0` + runtime.Unknown),
// as client-go asks for built-in kinds, with messages as gogo writes them (meta/v1 generated.proto).
import type { KindDefinition } from '@kapi/api';
import {
  encodeEnvelope,
  encodeMessage,
  protoField,
  type KubeObject,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { encodeListProtobuf } from './list-protobuf.ts';

/** meta/v1 ListMeta: selfLink 1, resourceVersion 2, continue 3, remainingItemCount 4 (pointer). */
export const ListMetaProto: ProtoMessage = {
  name: 'k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta',
  fields: [
    protoField('selfLink', 1, 'string'),
    protoField('resourceVersion', 2, 'string'),
    protoField('continue', 3, 'string'),
    protoField('remainingItemCount', 4, 'int64', { pointer: true }),
  ],
};

/** meta/v1 StatusCause: reason 1, message 2, field 3. */
const StatusCauseProto: ProtoMessage = {
  name: 'k8s.io.apimachinery.pkg.apis.meta.v1.StatusCause',
  fields: [protoField('reason', 1, 'string'), protoField('message', 2, 'string'), protoField('field', 3, 'string')],
};

/** meta/v1 StatusDetails: name 1, group 2, kind 3, causes 4, retryAfterSeconds 5, uid 6. */
const StatusDetailsProto: ProtoMessage = {
  name: 'k8s.io.apimachinery.pkg.apis.meta.v1.StatusDetails',
  fields: [
    protoField('name', 1, 'string'),
    protoField('group', 2, 'string'),
    protoField('kind', 3, 'string'),
    protoField('causes', 4, StatusCauseProto, { repeated: true }),
    protoField('retryAfterSeconds', 5, 'int32'),
    protoField('uid', 6, 'string'),
  ],
};

/** meta/v1 Status: metadata 1, status 2, message 3, reason 4, details 5 (pointer), code 6. */
export const StatusProto: ProtoMessage = {
  name: 'k8s.io.apimachinery.pkg.apis.meta.v1.Status',
  fields: [
    protoField('metadata', 1, ListMetaProto),
    protoField('status', 2, 'string'),
    protoField('message', 3, 'string'),
    protoField('reason', 4, 'string'),
    protoField('details', 5, StatusDetailsProto, { pointer: true }),
    protoField('code', 6, 'int32'),
  ],
};

const listProtos = new WeakMap<KindDefinition, ProtoMessage>();

/** The `<Kind>List` message of a kind: metadata 1, items 2. */
export function listProtoOf(def: KindDefinition): ProtoMessage {
  let m = listProtos.get(def);
  if (!m) {
    m = { name: `${def.proto.name}List`, fields: [protoField('metadata', 1, ListMetaProto), protoField('items', 2, def.proto, { repeated: true })] };
    listProtos.set(def, m);
  }
  return m;
}

function withoutTypeMeta(obj: KubeObject): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = obj;
  return rest;
}

/** The protobuf body of an object, a list of the kind, or a Status, by the object's kind. */
export function encodeProtobufBody(def: KindDefinition, obj: KubeObject): Uint8Array {
  const apiVersion = def.group === '' ? def.version : `${def.group}/${def.version}`;
  if (obj.kind === 'Status') return encodeEnvelope('v1', 'Status', encodeMessage(StatusProto, withoutTypeMeta(obj)));
  if (obj.kind === def.listKind || Array.isArray((obj as { items?: unknown }).items)) {
    return encodeListProtobuf(def, apiVersion, ListMetaProto, obj as KubeObject & { items?: KubeObject[] });
  }
  return encodeEnvelope(apiVersion, def.kind, encodeMessage(def.proto, withoutTypeMeta(obj)));
}
