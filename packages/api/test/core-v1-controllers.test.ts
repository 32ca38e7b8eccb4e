// core/v1 PodTemplate, ReplicationController, LimitRange and ResourceQuota as kube-apiserver v1.33
// declares, defaults and validates them (k8s.io/api core/v1 types.go + generated.proto,
// pkg/apis/core/v1/defaults.go, pkg/apis/core/validation/validation.go and validation_test.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  LimitRange,
  PodTemplate,
  ReplicationController,
  ResourceQuota,
  compareQuantities,
  formatQuantity,
  limitRangeKind,
  parseQuantity,
  podTemplateKind,
  replicationControllerKind,
  resourceQuotaKind,
  validateReplicationControllerStatusUpdate,
  validateResourceQuotaStatusUpdate,
  type LimitRange as LR,
  type LimitRangeItem,
  type ReplicationController as RC,
  type ResourceQuota as RQ,
} from '../src/core/v1/index.ts';
import { builtinKinds, coreV1Kinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
/** Go's %#v of a defaulted resource.Quantity, as kube prints a Quantity bad value. */
const goQ = (value: number, scale: number, format = 'DecimalSI') =>
  `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"${format}"}`;

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.core.v1.PodTemplate': [
      ['metadata', 1],
      ['template', 2],
    ],
    'io.k8s.api.core.v1.ReplicationController': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.core.v1.ReplicationControllerSpec': [
      ['replicas', 1, 'ptr'],
      ['minReadySeconds', 4],
      ['selector', 2, 'map:atomic'],
      ['template', 3, 'ptr'],
    ],
    'io.k8s.api.core.v1.ReplicationControllerStatus': [
      ['replicas', 1, 'req'],
      ['fullyLabeledReplicas', 2],
      ['readyReplicas', 4],
      ['availableReplicas', 5],
      ['observedGeneration', 3],
      ['conditions', 6, 'merge:type list:map:type'],
    ],
    'io.k8s.api.core.v1.ReplicationControllerCondition': [
      ['type', 1, 'req'],
      ['status', 2, 'req'],
      ['lastTransitionTime', 3],
      ['reason', 4],
      ['message', 5],
    ],
    'io.k8s.api.core.v1.LimitRange': [
      ['metadata', 1],
      ['spec', 2],
    ],
    'io.k8s.api.core.v1.LimitRangeSpec': [['limits', 1, 'req list:atomic']],
    'io.k8s.api.core.v1.LimitRangeItem': [
      ['type', 1, 'req'],
      ['max', 2],
      ['min', 3],
      ['default', 4],
      ['defaultRequest', 5],
      ['maxLimitRequestRatio', 6],
    ],
    'io.k8s.api.core.v1.ResourceQuota': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.core.v1.ResourceQuotaSpec': [
      ['hard', 1],
      ['scopes', 2, 'list:atomic'],
      ['scopeSelector', 3, 'ptr'],
    ],
    'io.k8s.api.core.v1.ResourceQuotaStatus': [
      ['hard', 1],
      ['used', 2],
    ],
    'io.k8s.api.core.v1.ScopeSelector': [['matchExpressions', 1, 'list:atomic']],
    'io.k8s.api.core.v1.ScopedResourceSelectorRequirement': [
      ['scopeName', 1, 'req'],
      ['operator', 2, 'req'],
      ['values', 3, 'list:atomic'],
    ],
  };

  it('match k8s.io/api core/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([PodTemplate, ReplicationController, LimitRange, ResourceQuota], table);
  });

  it('serve podtemplates, replicationcontrollers (rc, in all), limitranges (limits) and resourcequotas (quota)', () => {
    const rows = [podTemplateKind, replicationControllerKind, limitRangeKind, resourceQuotaKind].map((k) => [k.resource, k.shortNames, k.categories, k.namespaced]);
    expect(rows).toEqual([
      ['podtemplates', [], [], true],
      ['replicationcontrollers', ['rc'], ['all'], true],
      ['limitranges', ['limits'], [], true],
      ['resourcequotas', ['quota'], [], true],
    ]);
    for (const k of [podTemplateKind, replicationControllerKind, limitRangeKind, resourceQuotaKind]) {
      expect(builtinKinds).toContain(k);
      expect(coreV1Kinds).not.toContain(k);
    }
  });
});

