// Behaviour of k8s.io/kubernetes pkg/registry/autoscaling/horizontalpodautoscaler (v1.33):
// horizontalpodautoscalers (hpa, category all) of autoscaling/v2, their storage version.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { autoscalingGroupName } from './names.ts';
import { HorizontalPodAutoscaler } from './types.ts';
import { defaultHorizontalPodAutoscaler, validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerUpdate } from './validation.ts';

export const horizontalPodAutoscalerKind = defineKind<HorizontalPodAutoscaler>({
  group: autoscalingGroupName,
  version: 'v2',
  kind: 'HorizontalPodAutoscaler',
  resource: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  shortNames: ['hpa'],
  categories: ['all'],
  namespaced: true,
  schema: HorizontalPodAutoscaler,
  proto: protoMessageOf(HorizontalPodAutoscaler),
  description: 'The configuration of a horizontal pod autoscaler, which scales any resource implementing the scale subresource on its metrics.',
  defaults: (hpa) => defaultHorizontalPodAutoscaler(hpa),
  validate: (hpa) => validateHorizontalPodAutoscaler(hpa),
  validateUpdate: (hpa, old) => validateHorizontalPodAutoscalerUpdate(hpa, old),
});
