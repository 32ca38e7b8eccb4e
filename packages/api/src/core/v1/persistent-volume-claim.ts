// PersistentVolumeClaim and the ephemeral volumes made from claim templates, as declared in
// k8s.io/api core/v1/types.go and generated.proto (v0.33.13). The served kind (pvc) is declared in
// persistent-volume-kinds.ts, its defaults and validation in persistent-volume-validation.ts.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { TypedLocalObjectReference, TypedObjectReference } from './references.ts';

/** The storage resources a claim asks for. */
export const VolumeResourceRequirements = struct(coreV1('VolumeResourceRequirements', 'The storage resources a claim asks for.'), {
  limits: field(1, types.map(types.quantity()), { description: 'The most of each resource the volume may have.' }),
  requests: field(2, types.map(types.quantity()), { description: 'The least of each resource the volume must have.' }),
});
export type VolumeResourceRequirements = z.infer<typeof VolumeResourceRequirements>;

/** The desired properties of a persistent volume claim. */
export const PersistentVolumeClaimSpec = struct(coreV1('PersistentVolumeClaimSpec', 'The desired properties of a persistent volume claim.'), {
  accessModes: field(1, types.list(types.string()), { description: 'The access modes the volume must support.', listType: 'atomic' }),
  selector: field(4, LabelSelector, { description: 'A label query over the volumes to bind to.', pointer: true }),
  resources: field(2, VolumeResourceRequirements, { description: 'The minimum (and maximum) resources the volume must have.' }),
  volumeName: field(3, types.string(), { description: 'Name of the persistent volume to bind to.' }),
  storageClassName: field(5, types.string(), { description: 'The StorageClass the claim needs.', pointer: true }),
  volumeMode: field(6, types.string(), { description: 'Filesystem (default) or Block.', pointer: true }),
  dataSource: field(7, TypedLocalObjectReference, {
    description: 'An object to populate the volume from: a VolumeSnapshot or a PersistentVolumeClaim.',
    pointer: true,
  }),
  dataSourceRef: field(8, TypedObjectReference, {
    description: "An object to populate the volume from, which may be any populator's kind and lie in another namespace.",
    pointer: true,
  }),
  volumeAttributesClassName: field(9, types.string(), { description: 'The VolumeAttributesClass the volume uses.', pointer: true }),
});
export type PersistentVolumeClaimSpec = z.infer<typeof PersistentVolumeClaimSpec>;

/** A condition of a persistent volume claim. */
export const PersistentVolumeClaimCondition = struct(coreV1('PersistentVolumeClaimCondition', 'A condition of a persistent volume claim.'), {
  type: field(1, types.string(), { description: 'The condition type.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastProbeTime: field(3, types.time(), { description: 'When the condition was last probed.' }),
  lastTransitionTime: field(4, types.time(), { description: 'When the status last changed.' }),
  reason: field(5, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(6, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type PersistentVolumeClaimCondition = z.infer<typeof PersistentVolumeClaimCondition>;

/** The state of a volume modification. */
export const ModifyVolumeStatus = struct(coreV1('ModifyVolumeStatus', 'The state of a volume modification.'), {
  targetVolumeAttributesClassName: field(1, types.string(), { description: 'The VolumeAttributesClass being applied.' }),
  status: field(2, types.string(), { description: 'Pending, InProgress or Infeasible.', required: true, default: '' }),
});
export type ModifyVolumeStatus = z.infer<typeof ModifyVolumeStatus>;

/** The observed state of a persistent volume claim. */
export const PersistentVolumeClaimStatus = struct(coreV1('PersistentVolumeClaimStatus', 'The observed state of a persistent volume claim.'), {
  phase: field(1, types.string(), { description: 'Pending, Bound or Lost.' }),
  accessModes: field(2, types.list(types.string()), { description: 'The access modes the bound volume has.', listType: 'atomic' }),
  capacity: field(3, types.map(types.quantity()), { description: 'The resources of the bound volume.' }),
  conditions: field(4, types.list(PersistentVolumeClaimCondition), {
    description: "The claim's current conditions.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  allocatedResources: field(5, types.map(types.quantity()), {
    description: 'The resources allocated to the claim, which may exceed what it asks for during a resize.',
  }),
  allocatedResourceStatuses: field(7, types.map(types.string()), { description: "The state of each resource's resize.", mapType: 'granular' }),
  currentVolumeAttributesClassName: field(8, types.string(), { description: 'The VolumeAttributesClass the volume currently has.', pointer: true }),
  modifyVolumeStatus: field(9, ModifyVolumeStatus, { description: 'The state of a volume modification in progress.', pointer: true }),
});
export type PersistentVolumeClaimStatus = z.infer<typeof PersistentVolumeClaimStatus>;

/** A user's request for, and claim to, a persistent volume. */
export const PersistentVolumeClaim = struct(coreV1('PersistentVolumeClaim', "A user's request for, and claim to, a persistent volume.", true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, PersistentVolumeClaimSpec, { description: 'The desired properties of the volume.' }),
  status: field(3, PersistentVolumeClaimStatus, { description: 'The observed state of the claim. Read-only.' }),
});
export type PersistentVolumeClaim = z.infer<typeof PersistentVolumeClaim>;

/** The template of a persistent volume claim created for an ephemeral volume. */
export const PersistentVolumeClaimTemplate = struct(coreV1('PersistentVolumeClaimTemplate', 'The template of a persistent volume claim created for an ephemeral volume.'), {
  metadata: field(1, ObjectMeta, { description: 'Labels and annotations copied to the claim.' }),
  spec: field(2, PersistentVolumeClaimSpec, { description: 'The spec of the claim.', required: true }),
});
export type PersistentVolumeClaimTemplate = z.infer<typeof PersistentVolumeClaimTemplate>;

/** A volume provisioned from a claim template for the pod, and deleted with it. */
export const EphemeralVolumeSource = struct(coreV1('EphemeralVolumeSource', 'A volume provisioned from a claim template for the pod, and deleted with it.'), {
  volumeClaimTemplate: field(1, PersistentVolumeClaimTemplate, { description: 'The template of the claim created for the pod.', pointer: true }),
});
export type EphemeralVolumeSource = z.infer<typeof EphemeralVolumeSource>;
