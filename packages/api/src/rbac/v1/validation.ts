// Behaviour of k8s.io/kubernetes pkg/apis/rbac/validation/validation.go and pkg/apis/rbac/v1/defaults.go
// (v1.33): the rules of PolicyRules, subjects and role references, and the apiGroup defaults.
import {
  FieldPath,
  fieldErrors,
  isValidPathSegmentName,
  nameIsDNSSubdomain,
  quote,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type NameValidator,
  type ObjectMeta,
} from '@kapi/apimachinery';
import { invalidGo, labelSelectorAsSelector, validateLabelSelector } from '../../workloads/validation.ts';
import { rbacGroupName } from './names.ts';
import type { AggregationRule, PolicyRule, RoleRef, Subject } from './types.ts';

/** ValidateRBACName: role and binding names only have to be usable as a path segment. */
export const nameIsRBACName: NameValidator = (name) => isValidPathSegmentName(name);

/** SetDefaults_Subject: Users and Groups are of the RBAC group, ServiceAccounts of the core group. */
export function defaultSubject(subject: Subject): void {
  if (subject.apiGroup) return;
  if (subject.kind === 'User' || subject.kind === 'Group') subject.apiGroup = rbacGroupName;
  else if (subject.kind === 'ServiceAccount') subject.apiGroup = '';
}

/** SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding, and every subject's defaults. */
export function defaultBinding(binding: { subjects?: Subject[] | undefined; roleRef?: RoleRef | undefined }): void {
  if (binding.roleRef && !binding.roleRef.apiGroup) binding.roleRef.apiGroup = rbacGroupName;
  for (const s of binding.subjects ?? []) defaultSubject(s);
}

const goStrings = (list: readonly string[]) => `[]string{${list.map(quote).join(', ')}}`;

