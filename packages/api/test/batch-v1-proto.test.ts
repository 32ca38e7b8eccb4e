// Protobuf and JSON round trips of the batch/v1 and coordination.k8s.io/v1 kinds: hand-built objects
// with every field of their own structs set, and random objects drawn from the protobuf descriptors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkObject, decodeBody, decodeEnvelope, decodeMessage, encodeEnvelope, encodeMessage, type KubeObject } from '@kapi/apimachinery';
import { batchV1Kinds, cronJobKind, jobKind } from '../src/batch/v1/index.ts';
import { coordinationV1Kinds, leaseKind } from '../src/coordination/v1/index.ts';
import type { KindDefinition } from '../src/kind.ts';
import { arbitraryMessage, canonical } from './proto-arbitrary.ts';

const t1 = '2024-05-01T10:00:00Z';
const t2 = '2024-05-02T11:30:00Z';
const meta = { name: 'pi', namespace: 'batch', uid: 'u-1', resourceVersion: '7', creationTimestamp: t1 };
const template = {
  metadata: { labels: { 'batch.kubernetes.io/job-name': 'pi' } },
  spec: { containers: [{ name: 'pi', image: 'perl:5.34', command: ['perl', '-e', 'print 1'], resources: {} }], restartPolicy: 'Never' },
};

const jobSpec = {
  parallelism: 2,
  completions: 4,
  activeDeadlineSeconds: 3600,
  podFailurePolicy: {
    rules: [
      { action: 'FailJob', onExitCodes: { containerName: 'pi', operator: 'In', values: [1, 42] } },
      { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] },
    ],
  },
  successPolicy: { rules: [{ succeededIndexes: '0-2', succeededCount: 2 }] },
  backoffLimit: 0,
  backoffLimitPerIndex: 1,
  maxFailedIndexes: 2,
  selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u-1' } },
  manualSelector: false,
  template,
  ttlSecondsAfterFinished: 100,
  completionMode: 'Indexed',
  suspend: false,
  podReplacementPolicy: 'Failed',
  managedBy: 'example.com/queue',
};

const full: [KindDefinition, KubeObject][] = [
  [
    jobKind as KindDefinition,
    {
      metadata: meta,
      spec: jobSpec,
      status: {
        conditions: [{ type: 'Complete', status: 'True', lastProbeTime: t1, lastTransitionTime: t2, reason: 'CompletionsReached', message: 'done' }],
        startTime: t1,
        completionTime: t2,
        active: 1,
        succeeded: 3,
        failed: 1,
        terminating: 0,
        completedIndexes: '0-2',
        failedIndexes: '3',
        uncountedTerminatedPods: { succeeded: ['a'], failed: ['b'] },
        ready: 0,
      },
    },
  ],
  [
    cronJobKind as KindDefinition,
    {
      metadata: meta,
      spec: {
        schedule: '*/5 * * * *',
        timeZone: 'Europe/Paris',
        startingDeadlineSeconds: 30,
        concurrencyPolicy: 'Forbid',
        suspend: true,
        jobTemplate: { metadata: { labels: { team: 'a' } }, spec: { ...jobSpec, selector: undefined } },
        successfulJobsHistoryLimit: 0,
        failedJobsHistoryLimit: 2,
      },
      status: {
        active: [{ kind: 'Job', namespace: 'batch', name: 'pi-1', uid: 'u-2', apiVersion: 'batch/v1', resourceVersion: '9' }],
        lastScheduleTime: t1,
        lastSuccessfulTime: t2,
      },
    },
  ],
  [
    leaseKind as KindDefinition,
    {
      metadata: { name: 'kube-scheduler', namespace: 'kube-system' },
      spec: {
        holderIdentity: 'node-1_abc',
        leaseDurationSeconds: 15,
        acquireTime: '2024-05-01T10:00:00.123456Z',
        renewTime: '2024-05-01T10:00:10.000001Z',
        leaseTransitions: 0,
        strategy: 'OldestEmulationVersion',
        preferredHolder: 'node-2_def',
      },
    },
  ],
];

const apiVersion = (k: KindDefinition) => (k.group === '' ? k.version : `${k.group}/${k.version}`);
const typed = (kind: KindDefinition, obj: KubeObject) => ({ apiVersion: apiVersion(kind), kind: kind.kind, ...obj });
const stripUndefined = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe.each(full.map(([k, o]) => [k.kind, k, stripUndefined(o)] as const))('%s with every field set', (_name, kind, obj) => {
  it('protobuf: decode(encode(x)) = x, through the k8s envelope', () => {
    const env = decodeEnvelope(encodeEnvelope(apiVersion(kind), kind.kind, encodeMessage(kind.proto, obj)));
    expect([env.apiVersion, env.kind]).toEqual([apiVersion(kind), kind.kind]);
    expect(decodeMessage(kind.proto, env.raw)).toEqual(canonical(kind.proto, obj));
  });

  it('JSON: strict decoding accepts it with no unknown fields', () => {
    const warnings: string[] = [];
    const body = new TextEncoder().encode(JSON.stringify(typed(kind, obj)));
    expect(decodeBody(kind, 'application/json', body, { fieldValidation: 'Strict', warnings })).toEqual(typed(kind, obj));
    expect(warnings).toEqual([]);
  });

  it('sets every field the kind declares (encoding loses nothing)', () => {
    expect(canonical(kind.proto, obj)).toEqual(obj);
  });
});

describe('Lease times', () => {
  it('keep microseconds through protobuf', () => {
    const obj = { metadata: { name: 'l' }, spec: { renewTime: '2024-05-01T10:00:10.000001Z' } };
    expect(decodeMessage(leaseKind.proto, encodeMessage(leaseKind.proto, obj))).toEqual(obj);
  });
});

describe.each([...batchV1Kinds, ...coordinationV1Kinds].map((k) => [k.kind, k] as const))('%s from random objects', (_name, kind) => {
  const objects = arbitraryMessage(kind.proto);

  it('protobuf: decode(encode(x)) is the canonical form of x, and encoding it again gives the same bytes', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const bytes = encodeMessage(kind.proto, obj);
        const decoded = decodeMessage(kind.proto, bytes);
        expect(decoded).toEqual(canonical(kind.proto, obj));
        expect(Buffer.from(encodeMessage(kind.proto, decoded)).equals(bytes)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('the zod schema accepts every object the descriptor describes, with no unknown fields', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const warnings: string[] = [];
        checkObject(kind, typed(kind, structuredClone(obj)), { fieldValidation: 'Strict', warnings });
        expect(warnings).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
