// autoscaling/v1: Scale (the body of the scale subresource) and HorizontalPodAutoscaler (served from
// the autoscaling/v2 objects through conversion).
import type { KindDefinition } from '../../kind.ts';
import { horizontalPodAutoscalerV1Kind } from './hpa-kind.ts';

export { Scale, ScaleSpec, ScaleStatus, scaleKind } from './scale.ts';
export {
  CrossVersionObjectReferenceV1,
  HorizontalPodAutoscalerSpecV1,
  HorizontalPodAutoscalerStatusV1,
  HorizontalPodAutoscalerV1,
  defaultHorizontalPodAutoscalerV1,
} from './hpa.ts';
export { horizontalPodAutoscalerV1Kind } from './hpa-kind.ts';
export {
  behaviorSpecsAnnotation,
  hpaConditionsAnnotation,
  hpaV1ToV2,
  hpaV2Normalized,
  hpaV2ToV1,
  metricSpecsAnnotation,
  metricStatusesAnnotation,
} from './conversion.ts';

/** The kinds of autoscaling/v1 kapi serves. */
export const autoscalingV1Kinds: readonly KindDefinition[] = [horizontalPodAutoscalerV1Kind as KindDefinition];
