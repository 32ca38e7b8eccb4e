// The autoscaling/v1 HorizontalPodAutoscaler kind: served from the autoscaling/v2 objects through
// conversion (conversion.ts), validated as the v2 object it converts to, as kube validates the
// internal object whatever the request's version.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerUpdate } from '../v2/validation.ts';
import { hpaV1ToV2 } from './conversion.ts';
import { HorizontalPodAutoscalerV1, defaultHorizontalPodAutoscalerV1 } from './hpa.ts';

/** horizontalpodautoscalers of autoscaling/v1: validated as the v2 object they convert to. */
export const horizontalPodAutoscalerV1Kind = defineKind<HorizontalPodAutoscalerV1>({
  group: 'autoscaling',
  version: 'v1',
  kind: 'HorizontalPodAutoscaler',
  resource: 'horizontalpodautoscalers',
  singular: 'horizontalpodautoscaler',
  shortNames: ['hpa'],
  categories: ['all'],
  namespaced: true,
  schema: HorizontalPodAutoscalerV1,
  proto: protoMessageOf(HorizontalPodAutoscalerV1),
  description: 'The configuration of a horizontal pod autoscaler.',
  defaults: (hpa) => defaultHorizontalPodAutoscalerV1(hpa),
  validate: (hpa) => validateHorizontalPodAutoscaler(hpaV1ToV2(hpa)),
  validateUpdate: (hpa, old) => validateHorizontalPodAutoscalerUpdate(hpaV1ToV2(hpa), hpaV1ToV2(old)),
});
