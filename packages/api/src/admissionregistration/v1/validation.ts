// Behaviour of k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go and
// pkg/apis/admissionregistration/v1/defaults.go (v1.33): defaults and rules of webhook
// configurations, ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding. The CEL
// compilation kube does on every expression (match conditions, validations, message expressions,
// audit annotation values, variables) is not done yet: expressions are only checked for presence.
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
  MatchCondition,
  MatchResources,
  MutatingWebhook,
  MutatingWebhookConfiguration,
  NamedRuleWithOperations,
  ParamKind,
  ParamRef,
  Rule,
  RuleWithOperations,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingAdmissionPolicyStatus,
  ValidatingWebhook,
  ValidatingWebhookConfiguration,
  Validation,
  Variable,
} from './types.ts';
import { validateWebhookService, validateWebhookURL } from './webhook-url.ts';

// --- Defaults --------------------------------------------------------------------------------

const defaultRule = (rule: Rule) => {
  rule.scope ??= '*';
};

const defaultServiceReference = (hook: ValidatingWebhook) => {
  const svc = hook.clientConfig?.service;
  if (svc) svc.port ??= 443;
};

/** SetDefaults_ValidatingWebhook (+ Rule, ServiceReference). */
export function defaultValidatingWebhook(hook: ValidatingWebhook): void {
  hook.failurePolicy ??= 'Fail';
  hook.matchPolicy ??= 'Equivalent';
  hook.namespaceSelector ??= {};
  hook.objectSelector ??= {};
  hook.timeoutSeconds ??= 10;
  for (const r of hook.rules ?? []) defaultRule(r);
  defaultServiceReference(hook);
}

/** SetDefaults_MutatingWebhook (+ Rule, ServiceReference): as validating, plus reinvocationPolicy Never. */
export function defaultMutatingWebhook(hook: MutatingWebhook): void {
  defaultValidatingWebhook(hook as ValidatingWebhook);
  hook.reinvocationPolicy ??= 'Never';
}

export function defaultValidatingWebhookConfiguration(c: ValidatingWebhookConfiguration): void {
  for (const h of c.webhooks ?? []) defaultValidatingWebhook(h);
}

export function defaultMutatingWebhookConfiguration(c: MutatingWebhookConfiguration): void {
  for (const h of c.webhooks ?? []) defaultMutatingWebhook(h);
}

/** SetDefaults_MatchResources (+ Rule of each resource rule). */
function defaultMatchResources(m: MatchResources | undefined): void {
  if (!m) return;
  m.matchPolicy ??= 'Equivalent';
  m.namespaceSelector ??= {};
  m.objectSelector ??= {};
  for (const r of [...(m.resourceRules ?? []), ...(m.excludeResourceRules ?? [])]) defaultRule(r);
}

/** SetDefaults_ValidatingAdmissionPolicySpec: failurePolicy Fail; MatchResources defaults. */
export function defaultValidatingAdmissionPolicy(p: ValidatingAdmissionPolicy): void {
  const spec = (p.spec ??= {});
  spec.failurePolicy ??= 'Fail';
  defaultMatchResources(spec.matchConstraints);
}

/** MatchResources defaults of a binding (v1 has no ParamRef default: parameterNotFoundAction is required). */
export function defaultValidatingAdmissionPolicyBinding(b: ValidatingAdmissionPolicyBinding): void {
  defaultMatchResources((b.spec ??= {}).matchResources);
}

// --- Shared rules ----------------------------------------------------------------------------

/** `%#v` of a Go slice of strings of the named type: `[]string{"a", "b"}`. */
const goSlice = (type: string, values: readonly string[]) => `[]${type}{${values.map(quote).join(', ')}}`;

const hasWildcard = (values: readonly string[]) => values.includes('*');

