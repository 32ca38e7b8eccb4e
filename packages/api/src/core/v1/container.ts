// Container, EphemeralContainer and their ports, resources and mounts, as declared in k8s.io/api
// core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { embed } from './embed.ts';
import { EnvFromSource, EnvVar } from './env.ts';
import { Lifecycle, Probe } from './probe.ts';
import { SecurityContext } from './security-context.ts';

/** A network port of a container. */
export const ContainerPort = struct(coreV1('ContainerPort', 'A network port of a container.'), {
  name: field(1, types.string(), { description: 'An IANA service name for the port, unique within the pod.' }),
  hostPort: field(2, types.int32(), { description: 'The port on the node to expose it on.' }),
  containerPort: field(3, types.int32(), { description: "The port on the pod's IP address.", required: true, default: 0 }),
  protocol: field(4, types.string(), { description: 'UDP, TCP (default) or SCTP.', default: 'TCP' }),
  hostIP: field(5, types.string(), { description: 'The node IP to bind the host port to.' }),
});
export type ContainerPort = z.infer<typeof ContainerPort>;

/** A claim of the pod used by a container. */
export const ResourceClaim = struct(coreV1('ResourceClaim', 'A claim of the pod used by a container.'), {
  name: field(1, types.string(), { description: "Name of an entry of the pod's resourceClaims.", required: true, default: '' }),
  request: field(2, types.string(), { description: 'A request of the claim; the whole claim when empty.' }),
});
export type ResourceClaim = z.infer<typeof ResourceClaim>;

/** Compute resources: limits, requests and claims. */
export const ResourceRequirements = struct(coreV1('ResourceRequirements', 'Compute resources: limits, requests and claims.'), {
  limits: field(1, types.map(types.quantity()), { description: 'The most of each resource the container may use.' }),
  requests: field(2, types.map(types.quantity()), { description: 'The least of each resource the container needs; limits when unset.' }),
  claims: field(3, types.list(ResourceClaim), { description: 'Resource claims of the pod that the container uses.', listType: 'map', listMapKeys: ['name'] }),
});
export type ResourceRequirements = z.infer<typeof ResourceRequirements>;

/** How a container reacts when a resource is resized. */
export const ContainerResizePolicy = struct(coreV1('ContainerResizePolicy', 'How a container reacts when a resource is resized.'), {
  resourceName: field(1, types.string(), { description: 'The resource: cpu or memory.', required: true, default: '' }),
  restartPolicy: field(2, types.string(), { description: 'NotRequired (default) or RestartContainer.', required: true, default: '' }),
});
export type ContainerResizePolicy = z.infer<typeof ContainerResizePolicy>;

