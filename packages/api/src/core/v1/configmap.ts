// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateConfigMap(Update) (v1.33).
import { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  fieldErrors,
  isConfigMapKey,
  nameIsDNSSubdomain,
  ObjectMetaProto,
  protoField as f,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';

/** Largest total size of a ConfigMap's data and binaryData (core.MaxSecretSize). */
export const maxConfigMapSize = 1024 * 1024;

export const ConfigMap = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: ObjectMeta.optional(),
  immutable: z.boolean().optional(),
  data: z.record(z.string(), z.string()).optional(),
  binaryData: z.record(z.string(), z.string()).optional(),
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
  proto: {
    name: 'k8s.io.api.core.v1.ConfigMap',
    fields: [
      f('metadata', 1, ObjectMetaProto),
      f('data', 2, 'string', { map: true }),
      f('binaryData', 3, 'bytes', { map: true }),
      f('immutable', 4, 'bool', { pointer: true }),
    ],
  },
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
