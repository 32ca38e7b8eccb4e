// Behaviour of k8s.io/api apps/v1 types.go (Deployment), k8s.io/kubernetes pkg/apis/apps/v1/defaults.go
// SetDefaults_Deployment, pkg/apis/apps/validation/validation.go ValidateDeployment(Update) and
// pkg/registry/apps/deployment/strategy.go (selector immutable in apps/v1) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  nameIsDNSSubdomain,
  protoMessageOf,
  quote,
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
  goIntOrString,
  intOrPercentValue,
  invalidGo,
  isNotMoreThan100Percent,
  notSupportedGo,
  validateImmutableSelector,
  validateNonnegative,
  validatePodTemplateForReplicaSet,
  validatePositiveIntOrPercent,
  validateWorkloadSelector,
} from '../../workloads/index.ts';

export const RollingUpdateDeployment = struct(appsV1('RollingUpdateDeployment', 'How a rolling update of a deployment proceeds.'), {
  maxUnavailable: field(1, types.intOrString(), {
    description: 'How many pods (a number, or a percentage of replicas rounded down) may be unavailable during the update; 25% by default.',
    pointer: true,
  }),
  maxSurge: field(2, types.intOrString(), {
    description: 'How many pods (a number, or a percentage of replicas rounded up) may exist above replicas during the update; 25% by default.',
    pointer: true,
  }),
});

export const DeploymentStrategy = struct(appsV1('DeploymentStrategy', 'How a deployment replaces old pods with new ones.'), {
  type: field(1, types.string(), { description: 'Recreate or RollingUpdate (the default).' }),
  rollingUpdate: field(2, RollingUpdateDeployment, { description: 'Parameters of a RollingUpdate; only with that type.', pointer: true }),
});

