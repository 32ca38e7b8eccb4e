// Behaviour of k8s.io/api core/v1 types.go + generated.proto (v0.33.13), k8s.io/kubernetes
// pkg/apis/core/v1/defaults.go SetDefaults_ReplicationController (and the declarative replicas
// default) and pkg/apis/core/validation/validation.go ValidatePodTemplate(+Update),
// ValidateReplicationController(+Update, +StatusUpdate) (v1.33): PodTemplate and
// ReplicationController (rc).
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
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { coreV1, typeMetaField } from '../../meta-fields.ts';
import { defaultPodTemplateSpec } from './pod-defaults.ts';
import { validatePodTemplateSpec } from './pod-validation.ts';
import { PodTemplateSpec } from './pod.ts';
import { invalidGo, validateCoreObjectMeta, validateCoreObjectMetaUpdate, validateNonnegative } from './validation-helpers.ts';

/** A template of pods, stored for others to make pods from. */
export const PodTemplate = struct(coreV1('PodTemplate', 'A template of pods, stored for others to make pods from.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  template: field(2, PodTemplateSpec, { description: 'The pods this template describes.' }),
});
export type PodTemplate = z.infer<typeof PodTemplate>;

/** The desired state of a replication controller. */
export const ReplicationControllerSpec = struct(coreV1('ReplicationControllerSpec', 'The desired state of a replication controller.'), {
  replicas: field(1, types.int32(), { description: 'How many pods to run; 1 when unset.', pointer: true, default: 1 }),
  minReadySeconds: field(4, types.int32(), { description: 'How long a new pod must be ready before it counts as available.' }),
  selector: field(2, types.map(types.string()), { description: 'The labels of the pods the controller counts; the template labels when unset.', mapType: 'atomic' }),
  template: field(3, PodTemplateSpec, { description: 'The pods made when too few run.', pointer: true }),
});
export type ReplicationControllerSpec = z.infer<typeof ReplicationControllerSpec>;

/** A condition of a replication controller. */
export const ReplicationControllerCondition = struct(coreV1('ReplicationControllerCondition', 'A condition of a replication controller.'), {
  type: field(1, types.string(), { description: 'The condition type.', required: true, default: '' }),
  status: field(2, types.string(), { description: 'True, False or Unknown.', required: true, default: '' }),
  lastTransitionTime: field(3, types.time(), { description: 'When the status last changed.' }),
  reason: field(4, types.string(), { description: 'Why the condition last changed, in one CamelCase word.' }),
  message: field(5, types.string(), { description: 'Why the condition last changed, for people.' }),
});
export type ReplicationControllerCondition = z.infer<typeof ReplicationControllerCondition>;

