// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/comparison_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { Comparison } from './compare.ts';

describe('TestComparisonExcludeFields', () => {
  const cases: { name: string; comparison: Comparison; remove: FieldSet | null; expect: Comparison; fails?: boolean }[] = [
    {
      name: 'works on nil set',
      comparison: new Comparison({
        added: FieldSet.of(makePathOrDie('a')),
        modified: FieldSet.of(makePathOrDie('b')),
        removed: FieldSet.of(makePathOrDie('c')),
      }),
      remove: null,
      expect: new Comparison({
        added: FieldSet.of(makePathOrDie('a')),
        modified: FieldSet.of(makePathOrDie('b')),
        removed: FieldSet.of(makePathOrDie('c')),
      }),
    },
    {
      name: 'works on empty set',
      comparison: new Comparison({
        added: FieldSet.of(makePathOrDie('a')),
        modified: FieldSet.of(makePathOrDie('b')),
        removed: FieldSet.of(makePathOrDie('c')),
      }),
      remove: FieldSet.of(),
      expect: new Comparison({
        added: FieldSet.of(makePathOrDie('a')),
        modified: FieldSet.of(makePathOrDie('b')),
        removed: FieldSet.of(makePathOrDie('c')),
      }),
    },
    {
      name: 'removes from entire object',
      comparison: new Comparison({
        added: FieldSet.of(makePathOrDie('a', 'aa')),
        modified: FieldSet.of(makePathOrDie('b', 'ba')),
        removed: FieldSet.of(makePathOrDie('c', 'ca')),
      }),
      remove: FieldSet.of(makePathOrDie('a'), makePathOrDie('b'), makePathOrDie('c')),
      expect: new Comparison({
        added: FieldSet.of(),
        modified: FieldSet.of(),
        removed: FieldSet.of(),
      }),
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      c.comparison.excludeFields(c.remove);
      const differs =
        !c.comparison.added.equals(c.expect.added) ||
        !c.comparison.modified.equals(c.expect.modified) ||
        !c.comparison.removed.equals(c.expect.removed);
      expect(differs, `remove expected:\n${c.expect.toString()}\ngot:\n${c.comparison.toString()}`).toBe(c.fails ?? false);
    });
  }
});

// Not upstream: Go's Comparison.String() layout.
describe('Comparison.toString', () => {
  it('lists the non-empty sets in Go order', () => {
    const c = new Comparison({
      added: FieldSet.of(makePathOrDie('a')),
      removed: FieldSet.of(makePathOrDie('c')),
    });
    expect(c.isSame()).toBe(false);
    expect(c.toString()).toBe(`- Added Fields:\n${c.added.toString()}\n- Removed Fields:\n${c.removed.toString()}\n`);
    expect(new Comparison().isSame()).toBe(true);
    expect(new Comparison().toString()).toBe('');
  });
});
