// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/element_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { comparePathElements, equalPathElements, keyByFields, lessPathElements, PathElementSet, type PathElement } from './element.ts';

// Go's zero PathElement{} (nothing set).
const invalid = {} as PathElement;

describe('TestPathElementSet', () => {
  it('inserts, finds and iterates in order', () => {
    const s = new PathElementSet();
    expect(s.has(invalid)).toBe(false);
    const s2 = new PathElementSet();
    s2.insert(invalid);
    expect(s2.equals(s)).toBe(false);
    expect(s2.has(invalid)).toBe(true);

    const n1 = 'aoeu';
    const n2 = 'asdf';
    s2.insert({ fieldName: n1 });
    expect(s2.has({ fieldName: n1 })).toBe(true);
    expect(s2.has({ fieldName: n2 })).toBe(false);

    s2.insert({ fieldName: n2 });
    const expected = [n1, n2, undefined];
    const got: (string | undefined)[] = [];
    s2.iterate((pe) => got.push('fieldName' in pe ? pe.fieldName : undefined));
    expect(got).toEqual(expected);
  });
});

describe('TestPathElementLess', () => {
  const table: { name: string; a: PathElement; b: PathElement; eq?: boolean }[] = [
    { name: 'FieldName-0', a: invalid, b: invalid, eq: true },
    { name: 'FieldName-1', a: { fieldName: 'anteater' }, b: { fieldName: 'zebra' } },
    { name: 'FieldName-2', a: { fieldName: 'bee' }, b: { fieldName: 'bee' }, eq: true },
    { name: 'FieldName-3', a: { fieldName: 'capybara' }, b: { key: keyByFields('dog', 3) } },
    { name: 'FieldName-4', a: { fieldName: 'elephant' }, b: { value: 4 } },
    { name: 'FieldName-5', a: { fieldName: 'falcon' }, b: { index: 5 } },
    { name: 'Key-1', a: { key: keyByFields('goat', 1) }, b: { key: keyByFields('goat', 1) }, eq: true },
    { name: 'Key-2', a: { key: keyByFields('horse', 1) }, b: { key: keyByFields('horse', 2) } },
    { name: 'Key-3', a: { key: keyByFields('ibex', 1) }, b: { key: keyByFields('jay', 1) } },
    { name: 'Key-4', a: { key: keyByFields('kite', 1) }, b: { key: keyByFields('kite', 1, 'kite-2', 1) } },
    { name: 'Key-5', a: { key: keyByFields('kite', 1) }, b: { value: 1 } },
    { name: 'Key-6', a: { key: keyByFields('kite', 1) }, b: { index: 5 } },
    { name: 'Value-1', a: { value: 1 }, b: { value: 2 } },
    { name: 'Value-2', a: { value: 1 }, b: { value: 1 }, eq: true },
    { name: 'Value-3', a: { value: 1 }, b: { index: 1 } },
    { name: 'Index-1', a: { index: 1 }, b: { index: 2 } },
    { name: 'Index-2', a: { index: 1 }, b: { index: 1 }, eq: true },
  ];

  it.each(table)('$name', ({ a, b, eq }) => {
    if (eq) {
      expect(lessPathElements(a, b)).toBe(false);
      expect(comparePathElements(a, b)).toBe(0);
      expect(equalPathElements(a, b)).toBe(true);
    } else {
      expect(lessPathElements(a, b)).toBe(true);
      expect(comparePathElements(b, a)).toBe(1);
      expect(equalPathElements(a, b)).toBe(false);
    }
    // Upstream checks b against itself here; that is what it means.
    expect(lessPathElements(b, b)).toBe(false);
  });
});

describe('PathElementSet operations', () => {
  const set = (...names: string[]) => new PathElementSet(names.map((fieldName) => ({ fieldName })));
  const names = (s: PathElementSet) => [...s].map((pe) => ('fieldName' in pe ? pe.fieldName : '?'));

  it('unions, intersects and subtracts', () => {
    const a = set('c', 'a', 'b');
    const b = set('b', 'd');
    expect(names(a.union(b))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(a.intersection(b))).toEqual(['b']);
    expect(names(a.difference(b))).toEqual(['a', 'c']);
    expect(names(b.difference(a))).toEqual(['d']);
  });

  it('does not let a result and its operand see each other’s inserts', () => {
    const a = set('a');
    const u = a.union(new PathElementSet());
    u.insert({ fieldName: 'x' });
    a.insert({ fieldName: 'y' });
    expect(names(a)).toEqual(['a', 'y']);
    expect(names(u)).toEqual(['a', 'x']);
    const c = a.clone();
    c.insert({ fieldName: 'z' });
    expect(a.has({ fieldName: 'z' })).toBe(false);
  });
});

describe('keyByFields', () => {
  it('sorts by name and rejects odd arguments', () => {
    expect(keyByFields('b', 1, 'a', 2)).toEqual([
      { name: 'a', value: 2 },
      { name: 'b', value: 1 },
    ]);
    expect(() => keyByFields('a')).toThrow('must have a value for every name');
  });
});