/** A volume mounted into a container. */
export const VolumeMount = struct(coreV1('VolumeMount', 'A volume mounted into a container.'), {
  name: field(1, types.string(), { description: 'Name of the volume.', required: true, default: '' }),
  readOnly: field(2, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  recursiveReadOnly: field(7, types.string(), {
    description: 'Whether a read-only mount is read-only recursively: Disabled, IfPossible or Enabled.',
    pointer: true,
  }),
  mountPath: field(3, types.string(), { description: "The path in the container; no ':'.", required: true, default: '' }),
  subPath: field(4, types.string(), { description: 'A path within the volume to mount instead of its root.' }),
  mountPropagation: field(5, types.string(), {
    description: 'How mounts propagate between host and container: None (default), HostToContainer or Bidirectional.',
    pointer: true,
  }),
  subPathExpr: field(6, types.string(), { description: "Like subPath, with $(VAR) expanded from the container's environment." }),
});
export type VolumeMount = z.infer<typeof VolumeMount>;

/** A block device mapped into a container. */
export const VolumeDevice = struct(coreV1('VolumeDevice', 'A block device mapped into a container.'), {
  name: field(1, types.string(), { description: 'Name of the persistent volume claim.', required: true, default: '' }),
  devicePath: field(2, types.string(), { description: 'The path of the device in the container.', required: true, default: '' }),
});
export type VolumeDevice = z.infer<typeof VolumeDevice>;

/** A single application container of a pod. */
export const Container = struct(coreV1('Container', 'A single application container of a pod.'), {
  name: field(1, types.string(), { description: 'Name of the container, a DNS label unique within the pod.', required: true, default: '' }),
  image: field(2, types.string(), { description: 'The container image.' }),
  command: field(3, types.list(types.string()), {
    description: "The entrypoint, not run in a shell; the image's ENTRYPOINT when unset. $(VAR) references expand.",
    listType: 'atomic',
  }),
  args: field(4, types.list(types.string()), {
    description: "Arguments to the entrypoint; the image's CMD when unset. $(VAR) references expand.",
    listType: 'atomic',
  }),
  workingDir: field(5, types.string(), { description: "The working directory; the runtime's default when unset." }),
  ports: field(6, types.list(ContainerPort), {
    description: 'Ports the container exposes; informational.',
    patchStrategy: 'merge',
    patchMergeKey: 'containerPort',
    listType: 'map',
    listMapKeys: ['containerPort', 'protocol'],
  }),
  envFrom: field(19, types.list(EnvFromSource), { description: 'Sources of environment variables; env wins over them.', listType: 'atomic' }),
  env: field(7, types.list(EnvVar), {
    description: 'Environment variables.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  resources: field(8, ResourceRequirements, { description: 'Compute resources the container needs.' }),
  resizePolicy: field(23, types.list(ContainerResizePolicy), { description: 'How each resource is resized in place.', listType: 'atomic' }),
  restartPolicy: field(24, types.string(), {
    description: "Only Always, on init containers, which then run as sidecars for the pod's lifetime.",
    pointer: true,
  }),
  volumeMounts: field(9, types.list(VolumeMount), {
    description: "Volumes mounted into the container's filesystem.",
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
    listType: 'map',
    listMapKeys: ['mountPath'],
  }),
  volumeDevices: field(21, types.list(VolumeDevice), {
    description: 'Block devices the container uses.',
    patchStrategy: 'merge',
    patchMergeKey: 'devicePath',
    listType: 'map',
    listMapKeys: ['devicePath'],
  }),
  livenessProbe: field(10, Probe, { description: 'Restarts the container when it fails.', pointer: true }),
  readinessProbe: field(11, Probe, { description: 'Removes the pod from service endpoints while it fails.', pointer: true }),
  startupProbe: field(22, Probe, { description: 'Holds the other probes until the container has started.', pointer: true }),
  lifecycle: field(12, Lifecycle, { description: 'Actions the system runs when the container starts and stops.', pointer: true }),
  terminationMessagePath: field(13, types.string(), {
    description: 'The file the container writes its termination message to; /dev/termination-log by default.',
  }),
  terminationMessagePolicy: field(20, types.string(), { description: 'File (default) or FallbackToLogsOnError.' }),
  imagePullPolicy: field(14, types.string(), { description: 'Always, Never or IfNotPresent; Always for :latest or no tag, else IfNotPresent.' }),
  securityContext: field(15, SecurityContext, { description: "Security settings of the container, overriding the pod's.", pointer: true }),
  stdin: field(16, types.bool(), { description: 'Keep a stdin buffer open for the container.' }),
  stdinOnce: field(17, types.bool(), { description: 'Close stdin after the first attach session ends.' }),
  tty: field(18, types.bool(), { description: 'Give the container a TTY.' }),
});
export type Container = z.infer<typeof Container>;

/** The fields an ephemeral container shares with a container. */
export const EphemeralContainerCommon = struct(coreV1('EphemeralContainerCommon', 'The fields an ephemeral container shares with a container.'), {
  name: field(1, types.string(), { description: 'Name of the ephemeral container, unique among all containers of the pod.', required: true, default: '' }),
  image: field(2, types.string(), { description: 'The container image.' }),
  command: field(3, types.list(types.string()), { description: "The entrypoint, not run in a shell; the image's ENTRYPOINT when unset.", listType: 'atomic' }),
  args: field(4, types.list(types.string()), { description: "Arguments to the entrypoint; the image's CMD when unset.", listType: 'atomic' }),
  workingDir: field(5, types.string(), { description: "The working directory; the runtime's default when unset." }),
  ports: field(6, types.list(ContainerPort), {
    description: 'Not allowed for ephemeral containers.',
    patchStrategy: 'merge',
    patchMergeKey: 'containerPort',
    listType: 'map',
    listMapKeys: ['containerPort', 'protocol'],
  }),
  envFrom: field(19, types.list(EnvFromSource), { description: 'Sources of environment variables; env wins over them.', listType: 'atomic' }),
  env: field(7, types.list(EnvVar), {
    description: 'Environment variables.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  resources: field(8, ResourceRequirements, { description: "Not allowed: ephemeral containers use the pod's resources." }),
  resizePolicy: field(23, types.list(ContainerResizePolicy), { description: 'Not allowed for ephemeral containers.', listType: 'atomic' }),
  restartPolicy: field(24, types.string(), { description: 'Not allowed for ephemeral containers.', pointer: true }),
  volumeMounts: field(9, types.list(VolumeMount), {
    description: 'Volumes mounted into the container; subPath is not allowed.',
    patchStrategy: 'merge',
    patchMergeKey: 'mountPath',
    listType: 'map',
    listMapKeys: ['mountPath'],
  }),
  volumeDevices: field(21, types.list(VolumeDevice), {
    description: 'Block devices the container uses.',
    patchStrategy: 'merge',
    patchMergeKey: 'devicePath',
    listType: 'map',
    listMapKeys: ['devicePath'],
  }),
  livenessProbe: field(10, Probe, { description: 'Not allowed for ephemeral containers.', pointer: true }),
  readinessProbe: field(11, Probe, { description: 'Not allowed for ephemeral containers.', pointer: true }),
  startupProbe: field(22, Probe, { description: 'Not allowed for ephemeral containers.', pointer: true }),
  lifecycle: field(12, Lifecycle, { description: 'Not allowed for ephemeral containers.', pointer: true }),
  terminationMessagePath: field(13, types.string(), {
    description: 'The file the container writes its termination message to; /dev/termination-log by default.',
  }),
  terminationMessagePolicy: field(20, types.string(), { description: 'File (default) or FallbackToLogsOnError.' }),
  imagePullPolicy: field(14, types.string(), { description: 'Always, Never or IfNotPresent; Always for :latest or no tag, else IfNotPresent.' }),
  securityContext: field(15, SecurityContext, { description: 'Security settings of the container.', pointer: true }),
  stdin: field(16, types.bool(), { description: 'Keep a stdin buffer open for the container.' }),
  stdinOnce: field(17, types.bool(), { description: 'Close stdin after the first attach session ends.' }),
  tty: field(18, types.bool(), { description: 'Give the container a TTY.' }),
});
export type EphemeralContainerCommon = z.infer<typeof EphemeralContainerCommon>;

/** A container added to a running pod, for debugging. */
export const EphemeralContainer = struct(coreV1('EphemeralContainer', 'A container added to a running pod, for debugging.'), {
  ...embed(1, 'ephemeralContainerCommon', EphemeralContainerCommon),
  targetContainerName: field(2, types.string(), { description: 'The container whose namespaces (IPC, PID…) the ephemeral container joins.' }),
});
export type EphemeralContainer = z.infer<typeof EphemeralContainer>;
