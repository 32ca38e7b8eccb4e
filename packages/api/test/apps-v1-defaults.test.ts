// Defaults of the apps/v1 kinds: minimal objects, as kubectl creates them, get the spec kube-apiserver
// v1.33 returns (pkg/apis/apps/v1/defaults.go plus the pod template defaults of core/v1).
import { describe, expect, it } from 'vitest';
import { controllerRevisionKind, daemonSetKind, deploymentKind, replicaSetKind, statefulSetKind } from '../src/apps/v1/index.ts';
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../src/apps/v1/index.ts';

const labels = { app: 'web' };
const selector = { matchLabels: labels };
const template = () => ({ metadata: { labels }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', resources: {} }] } });

/** The pod template as kube returns it: core/v1 SetDefaults_PodSpec and SetDefaults_Container applied. */
const defaultedTemplate = {
  metadata: { labels },
  spec: {
    containers: [
      {
        name: 'nginx',
        image: 'nginx:1.27',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      },
    ],
    restartPolicy: 'Always',
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    securityContext: {},
    schedulerName: 'default-scheduler',
  },
};

describe('Deployment defaults', () => {
  it('kubectl create deployment: replicas 1, RollingUpdate 25%/25%, 10 revisions, 600 s deadline', () => {
    const d: Deployment = { metadata: { name: 'web' }, spec: { selector, template: template(), strategy: {} }, status: {} };
    deploymentKind.defaults(d);
    expect(d.spec).toEqual({
      replicas: 1,
      selector,
      template: defaultedTemplate,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    });
  });

  it('keeps what is set, zero included, and gives Recreate no rollingUpdate', () => {
    const d: Deployment = { spec: { replicas: 0, revisionHistoryLimit: 0, progressDeadlineSeconds: 30, strategy: { type: 'Recreate' } } };
    deploymentKind.defaults(d);
    expect(d.spec).toMatchObject({ replicas: 0, revisionHistoryLimit: 0, progressDeadlineSeconds: 30, strategy: { type: 'Recreate' } });
    expect(d.spec!.strategy!.rollingUpdate).toBeUndefined();
  });

  it('completes a partial rollingUpdate', () => {
    const d: Deployment = { spec: { strategy: { rollingUpdate: { maxSurge: 0 } } } };
    deploymentKind.defaults(d);
    expect(d.spec!.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: '25%' } });
  });
});

describe('ReplicaSet defaults', () => {
  it('replicas 1 and the template defaults', () => {
    const rs: ReplicaSet = { spec: { selector, template: template() } };
    replicaSetKind.defaults(rs);
    expect(rs.spec).toEqual({ replicas: 1, selector, template: defaultedTemplate });
  });
});

describe('StatefulSet defaults', () => {
  it('OrderedReady, RollingUpdate with partition 0, Retain/Retain, replicas 1, 10 revisions', () => {
    const ss: StatefulSet = { spec: { selector, template: template(), serviceName: 'web' } };
    statefulSetKind.defaults(ss);
    expect(ss.spec).toEqual({
      replicas: 1,
      selector,
      template: defaultedTemplate,
      serviceName: 'web',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
  });

  it('an explicit RollingUpdate without rollingUpdate stays without it; OnDelete gets no partition', () => {
    const a: StatefulSet = { spec: { updateStrategy: { type: 'RollingUpdate' } } };
    statefulSetKind.defaults(a);
    expect(a.spec!.updateStrategy).toEqual({ type: 'RollingUpdate' });
    const b: StatefulSet = { spec: { updateStrategy: { type: 'OnDelete' } } };
    statefulSetKind.defaults(b);
    expect(b.spec!.updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('claim templates get phase Pending and volumeMode Filesystem', () => {
    const ss: StatefulSet = { spec: { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'] } }] } };
    statefulSetKind.defaults(ss);
    expect(ss.spec!.volumeClaimTemplates).toEqual([
      { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' }, status: { phase: 'Pending' } },
    ]);
  });
});

describe('DaemonSet defaults', () => {
  it('RollingUpdate with maxUnavailable 1 and maxSurge 0, 10 revisions', () => {
    const ds: DaemonSet = { spec: { selector, template: template() } };
    daemonSetKind.defaults(ds);
    expect(ds.spec).toEqual({
      selector,
      template: defaultedTemplate,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
    });
  });

  it('OnDelete gets no rollingUpdate', () => {
    const ds: DaemonSet = { spec: { updateStrategy: { type: 'OnDelete' } } };
    daemonSetKind.defaults(ds);
    expect(ds.spec!.updateStrategy).toEqual({ type: 'OnDelete' });
  });
});

describe('ControllerRevision defaults', () => {
  it('has none', () => {
    const cr = { metadata: { name: 'r' }, data: { a: 1 }, revision: 1 };
    controllerRevisionKind.defaults(cr);
    expect(cr).toEqual({ metadata: { name: 'r' }, data: { a: 1 }, revision: 1 });
  });
});
