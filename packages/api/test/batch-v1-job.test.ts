// Jobs and CronJobs as kube-apiserver v1.33 defaults and validates them (pkg/apis/batch/v1/defaults.go,
// pkg/apis/batch/validation/validation.go, the job strategy's selector generation).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { cronJobKind, generateJobSelector, jobKind, type CronJob, type Job } from '../src/batch/v1/index.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const uid = '0d5b3bd5-8c8c-4b71-8d44-7b1e0f6e2b3a';
const podSpec = (restartPolicy = 'Never') => ({ containers: [{ name: 'pi', image: 'perl:5.34', resources: {} }], restartPolicy });

/** What `kubectl create job pi --image=perl:5.34` sends, after the server's defaults and selector generation. */
function createdJob(spec: Record<string, unknown> = {}, name = 'pi'): Job {
  const job = { metadata: { name, namespace: 'default', uid, resourceVersion: '1' }, spec: { template: { metadata: {}, spec: podSpec() }, ...spec } } as Job;
  jobKind.defaults(job);
  generateJobSelector(job);
  return job;
}

const generatedLabels = {
  'batch.kubernetes.io/controller-uid': uid,
  'batch.kubernetes.io/job-name': 'pi',
  'controller-uid': uid,
  'job-name': 'pi',
};

describe('Job defaults', () => {
  it('kubectl create job: one completion, one at a time, 6 retries, NonIndexed, not suspended, TerminatingOrFailed, generated selector', () => {
    const job = createdJob();
    expect(job.spec).toEqual({
      parallelism: 1,
      completions: 1,
      backoffLimit: 6,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      manualSelector: false,
      template: {
        metadata: { labels: generatedLabels },
        spec: {
          containers: [
            { name: 'pi', image: 'perl:5.34', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' },
          ],
          restartPolicy: 'Never',
          terminationGracePeriodSeconds: 30,
          dnsPolicy: 'ClusterFirst',
          securityContext: {},
          schedulerName: 'default-scheduler',
        },
      },
      completionMode: 'NonIndexed',
      suspend: false,
      podReplacementPolicy: 'TerminatingOrFailed',
    });
    expect(jobKind.validate(job)).toEqual([]);
  });

  it("read back, the job's labels come from its template (SetDefaults_Job runs on decoding)", () => {
    const job = createdJob();
    jobKind.defaults(job);
    expect(job.metadata!.labels).toEqual(generatedLabels);
  });

  it('parallelism alone leaves completions unset', () => {
    const job: Job = { spec: { parallelism: 3 } };
    jobKind.defaults(job);
    expect([job.spec!.parallelism, job.spec!.completions]).toEqual([3, undefined]);
  });

  it('backoffLimitPerIndex makes backoffLimit the largest int32; podFailurePolicy makes replacement Failed and patterns True', () => {
    const job: Job = {
      spec: { backoffLimitPerIndex: 1, podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] } },
    };
    jobKind.defaults(job);
    expect(job.spec).toMatchObject({
      backoffLimit: 2147483647,
      podReplacementPolicy: 'Failed',
      podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] },
    });
  });

  it('a manual selector is left alone', () => {
    const job = { metadata: { name: 'pi', uid }, spec: { manualSelector: true, template: {} } } as Job;
    generateJobSelector(job);
    expect(job.spec!.selector).toBeUndefined();
    expect(job.spec!.template!.metadata).toBeUndefined();
  });
});

