// Behaviour of k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go and
// pkg/apis/admissionregistration/v1/defaults.go (v1.33): defaults and rules of webhook
// configurations, and the rules the admission policies share with them (policy-validation.ts).
// The CEL compilation kube does on every expression (match conditions, validations, message
// expressions, audit annotation values, variables) is not done yet: expressions are only checked
// for presence.
import {
  FieldPath,
  fieldErrors,
  isDNS1035Label,
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  quote,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { invalidEach } from '../../core/v1/validation-helpers.ts';
import { invalidGo, validateLabelSelector } from '../../workloads/validation.ts';
import type {
  MatchCondition,
  MatchResources,
  MutatingWebhook,
  MutatingWebhookConfiguration,
  Rule,
  RuleWithOperations,
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidatingWebhook,
  ValidatingWebhookConfiguration,
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
export const goSlice = (type: string, values: readonly string[]) => `[]${type}{${values.map(quote).join(', ')}}`;

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
export function validateRuleWithOperations(r: RuleWithOperations, path: FieldPath): FieldError[] {
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
export function validateMatchConditions(conditions: readonly MatchCondition[], path: FieldPath): FieldError[] {
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

export const supportedFailurePolicies = ['Fail', 'Ignore'];
export const supportedMatchPolicies = ['Equivalent', 'Exact'];
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

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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

