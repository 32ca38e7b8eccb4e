// Behaviour of k8s.io/kubernetes pkg/apis/apps/validation/validation.go (v1.33): the rules the
// workload kinds apply to their selector and pod template.
import { FieldPath, fieldErrors, type FieldError, type ObjectMeta } from '@kapi/apimachinery';
import { validatePodTemplateSpec, type PodTemplateSpec } from '../core/v1/index.ts';
import {
  goLabelSelector,
  invalidGo,
  labelSelectorAsSelector,
  selectorMismatch,
  validateLabelSelector,
  type LabelSelectorValue,
  type WorkloadSelector,
} from './validation.ts';

/** The parts of a pod template the workload rules read. */
export interface TemplateValue {
  metadata?: ObjectMeta | undefined;
  spec?: { restartPolicy?: string | undefined; activeDeadlineSeconds?: number | undefined; [k: string]: unknown } | undefined;
  [k: string]: unknown;
}

/**
 * The selector rules of Deployments, ReplicaSets and StatefulSets: required, valid, not empty.
 * Returns the errors and the selector as kube evaluates it (undefined when it does not convert).
 */
export function validateWorkloadSelector(
  sel: LabelSelectorValue | undefined,
  path: FieldPath,
  emptyMessage: string,
  invalidMessage: string,
): { errs: FieldError[]; selector: WorkloadSelector | undefined } {
  const errs: FieldError[] = [];
  if (sel === undefined) errs.push(fieldErrors.required(path, ''));
  else {
    errs.push(...validateLabelSelector(sel, path));
    if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length === 0) errs.push(invalidGo(path, goLabelSelector(sel), emptyMessage));
  }
  const selector = labelSelectorAsSelector(sel);
  if (selector === undefined) errs.push(invalidGo(path, goLabelSelector(sel!), invalidMessage));
  return { errs, selector };
}

/** `restartPolicy` must be Always and `activeDeadlineSeconds` unset, for `kind` (ReplicaSet, StatefulSet, DaemonSet). */
export function validateAlwaysRestart(template: TemplateValue, path: FieldPath, kind: string): FieldError[] {
  const errs: FieldError[] = [];
  const policy = template.spec?.restartPolicy ?? '';
  if (policy !== 'Always') errs.push(fieldErrors.notSupported(path.child('spec', 'restartPolicy'), policy, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined) {
    errs.push(fieldErrors.forbidden(path.child('spec', 'activeDeadlineSeconds'), `activeDeadlineSeconds in ${kind} is not Supported`));
  }
  return errs;
}

/** The core rules of a pod template (core/v1 ValidatePodTemplateSpec). */
export function validateCorePodTemplate(template: TemplateValue, path: FieldPath): FieldError[] {
  return validatePodTemplateSpec(template as PodTemplateSpec, path);
}

/** ValidatePodTemplateSpecForReplicaSet (Deployments and ReplicaSets). */
export function validatePodTemplateForReplicaSet(template: TemplateValue, selector: WorkloadSelector, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const labels = template.metadata?.labels;
  if (!selector.empty && !selector.matches(labels)) errs.push(selectorMismatch(path.child('metadata', 'labels'), labels));
  errs.push(...validateCorePodTemplate(template, path));
  errs.push(...validateAlwaysRestart(template, path, 'ReplicaSet'));
  return errs;
}
