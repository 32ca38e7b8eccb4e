// The types of k8s.io/api networking/v1 types.go and generated.proto (v0.33): NetworkPolicy and
// IngressClass with the structs they hold.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { networkingV1 } from './names.ts';

export const IPBlock = struct(networkingV1('IPBlock', 'A CIDR allowed to or from the selected pods, less the CIDRs of except.'), {
  cidr: field(1, types.string(), { description: 'The CIDR, e.g. "192.168.1.0/24" or "2001:db8::/64".', required: true, default: '' }),
  except: field(2, types.list(types.string()), { description: 'CIDRs inside cidr that are not included.', listType: 'atomic' }),
});
export type IPBlock = z.infer<typeof IPBlock>;

export const NetworkPolicyPort = struct(networkingV1('NetworkPolicyPort', 'A port traffic is allowed on.'), {
  protocol: field(1, types.string(), { description: 'TCP (the default), UDP or SCTP.', pointer: true }),
  port: field(2, types.intOrString(), { description: 'A port number or a named port on the pod; unset matches every port.', pointer: true }),
  endPort: field(3, types.int32(), { description: 'The last port of the range starting at a numeric port, inclusive.', pointer: true }),
});
export type NetworkPolicyPort = z.infer<typeof NetworkPolicyPort>;

export const NetworkPolicyPeer = struct(networkingV1('NetworkPolicyPeer', 'A peer traffic is allowed to or from: pods, namespaces, or an IP block.'), {
  podSelector: field(1, LabelSelector, { description: 'Selects pods (of the namespaces namespaceSelector selects, else of the policy\'s namespace).', pointer: true }),
  namespaceSelector: field(2, LabelSelector, { description: 'Selects namespaces by their labels.', pointer: true }),
  ipBlock: field(3, IPBlock, { description: 'An IP block; excludes the other two fields.', pointer: true }),
});
export type NetworkPolicyPeer = z.infer<typeof NetworkPolicyPeer>;

export const NetworkPolicyIngressRule = struct(networkingV1('NetworkPolicyIngressRule', 'Traffic allowed to the selected pods: it must match both ports and from.'), {
  ports: field(1, types.list(NetworkPolicyPort), { description: 'Destination ports; empty matches every port.', listType: 'atomic' }),
  from: field(2, types.list(NetworkPolicyPeer), { description: 'Sources; empty matches every source.', listType: 'atomic' }),
});
export type NetworkPolicyIngressRule = z.infer<typeof NetworkPolicyIngressRule>;

export const NetworkPolicyEgressRule = struct(networkingV1('NetworkPolicyEgressRule', 'Traffic allowed out of the selected pods: it must match both ports and to.'), {
  ports: field(1, types.list(NetworkPolicyPort), { description: 'Destination ports; empty matches every port.', listType: 'atomic' }),
  to: field(2, types.list(NetworkPolicyPeer), { description: 'Destinations; empty matches every destination.', listType: 'atomic' }),
});
export type NetworkPolicyEgressRule = z.infer<typeof NetworkPolicyEgressRule>;

export const NetworkPolicySpec = struct(networkingV1('NetworkPolicySpec', 'The specification of a NetworkPolicy.'), {
  podSelector: field(1, LabelSelector, { description: "The pods the policy applies to; empty selects every pod of the policy's namespace." }),
  ingress: field(2, types.list(NetworkPolicyIngressRule), { description: 'Ingress rules; none isolates the pods for ingress.', listType: 'atomic' }),
  egress: field(3, types.list(NetworkPolicyEgressRule), { description: 'Egress rules; none isolates the pods for egress.', listType: 'atomic' }),
  policyTypes: field(4, types.list(types.string()), {
    description: 'Ingress, Egress or both; defaults to Ingress, plus Egress when there are egress rules.',
    listType: 'atomic',
  }),
});
export type NetworkPolicySpec = z.infer<typeof NetworkPolicySpec>;

export const NetworkPolicy = struct(networkingV1('NetworkPolicy', 'What network traffic is allowed for a set of pods.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, NetworkPolicySpec, { description: 'The desired behaviour of the policy.' }),
});
export type NetworkPolicy = z.infer<typeof NetworkPolicy>;

export const IngressClassParametersReference = struct(
  networkingV1('IngressClassParametersReference', 'The API object holding the parameters of an IngressClass, cluster- or namespace-scoped.'),
  {
    apiGroup: field(1, types.string(), { description: 'The group of the resource; unset is the core group.', pointer: true }),
    kind: field(2, types.string(), { description: 'The kind of the resource.', required: true, default: '' }),
    name: field(3, types.string(), { description: 'The name of the resource.', required: true, default: '' }),
    scope: field(4, types.string(), { description: 'Cluster (the default) or Namespace.', pointer: true }),
    namespace: field(5, types.string(), { description: 'The namespace of the resource; required with scope Namespace, forbidden with Cluster.', pointer: true }),
  },
);
export type IngressClassParametersReference = z.infer<typeof IngressClassParametersReference>;

export const IngressClassSpec = struct(networkingV1('IngressClassSpec', 'The class of an Ingress.'), {
  controller: field(1, types.string(), { description: 'The controller handling the class, a domain-prefixed path such as "acme.io/ingress-controller". Immutable.' }),
  parameters: field(2, IngressClassParametersReference, { description: 'A resource with more configuration for the controller.', pointer: true }),
});
export type IngressClassSpec = z.infer<typeof IngressClassSpec>;

export const IngressClass = struct(networkingV1('IngressClass', 'The class of an Ingress, referenced by its spec.ingressClassName.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, IngressClassSpec, { description: 'The desired state of the IngressClass.' }),
});
export type IngressClass = z.infer<typeof IngressClass>;
