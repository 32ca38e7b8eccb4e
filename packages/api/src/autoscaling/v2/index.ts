// autoscaling/v2: HorizontalPodAutoscaler (the storage version of horizontalpodautoscalers).
import type { KindDefinition } from '../../kind.ts';
import { horizontalPodAutoscalerKind } from './kinds.ts';

export {
  ContainerResourceMetricSource,
  ContainerResourceMetricStatus,
  CrossVersionObjectReference,
  ExternalMetricSource,
  ExternalMetricStatus,
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerCondition,
  HorizontalPodAutoscalerSpec,
  HorizontalPodAutoscalerStatus,
  MetricIdentifier,
  MetricSpec,
  MetricStatus,
  MetricTarget,
  MetricValueStatus,
  ObjectMetricSource,
  ObjectMetricStatus,
  PodsMetricSource,
  PodsMetricStatus,
  ResourceMetricSource,
  ResourceMetricStatus,
} from './types.ts';
export { horizontalPodAutoscalerKind } from './kinds.ts';
export { autoscalingGroupName } from './names.ts';
export {
  defaultCPUUtilization,
  defaultHorizontalPodAutoscaler,
  generateHPAScaleDownRules,
  generateHPAScaleUpRules,
  quantitySign,
  validateCrossVersionObjectReference,
  validateHorizontalPodAutoscaler,
  validateHorizontalPodAutoscalerStatusUpdate,
  validateHorizontalPodAutoscalerUpdate,
} from './validation.ts';

/** The kinds of autoscaling/v2 kapi serves. */
export const autoscalingV2Kinds: readonly KindDefinition[] = [horizontalPodAutoscalerKind as KindDefinition];
