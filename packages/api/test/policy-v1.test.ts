// policy/v1 PodDisruptionBudget (and the Eviction body) as kube-apiserver v1.33 declares and
// validates them (k8s.io/api policy/v1 types.go + generated.proto, pkg/apis/policy/validation,
// k8s.io/apimachinery metav1 ValidateConditions).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, FieldPath, openAPIComponents, protoMessageOf, type FieldError } from '@kapi/apimachinery';
import { Eviction, PodDisruptionBudget, PodDisruptionBudgetSpec, podDisruptionBudgetKind, validatePodDisruptionBudgetStatus } from '../src/policy/v1/index.ts';
import { builtinKinds, wireTypes } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.policy.v1.PodDisruptionBudget': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.policy.v1.PodDisruptionBudgetStatus': [
      ['observedGeneration', 1],
      ['disruptedPods', 2],
      ['disruptionsAllowed', 3, 'req'],
      ['currentHealthy', 4, 'req'],
      ['desiredHealthy', 5, 'req'],
      ['expectedPods', 6, 'req'],
      ['conditions', 7, 'merge:type list:map:type'],
    ],
    'io.k8s.api.policy.v1.Eviction': [
      ['metadata', 1],
      ['deleteOptions', 2, 'ptr'],
    ],
    'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions': [
      ['gracePeriodSeconds', 1, 'ptr'],
      ['preconditions', 2, 'ptr'],
      ['orphanDependents', 3, 'ptr'],
      ['propagationPolicy', 4, 'ptr'],
      ['dryRun', 5, 'list:atomic'],
      ['ignoreStoreReadErrorWithClusterBreakingPotential', 6, 'ptr'],
    ],
    'io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions': [
      ['uid', 1, 'ptr'],
      ['resourceVersion', 2, 'ptr'],
    ],
  };

  it('match k8s.io/api policy/v1: field order, protobuf numbers, pointers, required and patch metadata', () => {
    checkUpstreamTable([PodDisruptionBudget, Eviction], table);
  });

  it('declare the spec\'s selector with patch strategy replace (which the table helper has no flag for)', () => {
    const spec = openAPIComponents([PodDisruptionBudget])['io.k8s.api.policy.v1.PodDisruptionBudgetSpec'] as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(Object.keys(spec.properties)).toEqual(['minAvailable', 'selector', 'maxUnavailable', 'unhealthyPodEvictionPolicy']);
    expect(spec.required).toBeUndefined();
    expect(spec.properties.selector!['x-kubernetes-patch-strategy']).toBe('replace');
    const proto = protoMessageOf(PodDisruptionBudgetSpec);
    const fields = (typeof proto.fields === 'function' ? proto.fields() : proto.fields) as readonly { name: string; no: number; pointer?: boolean }[];
    expect(fields.map((f) => [f.name, f.no, f.pointer ?? false])).toEqual([
      ['minAvailable', 1, true],
      ['selector', 2, true],
      ['maxUnavailable', 3, true],
      ['unhealthyPodEvictionPolicy', 4, true],
    ]);
  });

  it('serves PodDisruptionBudget with kube\'s names and short name; Eviction is a wire type only', () => {
    const kinds = builtinKinds.filter((k) => k.group === 'policy');
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['PodDisruptionBudget', 'poddisruptionbudgets', 'poddisruptionbudget', true, 'PodDisruptionBudgetList', ['pdb'], []],
    ]);
    expect(wireTypes.filter((w) => w.group === 'policy').map((w) => w.kind)).toEqual(['Eviction']);
  });
});

const pdb = (spec: PodDisruptionBudgetSpec, name = 'web'): PodDisruptionBudget => ({ metadata: { name, namespace: 'default', resourceVersion: '1' }, spec });

