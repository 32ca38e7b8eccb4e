// autoscaling/v2 and v1 HorizontalPodAutoscalers and events.k8s.io/v1 Events with kubectl against
// `kapi serve` (issue 13): each pair of versions reads and writes one storage (v2 HPAs, core/v1
// Events), kubectl autoscale and get print kube's columns, the v1 view carries what it cannot say
// in annotations, validation messages are kube's, server-side apply works in both versions, and a
// watch on one version sees writes made through the other.
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPath, kubectlWatch, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the autoscaling and events kubectl tests are skipped');

const rows = tableRows;

const memoryHpa = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: mem
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 6
  metrics:
  - type: Resource
    resource:
      name: memory
      target:
        type: AverageValue
        averageValue: 100Mi
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 60
`;

const coreEvent = `apiVersion: v1
kind: Event
metadata:
  name: web.legacy
involvedObject:
  apiVersion: apps/v1
  kind: Deployment
  name: web
  namespace: default
reason: ScalingReplicaSet
message: Scaled up replica set web-1 to 1
source:
  component: deployment-controller
type: Normal
count: 2
firstTimestamp: "2026-01-01T00:00:00Z"
lastTimestamp: "2026-01-01T00:01:00Z"
`;

const newEvent = (name: string, note: string) => `apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: ${name}
eventTime: "2026-01-01T00:02:00.123456Z"
reportingController: example.com/scaler
reportingInstance: scaler-1
action: Scale
reason: Scaled
regarding:
  apiVersion: apps/v1
  kind: Deployment
  name: web
  namespace: default
