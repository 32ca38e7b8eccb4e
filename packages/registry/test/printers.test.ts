// kube's server-side printers: columns as `kubectl get -o wide` shows them, and cells computed from
// the stored JSON. Cases follow k8s.io/kubernetes pkg/printers/internalversion/printers_test.go,
// written as JSON and with every column (the server prints wide; kubectl hides priority 1).
import { describe, expect, it } from 'vitest';
import { objectMetaCreationTimestampDescription, objectMetaNameDescription, type KubeObject, type OwnerReference } from '@kapi/apimachinery';
import { printers } from '../src/printers/index.ts';
import { podRowConditions } from '../src/printers/pod.ts';

const now = Date.parse('2025-06-01T12:00:00Z');
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
/** metav1.Time `offset` ms from now, as kube writes it. */
const at = (offset: number) => new Date(now + offset).toISOString().replace(/\.000Z$/, 'Z');
/** metav1.MicroTime `offset` ms from now. */
const atMicro = (offset: number) => new Date(now + offset).toISOString().replace(/Z$/, '123Z');
/** Kube's tests create objects 1.9s in the future: their age prints as 0s. */
const fresh = at(1.9 * s);
const none4 = ['<none>', '<none>', '<none>', '<none>'];

function printer(resource: string) {
  const p = printers[resource];
  if (!p) throw new Error(`no printer for ${resource}`);
  return p;
}

describe('columns', () => {
  const headers: Record<string, string> = {
    '/pods': 'NAME READY STATUS RESTARTS AGE IP* NODE* NOMINATED_NODE* READINESS_GATES*',
    '/services': 'NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE SELECTOR*',
    '/endpoints': 'NAME ENDPOINTS AGE',
    '/events': 'LAST_SEEN TYPE REASON OBJECT SUBOBJECT* SOURCE* MESSAGE FIRST_SEEN* COUNT* NAME*',
    '/serviceaccounts': 'NAME SECRETS AGE',
    '/nodes': 'NAME STATUS ROLES AGE VERSION INTERNAL-IP* EXTERNAL-IP* OS-IMAGE* KERNEL-VERSION* CONTAINER-RUNTIME*',
    'apps/deployments': 'NAME READY UP-TO-DATE AVAILABLE AGE CONTAINERS* IMAGES* SELECTOR*',
    'apps/replicasets': 'NAME DESIRED CURRENT READY AGE CONTAINERS* IMAGES* SELECTOR*',
    'apps/statefulsets': 'NAME READY AGE CONTAINERS* IMAGES*',
    'apps/daemonsets': 'NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE_SELECTOR AGE CONTAINERS* IMAGES* SELECTOR*',
    'apps/controllerrevisions': 'NAME CONTROLLER REVISION AGE',
    'batch/jobs': 'NAME STATUS COMPLETIONS DURATION AGE CONTAINERS* IMAGES* SELECTOR*',
    'batch/cronjobs': 'NAME SCHEDULE TIMEZONE SUSPEND ACTIVE LAST_SCHEDULE AGE CONTAINERS* IMAGES* SELECTOR*',
    'coordination.k8s.io/leases': 'NAME HOLDER AGE',
    'rbac.authorization.k8s.io/rolebindings': 'NAME ROLE AGE USERS* GROUPS* SERVICEACCOUNTS*',
    'rbac.authorization.k8s.io/clusterrolebindings': 'NAME ROLE AGE USERS* GROUPS* SERVICEACCOUNTS*',
    'networking.k8s.io/networkpolicies': 'NAME POD-SELECTOR AGE',
    'networking.k8s.io/ingressclasses': 'NAME CONTROLLER PARAMETERS AGE',
    'scheduling.k8s.io/priorityclasses': 'NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY',
  };

  it('covers exactly the resources asked for', () => {
    expect(Object.keys(printers).sort()).toEqual(Object.keys(headers).sort());
  });

  it.each(Object.entries(headers))('%s: headers as kubectl prints them (* = -o wide only)', (resource, header) => {
    // kubectl upper-cases the names and replaces spaces with underscores.
    const got = printer(resource)
      .columns.map((c) => c.name.toUpperCase().replace(/ /g, '_') + (c.priority === 1 ? '*' : ''))
      .join(' ');
    expect(got).toBe(header);
  });

  it.each(Object.keys(headers))('%s: Name and Age reuse ObjectMeta docs; every column is described', (resource) => {
    const p = printer(resource);
    expect(p.emptyRowsAsArray).toBe(true);
    for (const c of p.columns) {
      expect(c.description).not.toBe('');
      expect(c.format).toBe(c.name === 'Name' ? 'name' : '');
      if (c.name === 'Name') expect(c.description).toBe(objectMetaNameDescription);
      if (c.name === 'Age') expect(c.description).toBe(objectMetaCreationTimestampDescription);
    }
  });

  it('keeps kube column types where they differ from the cells', () => {
    const types = (resource: string) => Object.fromEntries(printer(resource).columns.map((c) => [c.name, c.type]));
    expect(types('/pods').Restarts).toBe('string');
    expect(types('apps/replicasets')).toMatchObject({ Desired: 'integer', Current: 'integer', Ready: 'integer' });
    expect(types('apps/deployments')).toMatchObject({ 'Up-to-date': 'string', Available: 'string' });
    expect(types('batch/cronjobs')).toMatchObject({ Suspend: 'boolean', Active: 'integer' });
    expect(types('apps/controllerrevisions').Revision).toBe('string');
    expect(types('/events').Count).toBe('string');
  });
});

interface Case {
  name: string;
  obj: KubeObject;
  cells: unknown[];
}

function runCases(resource: string, cases: Case[]) {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const cells = printer(resource).cells(c.obj, now);
    expect(cells).toEqual(c.cells);
    expect(cells).toHaveLength(printer(resource).columns.length);
  });
}

const containers = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, image: `img${i}` }));
const pod = (name: string, spec: object, status: object, metadata: object = {}): KubeObject => ({
  metadata: { name, ...metadata },
  spec,
  status,
});
const running = { running: {} };
const restartedAgo = (ms: number) => ({ terminated: { exitCode: 0, finishedAt: at(-ms) } });

