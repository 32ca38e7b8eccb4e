// The types of k8s.io/api storage/v1 types.go and generated.proto (v0.33): StorageClass,
// VolumeAttachment, CSIDriver, CSINode and CSIStorageCapacity with the structs they hold, plus the
// core/v1 TopologySelectorTerm only StorageClass uses.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { PersistentVolumeSpec } from '../../core/v1/persistent-volume.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';

export const storageGroupName = 'storage.k8s.io';

/** The names of a storage/v1 type; `kind` marks a top-level kind. */
function storageV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.storage.v1.${name}`,
    protoName: `k8s.io.api.storage.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: storageGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const TopologySelectorLabelRequirement = struct(coreV1('TopologySelectorLabelRequirement', 'A label key and the values, one of which the label must have.'), {
  key: field(1, types.string(), { description: 'The label key the selector applies to.', required: true, default: '' }),
  values: field(2, types.list(types.string()), { description: 'The values; one must match.', required: true, listType: 'atomic' }),
});
export type TopologySelectorLabelRequirement = z.infer<typeof TopologySelectorLabelRequirement>;

export const TopologySelectorTerm = struct({ ...coreV1('TopologySelectorTerm', 'A topology selector term: the AND of its label requirements; null or empty matches nothing.'), mapType: 'atomic' }, {
  matchLabelExpressions: field(1, types.list(TopologySelectorLabelRequirement), { description: 'The requirements by labels.', listType: 'atomic' }),
});
export type TopologySelectorTerm = z.infer<typeof TopologySelectorTerm>;

export const StorageClass = struct(storageV1('StorageClass', 'A class of storage dynamically provisioned persistent volumes are made of.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  provisioner: field(2, types.string(), { description: 'The volume plugin that provisions volumes of this class.', required: true, default: '' }),
  parameters: field(3, types.map(types.string()), { description: 'Parameters for the provisioner; at most 512, 256 KiB in total.' }),
  reclaimPolicy: field(4, types.string(), { description: 'What happens to provisioned volumes when released: Delete (the default) or Retain.', pointer: true }),
  mountOptions: field(5, types.list(types.string()), { description: 'Mount options of the provisioned volumes, e.g. ["ro", "soft"]; not validated.', listType: 'atomic' }),
  allowVolumeExpansion: field(6, types.bool(), { description: 'Whether the class allows volume expansion.', pointer: true }),
  volumeBindingMode: field(7, types.string(), { description: 'When claims are provisioned and bound: Immediate (the default) or WaitForFirstConsumer.', pointer: true }),
  allowedTopologies: field(8, types.list(TopologySelectorTerm), { description: 'The topologies volumes may be provisioned in; empty allows any.', listType: 'atomic' }),
});
export type StorageClass = z.infer<typeof StorageClass>;

export const VolumeAttachmentSource = struct(storageV1('VolumeAttachmentSource', 'The volume to attach: a persistent volume, or an inline volume spec; exactly one.'), {
  persistentVolumeName: field(1, types.string(), { description: 'The name of the persistent volume to attach.', pointer: true }),
  inlineVolumeSpec: field(2, PersistentVolumeSpec, { description: 'The spec of an inline volume of a pod, migrated to CSI.', pointer: true }),
});
export type VolumeAttachmentSource = z.infer<typeof VolumeAttachmentSource>;

export const VolumeAttachmentSpec = struct(storageV1('VolumeAttachmentSpec', 'The desired attach/detach behaviour.'), {
  attacher: field(1, types.string(), { description: 'The CSI driver name of the volume driver that must handle the request.', required: true, default: '' }),
  source: field(2, VolumeAttachmentSource, { description: 'The volume to attach.', required: true }),
  nodeName: field(3, types.string(), { description: 'The node the volume is attached to.', required: true, default: '' }),
});
export type VolumeAttachmentSpec = z.infer<typeof VolumeAttachmentSpec>;

export const VolumeError = struct(storageV1('VolumeError', 'An error met during a volume operation.'), {
  time: field(1, types.time(), { description: 'When the error was met.' }),
  message: field(2, types.string(), { description: 'The error, safe to log; may hold sensitive information otherwise.' }),
  errorCode: field(3, types.int32(), { description: 'A numeric gRPC code of the error (alpha, MutableCSINodeAllocatableCount).', pointer: true }),
});
export type VolumeError = z.infer<typeof VolumeError>;

export const VolumeAttachmentStatus = struct(storageV1('VolumeAttachmentStatus', 'The state of a volume attachment request.'), {
  attached: field(1, types.bool(), { description: 'Whether the volume is attached; set by the attacher.', required: true, default: false }),
  attachmentMetadata: field(2, types.map(types.string()), { description: 'What the attach operation returned, passed to later mounts.' }),
  attachError: field(3, VolumeError, { description: 'The last error of an attach operation, if any.', pointer: true }),
  detachError: field(4, VolumeError, { description: 'The last error of a detach operation, if any.', pointer: true }),
});
export type VolumeAttachmentStatus = z.infer<typeof VolumeAttachmentStatus>;

