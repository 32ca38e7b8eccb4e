// batch/v1: Job and CronJob.
import type { KindDefinition } from '../../kind.ts';
import { cronJobKind } from './cronjob.ts';
import { jobKind } from './job.ts';

export {
  Job,
  JobSpec,
  JobStatus,
  JobCondition,
  JobTemplateSpec,
  PodFailurePolicy,
  PodFailurePolicyRule,
  PodFailurePolicyOnExitCodesRequirement,
  PodFailurePolicyOnPodConditionsPattern,
  SuccessPolicy,
  SuccessPolicyRule,
  UncountedTerminatedPods,
} from './job-types.ts';
export { jobKind, defaultJob, generateJobSelector, jobNameLabel, controllerUidLabel, legacyJobNameLabel, legacyControllerUidLabel } from './job.ts';
export { validateJob, validateJobUpdate, validateJobSpec, validateJobTemplateSpec } from './job-validation.ts';
export { CronJob, CronJobSpec, CronJobStatus, cronJobKind, defaultCronJob, validateCronJobSpec, maxCronJobNameLength } from './cronjob.ts';
export { cronScheduleError } from './cron-schedule.ts';

/** The kinds of batch/v1 kapi serves. */
export const batchV1Kinds: readonly KindDefinition[] = [jobKind as KindDefinition, cronJobKind as KindDefinition];
