// The types of the built-in API that are not stored kinds but travel on the wire with a protobuf
// message of their own (k8s.io/api testdata/HEAD has a fixture for each): the Scale subresource's
// body, request options, Status, WatchEvent, discovery documents, review requests.
import { protoMessageOf, type GroupVersionKind, type ProtoMessage } from '@kapi/apimachinery';
import { Scale } from './autoscaling/v1/scale.ts';

/** A non-stored type: its group, version and kind, and its protobuf message. */
export interface WireType extends GroupVersionKind {
  readonly proto: ProtoMessage;
}

/** Every non-stored type kapi declares. */
export const wireTypes: readonly WireType[] = [{ group: 'autoscaling', version: 'v1', kind: 'Scale', proto: protoMessageOf(Scale) }];
