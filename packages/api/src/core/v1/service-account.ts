// ServiceAccount, as declared in k8s.io/api core/v1/types.go and generated.proto (v0.33.13),
// and its kind: ValidateServiceAccount(Update) of pkg/apis/core/validation/validation.go (v1.33).
import type { z } from 'zod';
import { ObjectMeta, field, nameIsDNSSubdomain, protoMessageOf, struct, types } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { validateCoreObjectMeta, validateCoreObjectMetaUpdate } from './validation-helpers.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { LocalObjectReference, ObjectReference } from './references.ts';

/** An identity for processes in pods, with the secrets it may use. */
export const ServiceAccount = struct(coreV1('ServiceAccount', 'An identity for processes in pods, with the secrets it may use.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  secrets: field(2, types.list(ObjectReference), {
    description: 'Secrets pods running as this account may use. Deprecated for auto-generated tokens.',
    patchStrategy: 'merge',
    patchMergeKey: 'name',
    listType: 'map',
    listMapKeys: ['name'],
  }),
  imagePullSecrets: field(3, types.list(LocalObjectReference), {
    description: 'Secrets for pulling images, added to pods that run as this account.',
    listType: 'atomic',
  }),
  automountServiceAccountToken: field(4, types.bool(), {
    description: 'Whether pods running as this account get an API token mounted; pods may override it.',
    pointer: true,
  }),
});
export type ServiceAccount = z.infer<typeof ServiceAccount>;

/** serviceaccounts (sa). */
export const serviceAccountKind = defineKind<ServiceAccount>({
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  schema: ServiceAccount,
  proto: protoMessageOf(ServiceAccount),
  description: 'An identity for processes in pods, with the secrets it may use.',
  validate: (sa) => validateCoreObjectMeta(sa.metadata, true, nameIsDNSSubdomain),
  validateUpdate: (sa, old) => [...validateCoreObjectMetaUpdate(sa.metadata, old.metadata), ...validateCoreObjectMeta(sa.metadata, true, nameIsDNSSubdomain)],
});
