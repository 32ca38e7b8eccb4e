// The set operations share subsets between operands and results, and take shortcuts when they
// meet a shared subset: results must be those of operands that share nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyByFields, type Path, type PathElement } from './element.ts';
import { FieldSet } from './set.ts';

const element: fc.Arbitrary<PathElement> = fc.constantFrom<PathElement>(
  { fieldName: 'a' },
  { fieldName: 'b' },
  { fieldName: 'c' },
  { key: keyByFields('name', 'x') },
  { key: keyByFields('name', 'y') },
  { index: 0 },
);
const paths = fc.array(fc.array(element, { minLength: 1, maxLength: 4 }), { maxLength: 12 });

/** The same set built afresh: no subset shared with anything. */
function rebuilt(s: FieldSet): FieldSet {
  return FieldSet.of(...s.paths());
}

function same(got: FieldSet, want: FieldSet): void {
  expect(got.toString()).toBe(want.toString());
  expect(got.equals(want)).toBe(true);
}

describe('set operations on operands that share subsets', () => {
  it('give the results of unshared operands, and leave the operands as they were', () => {
    fc.assert(
      fc.property(paths, paths, paths, (pa, pb, pc) => {
        const a = FieldSet.of(...(pa as Path[]));
        const b = FieldSet.of(...(pb as Path[]));
        const c = FieldSet.of(...(pc as Path[]));
        // Operands that share subsets with each other.
        const ab = a.union(b);
        const abc = ab.union(c);
        const left = abc.difference(c);
        const right = ab.recursiveDifference(a);
        const before = [ab, abc, left, right].map((s) => s.toString());
        for (const [x, y] of [[ab, abc], [abc, ab], [left, ab], [ab, left], [right, abc], [abc, abc], [left, right]] as const) {
          const fx = rebuilt(x);
          const fy = rebuilt(y);
          same(x.union(y), fx.union(fy));
          same(x.intersection(y), fx.intersection(fy));
          same(x.difference(y), fx.difference(fy));
          same(x.recursiveDifference(y), fx.recursiveDifference(fy));
        }
        expect([ab, abc, left, right].map((s) => s.toString())).toEqual(before);
      }),
    );
  });

  it('give results whose top level can take inserts without changing the operands', () => {
    const a = FieldSet.of([{ fieldName: 'a' }, { fieldName: 'b' }], [{ fieldName: 'c' }]);
    const text = a.toString();
    for (const out of [a.difference(FieldSet.of()), a.difference(a), a.recursiveDifference(FieldSet.of([{ fieldName: 'z' }]))]) {
      out.insert([{ fieldName: 'new' }]);
      expect(a.toString()).toBe(text);
    }
  });
});
