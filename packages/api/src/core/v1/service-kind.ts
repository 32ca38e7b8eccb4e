// The Service kind: SetDefaults_Service of k8s.io/kubernetes pkg/apis/core/v1/defaults.go (v1.33),
// the IP family fields kube's service allocator fills in a single-stack IPv4 cluster, and
// validation (service-validation.ts). Cluster IPs and node ports are not allocated here.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { Service } from './service.ts';
import { externallyAccessible, validateService, validateServiceUpdate } from './service-validation.ts';

/** v1.DefaultClientIPServiceAffinitySeconds */
export const defaultClientIPServiceAffinitySeconds = 10800;

/**
 * SetDefaults_Service, then the IP family fields kube-apiserver's service allocator sets on
 * create in a single-stack IPv4 cluster (headless services without a selector get
 * RequireDualStack, as upstream's do).
 */
export function defaultService(svc: Service): void {
  const spec = (svc.spec ??= {});
  spec.sessionAffinity ||= 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds == null) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: defaultClientIPServiceAffinitySeconds } };
  }
  spec.type ||= 'ClusterIP';
  for (const port of spec.ports ?? []) {
    port.protocol ||= 'TCP';
    if (port.targetPort == null || port.targetPort === 0 || port.targetPort === '') port.targetPort = port.port ?? 0;
  }
  if (externallyAccessible(svc) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy == null && (spec.type === 'NodePort' || spec.type === 'LoadBalancer' || spec.type === 'ClusterIP')) {
    spec.internalTrafficPolicy = 'Cluster';
  }
  if (spec.type === 'LoadBalancer') {
    spec.allocateLoadBalancerNodePorts ??= true;
    for (const ing of svc.status?.loadBalancer?.ingress ?? []) if (ing.ip && ing.ipMode == null) ing.ipMode = 'VIP';
  }
  if (spec.type === 'ExternalName') return;
  if (spec.clusterIP && (spec.clusterIPs ?? []).length === 0) spec.clusterIPs = [spec.clusterIP];
  const headlessWithoutSelector = spec.clusterIP === 'None' && Object.keys(spec.selector ?? {}).length === 0;
  spec.ipFamilyPolicy ??= headlessWithoutSelector ? 'RequireDualStack' : 'SingleStack';
  if ((spec.ipFamilies ?? []).length === 0) {
    const first = spec.clusterIPs?.[0];
    spec.ipFamilies = [first && first !== 'None' && first.includes(':') ? 'IPv6' : 'IPv4'];
  }
}

/** services (svc), in the `all` category. */
export const serviceKind = defineKind<Service>({
  group: '',
  version: 'v1',
  kind: 'Service',
  resource: 'services',
  singular: 'service',
  shortNames: ['svc'],
  categories: ['all'],
  namespaced: true,
  schema: Service,
  proto: protoMessageOf(Service),
  description: 'A named abstraction of software service: a port the proxy listens on and a selector of the pods that serve it.',
  defaults: defaultService,
  validate: validateService,
  validateUpdate: validateServiceUpdate,
});