describe('pods', () => {
  runCases('/pods', [
    {
      name: 'ready count, restarts and phase',
      obj: pod('test1', { containers: containers(2) }, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }] }),
      cells: ['test1', '1/2', 'podPhase', '6', '<unknown>', ...none4],
    },
    {
      name: 'a waiting reason overrides the phase',
      obj: pod(
        'test2',
        { containers: containers(2) },
        { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } } }] },
      ),
      cells: ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>', ...none4],
    },
    {
      name: 'the first container wins (statuses are read last to first)',
      obj: pod(
        'test3',
        { containers: containers(2) },
        {
          phase: 'podPhase',
          containerStatuses: [
            { restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } } },
            { restartCount: 3, state: { terminated: { reason: 'ContainerTerminatedReason', exitCode: 0 } } },
          ],
        },
      ),
      cells: ['test3', '0/2', 'ContainerWaitingReason', '6', '<unknown>', ...none4],
    },
    {
      name: 'ready without running is not counted',
      obj: pod('test4', { containers: containers(2) }, { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] }),
      cells: ['test4', '1/2', 'podPhase', '6', '<unknown>', ...none4],
    },
    {
      name: 'status.reason overrides the phase',
      obj: pod(
        'test5',
        { containers: containers(2) },
        { reason: 'podReason', phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { ready: true, restartCount: 3 }] },
      ),
      cells: ['test5', '1/2', 'podReason', '6', '<unknown>', ...none4],
    },
    {
      name: 'Completed with another container running and no Ready condition: NotReady',
      obj: pod(
        'test6',
        { containers: containers(2) },
        {
          phase: 'Running',
          containerStatuses: [
            { ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } } },
            { ready: true, restartCount: 3, state: running },
          ],
        },
      ),
      cells: ['test6', '1/2', 'NotReady', '6', '<unknown>', ...none4],
    },
    {
      name: 'Completed with another container running and Ready=True: Running',
      obj: pod(
        'test6',
        { containers: containers(2) },
        {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True', lastProbeTime: at(0) }],
          containerStatuses: [
            { ready: true, restartCount: 3, state: { terminated: { reason: 'Completed', exitCode: 0 } } },
            { ready: true, restartCount: 3, state: running },
          ],
        },
      ),
      cells: ['test6', '1/2', 'Running', '6', '<unknown>', ...none4],
    },
    {
      name: 'an init container restarting: Init:0/1, restarts with the last one',
      obj: pod(
        'test7',
        { initContainers: [{}], containers: [{}] },
        {
          phase: 'podPhase',
          initContainerStatuses: [{ ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * s) }],
          containerStatuses: [{ ready: false, restartCount: 0, state: { waiting: {} } }],
        },
      ),
      cells: ['test7', '0/1', 'Init:0/1', '3 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'two init containers, the first restarting: Init:0/2',
      obj: pod(
        'test8',
        { initContainers: [{}, {}], containers: [{}] },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * s) },
            { ready: false, state: { waiting: {} } },
          ],
          containerStatuses: [{ ready: false, state: { waiting: {} } }],
        },
      ),
      cells: ['test8', '0/1', 'Init:0/2', '3 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'the first init container done, the second restarting: Init:1/2',
      obj: pod(
        'test9',
        { initContainers: [{}, {}], containers: [{}] },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, state: { terminated: { exitCode: 0 } } },
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * s) },
          ],
          containerStatuses: [{ ready: false, state: { waiting: {} } }],
        },
      ),
      cells: ['test9', '0/1', 'Init:1/2', '3 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'restarts of all init containers add up; the latest restart is shown',
      obj: pod(
        'test10',
        { initContainers: [{}, {}], containers: [{}] },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, restartCount: 2, state: { terminated: { exitCode: 0 } }, lastState: restartedAgo(2 * m) },
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * s) },
          ],
          containerStatuses: [{ ready: false, state: { waiting: {} } }],
        },
      ),
      cells: ['test10', '0/1', 'Init:1/2', '5 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'once initialized, init container restarts no longer count',
      obj: pod(
        'test11',
        { initContainers: [{}], containers: [{}] },
        {
          phase: 'Running',
          initContainerStatuses: [{ ready: false, restartCount: 2, state: { terminated: { exitCode: 0 } }, lastState: restartedAgo(2 * m) }],
          containerStatuses: [{ ready: false, restartCount: 4, state: running, lastState: restartedAgo(20 * s) }],
        },
      ),
      cells: ['test11', '0/1', 'Running', '4 (20s ago)', '<unknown>', ...none4],
    },
    {
      name: 'a restart 5 days ago',
      obj: pod('test12', { containers: [{}] }, { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: running, lastState: restartedAgo(5 * d) }] }),
      cells: ['test12', '1/1', 'Running', '3 (5d ago)', '<unknown>', ...none4],
    },
    {
      name: 'one container never restarted, the other 10 days ago',
      obj: pod(
        'test13',
        { containers: containers(2) },
        {
          phase: 'Running',
          containerStatuses: [
            { ready: true, restartCount: 0, state: running },
            { ready: true, restartCount: 3, state: running, lastState: restartedAgo(10 * d) },
          ],
        },
      ),
      cells: ['test13', '2/2', 'Running', '3 (10d ago)', '<unknown>', ...none4],
    },
    {
      name: 'the most recent of two restarts',
      obj: pod(
        'test14',
        { containers: containers(2) },
        {
          phase: 'Running',
          containerStatuses: [
            { ready: true, restartCount: 6, state: running, lastState: restartedAgo(5 * d) },
            { ready: true, restartCount: 3, state: running, lastState: restartedAgo(20 * d) },
          ],
        },
      ),
      cells: ['test14', '2/2', 'Running', '9 (5d ago)', '<unknown>', ...none4],
    },
    {
      name: 'PodScheduled=False with reason SchedulingGated',
      obj: pod('test15', { containers: containers(2) }, { phase: 'podPhase', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }),
      cells: ['test15', '0/2', 'SchedulingGated', '0', '<unknown>', ...none4],
    },
    {
      name: 'Succeeded: the terminated reason',
      obj: pod('test16', { containers: [{}] }, { phase: 'Succeeded', containerStatuses: [{ ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] }),
      cells: ['test16', '0/1', 'Completed', '0', '<unknown>', ...none4],
    },
    {
      name: 'Failed: the terminated reason',
      obj: pod('test17', { containers: [{}] }, { phase: 'Failed', containerStatuses: [{ ready: false, state: { terminated: { reason: 'Error', exitCode: 1 } } }] }),
      cells: ['test17', '0/1', 'Error', '0', '<unknown>', ...none4],
    },
    {
      name: 'a Succeeded pod being deleted is not Terminating',
      obj: pod(
        'test18',
        { containers: [{}] },
        { phase: 'Succeeded', containerStatuses: [{ ready: false, state: { terminated: { reason: 'Completed', exitCode: 0 } } }] },
        { deletionTimestamp: at(-10 * s) },
      ),
      cells: ['test18', '0/1', 'Completed', '0', '<unknown>', ...none4],
    },
    {
      name: 'a Running pod being deleted: Terminating',
      obj: pod('test19', { containers: [{}] }, { phase: 'Running', containerStatuses: [{ ready: false, state: running }] }, { deletionTimestamp: at(-10 * s) }),
      cells: ['test19', '0/1', 'Terminating', '0', '<unknown>', ...none4],
    },
    {
      name: 'a Pending pod being deleted: Terminating',
      obj: pod('test20', { containers: [{}] }, { phase: 'Pending' }, { deletionTimestamp: at(-10 * s) }),
      cells: ['test20', '0/1', 'Terminating', '0', '<unknown>', ...none4],
    },
    {
      name: 'terminated then running (kubernetes#107713)',
      obj: pod(
        'test21',
        { containers: containers(2) },
        {
          phase: 'Failed',
          containerStatuses: [
            { ready: false, state: { terminated: { finishedAt: at(0), exitCode: 1, reason: 'podCrash' } }, lastState: {} },
            { ready: true, state: { running: { startedAt: at(0) } }, lastState: {} },
          ],
        },
      ),
      cells: ['test21', '1/2', 'podCrash', '0', '<unknown>', ...none4],
    },
    {
      name: 'running then terminated (kubernetes#107713)',
      obj: pod(
        'test22',
        { containers: containers(2) },
        {
          phase: 'Failed',
          containerStatuses: [
            { ready: true, state: { running: { startedAt: at(0) } }, lastState: {} },
            { ready: false, state: { terminated: { finishedAt: at(0), exitCode: 1, reason: 'podCrash' } }, lastState: {} },
          ],
        },
      ),
      cells: ['test22', '1/2', 'podCrash', '0', '<unknown>', ...none4],
    },
    {
      name: 'ready running / error / exit 0 without reason',
      obj: pod(
        'test23',
        { containers: containers(3) },
        {
          phase: 'Failed',
          containerStatuses: [
            { ready: true, state: { running: { startedAt: at(0) } } },
            { ready: true, state: { terminated: { finishedAt: at(0), exitCode: 1, reason: 'podCrash' } } },
            { ready: true, state: { terminated: { finishedAt: at(0), exitCode: 0 } } },
          ],
        },
      ),
      cells: ['test23', '1/3', 'podCrash', '0', '<unknown>', ...none4],
    },
    {
      name: 'not ready running / error / exit 0 without reason',
      obj: pod(
        'test24',
        { containers: containers(3) },
        {
          phase: 'Failed',
          containerStatuses: [
            { ready: false, state: { running: { startedAt: at(0) } } },
            { ready: false, state: { terminated: { finishedAt: at(0), exitCode: 1, reason: 'podCrash' } } },
            { ready: false, state: { terminated: { finishedAt: at(0), exitCode: 0 } } },
          ],
        },
      ),
      cells: ['test24', '0/3', 'podCrash', '0', '<unknown>', ...none4],
    },
    {
      name: 'phase Unknown is printed',
      obj: pod('test3', { containers: containers(2) }, { phase: 'Unknown', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }] }),
      cells: ['test3', '1/2', 'Unknown', '6', '<unknown>', ...none4],
    },
    // printPod's reasons beyond kube's table, each following its branches.
    {
      name: 'CrashLoopBackOff with the time of the last crash',
      obj: pod(
        'crash',
        { containers: [{ name: 'app' }] },
        {
          phase: 'Running',
          containerStatuses: [
            {
              name: 'app',
              ready: false,
              restartCount: 7,
              state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } },
              lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: at(-3 * m - 20 * s) } },
            },
          ],
        },
        { creationTimestamp: at(-2 * h) },
      ),
      cells: ['crash', '0/1', 'CrashLoopBackOff', '7 (3m20s ago)', '120m', ...none4],
    },
    {
      name: 'an init container in CrashLoopBackOff',
      obj: pod(
        'init-crash',
        { initContainers: [{ name: 'setup' }], containers: [{ name: 'app' }] },
        {
          phase: 'Pending',
          initContainerStatuses: [{ name: 'setup', restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: restartedAgo(30 * s) }],
          containerStatuses: [{ name: 'app', state: { waiting: { reason: 'PodInitializing' } } }],
        },
      ),
      cells: ['init-crash', '0/1', 'Init:CrashLoopBackOff', '2 (30s ago)', '<unknown>', ...none4],
    },
    {
      name: 'waiting PodInitializing in an init container counts as Init:i/n',
      obj: pod(
        'init-wait',
        { initContainers: [{ name: 'a' }, { name: 'b' }], containers: [{ name: 'app' }] },
        { phase: 'Pending', initContainerStatuses: [{ name: 'a', state: { waiting: { reason: 'PodInitializing' } } }] },
      ),
      cells: ['init-wait', '0/1', 'Init:0/2', '0', '<unknown>', ...none4],
    },
    {
      name: 'a failed init container: Init:<reason>, Init:Signal:n, Init:ExitCode:n',
      obj: pod(
        'init-failed',
        { initContainers: [{ name: 'a' }], containers: [{ name: 'app' }] },
        { phase: 'Pending', initContainerStatuses: [{ name: 'a', restartCount: 1, state: { terminated: { exitCode: 2, reason: 'Error' } } }] },
      ),
      cells: ['init-failed', '0/1', 'Init:Error', '1', '<unknown>', ...none4],
    },
    {
      name: 'a failed init container killed by a signal',
      obj: pod('init-signal', { initContainers: [{ name: 'a' }], containers: [{ name: 'app' }] }, { phase: 'Pending', initContainerStatuses: [{ name: 'a', state: { terminated: { exitCode: 137, signal: 9 } } }] }),
      cells: ['init-signal', '0/1', 'Init:Signal:9', '0', '<unknown>', ...none4],
    },
    {
      name: 'a failed init container with an exit code only',
      obj: pod('init-exit', { initContainers: [{ name: 'a' }], containers: [{ name: 'app' }] }, { phase: 'Pending', initContainerStatuses: [{ name: 'a', state: { terminated: { exitCode: 3 } } }] }),
      cells: ['init-exit', '0/1', 'Init:ExitCode:3', '0', '<unknown>', ...none4],
    },
    {
      name: 'a container killed by a signal without a reason',
      obj: pod('signal', { containers: [{ name: 'app' }] }, { phase: 'Running', containerStatuses: [{ name: 'app', state: { terminated: { exitCode: 143, signal: 15 } } }] }),
      cells: ['signal', '0/1', 'Signal:15', '0', '<unknown>', ...none4],
    },
    {
      name: 'a pod of a lost node being deleted: Unknown',
      obj: pod(
        'lost',
        { containers: [{ name: 'app' }], nodeName: 'node-a' },
        { phase: 'Running', reason: 'NodeLost', podIPs: [{ ip: '10.0.0.5' }], containerStatuses: [{ name: 'app', ready: true, state: running }] },
        { deletionTimestamp: at(-1 * m) },
      ),
      cells: ['lost', '1/1', 'Unknown', '0', '<unknown>', '10.0.0.5', 'node-a', '<none>', '<none>'],
    },
    {
      name: 'an ordinary running pod as kubectl shows it',
      obj: pod(
        'web-7d4b9c8f6-x2x8q',
        { containers: [{ name: 'nginx', image: 'nginx:1.27' }], nodeName: 'kind-worker' },
        {
          phase: 'Running',
          podIP: '10.244.1.3',
          podIPs: [{ ip: '10.244.1.3' }],
          conditions: [
            { type: 'Initialized', status: 'True' },
            { type: 'Ready', status: 'True' },
          ],
          containerStatuses: [{ name: 'nginx', ready: true, started: true, restartCount: 0, state: { running: { startedAt: at(-90 * s) } } }],
        },
        { namespace: 'default', creationTimestamp: at(-95 * s) },
      ),
      cells: ['web-7d4b9c8f6-x2x8q', '1/1', 'Running', '0', '95s', '10.244.1.3', 'kind-worker', '<none>', '<none>'],
    },
  ]);
});

