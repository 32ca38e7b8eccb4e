// scheduling.k8s.io/v1 PriorityClass as kube-apiserver v1.33 declares, defaults and validates it
// (k8s.io/api scheduling/v1 types.go + generated.proto, pkg/apis/scheduling/v1/defaults.go,
// pkg/apis/scheduling/validation/validation.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { PriorityClass, priorityClassKind } from '../src/scheduling/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  it('match k8s.io/api scheduling/v1: field order, protobuf numbers, pointers and required fields', () => {
    checkUpstreamTable([PriorityClass], {
      'io.k8s.api.scheduling.v1.PriorityClass': [
        ['metadata', 1],
        ['value', 2, 'req'],
        ['globalDefault', 3],
        ['description', 4],
        ['preemptionPolicy', 5, 'ptr'],
      ],
    });
  });

  it('serves PriorityClass cluster-wide with the short name pc', () => {
    const kinds = builtinKinds.filter((k) => k.group === 'scheduling.k8s.io');
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames, k.categories])).toEqual([
      ['PriorityClass', 'priorityclasses', 'priorityclass', false, 'PriorityClassList', ['pc'], []],
    ]);
  });
});

const pc = (rest: Partial<PriorityClass> = {}, name = 'high'): PriorityClass => ({ metadata: { name, resourceVersion: '1' }, value: 1000, ...rest });

describe('PriorityClass', () => {
  it('defaults preemptionPolicy to PreemptLowerPriority', () => {
    const obj = pc();
    priorityClassKind.defaults(obj);
    expect(obj.preemptionPolicy).toBe('PreemptLowerPriority');
    const never = pc({ preemptionPolicy: 'Never' });
    priorityClassKind.defaults(never);
    expect(never.preemptionPolicy).toBe('Never');
  });

  it('accepts user classes up to 1e9 and the system classes as kube defines them', () => {
    expect(priorityClassKind.validate(pc({ value: 1_000_000_000, globalDefault: true, preemptionPolicy: 'Never' }))).toEqual([]);
    expect(priorityClassKind.validate(pc({ value: 2_000_001_000 }, 'system-node-critical'))).toEqual([]);
    expect(priorityClassKind.validate(pc({ value: 2_000_000_000 }, 'system-cluster-critical'))).toEqual([]);
  });

  const cases: [string, PriorityClass, string[]][] = [
    ['a user value above 1e9', pc({ value: 1_000_000_001 }), ['value: Forbidden: maximum allowed value of a user defined priority is 1000000000']],
    [
      'an unknown system- name',
      pc({}, 'system-mine'),
      ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class"],
    ],
    [
      'a system class with another value',
      pc({ value: 5 }, 'system-node-critical'),
      ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"],
    ],
    [
      'a global-default system class',
      pc({ value: 2_000_000_000, globalDefault: true }, 'system-cluster-critical'),
      ["metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: globalDefault of system-cluster-critical PriorityClass must be false"],
    ],
    ['an unknown preemptionPolicy', pc({ preemptionPolicy: 'Sometimes' }), ['preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']],
    ['an empty preemptionPolicy', pc({ preemptionPolicy: '' }), ['preemptionPolicy: Required value']],
    ['a namespace', { ...pc(), metadata: { name: 'high', namespace: 'default' } }, ['metadata.namespace: Forbidden: not allowed on this type']],
  ];

  it.each(cases)('rejects %s', (_name, obj, want) => {
    expect(msgs(priorityClassKind.validate(obj))).toEqual(want);
  });

  it('keeps value and preemptionPolicy immutable; description and globalDefault may change', () => {
    const old = pc({ preemptionPolicy: 'PreemptLowerPriority' });
    expect(priorityClassKind.validateUpdate(pc({ preemptionPolicy: 'PreemptLowerPriority', description: 'now described', globalDefault: true }), old)).toEqual([]);
    expect(msgs(priorityClassKind.validateUpdate(pc({ value: 7, preemptionPolicy: 'Never' }), old))).toEqual([
      'value: Forbidden: may not be changed in an update.',
      'preemptionPolicy: Invalid value: "Never": field is immutable',
    ]);
  });
});
