// Pod and PodTemplateSpec, as declared in k8s.io/api core/v1/types.go and generated.proto
// (v0.33.13).
import type { z } from 'zod';
import { ObjectMeta, field, struct } from '@kapi/apimachinery';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { PodSpec } from './pod-spec.ts';
import { PodStatus } from './pod-status.ts';

/** The template pods are created from. */
export const PodTemplateSpec = struct(coreV1('PodTemplateSpec', 'The template pods are created from.'), {
  metadata: field(1, ObjectMeta, { description: 'Metadata of the pods.' }),
  spec: field(2, PodSpec, { description: 'The spec of the pods.' }),
});
export type PodTemplateSpec = z.infer<typeof PodTemplateSpec>;

/** A group of containers that run together on one node. */
export const Pod = struct(coreV1('Pod', 'A group of containers that run together on one node.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, PodSpec, { description: 'The desired behaviour of the pod.' }),
  status: field(3, PodStatus, { description: 'The most recently observed state of the pod. Read-only.' }),
});
export type Pod = z.infer<typeof Pod>;
