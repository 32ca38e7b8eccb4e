// Behaviour of k8s.io/kubernetes pkg/registry/networking/{networkpolicy,ingressclass,ingress,
// servicecidr,ipaddress}/strategy.go (v1.33): the kinds of networking.k8s.io/v1.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { networkingGroupName } from './names.ts';
import { IngressClass, NetworkPolicy } from './types.ts';
import { Ingress } from './ingress-types.ts';
import { validateIngressCreate, validateIngressUpdate } from './ingress-validation.ts';
import { IPAddress, ServiceCIDR } from './service-cidr-types.ts';
import { validateIPAddress, validateIPAddressUpdate, validateServiceCIDR, validateServiceCIDRUpdate } from './service-cidr-validation.ts';
import { defaultIngressClass, defaultNetworkPolicy, validateIngressClass, validateIngressClassUpdate, validateNetworkPolicy, validateNetworkPolicyUpdate } from './validation.ts';

export const networkPolicyKind = defineKind<NetworkPolicy>({
  group: networkingGroupName,
  version: 'v1',
  kind: 'NetworkPolicy',
  resource: 'networkpolicies',
  singular: 'networkpolicy',
  shortNames: ['netpol'],
  namespaced: true,
  schema: NetworkPolicy,
  proto: protoMessageOf(NetworkPolicy),
  description: 'What network traffic is allowed for a set of pods.',
  defaults: (np) => defaultNetworkPolicy(np),
  validate: (np) => validateNetworkPolicy(np),
  validateUpdate: (np, old) => validateNetworkPolicyUpdate(np, old),
});

export const ingressClassKind = defineKind<IngressClass>({
  group: networkingGroupName,
  version: 'v1',
  kind: 'IngressClass',
  resource: 'ingressclasses',
  singular: 'ingressclass',
  namespaced: false,
  schema: IngressClass,
  proto: protoMessageOf(IngressClass),
  description: 'The class of an Ingress: the controller that implements it and its parameters.',
  defaults: (ic) => defaultIngressClass(ic),
  validate: (ic) => validateIngressClass(ic),
  validateUpdate: (ic, old) => validateIngressClassUpdate(ic, old),
});

export const ingressKind = defineKind<Ingress>({
  group: networkingGroupName,
  version: 'v1',
  kind: 'Ingress',
  resource: 'ingresses',
  singular: 'ingress',
  shortNames: ['ing'],
  namespaced: true,
  schema: Ingress,
  proto: protoMessageOf(Ingress),
  description: 'Rules routing HTTP(S) traffic from outside the cluster to Services, fulfilled by an Ingress controller.',
  validate: (ing) => validateIngressCreate(ing),
  validateUpdate: (ing, old) => validateIngressUpdate(ing, old),
});

export const serviceCIDRKind = defineKind<ServiceCIDR>({
  group: networkingGroupName,
  version: 'v1',
  kind: 'ServiceCIDR',
  resource: 'servicecidrs',
  singular: 'servicecidr',
  namespaced: false,
  schema: ServiceCIDR,
  proto: protoMessageOf(ServiceCIDR),
  description: 'A range of IP addresses, in CIDR notation, from which Service cluster IPs are allocated.',
  validate: (sc) => validateServiceCIDR(sc),
  validateUpdate: (sc, old) => validateServiceCIDRUpdate(sc, old),
});

export const ipAddressKind = defineKind<IPAddress>({
  group: networkingGroupName,
  version: 'v1',
  kind: 'IPAddress',
  resource: 'ipaddresses',
  singular: 'ipaddress',
  shortNames: ['ip'],
  namespaced: false,
  schema: IPAddress,
  proto: protoMessageOf(IPAddress),
  description: 'One allocated IP address, named by the address in canonical form.',
  validate: (ip) => validateIPAddress(ip),
  validateUpdate: (ip, old) => validateIPAddressUpdate(ip, old),
});
