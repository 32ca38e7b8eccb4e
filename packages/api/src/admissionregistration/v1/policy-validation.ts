// Behaviour of k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go (v1.33):
// the rules of ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding and the policy's status.
// Expressions are only checked for presence (no CEL compilation yet).
import {
  FieldPath,
  fieldErrors,
  isDNS1035Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidPathSegmentName,
  nameIsDNSSubdomain,
  quote,
  validateLabelName,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { invalidEach } from '../../core/v1/validation-helpers.ts';
import { invalidGo, validateLabelSelector } from '../../workloads/validation.ts';
import type { Condition } from '../../meta/v1/condition.ts';
import type {
  AuditAnnotation,
  MatchResources,
  NamedRuleWithOperations,
  ParamKind,
  ParamRef,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingAdmissionPolicyStatus,
  Validation,
  Variable,
} from './types.ts';
import { goSlice, sameJson, supportedFailurePolicies, supportedMatchPolicies, validateMatchConditions, validateRuleWithOperations } from './validation.ts';

// --- ValidatingAdmissionPolicy ---------------------------------------------------------------

/** validateParamKind. */
function validateParamKind(pk: ParamKind, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = pk.apiVersion ?? '';
  const at = path.child('apiVersion');
  if (apiVersion === '') errs.push(fieldErrors.required(at, ''));
  else {
    const slashes = apiVersion.split('/').length - 1;
    if (apiVersion !== '/' && slashes > 1) errs.push(fieldErrors.invalid(at, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
    else {
      const [group, version] = apiVersion === '/' ? ['', ''] : slashes === 0 ? ['', apiVersion] : (apiVersion.split('/') as [string, string]);
      if (group !== '') {
        const g = isDNS1123Subdomain(group);
        if (g.length > 0) errs.push(fieldErrors.invalid(at, group, g.join(',')));
      }
      if (version === '') errs.push(fieldErrors.invalid(at, apiVersion, 'version must be specified'));
      else {
        const v = isDNS1035Label(version);
        if (v.length > 0) errs.push(fieldErrors.invalid(at, version, v.join(',')));
      }
    }
  }
  const kind = pk.kind ?? '';
  if (kind === '') errs.push(fieldErrors.required(path.child('kind'), ''));
  else {
    const k = isDNS1035Label(kind.toLowerCase());
    if (k.length > 0) errs.push(fieldErrors.invalid(path.child('kind'), kind, `may have mixed case, but should otherwise match: ${k.join(',')}`));
  }
  return errs;
}

/** validateNamedRuleWithOperations. */
function validateNamedRuleWithOperations(n: NamedRuleWithOperations, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (n.resourceNames ?? []).forEach((name, i) => {
    const at = path.child('resourceNames').index(i);
    errs.push(...invalidEach(at, name, isValidPathSegmentName(name)));
    if (seen.has(name)) errs.push(fieldErrors.duplicate(at, name));
    else seen.add(name);
  });
  errs.push(...validateRuleWithOperations(n, path));
  return errs;
}

/** validateMatchResources: matchPolicy and both selectors required (defaulted), selectors strict. */
function validateMatchResources(m: MatchResources | undefined, path: FieldPath): FieldError[] {
  if (m === undefined) return [];
  const errs: FieldError[] = [];
  if (m.matchPolicy === undefined) errs.push(fieldErrors.required(path.child('matchPolicy'), ''));
  else if (!supportedMatchPolicies.includes(m.matchPolicy)) errs.push(fieldErrors.notSupported(path.child('matchPolicy'), m.matchPolicy, supportedMatchPolicies));
  if (m.namespaceSelector === undefined) errs.push(fieldErrors.required(path.child('namespaceSelector'), ''));
  else errs.push(...validateLabelSelector(m.namespaceSelector, path.child('namespaceSelector')));
  if (m.objectSelector === undefined) errs.push(fieldErrors.required(path.child('objectSelector'), ''));
  else errs.push(...validateLabelSelector(m.objectSelector, path.child('objectSelector')));
  (m.resourceRules ?? []).forEach((r, i) => errs.push(...validateNamedRuleWithOperations(r, path.child('resourceRules').index(i))));
  (m.excludeResourceRules ?? []).forEach((r, i) => errs.push(...validateNamedRuleWithOperations(r, path.child('excludeResourceRules').index(i))));
  return errs;
}

const celIdent = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const celReserved = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

function validateVariable(v: Variable, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = v.name ?? '';
  if (name.trim() === '') errs.push(fieldErrors.required(path.child('name'), 'name is not specified'));
  else if (!celIdent.test(name) || celReserved.has(name)) errs.push(fieldErrors.invalid(path.child('name'), name, 'name is not a valid CEL identifier'));
  if ((v.expression ?? '').trim() === '') errs.push(fieldErrors.required(path.child('expression'), 'expression is not specified'));
  return errs;
}

const supportedValidationPolicyReasons = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const newlines = /[\n\r]+/;

function validateValidation(v: Validation, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if ((v.expression ?? '').trim() === '') errs.push(fieldErrors.required(path.child('expression'), 'expression is not specified'));
  const messageExpression = v.messageExpression ?? '';
  if (messageExpression.length > 0 && messageExpression.trim() === '') {
    errs.push(fieldErrors.invalid(path.child('messageExpression'), messageExpression, 'must be non-empty if specified'));
  }
  const message = v.message ?? '';
  if (message.length > 0 && message.trim() === '') errs.push(fieldErrors.invalid(path.child('message'), message, 'message must be non-empty if specified'));
  else if (newlines.test(message.trim())) errs.push(fieldErrors.invalid(path.child('message'), message, 'message must not contain line breaks'));
  if (v.reason !== undefined && !supportedValidationPolicyReasons.includes(v.reason)) {
    errs.push(fieldErrors.notSupported(path.child('reason'), v.reason, supportedValidationPolicyReasons));
  }
  return errs;
}

const maxAuditAnnotations = 20;
const maxAuditAnnotationValueExpressionLength = 5 * 1024;

function validateAuditAnnotation(policyName: string, a: AuditAnnotation, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const key = a.key ?? '';
  if (policyName !== '') errs.push(...invalidEach(path.child('key'), `${policyName}/${key}`, isQualifiedName(`${policyName}/${key}`)));
  else errs.push(fieldErrors.invalid(path.child('key'), key, 'requires metadata.name be non-empty'));
  const value = (a.valueExpression ?? '').trim();
  if (value === '') errs.push(fieldErrors.required(path.child('valueExpression'), 'valueExpression is not specified'));
  else if (Buffer.byteLength(value) > maxAuditAnnotationValueExpressionLength) {
    errs.push(fieldErrors.required(path.child('valueExpression'), `must not exceed ${maxAuditAnnotationValueExpressionLength} bytes in length`));
  }
  return errs;
}

/** validateValidatingAdmissionPolicySpec without CEL compilation. */
function validatePolicySpec(p: ValidatingAdmissionPolicy, ignoreMatchConditions: boolean): FieldError[] {
  const spec = p.spec ?? {};
  const path = FieldPath.of('spec');
  const errs: FieldError[] = [];
  if (spec.failurePolicy === undefined) errs.push(fieldErrors.required(path.child('failurePolicy'), ''));
  else if (!supportedFailurePolicies.includes(spec.failurePolicy)) errs.push(fieldErrors.notSupported(path.child('failurePolicy'), spec.failurePolicy, supportedFailurePolicies));
  if (spec.paramKind !== undefined) errs.push(...validateParamKind(spec.paramKind, path.child('paramKind')));
  if (spec.matchConstraints === undefined) errs.push(fieldErrors.required(path.child('matchConstraints'), ''));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, path.child('matchConstraints')));
    if ((spec.matchConstraints.resourceRules ?? []).length === 0) errs.push(fieldErrors.required(path.child('matchConstraints', 'resourceRules'), ''));
  }
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(spec.matchConditions ?? [], path.child('matchConditions')));
  (spec.variables ?? []).forEach((v, i) => errs.push(...validateVariable(v, path.child('variables').index(i))));
  const validations = spec.validations ?? [];
  const audit = spec.auditAnnotations;
  if (validations.length === 0 && (audit ?? []).length === 0) {
    const msg = 'validations or auditAnnotations must contain at least one item';
    errs.push(fieldErrors.required(path.child('validations'), msg), fieldErrors.required(path.child('auditAnnotations'), msg));
    return errs;
  }
  validations.forEach((v, i) => errs.push(...validateValidation(v, path.child('validations').index(i))));
  if (audit !== undefined) {
    if (audit.length > maxAuditAnnotations) {
      const goText = `[]admissionregistration.AuditAnnotation{${audit
        .map((a) => `admissionregistration.AuditAnnotation{Key:${quote(a.key ?? '')}, ValueExpression:${quote(a.valueExpression ?? '')}}`)
        .join(', ')}}`;
      errs.push(invalidGo(path.child('auditAnnotations'), goText, `must not have more than ${maxAuditAnnotations} auditAnnotations`));
    }
    const keys = new Set<string>();
    audit.forEach((a, i) => {
      const at = path.child('auditAnnotations').index(i);
      errs.push(...validateAuditAnnotation(p.metadata?.name ?? '', a, at));
      const key = a.key ?? '';
      if (keys.has(key)) errs.push(fieldErrors.duplicate(at.child('key'), key));
      keys.add(key);
    });
  }
  return errs;
}