note: ${note}
type: Normal
`;

describe.skipIf(!kubectlPath)('autoscaling and events.k8s.io with kubectl against kapi serve', () => {
  const fx = useKapiServe('autoscaling');
  const { k, file } = fx;
  const json = async (...args: string[]) => {
    const got = await k(...args, '-o', 'json');
    expect(got.stderr).toBe('');
    return JSON.parse(got.stdout);
  };

  beforeAll(async () => {
    expect((await k('create', 'deployment', 'web', '--image=nginx')).code).toBe(0);
  });

  it('discovers horizontalpodautoscalers (hpa, v2 preferred) and events.k8s.io events', async () => {
    const hpa = await k('api-resources', '--api-group=autoscaling', '-o', 'wide');
    expect(hpa.stderr).toBe('');
    expect(rows(hpa.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['horizontalpodautoscalers', 'hpa', 'autoscaling/v2', 'true', 'HorizontalPodAutoscaler', 'create,delete,deletecollection,get,list,patch,update,watch', 'all'],
    ]);
    const group = JSON.parse((await k('get', '--raw', '/apis/autoscaling')).stdout);
    expect(group.versions.map((v: { version: string }) => v.version)).toEqual(['v2', 'v1']);
    expect(group.preferredVersion.version).toBe('v2');
    const v1 = JSON.parse((await k('get', '--raw', '/apis/autoscaling/v1')).stdout);
    expect(v1.resources.map((r: { name: string }) => r.name)).toEqual(['horizontalpodautoscalers', 'horizontalpodautoscalers/status']);
    const events = await k('api-resources', '--api-group=events.k8s.io', '-o', 'wide');
    expect(rows(events.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['events', 'ev', 'events.k8s.io/v1', 'true', 'Event', 'create,delete,deletecollection,get,list,patch,update,watch'],
    ]);
  });

  it('kubectl autoscale creates an HPA printed with kube\'s columns, and autoscaling/v1 shows it converted', async () => {
    const made = await k('autoscale', 'deployment', 'web', '--min=2', '--max=5', '--cpu-percent=70');
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe('horizontalpodautoscaler.autoscaling/web autoscaled');
    const got = rows((await k('get', 'hpa')).stdout);
    expect(got[0]).toEqual(['NAME', 'REFERENCE', 'TARGETS', 'MINPODS', 'MAXPODS', 'REPLICAS', 'AGE']);
    expect(got[1]).toEqual(['web', 'Deployment/web', 'cpu: <unknown>/70%', '2', '5', '0', expect.stringMatching(/^\d+s$/)]);
    const v2 = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'web');
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    const v1 = await json('get', 'horizontalpodautoscalers.v1.autoscaling', 'web');
    expect(v1).toMatchObject({
      apiVersion: 'autoscaling/v1',
      metadata: { name: 'web', resourceVersion: v2.metadata.resourceVersion, uid: v2.metadata.uid },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
      status: { currentReplicas: 0, desiredReplicas: 0 },
    });
    expect(v1.metadata.annotations).toBeUndefined();
  });

  it('fills the v2 behavior defaults and keeps what v1 cannot say in annotations', async () => {
    expect((await k('create', '-f', file('mem.yaml', memoryHpa))).stdout.trim()).toBe('horizontalpodautoscaler.autoscaling/mem created');
    const v2 = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'mem');
    expect(v2.spec.minReplicas).toBe(1);
    expect(v2.spec.behavior).toEqual({
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [
          { type: 'Pods', value: 4, periodSeconds: 15 },
          { type: 'Percent', value: 100, periodSeconds: 15 },
        ],
      },
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
    });
    const yaml = (await k('get', 'horizontalpodautoscalers.v1.autoscaling', 'mem', '-o', 'yaml')).stdout;
    expect(yaml).toContain('apiVersion: autoscaling/v1');
    const v1 = await json('get', 'horizontalpodautoscalers.v1.autoscaling', 'mem');
    expect(v1.spec).toEqual({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 6 });
    expect(v1.metadata.annotations).toEqual({
      'autoscaling.alpha.kubernetes.io/behavior':
        '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15},{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null},"ScaleDown":{"StabilizationWindowSeconds":60,"SelectPolicy":"Max","Policies":[{"Type":"Percent","Value":100,"PeriodSeconds":15}],"Tolerance":null}}',
      'autoscaling.alpha.kubernetes.io/metrics': '[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}}]',
    });
    expect(rows((await k('get', 'hpa', 'mem')).stdout)[1]!.slice(0, 3)).toEqual(['mem', 'Deployment/web', 'memory: <unknown>/100Mi']);
    // A v1 write keeps the memory metric; the v2 object never stores the annotations.
    expect((await k('patch', 'horizontalpodautoscalers.v1.autoscaling', 'mem', '--type=merge', '-p', '{"spec":{"maxReplicas":8}}')).code).toBe(0);
    const after = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'mem');
    expect(after.metadata.annotations).toBeUndefined();
    expect(after.spec.maxReplicas).toBe(8);
    expect(after.spec.metrics).toEqual(v2.spec.metrics);
  });

  it('writes the status through either version\'s status subresource', async () => {
    const patched = await k('patch', 'horizontalpodautoscalers.v1.autoscaling', 'web', '--subresource=status', '--type=merge', '-p', '{"status":{"currentReplicas":3,"desiredReplicas":4,"currentCPUUtilizationPercentage":55}}');
    expect(patched.stderr).toBe('');
    expect(rows((await k('get', 'hpa', 'web')).stdout)[1]!.slice(0, 6)).toEqual(['web', 'Deployment/web', 'cpu: 55%/70%', '2', '5', '3']);
    const v2 = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'web');
    expect(v2.status).toEqual({ currentReplicas: 3, desiredReplicas: 4, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 55 } } }] });
  });

  it('refuses what kube refuses, with kube\'s messages (v2 field paths through v1 too)', async () => {
    const v1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: bad
spec:
  scaleTargetRef:
    kind: Deployment
    name: web
  minReplicas: 3
  maxReplicas: 2
  targetCPUUtilizationPercentage: 0
`;
    const got = await k('create', '-f', file('bad1.yaml', v1));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The HorizontalPodAutoscaler "bad" is invalid: \n* spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`\n* spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
    );
    const v2 = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: bad
spec:
  scaleTargetRef:
    kind: Deployment
    name: web
  maxReplicas: 2
  behavior:
    scaleUp:
      selectPolicy: Sometimes
      policies:
      - type: Pods
        value: 0
        periodSeconds: 1801
`;
    const got2 = await k('create', '-f', file('bad2.yaml', v2));
    expect(got2.stderr.trim()).toBe(
      'The HorizontalPodAutoscaler "bad" is invalid: \n* spec.behavior.scaleUp.selectPolicy: Unsupported value: "Sometimes": supported values: "Disabled", "Max", "Min"\n* spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero\n* spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
    );
    const missing = await k('get', 'horizontalpodautoscalers.v1.autoscaling', 'nope');
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): horizontalpodautoscalers.autoscaling "nope" not found');
  });

  it('applies server-side in both versions, each manager recorded with the apiVersion it used', async () => {
    const v1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: ssa-v1
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 4
  targetCPUUtilizationPercentage: 60
`;
    const path1 = file('ssa-v1.yaml', v1);
    expect((await k('apply', '--server-side', '--field-manager=one', '-f', path1)).stdout.trim()).toBe('horizontalpodautoscaler.autoscaling/ssa-v1 serverside-applied');
    // Applied again with a change: the manager's own fields, no conflict.
    expect((await k('apply', '--server-side', '--field-manager=one', '-f', file('ssa-v1b.yaml', v1.replace('maxReplicas: 4', 'maxReplicas: 7')))).code).toBe(0);
    const got1 = await json('get', 'horizontalpodautoscalers.v1.autoscaling', 'ssa-v1', '--show-managed-fields');
    expect(got1.spec).toMatchObject({ maxReplicas: 7, targetCPUUtilizationPercentage: 60 });
    expect(got1.metadata.managedFields.map((e: { manager: string; operation: string; apiVersion: string }) => [e.manager, e.operation, e.apiVersion])).toEqual([['one', 'Apply', 'autoscaling/v1']]);
    expect(got1.metadata.managedFields[0].fieldsV1).toEqual({
      'f:spec': { 'f:maxReplicas': {}, 'f:scaleTargetRef': { 'f:apiVersion': {}, 'f:kind': {}, 'f:name': {} }, 'f:targetCPUUtilizationPercentage': {} },
    });

    const v2 = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ssa-v2
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 3
  behavior:
    scaleUp:
      stabilizationWindowSeconds: 30
`;
    expect((await k('apply', '--server-side', '--field-manager=two', '-f', file('ssa-v2.yaml', v2))).stdout.trim()).toBe('horizontalpodautoscaler.autoscaling/ssa-v2 serverside-applied');
    const got2 = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'ssa-v2', '--show-managed-fields');
    expect(got2.spec.behavior.scaleUp).toEqual({ stabilizationWindowSeconds: 30, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] });
    expect(got2.metadata.managedFields.map((e: { manager: string; operation: string; apiVersion: string }) => [e.manager, e.operation, e.apiVersion])).toEqual([['two', 'Apply', 'autoscaling/v2']]);
    // As Go writes the status struct: currentMetrics has no omitempty.
    expect(got2.status).toEqual({ currentMetrics: null, desiredReplicas: 0 });
    // Applied again over the stored object, with a change.
    expect((await k('apply', '--server-side', '--field-manager=two', '-f', file('ssa-v2b.yaml', v2.replace('maxReplicas: 3', 'maxReplicas: 5')))).code).toBe(0);
    expect((await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'ssa-v2')).spec.maxReplicas).toBe(5);
    // A manager at the other version: both stay, each at its own apiVersion, and conflicts are found across versions.
    const crossV2 = v2.replace('name: ssa-v2', 'name: ssa-v1').replace('maxReplicas: 3', 'maxReplicas: 7');
    expect((await k('apply', '--server-side', '--field-manager=two', '-f', file('cross.yaml', crossV2))).code).toBe(0);
    const cross = await json('get', 'horizontalpodautoscalers.v2.autoscaling', 'ssa-v1', '--show-managed-fields');
    expect(cross.metadata.managedFields.map((e: { manager: string; apiVersion: string }) => [e.manager, e.apiVersion])).toEqual([
      ['one', 'autoscaling/v1'],
      ['two', 'autoscaling/v2'],
    ]);
    const crossConflict = await k('apply', '--server-side', '--field-manager=two', '-f', file('cross2.yaml', crossV2.replace('maxReplicas: 7', 'maxReplicas: 8')));
    expect(crossConflict.stderr).toContain('conflict with "one": .spec.maxReplicas');
    // Another manager's conflicting value is a conflict in v1 too.
    const conflict = await k('apply', '--server-side', '--field-manager=three', '-f', file('ssa-v1c.yaml', v1.replace('maxReplicas: 4', 'maxReplicas: 9')));
    expect(conflict.code).not.toBe(0);
    expect(conflict.stderr).toContain('Apply failed with 2 conflicts: conflicts with "one":\n- .spec.maxReplicas\nconflicts with "two":\n- .spec.maxReplicas');
  });

  it('shows core Events as events.k8s.io/v1 Events and the other way round', async () => {
    expect((await k('create', '-f', file('core-event.yaml', coreEvent))).stdout.trim()).toBe('event/web.legacy created');
    expect((await k('create', '-f', file('new-event.yaml', newEvent('web.modern', 'scaled web')))).stdout.trim()).toBe('event.events.k8s.io/web.modern created');
    const table = rows((await k('get', 'events.events.k8s.io')).stdout);
    expect(table[0]).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    expect(table.slice(1).map((r) => r.slice(1))).toEqual([
      ['Normal', 'ScalingReplicaSet', 'deployment/web', 'Scaled up replica set web-1 to 1'],
      ['Normal', 'Scaled', 'deployment/web', 'scaled web'],
    ]);
    const legacy = await json('get', 'events.v1.events.k8s.io', 'web.legacy');
    expect(legacy).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      eventTime: null,
      note: 'Scaled up replica set web-1 to 1',
      regarding: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default' },
      deprecatedSource: { component: 'deployment-controller' },
      deprecatedCount: 2,
      deprecatedFirstTimestamp: '2026-01-01T00:00:00Z',
      deprecatedLastTimestamp: '2026-01-01T00:01:00Z',
    });
    const modern = await json('get', 'event', 'web.modern');
    expect(modern).toMatchObject({
      apiVersion: 'v1',
      involvedObject: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'default' },
      message: 'scaled web',
      reportingComponent: 'example.com/scaler',
      reportingInstance: 'scaler-1',
      action: 'Scale',
      eventTime: '2026-01-01T00:02:00.123456Z',
    });
    const events = rows((await k('events', '--for=deployment/web')).stdout);
    expect(events[0]).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    expect(events.slice(1).map((r) => r.slice(2))).toEqual(
      expect.arrayContaining([
        ['ScalingReplicaSet', 'Deployment/web', 'Scaled up replica set web-1 to 1'],
        ['Scaled', 'Deployment/web', 'scaled web'],
      ]),
    );
    const selected = await k('get', 'events.events.k8s.io', '--field-selector', 'reportingController=example.com/scaler', '-o', 'name');
    expect(selected.stdout.trim()).toBe('event.events.k8s.io/web.modern');
    const unsupported = await k('get', 'events.events.k8s.io', '--field-selector', 'involvedObject.name=web');
    expect(unsupported.stderr).toContain('field label not supported: involvedObject.name');
  });

  it('validates events.k8s.io/v1 requests with the strict rules, core ones with the legacy rules', async () => {
    const bad = `apiVersion: events.k8s.io/v1
kind: Event
metadata:
  name: bad.1
regarding:
  kind: Deployment
  name: web
  namespace: default
reason: Scaled
type: Fine
deprecatedCount: 3
series:
  count: 1
`;
    const got = await k('create', '-f', file('bad-event.yaml', bad));
    expect(got.stderr.trim()).toBe(
      'The Event "bad.1" is invalid: \n* series.count: Invalid value: "": should be at least 2\n* series.lastObservedTime: Required value\n* eventTime: Required value\n* type: Invalid value: "": has invalid value: Fine\n* count: Invalid value: "": needs to be unset',
    );
    const changed = await k('patch', 'events.v1.events.k8s.io', 'web.modern', '--type=merge', '-p', '{"note":"rewritten"}');
    expect(changed.stderr.trim()).toBe('The Event "web.modern" is invalid: message: Invalid value: "rewritten": field is immutable');
    // The core API keeps its legacy rules: the same change is fine there.
    expect((await k('patch', 'event', 'web.modern', '--type=merge', '-p', '{"message":"rewritten"}')).code).toBe(0);
  });

  it('watches one version and sees writes made through the other', async () => {
    const w = kubectlWatch(fx.serve.kubeconfig, ['get', 'horizontalpodautoscalers.v1.autoscaling', '-w', '-o', 'custom-columns=NAME:.metadata.name,API:.apiVersion,CPU:.spec.targetCPUUtilizationPercentage', '--no-headers']);
    try {
      await w.waitFor(4); // web, mem, ssa-v1, ssa-v2
      const v2 = memoryHpa.replace('name: mem', 'name: watched').replace('name: memory', 'name: cpu').replace('type: AverageValue\n        averageValue: 100Mi', 'type: Utilization\n        averageUtilization: 42');
      expect((await k('create', '-f', file('watched.yaml', v2))).code).toBe(0);
      await w.waitFor(5);
      expect(w.lines[4]!.trim().split(/\s+/)).toEqual(['watched', 'autoscaling/v1', '42']);
    } finally {
      w.stop();
    }
    const e = kubectlWatch(fx.serve.kubeconfig, ['get', 'events', '-w', '-o', 'custom-columns=NAME:.metadata.name,API:.apiVersion,MESSAGE:.message', '--no-headers']);
    try {
      await e.waitFor(2);
      expect((await k('create', '-f', file('watched-event.yaml', newEvent('web.watched', 'seen')))).code).toBe(0);
      await e.waitFor(3);
      expect(e.lines[2]!.trim().split(/\s+/)).toEqual(['web.watched', 'v1', 'seen']);
    } finally {
      e.stop();
    }
  });
});
