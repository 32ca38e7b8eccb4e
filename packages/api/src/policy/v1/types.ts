// The types of k8s.io/api policy/v1 types.go and generated.proto (v0.33): PodDisruptionBudget with
// its spec and status, and Eviction (the body of a pod's `eviction` subresource), which carries a
// metav1.DeleteOptions (declared with the other meta/v1 wire types).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { Condition } from '../../meta/v1/condition.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import { DeleteOptions } from '../../meta/v1/wire.ts';
import { typeMetaField } from '../../meta-fields.ts';

export const policyGroupName = 'policy';

/** The names of a policy/v1 type; `kind` marks a top-level kind. */
function policyV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.policy.v1.${name}`,
    protoName: `k8s.io.api.policy.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: policyGroupName, version: 'v1', kind: name } } : {}),
  };
}

export const PodDisruptionBudgetSpec = struct(policyV1('PodDisruptionBudgetSpec', 'The desired state of a PodDisruptionBudget.'), {
  minAvailable: field(1, types.intOrString(), {
    description: 'An eviction is allowed if at least this many selected pods (or this percentage, e.g. "50%") are still available after it.',
    pointer: true,
  }),
  selector: field(2, LabelSelector, {
    description: 'The pods the budget covers; a null selector selects none, an empty one every pod of the namespace.',
    pointer: true,
    patchStrategy: 'replace',
  }),
  maxUnavailable: field(3, types.intOrString(), {
    description: 'An eviction is allowed if at most this many selected pods (or this percentage) are unavailable after it; excludes minAvailable.',
    pointer: true,
  }),
  unhealthyPodEvictionPolicy: field(4, types.string(), {
    description: 'When running but not yet healthy pods may be evicted: IfHealthyBudget (the default behaviour) or AlwaysAllow.',
    pointer: true,
  }),
});
export type PodDisruptionBudgetSpec = z.infer<typeof PodDisruptionBudgetSpec>;

export const PodDisruptionBudgetStatus = struct(policyV1('PodDisruptionBudgetStatus', 'The observed state of a PodDisruptionBudget; may lag the system.'), {
  observedGeneration: field(1, types.int64(), { description: 'The most recent generation the disruption controller observed.' }),
  disruptedPods: field(2, types.map(types.time()), {
    description: 'Pods whose eviction the API server processed but the controller has not yet seen gone, with the time of the eviction.',
  }),
  disruptionsAllowed: field(3, types.int32(), { description: 'The number of pod disruptions currently allowed.', required: true, default: 0 }),
  currentHealthy: field(4, types.int32(), { description: 'The current number of healthy pods.', required: true, default: 0 }),
  desiredHealthy: field(5, types.int32(), { description: 'The minimum desired number of healthy pods.', required: true, default: 0 }),
  expectedPods: field(6, types.int32(), { description: 'The total number of pods the budget counts.', required: true, default: 0 }),
  conditions: field(7, types.list(Condition), {
    description: 'The latest observations of the budget, e.g. DisruptionAllowed.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type PodDisruptionBudgetStatus = z.infer<typeof PodDisruptionBudgetStatus>;

export const PodDisruptionBudget = struct(policyV1('PodDisruptionBudget', 'The maximum disruption that can be caused to a collection of pods.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, PodDisruptionBudgetSpec, { description: 'The desired behaviour of the budget.' }),
  status: field(3, PodDisruptionBudgetStatus, { description: 'The most recently observed state of the budget.' }),
});
export type PodDisruptionBudget = z.infer<typeof PodDisruptionBudget>;

export const Eviction = struct(policyV1('Eviction', "Evicts a pod from its node, subject to disruption budgets: the body POSTed to a pod's eviction subresource.", true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'The name and namespace of the pod to evict.' }),
  deleteOptions: field(2, DeleteOptions, { description: 'The options of the pod deletion.', pointer: true }),
});
export type Eviction = z.infer<typeof Eviction>;
