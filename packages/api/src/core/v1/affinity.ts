// Scheduling constraints of pods (affinity, tolerations, topology spread), as declared in
// k8s.io/api core/v1/types.go and generated.proto (v0.33.13).
import type { z } from 'zod';
import { field, struct, types } from '@kapi/apimachinery';
import { coreV1 } from '../../meta-fields.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';

/** A key, an operator and values matched against a node. */
export const NodeSelectorRequirement = struct(coreV1('NodeSelectorRequirement', 'A key, an operator and values matched against a node.'), {
  key: field(1, types.string(), { description: 'The label or field key.', required: true, default: '' }),
  operator: field(2, types.string(), { description: 'In, NotIn, Exists, DoesNotExist, Gt or Lt.', required: true, default: '' }),
  values: field(3, types.list(types.string()), { description: 'The values; one integer for Gt and Lt, none for Exists and DoesNotExist.', listType: 'atomic' }),
});
export type NodeSelectorRequirement = z.infer<typeof NodeSelectorRequirement>;

/** A node query: the AND of its requirements. */
export const NodeSelectorTerm = struct({ ...coreV1('NodeSelectorTerm', 'A node query: the AND of its requirements.'), mapType: 'atomic' }, {
  matchExpressions: field(1, types.list(NodeSelectorRequirement), { description: 'Requirements on node labels.', listType: 'atomic' }),
  matchFields: field(2, types.list(NodeSelectorRequirement), { description: 'Requirements on node fields.', listType: 'atomic' }),
});
export type NodeSelectorTerm = z.infer<typeof NodeSelectorTerm>;

/** A query over nodes: the OR of its terms. */
export const NodeSelector = struct({ ...coreV1('NodeSelector', 'A query over nodes: the OR of its terms.'), mapType: 'atomic' }, {
  nodeSelectorTerms: field(1, types.list(NodeSelectorTerm), { description: 'The terms; a node matching any one matches.', required: true, listType: 'atomic' }),
});
export type NodeSelector = z.infer<typeof NodeSelector>;

/** A weighted node preference. */
export const PreferredSchedulingTerm = struct(coreV1('PreferredSchedulingTerm', 'A weighted node preference.'), {
  weight: field(1, types.int32(), { description: 'The weight, 1–100.', required: true, default: 0 }),
  preference: field(2, NodeSelectorTerm, { description: 'The node query.', required: true }),
});
export type PreferredSchedulingTerm = z.infer<typeof PreferredSchedulingTerm>;

/** Node constraints of a pod. */
export const NodeAffinity = struct(coreV1('NodeAffinity', 'Node constraints of a pod.'), {
  requiredDuringSchedulingIgnoredDuringExecution: field(1, NodeSelector, { description: 'Nodes the pod may be scheduled on.', pointer: true }),
  preferredDuringSchedulingIgnoredDuringExecution: field(2, types.list(PreferredSchedulingTerm), {
    description: 'Weighted node preferences.',
    listType: 'atomic',
  }),
});
export type NodeAffinity = z.infer<typeof NodeAffinity>;

/** A set of pods and the topology domain a pod should share or avoid with them. */
export const PodAffinityTerm = struct(coreV1('PodAffinityTerm', 'A set of pods and the topology domain a pod should share or avoid with them.'), {
  labelSelector: field(1, LabelSelector, { description: 'The pods, by label.', pointer: true }),
  namespaces: field(2, types.list(types.string()), {
    description: "The namespaces the pods are in; the pod's own when empty, with namespaceSelector.",
    listType: 'atomic',
  }),
  topologyKey: field(3, types.string(), { description: 'The node label that defines the topology domain.', required: true, default: '' }),
  namespaceSelector: field(4, LabelSelector, { description: 'The namespaces the pods are in, by label; all namespaces when empty.', pointer: true }),
  matchLabelKeys: field(5, types.list(types.string()), {
    description: 'Label keys whose values on the incoming pod are added to labelSelector with In.',
    listType: 'atomic',
  }),
  mismatchLabelKeys: field(6, types.list(types.string()), {
    description: 'Label keys whose values on the incoming pod are added to labelSelector with NotIn.',
    listType: 'atomic',
  }),
});
export type PodAffinityTerm = z.infer<typeof PodAffinityTerm>;