/** ValidateValidatingAdmissionPolicy (CEL compile checks not done). */
export function validateValidatingAdmissionPolicy(p: ValidatingAdmissionPolicy): FieldError[] {
  return [...validateObjectMeta(p.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain }), ...validatePolicySpec(p, false)];
}

/** The strategy's ValidateUpdate: metadata update rules, then ValidateValidatingAdmissionPolicyUpdate. */
export function validateValidatingAdmissionPolicyUpdate(p: ValidatingAdmissionPolicy, old: ValidatingAdmissionPolicy): FieldError[] {
  const ignoreMatchConditions = sameJson(p.spec?.paramKind, old.spec?.paramKind) && sameJson(p.spec?.matchConditions, old.spec?.matchConditions);
  return [
    ...validateObjectMetaUpdate(p.metadata ?? {}, old.metadata ?? {}),
    ...validateObjectMeta(p.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain }),
    ...validatePolicySpec(p, ignoreMatchConditions),
  ];
}

const conditionReasonRe = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
const conditionReasonMsg =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";

/** metav1validation.ValidateConditions. */
export function validateMetaConditions(conditions: readonly Condition[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const at = path.index(i);
    const type = c.type ?? '';
    if (seen.has(type)) errs.push(fieldErrors.duplicate(at.child('type'), type));
    else seen.add(type);
    errs.push(...validateLabelName(type, at.child('type')));
    const status = c.status ?? '';
    if (!['True', 'False', 'Unknown'].includes(status)) errs.push(fieldErrors.notSupported(at.child('status'), status, ['False', 'True', 'Unknown']));
    if ((c.observedGeneration ?? 0) < 0) errs.push(fieldErrors.invalid(at.child('observedGeneration'), c.observedGeneration, 'must be greater than or equal to zero'));
    if (c.lastTransitionTime == null || c.lastTransitionTime === '') errs.push(fieldErrors.required(at.child('lastTransitionTime'), 'must be set'));
    const reason = c.reason ?? '';
    if (reason === '') errs.push(fieldErrors.required(at.child('reason'), 'must be set'));
    else {
      if (!conditionReasonRe.test(reason)) errs.push(fieldErrors.invalid(at.child('reason'), reason, conditionReasonMsg));
      if (reason.length > 1024) errs.push(fieldErrors.tooLong(at.child('reason'), '', 1024));
    }
    if ((c.message ?? '').length > 32 * 1024) errs.push(fieldErrors.tooLong(at.child('message'), '', 32 * 1024));
  });
  return errs;
}

