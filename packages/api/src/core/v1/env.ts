// Container environment variables and the selectors they read from, as declared in k8s.io/api
// core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { embed } from './embed.ts';
import { LocalObjectReference } from './references.ts';

/** A field of an object, by API version and path. */
export const ObjectFieldSelector = struct({ ...coreV1('ObjectFieldSelector', 'A field of an object, by API version and path.'), mapType: 'atomic' }, {
  apiVersion: field(1, types.string(), { description: 'The API version the path is written against; v1 by default.' }),
  fieldPath: field(2, types.string(), { description: 'The path of the field.', required: true, default: '' }),
});
export type ObjectFieldSelector = z.infer<typeof ObjectFieldSelector>;

/** A container resource and the unit to expose it in. */
export const ResourceFieldSelector = struct({ ...coreV1('ResourceFieldSelector', 'A container resource and the unit to expose it in.'), mapType: 'atomic' }, {
  containerName: field(1, types.string(), { description: 'The container; required for volumes.' }),
  resource: field(2, types.string(), { description: 'The resource, e.g. limits.cpu or requests.memory.', required: true, default: '' }),
  divisor: field(3, types.quantity(), { description: 'The unit the value is divided by; 1 by default.' }),
});
export type ResourceFieldSelector = z.infer<typeof ResourceFieldSelector>;

/** A key of a config map. */
export const ConfigMapKeySelector = struct({ ...coreV1('ConfigMapKeySelector', 'A key of a config map.'), mapType: 'atomic' }, {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  key: field(2, types.string(), { description: 'The key.', required: true, default: '' }),
  optional: field(3, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type ConfigMapKeySelector = z.infer<typeof ConfigMapKeySelector>;

/** A key of a secret. */
export const SecretKeySelector = struct({ ...coreV1('SecretKeySelector', 'A key of a secret.'), mapType: 'atomic' }, {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  key: field(2, types.string(), { description: 'The key.', required: true, default: '' }),
  optional: field(3, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type SecretKeySelector = z.infer<typeof SecretKeySelector>;

/** Where an environment variable's value comes from; exactly one member is set. */
export const EnvVarSource = struct(coreV1('EnvVarSource', "Where an environment variable's value comes from; exactly one member is set."), {
  fieldRef: field(1, ObjectFieldSelector, { description: 'A field of the pod.', pointer: true }),
  resourceFieldRef: field(2, ResourceFieldSelector, { description: 'A resource limit or request of the container.', pointer: true }),
  configMapKeyRef: field(3, ConfigMapKeySelector, { description: 'A key of a config map.', pointer: true }),
  secretKeyRef: field(4, SecretKeySelector, { description: 'A key of a secret.', pointer: true }),
});
export type EnvVarSource = z.infer<typeof EnvVarSource>;

/** An environment variable of a container. */
export const EnvVar = struct(coreV1('EnvVar', 'An environment variable of a container.'), {
  name: field(1, types.string(), { description: "The variable's name.", required: true, default: '' }),
  value: field(2, types.string(), { description: 'The value; $(VAR) references expand. Empty by default.' }),
  valueFrom: field(3, EnvVarSource, { description: 'Where to read the value from, when value is empty.', pointer: true }),
});
export type EnvVar = z.infer<typeof EnvVar>;

/** A config map whose keys become environment variables. */
export const ConfigMapEnvSource = struct(coreV1('ConfigMapEnvSource', 'A config map whose keys become environment variables.'), {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  optional: field(2, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type ConfigMapEnvSource = z.infer<typeof ConfigMapEnvSource>;

/** A secret whose keys become environment variables. */
export const SecretEnvSource = struct(coreV1('SecretEnvSource', 'A secret whose keys become environment variables.'), {
  ...embed(1, 'localObjectReference', LocalObjectReference),
  optional: field(2, types.bool(), { description: 'When true, a missing object or key is not an error.', pointer: true }),
});
export type SecretEnvSource = z.infer<typeof SecretEnvSource>;

/** A source of a set of environment variables. */
export const EnvFromSource = struct(coreV1('EnvFromSource', 'A source of a set of environment variables.'), {
  prefix: field(1, types.string(), { description: 'A prefix added to every variable name.' }),
  configMapRef: field(2, ConfigMapEnvSource, { description: 'The config map to read.', pointer: true }),
  secretRef: field(3, SecretEnvSource, { description: 'The secret to read.', pointer: true }),
});
export type EnvFromSource = z.infer<typeof EnvFromSource>;
