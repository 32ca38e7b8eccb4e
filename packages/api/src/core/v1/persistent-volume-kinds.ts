// The PersistentVolume (pv) and PersistentVolumeClaim (pvc) kinds: their declarations, with the
// defaults and validation of persistent-volume-validation.ts (v1.33).
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { PersistentVolume } from './persistent-volume.ts';
import { PersistentVolumeClaim } from './persistent-volume-claim.ts';
import {
  defaultPersistentVolume,
  defaultPersistentVolumeClaim,
  validatePersistentVolume,
  validatePersistentVolumeClaim,
  validatePersistentVolumeClaimUpdate,
  validatePersistentVolumeUpdate,
} from './persistent-volume-validation.ts';

/** persistentvolumes (pv), cluster-scoped. */
export const persistentVolumeKind = defineKind<PersistentVolume>({
  group: '',
  version: 'v1',
  kind: 'PersistentVolume',
  resource: 'persistentvolumes',
  singular: 'persistentvolume',
  shortNames: ['pv'],
  namespaced: false,
  schema: PersistentVolume,
  proto: protoMessageOf(PersistentVolume),
  description: 'A piece of storage in the cluster, provisioned by an administrator or a StorageClass.',
  defaults: defaultPersistentVolume,
  validate: validatePersistentVolume,
  validateUpdate: validatePersistentVolumeUpdate,
});

/** persistentvolumeclaims (pvc). */
export const persistentVolumeClaimKind = defineKind<PersistentVolumeClaim>({
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  resource: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  shortNames: ['pvc'],
  namespaced: true,
  schema: PersistentVolumeClaim,
  proto: protoMessageOf(PersistentVolumeClaim),
  description: "A user's request for, and claim to, a persistent volume.",
  defaults: defaultPersistentVolumeClaim,
  validate: validatePersistentVolumeClaim,
  validateUpdate: validatePersistentVolumeClaimUpdate,
});
