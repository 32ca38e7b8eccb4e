// Behaviour of k8s.io/api autoscaling/v1 types.go + generated.proto (v0.33.13) and k8s.io/kubernetes
// pkg/apis/autoscaling/v1/defaults.go (v1.33): the autoscaling/v1 HorizontalPodAutoscaler, served
// from the autoscaling/v2 objects through conversion (conversion.ts); its validation is the v2
// object's, as kube validates the internal object whatever the request's version.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { autoscalingV1 } from './names.ts';

export const CrossVersionObjectReferenceV1 = struct(autoscalingV1('CrossVersionObjectReference', 'Enough information to let you identify the referred resource.'), {
  kind: field(1, types.string(), { description: 'kind is the kind of the referent.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'name is the name of the referent.', required: true, default: '' }),
  apiVersion: field(3, types.string(), { description: 'apiVersion is the API version of the referent.' }),
});
export type CrossVersionObjectReferenceV1 = z.infer<typeof CrossVersionObjectReferenceV1>;

export const HorizontalPodAutoscalerSpecV1 = struct(autoscalingV1('HorizontalPodAutoscalerSpec', 'The specification of a horizontal pod autoscaler.'), {
  scaleTargetRef: field(1, CrossVersionObjectReferenceV1, { description: 'reference to scaled resource; the autoscaler reads its metrics and sets its replicas.', required: true }),
  minReplicas: field(2, types.int32(), { description: 'minReplicas is the lower limit for the number of replicas; defaults to 1.', pointer: true }),
  maxReplicas: field(3, types.int32(), { description: 'maxReplicas is the upper limit for the number of pods; not less than minReplicas.', required: true, default: 0 }),
  targetCPUUtilizationPercentage: field(4, types.int32(), {
    description: 'targetCPUUtilizationPercentage is the target average CPU utilization over all the pods; if not specified the default autoscaling policy is used.',
    pointer: true,
  }),
});
export type HorizontalPodAutoscalerSpecV1 = z.infer<typeof HorizontalPodAutoscalerSpecV1>;

export const HorizontalPodAutoscalerStatusV1 = struct(autoscalingV1('HorizontalPodAutoscalerStatus', 'The current status of a horizontal pod autoscaler.'), {
  observedGeneration: field(1, types.int64(), { description: 'observedGeneration is the most recent generation observed by this autoscaler.', pointer: true }),
  lastScaleTime: field(2, types.time(), { description: 'lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods.', pointer: true }),
  currentReplicas: field(3, types.int32(), { description: 'currentReplicas is the current number of replicas of pods managed by this autoscaler.', required: true, default: 0 }),
  desiredReplicas: field(4, types.int32(), { description: 'desiredReplicas is the desired number of replicas of pods managed by this autoscaler.', required: true, default: 0 }),
  currentCPUUtilizationPercentage: field(5, types.int32(), {
    description: 'currentCPUUtilizationPercentage is the current average CPU utilization over all pods, as a percentage of the requested CPU.',
    pointer: true,
  }),
});
export type HorizontalPodAutoscalerStatusV1 = z.infer<typeof HorizontalPodAutoscalerStatusV1>;

export const HorizontalPodAutoscalerV1 = struct(autoscalingV1('HorizontalPodAutoscaler', 'The configuration of a horizontal pod autoscaler.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, HorizontalPodAutoscalerSpecV1, { description: 'spec defines the behaviour of autoscaler.' }),
  status: field(3, HorizontalPodAutoscalerStatusV1, { description: 'status is the current information about the autoscaler.' }),
});
export type HorizontalPodAutoscalerV1 = z.infer<typeof HorizontalPodAutoscalerV1>;

/** SetDefaults_HorizontalPodAutoscaler of autoscaling/v1: minReplicas 1 (the CPU default is the conversion's). */
export function defaultHorizontalPodAutoscalerV1(hpa: HorizontalPodAutoscalerV1): void {
  const spec = (hpa.spec ??= {});
  spec.minReplicas ??= 1;
}
