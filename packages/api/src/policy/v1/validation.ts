// Behaviour of k8s.io/kubernetes pkg/apis/policy/validation/validation.go (v1.33, PodDisruptionBudget
// part), the object-metadata checks kube's generic registry runs after it (path-segment names), and
// k8s.io/apimachinery pkg/apis/meta/v1/validation ValidateConditions (the budget's status).
import {
  FieldPath,
  fieldErrors,
  isValidPathSegmentName,
  validateLabelName,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type NameValidator,
} from '@kapi/apimachinery';
import { invalidGo, isNotMoreThan100Percent, validateLabelSelector, validateNonnegative, validatePositiveIntOrPercent } from '../../workloads/validation.ts';
import type { Condition } from '../../meta/v1/condition.ts';
import type { PodDisruptionBudget, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus } from './types.ts';

/** The label policy/v1beta1 match-all and match-none selectors are spelled with. */
export const pdbV1beta1Label = 'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match';

/**
 * Convert_v1_PodDisruptionBudget_To_policy_PodDisruptionBudget: a v1 selector keeps the v1beta1
 * label only when it is exactly the match-none selector (`<label> Exists`) or empty; otherwise
 * every requirement on that label is dropped (kube runs this on every decode of a v1 object).
 */
export function convertPodDisruptionBudget(pdb: PodDisruptionBudget): void {
  const sel = pdb.spec?.selector;
  if (!sel) return;
  const exprs = sel.matchExpressions ?? [];
  const labels = Object.keys(sel.matchLabels ?? {});
  if (exprs.length === 0 && labels.length === 0) return;
  const only = exprs[0];
  if (exprs.length === 1 && labels.length === 0 && only!.key === pdbV1beta1Label && only!.operator === 'Exists' && (only!.values ?? []).length === 0) return;
  const kept = exprs.filter((e) => e.key !== pdbV1beta1Label);
  if (kept.length === exprs.length) return;
  if (kept.length > 0) sel.matchExpressions = kept;
  else delete sel.matchExpressions;
}

/** UnhealthyPodEvictionPolicyType values, sorted as kube's set lists them. */
export const unhealthyPodEvictionPolicies = ['AlwaysAllow', 'IfHealthyBudget'] as const;

/** path.ValidatePathSegmentName: the names kube's generic registry accepts for any kind. */
export const nameIsPathSegment: NameValidator = (name, prefix) => {
  if (prefix) return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
  return isValidPathSegmentName(name);
};

// Go prints a pointer inside a %#v struct as its address; any fixed address reads the same to a user.
const goPointer = (type: string, set: boolean) => `(*${type})(${set ? '0xc000000000' : 'nil'})`;

/** %#v of a policy.PodDisruptionBudgetSpec (the value of the "both set" error). */
function goSpec(spec: PodDisruptionBudgetSpec): string {
  return (
    `policy.PodDisruptionBudgetSpec{MinAvailable:${goPointer('intstr.IntOrString', spec.minAvailable !== undefined)}, ` +
    `Selector:${goPointer('v1.LabelSelector', spec.selector !== undefined)}, ` +
    `MaxUnavailable:${goPointer('intstr.IntOrString', spec.maxUnavailable !== undefined)}, ` +
    `UnhealthyPodEvictionPolicy:${goPointer('policy.UnhealthyPodEvictionPolicyType', spec.unhealthyPodEvictionPolicy !== undefined)}}`
  );
}

