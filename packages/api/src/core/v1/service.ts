// Service, as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { Condition } from '../../meta/v1/condition.ts';

/** A port of a service. */
export const ServicePort = struct(coreV1('ServicePort', 'A port of a service.'), {
  name: field(1, types.string(), { description: 'Name of the port, a DNS label; required when there are several.' }),
  protocol: field(2, types.string(), { description: 'TCP (default), UDP or SCTP.', default: 'TCP' }),
  appProtocol: field(6, types.string(), { description: 'The application protocol, e.g. http or kubernetes.io/h2c.', pointer: true }),
  port: field(3, types.int32(), { description: 'The port the service exposes.', required: true, default: 0 }),
  targetPort: field(4, types.intOrString(), { description: "The pods' port, by number or name; the service port by default." }),
  nodePort: field(5, types.int32(), { description: 'The port on each node for NodePort and LoadBalancer services; allocated when unset.' }),
});
export type ServicePort = z.infer<typeof ServicePort>;

/** Settings of ClientIP session affinity. */
export const ClientIPConfig = struct(coreV1('ClientIPConfig', 'Settings of ClientIP session affinity.'), {
  timeoutSeconds: field(1, types.int32(), { description: 'How long a session sticks, 1–86400 seconds; 10800 by default.', pointer: true }),
});
export type ClientIPConfig = z.infer<typeof ClientIPConfig>;

/** Session affinity settings of a service. */
export const SessionAffinityConfig = struct(coreV1('SessionAffinityConfig', 'Session affinity settings of a service.'), {
  clientIP: field(1, ClientIPConfig, { description: 'Settings of ClientIP affinity.', pointer: true }),
});
export type SessionAffinityConfig = z.infer<typeof SessionAffinityConfig>;

/** The state of a service port. */
export const PortStatus = struct(coreV1('PortStatus', 'The state of a service port.'), {
  port: field(1, types.int32(), { description: 'The port number.', required: true, default: 0 }),
  protocol: field(2, types.string(), { description: 'TCP, UDP or SCTP.', required: true, default: '' }),
  error: field(3, types.string(), { description: 'Why the port is in error, as a CamelCase word or domain-prefixed reason.', pointer: true }),
});
export type PortStatus = z.infer<typeof PortStatus>;

/** An ingress point of a load balancer. */
export const LoadBalancerIngress = struct(coreV1('LoadBalancerIngress', 'An ingress point of a load balancer.'), {
  ip: field(1, types.string(), { description: 'The IP of the ingress point.' }),
  hostname: field(2, types.string(), { description: 'The DNS name of the ingress point.' }),
  ipMode: field(3, types.string(), { description: 'How traffic reaches the load balancer IP: VIP or Proxy.', pointer: true }),
  ports: field(4, types.list(PortStatus), { description: "The service's ports as the load balancer serves them.", listType: 'atomic' }),
});
export type LoadBalancerIngress = z.infer<typeof LoadBalancerIngress>;

/** The state of a load balancer. */
export const LoadBalancerStatus = struct(coreV1('LoadBalancerStatus', 'The state of a load balancer.'), {
  ingress: field(1, types.list(LoadBalancerIngress), { description: "The load balancer's ingress points.", listType: 'atomic' }),
});
export type LoadBalancerStatus = z.infer<typeof LoadBalancerStatus>;

/** The desired behaviour of a service. */
export const ServiceSpec = struct(coreV1('ServiceSpec', 'The desired behaviour of a service.'), {
  ports: field(1, types.list(ServicePort), {
    description: 'The ports the service exposes.',
    patchStrategy: 'merge',
    patchMergeKey: 'port',
    listType: 'map',
    listMapKeys: ['port', 'protocol'],
  }),
  selector: field(2, types.map(types.string()), {
    description: 'Labels of the pods traffic is routed to; endpoints are managed externally when empty.',
    mapType: 'atomic',
  }),
  clusterIP: field(3, types.string(), { description: 'The service\'s virtual IP; allocated at random when empty, "None" for a headless service.' }),
  clusterIPs: field(18, types.list(types.string()), {
    description: "The service's virtual IPs, at most one per family; the first equals clusterIP.",
    listType: 'atomic',
  }),
  type: field(4, types.string(), { description: 'ClusterIP (default), NodePort, LoadBalancer or ExternalName.' }),
  externalIPs: field(5, types.list(types.string()), { description: 'IPs outside the cluster that the nodes also accept traffic for.', listType: 'atomic' }),
  sessionAffinity: field(7, types.string(), { description: 'ClientIP or None (default).' }),
  loadBalancerIP: field(8, types.string(), { description: 'A load balancer IP asked of the cloud provider. Deprecated.' }),
  loadBalancerSourceRanges: field(9, types.list(types.string()), { description: 'Client CIDRs a cloud load balancer admits.', listType: 'atomic' }),
  externalName: field(10, types.string(), { description: 'The DNS name an ExternalName service aliases.' }),
  externalTrafficPolicy: field(11, types.string(), { description: 'Cluster (default) or Local: where external traffic may be routed.' }),
  healthCheckNodePort: field(12, types.int32(), { description: 'The node port of the health check for Local external traffic.' }),
  publishNotReadyAddresses: field(13, types.bool(), { description: 'Publish the addresses of pods that are not ready.' }),
  sessionAffinityConfig: field(14, SessionAffinityConfig, { description: 'Settings of session affinity.', pointer: true }),
  ipFamilies: field(19, types.list(types.string()), { description: 'The IP families of the service, IPv4 and/or IPv6.', listType: 'atomic' }),
  ipFamilyPolicy: field(17, types.string(), { description: 'SingleStack, PreferDualStack or RequireDualStack.', pointer: true }),
  allocateLoadBalancerNodePorts: field(20, types.bool(), { description: 'Allocate node ports for a LoadBalancer service; true by default.', pointer: true }),
  loadBalancerClass: field(21, types.string(), { description: 'The class of load balancer implementation.', pointer: true }),
  internalTrafficPolicy: field(22, types.string(), {
    description: 'Cluster (default) or Local: where traffic from inside the cluster may be routed.',
    pointer: true,
  }),
  trafficDistribution: field(23, types.string(), { description: 'A preference for how traffic is spread across endpoints, e.g. PreferClose.', pointer: true }),
});
export type ServiceSpec = z.infer<typeof ServiceSpec>;

/** The observed state of a service. */
export const ServiceStatus = struct(coreV1('ServiceStatus', 'The observed state of a service.'), {
  loadBalancer: field(1, LoadBalancerStatus, { description: "The state of the service's load balancer." }),
  conditions: field(2, types.list(Condition), {
    description: "The service's current conditions.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** A named abstraction of software service: a port the proxy listens on and a selector of the pods that serve it. */
export const Service = struct(coreV1('Service', 'A named abstraction of software service: a port the proxy listens on and a selector of the pods that serve it.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, ServiceSpec, { description: 'The desired behaviour of the service.' }),
  status: field(3, ServiceStatus, { description: 'The most recently observed state of the service. Read-only.' }),
});
export type Service = z.infer<typeof Service>;
