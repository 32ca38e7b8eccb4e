// networking.k8s.io/v1: NetworkPolicy, IngressClass.
import type { KindDefinition } from '../../kind.ts';
import { ingressClassKind, networkPolicyKind } from './kinds.ts';

export {
  IPBlock,
  IngressClass,
  IngressClassParametersReference,
  IngressClassSpec,
  NetworkPolicy,
  NetworkPolicyEgressRule,
  NetworkPolicyIngressRule,
  NetworkPolicyPeer,
  NetworkPolicyPort,
  NetworkPolicySpec,
} from './types.ts';
export { ingressClassKind, networkPolicyKind } from './kinds.ts';
export { networkingGroupName } from './names.ts';
export {
  defaultIngressClass,
  defaultNetworkPolicy,
  validateIPBlock,
  validateIngressClass,
  validateIngressClassParametersReference,
  validateIngressClassUpdate,
  validateNetworkPolicy,
  validateNetworkPolicyPeer,
  validateNetworkPolicyPort,
  validateNetworkPolicySpec,
  validateNetworkPolicyUpdate,
} from './validation.ts';

/** The kinds of networking.k8s.io/v1 kapi serves. */
export const networkingV1Kinds: readonly KindDefinition[] = [networkPolicyKind as KindDefinition, ingressClassKind as KindDefinition];