describe('quantities', () => {
  it('compare exactly across suffixes', () => {
    const cmp = (a: string, b: string) => compareQuantities(parseQuantity(a)!, parseQuantity(b)!);
    expect(cmp('1Gi', '1073741824')).toBe(0);
    expect(cmp('1G', '1Gi')).toBe(-1);
    expect(cmp('500m', '0.5')).toBe(0);
    expect(cmp('1e3', '1k')).toBe(0);
    expect(cmp('-1', '0')).toBe(-1);
    expect(parseQuantity('1.5.5')).toBeUndefined();
    expect(parseQuantity('10Gb')).toBeUndefined();
  });

  it('print in Go\'s canonical form, in the format they were written with', () => {
    const pairs: [string, string][] = [
      ['1000M', '1G'],
      ['0.5', '500m'],
      ['0.1', '100m'],
      ['1.5', '1500m'],
      ['2000m', '2'],
      ['1.5Gi', '1536Mi'],
      ['10Gi', '10Gi'],
      ['1000Mi', '1000Mi'],
      ['0.5Ki', '512'],
      ['1e3', '1e3'],
      ['12e2', '1200'],
      ['1E', '1E'],
      ['0', '0'],
      ['1024', '1024'],
    ];
    expect(pairs.map(([q]) => [q, formatQuantity(parseQuantity(q)!)])).toEqual(pairs);
  });
});

const template = () => ({
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
});

describe('PodTemplate', () => {
  it('defaults the pod spec and accepts a typical template', () => {
    const pt = { metadata: { name: 'pt', namespace: 'ns' }, template: template() };
    podTemplateKind.defaults(pt);
    expect(pt.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 });
    expect(msgs(podTemplateKind.validate(pt))).toEqual([]);
  });

  it('reports the template rules under template', () => {
    const pt = { metadata: { name: 'pt', namespace: 'ns' }, template: { spec: { containers: [] } } };
    podTemplateKind.defaults(pt);
    expect(msgs(podTemplateKind.validate(pt))).toEqual(['template.spec.containers: Required value']);
  });
});

const rc = (): RC => ({ metadata: { name: 'abc', namespace: 'ns', resourceVersion: '1' }, spec: { template: template() } });

