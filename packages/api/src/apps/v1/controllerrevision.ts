// Behaviour of k8s.io/api apps/v1 types.go (ControllerRevision) and k8s.io/kubernetes
// pkg/apis/apps/validation/validation.go ValidateControllerRevision(Update) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  fieldImmutableErrorMsg,
  nameIsDNSSubdomain,
  preserveUnknownFields,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { appsV1 } from './names.ts';
import { validateNonnegative } from '../../workloads/index.ts';

export const ControllerRevision = struct(
  appsV1('ControllerRevision', 'An immutable snapshot of state data that a controller (DaemonSet, StatefulSet) keeps for updates and rollbacks.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    // Any JSON object: its fields are the state's, never unknown fields of ControllerRevision.
    data: field(2, preserveUnknownFields(types.rawExtension()), { description: 'The serialized state; cannot be changed once created.' }),
    revision: field(3, types.int64(), { description: 'The revision of the state in data.', required: true }),
  },
);
export type ControllerRevision = z.infer<typeof ControllerRevision>;

/** ValidateControllerRevision: data is mandatory, revision non-negative. */
export function validateControllerRevision(cr: ControllerRevision): FieldError[] {
  const errs = validateObjectMeta(cr.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  if (cr.data === undefined) errs.push(fieldErrors.required(FieldPath.of('data'), 'data is mandatory'));
  errs.push(...validateNonnegative(cr.revision ?? 0, FieldPath.of('revision')));
  return errs;
}

export const controllerRevisionKind = defineKind<ControllerRevision>({
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
  resource: 'controllerrevisions',
  singular: 'controllerrevision',
  namespaced: true,
  schema: ControllerRevision,
  proto: protoMessageOf(ControllerRevision),
  description: 'An immutable snapshot of a controller\'s state, kept for updates and rollbacks.',
  validate: validateControllerRevision,
  validateUpdate: (cr, old) => {
    const errs = [...validateObjectMetaUpdate(cr.metadata ?? {}, old.metadata ?? {}), ...validateControllerRevision(cr)];
    // Upstream prints the runtime.Object with %#v; the data is given instead.
    if (JSON.stringify(cr.data ?? null) !== JSON.stringify(old.data ?? null)) errs.push(fieldErrors.invalid(FieldPath.of('data'), cr.data ?? 'null', fieldImmutableErrorMsg));
    return errs;
  },
});
