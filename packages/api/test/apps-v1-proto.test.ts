// Protobuf and JSON round trips of the apps/v1 kinds: hand-built objects with every field of the
// apps/v1 structs set, and random objects drawn from the protobuf descriptors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkObject, decodeBody, decodeEnvelope, decodeMessage, encodeEnvelope, encodeMessage, type KubeObject } from '@kapi/apimachinery';
import { appsV1Kinds, controllerRevisionKind, daemonSetKind, deploymentKind, replicaSetKind, statefulSetKind } from '../src/apps/v1/index.ts';
import type { KindDefinition } from '../src/kind.ts';
import { arbitraryMessage, canonical } from './proto-arbitrary.ts';

const meta = { name: 'web', namespace: 'prod', uid: 'u-1', resourceVersion: '42', generation: 3, creationTimestamp: '2024-05-01T10:00:00Z', labels: { app: 'web' } };
const selector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] };
const template = {
  metadata: { labels: { app: 'web', tier: 'a' }, annotations: { note: 'x' } },
  spec: {
    containers: [{ name: 'main', image: 'nginx:1.27', args: ['-g', 'daemon off;'], ports: [{ containerPort: 80, protocol: 'TCP' }], resources: { limits: { cpu: '500m' } } }],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    nodeSelector: { disk: 'ssd' },
  },
};
const t1 = '2024-05-01T10:00:00Z';
const t2 = '2024-05-02T11:30:00Z';

/** One object per kind with every apps/v1 field set (non-zero, so that omitempty keeps it). */
const full: [KindDefinition, KubeObject][] = [
  [
    deploymentKind as KindDefinition,
    {
      metadata: meta,
      spec: {
        replicas: 0,
        selector,
        template,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 1 } },
        minReadySeconds: 5,
        revisionHistoryLimit: 0,
        paused: true,
        progressDeadlineSeconds: 600,
      },
      status: {
        observedGeneration: 3,
        replicas: 3,
        updatedReplicas: 2,
        readyReplicas: 2,
        availableReplicas: 1,
        unavailableReplicas: 2,
        terminatingReplicas: 0,
        conditions: [{ type: 'Available', status: 'True', lastUpdateTime: t1, lastTransitionTime: t2, reason: 'MinimumReplicasAvailable', message: 'ok' }],
        collisionCount: 0,
      },
    },
  ],
  [
    replicaSetKind as KindDefinition,
    {
      metadata: meta,
      spec: { replicas: 2, minReadySeconds: 1, selector, template },
      status: {
        replicas: 2,
        fullyLabeledReplicas: 2,
        readyReplicas: 1,
        availableReplicas: 1,
        terminatingReplicas: 1,
        observedGeneration: 3,
        conditions: [{ type: 'ReplicaFailure', status: 'True', lastTransitionTime: t1, reason: 'FailedCreate', message: 'quota' }],
      },
    },
  ],
  [
    statefulSetKind as KindDefinition,
    {
      metadata: meta,
      spec: {
        replicas: 3,
        selector,
        template,
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'fast' },
            status: {},
          },
        ],
        serviceName: 'web',
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: '50%' } },
        revisionHistoryLimit: 5,
        minReadySeconds: 2,
        persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' },
        ordinals: { start: 1 },
      },
      status: {
        observedGeneration: 3,
        replicas: 3,
        readyReplicas: 3,
        currentReplicas: 2,
        updatedReplicas: 1,
        currentRevision: 'web-1',
        updateRevision: 'web-2',
        collisionCount: 1,
        conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: t1, reason: 'r', message: 'm' }],
        availableReplicas: 2,
      },
    },
  ],
  [
    daemonSetKind as KindDefinition,
    {
      metadata: meta,
      spec: {
        selector,
        template,
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '10%' } },
        minReadySeconds: 3,
        revisionHistoryLimit: 10,
      },
      status: {
        currentNumberScheduled: 4,
        numberMisscheduled: 1,
        desiredNumberScheduled: 4,
        numberReady: 3,
        observedGeneration: 2,
        updatedNumberScheduled: 2,
        numberAvailable: 3,
        numberUnavailable: 1,
        collisionCount: 0,
        conditions: [{ type: 'Progressing', status: 'Unknown', lastTransitionTime: t2, reason: 'r', message: 'm' }],
      },
    },
  ],
  [controllerRevisionKind as KindDefinition, { metadata: meta, data: { spec: { template: { metadata: { labels: { a: 'b' } } } } }, revision: 7 }],
];

const typed = (kind: KindDefinition, obj: KubeObject) => ({ apiVersion: `${kind.group}/${kind.version}`, kind: kind.kind, ...obj });

describe.each(full.map(([k, o]) => [k.kind, k, o] as const))('%s with every field set', (_name, kind, obj) => {
  it('protobuf: decode(encode(x)) = x, through the k8s envelope', () => {
    const bytes = encodeEnvelope(`${kind.group}/${kind.version}`, kind.kind, encodeMessage(kind.proto, obj));
    const env = decodeEnvelope(bytes);
    expect([env.apiVersion, env.kind]).toEqual([`${kind.group}/${kind.version}`, kind.kind]);
    expect(decodeMessage(kind.proto, env.raw)).toEqual(canonical(kind.proto, obj));
  });

  it('JSON: strict decoding accepts it with no unknown fields', () => {
    const warnings: string[] = [];
    const body = new TextEncoder().encode(JSON.stringify(typed(kind, obj)));
    expect(decodeBody(kind, 'application/json', body, { fieldValidation: 'Strict', warnings })).toEqual(typed(kind, obj));
    expect(warnings).toEqual([]);
  });

  it('sets every field the apps/v1 structs declare', () => {
    // The hand-built object is canonical: encoding loses nothing of it.
    expect(canonical(kind.proto, obj)).toEqual(obj);
  });
});

describe.each(appsV1Kinds.map((k) => [k.kind, k] as const))('%s from random objects', (_name, kind) => {
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
