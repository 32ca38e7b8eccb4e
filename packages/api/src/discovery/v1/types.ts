// The types of k8s.io/api discovery/v1 types.go and generated.proto (v0.33.13): EndpointSlice and
// the structs it holds.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { ObjectReference } from '../../core/v1/references.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const discoveryGroupName = 'discovery.k8s.io';

/** The OpenAPI and protobuf names of a discovery/v1 type; `kind` marks a top-level kind. */
function discoveryV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.discovery.v1.${name}`,
    protoName: `k8s.io.api.discovery.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: discoveryGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const EndpointConditions = struct(discoveryV1('EndpointConditions', 'The current condition of an endpoint.'), {
  ready: field(1, types.bool(), { description: 'Ready to receive traffic (serving and not terminating); nil means true.', pointer: true }),
  serving: field(2, types.bool(), { description: 'Able to receive traffic, even while terminating; nil means true.', pointer: true }),
  terminating: field(3, types.bool(), { description: 'Terminating; nil means false.', pointer: true }),
});
export type EndpointConditions = z.infer<typeof EndpointConditions>;

export const ForZone = struct(discoveryV1('ForZone', 'A zone that should consume an endpoint.'), {
  name: field(1, types.string(), { description: 'The name of the zone.', required: true, default: '' }),
});
export type ForZone = z.infer<typeof ForZone>;

export const ForNode = struct(discoveryV1('ForNode', 'A node that should consume an endpoint.'), {
  name: field(1, types.string(), { description: 'The name of the node.', required: true, default: '' }),
});
export type ForNode = z.infer<typeof ForNode>;

export const EndpointHints = struct(discoveryV1('EndpointHints', 'Hints on how an endpoint should be consumed.'), {
  forZones: field(1, types.list(ForZone), { description: 'The zones that should consume the endpoint (topology aware routing); at most 8.', listType: 'atomic' }),
  forNodes: field(2, types.list(ForNode), {
    description: 'The nodes that should consume the endpoint; at most 8. Alpha (PreferSameTrafficDistribution).',
    listType: 'atomic',
  }),
});
export type EndpointHints = z.infer<typeof EndpointHints>;

export const Endpoint = struct(discoveryV1('Endpoint', 'One logical backend of a service.'), {
  addresses: field(1, types.list(types.string()), {
    description: 'The addresses of the endpoint (IPs in canonical form for IPv4 and IPv6 slices); 1 to 100.',
    required: true,
    listType: 'set',
  }),
  conditions: field(2, EndpointConditions, { description: 'The current condition of the endpoint.' }),
  hostname: field(3, types.string(), { description: 'A DNS label distinguishing the endpoint, e.g. in DNS names.', pointer: true }),
  targetRef: field(4, ObjectReference, { description: 'The object the endpoint represents, usually a Pod.', pointer: true }),
  deprecatedTopology: field(5, types.map(types.string()), {
    description: 'The topology of the v1beta1 API; not writable through v1 (writes are ignored). Use zone and nodeName.',
  }),
  nodeName: field(6, types.string(), { description: 'The Node hosting the endpoint.', pointer: true }),
  zone: field(7, types.string(), { description: 'The zone of the endpoint.', pointer: true }),
  hints: field(8, EndpointHints, { description: 'How the endpoint should be consumed.', pointer: true }),
});
export type Endpoint = z.infer<typeof Endpoint>;

export const EndpointPort = struct({ ...discoveryV1('EndpointPort', 'A port of the endpoints of an EndpointSlice.'), mapType: 'atomic' }, {
  name: field(1, types.string(), { description: 'The port name, unique in the slice: empty or a DNS label (the Service port name).', pointer: true }),
  protocol: field(2, types.string(), { description: 'TCP (the default), UDP or SCTP.', pointer: true }),
  port: field(3, types.int32(), { description: 'The port number (the target port of a Service); nil for none.', pointer: true }),
  appProtocol: field(4, types.string(), {
    description: 'The application protocol: an IANA service name, kubernetes.io/h2c, kubernetes.io/ws, kubernetes.io/wss, or a domain-prefixed name.',
    pointer: true,
  }),
});
export type EndpointPort = z.infer<typeof EndpointPort>;

export const EndpointSlice = struct(
  discoveryV1('EndpointSlice', 'A set of endpoints of a service; the slices of a service carry the label kubernetes.io/service-name.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    addressType: field(4, types.string(), {
      description: 'The type of every address of the slice: IPv4, IPv6 or FQDN (deprecated). Immutable.',
      required: true,
      default: '',
    }),
    endpoints: field(2, types.list(Endpoint), { description: 'The unique endpoints of the slice; at most 1000.', required: true, listType: 'atomic' }),
    ports: field(3, types.list(EndpointPort), { description: 'The ports of every endpoint, each with a unique name; at most 100.', listType: 'atomic' }),
  },
);
export type EndpointSlice = z.infer<typeof EndpointSlice>;
