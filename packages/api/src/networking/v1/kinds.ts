// Behaviour of k8s.io/kubernetes pkg/registry/networking/{networkpolicy,ingressclass}/strategy.go
// (v1.33): NetworkPolicy and IngressClass of networking.k8s.io/v1.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { networkingGroupName } from './names.ts';
import { IngressClass, NetworkPolicy } from './types.ts';
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