/** The observed state of a replication controller. */
export const ReplicationControllerStatus = struct(coreV1('ReplicationControllerStatus', 'The observed state of a replication controller.'), {
  replicas: field(1, types.int32(), { description: 'How many pods the controller counts.', required: true, default: 0 }),
  fullyLabeledReplicas: field(2, types.int32(), { description: 'How many of them carry every label of the template.' }),
  readyReplicas: field(4, types.int32(), { description: 'How many of them are ready.' }),
  availableReplicas: field(5, types.int32(), { description: 'How many of them have been ready for minReadySeconds.' }),
  observedGeneration: field(3, types.int64(), { description: 'The generation the controller last acted on.' }),
  conditions: field(6, types.list(ReplicationControllerCondition), {
    description: "The controller's current conditions.",
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type ReplicationControllerStatus = z.infer<typeof ReplicationControllerStatus>;

/** Keeps a number of copies of a pod running. */
export const ReplicationController = struct(coreV1('ReplicationController', 'Keeps a number of copies of a pod running.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata; the template labels when it has none.' }),
  spec: field(2, ReplicationControllerSpec, { description: 'The desired state.' }),
  status: field(3, ReplicationControllerStatus, { description: 'The observed state. Read-only.' }),
});
export type ReplicationController = z.infer<typeof ReplicationController>;

// --- PodTemplate ----------------------------------------------------------------------------

/** The pod spec defaults of the template. */
export function defaultPodTemplate(pt: PodTemplate): void {
  defaultPodTemplateSpec((pt.template ??= {}));
}

/** ValidatePodTemplate: metadata (names of pods) and the template. */
export function validatePodTemplate(pt: PodTemplate): FieldError[] {
  return [...validateCoreObjectMeta(pt.metadata, true, nameIsDNSSubdomain), ...validatePodTemplateSpec(pt.template ?? {}, FieldPath.of('template'))];
}

/** ValidatePodTemplateUpdate: metadata update and the template. */
export function validatePodTemplateUpdate(pt: PodTemplate, old: PodTemplate): FieldError[] {
  return [...validateCoreObjectMetaUpdate(pt.metadata, old.metadata), ...validatePodTemplateSpec(pt.template ?? {}, FieldPath.of('template'))];
}

/** podtemplates (no short name). */
export const podTemplateKind = defineKind<PodTemplate>({
  group: '',
  version: 'v1',
  kind: 'PodTemplate',
  resource: 'podtemplates',
  singular: 'podtemplate',
  namespaced: true,
  schema: PodTemplate,
  proto: protoMessageOf(PodTemplate),
  description: 'A template of pods, stored for others to make pods from.',
  defaults: defaultPodTemplate,
  validate: validatePodTemplate,
  validateUpdate: validatePodTemplateUpdate,
});

// --- ReplicationController ------------------------------------------------------------------

/** SetDefaults_ReplicationController: selector and labels from the template's labels; replicas 1. */
export function defaultReplicationController(rc: ReplicationController): void {
  const spec = (rc.spec ??= {});
  const labels = spec.template?.metadata?.labels;
  if (labels != null) {
    if (Object.keys(spec.selector ?? {}).length === 0) spec.selector = { ...labels };
    const meta = (rc.metadata ??= {});
    if (Object.keys(meta.labels ?? {}).length === 0) meta.labels = { ...labels };
  }
  spec.replicas ??= 1;
  if (spec.template) defaultPodTemplateSpec(spec.template);
}

/** %#v of a map[string]string. */
function goStringMap(m: Readonly<Record<string, string>> | undefined): string {
  if (m === undefined) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return `map[string]string{${keys.map((k) => `${quote(k)}:${quote(m[k]!)}`).join(', ')}}`;
}

/** ValidatePodTemplateSpecForRC. */
function validateTemplateForRC(template: PodTemplateSpec | undefined, selector: Readonly<Record<string, string>>, path: FieldPath): FieldError[] {
  if (template === undefined) return [fieldErrors.required(path, '')];
  const errs: FieldError[] = [];
  const labels = template.metadata?.labels;
  const wanted = Object.entries(selector);
  if (wanted.length > 0 && !wanted.every(([k, v]) => labels?.[k] === v)) {
    errs.push(invalidGo(path.child('metadata', 'labels'), goStringMap(labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, path));
  const policy = template.spec?.restartPolicy ?? '';
  if (policy !== 'Always') errs.push(fieldErrors.notSupported(path.child('spec', 'restartPolicy'), policy, ['Always']));
  if (template.spec?.activeDeadlineSeconds != null) {
    errs.push(fieldErrors.forbidden(path.child('spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return errs;
}

/** ValidateReplicationControllerSpec. */
export function validateReplicationControllerSpec(spec: ReplicationControllerSpec, path: FieldPath): FieldError[] {
  const selector = spec.selector ?? {};
  const errs = validateNonnegative(spec.minReadySeconds ?? 0, path.child('minReadySeconds'));
  if (Object.keys(selector).length === 0) errs.push(fieldErrors.required(path.child('selector'), ''));
  errs.push(...validateNonnegative(spec.replicas ?? 0, path.child('replicas')));
  errs.push(...validateTemplateForRC(spec.template, selector, path.child('template')));
  return errs;
}

/** ValidateReplicationController. */
export function validateReplicationController(rc: ReplicationController): FieldError[] {
  return [...validateCoreObjectMeta(rc.metadata, true, nameIsDNSSubdomain), ...validateReplicationControllerSpec(rc.spec ?? {}, FieldPath.of('spec'))];
}

/** The strategy's ValidateUpdate: ValidateReplicationController, then ValidateReplicationControllerUpdate. */
export function validateReplicationControllerUpdate(rc: ReplicationController, old: ReplicationController): FieldError[] {
  const spec = validateReplicationControllerSpec(rc.spec ?? {}, FieldPath.of('spec'));
  return [...validateCoreObjectMeta(rc.metadata, true, nameIsDNSSubdomain), ...spec, ...validateCoreObjectMetaUpdate(rc.metadata, old.metadata), ...spec];
}

/** ValidateReplicationControllerStatus. */
export function validateReplicationControllerStatus(status: ReplicationControllerStatus, path: FieldPath): FieldError[] {
  const replicas = status.replicas ?? 0;
  const fully = status.fullyLabeledReplicas ?? 0;
  const ready = status.readyReplicas ?? 0;
  const available = status.availableReplicas ?? 0;
  const errs = [
    ...validateNonnegative(replicas, path.child('replicas')),
    ...validateNonnegative(fully, path.child('fullyLabeledReplicas')),
    ...validateNonnegative(ready, path.child('readyReplicas')),
    ...validateNonnegative(available, path.child('availableReplicas')),
    ...validateNonnegative(status.observedGeneration ?? 0, path.child('observedGeneration')),
  ];
  const msg = 'cannot be greater than status.replicas';
  if (fully > replicas) errs.push(fieldErrors.invalid(path.child('fullyLabeledReplicas'), fully, msg));
  if (ready > replicas) errs.push(fieldErrors.invalid(path.child('readyReplicas'), ready, msg));
  if (available > replicas) errs.push(fieldErrors.invalid(path.child('availableReplicas'), available, msg));
  if (available > ready) errs.push(fieldErrors.invalid(path.child('availableReplicas'), available, 'cannot be greater than readyReplicas'));
  return errs;
}

/** ValidateReplicationControllerStatusUpdate. */
export function validateReplicationControllerStatusUpdate(rc: ReplicationController, old: ReplicationController): FieldError[] {
  return [...validateCoreObjectMetaUpdate(rc.metadata, old.metadata), ...validateReplicationControllerStatus(rc.status ?? {}, FieldPath.of('status'))];
}

/** replicationcontrollers (rc), in the `all` category. */
export const replicationControllerKind = defineKind<ReplicationController>({
  group: '',
  version: 'v1',
  kind: 'ReplicationController',
  resource: 'replicationcontrollers',
  singular: 'replicationcontroller',
  shortNames: ['rc'],
  categories: ['all'],
  namespaced: true,
  schema: ReplicationController,
  proto: protoMessageOf(ReplicationController),
  description: 'Keeps a number of copies of a pod running.',
  defaults: defaultReplicationController,
  validate: validateReplicationController,
  validateUpdate: validateReplicationControllerUpdate,
});
