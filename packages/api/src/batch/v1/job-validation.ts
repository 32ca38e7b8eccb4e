// Behaviour of k8s.io/kubernetes pkg/apis/batch/validation/validation.go ValidateJob(Update),
// ValidateJobSpec, ValidateJobTemplateSpec and pkg/registry/batch/job/strategy.go (validation
// options; create rules then update rules on update) (v1.33).
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  omitValue,
  protoMessageOf,
  quote,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type ObjectMeta,
} from '@kapi/apimachinery';
import { PodFailurePolicy as PodFailurePolicySchema, SuccessPolicy as SuccessPolicySchema, type Job, type JobSpec } from './job-types.ts';
import { PodTemplateSpec } from '../../core/v1/index.ts';
import {
  validateCorePodTemplate,
  type TemplateValue,
  goLabelSelector,
  goStringMap,
  invalidGo,
  labelSelectorAsSelector,
  notSupportedGo,
  selectorMismatch,
  semanticEqual,
  validateImmutableSelector,
  validateLabelSelector,
  validateNonnegative,
} from '../../workloads/index.ts';

/** The labels kube puts on a Job's pods (and selects them by) when it generates the selector. */
export const jobNameLabel = 'batch.kubernetes.io/job-name';
export const controllerUidLabel = 'batch.kubernetes.io/controller-uid';
export const legacyJobNameLabel = 'job-name';
export const legacyControllerUidLabel = 'controller-uid';

const maxParallelismForIndexedJob = 100_000;
const maxFailedIndexesForIndexedJob = 100_000;
const completionsSoftLimit = 100_000;
const parallelismLimitForHighCompletions = 10_000;
const maxFailedIndexesLimitForHighCompletions = 10_000;
const maxPodFailurePolicyRules = 20;
const maxOnExitCodesValues = 255;
const maxOnPodConditionsPatterns = 20;
const maxManagedByLength = 63;
const maxSucceededIndexesLength = 64 * 1024;
const maxSuccessPolicyRules = 20;

const podFailurePolicyActions = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const onExitCodesOperators = ['In', 'NotIn'];
const conditionStatuses = ['False', 'True', 'Unknown'];
const podReplacementPolicies = ['Failed', 'TerminatingOrFailed'];

/** Go's %q of a []string: `["a" "b"]`. */
const goQuotedList = (list: readonly string[]) => `[${list.map(quote).join(' ')}]`;

/** The options the job strategy derives from the old object on update. */
interface JobValidationOptions {
  /** Require the batch.kubernetes.io/ labels of a generated selector (always on create). */
  requirePrefixedLabels: boolean;
  /** A suspended job that never started may change node affinity, node selector, tolerations, labels, annotations and scheduling gates of its template. */
  allowMutableSchedulingDirectives: boolean;
}

// --- Generated selectors ---------------------------------------------------------------------

function validateHasLabel(meta: ObjectMeta | undefined, path: FieldPath, key: string, expected: string): FieldError[] {
  const labels = meta?.labels;
  const at = path.child('labels').key(key);
  if (labels === undefined || !Object.hasOwn(labels, key)) return [fieldErrors.required(at, expected)];
  if (labels[key] !== expected) return [invalidGo(at, goStringMap(labels), `must be '${expected}'`)];
  return [];
}

/** validateGeneratedSelector: unless manual, the template carries the generated labels and the selector selects them. */
function validateGeneratedSelector(job: Job, batchLabels: boolean): FieldError[] {
  const spec = job.spec ?? {};
  if (spec.manualSelector === true || spec.selector === undefined) return [];
  const errs: FieldError[] = [];
  const uid = job.metadata?.uid ?? '';
  const name = job.metadata?.name ?? '';
  if (uid === '') errs.push(fieldErrors.required(FieldPath.of('metadata', 'uid'), ''));
  const metaPath = FieldPath.of('spec', 'template', 'metadata');
  const meta = spec.template?.metadata;
  errs.push(...validateHasLabel(meta, metaPath, legacyControllerUidLabel, uid), ...validateHasLabel(meta, metaPath, legacyJobNameLabel, name));
  const expected: Record<string, string> = {};
  if (batchLabels) {
    errs.push(...validateHasLabel(meta, metaPath, controllerUidLabel, uid), ...validateHasLabel(meta, metaPath, jobNameLabel, name));
    expected[controllerUidLabel] = uid;
    expected[jobNameLabel] = name;
  }
  expected[legacyControllerUidLabel] = uid;
  expected[legacyJobNameLabel] = name;
  const selector = labelSelectorAsSelector(spec.selector);
  if (selector !== undefined && !selector.matches(expected)) {
    errs.push(invalidGo(FieldPath.of('spec', 'selector'), goLabelSelector(spec.selector), '`selector` not auto-generated'));
  }
  return errs;
}

