// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/path_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { keyByFields } from './element.ts';
import { comparePaths, equalPaths, makePath, makePathOrDie, pathToString, type Path } from './path.ts';

describe('TestPathString', () => {
  const table: [string, Path, string][] = [
    ['basic1', makePathOrDie('foo', 1), '.foo[1]'],
    ['basic2', makePathOrDie('foo', 'bar', 1, 'baz'), '.foo.bar[1].baz'],
    [
      'associative-list-ref',
      // This makes sure we test all types: string, floats, integers and booleans.
      makePathOrDie('foo', keyByFields('a', 'b', 'c', 1, 'd', 1.5, 'e', true)),
      '.foo[a="b",c=1,d=1.5,e=true]',
    ],
    [
      'sets',
      makePathOrDie('foo', { value: 'b' }, { value: 5 }, { value: false }, { value: 3.14159 }),
      '.foo[="b"][=5][=false][=3.14159]',
    ],
  ];
  it.each(table)('%s', (_name, fp, expected) => {
    expect(pathToString(fp)).toBe(expected);
  });
});

describe('makePath', () => {
  it("rejects what Go's MakePath rejects", () => {
    expect(() => makePath('a', [])).toThrow('associative list key type path elements must have at least one key (got zero)');
    expect(() => makePath(1.5)).toThrow('unable to make 1.5 into a path element');
  });

  it('compares and equates paths', () => {
    expect(equalPaths(makePathOrDie('a', 1), makePathOrDie('a', 1))).toBe(true);
    expect(equalPaths(makePathOrDie('a', 1), makePathOrDie('a', 2))).toBe(false);
    expect(comparePaths(makePathOrDie('a'), makePathOrDie('a', 1))).toBe(-1);
    expect(comparePaths(makePathOrDie('a', 'b'), makePathOrDie('a', 1))).toBe(-1);
    expect(comparePaths(makePathOrDie('b'), makePathOrDie('a', 1))).toBe(1);
  });
});
