// The types of k8s.io/api autoscaling/v2 types.go and generated.proto (v0.33.13):
// HorizontalPodAutoscaler, the storage version of horizontalpodautoscalers.
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { autoscalingV2 } from './names.ts';

export const CrossVersionObjectReference = struct(autoscalingV2('CrossVersionObjectReference', 'Enough information to let you identify the referred resource.'), {
  kind: field(1, types.string(), { description: 'kind is the kind of the referent.', required: true, default: '' }),
  name: field(2, types.string(), { description: 'name is the name of the referent.', required: true, default: '' }),
  apiVersion: field(3, types.string(), { description: 'apiVersion is the API version of the referent.' }),
});
export type CrossVersionObjectReference = z.infer<typeof CrossVersionObjectReference>;

export const MetricIdentifier = struct(autoscalingV2('MetricIdentifier', 'The name and optionally the selector of a metric.'), {
  name: field(1, types.string(), { description: 'name is the name of the given metric.', required: true, default: '' }),
  selector: field(2, LabelSelector, { description: 'selector narrows the metric down to a set of objects (a label selector).', pointer: true }),
});
export type MetricIdentifier = z.infer<typeof MetricIdentifier>;

export const MetricTarget = struct(autoscalingV2('MetricTarget', 'The target value, average value, or average utilization of a specific metric.'), {
  type: field(1, types.string(), { description: 'type is Utilization, Value, or AverageValue.', required: true, default: '' }),
  value: field(2, types.quantity(), { description: 'value is the target value of the metric (as a quantity).', pointer: true }),
  averageValue: field(3, types.quantity(), { description: 'averageValue is the target value of the average of the metric across all relevant pods (as a quantity).', pointer: true }),
  averageUtilization: field(4, types.int32(), {
    description: 'averageUtilization is the target average of the resource metric across all relevant pods, as a percentage of the requested value.',
    pointer: true,
  }),
});
export type MetricTarget = z.infer<typeof MetricTarget>;

export const MetricValueStatus = struct(autoscalingV2('MetricValueStatus', 'The current value of a metric.'), {
  value: field(1, types.quantity(), { description: 'value is the current value of the metric (as a quantity).', pointer: true }),
  averageValue: field(2, types.quantity(), { description: 'averageValue is the current value of the average of the metric across all relevant pods (as a quantity).', pointer: true }),
  averageUtilization: field(3, types.int32(), { description: 'averageUtilization is the current average of the resource metric across all relevant pods, as a percentage of the requested value.', pointer: true }),
});
export type MetricValueStatus = z.infer<typeof MetricValueStatus>;

