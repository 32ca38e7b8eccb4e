// Volume and VolumeSource, as declared in k8s.io/api core/v1/types.go and generated.proto
// (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { embed } from './embed.ts';
import { EphemeralVolumeSource } from './persistent-volume-claim.ts';
import { ConfigMapVolumeSource, DownwardAPIVolumeSource, ProjectedVolumeSource, SecretVolumeSource } from './projected-volumes.ts';
import {
  AWSElasticBlockStoreVolumeSource,
  AzureDiskVolumeSource,
  AzureFileVolumeSource,
  CSIVolumeSource,
  CephFSVolumeSource,
  CinderVolumeSource,
  EmptyDirVolumeSource,
  FCVolumeSource,
  FlexVolumeSource,
  FlockerVolumeSource,
  GCEPersistentDiskVolumeSource,
  GitRepoVolumeSource,
  GlusterfsVolumeSource,
  HostPathVolumeSource,
  ISCSIVolumeSource,
  ImageVolumeSource,
  NFSVolumeSource,
  PersistentVolumeClaimVolumeSource,
  PhotonPersistentDiskVolumeSource,
  PortworxVolumeSource,
  QuobyteVolumeSource,
  RBDVolumeSource,
  ScaleIOVolumeSource,
  StorageOSVolumeSource,
  VsphereVirtualDiskVolumeSource,
} from './volume-sources.ts';

/** Where a volume's contents come from; exactly one member is set. */
export const VolumeSource = struct(coreV1('VolumeSource', "Where a volume's contents come from; exactly one member is set."), {
  hostPath: field(1, HostPathVolumeSource, { description: 'A file or directory of the node.', pointer: true }),
  emptyDir: field(2, EmptyDirVolumeSource, { description: 'A scratch directory that lives as long as the pod.', pointer: true }),
  gcePersistentDisk: field(3, GCEPersistentDiskVolumeSource, { description: 'A GCE persistent disk. Deprecated.', pointer: true }),
  awsElasticBlockStore: field(4, AWSElasticBlockStoreVolumeSource, { description: 'An AWS EBS disk. Deprecated.', pointer: true }),
  gitRepo: field(5, GitRepoVolumeSource, { description: 'A git repository cloned into the volume. Deprecated.', pointer: true }),
  secret: field(6, SecretVolumeSource, { description: 'The keys of a secret, as files.', pointer: true }),
  nfs: field(7, NFSVolumeSource, { description: 'An NFS export.', pointer: true }),
  iscsi: field(8, ISCSIVolumeSource, { description: 'An iSCSI disk.', pointer: true }),
  glusterfs: field(9, GlusterfsVolumeSource, { description: 'A GlusterFS mount. Deprecated.', pointer: true }),
  persistentVolumeClaim: field(10, PersistentVolumeClaimVolumeSource, { description: "A persistent volume claim in the pod's namespace.", pointer: true }),
  rbd: field(11, RBDVolumeSource, { description: 'A Ceph RADOS block device. Deprecated.', pointer: true }),
  flexVolume: field(12, FlexVolumeSource, { description: 'A volume provided by an exec-based FlexVolume plugin. Deprecated.', pointer: true }),
  cinder: field(13, CinderVolumeSource, { description: 'An OpenStack Cinder volume. Deprecated.', pointer: true }),
  cephfs: field(14, CephFSVolumeSource, { description: 'A CephFS mount. Deprecated.', pointer: true }),
  flocker: field(15, FlockerVolumeSource, { description: 'A Flocker volume. Deprecated.', pointer: true }),
  downwardAPI: field(16, DownwardAPIVolumeSource, { description: 'Fields of the pod, as files.', pointer: true }),
  fc: field(17, FCVolumeSource, { description: 'A Fibre Channel disk.', pointer: true }),
  azureFile: field(18, AzureFileVolumeSource, { description: 'An Azure File share. Deprecated.', pointer: true }),
  configMap: field(19, ConfigMapVolumeSource, { description: 'The keys of a config map, as files.', pointer: true }),
  vsphereVolume: field(20, VsphereVirtualDiskVolumeSource, { description: 'A vSphere disk. Deprecated.', pointer: true }),
  quobyte: field(21, QuobyteVolumeSource, { description: 'A Quobyte volume. Deprecated.', pointer: true }),
  azureDisk: field(22, AzureDiskVolumeSource, { description: 'An Azure data disk. Deprecated.', pointer: true }),
  photonPersistentDisk: field(23, PhotonPersistentDiskVolumeSource, { description: 'A Photon Controller disk. Deprecated.', pointer: true }),
  projected: field(26, ProjectedVolumeSource, { description: 'Secrets, config maps, downward API and tokens projected into one directory.', pointer: true }),
  portworxVolume: field(24, PortworxVolumeSource, { description: 'A Portworx volume. Deprecated.', pointer: true }),
  scaleIO: field(25, ScaleIOVolumeSource, { description: 'A ScaleIO volume. Deprecated.', pointer: true }),
  storageos: field(27, StorageOSVolumeSource, { description: 'A StorageOS volume. Deprecated.', pointer: true }),
  csi: field(28, CSIVolumeSource, { description: 'An inline ephemeral volume of a CSI driver.', pointer: true }),
  ephemeral: field(29, EphemeralVolumeSource, { description: 'A volume provisioned for the pod from a claim template and deleted with it.', pointer: true }),
  image: field(30, ImageVolumeSource, { description: 'An OCI image or artifact mounted read-only.', pointer: true }),
});
export type VolumeSource = z.infer<typeof VolumeSource>;

/** A named volume the containers of a pod can mount. */
export const Volume = struct(coreV1('Volume', 'A named volume the containers of a pod can mount.'), {
  name: field(1, types.string(), { description: 'Name of the volume, a DNS label unique within the pod.', required: true, default: '' }),
  ...embed(2, 'volumeSource', VolumeSource),
});
export type Volume = z.infer<typeof Volume>;
