// Volume sources that project API objects (secrets, config maps, downward API, tokens) into files,
// as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { embed } from './embed.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { ObjectFieldSelector, ResourceFieldSelector } from './env.ts';
import { LocalObjectReference } from './references.ts';

/** A key and the file path it is written to. */
export const KeyToPath = struct(coreV1('KeyToPath', 'A key and the file path it is written to.'), {
  key: field(1, types.string(), { description: 'The key to project.', required: true, default: '' }),
  path: field(2, types.string(), { description: 'The relative file path to write the key to; no "..".', required: true, default: '' }),
  mode: field(3, types.int32(), { description: 'Permission bits (0000–0777) of this file; defaultMode when unset.', pointer: true }),
});
export type KeyToPath = z.infer<typeof KeyToPath>;

/** A secret projected into a volume as files. */
export const SecretVolumeSource = struct(coreV1('SecretVolumeSource', 'A secret projected into a volume as files.'), {
  secretName: field(1, types.string(), { description: "Name of the secret in the pod's namespace." }),
  items: field(2, types.list(KeyToPath), {
    description: 'Which keys to project and the file paths to write them to; all keys when unset.',
    listType: 'atomic',
  }),
  defaultMode: field(3, types.int32(), { description: 'Default permission bits (0000–0777) of the created files.', pointer: true }),
  optional: field(4, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type SecretVolumeSource = z.infer<typeof SecretVolumeSource>;

/** A config map projected into a volume as files. */
export const ConfigMapVolumeSource = struct(coreV1('ConfigMapVolumeSource', 'A config map projected into a volume as files.'), {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  items: field(2, types.list(KeyToPath), {
    description: 'Which keys to project and the file paths to write them to; all keys when unset.',
    listType: 'atomic',
  }),
  defaultMode: field(3, types.int32(), { description: 'Default permission bits (0000–0777) of the created files.', pointer: true }),
  optional: field(4, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type ConfigMapVolumeSource = z.infer<typeof ConfigMapVolumeSource>;

/** A file holding one pod or container field. */
export const DownwardAPIVolumeFile = struct(coreV1('DownwardAPIVolumeFile', 'A file holding one pod or container field.'), {
  path: field(1, types.string(), { description: 'The relative file path; no "..".', required: true, default: '' }),
  fieldRef: field(2, ObjectFieldSelector, { description: 'The pod field: annotations, labels, name, namespace or uid.', pointer: true }),
  resourceFieldRef: field(3, ResourceFieldSelector, { description: 'A container resource limit or request.', pointer: true }),
  mode: field(4, types.int32(), { description: 'Permission bits (0000–0777) of this file; defaultMode when unset.', pointer: true }),
});
export type DownwardAPIVolumeFile = z.infer<typeof DownwardAPIVolumeFile>;

/** Pod fields projected into a volume as files. */
export const DownwardAPIVolumeSource = struct(coreV1('DownwardAPIVolumeSource', 'Pod fields projected into a volume as files.'), {
  items: field(1, types.list(DownwardAPIVolumeFile), { description: 'The files to create.', listType: 'atomic' }),
  defaultMode: field(2, types.int32(), { description: 'Default permission bits (0000–0777) of the created files.', pointer: true }),
});
export type DownwardAPIVolumeSource = z.infer<typeof DownwardAPIVolumeSource>;

/** A secret's keys projected into a projected volume. */
export const SecretProjection = struct(coreV1('SecretProjection', "A secret's keys projected into a projected volume."), {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  items: field(2, types.list(KeyToPath), {
    description: 'Which keys to project and the file paths to write them to; all keys when unset.',
    listType: 'atomic',
  }),
  optional: field(4, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type SecretProjection = z.infer<typeof SecretProjection>;

/** A config map's keys projected into a projected volume. */
export const ConfigMapProjection = struct(coreV1('ConfigMapProjection', "A config map's keys projected into a projected volume."), {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  items: field(2, types.list(KeyToPath), {
    description: 'Which keys to project and the file paths to write them to; all keys when unset.',
    listType: 'atomic',
  }),
  optional: field(4, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type ConfigMapProjection = z.infer<typeof ConfigMapProjection>;

/** Pod fields projected into a projected volume. */
export const DownwardAPIProjection = struct(coreV1('DownwardAPIProjection', 'Pod fields projected into a projected volume.'), {
  items: field(1, types.list(DownwardAPIVolumeFile), { description: 'The files to create.', listType: 'atomic' }),
});
export type DownwardAPIProjection = z.infer<typeof DownwardAPIProjection>;

/** A service account token written into a projected volume. */
export const ServiceAccountTokenProjection = struct(coreV1('ServiceAccountTokenProjection', 'A service account token written into a projected volume.'), {
  audience: field(1, types.string(), { description: "The audience the token is issued for; the API server's by default." }),
  expirationSeconds: field(2, types.int64(), {
    description: 'How long the token is valid; the kubelet refreshes it before it expires. 3600 by default.',
    pointer: true,
  }),
  path: field(3, types.string(), { description: 'The relative file path of the token.', required: true, default: '' }),
});
export type ServiceAccountTokenProjection = z.infer<typeof ServiceAccountTokenProjection>;

/** The certificates of ClusterTrustBundle objects written into a projected volume. */
export const ClusterTrustBundleProjection = struct(coreV1('ClusterTrustBundleProjection', 'The certificates of ClusterTrustBundle objects written into a projected volume.'), {
  name: field(1, types.string(), { description: 'Select a single bundle by name; excludes signerName and labelSelector.', pointer: true }),
  signerName: field(2, types.string(), { description: 'Select the bundles of this signer.', pointer: true }),
  labelSelector: field(3, LabelSelector, { description: 'Select bundles by label, together with signerName.', pointer: true }),
  optional: field(5, types.bool(), { description: 'When true, no match writes an empty file instead of failing.', pointer: true }),
  path: field(4, types.string(), { description: 'The relative file path of the bundle.', required: true, default: '' }),
});
export type ClusterTrustBundleProjection = z.infer<typeof ClusterTrustBundleProjection>;

/** One source of a projected volume; exactly one member is set. */
export const VolumeProjection = struct(coreV1('VolumeProjection', 'One source of a projected volume; exactly one member is set.'), {
  secret: field(1, SecretProjection, { description: "A secret's keys.", pointer: true }),
  downwardAPI: field(2, DownwardAPIProjection, { description: 'Pod fields.', pointer: true }),
  configMap: field(3, ConfigMapProjection, { description: "A config map's keys.", pointer: true }),
  serviceAccountToken: field(4, ServiceAccountTokenProjection, { description: 'A service account token.', pointer: true }),
  clusterTrustBundle: field(5, ClusterTrustBundleProjection, { description: 'The certificates of ClusterTrustBundle objects.', pointer: true }),
});
export type VolumeProjection = z.infer<typeof VolumeProjection>;

/** Several sources projected into one directory. */
export const ProjectedVolumeSource = struct(coreV1('ProjectedVolumeSource', 'Several sources projected into one directory.'), {
  sources: field(1, types.list(VolumeProjection), { description: 'The sources; each entry has one.', listType: 'atomic' }),
  defaultMode: field(2, types.int32(), { description: 'Default permission bits (0000–0777) of the created files.', pointer: true }),
});
export type ProjectedVolumeSource = z.infer<typeof ProjectedVolumeSource>;
