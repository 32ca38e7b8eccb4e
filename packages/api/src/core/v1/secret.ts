// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateSecret(Update),
// pkg/apis/core/v1/defaults.go SetDefaults_Secret and the v1 StringData conversion (v1.33).
import { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  ObjectMetaProto,
  fieldErrors,
  isConfigMapKey,
  nameIsDNSSubdomain,
  protoField as f,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';

/** core.MaxSecretSize: the largest total size of a Secret's data. */
export const maxSecretSize = 1024 * 1024;

export const Secret = z.looseObject({
  apiVersion: z.string().optional(),
  kind: z.string().optional(),
  metadata: ObjectMeta.optional(),
  immutable: z.boolean().optional(),
  data: z.record(z.string(), z.string()).optional(),
  stringData: z.record(z.string(), z.string()).optional(),
  type: z.string().optional(),
});
export type Secret = z.infer<typeof Secret>;

/** Keys each secret type requires (k8s.io/api core/v1 types.go constants). */
const requiredKeys: Record<string, readonly string[]> = {
  'kubernetes.io/dockercfg': ['.dockercfg'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
  'kubernetes.io/ssh-auth': ['ssh-privatekey'],
  'kubernetes.io/tls': ['tls.crt', 'tls.key'],
};

function validateSecret(s: Secret): FieldError[] {
  const errs = validateObjectMeta(s.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  const dataPath = FieldPath.of('data');
  let total = 0;
  for (const [key, value] of Object.entries(s.data ?? {})) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(dataPath.key(key), key, msg));
    total += Buffer.from(value, 'base64').length;
  }
  if (total > maxSecretSize) errs.push(fieldErrors.tooLong(dataPath, '', maxSecretSize));
  const type = s.type ?? 'Opaque';
  const data = s.data ?? {};
  for (const key of requiredKeys[type] ?? []) {
    if (!(key in data)) errs.push(fieldErrors.required(dataPath.key(key), ''));
  }
  if (type === 'kubernetes.io/basic-auth' && !('username' in data) && !('password' in data)) {
    errs.push(fieldErrors.required(dataPath.key('username'), ''), fieldErrors.required(dataPath.key('password'), ''));
  }
  if (type === 'kubernetes.io/service-account-token' && !s.metadata?.annotations?.['kubernetes.io/service-account.name']) {
    errs.push(fieldErrors.required(FieldPath.of('metadata', 'annotations').key('kubernetes.io/service-account.name'), ''));
  }
  return errs;
}

const immutableMsg = 'field is immutable when `immutable` is set';

function sameData(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => (a ?? {})[k] === (b ?? {})[k]);
}

export const secretKind = defineKind<Secret>({
  group: '',
  version: 'v1',
  kind: 'Secret',
  resource: 'secrets',
  singular: 'secret',
  namespaced: true,
  schema: Secret,
  description: 'Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less than MaxSecretSize bytes.',
  proto: {
    name: 'k8s.io.api.core.v1.Secret',
    fields: [
      f('metadata', 1, ObjectMetaProto),
      f('data', 2, 'bytes', { map: true }),
      f('type', 3, 'string'),
      f('stringData', 4, 'string', { map: true }),
      f('immutable', 5, 'bool', { pointer: true }),
    ],
  },
  defaults(s) {
    // stringData is write-only: merged into data (winning over it), as the v1 conversion does.
    if (s.stringData) {
      const data = { ...(s.data ?? {}) };
      for (const [k, v] of Object.entries(s.stringData)) data[k] = Buffer.from(v, 'utf8').toString('base64');
      s.data = data;
      delete s.stringData;
    }
    if (!s.type) s.type = 'Opaque';
  },
  validate: validateSecret,
  validateUpdate(s, old) {
    const errs = validateObjectMetaUpdate(s.metadata ?? {}, old.metadata ?? {});
    if ((s.type ?? 'Opaque') !== (old.type ?? 'Opaque')) errs.push(fieldErrors.invalid('type', s.type ?? '', 'field is immutable'));
    if (old.immutable === true) {
      if (s.immutable !== true) errs.push(fieldErrors.forbidden('immutable', immutableMsg));
      if (!sameData(s.data, old.data)) errs.push(fieldErrors.forbidden('data', immutableMsg));
    }
    return [...errs, ...validateSecret(s)];
  },
});
