// NodeStatus and its parts (and the deprecated config source types NodeSpec shares), as declared in
// k8s.io/api core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';

/** A config map holding node configuration. Deprecated. */
export const ConfigMapNodeConfigSource = struct(coreV1('ConfigMapNodeConfigSource', 'A config map holding node configuration. Deprecated.'), {
  namespace: field(1, types.string(), { description: 'Namespace of the config map.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'Name of the config map.', required: true, default: '' }),
  uid: field(3, types.string(), { description: 'UID of the config map.' }),
  resourceVersion: field(4, types.string(), { description: 'resourceVersion of the config map.' }),
  kubeletConfigKey: field(5, types.string(), { description: 'The key holding the KubeletConfiguration.', required: true, default: '' }),
});
export type ConfigMapNodeConfigSource = z.infer<typeof ConfigMapNodeConfigSource>;

/** A source of node configuration. Deprecated. */
export const NodeConfigSource = struct(coreV1('NodeConfigSource', 'A source of node configuration. Deprecated.'), {
  configMap: field(2, ConfigMapNodeConfigSource, { description: 'A config map holding the configuration.', pointer: true }),
});
export type NodeConfigSource = z.infer<typeof NodeConfigSource>;

/** A condition of a node. */
export const NodeCondition = struct(coreV1('NodeCondition', 'A condition of a node.'), {
  type: field(1, types.string(), { description: 'The condition type.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastHeartbeatTime: field(3, types.time(), { description: 'When the condition was last reported.' }),
  lastTransitionTime: field(4, types.time(), { description: 'When the status last changed.' }),
  reason: field(5, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(6, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type NodeCondition = z.infer<typeof NodeCondition>;

/** An address of a node. */
export const NodeAddress = struct(coreV1('NodeAddress', 'An address of a node.'), {
  type: field(1, types.string(), { description: 'Hostname, ExternalIP, InternalIP, ExternalDNS or InternalDNS.', required: true, default: '' }),
  address: field(2, types.string(), { description: 'The address.', required: true, default: '' }),
});
export type NodeAddress = z.infer<typeof NodeAddress>;

/** A daemon's port. */
export const DaemonEndpoint = struct(coreV1('DaemonEndpoint', "A daemon's port."), {
  Port: field(1, types.int32(), { description: 'The port number.', required: true, default: 0 }),
});
export type DaemonEndpoint = z.infer<typeof DaemonEndpoint>;

/** The ports of the daemons on a node. */
export const NodeDaemonEndpoints = struct(coreV1('NodeDaemonEndpoints', 'The ports of the daemons on a node.'), {
  kubeletEndpoint: field(1, DaemonEndpoint, { description: "The kubelet's endpoint." }),
});
export type NodeDaemonEndpoints = z.infer<typeof NodeDaemonEndpoints>;

/** The swap memory of a node. */
export const NodeSwapStatus = struct(coreV1('NodeSwapStatus', 'The swap memory of a node.'), {
  capacity: field(1, types.int64(), { description: 'Total swap memory in bytes.', pointer: true }),
});
export type NodeSwapStatus = z.infer<typeof NodeSwapStatus>;

/** Facts about a node's system. */
export const NodeSystemInfo = struct(coreV1('NodeSystemInfo', "Facts about a node's system."), {
  machineID: field(1, types.string(), { description: 'The machine ID the node reports.', required: true, default: '' }),
  systemUUID: field(2, types.string(), { description: 'The system UUID the node reports.', required: true, default: '' }),
  bootID: field(3, types.string(), { description: 'The boot ID the node reports.', required: true, default: '' }),
  kernelVersion: field(4, types.string(), { description: 'The kernel version (uname -r).', required: true, default: '' }),
  osImage: field(5, types.string(), { description: 'The operating system image (/etc/os-release).', required: true, default: '' }),
  containerRuntimeVersion: field(6, types.string(), { description: 'The container runtime and its version, <runtime>://<version>.', required: true, default: '' }),
  kubeletVersion: field(7, types.string(), { description: "The kubelet's version.", required: true, default: '' }),
  kubeProxyVersion: field(8, types.string(), { description: 'Deprecated: not reliable.', required: true, default: '' }),
  operatingSystem: field(9, types.string(), { description: 'The operating system the node reports.', required: true, default: '' }),
  architecture: field(10, types.string(), { description: 'The CPU architecture the node reports.', required: true, default: '' }),
  swap: field(11, NodeSwapStatus, { description: 'Swap facts.', pointer: true }),
});
export type NodeSystemInfo = z.infer<typeof NodeSystemInfo>;

/** An image on a node. */
export const ContainerImage = struct(coreV1('ContainerImage', 'An image on a node.'), {
  names: field(1, types.list(types.string()), { description: "The image's names.", listType: 'atomic' }),
  sizeBytes: field(2, types.int64(), { description: "The image's size." }),
});
export type ContainerImage = z.infer<typeof ContainerImage>;

/** A volume attached to a node. */
export const AttachedVolume = struct(coreV1('AttachedVolume', 'A volume attached to a node.'), {
  name: field(1, types.string(), { description: 'Name of the volume.', required: true, default: '' }),
  devicePath: field(2, types.string(), { description: 'The device path where the volume is attached.', required: true, default: '' }),
});
export type AttachedVolume = z.infer<typeof AttachedVolume>;

/** The state of a node's dynamic configuration. Deprecated. */
export const NodeConfigStatus = struct(coreV1('NodeConfigStatus', "The state of a node's dynamic configuration. Deprecated."), {
  assigned: field(1, NodeConfigSource, { description: 'The configuration the node should use.', pointer: true }),
  active: field(2, NodeConfigSource, { description: 'The configuration the node uses.', pointer: true }),
  lastKnownGood: field(3, NodeConfigSource, { description: 'The fallback configuration.', pointer: true }),
  error: field(4, types.string(), { description: 'An error in reconciling the configuration.' }),
});
export type NodeConfigStatus = z.infer<typeof NodeConfigStatus>;

/** Features of a runtime handler. */
export const NodeRuntimeHandlerFeatures = struct(coreV1('NodeRuntimeHandlerFeatures', 'Features of a runtime handler.'), {
  recursiveReadOnlyMounts: field(1, types.bool(), { description: 'Supports recursive read-only mounts.', pointer: true }),
  userNamespaces: field(2, types.bool(), { description: 'Supports user namespaces, including for volumes.', pointer: true }),
});
export type NodeRuntimeHandlerFeatures = z.infer<typeof NodeRuntimeHandlerFeatures>;

/** A runtime handler of a node. */
export const NodeRuntimeHandler = struct(coreV1('NodeRuntimeHandler', 'A runtime handler of a node.'), {
  name: field(1, types.string(), { description: 'The handler name; empty for the default.', default: '' }),
  features: field(2, NodeRuntimeHandlerFeatures, { description: 'Features the handler supports.', pointer: true }),
});
export type NodeRuntimeHandler = z.infer<typeof NodeRuntimeHandler>;

/** Features a node implements. */
export const NodeFeatures = struct(coreV1('NodeFeatures', 'Features a node implements.'), {
  supplementalGroupsPolicy: field(1, types.bool(), { description: "Supports the pod's supplementalGroupsPolicy.", pointer: true }),
});
export type NodeFeatures = z.infer<typeof NodeFeatures>;

/** The observed state of a node. */
export const NodeStatus = struct(coreV1('NodeStatus', 'The observed state of a node.'), {
  capacity: field(1, types.map(types.quantity()), { description: "The node's total resources." }),
  allocatable: field(2, types.map(types.quantity()), { description: 'The resources available to pods; capacity when unset.' }),
  phase: field(3, types.string(), { description: 'Pending, Running or Terminated. Deprecated.' }),
  conditions: field(4, types.list(NodeCondition), {
    description: "The node's current conditions.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  addresses: field(5, types.list(NodeAddress), {
    description: "The node's addresses.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  daemonEndpoints: field(6, NodeDaemonEndpoints, { description: 'The endpoints of the daemons on the node.' }),
  nodeInfo: field(7, NodeSystemInfo, { description: "Facts about the node's system." }),
  images: field(8, types.list(ContainerImage), { description: 'Images present on the node.', listType: 'atomic' }),
  volumesInUse: field(9, types.list(types.string()), { description: 'Volumes in use (mounted) on the node.', listType: 'atomic' }),
  volumesAttached: field(10, types.list(AttachedVolume), { description: 'Volumes attached to the node.', listType: 'atomic' }),
  config: field(11, NodeConfigStatus, { description: "The state of the node's dynamic configuration. Deprecated.", pointer: true }),
  runtimeHandlers: field(12, types.list(NodeRuntimeHandler), { description: 'The runtime handlers available on the node.', listType: 'atomic' }),
  features: field(13, NodeFeatures, { description: 'Features the node implements.', pointer: true }),
});
export type NodeStatus = z.infer<typeof NodeStatus>;
