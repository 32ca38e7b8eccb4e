// The types of k8s.io/api networking/v1 types.go and generated.proto (v0.33.13): Ingress with the
// structs it holds.
import type { z } from 'zod';
import { ObjectMeta, embed, field, struct, types } from '@kapi/apimachinery';
import { TypedLocalObjectReference } from '../../core/v1/references.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { networkingV1 } from './names.ts';

export const ServiceBackendPort = struct(networkingV1('ServiceBackendPort', 'The port of a Service a backend refers to: by name or by number.'), {
  name: field(1, types.string(), { description: 'The name of the port on the Service; excludes number.' }),
  number: field(2, types.int32(), { description: 'The port number on the Service, e.g. 80; excludes name.' }),
});
export type ServiceBackendPort = z.infer<typeof ServiceBackendPort>;

export const IngressServiceBackend = struct(networkingV1('IngressServiceBackend', 'A Service in the namespace of the Ingress used as a backend.'), {
  name: field(1, types.string(), { description: 'The name of the Service, in the namespace of the Ingress.', required: true, default: '' }),
  port: field(2, ServiceBackendPort, { description: 'The port of the Service: a name or a number is required.' }),
});
export type IngressServiceBackend = z.infer<typeof IngressServiceBackend>;

export const IngressBackend = struct(networkingV1('IngressBackend', 'Where matching traffic goes: a Service or another resource.'), {
  service: field(4, IngressServiceBackend, { description: 'A Service as the backend; excludes resource.', pointer: true }),
  resource: field(3, TypedLocalObjectReference, {
    description: 'Another resource in the namespace of the Ingress as the backend; excludes service.',
    pointer: true,
  }),
});
export type IngressBackend = z.infer<typeof IngressBackend>;

export const HTTPIngressPath = struct(networkingV1('HTTPIngressPath', 'A path and the backend its requests go to.'), {
  path: field(1, types.string(), { description: 'Matched against the path of a request; must begin with "/" for Exact and Prefix.' }),
  pathType: field(3, types.string(), {
    description: 'How path matches: Exact, Prefix (element-wise by "/") or ImplementationSpecific.',
    pointer: true,
    required: true,
  }),
  backend: field(2, IngressBackend, { description: 'Where the matching requests go.', required: true }),
});
export type HTTPIngressPath = z.infer<typeof HTTPIngressPath>;

export const HTTPIngressRuleValue = struct(networkingV1('HTTPIngressRuleValue', 'The HTTP paths of a rule and their backends.'), {
  paths: field(1, types.list(HTTPIngressPath), { description: 'Paths that map requests to backends.', required: true, listType: 'atomic' }),
});
export type HTTPIngressRuleValue = z.infer<typeof HTTPIngressRuleValue>;

export const IngressRuleValue = struct(networkingV1('IngressRuleValue', 'How requests of a rule are routed; HTTP is the only kind.'), {
  http: field(1, HTTPIngressRuleValue, { description: 'HTTP routing by path.', pointer: true }),
});
export type IngressRuleValue = z.infer<typeof IngressRuleValue>;

export const IngressRule = struct(networkingV1('IngressRule', 'The paths of a host: requests for the host (or any host) are routed by path.'), {
  host: field(1, types.string(), {
    description: 'A fully qualified domain name, or a wildcard such as "*.foo.com" matching one label; no IP, no port. Unset matches every host.',
  }),
  ...embed(2, 'ingressRuleValue', IngressRuleValue),
});
export type IngressRule = z.infer<typeof IngressRule>;

export const IngressTLS = struct(networkingV1('IngressTLS', 'TLS on port 443 for some hosts.'), {
  hosts: field(1, types.list(types.string()), { description: 'The hosts of the TLS certificate; unset is the controller\'s wildcard host.', listType: 'atomic' }),
  secretName: field(2, types.string(), { description: 'The Secret holding the certificate that terminates TLS; optional with SNI routing.' }),
});
export type IngressTLS = z.infer<typeof IngressTLS>;

export const IngressSpec = struct(networkingV1('IngressSpec', 'The desired state of an Ingress.'), {
  ingressClassName: field(4, types.string(), {
    description: 'The IngressClass of the Ingress, which names the controller serving it; supersedes the kubernetes.io/ingress.class annotation.',
    pointer: true,
  }),
  defaultBackend: field(1, IngressBackend, { description: 'The backend of requests no rule matches; required when there are no rules.', pointer: true }),
  tls: field(2, types.list(IngressTLS), { description: 'TLS configuration; several entries share port 443 through SNI.', listType: 'atomic' }),
  rules: field(3, types.list(IngressRule), { description: 'Host rules; unmatched traffic goes to the default backend.', listType: 'atomic' }),
});
export type IngressSpec = z.infer<typeof IngressSpec>;

export const IngressPortStatus = struct(networkingV1('IngressPortStatus', 'A port of a load-balancer ingress point.'), {
  port: field(1, types.int32(), { description: 'The port number.', required: true, default: 0 }),
  protocol: field(2, types.string(), { description: 'TCP, UDP or SCTP.', required: true, default: '' }),
  error: field(3, types.string(), { description: 'A problem with the port: a CamelCase name, or foo.example.com/CamelCase.', pointer: true }),
});
export type IngressPortStatus = z.infer<typeof IngressPortStatus>;

export const IngressLoadBalancerIngress = struct(networkingV1('IngressLoadBalancerIngress', 'An ingress point of the load balancer.'), {
  ip: field(1, types.string(), { description: 'The IP of an IP-based ingress point.' }),
  hostname: field(2, types.string(), { description: 'The hostname of a DNS-based ingress point.' }),
  ports: field(4, types.list(IngressPortStatus), { description: 'The ports the load balancer exposes.', listType: 'atomic' }),
});
export type IngressLoadBalancerIngress = z.infer<typeof IngressLoadBalancerIngress>;

export const IngressLoadBalancerStatus = struct(networkingV1('IngressLoadBalancerStatus', 'The status of the load balancer of an Ingress.'), {
  ingress: field(1, types.list(IngressLoadBalancerIngress), { description: 'The ingress points of the load balancer.', listType: 'atomic' }),
});
export type IngressLoadBalancerStatus = z.infer<typeof IngressLoadBalancerStatus>;

export const IngressStatus = struct(networkingV1('IngressStatus', 'The observed state of an Ingress.'), {
  loadBalancer: field(1, IngressLoadBalancerStatus, { description: 'The status of the load balancer.' }),
});
export type IngressStatus = z.infer<typeof IngressStatus>;

export const Ingress = struct(networkingV1('Ingress', 'Rules routing HTTP(S) traffic from outside the cluster to Services, fulfilled by an Ingress controller.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, IngressSpec, { description: 'The desired state of the Ingress.' }),
  status: field(3, IngressStatus, { description: 'The current state of the Ingress.' }),
});
export type Ingress = z.infer<typeof Ingress>;
