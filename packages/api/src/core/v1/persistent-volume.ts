// PersistentVolume and the volume sources only persistent volumes use, as declared in k8s.io/api
// core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { NodeSelector } from './affinity.ts';
import { embed } from './embed.ts';
import { ObjectReference } from './references.ts';
import {
  AWSElasticBlockStoreVolumeSource,
  AzureDiskVolumeSource,
  FCVolumeSource,
  FlockerVolumeSource,
  GCEPersistentDiskVolumeSource,
  HostPathVolumeSource,
  NFSVolumeSource,
  PhotonPersistentDiskVolumeSource,
  PortworxVolumeSource,
  QuobyteVolumeSource,
  VsphereVirtualDiskVolumeSource,
} from './volume-sources.ts';

const fsType = (no: number) => field(no, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs.' });

/** A reference to a secret by name and namespace (the namespace of the claim when unset, for some sources). */
export const SecretReference = struct({ ...coreV1('SecretReference', 'A reference to a secret by name and namespace.'), mapType: 'atomic' }, {
  name: field(1, types.string(), { description: 'Name of the secret.' }),
  namespace: field(2, types.string(), { description: 'Namespace of the secret.' }),
});
export type SecretReference = z.infer<typeof SecretReference>;

/** A GlusterFS volume a persistent volume is backed by. */
export const GlusterfsPersistentVolumeSource = struct(coreV1('GlusterfsPersistentVolumeSource', 'A GlusterFS volume a persistent volume is backed by.'), {
  endpoints: field(1, types.string(), { description: 'Name of the Endpoints object holding the GlusterFS servers.', required: true, default: '' }),
  path: field(2, types.string(), { description: 'The GlusterFS volume path.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  endpointsNamespace: field(4, types.string(), { description: 'Namespace of the Endpoints object; the claim\'s namespace when unset.', pointer: true }),
});
export type GlusterfsPersistentVolumeSource = z.infer<typeof GlusterfsPersistentVolumeSource>;

/** A Ceph RADOS block device a persistent volume is backed by. */
export const RBDPersistentVolumeSource = struct(coreV1('RBDPersistentVolumeSource', 'A Ceph RADOS block device a persistent volume is backed by.'), {
  monitors: field(1, types.list(types.string()), { description: 'The Ceph monitors.', required: true, listType: 'atomic' }),
  image: field(2, types.string(), { description: 'The RADOS image name.', required: true, default: '' }),
  fsType: fsType(3),
  pool: field(4, types.string(), { description: 'The RADOS pool; rbd when unset.' }),
  user: field(5, types.string(), { description: 'The RADOS user; admin when unset.' }),
  keyring: field(6, types.string(), { description: 'Path to the keyring; /etc/ceph/keyring when unset.' }),
  secretRef: field(7, SecretReference, { description: 'The secret holding the RADOS user key.', pointer: true }),
  readOnly: field(8, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type RBDPersistentVolumeSource = z.infer<typeof RBDPersistentVolumeSource>;

/** An iSCSI disk a persistent volume is backed by. */
export const ISCSIPersistentVolumeSource = struct(coreV1('ISCSIPersistentVolumeSource', 'An iSCSI disk a persistent volume is backed by.'), {
  targetPortal: field(1, types.string(), { description: 'The target portal, an IP or ip:port (3260 by default).', required: true, default: '' }),
  iqn: field(2, types.string(), { description: "The target's iSCSI qualified name.", required: true, default: '' }),
  lun: field(3, types.int32(), { description: "The target's LUN.", required: true, default: 0 }),
  iscsiInterface: field(4, types.string(), { description: 'The iSCSI interface; default (tcp) when unset.' }),
  fsType: fsType(5),
  readOnly: field(6, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  portals: field(7, types.list(types.string()), { description: 'More target portals, for multipath.', listType: 'atomic' }),
  chapAuthDiscovery: field(8, types.bool(), { description: 'Whether iSCSI discovery CHAP authentication is used.' }),
  chapAuthSession: field(11, types.bool(), { description: 'Whether iSCSI session CHAP authentication is used.' }),
  secretRef: field(10, SecretReference, { description: 'The secret holding the CHAP credentials.', pointer: true }),
  initiatorName: field(12, types.string(), { description: 'A custom iSCSI initiator name.', pointer: true }),
});
export type ISCSIPersistentVolumeSource = z.infer<typeof ISCSIPersistentVolumeSource>;

/** An OpenStack Cinder volume a persistent volume is backed by. */
export const CinderPersistentVolumeSource = struct(coreV1('CinderPersistentVolumeSource', 'An OpenStack Cinder volume a persistent volume is backed by.'), {
  volumeID: field(1, types.string(), { description: 'The Cinder volume ID.', required: true, default: '' }),
  fsType: fsType(2),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  secretRef: field(4, SecretReference, { description: 'The secret holding the OpenStack parameters.', pointer: true }),
});
export type CinderPersistentVolumeSource = z.infer<typeof CinderPersistentVolumeSource>;

/** A CephFS mount a persistent volume is backed by. */
export const CephFSPersistentVolumeSource = struct(coreV1('CephFSPersistentVolumeSource', 'A CephFS mount a persistent volume is backed by.'), {
  monitors: field(1, types.list(types.string()), { description: 'The Ceph monitors.', required: true, listType: 'atomic' }),
  path: field(2, types.string(), { description: 'The mounted path; / when unset.' }),
  user: field(3, types.string(), { description: 'The RADOS user; admin when unset.' }),
  secretFile: field(4, types.string(), { description: 'Path to the key ring of the user.' }),
  secretRef: field(5, SecretReference, { description: 'The secret holding the user key.', pointer: true }),
  readOnly: field(6, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type CephFSPersistentVolumeSource = z.infer<typeof CephFSPersistentVolumeSource>;

/** A volume of an exec-based FlexVolume driver a persistent volume is backed by. */
export const FlexPersistentVolumeSource = struct(coreV1('FlexPersistentVolumeSource', 'A volume of an exec-based FlexVolume driver a persistent volume is backed by.'), {
  driver: field(1, types.string(), { description: 'Name of the driver.', required: true, default: '' }),
  fsType: fsType(2),
  secretRef: field(3, SecretReference, { description: 'The secret passed to the driver.', pointer: true }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  options: field(5, types.map(types.string()), { description: 'Extra options for the driver.' }),
});
export type FlexPersistentVolumeSource = z.infer<typeof FlexPersistentVolumeSource>;

/** An Azure File share a persistent volume is backed by. */
export const AzureFilePersistentVolumeSource = struct(coreV1('AzureFilePersistentVolumeSource', 'An Azure File share a persistent volume is backed by.'), {
  secretName: field(1, types.string(), { description: 'The secret holding the account name and key.', required: true, default: '' }),
  shareName: field(2, types.string(), { description: 'The share name.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  secretNamespace: field(4, types.string(), { description: "The secret's namespace; the pod's when unset.", pointer: true }),
});
export type AzureFilePersistentVolumeSource = z.infer<typeof AzureFilePersistentVolumeSource>;

/** A ScaleIO volume a persistent volume is backed by. */
export const ScaleIOPersistentVolumeSource = struct(coreV1('ScaleIOPersistentVolumeSource', 'A ScaleIO volume a persistent volume is backed by.'), {
  gateway: field(1, types.string(), { description: 'The ScaleIO API gateway.', required: true, default: '' }),
  system: field(2, types.string(), { description: 'The ScaleIO storage system.', required: true, default: '' }),
  secretRef: field(3, SecretReference, { description: 'The secret holding the ScaleIO credentials.', required: true, pointer: true }),
  sslEnabled: field(4, types.bool(), { description: 'Whether the gateway is reached over SSL.' }),
  protectionDomain: field(5, types.string(), { description: 'The ScaleIO protection domain.' }),
  storagePool: field(6, types.string(), { description: 'The ScaleIO storage pool.' }),
  storageMode: field(7, types.string(), { description: 'ThickProvisioned or ThinProvisioned (the default).' }),
  volumeName: field(8, types.string(), { description: 'Name of a volume that already exists in the system.' }),
  fsType: fsType(9),
  readOnly: field(10, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type ScaleIOPersistentVolumeSource = z.infer<typeof ScaleIOPersistentVolumeSource>;

/** A local disk, partition or directory of a node. */
export const LocalVolumeSource = struct(coreV1('LocalVolumeSource', 'A local disk, partition or directory of a node.'), {
  path: field(1, types.string(), { description: 'The full path to the volume on the node.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem of a block device; detected when unset.', pointer: true }),
});
export type LocalVolumeSource = z.infer<typeof LocalVolumeSource>;

/** A StorageOS volume a persistent volume is backed by. */
export const StorageOSPersistentVolumeSource = struct(coreV1('StorageOSPersistentVolumeSource', 'A StorageOS volume a persistent volume is backed by.'), {
  volumeName: field(1, types.string(), { description: 'The volume name within its namespace.' }),
  volumeNamespace: field(2, types.string(), { description: 'The StorageOS namespace; the pod\'s when unset.' }),
  fsType: fsType(3),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  secretRef: field(5, ObjectReference, { description: 'The secret holding the StorageOS API credentials.', pointer: true }),
});
export type StorageOSPersistentVolumeSource = z.infer<typeof StorageOSPersistentVolumeSource>;

/** A volume of an external CSI driver. */
export const CSIPersistentVolumeSource = struct(coreV1('CSIPersistentVolumeSource', 'A volume of an external CSI driver.'), {
  driver: field(1, types.string(), { description: 'Name of the CSI driver.', required: true, default: '' }),
  volumeHandle: field(2, types.string(), { description: 'The volume name the driver returned when it created the volume.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'The readOnly value passed to ControllerPublishVolumeRequest.' }),
  fsType: fsType(4),
  volumeAttributes: field(5, types.map(types.string()), { description: 'Attributes of the volume to publish.' }),
  controllerPublishSecretRef: field(6, SecretReference, { description: 'The secret passed to ControllerPublishVolume and ControllerUnpublishVolume.', pointer: true }),
  nodeStageSecretRef: field(7, SecretReference, { description: 'The secret passed to NodeStageVolume, NodeUnstageVolume.', pointer: true }),
  nodePublishSecretRef: field(8, SecretReference, { description: 'The secret passed to NodePublishVolume and NodeUnpublishVolume.', pointer: true }),
  controllerExpandSecretRef: field(9, SecretReference, { description: 'The secret passed to ControllerExpandVolume.', pointer: true }),
  nodeExpandSecretRef: field(10, SecretReference, { description: 'The secret passed to NodeExpandVolume.', pointer: true }),
});
export type CSIPersistentVolumeSource = z.infer<typeof CSIPersistentVolumeSource>;

/** Where a persistent volume's storage is; exactly one member is set. */
export const PersistentVolumeSource = struct(coreV1('PersistentVolumeSource', "Where a persistent volume's storage is; exactly one member is set."), {
  gcePersistentDisk: field(1, GCEPersistentDiskVolumeSource, { description: 'A GCE persistent disk. Deprecated.', pointer: true }),
  awsElasticBlockStore: field(2, AWSElasticBlockStoreVolumeSource, { description: 'An AWS EBS disk. Deprecated.', pointer: true }),
  hostPath: field(3, HostPathVolumeSource, { description: 'A directory of the node; for single-node testing only.', pointer: true }),
  glusterfs: field(4, GlusterfsPersistentVolumeSource, { description: 'A GlusterFS mount. Deprecated.', pointer: true }),
  nfs: field(5, NFSVolumeSource, { description: 'An NFS export.', pointer: true }),
  rbd: field(6, RBDPersistentVolumeSource, { description: 'A Ceph RADOS block device. Deprecated.', pointer: true }),
  iscsi: field(7, ISCSIPersistentVolumeSource, { description: 'An iSCSI disk.', pointer: true }),
  cinder: field(8, CinderPersistentVolumeSource, { description: 'An OpenStack Cinder volume. Deprecated.', pointer: true }),
  cephfs: field(9, CephFSPersistentVolumeSource, { description: 'A CephFS mount. Deprecated.', pointer: true }),
  fc: field(10, FCVolumeSource, { description: 'A Fibre Channel disk.', pointer: true }),
  flocker: field(11, FlockerVolumeSource, { description: 'A Flocker volume. Deprecated.', pointer: true }),
  flexVolume: field(12, FlexPersistentVolumeSource, { description: 'A volume of an exec-based FlexVolume plugin. Deprecated.', pointer: true }),
  azureFile: field(13, AzureFilePersistentVolumeSource, { description: 'An Azure File share. Deprecated.', pointer: true }),
  vsphereVolume: field(14, VsphereVirtualDiskVolumeSource, { description: 'A vSphere disk. Deprecated.', pointer: true }),
  quobyte: field(15, QuobyteVolumeSource, { description: 'A Quobyte volume. Deprecated.', pointer: true }),
  azureDisk: field(16, AzureDiskVolumeSource, { description: 'An Azure data disk. Deprecated.', pointer: true }),
  photonPersistentDisk: field(17, PhotonPersistentDiskVolumeSource, { description: 'A Photon Controller disk. Deprecated.', pointer: true }),
  portworxVolume: field(18, PortworxVolumeSource, { description: 'A Portworx volume. Deprecated.', pointer: true }),
  scaleIO: field(19, ScaleIOPersistentVolumeSource, { description: 'A ScaleIO volume. Deprecated.', pointer: true }),
  local: field(20, LocalVolumeSource, { description: 'A local disk of a node; needs node affinity.', pointer: true }),
  storageos: field(21, StorageOSPersistentVolumeSource, { description: 'A StorageOS volume. Deprecated.', pointer: true }),
  csi: field(22, CSIPersistentVolumeSource, { description: 'A volume of an external CSI driver.', pointer: true }),
});
export type PersistentVolumeSource = z.infer<typeof PersistentVolumeSource>;

/** The nodes a volume can be reached from. */
export const VolumeNodeAffinity = struct(coreV1('VolumeNodeAffinity', 'The nodes a volume can be reached from.'), {
  required: field(1, NodeSelector, { description: 'The nodes the volume can be reached from.', pointer: true }),
});
export type VolumeNodeAffinity = z.infer<typeof VolumeNodeAffinity>;

/** The properties of a persistent volume. */
export const PersistentVolumeSpec = struct(coreV1('PersistentVolumeSpec', 'The properties of a persistent volume.'), {
  capacity: field(1, types.map(types.quantity()), { description: "The volume's resources (storage)." }),
  ...embed(2, 'persistentVolumeSource', PersistentVolumeSource),
  accessModes: field(3, types.list(types.string()), { description: 'The ways the volume can be mounted.', listType: 'atomic' }),
  claimRef: field(4, ObjectReference, { description: 'The claim bound to the volume.', pointer: true, mapType: 'granular' }),
  persistentVolumeReclaimPolicy: field(5, types.string(), { description: 'What happens to the volume when its claim is released: Retain (the default), Delete or Recycle.' }),
  storageClassName: field(6, types.string(), { description: 'The StorageClass the volume belongs to; none when empty.' }),
  mountOptions: field(7, types.list(types.string()), { description: 'Mount options, not validated.', listType: 'atomic' }),
  volumeMode: field(8, types.string(), { description: 'Filesystem (the default) or Block.', pointer: true }),
  nodeAffinity: field(9, VolumeNodeAffinity, { description: 'The nodes the volume can be reached from.', pointer: true }),
  volumeAttributesClassName: field(10, types.string(), { description: 'The VolumeAttributesClass the volume belongs to.', pointer: true }),
});
export type PersistentVolumeSpec = z.infer<typeof PersistentVolumeSpec>;

/** The observed state of a persistent volume. */
export const PersistentVolumeStatus = struct(coreV1('PersistentVolumeStatus', 'The observed state of a persistent volume.'), {
  phase: field(1, types.string(), { description: 'Pending, Available, Bound, Released or Failed.' }),
  message: field(2, types.string(), { description: 'Why the volume is in this state, for people.' }),
  reason: field(3, types.string(), { description: 'Why the volume is in this state, in one CamelCase word.' }),
  lastPhaseTransitionTime: field(4, types.time(), { description: 'When the volume last moved to another phase.', pointer: true }),
});
export type PersistentVolumeStatus = z.infer<typeof PersistentVolumeStatus>;

/** A piece of storage in the cluster, provisioned by an administrator or a StorageClass. */
export const PersistentVolume = struct(coreV1('PersistentVolume', 'A piece of storage in the cluster, provisioned by an administrator or a StorageClass.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, PersistentVolumeSpec, { description: 'The properties of the volume, set by the administrator.' }),
  status: field(3, PersistentVolumeStatus, { description: 'The observed state of the volume. Read-only.' }),
});
export type PersistentVolume = z.infer<typeof PersistentVolume>;
