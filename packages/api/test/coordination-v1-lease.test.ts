// Leases as kube-apiserver v1.33 validates them (pkg/apis/coordination/validation/validation.go):
// no defaults, positive durations, the coordinated leader election strategy.
import { describe, expect, it } from 'vitest';
import { fieldErrorString, newInvalid, type FieldError } from '@kapi/apimachinery';
import { leaseKind, type Lease } from '../src/coordination/v1/index.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const lease = (spec: Lease['spec'] = {}, name = 'kube-scheduler'): Lease => ({
  metadata: { name, namespace: 'kube-system', resourceVersion: '1' },
  spec: { holderIdentity: 'node-1_9f2c', leaseDurationSeconds: 15, acquireTime: '2024-05-01T10:00:00.000000Z', renewTime: '2024-05-01T10:00:10.123456Z', leaseTransitions: 0, ...spec },
});

describe('Lease', () => {
  it('has no defaults', () => {
    const l = lease();
    leaseKind.defaults(l);
    expect(l).toEqual(lease());
  });

  it('accepts what leader election writes, and an empty spec', () => {
    expect(leaseKind.validate(lease())).toEqual([]);
    expect(leaseKind.validate({ metadata: { name: 'x', namespace: 'default' } })).toEqual([]);
  });

  const cases: [string, Lease['spec'], string[]][] = [
    ['a zero duration', { leaseDurationSeconds: 0 }, ['spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0']],
    ['negative transitions', { leaseTransitions: -1 }, ['spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0']],
    // Upstream reports the strategy one level too deep.
    ['an unknown strategy', { strategy: 'NewestFirst' }, ['spec.strategy.strategy: Unsupported value: "NewestFirst": supported values: "OldestEmulationVersion"']],
    [
      'a custom strategy that is no qualified name',
      { strategy: 'example.com/-x' },
      [
        "spec.strategy.strategy: Invalid value: \"example.com/-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      ],
    ],
    ['a preferred holder without strategy', { preferredHolder: 'node-2' }, ['spec.preferredHolder: Forbidden: may only be specified if `strategy` is defined']],
  ];

  it.each(cases)('rejects %s', (_name, spec, want) => {
    expect(msgs(leaseKind.validate(lease(spec)))).toEqual(want);
  });

  it('accepts a custom strategy with a qualified name and a preferred holder', () => {
    expect(leaseKind.validate(lease({ strategy: 'example.com/round-robin', preferredHolder: 'node-2' }))).toEqual([]);
  });

  it('names are DNS subdomains; the Invalid status reads as kube writes it', () => {
    const errs = leaseKind.validate(lease({ leaseDurationSeconds: -3 }, 'Bad_Name'));
    expect(errs.map((e) => e.field)).toEqual(['metadata.name', 'spec.leaseDurationSeconds']);
    expect(newInvalid({ group: 'coordination.k8s.io', kind: 'Lease' }, 'Bad_Name', errs).status.message).toMatch(
      /^Lease\.coordination\.k8s\.io "Bad_Name" is invalid: \[metadata\.name: Invalid value: "Bad_Name": .*, spec\.leaseDurationSeconds: Invalid value: -3: must be greater than 0\]$/,
    );
  });

  it('updates run the spec rules and the metadata update rules', () => {
    const old = lease();
    const next = lease({ leaseTransitions: 1, holderIdentity: 'node-2_aa' });
    expect(leaseKind.validateUpdate(next, old)).toEqual([]);
    const renamed = { ...lease({ leaseDurationSeconds: 0 }), metadata: { ...old.metadata, name: 'other' } };
    expect(msgs(leaseKind.validateUpdate(renamed, old))).toEqual([
      'metadata.name: Invalid value: "other": field is immutable',
      'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    ]);
  });
});
