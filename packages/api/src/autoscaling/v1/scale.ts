// Behaviour of k8s.io/api autoscaling/v1 types.go Scale and k8s.io/kubernetes
// pkg/apis/autoscaling/validation ValidateScale (v1.33): the body of the `scale` subresource of
// Deployments, ReplicaSets, StatefulSets (and ReplicationControllers).
import type { z } from 'zod';
import { FieldPath, ObjectMeta, field, fieldErrors, nameIsDNSSubdomain, protoMessageOf, struct, types, validateObjectMeta } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { autoscalingV1 } from './names.ts';

export const ScaleSpec = struct(autoscalingV1('ScaleSpec', 'The desired scale of a resource.'), {
  replicas: field(1, types.int32(), { description: 'The desired number of instances.' }),
});

export const ScaleStatus = struct(autoscalingV1('ScaleStatus', 'The observed scale of a resource.'), {
  replicas: field(1, types.int32(), { description: 'The observed number of instances.', required: true }),
  selector: field(2, types.string(), { description: 'The label query over the pods counted in replicas, in the string form of a label selector.' }),
});

export const Scale = struct(autoscalingV1('Scale', 'The scaling request (and state) of a resource.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, ScaleSpec, { description: 'The desired scale of the resource.' }),
  status: field(3, ScaleStatus, { description: 'The current scale of the resource; read-only.' }),
});
export type Scale = z.infer<typeof Scale>;

/**
 * Scale as a kind: the body a client reads and writes at `<resource>/<name>/scale`. It is not a
 * resource of its own (`resource` is empty); the registry maps it onto the owning object.
 */
export const scaleKind = defineKind<Scale>({
  group: 'autoscaling',
  version: 'v1',
  kind: 'Scale',
  resource: '',
  singular: '',
  namespaced: true,
  schema: Scale,
  proto: protoMessageOf(Scale),
  description: 'The scaling request (and state) of a resource.',
  validate: (scale) => [
    ...validateObjectMeta(scale.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...((scale.spec?.replicas ?? 0) < 0
      ? [fieldErrors.invalid(FieldPath.of('spec', 'replicas'), scale.spec!.replicas, 'must be greater than or equal to 0')]
      : []),
  ],
});
