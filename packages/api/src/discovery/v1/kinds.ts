// Behaviour of k8s.io/kubernetes pkg/registry/discovery/endpointslice (v1.33): the EndpointSlice
// kind of discovery.k8s.io/v1 (no short names, namespaced, `/registry/endpointslices`).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { EndpointSlice, discoveryGroupName } from './types.ts';
import { defaultEndpointSlice, validateEndpointSlice, validateEndpointSliceUpdate } from './validation.ts';

export const endpointSliceKind = defineKind<EndpointSlice>({
  group: discoveryGroupName,
  version: 'v1',
  kind: 'EndpointSlice',
  resource: 'endpointslices',
  singular: 'endpointslice',
  namespaced: true,
  schema: EndpointSlice,
  proto: protoMessageOf(EndpointSlice),
  description: 'A set of endpoints of a service; the slices of a service carry the label kubernetes.io/service-name.',
  defaults: (eps) => defaultEndpointSlice(eps),
  validate: (eps) => validateEndpointSlice(eps),
  validateUpdate: (eps, old) => validateEndpointSliceUpdate(eps, old),
});
