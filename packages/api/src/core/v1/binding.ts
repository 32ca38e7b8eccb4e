// Behaviour of k8s.io/api core/v1 types.go + generated.proto (Binding) and k8s.io/kubernetes
// pkg/apis/core/validation/validation.go ValidatePodBinding (v1.33): the object a scheduler posts to
// bind a pod to a node (`bindings`, `pods/binding`).
import type { z } from 'zod';
import { FieldPath, ObjectMeta, field, fieldErrors, protoMessageOf, struct, type FieldError } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { ObjectReference } from './references.ts';

export const Binding = struct(coreV1('Binding', 'Binding ties one object to another; for example, a pod is bound to a node by a scheduler.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, {
    description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
  }),
  target: field(2, ObjectReference, { description: 'The target object that you want to bind to the standard object.', required: true }),
});
export type Binding = z.infer<typeof Binding>;

/**
 * ValidatePodBinding: the target is a Node (or of no kind) and has a name. The binding REST
 * answers these errors as a plain error (a 500 without a reason), not as a 422.
 */
export function validatePodBinding(binding: Binding): FieldError[] {
  const errs: FieldError[] = [];
  const kind = binding.target?.kind ?? '';
  if (kind !== '' && kind !== 'Node') errs.push(fieldErrors.notSupported(FieldPath.of('target', 'kind'), kind, ['Node', '<empty>']));
  if ((binding.target?.name ?? '') === '') errs.push(fieldErrors.required(FieldPath.of('target', 'name'), ''));
  return errs;
}

/** bindings: create only (kube's LegacyBindingREST); the same body is posted to `pods/<name>/binding`. */
export const bindingKind = defineKind<Binding>({
  group: '',
  version: 'v1',
  kind: 'Binding',
  resource: 'bindings',
  singular: 'binding',
  namespaced: true,
  schema: Binding,
  proto: protoMessageOf(Binding),
  description: 'Binding ties one object to another; for example, a pod is bound to a node by a scheduler.',
  // The binding REST checks the body itself (validatePodBinding); nothing is stored.
  validate: () => [],
});
