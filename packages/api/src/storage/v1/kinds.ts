// Behaviour of k8s.io/kubernetes pkg/registry/storage/{storageclass,volumeattachment,csidriver,
// csinode,csistoragecapacity}/strategy.go (v1.33): the declarations of storage.k8s.io/v1.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment, storageGroupName } from './types.ts';
import {
  defaultCSIDriver,
  defaultStorageClass,
  validateCSIDriver,
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

export const storageClassKind = defineKind<StorageClass>({
  group: storageGroupName,
  version: 'v1',
  kind: 'StorageClass',
  resource: 'storageclasses',
  singular: 'storageclass',
  shortNames: ['sc'],
  namespaced: false,
  schema: StorageClass,
  proto: protoMessageOf(StorageClass),
  description: 'A class of storage dynamically provisioned persistent volumes are made of.',
  defaults: (sc) => defaultStorageClass(sc),
  validate: (sc) => validateStorageClass(sc),
  validateUpdate: (sc, old) => validateStorageClassUpdate(sc, old),
});

export const volumeAttachmentKind = defineKind<VolumeAttachment>({
  group: storageGroupName,
  version: 'v1',
  kind: 'VolumeAttachment',
  resource: 'volumeattachments',
  singular: 'volumeattachment',
  namespaced: false,
  schema: VolumeAttachment,
  proto: protoMessageOf(VolumeAttachment),
  description: 'The intent to attach or detach a volume to or from a node.',
  validate: (va) => validateVolumeAttachment(va),
  validateUpdate: (va, old) => validateVolumeAttachmentUpdate(va, old),
});

export const csiDriverKind = defineKind<CSIDriver>({
  group: storageGroupName,
  version: 'v1',
  kind: 'CSIDriver',
  resource: 'csidrivers',
  singular: 'csidriver',
  namespaced: false,
  schema: CSIDriver,
  proto: protoMessageOf(CSIDriver),
  description: 'Information about a Container Storage Interface (CSI) volume driver deployed on the cluster.',
  defaults: (d) => defaultCSIDriver(d),
  validate: (d) => validateCSIDriver(d),
  validateUpdate: (d, old) => validateCSIDriverUpdate(d, old),
});

export const csiNodeKind = defineKind<CSINode>({
  group: storageGroupName,
  version: 'v1',
  kind: 'CSINode',
  resource: 'csinodes',
  singular: 'csinode',
  namespaced: false,
  schema: CSINode,
  proto: protoMessageOf(CSINode),
  description: 'The CSI drivers installed on a node.',
  validate: (n) => validateCSINode(n),
  validateUpdate: (n, old) => validateCSINodeUpdate(n, old),
});

export const csiStorageCapacityKind = defineKind<CSIStorageCapacity>({
  group: storageGroupName,
  version: 'v1',
  kind: 'CSIStorageCapacity',
  resource: 'csistoragecapacities',
  singular: 'csistoragecapacity',
  namespaced: true,
  schema: CSIStorageCapacity,
  proto: protoMessageOf(CSIStorageCapacity),
  description: 'The storage capacity available for a storage class in a topology segment.',
  validate: (c) => validateCSIStorageCapacity(c),
  validateUpdate: (c, old) => validateCSIStorageCapacityUpdate(c, old),
});
