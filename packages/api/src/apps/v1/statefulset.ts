// Behaviour of k8s.io/api apps/v1 types.go (StatefulSet), k8s.io/kubernetes pkg/apis/apps/v1/defaults.go
// SetDefaults_StatefulSet, pkg/apis/apps/validation/validation.go ValidateStatefulSet(Update) and
// pkg/registry/apps/statefulset/strategy.go (update rules only on update: the name is not checked again) (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  nameIsDNSLabel,
  protoMessageOf,
  quote,
  struct,
  types,
  validateAnnotations,
  validateLabels,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { appsV1 } from './names.ts';
import { LabelSelector, PersistentVolumeClaim, PodTemplateSpec, defaultPodTemplateSpec } from '../../core/v1/index.ts';
import {
  goIntOrString,
  intOrPercentValue,
  invalidGo,
  isNotMoreThan100Percent,
  selectorMismatch,
  semanticEqual,
  validateAlwaysRestart,
  validateNonnegative,
  validatePositiveIntOrPercent,
  validateWorkloadSelector,
  type TemplateValue,
  type WorkloadSelector,
} from '../../workloads/index.ts';

export const RollingUpdateStatefulSetStrategy = struct(
  appsV1('RollingUpdateStatefulSetStrategy', 'Parameters of a RollingUpdate of a StatefulSet.'),
  {
    partition: field(1, types.int32(), {
      description: 'Pods with an ordinal at or above this are updated, those below are left alone; 0 by default.',
      pointer: true,
    }),
    maxUnavailable: field(2, types.intOrString(), {
      description: 'How many pods (a number, or a percentage rounded up; never 0) may be unavailable during the update; 1 by default (MaxUnavailableStatefulSet).',
      pointer: true,
    }),
  },
);

export const StatefulSetUpdateStrategy = struct(appsV1('StatefulSetUpdateStrategy', 'How the StatefulSet controller updates pods.'), {
  type: field(1, types.string(), { description: 'RollingUpdate (the default) or OnDelete.' }),
  rollingUpdate: field(2, RollingUpdateStatefulSetStrategy, { description: 'Parameters of a RollingUpdate; only with that type.', pointer: true }),
});

export const StatefulSetPersistentVolumeClaimRetentionPolicy = struct(
  appsV1('StatefulSetPersistentVolumeClaimRetentionPolicy', 'What happens to the claims made from volumeClaimTemplates.'),
  {
    whenDeleted: field(1, types.string(), { description: 'Retain (the default) or Delete the claims when the StatefulSet is deleted.' }),
    whenScaled: field(2, types.string(), { description: 'Retain (the default) or Delete the claims of pods removed by a scale-down.' }),
  },
);

export const StatefulSetOrdinals = struct(appsV1('StatefulSetOrdinals', 'How replica ordinals are numbered.'), {
  start: field(1, types.int32(), { description: 'The ordinal of the first replica; replicas are numbered [start, start+replicas). 0 by default.' }),
});

