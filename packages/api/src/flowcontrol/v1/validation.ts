// Behaviour of k8s.io/kubernetes pkg/apis/flowcontrol/v1/defaults.go and
// pkg/apis/flowcontrol/validation/validation.go (v1.33), with the options the registry strategies
// pass for requests of flowcontrol.apiserver.k8s.io/v1 (a zero nominalConcurrencyShares is allowed
// since 1.30). Values kube prints with Go's %#v (internal structs, string slices) are rendered here.
import {
  FieldPath,
  fieldErrors,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  protoMessageOf,
  quote,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { invalidGo, notSupportedGo, semanticEqual } from '../../workloads/validation.ts';
import {
  flowSchemaMaxMatchingPrecedence,
  flowSchemaNameExempt,
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  priorityLevelConfigurationNameExempt,
} from './mandatory.ts';
import {
  FlowSchemaSpec,
  PriorityLevelConfigurationSpec,
  type ExemptPriorityLevelConfiguration,
  type FlowSchema,
  type FlowSchemaStatus,
  type LimitResponse,
  type LimitedPriorityLevelConfiguration,
  type NonResourcePolicyRule,
  type PolicyRulesWithSubjects,
  type PriorityLevelConfiguration,
  type PriorityLevelConfigurationStatus,
  type QueuingConfiguration,
  type ResourcePolicyRule,
  type Subject,
} from './types.ts';

// --- Defaults --------------------------------------------------------------------------------

/** FlowSchemaDefaultMatchingPrecedence and the PriorityLevelConfigurationDefault* constants. */
export const flowcontrolDefaults = {
  matchingPrecedence: 1000,
  handSize: 8,
  queues: 64,
  queueLengthLimit: 50,
  nominalConcurrencyShares: 30,
} as const;

/** SetObjectDefaults_FlowSchema: an unset (or zero) matchingPrecedence is 1000. */
export function defaultFlowSchema(fs: FlowSchema): void {
  const spec = (fs.spec ??= {});
  if (!spec.matchingPrecedence) spec.matchingPrecedence = flowcontrolDefaults.matchingPrecedence;
}

/**
 * SetObjectDefaults_PriorityLevelConfiguration: a limited level's unset nominalConcurrencyShares is
 * 30 (an explicit 0 stays), its unset lendablePercent 0, zero queuing numbers 64/8/50; an exempt
 * level's unset shares and lendablePercent are 0.
 */
export function defaultPriorityLevelConfiguration(pl: PriorityLevelConfiguration): void {
  const limited = pl.spec?.limited;
  if (limited) {
    limited.nominalConcurrencyShares ??= flowcontrolDefaults.nominalConcurrencyShares;
    limited.lendablePercent ??= 0;
    const q = limited.limitResponse?.queuing;
    if (q) {
      if (!q.handSize) q.handSize = flowcontrolDefaults.handSize;
      if (!q.queues) q.queues = flowcontrolDefaults.queues;
      if (!q.queueLengthLimit) q.queueLengthLimit = flowcontrolDefaults.queueLengthLimit;
    }
  }
  const exempt = pl.spec?.exempt;
  if (exempt) {
    exempt.nominalConcurrencyShares ??= 0;
    exempt.lendablePercent ??= 0;
  }
}

// --- Go renderings of internal values ---------------------------------------------------------

const goStrings = (list: readonly string[] | undefined): string => (list === undefined ? '[]string(nil)' : `[]string{${list.map(quote).join(', ')}}`);
const goPointer = (type: string, set: boolean) => `(*flowcontrol.${type})(${set ? '0xc000000000' : 'nil'})`;
const goList = <T>(type: string, list: readonly T[] | undefined, item: (v: T) => string) =>
  list === undefined ? `[]flowcontrol.${type}(nil)` : `[]flowcontrol.${type}{${list.map(item).join(', ')}}`;

function goSubject(s: Subject): string {
  return `flowcontrol.Subject{Kind:${quote(s.kind ?? '')}, User:${goPointer('UserSubject', s.user !== undefined)}, Group:${goPointer('GroupSubject', s.group !== undefined)}, ServiceAccount:${goPointer('ServiceAccountSubject', s.serviceAccount !== undefined)}}`;
}

function goResourceRule(r: ResourcePolicyRule): string {
  return `flowcontrol.ResourcePolicyRule{Verbs:${goStrings(r.verbs)}, APIGroups:${goStrings(r.apiGroups)}, Resources:${goStrings(r.resources)}, ClusterScope:${r.clusterScope ?? false}, Namespaces:${goStrings(r.namespaces)}}`;
}

function goNonResourceRule(r: NonResourcePolicyRule): string {
  return `flowcontrol.NonResourcePolicyRule{Verbs:${goStrings(r.verbs)}, NonResourceURLs:${goStrings(r.nonResourceURLs)}}`;
}

function goRule(r: PolicyRulesWithSubjects): string {
  return `flowcontrol.PolicyRulesWithSubjects{Subjects:${goList('Subject', r.subjects, goSubject)}, ResourceRules:${goList('ResourcePolicyRule', r.resourceRules, goResourceRule)}, NonResourceRules:${goList('NonResourcePolicyRule', r.nonResourceRules, goNonResourceRule)}}`;
}

/** %#v of the internal flowcontrol.FlowSchemaSpec (pointers print as addresses, nil as nil). */
export function goFlowSchemaSpec(spec: FlowSchemaSpec): string {
  return `flowcontrol.FlowSchemaSpec{PriorityLevelConfiguration:flowcontrol.PriorityLevelConfigurationReference{Name:${quote(spec.priorityLevelConfiguration?.name ?? '')}}, MatchingPrecedence:${spec.matchingPrecedence ?? 0}, DistinguisherMethod:${goPointer('FlowDistinguisherMethod', spec.distinguisherMethod !== undefined)}, Rules:${goList('PolicyRulesWithSubjects', spec.rules, goRule)}}`;
}

/** %#v of the internal flowcontrol.PriorityLevelConfigurationSpec. */
export function goPriorityLevelConfigurationSpec(spec: PriorityLevelConfigurationSpec): string {
  return `flowcontrol.PriorityLevelConfigurationSpec{Type:${quote(spec.type ?? '')}, Limited:${goPointer('LimitedPriorityLevelConfiguration', spec.limited !== undefined)}, Exempt:${goPointer('ExemptPriorityLevelConfiguration', spec.exempt !== undefined)}}`;
}

// --- FlowSchema ------------------------------------------------------------------------------

const supportedDistinguisherMethods = ['ByNamespace', 'ByUser'];
const supportedVerbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const supportedSubjectKinds = ['Group', 'ServiceAccount', 'User'];
const supportedPriorityLevelEnablement = ['Exempt', 'Limited'];
const supportedLimitResponseType = ['Queue', 'Reject'];
/** NameAll: a ServiceAccount subject's name that matches every name. */
const nameAll = '*';
const nsErrIntro = "each member of this list must be '*' or a DNS-1123 label; ";
/** priorityLevelConfigurationQueuingMaxQueues: 10^7. */
const maxQueues = 10_000_000;
/** shufflesharding.MaxHashBits. */
const maxHashBits = 60;

const hasWildcard = (list: readonly string[] | undefined) => (list ?? []).includes('*');
const flowSchemaSpecMessage = protoMessageOf(FlowSchemaSpec);
const plcSpecMessage = protoMessageOf(PriorityLevelConfigurationSpec);

/** ValidateFlowSchema (ValidateFlowSchemaUpdate validates the new object the same way). */
export function validateFlowSchema(fs: FlowSchema): FieldError[] {
  const errs = validateObjectMeta(fs.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const name = fs.metadata?.name ?? '';
  const spec = fs.spec ?? {};
  const specPath = FieldPath.of('spec');
  errs.push(...validateFlowSchemaSpec(name, spec, specPath));
  const mandatory = mandatoryFlowSchemas.find((m) => m.metadata?.name === name);
  if (mandatory && !semanticEqual(flowSchemaSpecMessage, spec, mandatory.spec)) {
    errs.push(invalidGo(specPath, goFlowSchemaSpec(spec), `spec of '${name}' must equal the fixed value`));
  }
  errs.push(...validateFlowSchemaStatus(fs.status ?? {}, FieldPath.of('status')));
  return errs;
}

/** The update of a FlowSchema: metadata (rest.BeforeUpdate), then the new object as on create. */
export function validateFlowSchemaUpdate(fs: FlowSchema, old: FlowSchema): FieldError[] {
  return [...validateObjectMetaUpdate(fs.metadata ?? {}, old.metadata ?? {}), ...validateFlowSchema(fs)];
}

/** ValidateFlowSchemaSpec. */
export function validateFlowSchemaSpec(name: string, spec: FlowSchemaSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const precedence = spec.matchingPrecedence ?? 0;
  const precedencePath = path.child('matchingPrecedence');
  if (precedence <= 0) errs.push(fieldErrors.invalid(precedencePath, precedence, 'must be a positive value'));
  if (precedence > flowSchemaMaxMatchingPrecedence) errs.push(fieldErrors.invalid(precedencePath, precedence, `must not be greater than ${flowSchemaMaxMatchingPrecedence}`));
  if (precedence === 1 && name !== flowSchemaNameExempt) errs.push(fieldErrors.invalid(precedencePath, precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  const dm = spec.distinguisherMethod;
  if (dm !== undefined && !supportedDistinguisherMethods.includes(dm.type ?? '')) {
    errs.push(notSupportedGo(path.child('distinguisherMethod').child('type'), `flowcontrol.FlowDistinguisherMethod{Type:${quote(dm.type ?? '')}}`, supportedDistinguisherMethods));
  }
  const plName = spec.priorityLevelConfiguration?.name ?? '';
  const plPath = path.child('priorityLevelConfiguration').child('name');
  if (plName.length > 0) for (const msg of nameIsDNSSubdomain(plName, false)) errs.push(fieldErrors.invalid(plPath, plName, msg));
  else errs.push(fieldErrors.required(plPath, 'must reference a priority level'));
  (spec.rules ?? []).forEach((rule, i) => errs.push(...validatePolicyRulesWithSubjects(rule, path.child('rules').index(i))));
  return errs;
}

/** ValidateFlowSchemaPolicyRulesWithSubjects. */
export function validatePolicyRulesWithSubjects(rule: PolicyRulesWithSubjects, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const subjects = rule.subjects ?? [];
  if (subjects.length > 0) subjects.forEach((s, i) => errs.push(...validateSubject(s, path.child('subjects').index(i))));
  else errs.push(fieldErrors.required(path.child('subjects'), 'subjects must contain at least one value'));
  const resourceRules = rule.resourceRules ?? [];
  const nonResourceRules = rule.nonResourceRules ?? [];
  if (resourceRules.length === 0 && nonResourceRules.length === 0) {
    errs.push(fieldErrors.required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  }
  resourceRules.forEach((r, i) => errs.push(...validateResourcePolicyRule(r, path.child('resourceRules').index(i))));
  nonResourceRules.forEach((r, i) => errs.push(...validateNonResourcePolicyRule(r, path.child('nonResourceRules').index(i))));
  return errs;
}

const userForbidden = (path: FieldPath) => fieldErrors.forbidden(path.child('user'), "user is forbidden when subject kind is not 'User'");
const groupForbidden = (path: FieldPath) => fieldErrors.forbidden(path.child('group'), "group is forbidden when subject kind is not 'Group'");
const serviceAccountForbidden = (path: FieldPath) =>
  fieldErrors.forbidden(path.child('serviceAccount'), "serviceAccount is forbidden when subject kind is not 'ServiceAccount'");

/** ValidateFlowSchemaSubject: the member kind names is set and valid, the others are absent. */
export function validateSubject(subject: Subject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  switch (subject.kind) {
    case 'ServiceAccount': {
      const sa = subject.serviceAccount;
      const at = path.child('serviceAccount');
      if (sa === undefined) errs.push(fieldErrors.required(at, "serviceAccount is required when subject kind is 'ServiceAccount'"));
      else {
        const name = sa.name ?? '';
        if (name.length === 0) errs.push(fieldErrors.required(at.child('name'), ''));
        else if (name !== nameAll) for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldErrors.invalid(at.child('name'), name, msg));
        const ns = sa.namespace ?? '';
        if (ns.length > 0) for (const msg of nameIsDNSLabel(ns, false)) errs.push(fieldErrors.invalid(at.child('namespace'), ns, msg));
        else errs.push(fieldErrors.required(at.child('namespace'), 'must specify namespace for service account'));
      }
      if (subject.user !== undefined) errs.push(userForbidden(path));
      if (subject.group !== undefined) errs.push(groupForbidden(path));
      break;
    }
    case 'User':
      if (subject.user === undefined) errs.push(fieldErrors.required(path.child('user'), "user is required when subject kind is 'User'"));
      else if ((subject.user.name ?? '').length === 0) errs.push(fieldErrors.required(path.child('user').child('name'), ''));
      if (subject.serviceAccount !== undefined) errs.push(serviceAccountForbidden(path));
      if (subject.group !== undefined) errs.push(groupForbidden(path));
      break;
    case 'Group':
      if (subject.group === undefined) errs.push(fieldErrors.required(path.child('group'), "group is required when subject kind is 'Group'"));
      else if ((subject.group.name ?? '').length === 0) errs.push(fieldErrors.required(path.child('group').child('name'), ''));
      if (subject.serviceAccount !== undefined) errs.push(serviceAccountForbidden(path));
      if (subject.user !== undefined) errs.push(userForbidden(path));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child('kind'), subject.kind ?? '', supportedSubjectKinds));
  }
  return errs;
}

/** The verbs of a rule: at least one, "*" alone, or kube's verbs. */
function validateVerbs(verbs: readonly string[] | undefined, path: FieldPath): FieldError[] {
  const list = verbs ?? [];
  if (list.length === 0) return [fieldErrors.required(path, 'verbs must contain at least one value')];
  if (hasWildcard(list)) return list.length > 1 ? [invalidGo(path, goStrings(list), "if '*' is present, must not specify other verbs")] : [];
  if (!list.every((v) => supportedVerbs.includes(v))) return [notSupportedGo(path, goStrings(list), supportedVerbs)];
  return [];
}

/** ValidateFlowSchemaNonResourcePolicyRule. */
export function validateNonResourcePolicyRule(rule: NonResourcePolicyRule, path: FieldPath): FieldError[] {
  const errs = validateVerbs(rule.verbs, path.child('verbs'));
  const urls = rule.nonResourceURLs ?? [];
  const urlsPath = path.child('nonResourceURLs');
  if (urls.length === 0) errs.push(fieldErrors.required(urlsPath, 'nonResourceURLs must contain at least one value'));
  else if (hasWildcard(urls)) {
    if (urls.length > 1) errs.push(invalidGo(urlsPath, goStrings(urls), "if '*' is present, must not specify other non-resource URLs"));
  } else {
    urls.forEach((url, i) => {
      const err = validateNonResourceURLPath(url, urlsPath.index(i));
      if (err) errs.push(err);
    });
  }
  return errs;
}

/** ValidateFlowSchemaResourcePolicyRule. */
export function validateResourcePolicyRule(rule: ResourcePolicyRule, path: FieldPath): FieldError[] {
  const errs = validateVerbs(rule.verbs, path.child('verbs'));
  const groups = rule.apiGroups ?? [];
  if (groups.length === 0) errs.push(fieldErrors.required(path.child('apiGroups'), 'resource rules must supply at least one api group'));
  else if (groups.length > 1 && hasWildcard(groups)) errs.push(invalidGo(path.child('apiGroups'), goStrings(groups), "if '*' is present, must not specify other api groups"));
  const resources = rule.resources ?? [];
  if (resources.length === 0) errs.push(fieldErrors.required(path.child('resources'), 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && hasWildcard(resources)) errs.push(invalidGo(path.child('resources'), goStrings(resources), "if '*' is present, must not specify other resources"));
  const namespaces = rule.namespaces ?? [];
  const nsPath = path.child('namespaces');
  if (namespaces.length === 0 && !rule.clusterScope) {
    errs.push(fieldErrors.required(nsPath, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (hasWildcard(namespaces)) {
    if (namespaces.length > 1) errs.push(invalidGo(nsPath, goStrings(namespaces), "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((ns, i) => {
      for (const msg of nameIsDNSLabel(ns, false)) errs.push(fieldErrors.invalid(nsPath.index(i), ns, nsErrIntro + msg));
    });
  }
  return errs;
}

/**
 * ValidateNonResourceURLPath: "/" alone, or a path that starts with a slash, holds no space and no
 * double slash, and has at most one "*", as its last segment.
 */
export function validateNonResourceURLPath(path: string, at: FieldPath): FieldError | undefined {
  if (path.length === 0) return fieldErrors.invalid(at, path, 'must not be empty');
  if (path === '/') return undefined;
  if (!path.startsWith('/')) return fieldErrors.invalid(at, path, 'must start with slash');
  if (path.includes(' ')) return fieldErrors.invalid(at, path, 'must not contain white-space');
  if (path.includes('//')) return fieldErrors.invalid(at, path, 'must not contain double slash');
  const wildcards = path.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && path.slice(-2) !== '/*')) return fieldErrors.invalid(at, path, 'wildcard can only do suffix matching');
  return undefined;
}

/** Conditions of a status: every type set, none twice (ValidateFlowSchemaStatus and the priority level's). */
function validateConditions(conditions: readonly { type?: string | undefined }[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const type = c.type ?? '';
    const at = path.child('conditions').index(i);
    if (seen.has(type)) errs.push(fieldErrors.duplicate(at.child('type'), type));
    seen.add(type);
    if (type.length === 0) errs.push(fieldErrors.required(at.child('type'), 'must not be empty'));
  });
  return errs;
}

/** ValidateFlowSchemaStatus (also ValidateFlowSchemaStatusUpdate). */
export function validateFlowSchemaStatus(status: FlowSchemaStatus, path: FieldPath): FieldError[] {
  return validateConditions(status.conditions, path);
}

// --- PriorityLevelConfiguration --------------------------------------------------------------

/** flowcontrol/v1beta3 PriorityLevelPreserveZeroConcurrencySharesKey, which no stored object may carry. */
export const priorityLevelPreserveZeroConcurrencySharesKey = 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares';

/**
 * ValidatePriorityLevelConfiguration as the v1 strategies call it (AllowZeroLimitedNominalConcurrencyShares;
 * ValidatePriorityLevelConfigurationUpdate validates the new object the same way).
 */
export function validatePriorityLevelConfiguration(pl: PriorityLevelConfiguration): FieldError[] {
  const errs = validateObjectMeta(pl.metadata ?? {}, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  if (pl.metadata?.annotations?.[priorityLevelPreserveZeroConcurrencySharesKey] !== undefined) {
    errs.push(fieldErrors.forbidden(FieldPath.of('metadata', 'annotations'), `annotation '${priorityLevelPreserveZeroConcurrencySharesKey}' is forbidden`));
  }
  const name = pl.metadata?.name ?? '';
  const spec = pl.spec ?? {};
  const specPath = FieldPath.of('spec');
  errs.push(...validatePriorityLevelConfigurationSpec(spec, name, specPath));
  errs.push(...validateIfMandatoryPriorityLevelConfiguration(name, spec, specPath));
  errs.push(...validatePriorityLevelConfigurationStatus(pl.status ?? {}, FieldPath.of('status')));
  return errs;
}

/** The update of a priority level: metadata (rest.BeforeUpdate), then the new object as on create. */
export function validatePriorityLevelConfigurationUpdate(pl: PriorityLevelConfiguration, old: PriorityLevelConfiguration): FieldError[] {
  return [...validateObjectMetaUpdate(pl.metadata ?? {}, old.metadata ?? {}), ...validatePriorityLevelConfiguration(pl)];
}

/**
 * ValidateIfMandatoryPriorityLevelConfigurationObject: the spec of `catch-all` is fixed; of `exempt`
 * everything but `spec.exempt` is.
 */
function validateIfMandatoryPriorityLevelConfiguration(name: string, spec: PriorityLevelConfigurationSpec, path: FieldPath): FieldError[] {
  const mandatory = mandatoryPriorityLevelConfigurations.find((m) => m.metadata?.name === name);
  if (!mandatory) return [];
  const want = mandatory.spec!;
  if (want.type === 'Exempt') {
    const have: PriorityLevelConfigurationSpec = { ...spec };
    if (want.exempt !== undefined) have.exempt = want.exempt;
    else delete have.exempt;
    if (!semanticEqual(plcSpecMessage, want, have)) {
      return [invalidGo(path, goPriorityLevelConfigurationSpec(spec), `spec of '${name}' except the 'spec.exempt' field must equal the fixed value`)];
    }
    return [];
  }
  if (!semanticEqual(plcSpecMessage, want, spec)) return [invalidGo(path, goPriorityLevelConfigurationSpec(spec), `spec of '${name}' must equal the fixed value`)];
  return [];
}

/** ValidatePriorityLevelConfigurationSpec. */
export function validatePriorityLevelConfigurationSpec(spec: PriorityLevelConfigurationSpec, name: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if ((name === priorityLevelConfigurationNameExempt) !== (type === 'Exempt')) {
    errs.push(fieldErrors.invalid(path.child('type'), type, "type must be 'Exempt' if and only if name is 'exempt'"));
  }
  switch (type) {
    case 'Exempt':
      if (spec.limited !== undefined) errs.push(fieldErrors.forbidden(path.child('limited'), 'must be nil if the type is not Limited'));
      if (spec.exempt !== undefined) errs.push(...validateExemptPriorityLevelConfiguration(spec.exempt, path.child('exempt')));
      break;
    case 'Limited':
      if (spec.exempt !== undefined) errs.push(fieldErrors.forbidden(path.child('exempt'), 'must be nil if the type is Limited'));
      if (spec.limited === undefined) errs.push(fieldErrors.required(path.child('limited'), 'must not be empty when type is Limited'));
      else errs.push(...validateLimitedPriorityLevelConfiguration(spec.limited, path.child('limited')));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child('type'), type, supportedPriorityLevelEnablement));
  }
  return errs;
}

/** ValidateLimitedPriorityLevelConfiguration for v1 requests, zero shares allowed. */
export function validateLimitedPriorityLevelConfiguration(lplc: LimitedPriorityLevelConfiguration, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const shares = lplc.nominalConcurrencyShares ?? 0;
  if (shares < 0) errs.push(fieldErrors.invalid(path.child('nominalConcurrencyShares'), shares, 'must be a non-negative integer'));
  errs.push(...validateLimitResponse(lplc.limitResponse ?? {}, path.child('limitResponse')));
  const lendable = lplc.lendablePercent;
  if (lendable !== undefined && !(lendable >= 0 && lendable <= 100)) {
    errs.push(fieldErrors.invalid(path.child('lendablePercent'), lendable, 'must be between 0 and 100, inclusive'));
  }
  const borrowing = lplc.borrowingLimitPercent;
  if (borrowing !== undefined && borrowing < 0) {
    errs.push(fieldErrors.invalid(path.child('borrowingLimitPercent'), borrowing, 'if specified, must be a non-negative integer'));
  }
  return errs;
}

/** ValidateExemptPriorityLevelConfiguration. */
export function validateExemptPriorityLevelConfiguration(eplc: ExemptPriorityLevelConfiguration, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const shares = eplc.nominalConcurrencyShares;
  if (shares !== undefined && shares < 0) errs.push(fieldErrors.invalid(path.child('nominalConcurrencyShares'), shares, 'must be a non-negative integer'));
  const lendable = eplc.lendablePercent;
  if (lendable !== undefined && !(lendable >= 0 && lendable <= 100)) {
    errs.push(fieldErrors.invalid(path.child('lendablePercent'), lendable, 'must be between 0 and 100, inclusive'));
  }
  return errs;
}

/** ValidateLimitResponse. */
export function validateLimitResponse(lr: LimitResponse, path: FieldPath): FieldError[] {
  const type = lr.type ?? '';
  switch (type) {
    case 'Reject':
      return lr.queuing !== undefined ? [fieldErrors.forbidden(path.child('queuing'), 'must be nil if limited.limitResponse.type is not Limited')] : [];
    case 'Queue':
      if (lr.queuing === undefined) return [fieldErrors.required(path.child('queuing'), 'must not be empty if limited.limitResponse.type is Limited')];
      return validateQueuingConfiguration(lr.queuing, path.child('queuing'));
    default:
      return [fieldErrors.notSupported(path.child('type'), type, supportedLimitResponseType)];
  }
}

/** shufflesharding.RequiredEntropyBits: ceil(log2(deckSize) × handSize). */
export function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

/** ValidatePriorityLevelQueuingConfiguration: positive numbers, handSize ≤ queues ≤ 10^7, and shuffle sharding within 60 bits. */
export function validateQueuingConfiguration(q: QueuingConfiguration, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const queueLengthLimit = q.queueLengthLimit ?? 0;
  const queues = q.queues ?? 0;
  const handSize = q.handSize ?? 0;
  if (queueLengthLimit <= 0) errs.push(fieldErrors.invalid(path.child('queueLengthLimit'), queueLengthLimit, 'must be positive'));
  if (queues <= 0) errs.push(fieldErrors.invalid(path.child('queues'), queues, 'must be positive'));
  else if (queues > maxQueues) errs.push(fieldErrors.invalid(path.child('queues'), queues, `must not be greater than ${maxQueues}`));
  if (handSize <= 0) errs.push(fieldErrors.invalid(path.child('handSize'), handSize, 'must be positive'));
  else if (handSize > queues) errs.push(fieldErrors.invalid(path.child('handSize'), handSize, `should not be greater than queues (${queues})`));
  else if (requiredEntropyBits(queues, handSize) > maxHashBits) {
    errs.push(fieldErrors.invalid(path.child('handSize'), handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${maxHashBits}`));
  }
  return errs;
}

/** ValidatePriorityLevelConfigurationStatus (also ValidatePriorityLevelConfigurationStatusUpdate). */
export function validatePriorityLevelConfigurationStatus(status: PriorityLevelConfigurationStatus, path: FieldPath): FieldError[] {
  return validateConditions(status.conditions, path);
}
