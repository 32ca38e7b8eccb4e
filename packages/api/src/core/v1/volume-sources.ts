// The volume sources backed by a node path, a network or a storage system, as declared in
// k8s.io/api core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { LocalObjectReference } from './references.ts';

/** A path on the node mapped into the pod. */
export const HostPathVolumeSource = struct(coreV1('HostPathVolumeSource', 'A path on the node mapped into the pod.'), {
  path: field(1, types.string(), { description: 'The path on the node; symlinks are followed.', required: true, default: '' }),
  type: field(2, types.string(), { description: 'What must exist at the path (Directory, File, Socket…); no check when empty.', pointer: true }),
});
export type HostPathVolumeSource = z.infer<typeof HostPathVolumeSource>;

/** An empty directory created for the pod. */
export const EmptyDirVolumeSource = struct(coreV1('EmptyDirVolumeSource', 'An empty directory created for the pod.'), {
  medium: field(1, types.string(), { description: 'The backing storage: "" for the node\'s default medium, or Memory.' }),
  sizeLimit: field(2, types.quantity(), { description: 'The most local storage the volume may use.', pointer: true }),
});
export type EmptyDirVolumeSource = z.infer<typeof EmptyDirVolumeSource>;

/** A Google Compute Engine persistent disk. */
export const GCEPersistentDiskVolumeSource = struct(coreV1('GCEPersistentDiskVolumeSource', 'A Google Compute Engine persistent disk.'), {
  pdName: field(1, types.string(), { description: 'Name of the disk in GCE.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  partition: field(3, types.int32(), { description: 'The partition to mount; the whole disk when 0.' }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type GCEPersistentDiskVolumeSource = z.infer<typeof GCEPersistentDiskVolumeSource>;

/** An AWS Elastic Block Store disk. */
export const AWSElasticBlockStoreVolumeSource = struct(coreV1('AWSElasticBlockStoreVolumeSource', 'An AWS Elastic Block Store disk.'), {
  volumeID: field(1, types.string(), { description: 'The identifier of the volume in its storage system.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  partition: field(3, types.int32(), { description: 'The partition to mount; the whole disk when 0.' }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type AWSElasticBlockStoreVolumeSource = z.infer<typeof AWSElasticBlockStoreVolumeSource>;

/** A volume holding a clone of a git repository. */
export const GitRepoVolumeSource = struct(coreV1('GitRepoVolumeSource', 'A volume holding a clone of a git repository.'), {
  repository: field(1, types.string(), { description: 'URL of the repository.', required: true, default: '' }),
  revision: field(2, types.string(), { description: 'The commit to check out.' }),
  directory: field(3, types.string(), { description: 'The directory to clone into; "." clones into the volume root.' }),
});
export type GitRepoVolumeSource = z.infer<typeof GitRepoVolumeSource>;

/** An NFS export mounted for the pod's lifetime. */
export const NFSVolumeSource = struct(coreV1('NFSVolumeSource', "An NFS export mounted for the pod's lifetime."), {
  server: field(1, types.string(), { description: 'Hostname or IP address of the NFS server.', required: true, default: '' }),
  path: field(2, types.string(), { description: 'The exported path.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type NFSVolumeSource = z.infer<typeof NFSVolumeSource>;

/** An iSCSI disk attached to the node and mounted into the pod. */
export const ISCSIVolumeSource = struct(coreV1('ISCSIVolumeSource', 'An iSCSI disk attached to the node and mounted into the pod.'), {
  targetPortal: field(1, types.string(), { description: 'The target portal, an IP or ip:port (3260 by default).', required: true, default: '' }),
  iqn: field(2, types.string(), { description: "The target's iSCSI qualified name.", required: true, default: '' }),
  lun: field(3, types.int32(), { description: "The target's LUN.", required: true, default: 0 }),
  iscsiInterface: field(4, types.string(), { description: 'The iSCSI interface; "default" (tcp) by default.', default: 'default' }),
  fsType: field(5, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  readOnly: field(6, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  portals: field(7, types.list(types.string()), { description: 'More target portals.', listType: 'atomic' }),
  chapAuthDiscovery: field(8, types.bool(), { description: 'Use CHAP authentication for discovery.' }),
  chapAuthSession: field(11, types.bool(), { description: 'Use CHAP authentication for sessions.' }),
  secretRef: field(10, LocalObjectReference, { description: 'The CHAP secret.', pointer: true }),
  initiatorName: field(12, types.string(), { description: 'A custom initiator name; a new interface <portal>:<volume> is created.', pointer: true }),
});
export type ISCSIVolumeSource = z.infer<typeof ISCSIVolumeSource>;

/** A GlusterFS volume mounted for the pod's lifetime. */
export const GlusterfsVolumeSource = struct(coreV1('GlusterfsVolumeSource', "A GlusterFS volume mounted for the pod's lifetime."), {
  endpoints: field(1, types.string(), { description: 'Name of the endpoints object describing the Gluster cluster.', required: true, default: '' }),
  path: field(2, types.string(), { description: 'The Gluster volume path.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type GlusterfsVolumeSource = z.infer<typeof GlusterfsVolumeSource>;

/** A reference to a persistent volume claim in the pod's namespace. */
export const PersistentVolumeClaimVolumeSource = struct(coreV1('PersistentVolumeClaimVolumeSource', "A reference to a persistent volume claim in the pod's namespace."), {
  claimName: field(1, types.string(), { description: 'Name of the claim.', required: true, default: '' }),
  readOnly: field(2, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type PersistentVolumeClaimVolumeSource = z.infer<typeof PersistentVolumeClaimVolumeSource>;

/** A Ceph RADOS block device mounted for the pod's lifetime. */
export const RBDVolumeSource = struct(coreV1('RBDVolumeSource', "A Ceph RADOS block device mounted for the pod's lifetime."), {
  monitors: field(1, types.list(types.string()), { description: 'The Ceph monitors.', required: true, listType: 'atomic' }),
  image: field(2, types.string(), { description: 'The RADOS image name.', required: true, default: '' }),
  fsType: field(3, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  pool: field(4, types.string(), { description: 'The RADOS pool; rbd by default.', default: 'rbd' }),
  user: field(5, types.string(), { description: 'The RADOS user; admin by default.', default: 'admin' }),
  keyring: field(6, types.string(), { description: "Path of the user's keyring; /etc/ceph/keyring by default.", default: '/etc/ceph/keyring' }),
  secretRef: field(7, LocalObjectReference, { description: "The user's secret; overrides keyring.", pointer: true }),
  readOnly: field(8, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type RBDVolumeSource = z.infer<typeof RBDVolumeSource>;

/** A volume provided by an exec-based FlexVolume driver. */
export const FlexVolumeSource = struct(coreV1('FlexVolumeSource', 'A volume provided by an exec-based FlexVolume driver.'), {
  driver: field(1, types.string(), { description: 'Name of the driver.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  secretRef: field(3, LocalObjectReference, { description: "A secret in the pod's namespace holding the credentials for the volume.", pointer: true }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  options: field(5, types.map(types.string()), { description: 'Extra options for the driver.' }),
});
export type FlexVolumeSource = z.infer<typeof FlexVolumeSource>;

/** An OpenStack Cinder volume. */
export const CinderVolumeSource = struct(coreV1('CinderVolumeSource', 'An OpenStack Cinder volume.'), {
  volumeID: field(1, types.string(), { description: 'The identifier of the volume in its storage system.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  secretRef: field(4, LocalObjectReference, { description: 'Parameters for connecting to OpenStack.', pointer: true }),
});
export type CinderVolumeSource = z.infer<typeof CinderVolumeSource>;

/** A CephFS mount for the pod's lifetime. */
export const CephFSVolumeSource = struct(coreV1('CephFSVolumeSource', "A CephFS mount for the pod's lifetime."), {
  monitors: field(1, types.list(types.string()), { description: 'The Ceph monitors.', required: true, listType: 'atomic' }),
  path: field(2, types.string(), { description: 'The root to mount; / by default.' }),
  user: field(3, types.string(), { description: 'The RADOS user; admin by default.' }),
  secretFile: field(4, types.string(), { description: "Path of the user's key ring; /etc/ceph/user.secret by default." }),
  secretRef: field(5, LocalObjectReference, { description: "A secret in the pod's namespace holding the credentials for the volume.", pointer: true }),
  readOnly: field(6, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type CephFSVolumeSource = z.infer<typeof CephFSVolumeSource>;

/** A Flocker dataset; set exactly one of datasetName and datasetUUID. */
export const FlockerVolumeSource = struct(coreV1('FlockerVolumeSource', 'A Flocker dataset; set exactly one of datasetName and datasetUUID.'), {
  datasetName: field(1, types.string(), { description: 'Name of the dataset.' }),
  datasetUUID: field(2, types.string(), { description: 'UUID of the dataset.' }),
});
export type FlockerVolumeSource = z.infer<typeof FlockerVolumeSource>;

/** A Fibre Channel disk. */
export const FCVolumeSource = struct(coreV1('FCVolumeSource', 'A Fibre Channel disk.'), {
  targetWWNs: field(1, types.list(types.string()), { description: 'The target worldwide names.', listType: 'atomic' }),
  lun: field(2, types.int32(), { description: 'The target LUN.', pointer: true }),
  fsType: field(3, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  wwids: field(5, types.list(types.string()), { description: "The volume's worldwide identifiers; set these or targetWWNs with lun.", listType: 'atomic' }),
});
export type FCVolumeSource = z.infer<typeof FCVolumeSource>;

/** An Azure File share mounted into the pod. */
export const AzureFileVolumeSource = struct(coreV1('AzureFileVolumeSource', 'An Azure File share mounted into the pod.'), {
  secretName: field(1, types.string(), { description: 'The secret with the storage account name and key.', required: true, default: '' }),
  shareName: field(2, types.string(), { description: 'The share.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type AzureFileVolumeSource = z.infer<typeof AzureFileVolumeSource>;

/** A vSphere disk. */
export const VsphereVirtualDiskVolumeSource = struct(coreV1('VsphereVirtualDiskVolumeSource', 'A vSphere disk.'), {
  volumePath: field(1, types.string(), { description: 'The path of the VMDK.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  storagePolicyName: field(3, types.string(), { description: 'The storage policy (SPBM) profile name.' }),
  storagePolicyID: field(4, types.string(), { description: 'The storage policy (SPBM) profile ID.' }),
});
export type VsphereVirtualDiskVolumeSource = z.infer<typeof VsphereVirtualDiskVolumeSource>;

/** A Quobyte volume mounted for the pod's lifetime. */
export const QuobyteVolumeSource = struct(coreV1('QuobyteVolumeSource', "A Quobyte volume mounted for the pod's lifetime."), {
  registry: field(1, types.string(), { description: 'The Quobyte registries, host:port separated by commas.', required: true, default: '' }),
  volume: field(2, types.string(), { description: 'The volume name.', required: true, default: '' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  user: field(4, types.string(), { description: 'The user volume access maps to.' }),
  group: field(5, types.string(), { description: 'The group volume access maps to.' }),
  tenant: field(6, types.string(), { description: 'The tenant owning the volume.' }),
});
export type QuobyteVolumeSource = z.infer<typeof QuobyteVolumeSource>;

/** An Azure data disk. */
export const AzureDiskVolumeSource = struct(coreV1('AzureDiskVolumeSource', 'An Azure data disk.'), {
  diskName: field(1, types.string(), { description: 'The data disk name.', required: true, default: '' }),
  diskURI: field(2, types.string(), { description: 'The data disk URI.', required: true, default: '' }),
  cachingMode: field(3, types.string(), { description: 'Host caching: None, ReadOnly or ReadWrite.', pointer: true, default: 'ReadWrite' }),
  fsType: field(4, types.string(), {
    description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.',
    pointer: true,
    default: 'ext4',
  }),
  readOnly: field(5, types.bool(), { description: 'When true, the volume is mounted read-only.', pointer: true, default: false }),
  kind: field(6, types.string(), { description: 'Disk kind: Shared, Dedicated or Managed.', pointer: true, default: 'Shared' }),
});
export type AzureDiskVolumeSource = z.infer<typeof AzureDiskVolumeSource>;

/** A Photon Controller persistent disk. */
export const PhotonPersistentDiskVolumeSource = struct(coreV1('PhotonPersistentDiskVolumeSource', 'A Photon Controller persistent disk.'), {
  pdID: field(1, types.string(), { description: 'ID of the disk.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
});
export type PhotonPersistentDiskVolumeSource = z.infer<typeof PhotonPersistentDiskVolumeSource>;

/** A Portworx volume. */
export const PortworxVolumeSource = struct(coreV1('PortworxVolumeSource', 'A Portworx volume.'), {
  volumeID: field(1, types.string(), { description: 'The identifier of the volume in its storage system.', required: true, default: '' }),
  fsType: field(2, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  readOnly: field(3, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type PortworxVolumeSource = z.infer<typeof PortworxVolumeSource>;

/** A ScaleIO persistent volume. */
export const ScaleIOVolumeSource = struct(coreV1('ScaleIOVolumeSource', 'A ScaleIO persistent volume.'), {
  gateway: field(1, types.string(), { description: 'Address of the ScaleIO API gateway.', required: true, default: '' }),
  system: field(2, types.string(), { description: 'Name of the storage system.', required: true, default: '' }),
  secretRef: field(3, LocalObjectReference, { description: "The secret with the ScaleIO user's credentials.", pointer: true, required: true }),
  sslEnabled: field(4, types.bool(), { description: 'Use SSL to talk to the gateway.' }),
  protectionDomain: field(5, types.string(), { description: 'The protection domain of the storage.' }),
  storagePool: field(6, types.string(), { description: 'The storage pool of the protection domain.' }),
  storageMode: field(7, types.string(), { description: 'ThickProvisioned or ThinProvisioned (default).', default: 'ThinProvisioned' }),
  volumeName: field(8, types.string(), { description: 'Name of an existing volume.' }),
  fsType: field(9, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.', default: 'xfs' }),
  readOnly: field(10, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
});
export type ScaleIOVolumeSource = z.infer<typeof ScaleIOVolumeSource>;

/** A StorageOS volume. */
export const StorageOSVolumeSource = struct(coreV1('StorageOSVolumeSource', 'A StorageOS volume.'), {
  volumeName: field(1, types.string(), { description: "The volume's name within its namespace." }),
  volumeNamespace: field(2, types.string(), { description: "The StorageOS namespace; the pod's namespace by default." }),
  fsType: field(3, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.' }),
  readOnly: field(4, types.bool(), { description: 'When true, the volume is mounted read-only.' }),
  secretRef: field(5, LocalObjectReference, { description: 'The secret with the StorageOS API credentials.', pointer: true }),
});
export type StorageOSVolumeSource = z.infer<typeof StorageOSVolumeSource>;

/** An inline ephemeral volume of a CSI driver. */
export const CSIVolumeSource = struct(coreV1('CSIVolumeSource', 'An inline ephemeral volume of a CSI driver.'), {
  driver: field(1, types.string(), { description: 'Name of the CSI driver.', required: true, default: '' }),
  readOnly: field(2, types.bool(), { description: 'When true, the volume is mounted read-only.', pointer: true }),
  fsType: field(3, types.string(), { description: 'The filesystem to mount the volume as, e.g. ext4 or xfs; ext4 when unset.', pointer: true }),
  volumeAttributes: field(4, types.map(types.string()), { description: 'Driver-specific attributes.' }),
  nodePublishSecretRef: field(5, LocalObjectReference, { description: "The secret passed to the driver's NodePublishVolume calls.", pointer: true }),
});
export type CSIVolumeSource = z.infer<typeof CSIVolumeSource>;

/** An OCI image or artifact mounted as a volume. */
export const ImageVolumeSource = struct(coreV1('ImageVolumeSource', 'An OCI image or artifact mounted as a volume.'), {
  reference: field(1, types.string(), { description: 'The image or artifact reference.' }),
  pullPolicy: field(2, types.string(), { description: 'Always, Never or IfNotPresent; Always for :latest, else IfNotPresent.' }),
});
export type ImageVolumeSource = z.infer<typeof ImageVolumeSource>;
