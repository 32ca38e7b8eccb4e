// PodSpec and its small parts, as declared in k8s.io/api core/v1/types.go and generated.proto
// (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { Affinity, Toleration, TopologySpreadConstraint } from './affinity.ts';
import { Container, EphemeralContainer, ResourceRequirements } from './container.ts';
import { LocalObjectReference } from './references.ts';
import { PodSecurityContext } from './security-context.ts';
import { Volume } from './volume.ts';

/** Extra host names for an IP in the pod's hosts file. */
export const HostAlias = struct(coreV1('HostAlias', "Extra host names for an IP in the pod's hosts file."), {
  ip: field(1, types.string(), { description: 'The IP address.', required: true, default: '' }),
  hostnames: field(2, types.list(types.string()), { description: 'The host names.', listType: 'atomic' }),
});
export type HostAlias = z.infer<typeof HostAlias>;

/** A resolver option. */
export const PodDNSConfigOption = struct(coreV1('PodDNSConfigOption', 'A resolver option.'), {
  name: field(1, types.string(), { description: 'The option.' }),
  value: field(2, types.string(), { description: 'Its value.', pointer: true }),
});
export type PodDNSConfigOption = z.infer<typeof PodDNSConfigOption>;

/** DNS settings of a pod beyond its DNS policy. */
export const PodDNSConfig = struct(coreV1('PodDNSConfig', 'DNS settings of a pod beyond its DNS policy.'), {
  nameservers: field(1, types.list(types.string()), { description: 'DNS server IPs.', listType: 'atomic' }),
  searches: field(2, types.list(types.string()), { description: 'DNS search domains.', listType: 'atomic' }),
  options: field(3, types.list(PodDNSConfigOption), { description: 'Resolver options.', listType: 'atomic' }),
});
export type PodDNSConfig = z.infer<typeof PodDNSConfig>;

/** A pod condition that must be true for the pod to be ready. */
export const PodReadinessGate = struct(coreV1('PodReadinessGate', 'A pod condition that must be true for the pod to be ready.'), {
  conditionType: field(1, types.string(), { description: 'The condition type.', required: true, default: '' }),
});
export type PodReadinessGate = z.infer<typeof PodReadinessGate>;

/** The operating system of a pod. */
export const PodOS = struct(coreV1('PodOS', 'The operating system of a pod.'), {
  name: field(1, types.string(), { description: 'linux or windows.', required: true, default: '' }),
});
export type PodOS = z.infer<typeof PodOS>;

/** A gate that holds a pod back from scheduling. */
export const PodSchedulingGate = struct(coreV1('PodSchedulingGate', 'A gate that holds a pod back from scheduling.'), {
  name: field(1, types.string(), { description: 'Name of the gate, unique within the pod.', required: true, default: '' }),
});
export type PodSchedulingGate = z.infer<typeof PodSchedulingGate>;

/** A resource claim of a pod, named for its containers to refer to. */
export const PodResourceClaim = struct(coreV1('PodResourceClaim', 'A resource claim of a pod, named for its containers to refer to.'), {
  name: field(1, types.string(), { description: 'Name of the claim within the pod, a DNS label.', required: true, default: '' }),
  resourceClaimName: field(3, types.string(), { description: "Name of an existing ResourceClaim in the pod's namespace.", pointer: true }),
  resourceClaimTemplateName: field(4, types.string(), { description: 'Name of a ResourceClaimTemplate a claim is made from for the pod.', pointer: true }),
});
export type PodResourceClaim = z.infer<typeof PodResourceClaim>;