describe('PodDisruptionBudget validation (ValidatePodDisruptionBudgetSpec)', () => {
  it('accepts numbers, percentages, an empty selector and both eviction policies', () => {
    for (const spec of [
      { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
      { maxUnavailable: '25%', selector: {} },
      { minAvailable: '100%', unhealthyPodEvictionPolicy: 'AlwaysAllow' },
      { maxUnavailable: 0, unhealthyPodEvictionPolicy: 'IfHealthyBudget' },
      {},
    ]) {
      expect(podDisruptionBudgetKind.validate(pdb(spec))).toEqual([]);
    }
  });

  const cases: [string, PodDisruptionBudgetSpec, string[]][] = [
    [
      'minAvailable and maxUnavailable together',
      { minAvailable: 1, maxUnavailable: 1 },
      [
        'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000000000), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000000000), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set',
      ],
    ],
    ['a negative minAvailable', { minAvailable: -1 }, ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0']],
    [
      'a percentage above 100',
      { maxUnavailable: '101%' },
      ['spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"101%"}: must not be greater than 100%'],
    ],
    [
      'a string that is no percentage',
      { minAvailable: 'half' },
      ['spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"half"}: a valid percent string must be a numeric string followed by an ending \'%\' (e.g. \'1%\',  or \'93%\', regex used for validation is \'[0-9]+%\')'],
    ],
    [
      'an unknown unhealthyPodEvictionPolicy',
      { unhealthyPodEvictionPolicy: 'Never' },
      ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"'],
    ],
    [
      'a selector with a bad operator',
      { selector: { matchExpressions: [{ key: 'app', operator: 'Has' }] } },
      ['spec.selector.matchExpressions[0].operator: Invalid value: "Has": not a valid selector operator'],
    ],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    expect(msgs(podDisruptionBudgetKind.validate(pdb(spec)))).toEqual(want);
  });

  it('checks names as path segments only, and only once the spec is valid', () => {
    expect(podDisruptionBudgetKind.validate(pdb({}, 'Not_A_DNS.Name'))).toEqual([]);
    expect(msgs(podDisruptionBudgetKind.validate(pdb({}, 'a/b')))).toEqual(["metadata.name: Invalid value: \"a/b\": may not contain '/'"]);
    expect(msgs(podDisruptionBudgetKind.validate(pdb({ minAvailable: -1 }, 'a/b')))).toEqual(['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0']);
  });

  it('lets an update keep label values that were already invalid in the selector', () => {
    const bad = { selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-bad-'] }] } };
    const old = pdb(bad);
    expect(podDisruptionBudgetKind.validate(old)).not.toEqual([]);
    expect(podDisruptionBudgetKind.validateUpdate(pdb(bad), old)).toEqual([]);
    expect(podDisruptionBudgetKind.validateUpdate(pdb(bad), pdb({}))).not.toEqual([]);
  });
});

describe('PodDisruptionBudget status validation (ValidatePodDisruptionBudgetStatusUpdate)', () => {
  const withStatus = (status: PodDisruptionBudget['status']): PodDisruptionBudget => ({ ...pdb({}), status });

  it('accepts a status the disruption controller writes', () => {
    const status = {
      observedGeneration: 1,
      disruptionsAllowed: 1,
      currentHealthy: 3,
      desiredHealthy: 2,
      expectedPods: 3,
      conditions: [{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', lastTransitionTime: '2025-01-01T00:00:00Z', observedGeneration: 1 }],
    };
    expect(validatePodDisruptionBudgetStatus(withStatus(status), pdb({}))).toEqual([]);
  });

  it('rejects negative counts and bad conditions with kube\'s messages', () => {
    const status = {
      disruptionsAllowed: -1,
      currentHealthy: 0,
      desiredHealthy: -2,
      expectedPods: 0,
      conditions: [
        { type: 'DisruptionAllowed', status: 'Yes', reason: '', message: '', lastTransitionTime: '2025-01-01T00:00:00Z' },
        { type: 'DisruptionAllowed', status: 'True', reason: 'bad reason', message: '', lastTransitionTime: null, observedGeneration: -1 },
      ],
    };
    expect(msgs(validatePodDisruptionBudgetStatus(withStatus(status), pdb({})))).toEqual([
      'status.conditions[0].status: Unsupported value: "Yes": supported values: "False", "True", "Unknown"',
      'status.conditions[0].reason: Required value: must be set',
      'status.conditions[1].type: Duplicate value: "DisruptionAllowed"',
      'status.conditions[1].observedGeneration: Invalid value: -1: must be greater than or equal to zero',
      'status.conditions[1].lastTransitionTime: Required value: must be set',
      "status.conditions[1].reason: Invalid value: \"bad reason\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')",
      'status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0',
      'status.desiredHealthy: Invalid value: -2: must be greater than or equal to 0',
    ]);
  });

  it('uses the path it is given', () => {
    expect(FieldPath.of('status').child('conditions').toString()).toBe('status.conditions');
  });
});

describe('the v1 conversion of the v1beta1 selector label (Convert_v1_PodDisruptionBudget_To_policy_PodDisruptionBudget)', () => {
  const label = 'pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match';
  const converted = (selector: NonNullable<PodDisruptionBudgetSpec['selector']>) => {
    const obj = pdb({ selector });
    podDisruptionBudgetKind.defaults(obj);
    return obj.spec!.selector;
  };

  it('keeps the match-none and match-all selectors as they are', () => {
    expect(converted({ matchExpressions: [{ key: label, operator: 'Exists' }] })).toEqual({ matchExpressions: [{ key: label, operator: 'Exists' }] });
    expect(converted({})).toEqual({});
  });

  it('drops the label from any other selector', () => {
    expect(converted({ matchLabels: { app: 'web' }, matchExpressions: [{ key: label, operator: 'Exists' }] })).toEqual({ matchLabels: { app: 'web' } });
    expect(
      converted({
        matchExpressions: [
          { key: label, operator: 'DoesNotExist' },
          { key: 'tier', operator: 'In', values: ['a'] },
        ],
      }),
    ).toEqual({ matchExpressions: [{ key: 'tier', operator: 'In', values: ['a'] }] });
  });
});