describe('ReplicationController', () => {
  it('defaults selector and labels from the template labels, and replicas to 1', () => {
    const c = rc();
    replicationControllerKind.defaults(c);
    expect(c.spec?.selector).toEqual({ app: 'web' });
    expect(c.metadata?.labels).toEqual({ app: 'web' });
    expect(c.spec?.replicas).toBe(1);
    expect(msgs(replicationControllerKind.validate(c))).toEqual([]);
    const own: RC = { metadata: { labels: { mine: 'x' } }, spec: { replicas: 0, selector: { app: 'web' }, template: { metadata: { labels: { app: 'web', tier: 'a' } } } } };
    replicationControllerKind.defaults(own);
    expect([own.metadata?.labels, own.spec?.selector, own.spec?.replicas]).toEqual([{ mine: 'x' }, { app: 'web' }, 0]);
  });

  const cases: [string, (c: RC) => void, string[]][] = [
    ['no selector and no template labels', (c) => (c.spec!.template!.metadata = {}), ['spec.selector: Required value']],
    ['no template', (c) => (c.spec = { selector: { a: 'b' } }), ['spec.template: Required value']],
    [
      'a selector the template does not match',
      (c) => (c.spec!.selector = { app: 'other' }),
      ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`'],
    ],
    ['negative replicas', (c) => (c.spec!.replicas = -1), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['negative minReadySeconds', (c) => (c.spec!.minReadySeconds = -1), ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0']],
    ['a restart policy other than Always', (c) => (c.spec!.template!.spec!.restartPolicy = 'OnFailure'), ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"']],
    [
      'an active deadline',
      (c) => (c.spec!.template!.spec!.activeDeadlineSeconds = 30),
      ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported'],
    ],
  ];

  it.each(cases)('rejects %s', (_, mutate, want) => {
    const c = rc();
    mutate(c);
    replicationControllerKind.defaults(c);
    expect(msgs(replicationControllerKind.validate(c))).toEqual(want);
  });

  it('updates run the spec rules twice, as kube\'s strategy does', () => {
    const old = rc();
    replicationControllerKind.defaults(old);
    const next = structuredClone(old);
    next.spec!.replicas = -1;
    expect(msgs(replicationControllerKind.validateUpdate(next, old))).toEqual([
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('status counts may not exceed status.replicas, nor available exceed ready', () => {
    const c = rc();
    c.status = { replicas: 2, fullyLabeledReplicas: 3, readyReplicas: 1, availableReplicas: 2, observedGeneration: -1 };
    expect(msgs(validateReplicationControllerStatusUpdate(c, c))).toEqual([
      'status.observedGeneration: Invalid value: -1: must be greater than or equal to 0',
      'status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas',
      'status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas',
    ]);
  });
});

const limitRange = (...limits: LimitRangeItem[]): LR => ({ metadata: { name: 'lr', namespace: 'ns', resourceVersion: '1' }, spec: { limits } });

describe('LimitRange', () => {
  it('defaults a Container item: default from max, defaultRequest from default, then from min', () => {
    const lr = limitRange({ type: 'Container', max: { cpu: '2', memory: '1Gi' }, min: { cpu: '100m', 'ephemeral-storage': '1Gi' } }, { type: 'Pod', max: { cpu: '4' } });
    limitRangeKind.defaults(lr);
    expect(lr.spec?.limits?.[0]).toEqual({
      type: 'Container',
      max: { cpu: '2', memory: '1Gi' },
      min: { cpu: '100m', 'ephemeral-storage': '1Gi' },
      default: { cpu: '2', memory: '1Gi' },
      defaultRequest: { cpu: '2', memory: '1Gi', 'ephemeral-storage': '1Gi' },
    });
    expect(lr.spec?.limits?.[1]).toEqual({ type: 'Pod', max: { cpu: '4' } });
    expect(msgs(limitRangeKind.validate(lr))).toEqual([]);
  });

  const cases: [string, LR, string[]][] = [
    ['a duplicate type', limitRange({ type: 'Pod' }, { type: 'Pod' }), ['spec.limits[1].type: Duplicate value: "Pod"']],
    ['an unknown type', limitRange({ type: 'Foo' }), ['spec.limits[0].type: Invalid value: "Foo": must be a standard limit type or fully qualified']],
    [
      'defaults on a Pod item',
      limitRange({ type: 'Pod', default: { cpu: '1' }, defaultRequest: { cpu: '1' } }),
      ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'", "spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'"],
    ],
    ['min above max', limitRange({ type: 'Pod', min: { cpu: '2000m' }, max: { cpu: '1' } }), [`spec.limits[0].min[cpu]: Invalid value: ${goQ(2000, -3)}: min value 2 is greater than max value 1`]],
    [
      'a default request above the default limit',
      limitRange({ type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '2' } }),
      [`spec.limits[0].defaultRequest[cpu]: Invalid value: ${goQ(2, 0)}: default request value 2 is greater than default limit value 1`],
    ],
    ['a ratio below 1', limitRange({ type: 'Pod', maxLimitRequestRatio: { cpu: '800m' } }), [`spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ${goQ(800, -3)}: ratio 800m is less than 1`]],
    [
      'a ratio above max/min',
      limitRange({ type: 'Pod', min: { cpu: '1' }, max: { cpu: '2' }, maxLimitRequestRatio: { cpu: '3' } }),
      [`spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ${goQ(3, 0)}: ratio 3 is greater than max/min = 2.000000`],
    ],
    [
      'a PVC item without storage bounds',
      limitRange({ type: 'PersistentVolumeClaim', max: { cpu: '1' } }),
      ['spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided'],
    ],
    ['a container resource that is not a container resource', limitRange({ type: 'Container', max: { storage: '1Gi' } }), ['spec.limits[0].max[storage]: Invalid value: "storage": must be a standard resource for containers']],
    [
      'a huge page default that differs from its request',
      limitRange({ type: 'Container', default: { 'hugepages-2Mi': '4Mi' }, defaultRequest: { 'hugepages-2Mi': '2Mi' } }),
      [`spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: ${goQ(2097152, 0, 'BinarySI')}: default value 4Mi must equal to defaultRequest value 2Mi in hugepages-2Mi`],
    ],
  ];

  it.each(cases)('rejects %s', (_, lr, want) => {
    expect(msgs(limitRangeKind.validate(lr))).toEqual(want);
  });
});

const quota = (spec: RQ['spec']): RQ => ({ metadata: { name: 'q', namespace: 'ns', resourceVersion: '1' }, spec });

describe('ResourceQuota', () => {
  it('accepts standard, huge page, count/ and extended resources', () => {
    const q = quota({ hard: { cpu: '10', 'requests.memory': '1Gi', pods: '10', 'requests.hugepages-2Mi': '1Gi', 'count/deployments.apps': '5', 'requests.example.com/gpu': '2' } });
    expect(msgs(resourceQuotaKind.validate(q))).toEqual([]);
  });

  const cases: [string, RQ, string[]][] = [
    ['a non-standard resource', quota({ hard: { foo: '1' } }), ['spec.hard[foo]: Invalid value: "foo": must be a standard resource type or fully qualified', 'spec.hard[foo]: Invalid value: "foo": must be a standard resource for quota']],
    ['a negative quantity', quota({ hard: { cpu: '-1' } }), ['spec.hard[cpu]: Invalid value: "-1": must be greater than or equal to 0']],
    ['a fractional count', quota({ hard: { pods: '1500m' } }), [`spec.hard[pods]: Invalid value: ${goQ(1500, -3)}: must be an integer`]],
    ['a negative quantity, printed canonically', quota({ hard: { memory: '-1000M' } }), ['spec.hard[memory]: Invalid value: "-1G": must be greater than or equal to 0']],
    ['an unknown scope', quota({ hard: { pods: '1' }, scopes: ['foo'] }), ['spec.scopes: Invalid value: ["foo"]: unsupported scope']],
    ['BestEffort with a compute resource', quota({ hard: { cpu: '1' }, scopes: ['BestEffort'] }), ['spec.scopes: Invalid value: ["BestEffort"]: unsupported scope applied to resource']],
    [
      'conflicting scopes',
      quota({ hard: { pods: '1' }, scopes: ['Terminating', 'NotTerminating'] }),
      ['spec.scopes: Invalid value: ["Terminating","NotTerminating"]: conflicting scopes'],
    ],
    [
      'a scope selector with In and no values',
      quota({ hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In' }] } }),
      ["spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"],
    ],
    [
      'a BestEffort scope selector that is not Exists',
      quota({ hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'BestEffort', operator: 'In', values: ['x'] }] } }),
      [
        "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
      ],
    ],
  ];

  it.each(cases)('rejects %s', (_, q, want) => {
    expect(msgs(resourceQuotaKind.validate(q))).toEqual(want);
  });

  it('keeps the scopes immutable', () => {
    const old = quota({ hard: { pods: '1' }, scopes: ['BestEffort'] });
    const next = quota({ hard: { pods: '1' }, scopes: ['NotBestEffort'] });
    expect(msgs(resourceQuotaKind.validateUpdate(next, old))).toEqual(['spec.scopes: Invalid value: ["NotBestEffort"]: field is immutable']);
    expect(msgs(resourceQuotaKind.validateUpdate(structuredClone(old), old))).toEqual([]);
  });

  it('validates the status on status updates', () => {
    const q = quota({ hard: { pods: '1' } });
    q.status = { hard: { pods: '1' }, used: { pods: '-1' } };
    expect(msgs(validateResourceQuotaStatusUpdate(q, q))).toEqual(['status.used[pods]: Invalid value: "-1": must be greater than or equal to 0']);
  });
});