/** The desired state of a pod: its containers, volumes and scheduling constraints. */
export const PodSpec = struct(coreV1('PodSpec', 'The desired state of a pod: its containers, volumes and scheduling constraints.'), {
  volumes: field(1, types.list(Volume), {
    description: "Volumes the pod's containers can mount.",
    patchStrategy: 'merge,retainKeys',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  initContainers: field(20, types.list(Container), {
    description: 'Containers run one after another, each to completion, before the regular containers start.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  containers: field(2, types.list(Container), {
    description: 'The containers of the pod; at least one.',
    required: true,
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  ephemeralContainers: field(34, types.list(EphemeralContainer), {
    description: 'Containers added to a running pod for debugging; they cannot be set on create.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  restartPolicy: field(3, types.string(), { description: 'When containers are restarted: Always, OnFailure or Never. Always by default.' }),
  terminationGracePeriodSeconds: field(4, types.int64(), {
    description: 'Seconds the pod gets to shut down after it is asked to terminate. 30 by default.',
    pointer: true,
  }),
  activeDeadlineSeconds: field(5, types.int64(), { description: 'Seconds the pod may run after it started before the system kills it.', pointer: true }),
  dnsPolicy: field(6, types.string(), { description: "How the pod's DNS is configured: ClusterFirst (default), ClusterFirstWithHostNet, Default or None." }),
  nodeSelector: field(7, types.map(types.string()), { description: "Node labels the pod's node must carry.", mapType: 'atomic' }),
  serviceAccountName: field(8, types.string(), { description: 'The service account the pod runs as.' }),
  serviceAccount: field(9, types.string(), { description: 'Deprecated alias of serviceAccountName.' }),
  automountServiceAccountToken: field(21, types.bool(), { description: 'Whether a service account token is mounted into the pod.', pointer: true }),
  nodeName: field(10, types.string(), { description: 'The node the pod is bound to; set by the scheduler, or by the client to skip scheduling.' }),
  hostNetwork: field(11, types.bool(), { description: "Run the pod in the node's network namespace." }),
  hostPID: field(12, types.bool(), { description: "Run the pod in the node's process namespace." }),
  hostIPC: field(13, types.bool(), { description: "Run the pod in the node's IPC namespace." }),
  shareProcessNamespace: field(27, types.bool(), { description: 'Run all containers of the pod in one process namespace.', pointer: true }),
  securityContext: field(14, PodSecurityContext, { description: 'Pod-wide security settings and container defaults.', pointer: true }),
  imagePullSecrets: field(15, types.list(LocalObjectReference), {
    description: "Secrets in the pod's namespace used to pull its images.",
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  hostname: field(16, types.string(), { description: "The pod's hostname; the system picks one when unset." }),
  subdomain: field(17, types.string(), { description: "When set, the pod's FQDN is <hostname>.<subdomain>.<namespace>.svc.<cluster domain>." }),
  affinity: field(18, Affinity, { description: 'Scheduling constraints relative to nodes and other pods.', pointer: true }),
  schedulerName: field(19, types.string(), { description: 'The scheduler that places the pod; default-scheduler by default.' }),
  tolerations: field(22, types.list(Toleration), { description: 'Node taints the pod tolerates.', listType: 'atomic' }),
  hostAliases: field(23, types.list(HostAlias), {
    description: "Extra entries for the pod's hosts file.",
    patchStrategy: 'merge',
    patchMergeKey: 'ip',
    listType: 'map',
    listMapKeys: ['ip'],
  }),
  priorityClassName: field(24, types.string(), { description: 'The PriorityClass that gives the pod its priority.' }),
  priority: field(25, types.int32(), { description: "The pod's priority, resolved from priorityClassName by admission.", pointer: true }),
  dnsConfig: field(26, PodDNSConfig, { description: 'DNS settings merged into those the dnsPolicy produces.', pointer: true }),
  readinessGates: field(28, types.list(PodReadinessGate), {
    description: 'Extra pod conditions that must be true before the pod counts as ready.',
    listType: 'atomic',
  }),
  runtimeClassName: field(29, types.string(), { description: 'The RuntimeClass (node.k8s.io) that runs the pod.', pointer: true }),
  enableServiceLinks: field(30, types.bool(), {
    description: "Whether the environment gets variables describing the namespace's services. True by default.",
    pointer: true,
  }),
  preemptionPolicy: field(31, types.string(), {
    description: 'Whether the pod may preempt lower-priority pods: PreemptLowerPriority (default) or Never.',
    pointer: true,
  }),
  overhead: field(32, types.map(types.quantity()), {
    description: "Resources the pod's sandbox consumes on top of its containers, set from its RuntimeClass.",
  }),
  topologySpreadConstraints: field(33, types.list(TopologySpreadConstraint), {
    description: "How the pod's replicas spread across topology domains.",
    patchStrategy: 'merge',
    patchMergeKey: 'topologyKey',
    listType: 'map',
    listMapKeys: ['topologyKey', 'whenUnsatisfiable'],
  }),
  setHostnameAsFQDN: field(35, types.bool(), { description: "Use the pod's fully qualified name as its hostname.", pointer: true }),
  os: field(36, PodOS, { description: "The operating system the pod's containers need: linux or windows.", pointer: true }),
  hostUsers: field(37, types.bool(), {
    description: "Run the pod in the node's user namespace (true by default); false gives it a user namespace of its own.",
    pointer: true,
  }),
  schedulingGates: field(38, types.list(PodSchedulingGate), {
    description: 'Gates that keep the pod from being scheduled until all are removed.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  resourceClaims: field(39, types.list(PodResourceClaim), {
    description: 'Resource claims the pod needs before it can start (dynamic resource allocation).',
    patchStrategy: 'merge,retainKeys',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  resources: field(40, ResourceRequirements, { description: 'The pod-wide resources all containers share (PodLevelResources).', pointer: true }),
});
export type PodSpec = z.infer<typeof PodSpec>;
