// Behaviour of k8s.io/api apps/v1 types.go (DaemonSet), k8s.io/kubernetes pkg/apis/apps/v1/defaults.go
// SetDefaults_DaemonSet, pkg/apis/apps/validation/validation.go ValidateDaemonSet(Update) and
// pkg/registry/apps/daemonset/strategy.go (create rules then update rules; selector immutable) (v1.33).
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
  goLabelSelector,
  intOrPercentValue,
  invalidGo,
  isNotMoreThan100Percent,
  labelSelectorAsSelector,
  notSupportedGo,
  selectorMismatch,
  validateAlwaysRestart,
  validateCorePodTemplate,
  validateImmutableSelector,
  validateLabelSelector,
  validateNonnegative,
  validatePositiveIntOrPercent,
  type TemplateValue,
} from '../../workloads/index.ts';

export const RollingUpdateDaemonSet = struct(appsV1('RollingUpdateDaemonSet', 'How a rolling update of a DaemonSet proceeds.'), {
  maxUnavailable: field(1, types.intOrString(), {
    description: 'How many daemon pods (a number, or a percentage of desiredNumberScheduled rounded up) may be down during the update; 1 by default.',
    pointer: true,
  }),
  maxSurge: field(2, types.intOrString(), {
    description: 'How many nodes may run an updated pod beside the old one during the update (a number or a percentage); 0 by default.',
    pointer: true,
  }),
});

export const DaemonSetUpdateStrategy = struct(appsV1('DaemonSetUpdateStrategy', 'How a DaemonSet replaces its pods.'), {
  type: field(1, types.string(), { description: 'RollingUpdate (the default) or OnDelete.' }),
  rollingUpdate: field(2, RollingUpdateDaemonSet, { description: 'Parameters of a RollingUpdate; only with that type.', pointer: true }),
});