/** A pod affinity term with a weight. */
export const WeightedPodAffinityTerm = struct(coreV1('WeightedPodAffinityTerm', 'A pod affinity term with a weight.'), {
  weight: field(1, types.int32(), { description: 'The weight, 1–100.', required: true, default: 0 }),
  podAffinityTerm: field(2, PodAffinityTerm, { description: 'The term.', required: true }),
});
export type WeightedPodAffinityTerm = z.infer<typeof WeightedPodAffinityTerm>;

/** Pods a pod must or prefers to run near. */
export const PodAffinity = struct(coreV1('PodAffinity', 'Pods a pod must or prefers to run near.'), {
  requiredDuringSchedulingIgnoredDuringExecution: field(1, types.list(PodAffinityTerm), {
    description: 'Terms every candidate node must satisfy.',
    listType: 'atomic',
  }),
  preferredDuringSchedulingIgnoredDuringExecution: field(2, types.list(WeightedPodAffinityTerm), {
    description: 'Weighted terms the scheduler prefers.',
    listType: 'atomic',
  }),
});
export type PodAffinity = z.infer<typeof PodAffinity>;

/** Pods a pod must or prefers to run away from. */
export const PodAntiAffinity = struct(coreV1('PodAntiAffinity', 'Pods a pod must or prefers to run away from.'), {
  requiredDuringSchedulingIgnoredDuringExecution: field(1, types.list(PodAffinityTerm), {
    description: 'Terms every candidate node must satisfy.',
    listType: 'atomic',
  }),
  preferredDuringSchedulingIgnoredDuringExecution: field(2, types.list(WeightedPodAffinityTerm), {
    description: 'Weighted terms the scheduler prefers.',
    listType: 'atomic',
  }),
});
export type PodAntiAffinity = z.infer<typeof PodAntiAffinity>;

/** Scheduling constraints relative to nodes and other pods. */
export const Affinity = struct(coreV1('Affinity', 'Scheduling constraints relative to nodes and other pods.'), {
  nodeAffinity: field(1, NodeAffinity, { description: 'Which nodes the pod may or prefers to run on.', pointer: true }),
  podAffinity: field(2, PodAffinity, { description: 'Pods the pod must or prefers to run near.', pointer: true }),
  podAntiAffinity: field(3, PodAntiAffinity, { description: 'Pods the pod must or prefers to run away from.', pointer: true }),
});
export type Affinity = z.infer<typeof Affinity>;

/** A taint a pod tolerates. */
export const Toleration = struct(coreV1('Toleration', 'A taint a pod tolerates.'), {
  key: field(1, types.string(), { description: 'The taint key; empty with Exists matches every taint.' }),
  operator: field(2, types.string(), { description: 'Equal (default) or Exists.' }),
  value: field(3, types.string(), { description: 'The taint value; empty for Exists.' }),
  effect: field(4, types.string(), { description: 'The taint effect matched; all when empty.' }),
  tolerationSeconds: field(5, types.int64(), { description: 'How long a NoExecute taint is tolerated before eviction; forever when unset.', pointer: true }),
});
export type Toleration = z.infer<typeof Toleration>;

/** How matching pods spread across a topology. */
export const TopologySpreadConstraint = struct(coreV1('TopologySpreadConstraint', 'How matching pods spread across a topology.'), {
  maxSkew: field(1, types.int32(), { description: 'The most the number of matching pods may differ between two domains.', required: true, default: 0 }),
  topologyKey: field(2, types.string(), { description: 'The node label that defines the domains.', required: true, default: '' }),
  whenUnsatisfiable: field(3, types.string(), { description: 'DoNotSchedule or ScheduleAnyway.', required: true, default: '' }),
  labelSelector: field(4, LabelSelector, { description: 'The pods counted.', pointer: true }),
  minDomains: field(5, types.int32(), { description: 'The least number of eligible domains.', pointer: true }),
  nodeAffinityPolicy: field(6, types.string(), {
    description: "Whether the pod's node affinity limits the domains: Honor (default) or Ignore.",
    pointer: true,
  }),
  nodeTaintsPolicy: field(7, types.string(), { description: 'Whether node taints limit the domains: Honor or Ignore (default).', pointer: true }),
  matchLabelKeys: field(8, types.list(types.string()), {
    description: 'Label keys whose values on the incoming pod narrow labelSelector.',
    listType: 'atomic',
  }),
});
export type TopologySpreadConstraint = z.infer<typeof TopologySpreadConstraint>;
