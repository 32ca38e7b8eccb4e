// storage.k8s.io/v1: StorageClass, VolumeAttachment, CSIDriver, CSINode, CSIStorageCapacity.
import type { KindDefinition } from '../../kind.ts';
import { csiDriverKind, csiNodeKind, csiStorageCapacityKind, storageClassKind, volumeAttachmentKind } from './kinds.ts';

export {
  CSIDriver,
  CSIDriverSpec,
  CSINode,
  CSINodeDriver,
  CSINodeSpec,
  CSIStorageCapacity,
  StorageClass,
  TokenRequest as StorageTokenRequest,
  TopologySelectorLabelRequirement,
  TopologySelectorTerm,
  VolumeAttachment,
  VolumeAttachmentSource,
  VolumeAttachmentSpec,
  VolumeAttachmentStatus,
  VolumeError,
  VolumeNodeResources,
  storageGroupName,
} from './types.ts';
export { csiDriverKind, csiNodeKind, csiStorageCapacityKind, storageClassKind, volumeAttachmentKind } from './kinds.ts';
export {
  defaultCSIDriver,
  defaultStorageClass,
  validateCSIDriver,
  validateCSIDriverName,
  validateCSIDriverUpdate,
  validateCSINode,
  validateCSINodeUpdate,
  validateCSIStorageCapacity,
  validateCSIStorageCapacityUpdate,
  validateStorageClass,
  validateStorageClassUpdate,
  validateVolumeAttachment,
  validateVolumeAttachmentUpdate,
} from './validation.ts';

/** The kinds of storage.k8s.io/v1 kapi serves. */
export const storageV1Kinds: readonly KindDefinition[] = [
  storageClassKind as KindDefinition,
  volumeAttachmentKind as KindDefinition,
  csiDriverKind as KindDefinition,
  csiNodeKind as KindDefinition,
  csiStorageCapacityKind as KindDefinition,
];
