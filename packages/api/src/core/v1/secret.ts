// Behaviour of k8s.io/kubernetes/pkg/apis/core/validation/validation.go ValidateSecret(Update),
// pkg/apis/core/v1/defaults.go SetDefaults_Secret and the v1 StringData conversion (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  isConfigMapKey,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';

/** core.MaxSecretSize: the largest total size of a Secret's data. */
export const maxSecretSize = 1024 * 1024;

/** Secret data of a certain type; the values of data total less than 1 MiB. */
export const Secret = struct(coreV1('Secret', 'Secret data of a certain type; the values of data total less than 1 MiB.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  immutable: field(5, types.bool(), { description: 'When true, data cannot be changed, only the object deleted.', pointer: true }),
  data: field(2, types.map(types.bytes()), { description: 'The secret data, base64-encoded in JSON; keys are alphanumerics, "-", "_" or ".".' }),
  stringData: field(4, types.map(types.string()), { description: 'Write-only convenience: string values merged into data on write.' }),
  type: field(3, types.string(), { description: 'Used to facilitate programmatic handling of the secret data (Opaque by default).' }),
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
  proto: protoMessageOf(Secret),
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