/** ValidatePodDisruptionBudgetSpec. */
export function validatePodDisruptionBudgetSpec(spec: PodDisruptionBudgetSpec, path: FieldPath, allowInvalidLabelValue = false): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) {
    errs.push(invalidGo(path, goSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  for (const key of ['minAvailable', 'maxUnavailable'] as const) {
    const v = spec[key];
    if (v === undefined) continue;
    errs.push(...validatePositiveIntOrPercent(v, path.child(key)), ...isNotMoreThan100Percent(v, path.child(key)));
  }
  errs.push(...validateLabelSelector(spec.selector, path.child('selector'), allowInvalidLabelValue));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && !(unhealthyPodEvictionPolicies as readonly string[]).includes(policy)) {
    errs.push(fieldErrors.notSupported(path.child('unhealthyPodEvictionPolicy'), policy, unhealthyPodEvictionPolicies));
  }
  return errs;
}

/**
 * The strategy's Validate: the spec (ValidatePodDisruptionBudget), then, only when that passed, the
 * metadata as kube's generic registry checks it (names are path segments, not DNS subdomains).
 */
export function validatePodDisruptionBudget(pdb: PodDisruptionBudget, allowInvalidLabelValue = false): FieldError[] {
  const errs = validatePodDisruptionBudgetSpec(pdb.spec ?? {}, FieldPath.of('spec'), allowInvalidLabelValue);
  if (errs.length > 0) return errs;
  return validateObjectMeta(pdb.metadata ?? {}, { namespaced: true, nameValidator: nameIsPathSegment });
}

/** hasInvalidLabelValueInLabelSelector of the strategy: an old selector with bad label values keeps them allowed. */
function oldSelectorHasInvalidLabelValue(old: PodDisruptionBudget): boolean {
  const sel = old.spec?.selector;
  if (sel === undefined) return false;
  return validateLabelSelector(sel, FieldPath.of('')).length > 0;
}

/** The generic registry's common checks (metadata update and metadata), then the strategy's ValidateUpdate. */
export function validatePodDisruptionBudgetUpdate(pdb: PodDisruptionBudget, old: PodDisruptionBudget): FieldError[] {
  const meta = pdb.metadata ?? {};
  return [
    ...validateObjectMetaUpdate(meta, old.metadata ?? {}),
    ...validateObjectMeta(meta, { namespaced: true, nameValidator: nameIsPathSegment }),
    ...validatePodDisruptionBudgetSpec(pdb.spec ?? {}, FieldPath.of('spec'), oldSelectorHasInvalidLabelValue(old)),
  ];
}

// --- Conditions (metav1 ValidateConditions) ---------------------------------------------------

const conditionReasonFmt = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
const conditionReasonRe = new RegExp(`^${conditionReasonFmt}$`);
const conditionReasonMsg =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";
const conditionReasonError = `${conditionReasonMsg} (e.g. ${['my_name', 'MY_NAME', 'MyName', 'ReasonA,ReasonB', 'ReasonA:ReasonB'].map((e) => `'${e}', `).join(' or ')}regex used for validation is '${conditionReasonFmt}')`;
const zeroTime = Date.parse('0001-01-01T00:00:00Z');

/** ValidateCondition. */
export function validateCondition(c: Condition, path: FieldPath): FieldError[] {
  const errs = validateLabelName(c.type ?? '', path.child('type'));
  const status = c.status ?? '';
  if (!['False', 'True', 'Unknown'].includes(status)) errs.push(fieldErrors.notSupported(path.child('status'), status, ['False', 'True', 'Unknown']));
  if ((c.observedGeneration ?? 0) < 0) errs.push(fieldErrors.invalid(path.child('observedGeneration'), c.observedGeneration, 'must be greater than or equal to zero'));
  const t = c.lastTransitionTime;
  if (t === undefined || t === null || t === '' || Date.parse(t) === zeroTime) errs.push(fieldErrors.required(path.child('lastTransitionTime'), 'must be set'));
  const reason = c.reason ?? '';
  if (reason === '') errs.push(fieldErrors.required(path.child('reason'), 'must be set'));
  else {
    if (!conditionReasonRe.test(reason)) errs.push(fieldErrors.invalid(path.child('reason'), reason, conditionReasonError));
    if (Buffer.byteLength(reason) > 1024) errs.push(fieldErrors.tooLong(path.child('reason'), '', 1024));
  }
  if (Buffer.byteLength(c.message ?? '') > 32 * 1024) errs.push(fieldErrors.tooLong(path.child('message'), '', 32 * 1024));
  return errs;
}

/** ValidateConditions: each condition, and no type twice. */
export function validateConditions(conditions: readonly Condition[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const type = c.type ?? '';
    if (seen.has(type)) errs.push(fieldErrors.duplicate(path.index(i).child('type'), type));
    else seen.add(type);
    errs.push(...validateCondition(c, path.index(i)));
  });
  return errs;
}

/** ValidatePodDisruptionBudgetStatusUpdate (policy/v1): conditions, and no negative counts. */
export function validatePodDisruptionBudgetStatusUpdate(status: PodDisruptionBudgetStatus, path: FieldPath): FieldError[] {
  const errs = validateConditions(status.conditions, path.child('conditions'));
  for (const key of ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'] as const) errs.push(...validateNonnegative(status[key] ?? 0, path.child(key)));
  return errs;
}

/** The `/status` update: the generic registry's metadata checks, then the status rules. */
export function validatePodDisruptionBudgetStatus(pdb: PodDisruptionBudget, old: PodDisruptionBudget): FieldError[] {
  const meta = pdb.metadata ?? {};
  return [
    ...validateObjectMetaUpdate(meta, old.metadata ?? {}),
    ...validateObjectMeta(meta, { namespaced: true, nameValidator: nameIsPathSegment }),
    ...validatePodDisruptionBudgetStatusUpdate(pdb.status ?? {}, FieldPath.of('status')),
  ];
}