// --- Indexes ---------------------------------------------------------------------------------

/** strconv.Atoi of an index bound; undefined when Go would refuse it. */
function atoi(s: string): number | undefined {
  return /^[+-]?[0-9]+$/.test(s) ? Number(s) : undefined;
}

function parseIndexInterval(interval: string, completions: number): [number, number] | string {
  const limits = interval.split('-');
  if (limits.length > 2) return `the fragment ${quote(interval)} violates the requirement that an index interval can have at most two parts separated by '-'`;
  const x = atoi(limits[0]!);
  if (x === undefined) return `cannot convert string to integer for index: ${quote(limits[0]!)}`;
  if (x >= completions) return `too large index: ${quote(limits[0]!)}`;
  if (limits.length === 1) return [x, x];
  const y = atoi(limits[1]!);
  if (y === undefined) return `cannot convert string to integer for index: ${quote(limits[1]!)}`;
  if (y >= completions) return `too large index: ${quote(limits[1]!)}`;
  if (x >= y) return `non-increasing order, previous: ${x}, current: ${y}`;
  return [x, y];
}

/** validateIndexesFormat: the number of indexes, or the error text. */
function validateIndexesFormat(indexes: string, completions: number): number | string {
  if (indexes === '') return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of indexes.split(',')) {
    const r = parseIndexInterval(interval, completions);
    if (typeof r === 'string') return r;
    if (last !== undefined && last >= r[0]) return `non-increasing order, previous: ${last}, current: ${r[0]}`;
    total += r[1] - r[0] + 1;
    last = r[1];
  }
  return total;
}

// --- Policies --------------------------------------------------------------------------------

type PodFailurePolicy = NonNullable<JobSpec['podFailurePolicy']>;
type PodFailurePolicyRule = PodFailurePolicy['rules'] extends (infer R)[] | undefined ? R : never;

