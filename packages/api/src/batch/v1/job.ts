// Behaviour of k8s.io/kubernetes pkg/apis/batch/v1/defaults.go SetDefaults_Job and
// pkg/registry/batch/job/strategy.go generateSelector (v1.33); the types are in job-types.ts.
import { protoMessageOf } from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { defaultPodTemplateSpec } from '../../core/v1/index.ts';
import { Job, type JobSpec } from './job-types.ts';
import { controllerUidLabel, jobNameLabel, legacyControllerUidLabel, legacyJobNameLabel, validateJob, validateJobUpdate } from './job-validation.ts';

export { controllerUidLabel, jobNameLabel, legacyControllerUidLabel, legacyJobNameLabel };

/** The defaults every JobSpec gets, in a Job or a CronJob's template: pod template and failure-policy patterns. */
export function defaultJobSpecParts(spec: JobSpec): void {
  for (const rule of spec.podFailurePolicy?.rules ?? []) {
    for (const pattern of rule.onPodConditions ?? []) if (!pattern.status) pattern.status = 'True';
  }
  defaultPodTemplateSpec((spec.template ??= {}));
}

/** SetDefaults_Job (JobPodReplacementPolicy is on in 1.33), then the template's defaults. */
export function defaultJob(job: Job): void {
  const spec = (job.spec ??= {});
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6;
  const templateLabels = spec.template?.metadata?.labels;
  if (templateLabels !== undefined && Object.keys(job.metadata?.labels ?? {}).length === 0) (job.metadata ??= {}).labels = { ...templateLabels };
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= spec.podFailurePolicy !== undefined ? 'Failed' : 'TerminatingOrFailed';
  spec.manualSelector ??= false;
  defaultJobSpecParts(spec);
}

/**
 * The job strategy's selector generation, for the registry's prepareForCreate (it needs the UID,
 * so it cannot run in `defaults`): unless manualSelector, the pods get job-name and controller-uid
 * labels (prefixed and legacy) and the selector matches the prefixed controller-uid.
 */
export function generateJobSelector(job: Job): void {
  const spec = (job.spec ??= {});
  if (spec.manualSelector === true) return;
  const meta = ((spec.template ??= {}).metadata ??= {});
  const labels = (meta.labels ??= {});
  const name = job.metadata?.name ?? '';
  const uid = job.metadata?.uid ?? '';
  for (const key of [legacyJobNameLabel, jobNameLabel]) if (!Object.hasOwn(labels, key)) labels[key] = name;
  for (const key of [legacyControllerUidLabel, controllerUidLabel]) if (!Object.hasOwn(labels, key)) labels[key] = uid;
  const selector = (spec.selector ??= {});
  const matchLabels = (selector.matchLabels ??= {});
  if (!Object.hasOwn(matchLabels, controllerUidLabel)) matchLabels[controllerUidLabel] = uid;
}

export const jobKind = defineKind<Job>({
  group: 'batch',
  version: 'v1',
  kind: 'Job',
  resource: 'jobs',
  singular: 'job',
  categories: ['all'],
  namespaced: true,
  schema: Job,
  proto: protoMessageOf(Job),
  description: 'Pods run until a number of them succeed.',
  defaults: defaultJob,
  validate: (job) => validateJob(job),
  validateUpdate: (job, old) => validateJobUpdate(job, old),
});
