// Behaviour of k8s.io/api batch/v1 types.go (CronJob), k8s.io/kubernetes pkg/apis/batch/v1/defaults.go
// SetDefaults_CronJob and pkg/apis/batch/validation/validation.go ValidateCronJobCreate/Update (v1.33).
import type { z } from 'zod';
import {
  FieldPath,
  ObjectMeta,
  field,
  fieldErrors,
  nameIsDNSSubdomain,
  protoMessageOf,
  struct,
  types,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
} from '@kapi/apimachinery';
import { defineKind } from '../../kind.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { ObjectReference } from '../../core/v1/index.ts';
import { validateNonnegative } from '../../workloads/index.ts';
import { cronScheduleError } from './cron-schedule.ts';
import { JobTemplateSpec } from './job-types.ts';
import { defaultJobSpecParts } from './job.ts';
import { validateJobTemplateSpec } from './job-validation.ts';
import { batchV1 } from './names.ts';

export const CronJobSpec = struct(batchV1('CronJobSpec', 'When and how a cron job runs its jobs.'), {
  schedule: field(1, types.string(), { description: 'The schedule in cron format (five fields, or a descriptor such as @hourly).', required: true }),
  timeZone: field(8, types.string(), { description: "The IANA time zone of the schedule; the controller's zone when unset.", pointer: true }),
  startingDeadlineSeconds: field(2, types.int64(), { description: 'Seconds after a missed scheduled time within which the job may still start.', pointer: true }),
  concurrencyPolicy: field(3, types.string(), { description: 'Allow (the default), Forbid or Replace concurrent runs.' }),
  suspend: field(4, types.bool(), { description: 'True to stop starting new runs; running ones go on. False by default.', pointer: true }),
  jobTemplate: field(5, JobTemplateSpec, { description: 'The job each run creates.', required: true }),
  successfulJobsHistoryLimit: field(6, types.int32(), { description: 'How many successful jobs to keep; 3 by default.', pointer: true }),
  failedJobsHistoryLimit: field(7, types.int32(), { description: 'How many failed jobs to keep; 1 by default.', pointer: true }),
});
export type CronJobSpec = z.infer<typeof CronJobSpec>;

export const CronJobStatus = struct(batchV1('CronJobStatus', 'The observed state of a cron job.'), {
  active: field(1, types.list(ObjectReference), { description: 'The jobs running now.', listType: 'atomic' }),
  lastScheduleTime: field(4, types.time(), { description: 'When a job was last scheduled.', pointer: true }),
  lastSuccessfulTime: field(5, types.time(), { description: 'When a job last completed successfully.', pointer: true }),
});

export const CronJob = struct(batchV1('CronJob', 'A job run on a schedule.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
  spec: field(2, CronJobSpec, { description: 'The desired behaviour of the cron job, including its schedule.' }),
  status: field(3, CronJobStatus, { description: 'The current status of the cron job. Read-only.' }),
});
export type CronJob = z.infer<typeof CronJob>;

/** SetDefaults_CronJob, then the job template's pod template and failure-policy defaults (not SetDefaults_Job). */
export function defaultCronJob(cj: CronJob): void {
  const spec = (cj.spec ??= {});
  if (!spec.concurrencyPolicy) spec.concurrencyPolicy = 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  defaultJobSpecParts(((spec.jobTemplate ??= {}).spec ??= {}));
}

const timeZoneComponent = /^[A-Za-z.\-_0-9+]{1,14}$/;