export const StatefulSetSpec = struct(appsV1('StatefulSetSpec', 'The desired behaviour of a StatefulSet.'), {
  replicas: field(1, types.int32(), { description: 'Desired number of replicas of the template; 1 by default.', pointer: true }),
  selector: field(2, LabelSelector, {
    description: 'Selects the pods counted as replicas; must match the template labels.',
    pointer: true,
    required: true,
  }),
  template: field(3, PodTemplateSpec, {
    description: 'The pods to create, each named <statefulset>-<ordinal>; restartPolicy may only be Always.',
    required: true,
  }),
  volumeClaimTemplates: field(4, types.list(PersistentVolumeClaim), {
    description: 'Claims each pod gets, matched by name to a volume mount; they win over template volumes of the same name.',
    listType: 'atomic',
  }),
  serviceName: field(5, types.string(), { description: 'The governing service that gives the pods their network identity.' }),
  podManagementPolicy: field(6, types.string(), { description: 'OrderedReady (the default: one pod at a time, in order) or Parallel.' }),
  updateStrategy: field(7, StatefulSetUpdateStrategy, { description: 'How pods are updated when the template changes.' }),
  revisionHistoryLimit: field(8, types.int32(), { description: 'How many old revisions to keep; 10 by default.', pointer: true }),
  minReadySeconds: field(9, types.int32(), { description: 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.' }),
  persistentVolumeClaimRetentionPolicy: field(10, StatefulSetPersistentVolumeClaimRetentionPolicy, {
    description: 'What happens to the claims from volumeClaimTemplates on deletion and scale-down.',
    pointer: true,
  }),
  ordinals: field(11, StatefulSetOrdinals, { description: 'How replica ordinals are numbered; from 0 by default.', pointer: true }),
});
export type StatefulSetSpec = z.infer<typeof StatefulSetSpec>;

export const StatefulSetCondition = struct(appsV1('StatefulSetCondition', 'The state of a StatefulSet at a point in time.'), {
  type: field(1, types.string(), { description: 'Type of the condition.', required: true }),
  status: field(2, types.string(), { description: 'Status of the condition: True, False or Unknown.', required: true }),
  lastTransitionTime: field(3, types.time(), { description: 'When the condition last changed status.' }),
  reason: field(4, types.string(), { description: 'Machine-readable reason for the last change.' }),
  message: field(5, types.string(), { description: 'Human-readable details of the last change.' }),
});

export const StatefulSetStatus = struct(appsV1('StatefulSetStatus', 'The observed state of a StatefulSet.'), {
  observedGeneration: field(1, types.int64(), { description: 'The generation the controller last acted on.' }),
  replicas: field(2, types.int32(), { description: 'Pods the controller has created.', required: true }),
  readyReplicas: field(3, types.int32(), { description: 'Pods with a Ready condition.' }),
  currentReplicas: field(4, types.int32(), { description: 'Pods created from currentRevision.' }),
  updatedReplicas: field(5, types.int32(), { description: 'Pods created from updateRevision.' }),
  currentRevision: field(6, types.string(), { description: 'The revision that made the pods [0, currentReplicas).' }),
  updateRevision: field(7, types.string(), { description: 'The revision that makes the pods [replicas-updatedReplicas, replicas).' }),
  collisionCount: field(9, types.int32(), { description: 'Hash collisions met when naming the newest ControllerRevision.', pointer: true }),
  conditions: field(10, types.list(StatefulSetCondition), {
    description: "The latest observations of the StatefulSet's state.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
  availableReplicas: field(11, types.int32(), { description: 'Pods ready for at least minReadySeconds.' }),
});

export const StatefulSet = struct(appsV1('StatefulSet', 'A set of pods with stable identities: a network name and storage each.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, StatefulSetSpec, { description: 'The desired identities of the pods in this set.' }),
  status: field(3, StatefulSetStatus, { description: 'The current status of the pods in this set; may lag behind. Read-only.' }),
});
export type StatefulSet = z.infer<typeof StatefulSet>;

/** SetDefaults_StatefulSet (StatefulSetAutoDeletePVC is on in 1.33), then the pod template's and the claim templates' defaults. */
export function defaultStatefulSet(ss: StatefulSet): void {
  const spec = (ss.spec ??= {});
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  const strategy = (spec.updateStrategy ??= {});
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate !== undefined) strategy.rollingUpdate.partition ??= 0;
  const retention = (spec.persistentVolumeClaimRetentionPolicy ??= {});
  if (!retention.whenDeleted) retention.whenDeleted = 'Retain';
  if (!retention.whenScaled) retention.whenScaled = 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplateSpec((spec.template ??= {}));
  for (const claim of spec.volumeClaimTemplates ?? []) {
    // SetDefaults_PersistentVolumeClaim and SetDefaults_PersistentVolumeClaimSpec.
    const status = (claim.status ??= {});
    if (!status.phase) status.phase = 'Pending';
    (claim.spec ??= {}).volumeMode ??= 'Filesystem';
  }
}

const retentionPolicies = ['Retain', 'Delete'];

function validateRetention(policy: NonNullable<StatefulSetSpec['persistentVolumeClaimRetentionPolicy']> | undefined, path: FieldPath): FieldError[] {
  if (policy === undefined) return [];
  const errs: FieldError[] = [];
  for (const key of ['whenDeleted', 'whenScaled'] as const) {
    const v = policy[key] ?? '';
    if (!retentionPolicies.includes(v)) errs.push(fieldErrors.notSupported(path.child(key), v, retentionPolicies));
  }
  return errs;
}

type RollingUpdate = NonNullable<NonNullable<StatefulSetSpec['updateStrategy']>['rollingUpdate']>;

function validateRollingUpdate(ru: RollingUpdate, path: FieldPath): FieldError[] {
  const errs = validateNonnegative(ru.partition ?? 0, path.child('partition'));
  const at = path.child('maxUnavailable');
  if (ru.maxUnavailable !== undefined) {
    errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, at));
    if (intOrPercentValue(ru.maxUnavailable) === 0) errs.push(invalidGo(at, goIntOrString(ru.maxUnavailable), 'cannot be 0'));
    errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, at));
  }
  return errs;
}

/** %#v of an apps.StatefulSetUpdateStrategy, or undefined when rollingUpdate is set (Go prints its address). */
function goUpdateStrategy(s: NonNullable<StatefulSetSpec['updateStrategy']>): string | undefined {
  return s.rollingUpdate === undefined
    ? `apps.StatefulSetUpdateStrategy{Type:${quote(s.type ?? '')}, RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}`
    : undefined;
}

