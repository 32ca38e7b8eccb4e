// Validation of the apps/v1 kinds: kube-apiserver v1.33's messages and paths
// (pkg/apis/apps/validation/validation.go and the registry strategies), value renderings included
// (Go prints selectors, label maps and IntOrStrings with %#v).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, newInvalid, type FieldError } from '@kapi/apimachinery';
import { controllerRevisionKind, daemonSetKind, deploymentKind, replicaSetKind, statefulSetKind } from '../src/apps/v1/index.ts';
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../src/apps/v1/index.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const labels = { app: 'web' };
const template = (extra: Record<string, unknown> = {}) => ({ metadata: { labels }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }], ...extra } });

function deployment(spec: Record<string, unknown> = {}, name = 'web'): Deployment {
  const d = { metadata: { name, namespace: 'default', resourceVersion: '1' }, spec: { selector: { matchLabels: labels }, template: template(), ...spec } } as Deployment;
  deploymentKind.defaults(d);
  return d;
}

const mismatch = 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`';

describe('Deployment validation', () => {
  it('accepts what kubectl create deployment sends, once defaulted', () => {
    expect(deploymentKind.validate(deployment())).toEqual([]);
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['no selector', { selector: undefined }, ['spec.selector: Required value', mismatch]],
    ['a selector the template labels do not match', { selector: { matchLabels: { app: 'other' } } }, [mismatch]],
    [
      'an empty selector',
      { selector: {} },
      ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment'],
    ],
    [
      'an unknown selector operator',
      { selector: { matchExpressions: [{ key: 'app', operator: 'Is', values: ['web'] }] } },
      [
        'spec.selector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Is", Values:[]string{"web"}}}}: invalid label selector',
      ],
    ],
    [
      'In without values',
      { selector: { matchLabels: labels, matchExpressions: [{ key: 'tier', operator: 'In' }] } },
      [
        "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"In", Values:[]string(nil)}}}: invalid label selector',
      ],
    ],
    ['negative replicas', { replicas: -1 }, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['negative minReadySeconds', { minReadySeconds: -1, progressDeadlineSeconds: 600 }, ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0']],
    ['negative revisionHistoryLimit', { revisionHistoryLimit: -2 }, ['spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0']],
    [
      'a progress deadline not above minReadySeconds',
      { minReadySeconds: 10, progressDeadlineSeconds: 10 },
      ['spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds'],
    ],
    [
      'an unknown strategy type',
      { strategy: { type: 'BlueGreen' } },
      ['spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"BlueGreen", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"'],
    ],
    [
      'Recreate with rollingUpdate',
      { strategy: { type: 'Recreate', rollingUpdate: { maxSurge: 1 } } },
      ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"],
    ],
    [
      'maxUnavailable and maxSurge both 0',
      { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } } },
      ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0'],
    ],
    [
      'maxUnavailable over 100%',
      { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '110%', maxSurge: 1 } } },
      ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100%'],
    ],
    [
      'a maxSurge that is not a percentage',
      { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 'lots' } } },
      [
        "spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:\"lots\"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      ],
    ],
    [
      'a negative maxSurge',
      { strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: -1 } } },
      ['spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0'],
    ],
    [
      'restartPolicy Never',
      { template: template({ restartPolicy: 'Never' }) },
      ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'],
    ],
    [
      'a container without image (the core pod template rules)',
      { template: { metadata: { labels }, spec: { containers: [{ name: 'nginx' }] } } },
      ['spec.template.spec.containers[0].image: Required value'],
    ],
    [
      'activeDeadlineSeconds',
      { template: template({ activeDeadlineSeconds: 5 }) },
      ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported'],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    const d = deployment();
    for (const [k, v] of Object.entries(spec)) (d.spec as Record<string, unknown>)[k] = v;
    if (spec.template) deploymentKind.defaults(d);
    expect(msgs(deploymentKind.validate(d))).toEqual(want);
  });

  it('names must be DNS subdomains', () => {
    expect(msgs(deploymentKind.validate(deployment({}, 'Web_1')))[0]).toMatch(/^metadata\.name: Invalid value: "Web_1": a lowercase RFC 1123 subdomain/);
  });

  it('the selector is immutable, with the message kubectl users know', () => {
    const old = deployment({ template: template() });
    const next = structuredClone(old);
    next.spec!.selector = { matchLabels: { app: 'nginx2' } };
    next.spec!.template!.metadata!.labels = { app: 'nginx2' };
    const errs = deploymentKind.validateUpdate(next, old);
    expect(msgs(errs)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
    expect(newInvalid({ group: 'apps', kind: 'Deployment' }, 'nginx', errs).status.message).toBe(
      'Deployment.apps "nginx" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"nginx2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    );
  });

  it('an equal selector in another form (empty lists, absent maps) is no change', () => {
    const old = deployment();
    old.spec!.selector = { matchLabels: labels, matchExpressions: [] };
    const next = structuredClone(old);
    next.spec!.selector = { matchLabels: { ...labels } };
    next.spec!.replicas = 5;
    expect(deploymentKind.validateUpdate(next, old)).toEqual([]);
  });
});

describe('ReplicaSet validation', () => {
  const rs = (spec: Record<string, unknown> = {}): ReplicaSet => {
    const r = { metadata: { name: 'web-abc', namespace: 'default', resourceVersion: '1' }, spec: { selector: { matchLabels: labels }, template: template(), ...spec } } as ReplicaSet;
    replicaSetKind.defaults(r);
    return r;
  };

  it('accepts a defaulted ReplicaSet', () => expect(replicaSetKind.validate(rs())).toEqual([]));

  it('names empty selectors as upstream does (for deployment)', () => {
    expect(msgs(replicaSetKind.validate(rs({ selector: { matchLabels: {} } })))).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    ]);
  });

  it('on update, reports spec errors twice (create rules, then update rules) and an immutable selector', () => {
    const old = rs();
    const next = rs({ replicas: -1, selector: { matchLabels: labels, matchExpressions: [{ key: 'app', operator: 'Exists' }] } });
    expect(msgs(replicaSetKind.validateUpdate(next, old))).toEqual([
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Exists", Values:[]string(nil)}}}: field is immutable',
    ]);
  });
});

describe('StatefulSet validation', () => {
  const sts = (spec: Record<string, unknown> = {}, name = 'web'): StatefulSet => {
    const s = { metadata: { name, namespace: 'default', resourceVersion: '1' }, spec: { selector: { matchLabels: labels }, template: template(), serviceName: 'web', ...spec } } as StatefulSet;
    statefulSetKind.defaults(s);
    return s;
  };

  it('accepts a defaulted StatefulSet', () => expect(statefulSetKind.validate(sts())).toEqual([]));

  it('names must be DNS labels: they become pod hostnames', () => {
    expect(msgs(statefulSetKind.validate(sts({}, 'web.v2')))[0]).toBe('metadata.name: Invalid value: "web.v2": must not contain dots');
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['an unknown podManagementPolicy', { podManagementPolicy: 'Sometimes' }, ["spec.podManagementPolicy: Invalid value: \"Sometimes\": must be 'OrderedReady' or 'Parallel'"]],
    [
      'an unknown updateStrategy type',
      { updateStrategy: { type: 'Canary' } },
      ["spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:\"Canary\", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'"],
    ],
    ['a negative partition', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1 } } }, ['spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0']],
    [
      'maxUnavailable 0',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 0 } } },
      ['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: cannot be 0'],
    ],
    [
      'an unknown retention policy',
      { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Keep', whenScaled: 'Retain' } },
      ['spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"'],
    ],
    ['a negative start ordinal', { ordinals: { start: -1 } }, ['spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0']],
    [
      'an empty selector',
      { selector: { matchExpressions: [] } },
      ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{}}: empty selector is invalid for statefulset'],
    ],
    ['no selector', { selector: undefined }, ['spec.selector: Required value', mismatch]],
    [
      'restartPolicy OnFailure',
      { template: template({ restartPolicy: 'OnFailure' }) },
      ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"'],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    const s = sts();
    for (const [k, v] of Object.entries(spec)) (s.spec as Record<string, unknown>)[k] = v;
    if (spec.template) statefulSetKind.defaults(s);
    expect(msgs(statefulSetKind.validate(s))).toEqual(want);
  });

  it('on update, only replicas, ordinals, template, updateStrategy, the retention policy and minReadySeconds may change', () => {
    const old = sts();
    const ok = structuredClone(old);
    Object.assign(ok.spec!, { replicas: 5, minReadySeconds: 3, ordinals: { start: 2 }, updateStrategy: { type: 'OnDelete' } });
    ok.spec!.template!.spec!.containers![0]!.image = 'nginx:1.28';
    expect(statefulSetKind.validateUpdate(ok, old)).toEqual([]);
    const bad = structuredClone(old);
    bad.spec!.serviceName = 'other';
    expect(msgs(statefulSetKind.validateUpdate(bad, old))).toEqual([
      "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ]);
  });

  it('does not validate the name again on update', () => {
    const old = sts({}, 'web.v2');
    expect(statefulSetKind.validateUpdate(structuredClone(old), old)).toEqual([]);
  });
});

describe('DaemonSet validation', () => {
  const ds = (spec: Record<string, unknown> = {}): DaemonSet => {
    const d = { metadata: { name: 'agent', namespace: 'kube-system', resourceVersion: '1' }, spec: { selector: { matchLabels: labels }, template: template(), ...spec } } as DaemonSet;
    daemonSetKind.defaults(d);
    return d;
  };

  it('accepts a defaulted DaemonSet', () => expect(daemonSetKind.validate(ds())).toEqual([]));

  const cases: [string, Record<string, unknown>, string[]][] = [
    // A nil selector is not reported as missing: it selects nothing.
    ['no selector', { selector: undefined }, [mismatch]],
    [
      'an empty selector',
      { selector: {} },
      ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset'],
    ],
    [
      'maxUnavailable and maxSurge both 0',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } } },
      ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0'],
    ],
    [
      'maxUnavailable and maxSurge both set',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '10%' } } },
      ['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"10%"}: may not be set when maxUnavailable is non-zero'],
    ],
    [
      'an unknown updateStrategy type',
      { updateStrategy: { type: 'Surge' } },
      ['spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Surge", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"'],
    ],
    ['RollingUpdate without parameters', { updateStrategy: { type: 'RollingUpdate' } }, ['spec.updateStrategy.rollingUpdate: Required value']],
    [
      'activeDeadlineSeconds',
      { template: template({ activeDeadlineSeconds: 1 }) },
      ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported'],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    const d = ds();
    for (const [k, v] of Object.entries(spec)) (d.spec as Record<string, unknown>)[k] = v;
    if (spec.template) daemonSetKind.defaults(d);
    expect(msgs(daemonSetKind.validate(d))).toEqual(want);
  });

  it('the selector is immutable', () => {
    const old = ds();
    const next = structuredClone(old);
    next.spec!.selector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['x'] }] };
    expect(msgs(daemonSetKind.validateUpdate(next, old))).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web"}, MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"NotIn", Values:[]string{"x"}}}}: field is immutable',
    ]);
  });
});

describe('ControllerRevision validation', () => {
  const cr = { metadata: { name: 'web-6d4b', namespace: 'default', resourceVersion: '1' }, data: { spec: {} }, revision: 1 };

  it('accepts a revision with data', () => expect(controllerRevisionKind.validate(structuredClone(cr))).toEqual([]));

  it('requires data and a non-negative revision', () => {
    expect(msgs(controllerRevisionKind.validate({ metadata: cr.metadata, revision: -1 }))).toEqual([
      'data: Required value: data is mandatory',
      'revision: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('data is immutable', () => {
    const errs = controllerRevisionKind.validateUpdate({ ...structuredClone(cr), data: { spec: { x: 1 } } }, structuredClone(cr));
    expect(errs.map((e) => [e.field, e.detail])).toEqual([['data', 'field is immutable']]);
    expect(controllerRevisionKind.validateUpdate({ ...structuredClone(cr), revision: 2 }, structuredClone(cr))).toEqual([]);
  });
});
