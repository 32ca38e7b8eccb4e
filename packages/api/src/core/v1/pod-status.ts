// PodStatus and the container statuses, as declared in k8s.io/api core/v1/types.go and
// generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { ResourceRequirements } from './container.ts';

/** A condition of a pod. */
export const PodCondition = struct(coreV1('PodCondition', 'A condition of a pod.'), {
  type: field(1, types.string(), { description: 'The condition type.', required: true, default: '' }),
  observedGeneration: field(7, types.int64(), { description: 'The pod generation the condition was set for.' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastProbeTime: field(3, types.time(), { description: 'When the condition was last probed.' }),
  lastTransitionTime: field(4, types.time(), { description: 'When the status last changed.' }),
  reason: field(5, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(6, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type PodCondition = z.infer<typeof PodCondition>;

/** An IP address of a node. */
export const HostIP = struct(coreV1('HostIP', 'An IP address of a node.'), {
  ip: field(1, types.string(), { description: 'The address.', required: true, default: '' }),
});
export type HostIP = z.infer<typeof HostIP>;

/** An IP address of a pod. */
export const PodIP = struct(coreV1('PodIP', 'An IP address of a pod.'), {
  ip: field(1, types.string(), { description: 'The address.', required: true, default: '' }),
});
export type PodIP = z.infer<typeof PodIP>;

/** A container that waits to run. */
export const ContainerStateWaiting = struct(coreV1('ContainerStateWaiting', 'A container that waits to run.'), {
  reason: field(1, types.string(), { description: 'Why it waits.' }),
  message: field(2, types.string(), { description: 'Why it waits, in detail.' }),
});
export type ContainerStateWaiting = z.infer<typeof ContainerStateWaiting>;

/** A running container. */
export const ContainerStateRunning = struct(coreV1('ContainerStateRunning', 'A running container.'), {
  startedAt: field(1, types.time(), { description: 'When the container last started.' }),
});
export type ContainerStateRunning = z.infer<typeof ContainerStateRunning>;

/** A container that has ended. */
export const ContainerStateTerminated = struct(coreV1('ContainerStateTerminated', 'A container that has ended.'), {
  exitCode: field(1, types.int32(), { description: 'The exit code of its last run.', required: true, default: 0 }),
  signal: field(2, types.int32(), { description: 'The signal that ended it.' }),
  reason: field(3, types.string(), { description: 'Why it ended.' }),
  message: field(4, types.string(), { description: 'Why it ended, in detail.' }),
  startedAt: field(5, types.time(), { description: 'When its last run started.' }),
  finishedAt: field(6, types.time(), { description: 'When its last run ended.' }),
  containerID: field(7, types.string(), { description: "The runtime's container ID, <type>://<id>." }),
});
export type ContainerStateTerminated = z.infer<typeof ContainerStateTerminated>;

/** The state of a container; at most one member is set (waiting by default). */
export const ContainerState = struct(coreV1('ContainerState', 'The state of a container; at most one member is set (waiting by default).'), {
  waiting: field(1, ContainerStateWaiting, { description: 'The container waits to run.', pointer: true }),
  running: field(2, ContainerStateRunning, { description: 'The container runs.', pointer: true }),
  terminated: field(3, ContainerStateTerminated, { description: 'The container has ended.', pointer: true }),
});
export type ContainerState = z.infer<typeof ContainerState>;

/** The state of a volume mount. */
export const VolumeMountStatus = struct(coreV1('VolumeMountStatus', 'The state of a volume mount.'), {
  name: field(1, types.string(), { description: 'Name of the volume mount.', required: true, default: '' }),
  mountPath: field(2, types.string(), { description: 'The path in the container.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'Whether the mount is read-only.' }),
  recursiveReadOnly: field(4, types.string(), { description: 'Whether the mount is read-only recursively: Disabled or Enabled.', pointer: true }),
});
export type VolumeMountStatus = z.infer<typeof VolumeMountStatus>;

/** The Linux identity of a container's first process. */
export const LinuxContainerUser = struct(coreV1('LinuxContainerUser', "The Linux identity of a container's first process."), {
  uid: field(1, types.int64(), { description: 'Its UID.', required: true, default: 0 }),
  gid: field(2, types.int64(), { description: 'Its GID.', required: true, default: 0 }),
  supplementalGroups: field(3, types.list(types.int64()), { description: 'Its supplemental GIDs.', listType: 'atomic' }),
});
export type LinuxContainerUser = z.infer<typeof LinuxContainerUser>;

/** The identity of a container's first process. */
export const ContainerUser = struct(coreV1('ContainerUser', "The identity of a container's first process."), {
  linux: field(1, LinuxContainerUser, { description: 'The Linux identity.', pointer: true }),
});
export type ContainerUser = z.infer<typeof ContainerUser>;

/** The health of one device. */
export const ResourceHealth = struct(coreV1('ResourceHealth', 'The health of one device.'), {
  resourceID: field(1, types.string(), { description: "The device's unique ID.", required: true, default: '' }),
  health: field(2, types.string(), { description: 'Healthy, Unhealthy or Unknown.' }),
});
export type ResourceHealth = z.infer<typeof ResourceHealth>;

/** The health of the devices allocated for one resource. */
export const ResourceStatus = struct(coreV1('ResourceStatus', 'The health of the devices allocated for one resource.'), {
  name: field(1, types.string(), { description: 'The resource, e.g. claim:<claim>/<request>.', required: true, default: '' }),
  resources: field(2, types.list(ResourceHealth), { description: 'The health of each device.', listType: 'map', listMapKeys: ['resourceID'] }),
});
export type ResourceStatus = z.infer<typeof ResourceStatus>;

/** The observed state of one container. */
export const ContainerStatus = struct(coreV1('ContainerStatus', 'The observed state of one container.'), {
  name: field(1, types.string(), { description: 'Name of the container.', required: true, default: '' }),
  state: field(2, ContainerState, { description: "The container's current state." }),
  lastState: field(3, ContainerState, { description: "The container's previous state." }),
  ready: field(4, types.bool(), { description: 'Whether the container passes its readiness probe.', required: true, default: false }),
  restartCount: field(5, types.int32(), { description: 'How often the container has restarted.', required: true, default: 0 }),
  image: field(6, types.string(), { description: 'The image the container runs.', required: true, default: '' }),
  imageID: field(7, types.string(), { description: "The image's ID.", required: true, default: '' }),
  containerID: field(8, types.string(), { description: "The runtime's container ID, <type>://<id>." }),
  started: field(9, types.bool(), { description: 'Whether the container passed its startup probe.', pointer: true }),
  allocatedResources: field(10, types.map(types.quantity()), { description: 'The resources the node allocated to the container.' }),
  resources: field(11, ResourceRequirements, { description: 'The resources the running container has.', pointer: true }),
  volumeMounts: field(12, types.list(VolumeMountStatus), {
    description: 'The volumes mounted into the container.',
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
    listType: 'map',
    listMapKeys: ['mountPath'],
  }),
  user: field(13, ContainerUser, { description: "The identity the container's first process runs as.", pointer: true }),
  allocatedResourcesStatus: field(14, types.list(ResourceStatus), {
    description: 'The health of the resources allocated to the container.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  stopSignal: field(15, types.string(), { description: 'The signal that stops the container.', pointer: true }),
});
export type ContainerStatus = z.infer<typeof ContainerStatus>;

/** The ResourceClaim generated for a pod's claim. */
export const PodResourceClaimStatus = struct(coreV1('PodResourceClaimStatus', "The ResourceClaim generated for a pod's claim."), {
  name: field(1, types.string(), { description: "Name of the pod's claim.", required: true, default: '' }),
  resourceClaimName: field(2, types.string(), { description: 'Name of the generated ResourceClaim; unset when none is needed.', pointer: true }),
});
export type PodResourceClaimStatus = z.infer<typeof PodResourceClaimStatus>;

/** The observed state of a pod. */
export const PodStatus = struct(coreV1('PodStatus', 'The observed state of a pod.'), {
  observedGeneration: field(17, types.int64(), { description: 'The pod generation this status was computed for.' }),
  phase: field(1, types.string(), { description: 'Pending, Running, Succeeded, Failed or Unknown.' }),
  conditions: field(2, types.list(PodCondition), {
    description: "The pod's current conditions.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  message: field(3, types.string(), { description: 'Why the pod is in this state, for people.' }),
  reason: field(4, types.string(), { description: 'Why the pod is in this state, in one CamelCase word.' }),
  nominatedNodeName: field(11, types.string(), { description: 'The node the pod may run on once preemption completes.' }),
  hostIP: field(5, types.string(), { description: "The primary IP of the pod's node." }),
  hostIPs: field(16, types.list(HostIP), {
    description: "The IPs of the pod's node, at most one per family.",
    patchStrategy: 'merge',
    patchMergeKey: 'ip',
    listType: 'atomic',
  }),
  podIP: field(6, types.string(), { description: "The pod's primary IP." }),
  podIPs: field(12, types.list(PodIP), {
    description: "The pod's IPs, at most one per family.",
    patchStrategy: 'merge',
    patchMergeKey: 'ip',
    listType: 'map',
    listMapKeys: ['ip'],
  }),
  startTime: field(7, types.time(), { description: 'When the kubelet accepted the pod.', pointer: true }),
  initContainerStatuses: field(10, types.list(ContainerStatus), { description: 'The status of each init container.', listType: 'atomic' }),
  containerStatuses: field(8, types.list(ContainerStatus), { description: 'The status of each container.', listType: 'atomic' }),
  qosClass: field(9, types.string(), { description: 'Guaranteed, Burstable or BestEffort.' }),
  ephemeralContainerStatuses: field(13, types.list(ContainerStatus), { description: 'The status of each ephemeral container.', listType: 'atomic' }),
  resize: field(14, types.string(), { description: 'The state of a requested in-place resize. Deprecated.' }),
  resourceClaimStatuses: field(15, types.list(PodResourceClaimStatus), {
    description: 'The names of the ResourceClaims generated for the pod.',
    patchStrategy: 'merge,retainKeys',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
});
export type PodStatus = z.infer<typeof PodStatus>;