const sidecar = (name: string) => ({ name, restartPolicy: 'Always' });

describe('pods with restartable init containers (sidecars)', () => {
  runCases('/pods', [
    {
      name: 'the first sidecar running but not started',
      obj: pod(
        'test1',
        { initContainers: [sidecar('restartable-init-1'), sidecar('restartable-init-2')], containers: [{}] },
        {
          phase: 'Pending',
          initContainerStatuses: [
            { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: false, lastState: restartedAgo(10 * s) },
            { name: 'restartable-init-2', ready: false, state: { waiting: {} }, started: false },
          ],
          containerStatuses: [{ ready: false, restartCount: 0, state: { waiting: {} } }],
          conditions: [{ type: 'Initialized', status: 'False' }],
        },
      ),
      cells: ['test1', '0/3', 'Init:0/2', '3 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'the first sidecar started, the second running but not started',
      obj: pod(
        'test1',
        { initContainers: [sidecar('restartable-init-1'), sidecar('restartable-init-2')], containers: [{}] },
        {
          phase: 'Pending',
          initContainerStatuses: [
            { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: restartedAgo(10 * s) },
            { name: 'restartable-init-2', ready: false, state: running, started: false },
          ],
          containerStatuses: [{ ready: false, restartCount: 0, state: { waiting: {} } }],
          conditions: [{ type: 'Initialized', status: 'False' }],
        },
      ),
      cells: ['test1', '0/3', 'Init:1/2', '3 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'both sidecars started and the container running',
      obj: pod(
        'test2',
        { initContainers: [sidecar('restartable-init-1'), sidecar('restartable-init-2')], containers: [{}] },
        {
          phase: 'Running',
          initContainerStatuses: [
            { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: restartedAgo(10 * s) },
            { name: 'restartable-init-2', ready: false, state: running, started: true },
          ],
          containerStatuses: [{ ready: true, restartCount: 4, state: running, lastState: restartedAgo(20 * s) }],
          conditions: [{ type: 'Initialized', status: 'True' }],
        },
      ),
      cells: ['test2', '1/3', 'Running', '7 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'sidecars failed, the container completed',
      obj: pod(
        'test3',
        { initContainers: [sidecar('restartable-init-1'), sidecar('restartable-init-2')], containers: [{}] },
        {
          phase: 'Succeeded',
          initContainerStatuses: [
            { name: 'restartable-init-1', ready: false, restartCount: 3, state: { terminated: { reason: 'Error', exitCode: 137 } }, started: false, lastState: restartedAgo(10 * s) },
            { name: 'restartable-init-2', ready: false, state: { terminated: { reason: 'Error', exitCode: 137 } }, started: false },
          ],
          containerStatuses: [{ ready: false, restartCount: 4, state: { terminated: { reason: 'Completed', exitCode: 0 } }, lastState: restartedAgo(20 * s) }],
          conditions: [{ type: 'Initialized', status: 'True' }],
        },
      ),
      cells: ['test3', '0/3', 'Completed', '7 (10s ago)', '<unknown>', ...none4],
    },
    {
      name: 'statuses of containers the spec does not have',
      obj: pod(
        'test4',
        { initContainers: [{ name: 'init1', image: 'initimage' }, { ...sidecar('sidecar1'), image: 'sidecarimage' }], containers: [{ name: 'container1', image: 'containerimage' }] },
        { phase: 'Running', initContainerStatuses: [{ name: 'initinvalid' }, { name: 'init1' }, { name: 'sidecar1' }], containerStatuses: [{ name: 'containerinvalid' }, { name: 'container1' }] },
      ),
      cells: ['test4', '0/2', 'Init:0/2', '0', '<unknown>', ...none4],
    },
  ]);
});

describe('pods, wide columns', () => {
  const gates = [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }];
  const gateConditions = [
    { type: 'condition1', status: 'False' },
    { type: 'condition2', status: 'True' },
  ];
  const statuses = [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }];
  runCases('/pods', [
    {
      name: 'IP, node, nominated node and readiness gates',
      obj: pod(
        'test1',
        { containers: containers(2), nodeName: 'test1', readinessGates: gates },
        { conditions: gateConditions, phase: 'podPhase', podIPs: [{ ip: '1.1.1.1' }], containerStatuses: statuses, nominatedNodeName: 'node1' },
      ),
      cells: ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
    },
    {
      name: 'dual-stack: the first IP',
      obj: pod(
        'test1',
        { containers: containers(2), nodeName: 'test1', readinessGates: gates },
        { conditions: gateConditions, phase: 'podPhase', podIPs: [{ ip: '1.1.1.1' }, { ip: '2001:db8::' }], containerStatuses: statuses, nominatedNodeName: 'node1' },
      ),
      cells: ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
    },
    {
      name: 'none of them set',
      obj: pod(
        'test2',
        { containers: containers(2), nodeName: '' },
        { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3, state: { waiting: { reason: 'ContainerWaitingReason' } } }] },
      ),
      cells: ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>', ...none4],
    },
  ]);
});