export const DeploymentSpec = struct(appsV1('DeploymentSpec', 'The desired behaviour of a deployment.'), {
  replicas: field(1, types.int32(), { description: 'Desired number of pods; 1 by default.', pointer: true }),
  selector: field(2, LabelSelector, {
    description: 'Selects the pods (and old ReplicaSets) this deployment manages; must match the template labels. Immutable.',
    pointer: true,
    required: true,
  }),
  template: field(3, PodTemplateSpec, { description: 'The pods to create; restartPolicy may only be Always.', required: true }),
  strategy: field(4, DeploymentStrategy, { description: 'How existing pods are replaced by new ones.', patchStrategy: 'retainKeys' }),
  minReadySeconds: field(5, types.int32(), { description: 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.' }),
  revisionHistoryLimit: field(6, types.int32(), { description: 'How many old ReplicaSets to keep for rollback; 10 by default.', pointer: true }),
  paused: field(7, types.bool(), { description: 'True when the deployment is paused.' }),
  progressDeadlineSeconds: field(9, types.int32(), {
    description: 'Seconds the deployment may go without progress before it is reported as failed; 600 by default.',
    pointer: true,
  }),
});
export type DeploymentSpec = z.infer<typeof DeploymentSpec>;

export const DeploymentCondition = struct(appsV1('DeploymentCondition', 'The state of a deployment at a point in time.'), {
  type: field(1, types.string(), { description: 'Type of the condition: Available, Progressing or ReplicaFailure.', required: true }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true }),
  lastUpdateTime: field(6, types.time(), { description: 'When the condition was last updated.' }),
  lastTransitionTime: field(7, types.time(), { description: 'When the condition last changed status.' }),
  reason: field(4, types.string(), { description: 'Machine-readable reason for the last change.' }),
  message: field(5, types.string(), { description: 'Human-readable details of the last change.' }),
});

export const DeploymentStatus = struct(appsV1('DeploymentStatus', 'The observed state of a deployment.'), {
  observedGeneration: field(1, types.int64(), { description: 'The generation the controller last acted on.' }),
  replicas: field(2, types.int32(), { description: 'Non-terminating pods this deployment targets.' }),
  updatedReplicas: field(3, types.int32(), { description: 'Non-terminating targeted pods that have the desired template.' }),
  readyReplicas: field(7, types.int32(), { description: 'Non-terminating targeted pods with a Ready condition.' }),
  availableReplicas: field(4, types.int32(), { description: 'Non-terminating targeted pods ready for at least minReadySeconds.' }),
  unavailableReplicas: field(5, types.int32(), { description: 'Pods still missing for the deployment to be fully available.' }),
  terminatingReplicas: field(9, types.int32(), {
    description: 'Targeted pods being deleted and not yet Failed or Succeeded (DeploymentReplicaSetTerminatingReplicas).',
    pointer: true,
  }),
  conditions: field(6, types.list(DeploymentCondition), {
    description: "The latest observations of the deployment's state.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  collisionCount: field(8, types.int32(), { description: 'Hash collisions met when naming the newest ReplicaSet.', pointer: true }),
});

export const Deployment = struct(appsV1('Deployment', 'Declarative updates for pods and ReplicaSets.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, DeploymentSpec, { description: 'The desired behaviour of the deployment.' }),
  status: field(3, DeploymentStatus, { description: 'The most recently observed status of the deployment. Read-only.' }),
});
export type Deployment = z.infer<typeof Deployment>;

type Strategy = NonNullable<DeploymentSpec['strategy']>;

/** SetDefaults_Deployment, then the pod template's defaults. */
export function defaultDeployment(d: Deployment): void {
  const spec = (d.spec ??= {});
  spec.replicas ??= 1;
  const strategy = (spec.strategy ??= {});
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = (strategy.rollingUpdate ??= {});
    ru.maxUnavailable ??= '25%';
    ru.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  defaultPodTemplateSpec((spec.template ??= {}));
}

function validateRollingUpdate(ru: NonNullable<Strategy['rollingUpdate']>, path: FieldPath): FieldError[] {
  const errs = [
    ...validatePositiveIntOrPercent(ru.maxUnavailable, path.child('maxUnavailable')),
    ...validatePositiveIntOrPercent(ru.maxSurge, path.child('maxSurge')),
  ];
  if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
    errs.push(invalidGo(path.child('maxUnavailable'), goIntOrString(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, path.child('maxUnavailable')));
  return errs;
}

/** %#v of a *apps.DeploymentStrategy, or undefined when rollingUpdate is set (Go prints its address). */
function goStrategy(s: Strategy): string | undefined {
  return s.rollingUpdate === undefined ? `apps.DeploymentStrategy{Type:${quote(s.type ?? '')}, RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}` : undefined;
}

function validateStrategy(s: Strategy, path: FieldPath): FieldError[] {
  switch (s.type) {
    case 'Recreate':
      return s.rollingUpdate !== undefined ? [fieldErrors.forbidden(path.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate':
      return s.rollingUpdate === undefined
        ? [fieldErrors.required(path.child('rollingUpdate'), 'this should be defaulted and never be nil')]
        : validateRollingUpdate(s.rollingUpdate, path.child('rollingUpdate'));
    default: {
      const valid = ['Recreate', 'RollingUpdate'];
      const go = goStrategy(s);
      return [go === undefined ? fieldErrors.notSupported(path, s, valid) : notSupportedGo(path, go, valid)];
    }
  }
}

/** ValidateDeploymentSpec. */
export function validateDeploymentSpec(spec: DeploymentSpec, path: FieldPath): FieldError[] {
  const errs = validateNonnegative(spec.replicas ?? 0, path.child('replicas'));
  const sel = validateWorkloadSelector(spec.selector, path.child('selector'), 'empty selector is invalid for deployment', 'invalid label selector');
  errs.push(...sel.errs);
  if (sel.selector) errs.push(...validatePodTemplateForReplicaSet(spec.template ?? {}, sel.selector, path.child('template')));
  errs.push(...validateStrategy(spec.strategy ?? {}, path.child('strategy')));
  errs.push(...validateNonnegative(spec.minReadySeconds ?? 0, path.child('minReadySeconds')));
  errs.push(...validateNonnegative(spec.revisionHistoryLimit, path.child('revisionHistoryLimit')));
  if (spec.progressDeadlineSeconds !== undefined) {
    errs.push(...validateNonnegative(spec.progressDeadlineSeconds, path.child('progressDeadlineSeconds')));
    if (spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)) {
      errs.push(fieldErrors.invalid(path.child('progressDeadlineSeconds'), spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  return errs;
}

export const deploymentKind = defineKind<Deployment>({
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  resource: 'deployments',
  singular: 'deployment',
  shortNames: ['deploy'],
  categories: ['all'],
  namespaced: true,
  schema: Deployment,
  proto: protoMessageOf(Deployment),
  description: 'Declarative updates of pods, rolled out through ReplicaSets.',
  defaults: defaultDeployment,
  validate: (d) => [
    ...validateObjectMeta(d.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateDeploymentSpec(d.spec ?? {}, FieldPath.of('spec')),
  ],
  validateUpdate: (d, old) => [
    ...validateObjectMetaUpdate(d.metadata ?? {}, old.metadata ?? {}),
    ...validateDeploymentSpec(d.spec ?? {}, FieldPath.of('spec')),
    ...validateImmutableSelector(d.spec?.selector, old.spec?.selector, FieldPath.of('spec', 'selector')),
  ],
});