export const VolumeAttachment = struct(storageV1('VolumeAttachment', 'The intent to attach or detach a volume to or from a node. Cluster-scoped.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, VolumeAttachmentSpec, { description: 'The desired attach/detach behaviour; set by the system.', required: true }),
  status: field(3, VolumeAttachmentStatus, { description: 'The state of the attach/detach; set by the attacher.' }),
});
export type VolumeAttachment = z.infer<typeof VolumeAttachment>;

export const TokenRequest = struct(storageV1('TokenRequest', 'A service account token a CSI driver receives for an audience.'), {
  audience: field(1, types.string(), { description: 'The intended audience of the token; empty is the audience of the API server.', required: true, default: '' }),
  expirationSeconds: field(2, types.int64(), { description: 'How long the token is valid; like TokenRequestSpec.ExpirationSeconds.', pointer: true }),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

export const CSIDriverSpec = struct(storageV1('CSIDriverSpec', 'The specification of a CSIDriver.'), {
  attachRequired: field(1, types.bool(), { description: 'Whether the driver needs an attach operation (ControllerPublishVolume); immutable.', pointer: true }),
  podInfoOnMount: field(2, types.bool(), { description: 'Whether the driver needs pod information (name, namespace, UID, service account) on mount.', pointer: true }),
  volumeLifecycleModes: field(3, types.list(types.string()), { description: 'Persistent and/or Ephemeral; defaults to Persistent. Immutable.', listType: 'set' }),
  storageCapacity: field(4, types.bool(), { description: 'Whether the scheduler considers the storage capacity the driver reports.', pointer: true }),
  fsGroupPolicy: field(5, types.string(), { description: 'Whether the driver supports changing the ownership and permissions of a volume: ReadWriteOnceWithFSType, File or None.', pointer: true }),
  tokenRequests: field(6, types.list(TokenRequest), { description: 'Service account tokens the kubelet passes to the driver on NodePublishVolume.', listType: 'atomic' }),
  requiresRepublish: field(7, types.bool(), { description: 'Whether NodePublishVolume is called periodically to remount.', pointer: true }),
  seLinuxMount: field(8, types.bool(), { description: 'Whether the driver supports the "-o context" mount option.', pointer: true }),
  nodeAllocatableUpdatePeriodSeconds: field(9, types.int64(), {
    description: 'How often the allocatable volume count of CSINode is refreshed (alpha, MutableCSINodeAllocatableCount).',
    pointer: true,
  }),
});
export type CSIDriverSpec = z.infer<typeof CSIDriverSpec>;

export const CSIDriver = struct(storageV1('CSIDriver', 'Information about a Container Storage Interface (CSI) volume driver deployed on the cluster.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata; the name is the name of the driver.' }),
  spec: field(2, CSIDriverSpec, { description: 'The specification of the driver.', required: true }),
});
export type CSIDriver = z.infer<typeof CSIDriver>;

export const VolumeNodeResources = struct(storageV1('VolumeNodeResources', 'The limits on volumes of a node.'), {
  count: field(1, types.int32(), { description: 'The most unique volumes of the driver the node can use; unset is unbounded.', pointer: true }),
});
export type VolumeNodeResources = z.infer<typeof VolumeNodeResources>;

export const CSINodeDriver = struct(storageV1('CSINodeDriver', 'A CSI driver installed on a node.'), {
  name: field(1, types.string(), { description: 'The name of the driver, as in its CSIDriver object.', required: true, default: '' }),
  nodeID: field(2, types.string(), { description: 'The ID of the node from the driver\'s point of view.', required: true, default: '' }),
  topologyKeys: field(3, types.list(types.string()), { description: 'The topology keys the driver supports.', listType: 'atomic' }),
  allocatable: field(4, VolumeNodeResources, { description: 'The volume resources of the node available to the driver.', pointer: true }),
});
export type CSINodeDriver = z.infer<typeof CSINodeDriver>;

export const CSINodeSpec = struct(storageV1('CSINodeSpec', 'The CSI drivers of a node.'), {
  drivers: field(1, types.list(CSINodeDriver), {
    description: 'The CSI drivers on the node; empty when none is installed.',
    required: true,
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
});
export type CSINodeSpec = z.infer<typeof CSINodeSpec>;

export const CSINode = struct(storageV1('CSINode', 'The CSI drivers installed on a node; named after the node.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata; the name is the name of the node.' }),
  spec: field(2, CSINodeSpec, { description: 'The CSI drivers of the node.', required: true }),
});
export type CSINode = z.infer<typeof CSINode>;

export const CSIStorageCapacity = struct(storageV1('CSIStorageCapacity', 'The storage capacity available for a storage class in a topology segment.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata; usually generated names, owned by the driver deployment.' }),
  nodeTopology: field(2, LabelSelector, { description: 'The nodes that can reach the storage; unset reaches none.', pointer: true }),
  storageClassName: field(3, types.string(), { description: 'The storage class the capacity applies to.', required: true, default: '' }),
  capacity: field(4, types.quantity(), { description: 'The capacity GetCapacityResponse reported; unset means unknown.', pointer: true }),
  maximumVolumeSize: field(5, types.quantity(), { description: 'The largest volume that can be created, from GetCapacityResponse.', pointer: true }),
});
export type CSIStorageCapacity = z.infer<typeof CSIStorageCapacity>;