/** ValidatePolicyRule: a rule names verbs, and either resources of API groups or non-resource URLs (the latter cluster-wide only). */
export function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const len = (l: readonly string[] | undefined) => l?.length ?? 0;
  if (len(rule.verbs) === 0) errs.push(fieldErrors.required(path.child('verbs'), 'verbs must contain at least one value'));
  if (len(rule.nonResourceURLs) > 0) {
    const urls = goStrings(rule.nonResourceURLs!);
    if (namespaced) errs.push(invalidGo(path.child('nonResourceURLs'), urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (len(rule.apiGroups) > 0 || len(rule.resources) > 0 || len(rule.resourceNames) > 0) {
      errs.push(invalidGo(path.child('nonResourceURLs'), urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (len(rule.apiGroups) === 0) errs.push(fieldErrors.required(path.child('apiGroups'), 'resource rules must supply at least one api group'));
  if (len(rule.resources) === 0) errs.push(fieldErrors.required(path.child('resources'), 'resource rules must supply at least one resource'));
  return errs;
}

function validateRules(rules: readonly PolicyRule[] | undefined, namespaced: boolean): FieldError[] {
  return (rules ?? []).flatMap((rule, i) => validatePolicyRule(rule, namespaced, FieldPath.of('rules').index(i)));
}

/** ValidateRole. */
export function validateRole(role: { metadata?: ObjectMeta | undefined; rules?: PolicyRule[] | undefined }): FieldError[] {
  return [...validateObjectMeta(role.metadata ?? {}, { namespaced: true, nameValidator: nameIsRBACName }), ...validateRules(role.rules, true)];
}

/** Whether any selector of an aggregation rule breaks ValidateLabelSelector (kube then tolerates bad label values on update). */
export function hasInvalidLabelValueInSelector(rule: AggregationRule | undefined): boolean {
  return (rule?.clusterRoleSelectors ?? []).some((sel) => validateLabelSelector(sel, FieldPath.of('')).length > 0);
}

/** ValidateClusterRole; `allowInvalidLabelValue` is AllowInvalidLabelValueInSelector. */
export function validateClusterRole(
  role: { metadata?: ObjectMeta | undefined; rules?: PolicyRule[] | undefined; aggregationRule?: AggregationRule | undefined },
  allowInvalidLabelValue = false,
): FieldError[] {
  const errs = [...validateObjectMeta(role.metadata ?? {}, { namespaced: false, nameValidator: nameIsRBACName }), ...validateRules(role.rules, false)];
  const agg = role.aggregationRule;
  if (agg) {
    const at = FieldPath.of('aggregationRule', 'clusterRoleSelectors');
    const selectors = agg.clusterRoleSelectors ?? [];
    if (selectors.length === 0) errs.push(fieldErrors.required(at, 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
    selectors.forEach((sel, i) => {
      errs.push(...validateLabelSelector(sel, at.index(i), allowInvalidLabelValue));
      // LabelSelectorAsSelector fails; kube prints the nil selector it got back.
      if (labelSelectorAsSelector(sel) === undefined) errs.push(fieldErrors.invalid(at.index(i), 'null', 'invalid label selector.'));
    });
  }
  return errs;
}

/** ValidateRoleBindingSubject. */
export function validateSubject(subject: Subject, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = subject.name ?? '';
  const apiGroup = subject.apiGroup ?? '';
  if (name === '') errs.push(fieldErrors.required(path.child('name')));
  switch (subject.kind) {
    case 'ServiceAccount':
      if (name !== '') for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldErrors.invalid(path.child('name'), name, msg));
      if (apiGroup !== '') errs.push(fieldErrors.notSupported(path.child('apiGroup'), apiGroup, ['']));
      if (!namespaced && !subject.namespace) errs.push(fieldErrors.required(path.child('namespace')));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== rbacGroupName) errs.push(fieldErrors.notSupported(path.child('apiGroup'), apiGroup, [rbacGroupName]));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child('kind'), subject.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

type Binding = { metadata?: ObjectMeta | undefined; subjects?: Subject[] | undefined; roleRef?: RoleRef | undefined };

/** ValidateRoleBinding (`namespaced`) and ValidateClusterRoleBinding. */
export function validateBinding(binding: Binding, namespaced: boolean): FieldError[] {
  const errs = validateObjectMeta(binding.metadata ?? {}, { namespaced, nameValidator: nameIsRBACName });
  const ref = binding.roleRef ?? {};
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if ((ref.apiGroup ?? '') !== rbacGroupName) errs.push(fieldErrors.notSupported(FieldPath.of('roleRef', 'apiGroup'), ref.apiGroup ?? '', [rbacGroupName]));
  if (!kinds.includes(ref.kind ?? '')) errs.push(fieldErrors.notSupported(FieldPath.of('roleRef', 'kind'), ref.kind ?? '', kinds));
  const name = ref.name ?? '';
  if (name === '') errs.push(fieldErrors.required(FieldPath.of('roleRef', 'name')));
  else for (const msg of nameIsRBACName(name, false)) errs.push(fieldErrors.invalid(FieldPath.of('roleRef', 'name'), name, msg));
  (binding.subjects ?? []).forEach((s, i) => errs.push(...validateSubject(s, namespaced, FieldPath.of('subjects').index(i))));
  return errs;
}

/** %#v of an rbac.RoleRef, as the "cannot change roleRef" error prints it. */
function goRoleRef(ref: RoleRef | undefined): string {
  return `rbac.RoleRef{APIGroup:${quote(ref?.apiGroup ?? '')}, Kind:${quote(ref?.kind ?? '')}, Name:${quote(ref?.name ?? '')}}`;
}

/** ValidateRoleBindingUpdate / ValidateClusterRoleBindingUpdate: the binding rules, metadata updates, and an immutable roleRef. */
export function validateBindingUpdate(binding: Binding, old: Binding, namespaced: boolean): FieldError[] {
  const errs = [...validateBinding(binding, namespaced), ...validateObjectMetaUpdate(binding.metadata ?? {}, old.metadata ?? {})];
  const a = binding.roleRef ?? {};
  const b = old.roleRef ?? {};
  if ((a.apiGroup ?? '') !== (b.apiGroup ?? '') || (a.kind ?? '') !== (b.kind ?? '') || (a.name ?? '') !== (b.name ?? '')) {
    errs.push(invalidGo('roleRef', goRoleRef(binding.roleRef), 'cannot change roleRef'));
  }
  return errs;
}
