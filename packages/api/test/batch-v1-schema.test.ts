// batch/v1 and coordination.k8s.io/v1 declarations against k8s.io/api types.go and generated.proto
// (v0.33.0): field order, JSON names, protobuf numbers, Go pointers, required fields and the
// patch/list metadata of the OpenAPI document.
import { describe, it } from 'vitest';
import { CronJob, Job } from '../src/batch/v1/index.ts';
import { Lease } from '../src/coordination/v1/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const batch: UpstreamTable = {
  'io.k8s.api.batch.v1.Job': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.batch.v1.PodFailurePolicyOnExitCodesRequirement': [
    ['containerName', 1, 'ptr'],
    ['operator', 2, 'req'],
    ['values', 3, 'req list:set'],
  ],
  'io.k8s.api.batch.v1.PodFailurePolicyOnPodConditionsPattern': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
  ],
  'io.k8s.api.batch.v1.PodFailurePolicyRule': [
    ['action', 1, 'req'],
    ['onExitCodes', 2, 'ptr'],
    ['onPodConditions', 3, 'list:atomic'],
  ],
  'io.k8s.api.batch.v1.PodFailurePolicy': [
    ['rules', 1, 'req list:atomic'],
  ],
  'io.k8s.api.batch.v1.SuccessPolicy': [
    ['rules', 1, 'req list:atomic'],
  ],
  'io.k8s.api.batch.v1.SuccessPolicyRule': [
    ['succeededIndexes', 1, 'ptr'],
    ['succeededCount', 2, 'ptr'],
  ],
  'io.k8s.api.batch.v1.JobSpec': [
    ['parallelism', 1, 'ptr'],
    ['completions', 2, 'ptr'],
    ['activeDeadlineSeconds', 3, 'ptr'],
    ['podFailurePolicy', 11, 'ptr'],
    ['successPolicy', 16, 'ptr'],
    ['backoffLimit', 7, 'ptr'],
    ['backoffLimitPerIndex', 12, 'ptr'],
    ['maxFailedIndexes', 13, 'ptr'],
    ['selector', 4, 'ptr'],
    ['manualSelector', 5, 'ptr'],
    ['template', 6, 'req'],
    ['ttlSecondsAfterFinished', 8, 'ptr'],
    ['completionMode', 9, 'ptr'],
    ['suspend', 10, 'ptr'],
    ['podReplacementPolicy', 14, 'ptr'],
    ['managedBy', 15, 'ptr'],
  ],
  'io.k8s.api.batch.v1.JobStatus': [
    ['conditions', 1, 'merge:type list:atomic'],
    ['startTime', 2, 'ptr'],
    ['completionTime', 3, 'ptr'],
    ['active', 4],
    ['succeeded', 5],
    ['failed', 6],
    ['terminating', 11, 'ptr'],
    ['completedIndexes', 7],
    ['failedIndexes', 10, 'ptr'],
    ['uncountedTerminatedPods', 8, 'ptr'],
    ['ready', 9, 'ptr'],
  ],
  'io.k8s.api.batch.v1.UncountedTerminatedPods': [
    ['succeeded', 1, 'list:set'],
    ['failed', 2, 'list:set'],
  ],
  'io.k8s.api.batch.v1.JobCondition': [
    ['type', 1, 'req'],
    ['status', 2, 'req'],
    ['lastProbeTime', 3],
    ['lastTransitionTime', 4],
    ['reason', 5],
    ['message', 6],
  ],
  'io.k8s.api.batch.v1.JobTemplateSpec': [
    ['metadata', 1],
    ['spec', 2],
  ],
  'io.k8s.api.batch.v1.CronJob': [
    ['metadata', 1],
    ['spec', 2],
    ['status', 3],
  ],
  'io.k8s.api.batch.v1.CronJobSpec': [
    ['schedule', 1, 'req'],
    ['timeZone', 8, 'ptr'],
    ['startingDeadlineSeconds', 2, 'ptr'],
    ['concurrencyPolicy', 3],
    ['suspend', 4, 'ptr'],
    ['jobTemplate', 5, 'req'],
    ['successfulJobsHistoryLimit', 6, 'ptr'],
    ['failedJobsHistoryLimit', 7, 'ptr'],
  ],
  'io.k8s.api.batch.v1.CronJobStatus': [
    ['active', 1, 'list:atomic'],
    ['lastScheduleTime', 4, 'ptr'],
    ['lastSuccessfulTime', 5, 'ptr'],
  ],
};

const coordination: UpstreamTable = {
  'io.k8s.api.coordination.v1.Lease': [
    ['metadata', 1],
    ['spec', 2],
  ],
  'io.k8s.api.coordination.v1.LeaseSpec': [
    ['holderIdentity', 1, 'ptr'],
    ['leaseDurationSeconds', 2, 'ptr'],
    ['acquireTime', 3, 'ptr'],
    ['renewTime', 4, 'ptr'],
    ['leaseTransitions', 5, 'ptr'],
    ['strategy', 6, 'ptr'],
    ['preferredHolder', 7, 'ptr'],
  ],
};

describe('batch/v1 declarations match k8s.io/api v0.33.0', () => {
  it.each(Object.keys(batch))('%s', (id) => checkUpstreamTable([Job, CronJob], { [id]: batch[id]! }));
});

describe('coordination.k8s.io/v1 declarations match k8s.io/api v0.33.0', () => {
  it.each(Object.keys(coordination))('%s', (id) => checkUpstreamTable([Lease], { [id]: coordination[id]! }));
});
