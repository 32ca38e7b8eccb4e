// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateConfigMap(Update) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  fieldErrors,
  isConfigMapKey,
  nameIsDNSSubdomain,
  field,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';

/** Largest total size of a ConfigMap's data and binaryData (core.MaxSecretSize). */
export const maxConfigMapSize = 1024 * 1024;

/** Configuration data for pods to consume. */
export const ConfigMap = struct(coreV1('ConfigMap', 'Configuration data for pods to consume.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  immutable: field(4, types.bool(), { description: 'When true, data and binaryData cannot be changed, only the object deleted.', pointer: true }),
  data: field(2, types.map(types.string()), { description: 'UTF-8 configuration data; keys are alphanumerics, "-", "_" or ".".' }),
  binaryData: field(3, types.map(types.bytes()), { description: 'Binary configuration data; keys must not repeat those of data.' }),
});
export type ConfigMap = z.infer<typeof ConfigMap>;

function validateConfigMap(cm: ConfigMap): FieldError[] {
  const errs = validateObjectMeta(cm.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  let total = 0;
  const dataPath = FieldPath.of('data');
  for (const [key, value] of Object.entries(cm.data ?? {})) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(dataPath.key(key), key, msg));
    if (cm.binaryData && Object.prototype.hasOwnProperty.call(cm.binaryData, key)) {
      errs.push(fieldErrors.invalid(dataPath.key(key), key, 'duplicate of key present in binaryData'));
    }
    total += Buffer.byteLength(value, 'utf8');
  }
  const binPath = FieldPath.of('binaryData');
  for (const [key, value] of Object.entries(cm.binaryData ?? {})) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(binPath.key(key), key, msg));
    total += Buffer.from(value, 'base64').length;
  }
  if (total > maxConfigMapSize) errs.push(fieldErrors.tooLong('[]', '', maxConfigMapSize));
  return errs;
}

const immutableMsg = 'field is immutable when `immutable` is set';

function sameRecord(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => (a ?? {})[k] === (b ?? {})[k]);
}

export const configMapKind = defineKind<ConfigMap>({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  namespaced: true,
  schema: ConfigMap,
  proto: protoMessageOf(ConfigMap),
  description: 'ConfigMap holds configuration data for pods to consume.',
  validate: validateConfigMap,
  validateUpdate(cm, old) {
    const errs = validateObjectMetaUpdate(cm.metadata ?? {}, old.metadata ?? {});
    if (old.immutable === true) {
      if (cm.immutable !== true) errs.push(fieldErrors.forbidden('immutable', immutableMsg));
      if (!sameRecord(cm.data, old.data)) errs.push(fieldErrors.forbidden('data', immutableMsg));
      if (!sameRecord(cm.binaryData, old.binaryData)) errs.push(fieldErrors.forbidden('binaryData', immutableMsg));
    }
    return [...errs, ...validateConfigMap(cm)];
  },
});