describe('Job validation', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['restartPolicy Always', { template: { spec: podSpec('Always') } }, ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    [
      'an unknown restartPolicy (core rules first, then the job rule)',
      { template: { spec: podSpec('Sometimes') } },
      [
        'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
        'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "OnFailure", "Never"',
      ],
    ],
    ['negative parallelism', { parallelism: -1 }, ['spec.parallelism: Invalid value: -1: must be greater than or equal to 0']],
    ['a negative backoffLimit', { backoffLimit: -1 }, ['spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0']],
    ['an unknown completion mode', { completionMode: 'Sometimes' }, ['spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"']],
    ['Indexed without completions', { completionMode: 'Indexed', completions: undefined }, ['spec.completions: Required value: when completion mode is Indexed']],
    ['backoffLimitPerIndex when NonIndexed', { backoffLimitPerIndex: 1 }, ['spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode']],
    [
      'maxFailedIndexes without backoffLimitPerIndex',
      { completionMode: 'Indexed', completions: 4, maxFailedIndexes: 1 },
      ['spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified'],
    ],
    ['a managedBy that is no domain-prefixed path', { managedBy: 'queue' }, ['spec.managedBy: Invalid value: "queue": must be a domain-prefixed path (such as "acme.io/foo")']],
    ['an unknown podReplacementPolicy', { podReplacementPolicy: 'Never' }, ['spec.podReplacementPolicy: Unsupported value: "Never": supported values: "Failed", "TerminatingOrFailed"']],
    [
      'a podFailurePolicy with OnFailure pods',
      { podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [1] } }] }, podReplacementPolicy: 'Failed', template: { spec: podSpec('OnFailure') } },
      ['spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified'],
    ],
    [
      'a pod failure rule without action or requirement',
      { podFailurePolicy: { rules: [{}] }, podReplacementPolicy: 'Failed' },
      [
        'spec.podFailurePolicy.rules[0].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]',
        'spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required',
      ],
    ],
    [
      'exit codes that repeat, are unordered and include 0 with In',
      { podFailurePolicy: { rules: [{ action: 'Count', onExitCodes: { containerName: 'main', operator: 'In', values: [5, 0, 5] } }] }, podReplacementPolicy: 'Failed' },
      [
        'spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "main": must be one of the container or initContainer names in the pod template',
        'spec.podFailurePolicy.rules[0].onExitCodes.values[1]: Invalid value: 0: must not be 0 for the In operator',
        'spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 5',
        'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []int32{5, 0, 5}: must be ordered',
      ],
    ],
    [
      'FailIndex without backoffLimitPerIndex',
      { podFailurePolicy: { rules: [{ action: 'FailIndex', onPodConditions: [{ type: 'DisruptionTarget', status: 'Maybe' }] }] }, podReplacementPolicy: 'Failed' },
      [
        'spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set',
        'spec.podFailurePolicy.rules[0].onPodConditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      ],
    ],
    [
      'a successPolicy on a NonIndexed job',
      { successPolicy: { rules: [] } },
      ['spec.successPolicy: Invalid value: batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{}}: requires indexed completion mode'],
    ],
    [
      'a successPolicy with bad indexes',
      { completionMode: 'Indexed', completions: 3, successPolicy: { rules: [{ succeededIndexes: '0,2-1', succeededCount: 5 }] } },
      [
        'spec.successPolicy.rules[0].succeededIndexes: Invalid value: "0,2-1": error parsing succeededIndexes: non-increasing order, previous: 2, current: 1',
        'spec.successPolicy.rules[0].succeededCount: Invalid value: 5: must be less than or equal to 3 (the number of specified completions)',
        'spec.successPolicy.rules[0].succeededCount: Invalid value: 5: must be less than or equal to 0 (the number of indexes in the specified succeededIndexes field)',
      ],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    const job = createdJob();
    for (const [k, v] of Object.entries(spec)) {
      // A template in a case replaces the pod spec only: the generated labels stay.
      if (k === 'template') (job.spec!.template as Record<string, unknown>).spec = (v as Record<string, unknown>).spec;
      else (job.spec as Record<string, unknown>)[k] = v;
    }
    if (spec.template) jobKind.defaults(job);
    expect(msgs(jobKind.validate(job))).toEqual(want);
  });

  it('a generated selector needs its labels on the template', () => {
    const job = { metadata: { name: 'pi', namespace: 'default', uid }, spec: { template: { metadata: { labels: { 'batch.kubernetes.io/job-name': 'other' } }, spec: podSpec() } } } as Job;
    jobKind.defaults(job);
    generateJobSelector(job);
    expect(msgs(jobKind.validate(job))).toEqual([
      'spec.template.metadata.labels[batch.kubernetes.io/job-name]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"0d5b3bd5-8c8c-4b71-8d44-7b1e0f6e2b3a", "batch.kubernetes.io/job-name":"other", "controller-uid":"0d5b3bd5-8c8c-4b71-8d44-7b1e0f6e2b3a", "job-name":"pi"}: must be \'pi\'',
    ]);
  });

  it('a manual selector must be given and select the template', () => {
    const job = { metadata: { name: 'pi', namespace: 'default', uid }, spec: { manualSelector: true, template: { spec: podSpec() } } } as Job;
    jobKind.defaults(job);
    generateJobSelector(job);
    expect(msgs(jobKind.validate(job))).toEqual([
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
    ]);
  });

  it('Indexed pods get <name>-<index> hostnames, which must be DNS labels', () => {
    const name = 'a'.repeat(62);
    const job = createdJob({ completionMode: 'Indexed', completions: 10 }, name);
    expect(msgs(jobKind.validate(job))).toContain(
      `metadata.name: Invalid value: "${name}": will not able to create pod with invalid DNS label: ${name}-9`,
    );
  });

  describe('updates', () => {
    it('completions of a NonIndexed job are immutable; errors of the create rules repeat', () => {
      const old = createdJob();
      const next = structuredClone(old);
      next.spec!.completions = 3;
      next.spec!.parallelism = -1;
      expect(msgs(jobKind.validateUpdate(next, old))).toEqual([
        'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.completions: Invalid value: 3: field is immutable',
      ]);
    });

    it('completions of an Indexed job change only with parallelism', () => {
      const old = createdJob({ completionMode: 'Indexed', completions: 4, parallelism: 4 });
      const ok = structuredClone(old);
      Object.assign(ok.spec!, { completions: 6, parallelism: 6 });
      expect(jobKind.validateUpdate(ok, old)).toEqual([]);
      const bad = structuredClone(old);
      bad.spec!.completions = 6;
      expect(msgs(jobKind.validateUpdate(bad, old))).toEqual(['spec.completions: Invalid value: 6: can only be modified in tandem with spec.parallelism']);
    });

    it('the template is immutable, except scheduling directives of a suspended job that never started', () => {
      const old = createdJob();
      const next = structuredClone(old);
      next.spec!.template!.spec!.nodeSelector = { disk: 'ssd' };
      expect(jobKind.validateUpdate(next, old).map((e) => [e.field, e.detail])).toEqual([['spec.template', 'field is immutable']]);
      const suspended = createdJob({ suspend: true });
      const moved = structuredClone(suspended);
      moved.spec!.template!.spec!.nodeSelector = { disk: 'ssd' };
      moved.spec!.template!.metadata!.annotations = { queue: 'a' };
      expect(jobKind.validateUpdate(moved, suspended)).toEqual([]);
      const started = { ...structuredClone(suspended), status: { startTime: '2024-05-01T10:00:00Z' } };
      expect(jobKind.validateUpdate({ ...moved, status: started.status }, started).map((e) => e.field)).toEqual(['spec.template']);
    });

    it('selector, completionMode and managedBy are immutable', () => {
      const old = createdJob({ managedBy: 'example.com/a' });
      const next = structuredClone(old);
      next.spec!.managedBy = 'example.com/b';
      next.spec!.completionMode = 'Indexed';
      expect(msgs(jobKind.validateUpdate(next, old))).toEqual([
        'spec.completionMode: Invalid value: "Indexed": field is immutable',
        'spec.managedBy: Invalid value: "example.com/b": field is immutable',
      ]);
    });
  });
});