function validatePodFailurePolicyRule(spec: JobSpec, rule: PodFailurePolicyRule, path: FieldPath, containerNames: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const actionPath = path.child('action');
  const action = rule.action ?? '';
  if (action === '') errs.push(fieldErrors.required(actionPath, `valid values: ${goQuotedList(podFailurePolicyActions)}`));
  else if (action === 'FailIndex') {
    if (spec.backoffLimitPerIndex === undefined) errs.push(fieldErrors.invalid(actionPath, action, 'requires the backoffLimitPerIndex to be set'));
  } else if (!podFailurePolicyActions.includes(action)) errs.push(fieldErrors.notSupported(actionPath, action, podFailurePolicyActions));

  const onExitCodes = rule.onExitCodes;
  if (onExitCodes !== undefined) {
    const at = path.child('onExitCodes');
    const operator = onExitCodes.operator ?? '';
    if (operator === '') errs.push(fieldErrors.required(at.child('operator'), `valid values: ${goQuotedList(onExitCodesOperators)}`));
    else if (!onExitCodesOperators.includes(operator)) errs.push(fieldErrors.notSupported(at.child('operator'), operator, onExitCodesOperators));
    if (onExitCodes.containerName !== undefined && !containerNames.has(onExitCodes.containerName)) {
      errs.push(fieldErrors.invalid(at.child('containerName'), onExitCodes.containerName, 'must be one of the container or initContainer names in the pod template'));
    }
    const values = onExitCodes.values ?? [];
    const valuesPath = at.child('values');
    const goValues = onExitCodes.values === undefined ? '[]int32(nil)' : `[]int32{${values.join(', ')}}`;
    if (values.length === 0) errs.push(invalidGo(valuesPath, goValues, 'at least one value is required'));
    else if (values.length > maxOnExitCodesValues) errs.push(fieldErrors.tooMany(valuesPath, values.length, maxOnExitCodesValues));
    let ordered = true;
    const seen = new Set<number>();
    values.forEach((v, j) => {
      if (operator === 'In' && v === 0) errs.push(fieldErrors.invalid(valuesPath.index(j), v, 'must not be 0 for the In operator'));
      if (seen.has(v)) errs.push(fieldErrors.duplicate(valuesPath.index(j), v));
      else seen.add(v);
      if (j > 0 && values[j - 1]! > v) ordered = false;
    });
    if (!ordered) errs.push(invalidGo(valuesPath, goValues, 'must be ordered'));
  }

  const patterns = rule.onPodConditions ?? [];
  if (patterns.length > 0) {
    const at = path.child('onPodConditions');
    if (patterns.length > maxOnPodConditionsPatterns) errs.push(fieldErrors.tooMany(at, patterns.length, maxOnPodConditionsPatterns));
    patterns.forEach((p, j) => {
      const pAt = at.index(j);
      errs.push(...isQualifiedName(p.type ?? '').map((msg) => fieldErrors.invalid(pAt.child('type'), p.type ?? '', msg)));
      const status = p.status ?? '';
      if (status === '') errs.push(fieldErrors.required(pAt.child('status'), `valid values: ${goQuotedList(conditionStatuses)}`));
      else if (!conditionStatuses.includes(status)) errs.push(fieldErrors.notSupported(pAt.child('status'), status, conditionStatuses));
    });
  }
  if (onExitCodes !== undefined && patterns.length > 0) errs.push(fieldErrors.invalid(path, omitValue, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  if (onExitCodes === undefined && patterns.length === 0) errs.push(fieldErrors.invalid(path, omitValue, 'specifying one of OnExitCodes and OnPodConditions is required'));
  return errs;
}

function validatePodFailurePolicy(spec: JobSpec, policy: PodFailurePolicy, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const rules = policy.rules ?? [];
  const rulesPath = path.child('rules');
  if (rules.length > maxPodFailurePolicyRules) errs.push(fieldErrors.tooMany(rulesPath, rules.length, maxPodFailurePolicyRules));
  const podSpec = (spec.template?.spec ?? {}) as { containers?: { name?: string }[]; initContainers?: { name?: string }[] };
  const names = new Set([...(podSpec.containers ?? []), ...(podSpec.initContainers ?? [])].map((c) => c.name ?? ''));
  rules.forEach((rule, i) => errs.push(...validatePodFailurePolicyRule(spec, rule, rulesPath.index(i), names)));
  return errs;
}

function validateSuccessPolicy(spec: JobSpec, policy: NonNullable<JobSpec['successPolicy']>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const rules = policy.rules ?? [];
  const rulesPath = path.child('rules');
  const completions = spec.completions ?? 0;
  if (rules.length === 0) errs.push(fieldErrors.required(rulesPath, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > maxSuccessPolicyRules) errs.push(fieldErrors.tooMany(rulesPath, rules.length, maxSuccessPolicyRules));
  rules.forEach((rule, i) => {
    const at = rulesPath.index(i);
    if (rule.succeededCount === undefined && rule.succeededIndexes === undefined) {
      errs.push(fieldErrors.required(at, 'at least one of succeededCount or succeededIndexes must be specified'));
    }
    let total = 0;
    if (rule.succeededIndexes !== undefined) {
      const idxPath = at.child('succeededIndexes');
      if (Buffer.byteLength(rule.succeededIndexes) > maxSucceededIndexesLength) errs.push(fieldErrors.tooLong(idxPath, rule.succeededIndexes, maxSucceededIndexesLength));
      const r = validateIndexesFormat(rule.succeededIndexes, completions);
      if (typeof r === 'string') errs.push(fieldErrors.invalid(idxPath, rule.succeededIndexes, `error parsing succeededIndexes: ${r}`));
      else total = r;
    }
    if (rule.succeededCount !== undefined) {
      const countPath = at.child('succeededCount');
      errs.push(...validateNonnegative(rule.succeededCount, countPath));
      if (rule.succeededCount > completions) {
        errs.push(fieldErrors.invalid(countPath, rule.succeededCount, `must be less than or equal to ${completions} (the number of specified completions)`));
      }
      if (rule.succeededIndexes !== undefined && rule.succeededCount > total) {
        errs.push(fieldErrors.invalid(countPath, rule.succeededCount, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
      }
    }
  });
  return errs;
}

const httpPathRe = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

/** IsDomainPrefixedPath. */
export function validateDomainPrefixedPath(path: FieldPath, value: string): FieldError[] {
  if (value === '') return [fieldErrors.required(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host === '' || rest === '') return [fieldErrors.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => fieldErrors.invalid(path, host, msg));
  if (!httpPathRe.test(rest)) errs.push(fieldErrors.invalid(path, rest, "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')"));
  return errs;
}

// --- Specs -----------------------------------------------------------------------------------

/** validateJobSpec: the rules a Job's spec and a CronJob's job template share. */
export function validateJobSpecCommon(spec: JobSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex'] as const) {
    errs.push(...validateNonnegative(spec[key], path.child(key)));
  }
  if (spec.maxFailedIndexes !== undefined) {
    errs.push(...validateNonnegative(spec.maxFailedIndexes, path.child('maxFailedIndexes')));
    if (spec.backoffLimitPerIndex === undefined) errs.push(fieldErrors.required(path.child('backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  if (spec.managedBy !== undefined) {
    errs.push(...validateDomainPrefixedPath(path.child('managedBy'), spec.managedBy));
    if (Buffer.byteLength(spec.managedBy) > maxManagedByLength) errs.push(fieldErrors.tooLong(path.child('managedBy'), spec.managedBy, maxManagedByLength));
  }
  const mode = spec.completionMode;
  if (mode !== undefined) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(fieldErrors.notSupported(path.child('completionMode'), mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (spec.completions === undefined) errs.push(fieldErrors.required(path.child('completions'), 'when completion mode is Indexed'));
      if (spec.parallelism !== undefined && spec.parallelism > maxParallelismForIndexedJob) {
        errs.push(fieldErrors.invalid(path.child('parallelism'), spec.parallelism, `must be less than or equal to ${maxParallelismForIndexedJob} when completion mode is Indexed`));
      }
      if (spec.completions !== undefined && spec.maxFailedIndexes !== undefined && spec.maxFailedIndexes > spec.completions) {
        errs.push(fieldErrors.invalid(path.child('maxFailedIndexes'), spec.maxFailedIndexes, 'must be less than or equal to completions'));
      }
      if (spec.maxFailedIndexes !== undefined && spec.maxFailedIndexes > maxFailedIndexesForIndexedJob) {
        errs.push(fieldErrors.invalid(path.child('maxFailedIndexes'), spec.maxFailedIndexes, `must be less than or equal to ${maxFailedIndexesForIndexedJob}`));
      }
      if (spec.completions !== undefined && spec.completions > completionsSoftLimit && spec.backoffLimitPerIndex !== undefined) {
        const high = `when completions are above ${completionsSoftLimit} and used with backoff limit per index`;
        if (spec.maxFailedIndexes === undefined) {
          errs.push(fieldErrors.required(path.child('maxFailedIndexes'), `must be specified when completions is above ${completionsSoftLimit}`));
        }
        if (spec.parallelism !== undefined && spec.parallelism > parallelismLimitForHighCompletions) {
          errs.push(fieldErrors.invalid(path.child('parallelism'), spec.parallelism, `must be less than or equal to ${parallelismLimitForHighCompletions} ${high}`));
        }
        if (spec.maxFailedIndexes !== undefined && spec.maxFailedIndexes > maxFailedIndexesLimitForHighCompletions) {
          errs.push(fieldErrors.invalid(path.child('maxFailedIndexes'), spec.maxFailedIndexes, `must be less than or equal to ${maxFailedIndexesLimitForHighCompletions} ${high}`));
        }
      }
    }
  }
  if (mode === undefined || mode === 'NonIndexed') {
    if (spec.backoffLimitPerIndex !== undefined) errs.push(fieldErrors.invalid(path.child('backoffLimitPerIndex'), spec.backoffLimitPerIndex, 'requires indexed completion mode'));
    if (spec.maxFailedIndexes !== undefined) errs.push(fieldErrors.invalid(path.child('maxFailedIndexes'), spec.maxFailedIndexes, 'requires indexed completion mode'));
  }
  if (spec.podFailurePolicy !== undefined) errs.push(...validatePodFailurePolicy(spec, spec.podFailurePolicy, path.child('podFailurePolicy')));
  if (spec.successPolicy !== undefined) {
    if (mode !== 'Indexed') {
      const rules = spec.successPolicy.rules;
      // Go prints the SuccessPolicy with %#v; its rules hold pointers (addresses), so only an empty one is rendered.
      const go = rules === undefined ? 'batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule(nil)}' : rules.length === 0 ? 'batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{}}' : undefined;
      const msg = 'requires indexed completion mode';
      errs.push(go === undefined ? fieldErrors.invalid(path.child('successPolicy'), spec.successPolicy, msg) : invalidGo(path.child('successPolicy'), go, msg));
    } else errs.push(...validateSuccessPolicy(spec, spec.successPolicy, path.child('successPolicy')));
  }
  if (spec.podReplacementPolicy !== undefined) {
    const at = path.child('podReplacementPolicy');
    if (spec.podFailurePolicy !== undefined) {
      if (spec.podReplacementPolicy !== 'Failed') errs.push(fieldErrors.notSupported(at, spec.podReplacementPolicy, ['Failed']));
    } else if (!podReplacementPolicies.includes(spec.podReplacementPolicy)) errs.push(fieldErrors.notSupported(at, spec.podReplacementPolicy, podReplacementPolicies));
  }
  const template = (spec.template ?? {}) as TemplateValue;
  errs.push(...validateCorePodTemplate(template, path.child('template')));
  const restart = template.spec?.restartPolicy ?? '';
  const restartPath = path.child('template', 'spec', 'restartPolicy');
  if (restart === 'Always' || restart === '') errs.push(fieldErrors.required(restartPath, 'valid values: "OnFailure", "Never"'));
  else if (restart !== 'OnFailure' && restart !== 'Never') errs.push(fieldErrors.notSupported(restartPath, restart, ['OnFailure', 'Never']));
  else if (spec.podFailurePolicy !== undefined && restart !== 'Never') {
    errs.push(fieldErrors.invalid(restartPath, restart, 'only "Never" is supported when podFailurePolicy is specified'));
  }
  return errs;
}

/** ValidateJobSpec: the shared rules, a required valid selector, and template labels it selects. */
export function validateJobSpec(spec: JobSpec, path: FieldPath): FieldError[] {
  const errs = validateJobSpecCommon(spec, path);
  if (spec.selector === undefined) errs.push(fieldErrors.required(path.child('selector'), ''));
  else errs.push(...validateLabelSelector(spec.selector, path.child('selector')));
  const selector = labelSelectorAsSelector(spec.selector);
  const labels = spec.template?.metadata?.labels;
  if (selector !== undefined && !selector.matches(labels)) errs.push(selectorMismatch(path.child('template', 'metadata', 'labels'), labels));
  return errs;
}

function validateJobWith(job: Job, opts: JobValidationOptions): FieldError[] {
  // Jobs are named like ReplicationControllers: DNS subdomains.
  const errs = validateObjectMeta(job.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  errs.push(...validateGeneratedSelector(job, opts.requirePrefixedLabels));
  const spec = job.spec ?? {};
  errs.push(...validateJobSpec(spec, FieldPath.of('spec')));
  if (spec.completionMode === 'Indexed' && spec.completions !== undefined && spec.completions > 0) {
    // Pods of an Indexed Job are named <job>-<index>: the largest must be a DNS label.
    const name = job.metadata?.name ?? '';
    const hostname = `${name}-${spec.completions - 1}`;
    if (isDNS1123Label(hostname).length > 0) {
      errs.push(fieldErrors.invalid(FieldPath.of('metadata', 'name'), name, `will not able to create pod with invalid DNS label: ${hostname}`));
    }
  }
  return errs;
}

/** The rules of a new Job (after its selector was generated). */
export function validateJob(job: Job): FieldError[] {
  return validateJobWith(job, { requirePrefixedLabels: true, allowMutableSchedulingDirectives: false });
}

const podTemplateMessage = protoMessageOf(PodTemplateSpec);
const podFailurePolicyMessage = protoMessageOf(PodFailurePolicySchema);
const successPolicyMessage = protoMessageOf(SuccessPolicySchema);

/** The template may not change, except scheduling directives of a suspended job that never started. */
function validateTemplateUpdate(spec: JobSpec, old: JobSpec, path: FieldPath, opts: JobValidationOptions): FieldError[] {
  const template = (spec.template ?? {}) as Record<string, unknown> & TemplateValue;
  let previous = (old.template ?? {}) as Record<string, unknown> & TemplateValue;
  if (opts.allowMutableSchedulingDirectives) {
    previous = structuredClone(previous);
    const next = (template.spec ?? {}) as Record<string, unknown> & { affinity?: Record<string, unknown> };
    const prevSpec = (previous.spec ??= {}) as Record<string, unknown> & { affinity?: Record<string, unknown> };
    if (next.affinity === undefined && prevSpec.affinity !== undefined) {
      delete prevSpec.affinity.nodeAffinity;
      if (Object.keys(prevSpec.affinity).length === 0) delete prevSpec.affinity;
    } else if (next.affinity !== undefined && prevSpec.affinity === undefined) {
      prevSpec.affinity = next.affinity.nodeAffinity === undefined ? {} : { nodeAffinity: next.affinity.nodeAffinity };
    } else if (next.affinity !== undefined && prevSpec.affinity !== undefined) {
      if (next.affinity.nodeAffinity === undefined) delete prevSpec.affinity.nodeAffinity;
      else prevSpec.affinity.nodeAffinity = next.affinity.nodeAffinity;
    }
    for (const key of ['nodeSelector', 'tolerations', 'schedulingGates']) {
      if (next[key] === undefined) delete prevSpec[key];
      else prevSpec[key] = next[key];
    }
    const prevMeta = (previous.metadata ??= {});
    for (const key of ['annotations', 'labels'] as const) {
      const v = template.metadata?.[key];
      if (v === undefined) delete prevMeta[key];
      else prevMeta[key] = v;
    }
  }
  if (semanticEqual(podTemplateMessage, template, previous)) return [];
  // Go prints the whole core.PodTemplateSpec with %#v (addresses included); the data is given instead.
  return [fieldErrors.invalid(path.child('template'), spec.template ?? {}, fieldImmutableErrorMsg)];
}

function immutableScalar(next: string | number | undefined, old: string | number | undefined, path: FieldPath): FieldError[] {
  if (next === old) return [];
  return [fieldErrors.invalid(path, next ?? 'null', fieldImmutableErrorMsg)];
}

function immutableMessage(message: ReturnType<typeof protoMessageOf>, next: object | undefined, old: object | undefined, path: FieldPath): FieldError[] {
  if (semanticEqual(message, next as Record<string, unknown> | undefined, old as Record<string, unknown> | undefined)) return [];
  return [fieldErrors.invalid(path, next ?? 'null', fieldImmutableErrorMsg)];
}

/** ValidateJobSpecUpdate (ElasticIndexedJob is on in 1.33). */
function validateJobSpecUpdate(spec: JobSpec, old: JobSpec, path: FieldPath, opts: JobValidationOptions): FieldError[] {
  const errs = validateJobSpec(spec, path);
  const completionsPath = path.child('completions');
  if (spec.completionMode !== 'Indexed') errs.push(...immutableScalar(spec.completions, old.completions, completionsPath));
  else if (spec.completions !== old.completions && spec.completions !== undefined && spec.completions !== spec.parallelism) {
    errs.push(fieldErrors.invalid(completionsPath, spec.completions, 'can only be modified in tandem with spec.parallelism'));
  }
  errs.push(...validateImmutableSelector(spec.selector, old.selector, path.child('selector')));
  errs.push(...validateTemplateUpdate(spec, old, path, opts));
  errs.push(...immutableScalar(spec.completionMode, old.completionMode, path.child('completionMode')));
  errs.push(...immutableMessage(podFailurePolicyMessage, spec.podFailurePolicy, old.podFailurePolicy, path.child('podFailurePolicy')));
  errs.push(...immutableScalar(spec.backoffLimitPerIndex, old.backoffLimitPerIndex, path.child('backoffLimitPerIndex')));
  errs.push(...immutableScalar(spec.managedBy, old.managedBy, path.child('managedBy')));
  errs.push(...immutableMessage(successPolicyMessage, spec.successPolicy, old.successPolicy, path.child('successPolicy')));
  return errs;
}

/** The rules of a Job update: the create rules, then the update rules (upstream's strategy runs both, so some errors repeat). */
export function validateJobUpdate(job: Job, old: Job): FieldError[] {
  const oldLabels = old.spec?.template?.metadata?.labels ?? {};
  const opts: JobValidationOptions = {
    requirePrefixedLabels: Object.hasOwn(oldLabels, jobNameLabel) && Object.hasOwn(oldLabels, controllerUidLabel),
    allowMutableSchedulingDirectives: old.spec?.suspend === true && (old.status?.startTime ?? null) === null,
  };
  return [
    ...validateJobWith(job, opts),
    ...validateObjectMetaUpdate(job.metadata ?? {}, old.metadata ?? {}),
    ...validateJobSpecUpdate(job.spec ?? {}, old.spec ?? {}, FieldPath.of('spec'), opts),
  ];
}

/** ValidateJobTemplateSpec: the shared rules; the selector is always generated, so it may not be given. */
export function validateJobTemplateSpec(template: { spec?: JobSpec | undefined }, path: FieldPath): FieldError[] {
  const spec = template.spec ?? {};
  const errs = validateJobSpecCommon(spec, path.child('spec'));
  if (spec.selector !== undefined) errs.push(invalidGo(path.child('spec', 'selector'), goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errs.push(notSupportedGo(path.child('spec', 'manualSelector'), 'true', ['nil', 'false']));
  return errs;
}
