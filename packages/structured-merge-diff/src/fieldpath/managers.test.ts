// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/managers_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { managedFieldsDifference, managedFieldsEquals, managedFieldsToString, newVersionedSet, type ManagedFields, type VersionedSet } from './managers.ts';
import { makePathOrDie as _P } from './path.ts';
import { FieldSet } from './set.ts';

const _NS = FieldSet.of;
const mf = (entries: Record<string, VersionedSet> = {}): ManagedFields => new Map(Object.entries(entries));

// reflect.DeepEqual on ManagedFields: the same managers, versions, applied flags and sets.
function deepEqual(a: ManagedFields, b: ManagedFields): boolean {
  return managedFieldsEquals(a, b);
}

// Upstream names are swapped: TestManagersEquals exercises Difference, TestManagersDifference Equals.
describe('TestManagersEquals', () => {
  const tests: { name: string; lhs?: ManagedFields; rhs?: ManagedFields; out: ManagedFields }[] = [
    { name: 'Empty sets', out: mf() },
    {
      name: 'Empty RHS',
      lhs: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      out: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
    },
    {
      name: 'Empty LHS',
      rhs: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      out: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
    },
    {
      name: 'Different managers',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      rhs: mf({ two: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      out: mf({
        one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false),
        two: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false),
      }),
    },
    {
      name: 'Same manager, different version',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('integer')), 'v1', false) }),
      rhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v2', false) }),
      out: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v2', false) }),
    },
    {
      name: 'Set difference',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string')), 'v1', false) }),
      rhs: mf({ one: newVersionedSet(_NS(_P('string'), _P('bool')), 'v1', false) }),
      out: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('bool')), 'v1', false) }),
    },
  ];

  it.each(tests)('$name', ({ lhs, rhs, out }) => {
    const got = managedFieldsDifference(lhs ?? mf(), rhs ?? mf());
    expect(deepEqual(out, got), `want ${managedFieldsToString(out)}, got ${managedFieldsToString(got)}`).toBe(true);
  });
});

describe('TestManagersDifference', () => {
  const tests: { name: string; lhs?: ManagedFields; rhs?: ManagedFields; equal: boolean }[] = [
    { name: 'Empty sets', equal: true },
    {
      name: 'Same everything',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      rhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      equal: true,
    },
    {
      name: 'Empty RHS',
      lhs: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      equal: false,
    },
    {
      name: 'Empty LHS',
      rhs: mf({ default: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      equal: false,
    },
    {
      name: 'Different managers',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      rhs: mf({ two: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v1', false) }),
      equal: false,
    },
    {
      name: 'Same manager, different version',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('integer')), 'v1', false) }),
      rhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string'), _P('bool')), 'v2', false) }),
      equal: false,
    },
    {
      name: 'Set difference',
      lhs: mf({ one: newVersionedSet(_NS(_P('numeric'), _P('string')), 'v1', false) }),
      rhs: mf({ one: newVersionedSet(_NS(_P('string'), _P('bool')), 'v1', false) }),
      equal: false,
    },
  ];

  it.each(tests)('$name', ({ lhs, rhs, equal }) => {
    const got = managedFieldsEquals(lhs ?? mf(), rhs ?? mf());
    expect(got, `difference: ${managedFieldsToString(managedFieldsDifference(lhs ?? mf(), rhs ?? mf()))}`).toBe(equal);
  });
});

describe('managedFieldsToString', () => {
  it("prints Go's lines", () => {
    const m = mf({ one: newVersionedSet(_NS(_P('a', 'b'), _P('c')), 'v1', true) });
    expect(managedFieldsToString(m)).toBe('one:\n- Applied: true\n- APIVersion: v1\n- Set: .c\n.a.b\n');
  });
});