function cronJob(spec: Record<string, unknown> = {}, name = 'tick'): CronJob {
  const cj = {
    metadata: { name, namespace: 'default', resourceVersion: '1' },
    spec: { schedule: '*/1 * * * *', jobTemplate: { metadata: { name }, spec: { template: { spec: podSpec('OnFailure') } } }, ...spec },
  } as CronJob;
  cronJobKind.defaults(cj);
  return cj;
}

describe('CronJob', () => {
  it('defaults: Allow, not suspended, keep 3 successful and 1 failed job; the job template gets pod defaults only', () => {
    const cj = cronJob();
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    const jobSpec = cj.spec!.jobTemplate!.spec!;
    expect(jobSpec.backoffLimit).toBeUndefined();
    expect(jobSpec.template!.spec!.dnsPolicy).toBe('ClusterFirst');
    expect(cronJobKind.validate(cj)).toEqual([]);
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['an unknown concurrency policy', { concurrencyPolicy: 'Sometimes' }, ['spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"']],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']],
    ['an empty time zone', { timeZone: '' }, ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']],
    ['the Local time zone', { timeZone: 'Local' }, ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']],
    ['a negative startingDeadlineSeconds', { startingDeadlineSeconds: -5 }, ['spec.startingDeadlineSeconds: Invalid value: -5: must be greater than or equal to 0']],
    ['a negative history limit', { failedJobsHistoryLimit: -1 }, ['spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0']],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    const cj = cronJob();
    Object.assign(cj.spec!, spec);
    expect(msgs(cronJobKind.validate(cj))).toEqual(want);
  });

  it('the job template may not carry a selector nor ask for a manual one, and its pods may not restart Always', () => {
    const cj = cronJob();
    const spec = cj.spec!.jobTemplate!.spec!;
    spec.selector = { matchLabels: { a: 'b' } };
    spec.manualSelector = true;
    spec.template!.spec!.restartPolicy = 'Always';
    expect(msgs(cronJobKind.validate(cj))).toEqual([
      'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
      'spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated',
      'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
    ]);
  });

  it('names are at most 52 characters on create, not on update', () => {
    const name = 'c'.repeat(53);
    expect(msgs(cronJobKind.validate(cronJob({}, name)))).toEqual([`metadata.name: Invalid value: "${name}": must be no more than 52 characters`]);
    const old = cronJob({}, name);
    expect(cronJobKind.validateUpdate(structuredClone(old), old)).toEqual([]);
  });
});