export const DaemonSetSpec = struct(appsV1('DaemonSetSpec', 'The desired behaviour of a DaemonSet.'), {
  selector: field(1, LabelSelector, {
    description: 'Selects the pods this DaemonSet manages; must match the template labels. Immutable.',
    pointer: true,
    required: true,
  }),
  template: field(2, PodTemplateSpec, {
    description: "The pod to run on every node that matches the template's node selector; restartPolicy may only be Always.",
    required: true,
  }),
  updateStrategy: field(3, DaemonSetUpdateStrategy, { description: 'How existing daemon pods are replaced by new ones.' }),
  minReadySeconds: field(4, types.int32(), { description: 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.' }),
  revisionHistoryLimit: field(6, types.int32(), { description: 'How many old revisions to keep for rollback; 10 by default.', pointer: true }),
});
export type DaemonSetSpec = z.infer<typeof DaemonSetSpec>;

export const DaemonSetCondition = struct(appsV1('DaemonSetCondition', 'The state of a DaemonSet at a point in time.'), {
  type: field(1, types.string(), { description: 'Type of the condition.', required: true }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true }),
  lastTransitionTime: field(3, types.time(), { description: 'When the condition last changed status.' }),
  reason: field(4, types.string(), { description: 'Machine-readable reason for the last change.' }),
  message: field(5, types.string(), { description: 'Human-readable details of the last change.' }),
});

export const DaemonSetStatus = struct(appsV1('DaemonSetStatus', 'The observed state of a DaemonSet.'), {
  currentNumberScheduled: field(1, types.int32(), { description: 'Nodes running at least one daemon pod that should run it.', required: true }),
  numberMisscheduled: field(2, types.int32(), { description: 'Nodes running the daemon pod that should not.', required: true }),
  desiredNumberScheduled: field(3, types.int32(), { description: 'Nodes that should run the daemon pod.', required: true }),
  numberReady: field(4, types.int32(), { description: 'Nodes that should run the daemon pod and have one Ready.', required: true }),
  observedGeneration: field(5, types.int64(), { description: 'The generation the controller last acted on.' }),
  updatedNumberScheduled: field(6, types.int32(), { description: 'Nodes running the updated daemon pod.' }),
  numberAvailable: field(7, types.int32(), { description: 'Nodes that should run the daemon pod and have one available.' }),
  numberUnavailable: field(8, types.int32(), { description: 'Nodes that should run the daemon pod and have none available.' }),
  collisionCount: field(9, types.int32(), { description: 'Hash collisions met when naming the newest ControllerRevision.', pointer: true }),
  conditions: field(10, types.list(DaemonSetCondition), {
    description: "The latest observations of the DaemonSet's state.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});

export const DaemonSet = struct(appsV1('DaemonSet', 'Runs a copy of a pod on every (selected) node.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, DaemonSetSpec, { description: 'The desired behaviour of the DaemonSet.' }),
  status: field(3, DaemonSetStatus, { description: 'The current status of the DaemonSet; may lag behind. Read-only.' }),
});
export type DaemonSet = z.infer<typeof DaemonSet>;

/** SetDefaults_DaemonSet, then the pod template's defaults. */
export function defaultDaemonSet(ds: DaemonSet): void {
  const spec = (ds.spec ??= {});
  const strategy = (spec.updateStrategy ??= {});
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = (strategy.rollingUpdate ??= {});
    ru.maxUnavailable ??= 1;
    ru.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplateSpec((spec.template ??= {}));
}

type Strategy = NonNullable<DaemonSetSpec['updateStrategy']>;

function validateRollingUpdate(ru: NonNullable<Strategy['rollingUpdate']>, path: FieldPath): FieldError[] {
  const errs = [
    ...validatePositiveIntOrPercent(ru.maxUnavailable, path.child('maxUnavailable')),
    ...validatePositiveIntOrPercent(ru.maxSurge, path.child('maxSurge')),
    ...isNotMoreThan100Percent(ru.maxUnavailable, path.child('maxUnavailable')),
    ...isNotMoreThan100Percent(ru.maxSurge, path.child('maxSurge')),
  ];
  const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errs.push(invalidGo(path.child('maxSurge'), goIntOrString(ru.maxSurge), 'may not be set when maxUnavailable is non-zero'));
  else if (!hasUnavailable && !hasSurge) errs.push(fieldErrors.required(path.child('maxUnavailable'), 'cannot be 0 when maxSurge is 0'));
  return errs;
}

function validateUpdateStrategy(s: Strategy, path: FieldPath): FieldError[] {
  switch (s.type) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate':
      return s.rollingUpdate === undefined ? [fieldErrors.required(path.child('rollingUpdate'), '')] : validateRollingUpdate(s.rollingUpdate, path.child('rollingUpdate'));
    default: {
      const valid = ['RollingUpdate', 'OnDelete'];
      // Go prints the *DaemonSetUpdateStrategy; with rollingUpdate set that includes an address.
      return s.rollingUpdate === undefined
        ? [notSupportedGo(path, `apps.DaemonSetUpdateStrategy{Type:${quote(s.type ?? '')}, RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}`, valid)]
        : [fieldErrors.notSupported(path, s, valid)];
    }
  }
}

/** ValidateDaemonSetSpec. A nil selector is not reported as missing: it selects nothing, so the template labels mismatch. */
export function validateDaemonSetSpec(spec: DaemonSetSpec, path: FieldPath): FieldError[] {
  const errs = validateLabelSelector(spec.selector, path.child('selector'));
  const template = (spec.template ?? {}) as TemplateValue;
  const labels = template.metadata?.labels;
  const selector = labelSelectorAsSelector(spec.selector);
  if (selector !== undefined && !selector.matches(labels)) errs.push(selectorMismatch(path.child('template', 'metadata', 'labels'), labels));
  if (spec.selector !== undefined && Object.keys(spec.selector.matchLabels ?? {}).length + (spec.selector.matchExpressions ?? []).length === 0) {
    errs.push(invalidGo(path.child('selector'), goLabelSelector(spec.selector), 'empty selector is invalid for daemonset'));
  }
  errs.push(...validateCorePodTemplate(template, path.child('template')));
  errs.push(...validateAlwaysRestart(template, path.child('template'), 'DaemonSet'));
  errs.push(...validateNonnegative(spec.minReadySeconds ?? 0, path.child('minReadySeconds')));
  errs.push(...validateUpdateStrategy(spec.updateStrategy ?? {}, path.child('updateStrategy')));
  errs.push(...validateNonnegative(spec.revisionHistoryLimit, path.child('revisionHistoryLimit')));
  return errs;
}

/** ValidateDaemonSet. */
export function validateDaemonSet(ds: DaemonSet): FieldError[] {
  return [
    ...validateObjectMeta(ds.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateDaemonSetSpec(ds.spec ?? {}, FieldPath.of('spec')),
  ];
}

export const daemonSetKind = defineKind<DaemonSet>({
  group: 'apps',
  version: 'v1',
  kind: 'DaemonSet',
  resource: 'daemonsets',
  singular: 'daemonset',
  shortNames: ['ds'],
  categories: ['all'],
  namespaced: true,
  schema: DaemonSet,
  proto: protoMessageOf(DaemonSet),
  description: 'A copy of a pod on every (selected) node.',
  defaults: defaultDaemonSet,
  validate: validateDaemonSet,
  // Upstream's strategy runs the create rules and then the update rules, so spec errors repeat.
  validateUpdate: (ds, old) => [
    ...validateDaemonSet(ds),
    ...validateObjectMetaUpdate(ds.metadata ?? {}, old.metadata ?? {}),
    ...validateDaemonSetSpec(ds.spec ?? {}, FieldPath.of('spec')),
    ...validateImmutableSelector(ds.spec?.selector, old.spec?.selector, FieldPath.of('spec', 'selector')),
  ],
});