describe('pod row conditions', () => {
  it.each([
    ['Running', undefined],
    ['Succeeded', [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]],
    ['Failed', [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }]],
  ])('%s', (phase, conditions) => {
    const obj = pod('test1', { containers: containers(2) }, { phase });
    expect(podRowConditions(obj)).toEqual(conditions);
    expect(printer('/pods').rowConditions?.(obj)).toEqual(conditions);
  });
});

const event = (fields: object): KubeObject => ({
  metadata: { name: 'event2' },
  source: { component: 'kubelet', host: 'Node1' },
  involvedObject: { kind: 'Deployment', name: 'Deployment Name', fieldPath: 'spec.containers{foo}' },
  reason: 'Event Reason',
  message: 'Message Data',
  type: 'Warning',
  ...fields,
});
const eventRow = (last: string, first: string, count: number, extra: { source?: string; name?: string } = {}) => [
  last,
  'Warning',
  'Event Reason',
  'deployment/Deployment Name',
  'spec.containers{foo}',
  extra.source ?? 'kubelet, Node1',
  'Message Data',
  first,
  count,
  extra.name ?? 'event2',
];

describe('events', () => {
  runCases('/events', [
    {
      name: 'basic event',
      obj: {
        metadata: { name: 'event1' },
        source: { component: 'kubelet' },
        involvedObject: { kind: 'Pod', name: 'Pod Name', fieldPath: 'spec.containers{foo}' },
        reason: 'Event Reason',
        message: 'Message Data',
        firstTimestamp: at(-3 * d),
        lastTimestamp: at(-2 * d),
        count: 6,
        type: 'Normal',
        eventTime: null,
      },
      cells: ['2d', 'Normal', 'Event Reason', 'pod/Pod Name', 'spec.containers{foo}', 'kubelet', 'Message Data', '3d', 6, 'event1'],
    },
    { name: 'source with host', obj: event({ firstTimestamp: at(-3 * d), lastTimestamp: at(-2 * d), count: 6 }), cells: eventRow('2d', '3d', 6) },
    { name: 'no firstTimestamp: eventTime', obj: event({ eventTime: atMicro(-3 * d), lastTimestamp: at(-3 * d), count: 1 }), cells: eventRow('3d', '3d', 1) },
    { name: 'no lastTimestamp: the first', obj: event({ eventTime: atMicro(-3 * d), firstTimestamp: at(-3 * d), count: 1 }), cells: eventRow('3d', '3d', 1) },
    { name: 'neither timestamp', obj: event({ eventTime: atMicro(-3 * d), count: 1 }), cells: eventRow('3d', '3d', 1) },
    {
      name: 'a series: its last observation and count',
      obj: event({ series: { count: 2, lastObservedTime: atMicro(-2 * d) }, eventTime: atMicro(-3 * d) }),
      cells: eventRow('2d', '3d', 2),
    },
    { name: 'a singleton without count counts 1', obj: event({ eventTime: atMicro(-3 * d) }), cells: eventRow('3d', '3d', 1) },
    {
      name: 'no source: the reporting controller and instance',
      obj: event({ source: {}, reportingComponent: 'kubelet', reportingInstance: 'test', firstTimestamp: at(-3 * d), lastTimestamp: at(-2 * d), count: 6 }),
      cells: eventRow('2d', '3d', 6, { source: 'kubelet, test' }),
    },
    {
      name: 'no times at all, a kind without a name, a message with spaces',
      obj: { metadata: { name: 'e' }, involvedObject: { kind: 'Node' }, reason: 'Starting', message: '  Starting kubelet.\n', type: 'Normal', eventTime: null },
      cells: ['<unknown>', 'Normal', 'Starting', 'node', '', '', 'Starting kubelet.', '<unknown>', 1, 'e'],
    },
  ]);
});

const node = (name: string, status: object = {}, spec: object = {}, labels?: Record<string, string>): KubeObject => ({
  metadata: { name, ...(labels ? { labels } : {}) },
  spec,
  status,
});
const nodeRow = (name: string, status: string, extra: unknown[] = ['<none>', '<none>', '<unknown>', '<unknown>', '<unknown>'], roles = '<none>') => [
  name,
  status,
  roles,
  '<unknown>',
  '',
  ...extra,
];

