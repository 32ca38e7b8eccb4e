// networking.k8s.io/v1: NetworkPolicy, IngressClass, Ingress, ServiceCIDR, IPAddress.
import type { KindDefinition } from '../../kind.ts';
import { ingressClassKind, ingressKind, ipAddressKind, networkPolicyKind, serviceCIDRKind } from './kinds.ts';

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
export {
  HTTPIngressPath,
  HTTPIngressRuleValue,
  Ingress,
  IngressBackend,
  IngressLoadBalancerIngress,
  IngressLoadBalancerStatus,
  IngressPortStatus,
  IngressRule,
  IngressRuleValue,
  IngressServiceBackend,
  IngressSpec,
  IngressStatus,
  IngressTLS,
  ServiceBackendPort,
} from './ingress-types.ts';
export { IPAddress, IPAddressSpec, ParentReference, ServiceCIDR, ServiceCIDRSpec, ServiceCIDRStatus } from './service-cidr-types.ts';
export { ingressClassKind, ingressKind, ipAddressKind, networkPolicyKind, serviceCIDRKind } from './kinds.ts';
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
export {
  ingressClassAnnotation,
  isWildcardDNS1123Subdomain,
  validateIngressCreate,
  validateIngressLoadBalancerStatus,
  validateIngressSpec,
  validateIngressStatusUpdate,
  validateIngressUpdate,
} from './ingress-validation.ts';
export {
  ipAddressNameErrors,
  validateIPAddress,
  validateIPAddressUpdate,
  validateServiceCIDR,
  validateServiceCIDRStatusUpdate,
  validateServiceCIDRUpdate,
} from './service-cidr-validation.ts';
export { admitDefaultIngressClass, defaultIngressClassOf, isDefaultIngressClassAnnotation } from './default-ingress-class.ts';
export {
  defaultServiceCIDR,
  defaultServiceCIDRName,
  ipAddressLabelFamily,
  ipAddressLabelManagedBy,
  ipAllocatorControllerName,
  serviceIPAddress,
} from './service-cidr-bootstrap.ts';
export {
  cidrString,
  ipFamilyOfCIDR,
  ipString,
  isV4,
  parseCIDRSloppy,
  parseIPSloppy,
  validateCIDR,
  validateEndpointIP,
  validateIP as validateCanonicalIP,
  validateIPForLegacyField,
  type ParsedCIDR,
  type ParsedIP,
} from './ip.ts';

/** The kinds of networking.k8s.io/v1 kapi serves. */
export const networkingV1Kinds: readonly KindDefinition[] = [
  networkPolicyKind as KindDefinition,
  ingressClassKind as KindDefinition,
  ingressKind as KindDefinition,
  serviceCIDRKind as KindDefinition,
  ipAddressKind as KindDefinition,
];