/** ValidateValidatingAdmissionPolicyStatusUpdate: metadata update rules, expression warnings and conditions. */
export function validateValidatingAdmissionPolicyStatusUpdate(p: ValidatingAdmissionPolicy, old: ValidatingAdmissionPolicy): FieldError[] {
  const status: ValidatingAdmissionPolicyStatus = p.status ?? {};
  const errs = validateObjectMetaUpdate(p.metadata ?? {}, old.metadata ?? {});
  (status.typeChecking?.expressionWarnings ?? []).forEach((w, i) => {
    const at = FieldPath.of('status', 'typeChecking', 'expressionWarnings').index(i);
    if ((w.warning ?? '') === '') errs.push(fieldErrors.required(at.child('warning'), ''));
    // validateFieldRef: present; kube also parses it as a JSONPath (not done here).
    if ((w.fieldRef ?? '').trim() === '') errs.push(fieldErrors.required(at.child('fieldRef'), ''));
  });
  errs.push(...validateMetaConditions(status.conditions ?? [], FieldPath.of('status', 'conditions')));
  return errs;
}

// --- ValidatingAdmissionPolicyBinding --------------------------------------------------------

function validateParamRef(pr: ParamRef | undefined, path: FieldPath): FieldError[] {
  if (pr === undefined) return [];
  const errs: FieldError[] = [];
  const name = pr.name ?? '';
  if (name !== '') {
    errs.push(...invalidEach(path.child('name'), name, isValidPathSegmentName(name)));
    if (pr.selector !== undefined) errs.push(fieldErrors.forbidden(path.child('name'), 'name and selector are mutually exclusive'));
  }
  if (pr.selector !== undefined) {
    errs.push(...validateLabelSelector(pr.selector, path.child('selector')));
    if (name !== '') errs.push(fieldErrors.forbidden(path.child('selector'), 'name and selector are mutually exclusive'));
  }
  if (name === '' && pr.selector === undefined) errs.push(fieldErrors.required(path, 'one of name or selector must be specified'));
  const action = pr.parameterNotFoundAction;
  if (action === undefined || action === '') errs.push(fieldErrors.required(path.child('parameterNotFoundAction'), ''));
  else if (action !== 'Deny' && action !== 'Allow') errs.push(fieldErrors.notSupported(path.child('parameterNotFoundAction'), action, ['Deny', 'Allow']));
  return errs;
}