function validateResources(resources: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(fieldErrors.required(path, ''));
  const resourcesWithWildcardSubresources = new Set<string>();
  const subresourcesWithWildcardResource = new Set<string>();
  let hasDoubleWildcard = false;
  let hasSingleWildcard = false;
  let hasResourceWithoutSubresource = false;
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      errs.push(fieldErrors.required(path.index(i), ''));
      return;
    }
    if (resSub === '*/*') hasDoubleWildcard = true;
    if (resSub === '*') hasSingleWildcard = true;
    const slash = resSub.indexOf('/');
    if (slash < 0) {
      hasResourceWithoutSubresource = resSub !== '*';
      return;
    }
    const res = resSub.slice(0, slash);
    const sub = resSub.slice(slash + 1);
    if (resourcesWithWildcardSubresources.has(res)) errs.push(fieldErrors.invalid(path.index(i), resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (subresourcesWithWildcardResource.has(sub)) errs.push(fieldErrors.invalid(path.index(i), resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === '*') resourcesWithWildcardSubresources.add(res);
    if (res === '*') subresourcesWithWildcardResource.add(sub);
  });
  if (resources.length > 1 && hasDoubleWildcard) errs.push(invalidGo(path, goSlice('string', resources), "if '*/*' is present, must not specify other resources"));
  if (hasSingleWildcard && hasResourceWithoutSubresource) {
    errs.push(invalidGo(path, goSlice('string', resources), "if '*' is present, must not specify other resources without subresources"));
  }
  return errs;
}

const validScopes = ['*', 'Cluster', 'Namespaced'];

/** validateRule with subresources allowed (the only way v1 calls it). */
function validateRule(rule: Rule, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const groups = rule.apiGroups ?? [];
  const versions = rule.apiVersions ?? [];
  if (groups.length === 0) errs.push(fieldErrors.required(path.child('apiGroups'), ''));
  if (groups.length > 1 && hasWildcard(groups)) errs.push(invalidGo(path.child('apiGroups'), goSlice('string', groups), "if '*' is present, must not specify other API groups"));
  if (versions.length === 0) errs.push(fieldErrors.required(path.child('apiVersions'), ''));
  if (versions.length > 1 && hasWildcard(versions)) errs.push(invalidGo(path.child('apiVersions'), goSlice('string', versions), "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldErrors.required(path.child('apiVersions').index(i), ''));
  });
  errs.push(...validateResources(rule.resources ?? [], path.child('resources')));
  if (rule.scope !== undefined && !validScopes.includes(rule.scope)) errs.push(fieldErrors.notSupported(path.child('scope'), rule.scope, validScopes));
  return errs;
}

const supportedOperations = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];

/** validateRuleWithOperations. */
function validateRuleWithOperations(r: RuleWithOperations, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const ops = r.operations ?? [];
  if (ops.length === 0) errs.push(fieldErrors.required(path.child('operations'), ''));
  if (ops.length > 1 && hasWildcard(ops)) {
    errs.push(invalidGo(path.child('operations'), goSlice('admissionregistration.OperationType', ops), "if '*' is present, must not specify other operations"));
  }
  ops.forEach((op, i) => {
    if (!supportedOperations.includes(op)) errs.push(fieldErrors.notSupported(path.child('operations').index(i), op, supportedOperations));
  });
  errs.push(...validateRule(r, path));
  return errs;
}

/** The AdmissionReview versions this server understands (AcceptedAdmissionReviewVersions). */
export const acceptedAdmissionReviewVersions = ['v1', 'v1beta1'];

