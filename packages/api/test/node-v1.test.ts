// node.k8s.io/v1 RuntimeClass as kube-apiserver v1.33 declares and validates it (k8s.io/api node/v1
// types.go + generated.proto, pkg/apis/node/validation/validation.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import { RuntimeClass, runtimeClassKind } from '../src/node/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.node.v1.RuntimeClass': [
      ['metadata', 1],
      ['handler', 2, 'req'],
      ['overhead', 3, 'ptr'],
      ['scheduling', 4, 'ptr'],
    ],
    'io.k8s.api.node.v1.Overhead': [['podFixed', 1]],
    'io.k8s.api.node.v1.Scheduling': [
      ['nodeSelector', 1, 'map:atomic'],
      ['tolerations', 2, 'list:atomic'],
    ],
  };

  it('match k8s.io/api node/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([RuntimeClass], table);
  });

  it('serves RuntimeClass cluster-scoped, without short names', () => {
    const kinds = builtinKinds.filter((k) => k.group === 'node.k8s.io');
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.listKind, k.shortNames])).toEqual([
      ['RuntimeClass', 'runtimeclasses', 'runtimeclass', false, 'RuntimeClassList', []],
    ]);
  });
});

const rc = (extra: Partial<RuntimeClass> = {}, name = 'gvisor'): RuntimeClass => ({ metadata: { name, resourceVersion: '1' }, handler: 'runsc', ...extra });

describe('RuntimeClass validation', () => {
  it('accepts a class with overhead and scheduling', () => {
    expect(
      runtimeClassKind.validate(
        rc({
          overhead: { podFixed: { cpu: '250m', memory: '64Mi' } },
          scheduling: { nodeSelector: { 'runtime/gvisor': 'true' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] },
        }),
      ),
    ).toEqual([]);
  });

  const cases: [string, RuntimeClass, string[]][] = [
    [
      'a handler that is no DNS label',
      rc({ handler: 'run.sc' }),
      ['handler: Invalid value: "run.sc": must not contain dots'],
    ],
    [
      'a negative overhead and one no container has',
      rc({ overhead: { podFixed: { cpu: '-1', storage: '1Gi' } } }),
      ['overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0', 'overhead.limits[storage]: Invalid value: "storage": must be a standard resource for containers'],
    ],
    [
      'a bad node selector label and duplicate tolerations (upstream nests the tolerations path)',
      rc({
        scheduling: {
          nodeSelector: { 'bad key!': 'x' },
          tolerations: [
            { key: 'a', operator: 'Exists', effect: 'NoSchedule' },
            { key: 'a', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 10 },
            { key: 'b', operator: 'Equal', value: 'v', effect: 'Never' },
          ],
        },
      }),
      [
        "scheduling.nodeSelector: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        'scheduling.tolerations.tolerations[1].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set',
        'scheduling.tolerations.tolerations[2].effect: Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
        'scheduling.tolerations[1]: Duplicate value: core.Toleration{Key:"a", Operator:"Exists", Value:"", Effect:"NoSchedule", TolerationSeconds:(*int64)(0xc000000000)}',
      ],
    ],
  ];

  it.each(cases)('rejects %s', (_name, obj, want) => {
    expect(msgs(runtimeClassKind.validate(obj))).toEqual(want);
  });

  it('keeps the handler immutable', () => {
    expect(msgs(runtimeClassKind.validateUpdate(rc({ handler: 'kata' }), rc()))).toEqual(['handler: Invalid value: "kata": field is immutable']);
    expect(runtimeClassKind.validateUpdate(rc({ overhead: { podFixed: { cpu: '100m' } } }), rc())).toEqual([]);
  });
});