export const ObjectMetricSource = struct(autoscalingV2('ObjectMetricSource', 'A metric describing a kubernetes object (for example, hits-per-second on an Ingress object).'), {
  describedObject: field(1, CrossVersionObjectReference, { description: 'describedObject identifies the object the metric describes.', required: true }),
  target: field(2, MetricTarget, { description: 'target specifies the target value for the given metric.', required: true }),
  metric: field(3, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
});
export type ObjectMetricSource = z.infer<typeof ObjectMetricSource>;

export const PodsMetricSource = struct(autoscalingV2('PodsMetricSource', 'A metric describing each pod of the scale target, averaged across them.'), {
  metric: field(1, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
  target: field(2, MetricTarget, { description: 'target specifies the target value for the given metric.', required: true }),
});
export type PodsMetricSource = z.infer<typeof PodsMetricSource>;

export const ResourceMetricSource = struct(autoscalingV2('ResourceMetricSource', 'A resource metric (such as cpu or memory) of each pod of the scale target.'), {
  name: field(1, types.string(), { description: 'name is the name of the resource in question.', required: true, default: '' }),
  target: field(2, MetricTarget, { description: 'target specifies the target value for the given metric.', required: true }),
});
export type ResourceMetricSource = z.infer<typeof ResourceMetricSource>;

export const ContainerResourceMetricSource = struct(
  autoscalingV2('ContainerResourceMetricSource', 'A resource metric (such as cpu or memory) of one container of each pod of the scale target.'),
  {
    name: field(1, types.string(), { description: 'name is the name of the resource in question.', required: true, default: '' }),
    target: field(2, MetricTarget, { description: 'target specifies the target value for the given metric.', required: true }),
    container: field(3, types.string(), { description: 'container is the name of the container in the pods of the scaling target.', required: true, default: '' }),
  },
);
export type ContainerResourceMetricSource = z.infer<typeof ContainerResourceMetricSource>;

export const ExternalMetricSource = struct(autoscalingV2('ExternalMetricSource', 'A metric not associated with any Kubernetes object.'), {
  metric: field(1, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
  target: field(2, MetricTarget, { description: 'target specifies the target value for the given metric.', required: true }),
});
export type ExternalMetricSource = z.infer<typeof ExternalMetricSource>;

export const MetricSpec = struct(autoscalingV2('MetricSpec', 'How to scale on a single metric (only `type` and one matching field should be set).'), {
  type: field(1, types.string(), { description: 'type is ContainerResource, External, Object, Pods or Resource.', required: true, default: '' }),
  object: field(2, ObjectMetricSource, { description: 'object refers to a metric describing a single kubernetes object.', pointer: true }),
  pods: field(3, PodsMetricSource, { description: 'pods refers to a metric describing each pod in the current scale target.', pointer: true }),
  resource: field(4, ResourceMetricSource, { description: 'resource refers to a resource metric of each pod in the current scale target.', pointer: true }),
  containerResource: field(7, ContainerResourceMetricSource, { description: 'containerResource refers to a resource metric of a single container in each pod of the scale target.', pointer: true }),
  external: field(5, ExternalMetricSource, { description: 'external refers to a global metric that is not associated with any Kubernetes object.', pointer: true }),
});
export type MetricSpec = z.infer<typeof MetricSpec>;

export const HPAScalingPolicy = struct(autoscalingV2('HPAScalingPolicy', 'A single policy which must hold true for a specified past interval.'), {
  type: field(1, types.string(), { description: 'type is Pods or Percent.', required: true, default: '' }),
  value: field(2, types.int32(), { description: 'value is the amount of change the policy permits; greater than zero.', required: true, default: 0 }),
  periodSeconds: field(3, types.int32(), { description: 'periodSeconds is the window for which the policy should hold true; in (0, 1800].', required: true, default: 0 }),
});
export type HPAScalingPolicy = z.infer<typeof HPAScalingPolicy>;

export const HPAScalingRules = struct(autoscalingV2('HPAScalingRules', 'The scaling behavior for one direction: policies, a stabilization window and a tolerance.'), {
  stabilizationWindowSeconds: field(3, types.int32(), { description: 'stabilizationWindowSeconds is how long past recommendations are considered; in [0, 3600].', pointer: true }),
  selectPolicy: field(1, types.string(), { description: 'selectPolicy is which policy should be used: Max (the default), Min or Disabled.', pointer: true }),
  policies: field(2, types.list(HPAScalingPolicy), { description: 'policies is a list of potential scaling polices which can be used during scaling.', listType: 'atomic' }),
  tolerance: field(4, types.quantity(), { description: 'tolerance is the ratio between current and desired metric values under which no scaling happens (alpha, HPAConfigurableTolerance).', pointer: true }),
});
export type HPAScalingRules = z.infer<typeof HPAScalingRules>;

export const HorizontalPodAutoscalerBehavior = struct(autoscalingV2('HorizontalPodAutoscalerBehavior', 'The scaling behavior of the target in both Up and Down directions.'), {
  scaleUp: field(1, HPAScalingRules, { description: 'scaleUp is the scaling policy for scaling up.', pointer: true }),
  scaleDown: field(2, HPAScalingRules, { description: 'scaleDown is the scaling policy for scaling down.', pointer: true }),
});
export type HorizontalPodAutoscalerBehavior = z.infer<typeof HorizontalPodAutoscalerBehavior>;

export const HorizontalPodAutoscalerSpec = struct(autoscalingV2('HorizontalPodAutoscalerSpec', 'The desired functionality of the HorizontalPodAutoscaler.'), {
  scaleTargetRef: field(1, CrossVersionObjectReference, { description: 'scaleTargetRef points to the target resource to scale.', required: true }),
  minReplicas: field(2, types.int32(), { description: 'minReplicas is the lower limit for the number of replicas; defaults to 1.', pointer: true }),
  maxReplicas: field(3, types.int32(), { description: 'maxReplicas is the upper limit for the number of replicas; not less than minReplicas.', required: true, default: 0 }),
  metrics: field(4, types.list(MetricSpec), { description: 'metrics are the specifications used to calculate the desired replica count; defaults to 80% average CPU utilization.', listType: 'atomic' }),
  behavior: field(5, HorizontalPodAutoscalerBehavior, { description: 'behavior configures the scaling behavior of the target in both directions.', pointer: true }),
});
export type HorizontalPodAutoscalerSpec = z.infer<typeof HorizontalPodAutoscalerSpec>;

export const ObjectMetricStatus = struct(autoscalingV2('ObjectMetricStatus', 'The current value of a metric describing a kubernetes object.'), {
  metric: field(1, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
  current: field(2, MetricValueStatus, { description: 'current contains the current value for the given metric.', required: true }),
  describedObject: field(3, CrossVersionObjectReference, { description: 'describedObject identifies the object the metric describes.', required: true }),
});
export type ObjectMetricStatus = z.infer<typeof ObjectMetricStatus>;

export const PodsMetricStatus = struct(autoscalingV2('PodsMetricStatus', 'The current value of a metric describing each pod of the scale target.'), {
  metric: field(1, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
  current: field(2, MetricValueStatus, { description: 'current contains the current value for the given metric.', required: true }),
});
export type PodsMetricStatus = z.infer<typeof PodsMetricStatus>;

export const ResourceMetricStatus = struct(autoscalingV2('ResourceMetricStatus', 'The current value of a resource metric of each pod of the scale target.'), {
  name: field(1, types.string(), { description: 'name is the name of the resource in question.', required: true, default: '' }),
  current: field(2, MetricValueStatus, { description: 'current contains the current value for the given metric.', required: true }),
});
export type ResourceMetricStatus = z.infer<typeof ResourceMetricStatus>;

export const ContainerResourceMetricStatus = struct(
  autoscalingV2('ContainerResourceMetricStatus', 'The current value of a resource metric of one container of each pod of the scale target.'),
  {
    name: field(1, types.string(), { description: 'name is the name of the resource in question.', required: true, default: '' }),
    current: field(2, MetricValueStatus, { description: 'current contains the current value for the given metric.', required: true }),
    container: field(3, types.string(), { description: 'container is the name of the container in the pods of the scaling target.', required: true, default: '' }),
  },
);
export type ContainerResourceMetricStatus = z.infer<typeof ContainerResourceMetricStatus>;

export const ExternalMetricStatus = struct(autoscalingV2('ExternalMetricStatus', 'The current value of a global metric not associated with any Kubernetes object.'), {
  metric: field(1, MetricIdentifier, { description: 'metric identifies the target metric by name and selector.', required: true }),
  current: field(2, MetricValueStatus, { description: 'current contains the current value for the given metric.', required: true }),
});
export type ExternalMetricStatus = z.infer<typeof ExternalMetricStatus>;

export const MetricStatus = struct(autoscalingV2('MetricStatus', 'The last-read state of a single metric.'), {
  type: field(1, types.string(), { description: 'type is ContainerResource, External, Object, Pods or Resource.', required: true, default: '' }),
  object: field(2, ObjectMetricStatus, { description: 'object refers to a metric describing a single kubernetes object.', pointer: true }),
  pods: field(3, PodsMetricStatus, { description: 'pods refers to a metric describing each pod in the current scale target.', pointer: true }),
  resource: field(4, ResourceMetricStatus, { description: 'resource refers to a resource metric of each pod in the current scale target.', pointer: true }),
  containerResource: field(7, ContainerResourceMetricStatus, { description: 'containerResource refers to a resource metric of a single container in each pod of the scale target.', pointer: true }),
  external: field(5, ExternalMetricStatus, { description: 'external refers to a global metric that is not associated with any Kubernetes object.', pointer: true }),
});
export type MetricStatus = z.infer<typeof MetricStatus>;

export const HorizontalPodAutoscalerCondition = struct(autoscalingV2('HorizontalPodAutoscalerCondition', 'The state of a HorizontalPodAutoscaler at a certain point.'), {
  type: field(1, types.string(), { description: 'type describes the current condition.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'status is the status of the condition (True, False, Unknown).', required: true, default: '' }),
  lastTransitionTime: field(3, types.time(), { description: 'lastTransitionTime is the last time the condition transitioned from one status to another.' }),
  reason: field(4, types.string(), { description: "reason is the reason for the condition's last transition." }),
  message: field(5, types.string(), { description: 'message is a human-readable explanation containing details about the transition.' }),
});
export type HorizontalPodAutoscalerCondition = z.infer<typeof HorizontalPodAutoscalerCondition>;

export const HorizontalPodAutoscalerStatus = struct(autoscalingV2('HorizontalPodAutoscalerStatus', 'The current status of a horizontal pod autoscaler.'), {
  observedGeneration: field(1, types.int64(), { description: 'observedGeneration is the most recent generation observed by this autoscaler.', pointer: true }),
  lastScaleTime: field(2, types.time(), { description: 'lastScaleTime is the last time the HorizontalPodAutoscaler scaled the number of pods.', pointer: true }),
  currentReplicas: field(3, types.int32(), { description: 'currentReplicas is the current number of replicas of pods managed by this autoscaler.' }),
  desiredReplicas: field(4, types.int32(), { description: 'desiredReplicas is the desired number of replicas of pods managed by this autoscaler.', required: true, default: 0 }),
  currentMetrics: field(5, types.list(MetricStatus), { description: 'currentMetrics is the last read state of the metrics used by this autoscaler.', listType: 'atomic' }),
  conditions: field(6, types.list(HorizontalPodAutoscalerCondition), {
    description: 'conditions is the set of conditions required for this autoscaler to scale its target, and whether they are met.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type HorizontalPodAutoscalerStatus = z.infer<typeof HorizontalPodAutoscalerStatus>;

export const HorizontalPodAutoscaler = struct(
  autoscalingV2('HorizontalPodAutoscaler', 'The configuration of a horizontal pod autoscaler, which scales any resource implementing the scale subresource on its metrics.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'metadata is the standard object metadata.' }),
    spec: field(2, HorizontalPodAutoscalerSpec, { description: 'spec is the specification for the behaviour of the autoscaler.' }),
    status: field(3, HorizontalPodAutoscalerStatus, { description: 'status is the current information about the autoscaler.' }),
  },
);
export type HorizontalPodAutoscaler = z.infer<typeof HorizontalPodAutoscaler>;
