// discovery.k8s.io/v1: EndpointSlice.
import type { KindDefinition } from '../../kind.ts';
import { endpointSliceKind } from './kinds.ts';

export {
  Endpoint,
  EndpointConditions,
  EndpointHints,
  EndpointPort as DiscoveryEndpointPort,
  EndpointSlice,
  ForNode,
  ForZone,
  discoveryGroupName,
} from './types.ts';
export { endpointSliceKind } from './kinds.ts';
export { defaultEndpointSlice, validateEndpointSlice, validateEndpointSliceUpdate } from './validation.ts';
export {
  endpointSliceLabelManagedBy,
  endpointSliceLabelServiceName,
  endpointSliceLabelSkipMirror,
  kubernetesServiceEndpoints,
  type KubernetesServiceEndpointsOptions,
} from './kubernetes-endpoints.ts';

/** The kinds of discovery.k8s.io/v1 kapi serves. */
export const discoveryV1Kinds: readonly KindDefinition[] = [endpointSliceKind as KindDefinition];
