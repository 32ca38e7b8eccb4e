// The types of the built-in API that are not stored kinds but travel on the wire with a protobuf
// message of their own (k8s.io/api testdata/HEAD has a fixture for each): the Scale subresource's
// body, request options, Status, WatchEvent, discovery documents, review requests.
import type { z } from 'zod';
import { protoMessageOf, type GroupVersionKind, type ProtoMessage } from '@kapi/apimachinery';
import { Scale } from './autoscaling/v1/scale.ts';
import { APIGroup, APIVersions, CreateOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, Status, UpdateOptions, WatchEvent } from './meta/v1/wire.ts';
import {
  NodeProxyOptions,
  PodAttachOptions,
  PodExecOptions,
  PodLogOptions,
  PodPortForwardOptions,
  PodProxyOptions,
  PodStatusResult,
  RangeAllocation,
  SerializedReference,
  ServiceProxyOptions,
} from './core/v1/wire.ts';
import { APIGroupDiscovery } from './apidiscovery/v2/types.ts';
import { AdmissionReview } from './admission/v1/types.ts';
import { TokenRequest } from './authentication/v1/types.ts';
import { Eviction } from './policy/v1/types.ts';

/** A non-stored type: its group, version and kind, and its protobuf message. */
export interface WireType extends GroupVersionKind {
  readonly proto: ProtoMessage;
}

const wire = (group: string, version: string, kind: string, schema: z.ZodType): WireType => ({ group, version, kind, proto: protoMessageOf(schema) });

/** Every non-stored type kapi declares. */
export const wireTypes: readonly WireType[] = [
  wire('autoscaling', 'v1', 'Scale', Scale),
  // meta/v1 messages, registered in core/v1 (the group version k8s.io/api's fixtures name them by).
  wire('', 'v1', 'CreateOptions', CreateOptions),
  wire('', 'v1', 'DeleteOptions', DeleteOptions),
  wire('', 'v1', 'GetOptions', GetOptions),
  wire('', 'v1', 'ListOptions', ListOptions),
  wire('', 'v1', 'PatchOptions', PatchOptions),
  wire('', 'v1', 'UpdateOptions', UpdateOptions),
  wire('', 'v1', 'Status', Status),
  wire('', 'v1', 'WatchEvent', WatchEvent),
  wire('', 'v1', 'APIGroup', APIGroup),
  wire('', 'v1', 'APIVersions', APIVersions),
  // core/v1's own.
  wire('', 'v1', 'NodeProxyOptions', NodeProxyOptions),
  wire('', 'v1', 'PodAttachOptions', PodAttachOptions),
  wire('', 'v1', 'PodExecOptions', PodExecOptions),
  wire('', 'v1', 'PodLogOptions', PodLogOptions),
  wire('', 'v1', 'PodPortForwardOptions', PodPortForwardOptions),
  wire('', 'v1', 'PodProxyOptions', PodProxyOptions),
  wire('', 'v1', 'ServiceProxyOptions', ServiceProxyOptions),
  wire('', 'v1', 'PodStatusResult', PodStatusResult),
  wire('', 'v1', 'RangeAllocation', RangeAllocation),
  wire('', 'v1', 'SerializedReference', SerializedReference),
  wire('apidiscovery.k8s.io', 'v2', 'APIGroupDiscovery', APIGroupDiscovery),
  wire('admission.k8s.io', 'v1', 'AdmissionReview', AdmissionReview),
  wire('authentication.k8s.io', 'v1', 'TokenRequest', TokenRequest),
  wire('policy', 'v1', 'Eviction', Eviction),
];