const validValidationActions = ['Audit', 'Deny', 'Warn'];

function validateValidationActions(actions: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    if (!validValidationActions.includes(a)) errs.push(fieldErrors.notSupported(path.index(i), a, validValidationActions));
    if (seen.has(a)) errs.push(fieldErrors.duplicate(path.index(i), a));
    seen.add(a);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    errs.push(
      invalidGo(
        path,
        goSlice('admissionregistration.ValidationAction', actions),
        'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      ),
    );
  }
  if (seen.size === 0) errs.push(fieldErrors.required(path, 'at least one validation action is required'));
  return errs;
}

/** ValidateValidatingAdmissionPolicyBinding. kube reports matchResources errors under `spec.matchResouces` (sic). */
export function validateValidatingAdmissionPolicyBinding(b: ValidatingAdmissionPolicyBinding): FieldError[] {
  const errs = validateObjectMeta(b.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const spec = b.spec ?? {};
  const path = FieldPath.of('spec');
  const policyName = spec.policyName ?? '';
  if (policyName === '') errs.push(fieldErrors.required(path.child('policyName'), ''));
  else errs.push(...invalidEach(path.child('policyName'), policyName, nameIsDNSSubdomain(policyName, false)));
  errs.push(...validateParamRef(spec.paramRef, path.child('paramRef')));
  errs.push(...validateMatchResources(spec.matchResources, path.child('matchResouces')));
  errs.push(...validateValidationActions(spec.validationActions ?? [], path.child('validationActions')));
  return errs;
}

/** The strategy's ValidateUpdate: metadata update rules, then the create rules. */
export function validateValidatingAdmissionPolicyBindingUpdate(b: ValidatingAdmissionPolicyBinding, old: ValidatingAdmissionPolicyBinding): FieldError[] {
  return [...validateObjectMetaUpdate(b.metadata ?? {}, old.metadata ?? {}), ...validateValidatingAdmissionPolicyBinding(b)];
}
