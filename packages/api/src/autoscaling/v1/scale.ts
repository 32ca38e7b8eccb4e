// Behaviour of k8s.io/api autoscaling/v1 types.go Scale (v1.33): the body of the `scale`
// subresource of Deployments, ReplicaSets, StatefulSets (and ReplicationControllers).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
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