describe('nodes', () => {
  const ready = (status: string) => ({ conditions: [{ type: 'Ready', status }] });
  runCases('/nodes', [
    { name: 'Ready', obj: node('foo1', ready('True')), cells: nodeRow('foo1', 'Ready') },
    { name: 'Ready, unschedulable', obj: node('foo2', ready('True'), { unschedulable: true }), cells: nodeRow('foo2', 'Ready,SchedulingDisabled') },
    { name: 'Ready twice', obj: node('foo3', { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Ready', status: 'True' }] }), cells: nodeRow('foo3', 'Ready') },
    { name: 'NotReady', obj: node('foo4', ready('False')), cells: nodeRow('foo4', 'NotReady') },
    { name: 'NotReady, unschedulable', obj: node('foo5', ready('False'), { unschedulable: true }), cells: nodeRow('foo5', 'NotReady,SchedulingDisabled') },
    { name: 'no Ready condition', obj: node('foo6', { conditions: [{ type: 'InvalidValue', status: 'True' }] }), cells: nodeRow('foo6', 'Unknown') },
    { name: 'an empty condition', obj: node('foo7', { conditions: [{}] }), cells: nodeRow('foo7', 'Unknown') },
    { name: 'Unknown, unschedulable', obj: node('foo8', { conditions: [{ type: 'InvalidValue', status: 'True' }] }, { unschedulable: true }), cells: nodeRow('foo8', 'Unknown,SchedulingDisabled') },
    {
      name: 'roles from both kinds of label, sorted and distinct',
      obj: node('foo10', {}, {}, { 'node-role.kubernetes.io/master': '', 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/proxy': '', 'kubernetes.io/role': 'node' }),
      cells: nodeRow('foo10', 'Unknown', undefined, 'control-plane,master,node,proxy'),
    },
    { name: 'kubernetes.io/role', obj: node('foo11', {}, {}, { 'kubernetes.io/role': 'node' }), cells: nodeRow('foo11', 'Unknown', undefined, 'node') },
    {
      name: 'OS image',
      obj: node('foo1', { nodeInfo: { osImage: 'fake-os-image' }, addresses: [{ type: 'ExternalIP', address: '1.1.1.1' }] }),
      cells: nodeRow('foo1', 'Unknown', ['<none>', '1.1.1.1', 'fake-os-image', '<unknown>', '<unknown>']),
    },
    {
      name: 'kernel version (v1.33 prints no architecture)',
      obj: node('foo', { nodeInfo: { kernelVersion: 'fake-kernel-version', architecture: 'fake-arch-amd64' }, addresses: [{ type: 'ExternalIP', address: '1.1.1.1' }] }),
      cells: nodeRow('foo', 'Unknown', ['<none>', '1.1.1.1', '<unknown>', 'fake-kernel-version', '<unknown>']),
    },
    {
      name: 'container runtime',
      obj: node('foo1', { nodeInfo: { containerRuntimeVersion: 'foo://1.2.3' }, addresses: [{ type: 'ExternalIP', address: '1.1.1.1' }] }),
      cells: nodeRow('foo1', 'Unknown', ['<none>', '1.1.1.1', '<unknown>', '<unknown>', 'foo://1.2.3']),
    },
    { name: 'a name like an IP', obj: node('127.0.0.1'), cells: nodeRow('127.0.0.1', 'Unknown') },
    {
      name: 'the first address of each type',
      obj: node('foo3', {
        addresses: [
          { type: 'ExternalIP', address: '2.2.2.2' },
          { type: 'InternalIP', address: '3.3.3.3' },
          { type: 'ExternalIP', address: '4.4.4.4' },
        ],
      }),
      cells: nodeRow('foo3', 'Unknown', ['3.3.3.3', '2.2.2.2', '<unknown>', '<unknown>', '<unknown>']),
    },
    {
      name: 'a kind control-plane node',
      obj: {
        metadata: { name: 'kind-control-plane', creationTimestamp: at(-26 * h), labels: { 'node-role.kubernetes.io/control-plane': '' } },
        spec: {},
        status: {
          conditions: [
            { type: 'MemoryPressure', status: 'False' },
            { type: 'Ready', status: 'True' },
          ],
          addresses: [
            { type: 'InternalIP', address: '172.18.0.2' },
            { type: 'Hostname', address: 'kind-control-plane' },
          ],
          nodeInfo: { kubeletVersion: 'v1.33.1', osImage: 'Debian GNU/Linux 12 (bookworm)', kernelVersion: '6.8.0-60-generic', containerRuntimeVersion: 'containerd://2.1.1' },
        },
      },
      cells: ['kind-control-plane', 'Ready', 'control-plane', '26h', 'v1.33.1', '172.18.0.2', '<none>', 'Debian GNU/Linux 12 (bookworm)', '6.8.0-60-generic', 'containerd://2.1.1'],
    },
  ]);
});

const service = (name: string, spec: object, status: object = {}): KubeObject => ({ metadata: { name }, spec, status });

describe('services', () => {
  runCases('/services', [
    {
      name: 'ClusterIP',
      obj: service('test1', { type: 'ClusterIP', ports: [{ protocol: 'tcp', port: 2233 }], clusterIPs: ['10.9.8.7'], selector: { foo: 'bar' } }),
      cells: ['test1', 'ClusterIP', '10.9.8.7', '<none>', '2233/tcp', '<unknown>', 'foo=bar'],
    },
    {
      name: 'NodePort',
      obj: service('test2', { type: 'NodePort', ports: [{ protocol: 'tcp', port: 8888, nodePort: 9999 }], clusterIPs: ['10.9.8.7'] }),
      cells: ['test2', 'NodePort', '10.9.8.7', '<none>', '8888:9999/tcp', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer without status: <pending>',
      obj: service('test3', { type: 'LoadBalancer', ports: [{ protocol: 'tcp', port: 8888 }], clusterIPs: ['10.9.8.7'] }),
      cells: ['test3', 'LoadBalancer', '10.9.8.7', '<pending>', '8888/tcp', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer with an external IP and no status',
      obj: service('test4', { type: 'LoadBalancer', ports: [{ protocol: 'tcp', port: 8888 }], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10'] }),
      cells: ['test4', 'LoadBalancer', '10.9.8.7', '80.11.12.10', '8888/tcp', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer: ingress IPs before external IPs',
      obj: service(
        'test5',
        { type: 'LoadBalancer', ports: [{ protocol: 'tcp', port: 8888 }], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10'] },
        { loadBalancer: { ingress: [{ ip: '3.4.5.6', hostname: 'test.cluster.com' }] } },
      ),
      cells: ['test5', 'LoadBalancer', '10.9.8.7', '3.4.5.6,80.11.12.10', '8888/tcp', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer: several of each',
      obj: service(
        'test6',
        { type: 'LoadBalancer', ports: [{ protocol: 'tcp', port: 8888 }], clusterIPs: ['10.9.8.7'], externalIPs: ['80.11.12.10', '80.11.12.11'] },
        {
          loadBalancer: {
            ingress: [
              { ip: '2.3.4.5', hostname: 'test.cluster.local' },
              { ip: '3.4.5.6', hostname: 'test.cluster.com' },
            ],
          },
        },
      ),
      cells: ['test6', 'LoadBalancer', '10.9.8.7', '2.3.4.5,3.4.5.6,80.11.12.10,80.11.12.11', '8888/tcp', '<unknown>', '<none>'],
    },
    {
      name: 'ExternalName',
      obj: service('test7', { type: 'ExternalName', externalName: 'my.database.example.com' }),
      cells: ['test7', 'ExternalName', '<none>', 'my.database.example.com', '<none>', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer with several ingress IPs',
      obj: service('service1', { clusterIPs: ['1.2.3.4'], type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP' }] }, { loadBalancer: { ingress: [{ ip: '2.3.4.5' }, { ip: '3.4.5.6' }] } }),
      cells: ['service1', 'LoadBalancer', '1.2.3.4', '2.3.4.5,3.4.5.6', '80/TCP', '<unknown>', '<none>'],
    },
    {
      name: 'LoadBalancer pending with many ports',
      obj: service('service2', {
        clusterIPs: ['1.3.4.5'],
        type: 'LoadBalancer',
        ports: [
          { port: 80, protocol: 'TCP' },
          { port: 8090, protocol: 'UDP' },
          { port: 8000, protocol: 'TCP' },
          { port: 7777, protocol: 'SCTP' },
        ],
      }),
      cells: ['service2', 'LoadBalancer', '1.3.4.5', '<pending>', '80/TCP,8090/UDP,8000/TCP,7777/SCTP', '<unknown>', '<none>'],
    },
    {
      name: 'the server prints wide: a long ingress list is not clipped',
      obj: service(
        'service4',
        { clusterIPs: ['1.5.6.7'], type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP' }], selector: { foo: 'bar' } },
        { loadBalancer: { ingress: [{ ip: '2.3.4.5' }, { ip: '3.4.5.6' }, { ip: '5.6.7.8', hostname: 'host5678' }] } },
      ),
      cells: ['service4', 'LoadBalancer', '1.5.6.7', '2.3.4.5,3.4.5.6,5.6.7.8', '80/TCP', '<unknown>', 'foo=bar'],
    },
    {
      name: 'NodePort next to a plain port; selector sorted by key',
      obj: {
        metadata: { name: 'web', creationTimestamp: at(-3 * d - 4 * h) },
        spec: {
          type: 'NodePort',
          clusterIP: '10.96.12.34',
          clusterIPs: ['10.96.12.34'],
          ports: [
            { name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' },
            { name: 'https', port: 443, nodePort: 30443, protocol: 'TCP' },
          ],
          selector: { tier: 'frontend', app: 'web' },
        },
      },
      cells: ['web', 'NodePort', '10.96.12.34', '<none>', '80/TCP,443:30443/TCP', '3d4h', 'app=web,tier=frontend'],
    },
    {
      name: 'headless',
      obj: service('db', { type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], ports: [{ port: 5432, protocol: 'TCP' }], selector: { app: 'db' } }),
      cells: ['db', 'ClusterIP', 'None', '<none>', '5432/TCP', '<unknown>', 'app=db'],
    },
  ]);
});

describe('endpoints', () => {
  const ep = (name: string, subsets?: object[], creationTimestamp = fresh): KubeObject => ({ metadata: { name, creationTimestamp }, ...(subsets ? { subsets } : {}) });
  const four = [{ ip: '1.2.3.4' }, { ip: '5.6.7.8' }, { ip: '9.8.7.6' }, { ip: '6.6.6.6' }];
  runCases('/endpoints', [
    { name: 'no subsets', obj: ep('endpoint1'), cells: ['endpoint1', '<none>', '0s'] },
    { name: 'no ports', obj: ep('endpoint3', [{ addresses: [{ ip: '1.2.3.4' }, { ip: '5.6.7.8' }] }], at(-5 * m)), cells: ['endpoint3', '1.2.3.4,5.6.7.8', '5m'] },
    {
      name: 'two IPs, one port',
      obj: ep('endpoint2', [{ addresses: [{ ip: '1.2.3.4' }, { ip: '5.6.7.8' }], ports: [{ port: 8001, protocol: 'tcp' }] }]),
      cells: ['endpoint2', '1.2.3.4:8001,5.6.7.8:8001', '0s'],
    },
    {
      name: 'more than three',
      obj: ep('endpoint2', [{ addresses: four, ports: [{ port: 8001, protocol: 'tcp' }] }]),
      cells: ['endpoint2', '1.2.3.4:8001,5.6.7.8:8001,9.8.7.6:8001 + 1 more...', '0s'],
    },
    {
      name: 'IPv6 in brackets; every port counts',
      obj: ep('v6', [{ addresses: [{ ip: 'fd00::1' }], ports: [{ name: 'a', port: 80 }, { name: 'b', port: 443 }] }, { addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 53 }] }]),
      cells: ['v6', '[fd00::1]:80,[fd00::1]:443,10.0.0.1:53 + 1 more...', '0s'],
    },
  ]);
});

describe('service accounts', () => {
  runCases('/serviceaccounts', [
    { name: 'no secrets', obj: { metadata: { name: 'sa1', creationTimestamp: fresh }, secrets: [] }, cells: ['sa1', 0, '0s'] },
    { name: 'two secrets', obj: { metadata: { name: 'sa1', creationTimestamp: fresh }, secrets: [{ name: 'Secret1' }, { name: 'Secret2' }] }, cells: ['sa1', 2, '0s'] },
    { name: 'default', obj: { metadata: { name: 'default', creationTimestamp: at(-45 * d) } }, cells: ['default', 0, '45d'] },
  ]);
});

const template = { spec: { containers: [{ name: 'fake-container1', image: 'fake-image1' }, { name: 'fake-container2', image: 'fake-image2' }] } };
const templateCells = ['fake-container1,fake-container2', 'fake-image1,fake-image2'];

describe('deployments', () => {
  const deployment = (selector: unknown, spec: object = {}): KubeObject => ({
    metadata: { name: 'test1', creationTimestamp: fresh },
    spec: { replicas: 5, template, selector, ...spec },
    status: { replicas: 10, updatedReplicas: 2, availableReplicas: 1, unavailableReplicas: 4 },
  });
  runCases('apps/deployments', [
    { name: 'ready/desired, up-to-date, available', obj: deployment({ matchLabels: { foo: 'bar' } }), cells: ['test1', '0/5', 2, 1, '0s', ...templateCells, 'foo=bar'] },
    {
      name: 'selector requirements sorted by key, set values sorted',
      obj: deployment({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }, { key: 'env', operator: 'Exists' }, { key: 'canary', operator: 'DoesNotExist' }] }),
      cells: ['test1', '0/5', 2, 1, '0s', ...templateCells, 'app=web,!canary,env,tier in (a,b)'],
    },
    { name: 'an empty selector prints empty, not <none>', obj: deployment({}), cells: ['test1', '0/5', 2, 1, '0s', ...templateCells, ''] },
    { name: 'an invalid selector', obj: deployment({ matchExpressions: [{ key: 'a', operator: 'Foo' }] }), cells: ['test1', '0/5', 2, 1, '0s', ...templateCells, '<invalid>'] },
    {
      name: 'kubectl create deployment nginx --image=nginx --replicas=3',
      obj: {
        metadata: { name: 'nginx', namespace: 'default', creationTimestamp: at(-12 * m) },
        spec: { replicas: 3, selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } } },
        status: { replicas: 3, readyReplicas: 3, updatedReplicas: 3, availableReplicas: 3 },
      },
      cells: ['nginx', '3/3', 3, 3, '12m', 'nginx', 'nginx', 'app=nginx'],
    },
  ]);
});

describe('replica sets', () => {
  runCases('apps/replicasets', [
    {
      name: 'desired, current, ready',
      obj: { metadata: { name: 'test1', creationTimestamp: fresh }, spec: { replicas: 5, template, selector: { matchLabels: { foo: 'bar' } } }, status: { replicas: 5, readyReplicas: 2 } },
      cells: ['test1', 5, 5, 2, '0s', ...templateCells, 'foo=bar'],
    },
    {
      name: 'an empty template, scaled down',
      obj: { metadata: { name: 'replicaset2', creationTimestamp: fresh }, spec: { replicas: 4, template: {}, selector: { matchLabels: { foo: 'bar' } } }, status: { replicas: 3, readyReplicas: 1 } },
      cells: ['replicaset2', 4, 3, 1, '0s', '', '', 'foo=bar'],
    },
    {
      name: 'no selector: <none>',
      obj: { metadata: { name: 'replicaset1', creationTimestamp: fresh }, spec: { replicas: 5, template }, status: { replicas: 5, readyReplicas: 2 } },
      cells: ['replicaset1', 5, 5, 2, '0s', ...templateCells, '<none>'],
    },
  ]);
});

describe('stateful sets', () => {
  runCases('apps/statefulsets', [
    {
      name: 'ready/desired and the template',
      obj: { metadata: { name: 'test1', creationTimestamp: fresh }, spec: { replicas: 5, template }, status: { replicas: 5, readyReplicas: 2 } },
      cells: ['test1', '2/5', '0s', ...templateCells],
    },
    { name: 'no status yet', obj: { metadata: { name: 'web', creationTimestamp: at(-7 * s) }, spec: { replicas: 0, template: { spec: { containers: [] } } } }, cells: ['web', '0/0', '7s', '', ''] },
  ]);
});

describe('daemon sets', () => {
  runCases('apps/daemonsets', [
    {
      name: 'the scheduling counts',
      obj: {
        metadata: { name: 'test1', creationTimestamp: fresh },
        spec: { template, selector: { matchLabels: { foo: 'bar' } } },
        status: { currentNumberScheduled: 2, desiredNumberScheduled: 3, numberReady: 1, updatedNumberScheduled: 2, numberAvailable: 0 },
      },
      cells: ['test1', 3, 2, 1, 2, 0, '<none>', '0s', ...templateCells, 'foo=bar'],
    },
    {
      name: 'a node selector',
      obj: {
        metadata: { name: 'kube-proxy', creationTimestamp: at(-10 * d) },
        spec: {
          selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
          template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.33.1' }] } },
        },
        status: { currentNumberScheduled: 3, desiredNumberScheduled: 3, numberReady: 3, updatedNumberScheduled: 3, numberAvailable: 3 },
      },
      cells: ['kube-proxy', 3, 3, 3, 3, 3, 'kubernetes.io/os=linux', '10d', 'kube-proxy', 'registry.k8s.io/kube-proxy:v1.33.1', 'k8s-app=kube-proxy'],
    },
  ]);
});

describe('controller revisions', () => {
  const revision = (name: string, revisionNumber: number, ownerReferences?: OwnerReference[]): KubeObject => ({
    metadata: { name, creationTimestamp: fresh, ...(ownerReferences ? { ownerReferences } : {}) },
    revision: revisionNumber,
  });
  runCases('apps/controllerrevisions', [
    {
      name: 'the controller as kind.group/name',
      obj: revision('test1', 1, [{ controller: true, apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'foo', uid: 'u' }]),
      cells: ['test1', 'daemonset.apps/foo', 1, '0s'],
    },
    { name: 'an owner that is not the controller', obj: revision('test2', 2, [{ controller: false, kind: 'ABC', name: 'foo', apiVersion: '', uid: 'u' }]), cells: ['test2', '<none>', 2, '0s'] },
    { name: 'no owners', obj: revision('test3', 3, []), cells: ['test3', '<none>', 3, '0s'] },
    { name: 'no ownerReferences', obj: revision('test4', 4), cells: ['test4', '<none>', 4, '0s'] },
    { name: 'a core-group controller', obj: revision('test5', 5, [{ controller: true, apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u' }]), cells: ['test5', 'pod/p', 5, '0s'] },
  ]);
});

describe('jobs', () => {
  const job = (name: string, fields: { spec?: object; status?: object; metadata?: object } = {}): KubeObject => ({
    metadata: { name, creationTimestamp: fresh, ...fields.metadata },
    spec: { ...fields.spec },
    status: { succeeded: 0, ...fields.status },
  });
  const condition = (type: string) => ({ status: { conditions: [{ type, status: 'True' }] } });
  const tenYears = { metadata: { creationTimestamp: at(-10 * 365 * d) } };
  runCases('batch/jobs', [
    {
      name: 'completions set',
      obj: job('job1', { spec: { completions: 2, template, selector: { matchLabels: { 'job-label': 'job-label-value' } } }, status: { succeeded: 1 } }),
      cells: ['job1', 'Running', '1/2', '', '0s', ...templateCells, 'job-label=job-label-value'],
    },
    { name: 'ten years old', obj: job('job2', tenYears), cells: ['job2', 'Running', '0/1', '', '10y', '', '', '<none>'] },
    {
      name: 'duration from start to completion',
      obj: job('job3', { ...tenYears, status: { startTime: at(1 * m), completionTime: at(31 * m) } }),
      cells: ['job3', 'Running', '0/1', '30m', '10y', '', '', '<none>'],
    },
    { name: 'duration so far', obj: job('job4', { ...tenYears, status: { startTime: at(-20 * m) } }), cells: ['job4', 'Running', '0/1', '20m', '10y', '', '', '<none>'] },
    { name: 'Complete', obj: job('job5', condition('Complete')), cells: ['job5', 'Complete', '0/1', '', '0s', '', '', '<none>'] },
    { name: 'Failed', obj: job('job6', condition('Failed')), cells: ['job6', 'Failed', '0/1', '', '0s', '', '', '<none>'] },
    { name: 'Suspended', obj: job('job7', condition('Suspended')), cells: ['job7', 'Suspended', '0/1', '', '0s', '', '', '<none>'] },
    { name: 'FailureTarget', obj: job('job8', condition('FailureTarget')), cells: ['job8', 'FailureTarget', '0/1', '', '0s', '', '', '<none>'] },
    { name: 'Terminating', obj: job('job9', { metadata: { deletionTimestamp: fresh } }), cells: ['job9', 'Terminating', '0/1', '', '0s', '', '', '<none>'] },
    // SuccessCriteriaMet gets its own status after v1.33; v1.33 prints Running.
    { name: 'SuccessCriteriaMet is still Running in v1.33', obj: job('job10', condition('SuccessCriteriaMet')), cells: ['job10', 'Running', '0/1', '', '0s', '', '', '<none>'] },
    { name: 'parallel without completions', obj: job('work-queue', { spec: { parallelism: 3 }, status: { succeeded: 1 } }), cells: ['work-queue', 'Running', '1/1 of 3', '', '0s', '', '', '<none>'] },
    {
      name: 'a condition decides by its first occurrence',
      obj: job('job11', { status: { conditions: [{ type: 'Complete', status: 'False' }, { type: 'Complete', status: 'True' }] } }),
      cells: ['job11', 'Running', '0/1', '', '0s', '', '', '<none>'],
    },
  ]);
});

describe('cron jobs', () => {
  const cronJob = (name: string, spec: object, status: object, creationTimestamp = fresh): KubeObject => ({ metadata: { name, creationTimestamp }, spec, status });
  const jobTemplate = { spec: { completions: 2, template: { spec: { containers: [{ name: 'fake-job-container1', image: 'fake-job-image1' }, { name: 'fake-job-container2', image: 'fake-job-image2' }] } }, selector: { matchLabels: { a: 'b' } } } };
  const wide = ['fake-job-container1,fake-job-container2', 'fake-job-image1,fake-job-image2', 'a=b'];
  runCases('batch/cronjobs', [
    { name: 'no time zone', obj: cronJob('cronjob1', { schedule: '0/5 * * * ?', suspend: false, jobTemplate }, { lastScheduleTime: fresh }), cells: ['cronjob1', '0/5 * * * ?', '<none>', 'False', 0, '0s', '0s', ...wide] },
    {
      name: 'a time zone',
      obj: cronJob('cronjob1', { schedule: '0/5 * * * ?', timeZone: 'LOCAL', suspend: false, jobTemplate }, { lastScheduleTime: fresh }),
      cells: ['cronjob1', '0/5 * * * ?', 'LOCAL', 'False', 0, '0s', '0s', ...wide],
    },
    {
      name: 'last schedule and age',
      obj: cronJob('cronjob2', { schedule: '0/5 * * * ?', suspend: false }, { lastScheduleTime: at(-30 * s) }, at(-5 * m)),
      cells: ['cronjob2', '0/5 * * * ?', '<none>', 'False', 0, '30s', '5m', '', '', '<none>'],
    },
    { name: 'never scheduled', obj: cronJob('cronjob3', { schedule: '0/5 * * * ?', suspend: false }, {}, at(-5 * m)), cells: ['cronjob3', '0/5 * * * ?', '<none>', 'False', 0, '<none>', '5m', '', '', '<none>'] },
    {
      name: 'suspended with active jobs',
      obj: cronJob('nightly', { schedule: '@daily', suspend: true, jobTemplate }, { active: [{ name: 'nightly-1' }, { name: 'nightly-2' }], lastScheduleTime: at(-2 * h - 30 * m) }),
      cells: ['nightly', '@daily', '<none>', 'True', 2, '150m', '0s', ...wide],
    },
  ]);
});

describe('leases', () => {
  runCases('coordination.k8s.io/leases', [
    { name: 'a holder', obj: { metadata: { name: 'lease1', creationTimestamp: fresh }, spec: { holderIdentity: 'holder1' } }, cells: ['lease1', 'holder1', '0s'] },
    { name: 'five minutes old', obj: { metadata: { name: 'lease2', creationTimestamp: at(-5 * m) }, spec: { holderIdentity: 'holder2' } }, cells: ['lease2', 'holder2', '5m'] },
    { name: 'no holder', obj: { metadata: { name: 'free', creationTimestamp: at(-5 * m) }, spec: {} }, cells: ['free', '', '5m'] },
  ]);
});

// TestPrintRoleBinding and TestPrintClusterRoleBinding.
const subjects = [
  { kind: 'User', name: 'user-name' },
  { kind: 'Group', name: 'group-name' },
  { kind: 'ServiceAccount', name: 'service-account-name', namespace: 'service-account-namespace' },
];
const wideSubjects = ['user-name', 'group-name', 'service-account-namespace/service-account-name'];

describe('rolebindings', () => {
  runCases('rbac.authorization.k8s.io/rolebindings', [
    {
      name: 'a user bound to a role',
      obj: { metadata: { name: 'binding1', creationTimestamp: fresh }, subjects: [{ kind: 'User', name: 'system:kube-controller-manager' }], roleRef: { kind: 'Role', name: 'extension-apiserver-authentication-reader' } },
      cells: ['binding1', 'Role/extension-apiserver-authentication-reader', '0s', 'system:kube-controller-manager', '', ''],
    },
    { name: 'one subject of each kind', obj: { metadata: { name: 'binding2', creationTimestamp: fresh }, subjects, roleRef: { kind: 'Role', name: 'role-name' } }, cells: ['binding2', 'Role/role-name', '0s', ...wideSubjects] },
    {
      name: 'several users, no subjects of other kinds, and an unknown kind left out',
      obj: {
        metadata: { name: 'readers', creationTimestamp: at(-5 * m) },
        subjects: [{ kind: 'User', name: 'alice' }, { kind: 'User', name: 'bob' }, { kind: 'Robot', name: 'r2' }],
        roleRef: { kind: 'ClusterRole', name: 'view' },
      },
      cells: ['readers', 'ClusterRole/view', '5m', 'alice, bob', '', ''],
    },
    { name: 'no subjects', obj: { metadata: { name: 'empty', creationTimestamp: at(-5 * m) }, roleRef: { kind: 'Role', name: 'r' } }, cells: ['empty', 'Role/r', '5m', '', '', ''] },
  ]);
});

describe('clusterrolebindings', () => {
  runCases('rbac.authorization.k8s.io/clusterrolebindings', [
    {
      name: 'a group bound to a cluster role',
      obj: { metadata: { name: 'binding1', creationTimestamp: fresh }, subjects: [{ kind: 'Group', name: 'system:masters' }], roleRef: { kind: 'ClusterRole', name: 'cluster-admin' } },
      cells: ['binding1', 'ClusterRole/cluster-admin', '0s', '', 'system:masters', ''],
    },
    { name: 'one subject of each kind', obj: { metadata: { name: 'binding2', creationTimestamp: fresh }, subjects, roleRef: { kind: 'ClusterRole', name: 'role-name' } }, cells: ['binding2', 'ClusterRole/role-name', '0s', ...wideSubjects] },
  ]);
});

describe('networkpolicies', () => {
  runCases('networking.k8s.io/networkpolicies', [
    {
      name: 'a selector of labels and expressions, sorted by key',
      obj: { metadata: { name: 'np1', creationTimestamp: fresh }, spec: { podSelector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['web', 'db'] }] } } },
      cells: ['np1', 'a=1,b=2,tier notin (db,web)', '0s'],
    },
    { name: 'an empty selector', obj: { metadata: { name: 'deny', creationTimestamp: at(-5 * m) }, spec: { podSelector: {} } }, cells: ['deny', '<none>', '5m'] },
    { name: 'no spec at all', obj: { metadata: { name: 'bare', creationTimestamp: fresh } }, cells: ['bare', '<none>', '0s'] },
  ]);
});

describe('ingressclasses', () => {
  runCases('networking.k8s.io/ingressclasses', [
    {
      name: 'parameters with a group',
      obj: { metadata: { name: 'nginx', creationTimestamp: fresh }, spec: { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'lb' } } },
      cells: ['nginx', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/lb', '0s'],
    },
    { name: 'parameters of the core group', obj: { metadata: { name: 'c', creationTimestamp: fresh }, spec: { controller: 'example.com/c', parameters: { kind: 'ConfigMap', name: 'cfg' } } }, cells: ['c', 'example.com/c', 'ConfigMap/cfg', '0s'] },
    { name: 'no parameters', obj: { metadata: { name: 'plain', creationTimestamp: fresh }, spec: { controller: 'example.com/c' } }, cells: ['plain', 'example.com/c', '<none>', '0s'] },
  ]);
});

describe('priorityclasses', () => {
  runCases('scheduling.k8s.io/priorityclasses', [
    { name: 'a global default', obj: { metadata: { name: 'high', creationTimestamp: fresh }, value: 1000, globalDefault: true, preemptionPolicy: 'PreemptLowerPriority' }, cells: ['high', 1000, true, '0s', 'PreemptLowerPriority'] },
    { name: 'a negative value that never preempts', obj: { metadata: { name: 'low', creationTimestamp: at(-5 * m) }, value: -10, preemptionPolicy: 'Never' }, cells: ['low', -10, false, '5m', 'Never'] },
  ]);
});
