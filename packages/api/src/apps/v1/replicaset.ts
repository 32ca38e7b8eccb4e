// Behaviour of k8s.io/api apps/v1 types.go (ReplicaSet), k8s.io/kubernetes pkg/apis/apps/v1/defaults.go
// SetDefaults_ReplicaSet, pkg/apis/apps/validation/validation.go ValidateReplicaSet(Update) and
// pkg/registry/apps/replicaset/strategy.go (create rules then update rules; selector immutable) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { appsV1 } from './names.ts';
import { LabelSelector, PodTemplateSpec, defaultPodTemplateSpec } from '../../core/v1/index.ts';
import {
  validateImmutableSelector,
  validateNonnegative,
  validatePodTemplateForReplicaSet,
  validateWorkloadSelector,
} from '../../workloads/index.ts';

export const ReplicaSetSpec = struct(appsV1('ReplicaSetSpec', 'The desired behaviour of a ReplicaSet.'), {
  replicas: field(1, types.int32(), { description: 'Desired number of pods; 1 by default.', pointer: true }),
  minReadySeconds: field(4, types.int32(), { description: 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.' }),
  selector: field(2, LabelSelector, {
    description: 'Selects the pods this ReplicaSet counts; must match the template labels. Immutable.',
    pointer: true,
    required: true,
  }),
  template: field(3, PodTemplateSpec, { description: 'The pods to create when too few exist.' }),
});
export type ReplicaSetSpec = z.infer<typeof ReplicaSetSpec>;

export const ReplicaSetCondition = struct(appsV1('ReplicaSetCondition', 'The state of a ReplicaSet at a point in time.'), {
  type: field(1, types.string(), { description: 'Type of the condition, e.g. ReplicaFailure.', required: true }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true }),
  lastTransitionTime: field(3, types.time(), { description: 'When the condition last changed status.' }),
  reason: field(4, types.string(), { description: 'Machine-readable reason for the last change.' }),
  message: field(5, types.string(), { description: 'Human-readable details of the last change.' }),
});

export const ReplicaSetStatus = struct(appsV1('ReplicaSetStatus', 'The observed state of a ReplicaSet.'), {
  replicas: field(1, types.int32(), { description: 'Non-terminating pods last observed.', required: true }),
  fullyLabeledReplicas: field(2, types.int32(), { description: 'Non-terminating pods whose labels match the template labels.' }),
  readyReplicas: field(4, types.int32(), { description: 'Non-terminating targeted pods with a Ready condition.' }),
  availableReplicas: field(5, types.int32(), { description: 'Non-terminating pods ready for at least minReadySeconds.' }),
  terminatingReplicas: field(7, types.int32(), {
    description: 'Pods being deleted and not yet Failed or Succeeded (DeploymentReplicaSetTerminatingReplicas).',
    pointer: true,
  }),
  observedGeneration: field(3, types.int64(), { description: 'The generation the controller last acted on.' }),
  conditions: field(6, types.list(ReplicaSetCondition), {
    description: "The latest observations of the ReplicaSet's state.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});

export const ReplicaSet = struct(appsV1('ReplicaSet', 'Keeps a given number of pod replicas running.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, ReplicaSetSpec, { description: 'The desired behaviour of the ReplicaSet.' }),
  status: field(3, ReplicaSetStatus, { description: 'The most recently observed status of the ReplicaSet. Read-only.' }),
});
export type ReplicaSet = z.infer<typeof ReplicaSet>;

/** SetDefaults_ReplicaSet, then the pod template's defaults. */
export function defaultReplicaSet(rs: ReplicaSet): void {
  const spec = (rs.spec ??= {});
  spec.replicas ??= 1;
  defaultPodTemplateSpec((spec.template ??= {}));
}

/** ValidateReplicaSetSpec. */
export function validateReplicaSetSpec(spec: ReplicaSetSpec, path: FieldPath): FieldError[] {
  const errs = [...validateNonnegative(spec.replicas ?? 0, path.child('replicas')), ...validateNonnegative(spec.minReadySeconds ?? 0, path.child('minReadySeconds'))];
  // Upstream's message names deployments here too.
  const sel = validateWorkloadSelector(spec.selector, path.child('selector'), 'empty selector is invalid for deployment', 'invalid label selector');
  errs.push(...sel.errs);
  if (sel.selector) errs.push(...validatePodTemplateForReplicaSet(spec.template ?? {}, sel.selector, path.child('template')));
  return errs;
}

/** ValidateReplicaSet. */
export function validateReplicaSet(rs: ReplicaSet): FieldError[] {
  return [
    ...validateObjectMeta(rs.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateReplicaSetSpec(rs.spec ?? {}, FieldPath.of('spec')),
  ];
}

export const replicaSetKind = defineKind<ReplicaSet>({
  group: 'apps',
  version: 'v1',
  kind: 'ReplicaSet',
  resource: 'replicasets',
  singular: 'replicaset',
  shortNames: ['rs'],
  categories: ['all'],
  namespaced: true,
  schema: ReplicaSet,
  proto: protoMessageOf(ReplicaSet),
  description: 'Keeps a given number of identical pods running.',
  defaults: defaultReplicaSet,
  validate: validateReplicaSet,
  // Upstream's strategy runs the create rules and then the update rules, so spec errors repeat.
  validateUpdate: (rs, old) => [
    ...validateReplicaSet(rs),
    ...validateObjectMetaUpdate(rs.metadata ?? {}, old.metadata ?? {}),
    ...validateReplicaSetSpec(rs.spec ?? {}, FieldPath.of('spec')),
    ...validateImmutableSelector(rs.spec?.selector, old.spec?.selector, FieldPath.of('spec', 'selector')),
  ],
});