function validateAdmissionReviewVersions(versions: readonly string[], requireRecognized: boolean, path: FieldPath): FieldError[] {
  if (versions.length < 1) return [fieldErrors.required(path, `must specify one of ${acceptedAdmissionReviewVersions.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let hasAccepted = false;
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldErrors.invalid(path.index(i), v, 'duplicate version'));
      return;
    }
    seen.add(v);
    errs.push(...invalidEach(path.index(i), v, isDNS1035Label(v)));
    if (acceptedAdmissionReviewVersions.includes(v)) hasAccepted = true;
  });
  if (requireRecognized && !hasAccepted) {
    errs.push(invalidGo(path, goSlice('string', versions), `must include at least one of ${acceptedAdmissionReviewVersions.join(', ')}`));
  }
  return errs;
}

/** utilvalidation.IsFullyQualifiedName: a DNS subdomain of at least three segments. */
function validateFullyQualifiedName(path: FieldPath, name: string): FieldError[] {
  if (name === '') return [fieldErrors.required(path, '')];
  const errs = isDNS1123Subdomain(name);
  if (errs.length > 0) return [fieldErrors.invalid(path, name, errs.join(','))];
  if (name.split('.').length < 3) return [fieldErrors.invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

/** validateMatchConditions: at most 64, unique qualified names, an expression each (CEL compilation not done). */
function validateMatchConditions(conditions: readonly MatchCondition[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (conditions.length > 64) errs.push(fieldErrors.tooMany(path, conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const at = path.index(i);
    if ((c.expression ?? '').trim() === '') errs.push(fieldErrors.required(at.child('expression'), ''));
    const name = c.name ?? '';
    if (name === '') errs.push(fieldErrors.required(at.child('name'), ''));
    else errs.push(...invalidEach(at.child('name'), name, isQualifiedName(name)));
    if (name !== '') {
      if (names.has(name)) errs.push(fieldErrors.duplicate(at.child('name'), name));
      else names.add(name);
    }
  });
  return errs;
}

// --- Webhooks --------------------------------------------------------------------------------

interface WebhookOptions {
  ignoreMatchConditions: boolean;
  requireNoSideEffects: boolean;
  requireRecognizedAdmissionReviewVersion: boolean;
  requireUniqueWebhookNames: boolean;
  allowInvalidLabelValueInSelector: boolean;
}

const createOptions: WebhookOptions = {
  ignoreMatchConditions: false,
  requireNoSideEffects: true,
  requireRecognizedAdmissionReviewVersion: true,
  requireUniqueWebhookNames: true,
  allowInvalidLabelValueInSelector: false,
};

const supportedFailurePolicies = ['Fail', 'Ignore'];
const supportedMatchPolicies = ['Equivalent', 'Exact'];
const supportedSideEffectClasses = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
const noSideEffectClasses = ['None', 'NoneOnDryRun'];
const supportedReinvocationPolicies = ['IfNeeded', 'Never'];

/** validateValidatingWebhook and validateMutatingWebhook (which adds reinvocationPolicy). */
function validateWebhook(hook: ValidatingWebhook & { reinvocationPolicy?: string }, mutating: boolean, opts: WebhookOptions, path: FieldPath): FieldError[] {
  const errs = validateFullyQualifiedName(path.child('name'), hook.name ?? '');
  (hook.rules ?? []).forEach((r, i) => errs.push(...validateRuleWithOperations(r, path.child('rules').index(i))));
  if (hook.failurePolicy !== undefined && !supportedFailurePolicies.includes(hook.failurePolicy)) {
    errs.push(fieldErrors.notSupported(path.child('failurePolicy'), hook.failurePolicy, supportedFailurePolicies));
  }
  if (hook.matchPolicy !== undefined && !supportedMatchPolicies.includes(hook.matchPolicy)) {
    errs.push(fieldErrors.notSupported(path.child('matchPolicy'), hook.matchPolicy, supportedMatchPolicies));
  }
  const allowedSideEffects = opts.requireNoSideEffects ? noSideEffectClasses : supportedSideEffectClasses;
  if (hook.sideEffects === undefined) errs.push(fieldErrors.required(path.child('sideEffects'), `must specify one of ${allowedSideEffects.join(', ')}`));
  else if (!allowedSideEffects.includes(hook.sideEffects)) errs.push(fieldErrors.notSupported(path.child('sideEffects'), hook.sideEffects, allowedSideEffects));
  const timeout = hook.timeoutSeconds;
  if (timeout !== undefined && (timeout > 30 || timeout < 1)) errs.push(fieldErrors.invalid(path.child('timeoutSeconds'), timeout, 'the timeout value must be between 1 and 30 seconds'));
  errs.push(...validateLabelSelector(hook.namespaceSelector, path.child('namespaceSelector'), opts.allowInvalidLabelValueInSelector));
  errs.push(...validateLabelSelector(hook.objectSelector, path.child('objectSelector'), opts.allowInvalidLabelValueInSelector));
  if (mutating && hook.reinvocationPolicy !== undefined && !supportedReinvocationPolicies.includes(hook.reinvocationPolicy)) {
    errs.push(fieldErrors.notSupported(path.child('reinvocationPolicy'), hook.reinvocationPolicy, supportedReinvocationPolicies));
  }
  const cc = hook.clientConfig ?? {};
  const cfg = path.child('clientConfig');
  if ((cc.url === undefined) === (cc.service === undefined)) errs.push(fieldErrors.required(cfg, 'exactly one of url or service is required'));
  else if (cc.url !== undefined) errs.push(...validateWebhookURL(cfg.child('url'), cc.url, true));
  else if (cc.service) {
    const s = cc.service;
    errs.push(...validateWebhookService(cfg.child('service'), s.namespace ?? '', s.name ?? '', s.path, s.port ?? 443));
  }
  if (!opts.ignoreMatchConditions) errs.push(...validateMatchConditions(hook.matchConditions ?? [], path.child('matchConditions')));
  return errs;
}

function validateWebhookConfiguration(c: ValidatingWebhookConfiguration | MutatingWebhookConfiguration, mutating: boolean, opts: WebhookOptions): FieldError[] {
  const errs = validateObjectMeta(c.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const names = new Set<string>();
  (c.webhooks ?? []).forEach((hook, i) => {
    const at = FieldPath.of('webhooks').index(i);
    errs.push(...validateWebhook(hook, mutating, opts, at));
    errs.push(...validateAdmissionReviewVersions(hook.admissionReviewVersions ?? [], opts.requireRecognizedAdmissionReviewVersion, at.child('admissionReviewVersions')));
    const name = hook.name ?? '';
    if (opts.requireUniqueWebhookNames && name !== '') {
      if (names.has(name)) errs.push(fieldErrors.duplicate(at.child('name'), name));
      else names.add(name);
    }
  });
  return errs;
}

/** ValidateValidatingWebhookConfiguration. */
export function validateValidatingWebhookConfiguration(c: ValidatingWebhookConfiguration): FieldError[] {
  return validateWebhookConfiguration(c, false, createOptions);
}

/** ValidateMutatingWebhookConfiguration. */
export function validateMutatingWebhookConfiguration(c: MutatingWebhookConfiguration): FieldError[] {
  return validateWebhookConfiguration(c, true, createOptions);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What an update tolerates because the stored configuration already has it (kube's ratcheting). */
function updateOptions(hooks: readonly ValidatingWebhook[], oldHooks: readonly ValidatingWebhook[]): WebhookOptions {
  const oldNames = oldHooks.map((h) => h.name ?? '');
  return {
    ignoreMatchConditions: hooks.length === oldHooks.length && oldHooks.every((h, i) => sameJson(hooks[i]?.matchConditions, h.matchConditions)),
    requireNoSideEffects: oldHooks.every((h) => h.sideEffects !== undefined && noSideEffectClasses.includes(h.sideEffects)),
    requireRecognizedAdmissionReviewVersion: oldHooks.every((h) => {
      const versions = h.admissionReviewVersions ?? [];
      return versions.length === 0 || versions.some((v) => acceptedAdmissionReviewVersions.includes(v));
    }),
    requireUniqueWebhookNames: new Set(oldNames).size === oldNames.length,
    allowInvalidLabelValueInSelector: oldHooks.some(
      (h) => validateLabelSelector(h.namespaceSelector, FieldPath.of('')).length > 0 || validateLabelSelector(h.objectSelector, FieldPath.of('')).length > 0,
    ),
  };
}

/** The strategy's ValidateUpdate: metadata update rules, then ValidateValidatingWebhookConfigurationUpdate. */
export function validateValidatingWebhookConfigurationUpdate(c: ValidatingWebhookConfiguration, old: ValidatingWebhookConfiguration): FieldError[] {
  return [
    ...validateObjectMetaUpdate(c.metadata ?? {}, old.metadata ?? {}),
    ...validateWebhookConfiguration(c, false, updateOptions(c.webhooks ?? [], old.webhooks ?? [])),
  ];
}

/** The strategy's ValidateUpdate: metadata update rules, then ValidateMutatingWebhookConfigurationUpdate. */
export function validateMutatingWebhookConfigurationUpdate(c: MutatingWebhookConfiguration, old: MutatingWebhookConfiguration): FieldError[] {
  return [
    ...validateObjectMetaUpdate(c.metadata ?? {}, old.metadata ?? {}),
    ...validateWebhookConfiguration(c, true, updateOptions((c.webhooks ?? []) as ValidatingWebhook[], (old.webhooks ?? []) as ValidatingWebhook[])),
  ];
}

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