/** Whether Go's time.LoadLocation loads `name`: "" and UTC, Local, and IANA names with the database's case. */
export function isKnownTimeZone(name: string): boolean {
  if (name === '' || name === 'UTC' || name === 'Local') return true;
  // The database's names start each component with a capital; Go's lookup is case-sensitive.
  if (!name.split('/').every((part) => /^[A-Z]/.test(part))) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function validateTimeZone(tz: string | undefined, path: FieldPath): FieldError[] {
  if (tz === undefined) return [];
  if (tz === '') return [fieldErrors.invalid(path, tz, 'timeZone must be nil or non-empty string')];
  for (const part of tz.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !timeZoneComponent.test(part)) {
      return [fieldErrors.invalid(path, tz, `unknown time zone ${tz}`)];
    }
  }
  const errs: FieldError[] = [];
  if (tz.toLowerCase() === 'local') {
    errs.push(fieldErrors.invalid(path, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  }
  if (!isKnownTimeZone(tz)) errs.push(fieldErrors.invalid(path, tz, `unknown time zone ${tz}`));
  return errs;
}

function validateSchedule(schedule: string, allowTZ: boolean, timeZone: string | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const err = cronScheduleError(schedule, isKnownTimeZone);
  if (err !== undefined) errs.push(fieldErrors.invalid(path, schedule, err));
  if (allowTZ && schedule.includes('TZ') && timeZone !== undefined) {
    errs.push(fieldErrors.invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && schedule.includes('TZ')) {
    errs.push(fieldErrors.invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

const concurrencyPolicies = ['Allow', 'Forbid', 'Replace'];

/** validateCronJobSpec; `old` is the stored spec on update (a TZ= schedule it had may stay). */
export function validateCronJobSpec(spec: CronJobSpec, old: CronJobSpec | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const schedule = spec.schedule ?? '';
  if (schedule === '') errs.push(fieldErrors.required(path.child('schedule'), ''));
  else errs.push(...validateSchedule(schedule, (old?.schedule ?? '').includes('TZ'), spec.timeZone, path.child('schedule')));
  errs.push(...validateNonnegative(spec.startingDeadlineSeconds, path.child('startingDeadlineSeconds')));
  if (old === undefined || old.timeZone !== spec.timeZone) errs.push(...validateTimeZone(spec.timeZone, path.child('timeZone')));
  const policy = spec.concurrencyPolicy ?? '';
  if (policy === '') errs.push(fieldErrors.required(path.child('concurrencyPolicy'), ''));
  else if (!concurrencyPolicies.includes(policy)) errs.push(fieldErrors.notSupported(path.child('concurrencyPolicy'), policy, concurrencyPolicies));
  errs.push(...validateJobTemplateSpec(spec.jobTemplate ?? {}, path.child('jobTemplate')));
  errs.push(...validateNonnegative(spec.successfulJobsHistoryLimit, path.child('successfulJobsHistoryLimit')));
  errs.push(...validateNonnegative(spec.failedJobsHistoryLimit, path.child('failedJobsHistoryLimit')));
  return errs;
}

/** The longest CronJob name: the controller appends an 11-character suffix to make its jobs' names. */
export const maxCronJobNameLength = 52;

export const cronJobKind = defineKind<CronJob>({
  group: 'batch',
  version: 'v1',
  kind: 'CronJob',
  resource: 'cronjobs',
  singular: 'cronjob',
  shortNames: ['cj'],
  categories: ['all'],
  namespaced: true,
  schema: CronJob,
  proto: protoMessageOf(CronJob),
  description: 'Jobs started on a schedule.',
  defaults: defaultCronJob,
  validate(cj) {
    const errs = validateObjectMeta(cj.metadata ?? {}, { namespaced: true, nameValidator: nameIsDNSSubdomain });
    errs.push(...validateCronJobSpec(cj.spec ?? {}, undefined, FieldPath.of('spec')));
    const name = cj.metadata?.name ?? '';
    if (name.length > maxCronJobNameLength) errs.push(fieldErrors.invalid(FieldPath.of('metadata', 'name'), name, 'must be no more than 52 characters'));
    return errs;
  },
  // The 52-character limit is not checked on update, so that older, longer-named cron jobs can change.
  validateUpdate: (cj, old) => [
    ...validateObjectMetaUpdate(cj.metadata ?? {}, old.metadata ?? {}),
    ...validateCronJobSpec(cj.spec ?? {}, old.spec ?? {}, FieldPath.of('spec')),
  ],
});