function validateUpdateStrategy(s: NonNullable<StatefulSetSpec['updateStrategy']>, path: FieldPath): FieldError[] {
  switch (s.type ?? '') {
    case '':
      return [fieldErrors.required(path, '')];
    case 'OnDelete':
      // Upstream prints the *RollingUpdateStatefulSetStrategy, i.e. its address; the data is given instead.
      return s.rollingUpdate !== undefined ? [fieldErrors.invalid(path.child('rollingUpdate'), s.rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'")] : [];
    case 'RollingUpdate':
      return s.rollingUpdate !== undefined ? validateRollingUpdate(s.rollingUpdate, path.child('rollingUpdate')) : [];
    default: {
      const go = goUpdateStrategy(s);
      const msg = "must be 'RollingUpdate' or 'OnDelete'";
      return [go === undefined ? fieldErrors.invalid(path, s, msg) : invalidGo(path, go, msg)];
    }
  }
}

/** ValidatePodTemplateSpecForStatefulSet: labels and annotations only (volumes are checked against the claims later). */
function validateTemplate(template: TemplateValue, selector: WorkloadSelector, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const labels = template.metadata?.labels;
  if (!selector.empty && !selector.matches(labels)) errs.push(selectorMismatch(path.child('metadata', 'labels'), labels));
  // Upstream reports these at `template.labels` / `template.annotations`, without `metadata`.
  errs.push(...validateLabels(labels, path.child('labels')));
  errs.push(...validateAnnotations(template.metadata?.annotations, path.child('annotations')));
  return errs;
}

/** ValidateStatefulSetSpec. */
export function validateStatefulSetSpec(spec: StatefulSetSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (policy === '') errs.push(fieldErrors.required(path.child('podManagementPolicy'), ''));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') {
    errs.push(fieldErrors.invalid(path.child('podManagementPolicy'), policy, "must be 'OrderedReady' or 'Parallel'"));
  }
  errs.push(...validateUpdateStrategy(spec.updateStrategy ?? {}, path.child('updateStrategy')));
  errs.push(...validateRetention(spec.persistentVolumeClaimRetentionPolicy, path.child('persistentVolumeClaimRetentionPolicy')));
  errs.push(...validateNonnegative(spec.replicas ?? 0, path.child('replicas')));
  errs.push(...validateNonnegative(spec.minReadySeconds ?? 0, path.child('minReadySeconds')));
  if (spec.ordinals !== undefined) errs.push(...validateNonnegative(spec.ordinals.start ?? 0, path.child('ordinals', 'start')));
  const sel = validateWorkloadSelector(spec.selector, path.child('selector'), 'empty selector is invalid for statefulset', '');
  errs.push(...sel.errs);
  const template = (spec.template ?? {}) as TemplateValue;
  if (sel.selector) errs.push(...validateTemplate(template, sel.selector, path.child('template')));
  errs.push(...validateAlwaysRestart(template, path.child('template'), 'StatefulSet'));
  return errs;
}

/** ValidateStatefulSet (names are DNS labels: they become pod hostnames). */
export function validateStatefulSet(ss: StatefulSet): FieldError[] {
  return [
    ...validateObjectMeta(ss.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSLabel }),
    ...validateStatefulSetSpec(ss.spec ?? {}, FieldPath.of('spec')),
  ];
}

const specMessage = protoMessageOf(StatefulSetSpec);
const mutableSpecFields = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'] as const;

/** ValidateStatefulSetUpdate (the name is not validated again): only replicas, ordinals, template, updateStrategy, the retention policy and minReadySeconds may change. */
export function validateStatefulSetUpdate(ss: StatefulSet, old: StatefulSet): FieldError[] {
  const errs = [...validateObjectMetaUpdate(ss.metadata ?? {}, old.metadata ?? {}), ...validateStatefulSetSpec(ss.spec ?? {}, FieldPath.of('spec'))];
  const next: Record<string, unknown> = { ...(ss.spec ?? {}) };
  const prev: Record<string, unknown> = { ...(old.spec ?? {}) };
  for (const k of mutableSpecFields) {
    if (prev[k] === undefined) delete next[k];
    else next[k] = prev[k];
  }
  if (!semanticEqual(specMessage, next, prev)) {
    errs.push(
      fieldErrors.forbidden(
        'spec',
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  return errs;
}

export const statefulSetKind = defineKind<StatefulSet>({
  group: 'apps',
  version: 'v1',
  kind: 'StatefulSet',
  resource: 'statefulsets',
  singular: 'statefulset',
  shortNames: ['sts'],
  categories: ['all'],
  namespaced: true,
  schema: StatefulSet,
  proto: protoMessageOf(StatefulSet),
  description: 'Pods with stable network identities and storage of their own.',
  defaults: defaultStatefulSet,
  validate: validateStatefulSet,
  validateUpdate: validateStatefulSetUpdate,
});

