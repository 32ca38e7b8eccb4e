// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/set_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { newSchema, type SchemaDoc, type TypeRef } from '../schema/elements.ts';
import type { FieldList } from '../value/fields.ts';
import { keyByFields, pathElementToString, type PathElement } from './element.ts';
import { makePathOrDie, pathToString, type Path } from './path.ts';
import { FieldSet, makePrefixMatcherOrDie, matchAnyPathElement, SetNodeMap } from './set.ts';
import { newIncludeMatcherFilter, type Filter } from './set-filter.ts';

const _P = makePathOrDie;
const NewSet = FieldSet.of;

function expectSetsEqual(got: FieldSet, want: FieldSet): void {
  expect(got.equals(want), `expected:\n${want.toString()}\n\ngot:\n${got.toString()}`).toBe(true);
}

describe('TestSetInsertHas', () => {
  const s1 = NewSet(
    _P('foo', 0, 'bar', 'baz'),
    _P('foo', 0, 'bar'),
    _P('foo', 0),
    _P('foo', 1, 'bar', 'baz'),
    _P('foo', 1, 'bar'),
    _P('qux', keyByFields('name', 'first')),
    _P('qux', keyByFields('name', 'first'), 'bar'),
    _P('qux', keyByFields('name', 'second'), 'bar'),
    _P('canonicalOrder', keyByFields('a', 'a', 'b', 'a', 'c', 'a', 'd', 'a', 'e', 'a', 'f', 'a')),
  );

  const table: [Path, boolean][] = [
    [_P('qux', keyByFields('name', 'second')), false],
    [_P('qux', keyByFields('name', 'second'), 'bar'), true],
    [_P('qux', keyByFields('name', 'first')), true],
    [_P('xuq', keyByFields('name', 'first')), false],
    [_P('foo', 0), true],
    [_P('foo', 0, 'bar'), true],
    [_P('foo', 0, 'bar', 'baz'), true],
    [_P('foo', 1), false],
    [_P('foo', 1, 'bar'), true],
    [_P('foo', 1, 'bar', 'baz'), true],
    [_P('canonicalOrder', keyByFields('f', 'a', 'e', 'a', 'd', 'a', 'c', 'a', 'b', 'a', 'a', 'a')), true],
  ];

  it.each(table.map(([p, m]) => [pathToString(p), p, m] as const))('%s', (_name, check, expectMembership) => {
    expect(s1.has(check)).toBe(expectMembership);
  });

  it('never has the empty path', () => {
    expect(NewSet().has([])).toBe(false);
    expect(NewSet([]).has([])).toBe(false);
  });
});

describe('TestSetString', () => {
  it('is the path of a single-entry set', () => {
    const p = _P('foo', keyByFields('name', 'first'));
    expect(NewSet(p).toString()).toBe(pathToString(p));
  });
});

describe('TestSetIterSize', () => {
  it('iterates every member, size and empty following inserts', () => {
    const s1 = NewSet(
      _P('foo', 0, 'bar', 'baz'),
      _P('foo', 0, 'bar', 'zot'),
      _P('foo', 0, 'bar'),
      _P('foo', 0),
      _P('foo', 1, 'bar', 'baz'),
      _P('foo', 1, 'bar'),
      _P('qux', keyByFields('name', 'first')),
      _P('qux', keyByFields('name', 'first'), 'bar'),
      _P('qux', keyByFields('name', 'second'), 'bar'),
    );
    const s2 = NewSet();
    let addedCount = 0;
    s1.iterate((p) => {
      expect(s2.size()).toBe(addedCount);
      expect(s2.empty()).toBe(addedCount === 0);
      s2.insert(p);
      addedCount++;
    });
    expectSetsEqual(s2, s1);
    expect([...s1.paths()].map(pathToString)).toEqual(s1.toString().split('\n'));
  });
});

describe('TestSetEquals', () => {
  const table: [FieldSet, FieldSet, boolean][] = [
    [NewSet(_P('foo')), NewSet(_P('bar')), false],
    [NewSet(_P('foo')), NewSet(_P('foo')), true],
    [NewSet(), NewSet(_P(0, 'foo')), false],
    [NewSet(_P(1, 'foo')), NewSet(_P(0, 'foo')), false],
    [NewSet(_P(1, 'foo')), NewSet(_P(1, 'foo', 'bar')), false],
    [NewSet(_P(0), _P(1)), NewSet(_P(1), _P(0)), true],
    [NewSet(_P('foo', 0), _P('foo', 1)), NewSet(_P('foo', 1), _P('foo', 0)), true],
    [
      NewSet(_P('foo', 0), _P('foo'), _P('bar', 'baz'), _P('qux', keyByFields('name', 'first'))),
      NewSet(_P('foo', 1), _P('bar', 'baz'), _P('bar'), _P('qux', keyByFields('name', 'second'))),
      false,
    ],
  ];
  it.each(table.map((t, i) => [i, ...t] as const))('case %i', (_i, a, b, equal) => {
    expect(a.equals(b)).toBe(equal);
  });
});

describe('TestSetUnion', () => {
  it('unions recursively', () => {
    const s1 = NewSet(_P('foo', 0), _P('foo'), _P('bar', 'baz'), _P('qux', keyByFields('name', 'first')), _P('parent', 'child', 'grandchild'));
    const s2 = NewSet(_P('foo', 1), _P('bar', 'baz'), _P('bar'), _P('qux', keyByFields('name', 'second')), _P('parent', 'child'));
    const u = NewSet(
      _P('foo', 0),
      _P('foo', 1),
      _P('foo'),
      _P('bar', 'baz'),
      _P('bar'),
      _P('qux', keyByFields('name', 'first')),
      _P('qux', keyByFields('name', 'second')),
      _P('parent', 'child'),
      _P('parent', 'child', 'grandchild'),
    );
    expectSetsEqual(s1.union(s2), u);
  });
});

describe('TestSetIntersectionDifference', () => {
  const nameFirst = keyByFields('name', 'first');
  const s1 = NewSet(
    _P('a0'),
    _P('a1'),
    _P('foo', 0),
    _P('foo', 1),
    _P('b0', nameFirst),
    _P('b1', nameFirst),
    _P('bar', 'c0'),
    _P('cp', nameFirst, 'child'),
  );
  const s2 = NewSet(
    _P('a1'),
    _P('a2'),
    _P('foo', 1),
    _P('foo', 2),
    _P('b1', nameFirst),
    _P('b2', nameFirst),
    _P('bar', 'c2'),
    _P('cp', nameFirst),
  );

  it('intersection', () => {
    expectSetsEqual(s1.intersection(s2), NewSet(_P('a1'), _P('foo', 1), _P('b1', nameFirst)));
  });

  it('s1 - s2', () => {
    expectSetsEqual(s1.difference(s2), NewSet(_P('a0'), _P('foo', 0), _P('b0', nameFirst), _P('bar', 'c0'), _P('cp', nameFirst, 'child')));
  });

  it('s2 - s1', () => {
    expectSetsEqual(s2.difference(s1), NewSet(_P('a2'), _P('foo', 2), _P('b2', nameFirst), _P('bar', 'c2'), _P('cp', nameFirst)));
  });

  it('intersection (the hard way)', () => {
    // Intersection out of two unions and three differences.
    const u = s1.union(s2);
    const notIntersection = s2.difference(s1).union(s1.difference(s2));
    expectSetsEqual(u.difference(notIntersection), NewSet(_P('a1'), _P('foo', 1), _P('b1', nameFirst)));
  });
});

describe('TestSetLeaves', () => {
  const a = keyByFields('name', 'a');
  const p = keyByFields('name', 'p');
  const table: [string, FieldSet, FieldSet][] = [
    ['empty set', NewSet(), NewSet()],
    ['all leaves', NewSet(_P('path1'), _P('path2'), _P('path3')), NewSet(_P('path1'), _P('path2'), _P('path3'))],
    ['only one leaf', NewSet(_P('root'), _P('root', 'l1'), _P('root', 'l1', 'l2'), _P('root', 'l1', 'l2', 'l3')), NewSet(_P('root', 'l1', 'l2', 'l3'))],
    [
      'multiple values, check for overwrite',
      NewSet(_P('root', a), _P('root', a, 'name'), _P('root', a, 'value', 'b'), _P('root', a, 'value', 'c')),
      NewSet(_P('root', a, 'name'), _P('root', a, 'value', 'b'), _P('root', a, 'value', 'c')),
    ],
    [
      'multiple values and nested',
      NewSet(_P('root', a), _P('root', a, 'name'), _P('root', a, 'value', 'b'), _P('root', a, 'value', 'b', 'd'), _P('root', a, 'value', 'c')),
      NewSet(_P('root', a, 'name'), _P('root', a, 'value', 'b', 'd'), _P('root', a, 'value', 'c')),
    ],
    [
      'all-in-one',
      NewSet(
        _P('root'),
        _P('root', a),
        _P('root', a, 'name'),
        _P('root', a, 'value', 'b'),
        _P('root', a, 'value', 'b', 'c'),
        _P('root', a, 'value', 'd'),
        _P('root', a, 'value', 'e'),
        _P('root', 'x'),
        _P('root', 'x', 'y'),
        _P('root', 'x', 'z'),
        _P('root', p),
        _P('root', p, 'name'),
        _P('root', p, 'value', 'q'),
      ),
      NewSet(
        _P('root', a, 'name'),
        _P('root', a, 'value', 'b', 'c'),
        _P('root', a, 'value', 'd'),
        _P('root', a, 'value', 'e'),
        _P('root', 'x', 'y'),
        _P('root', 'x', 'z'),
        _P('root', p, 'name'),
        _P('root', p, 'value', 'q'),
      ),
    ],
  ];
  it.each(table)('%s', (_name, input, expected) => {
    expectSetsEqual(input.leaves(), expected);
  });
});

describe('TestSetDifference', () => {
  const table: [string, FieldSet, FieldSet, FieldSet, FieldSet][] = [
    ['removes simple path', NewSet(_P('a')), NewSet(_P('a')), NewSet(), NewSet()],
    ['removes direct path', NewSet(_P('a', 'b', 'c')), NewSet(_P('a', 'b', 'c')), NewSet(), NewSet()],
    ['only removes matching child', NewSet(_P('a', 'b', 'c'), _P('b', 'b', 'c')), NewSet(_P('a', 'b', 'c')), NewSet(_P('b', 'b', 'c')), NewSet(_P('b', 'b', 'c'))],
    ['does not remove parent of specific path', NewSet(_P('a')), NewSet(_P('a', 'aa')), NewSet(_P('a')), NewSet(_P('a'))],
    ['RecursiveDifference removes nested path', NewSet(_P('a', 'b', 'c')), NewSet(_P('a')), NewSet(_P('a', 'b', 'c')), NewSet()],
    [
      'RecursiveDifference only removes nested path for matching children',
      NewSet(_P('a', 'aa', 'aab'), _P('a', 'ab', 'aba')),
      NewSet(_P('a', 'aa')),
      NewSet(_P('a', 'aa', 'aab'), _P('a', 'ab', 'aba')),
      NewSet(_P('a', 'ab', 'aba')),
    ],
    [
      'RecursiveDifference removes all matching children',
      NewSet(_P('a', 'aa', 'aab'), _P('a', 'ab', 'aba')),
      NewSet(_P('a')),
      NewSet(_P('a', 'aa', 'aab'), _P('a', 'ab', 'aba')),
      NewSet(),
    ],
  ];
  it.each(table)('%s', (_name, a, b, expectDifference, expectRecursiveDifference) => {
    expectSetsEqual(a.difference(b), expectDifference);
    expectSetsEqual(a.recursiveDifference(b), expectRecursiveDifference);
  });
});

function nestedSchema(): [ReturnType<typeof newSchema>, TypeRef] {
  const doc = parse(`types:
- name: type
  map:
    elementType:
      namedType: type
    fields:
      - name: named
        type:
          namedType: type
      - name: list
        type:
          list:
            elementRelationShip: associative
            keys: ["name"]
            elementType:
              namedType: type
      - name: value
        type:
          scalar: numeric
`) as SchemaDoc;
  return [newSchema(doc), { namedType: 'type' }];
}

describe('TestEnsureNamedFieldsAreMembers', () => {
  const table: [FieldSet, FieldSet][] = [
    [NewSet(_P('named', 'named', 'value')), NewSet(_P('named', 'named', 'value'), _P('named', 'named'), _P('named'))],
    [
      NewSet(_P('named', 'a', 'named', 'value'), _P('a', 'named', 'value'), _P('a', 'b', 'value')),
      NewSet(
        _P('named', 'a', 'named', 'value'),
        _P('named', 'a', 'named'),
        _P('named'),
        _P('a', 'named', 'value'),
        _P('a', 'named'),
        _P('a', 'b', 'value'),
      ),
    ],
    [
      NewSet(_P('named', 'list', keyByFields('name', 'a'), 'named', 'a', 'value')),
      NewSet(
        _P('named', 'list', keyByFields('name', 'a'), 'named', 'a', 'value'),
        _P('named', 'list', keyByFields('name', 'a'), 'named'),
        _P('named', 'list'),
        _P('named'),
      ),
    ],
  ];
  it.each(table.map(([s, e]) => [s.toString(), s, e] as const))('%s', (_name, set, expected) => {
    const got = set.ensureNamedFieldsAreMembers(...nestedSchema());
    expect(
      got.equals(expected),
      `expected ${expected.toString()}, got ${got.toString()} (missing: ${expected.difference(got).toString()}/superfluous: ${got.difference(expected).toString()})`,
    ).toBe(true);
  });
});

describe('TestSetNodeMapIterate', () => {
  it('iterates every element', () => {
    const set = new SetNodeMap();
    const toAdd = 5;
    const addedElements: string[] = [];
    for (let i = 0; i < toAdd; i++) {
      const pe: PathElement = { index: i };
      addedElements.push(pathElementToString(pe));
      set.descend(pe);
    }
    const iterated = new Set<string>();
    set.iterate((pe) => iterated.add(pathElementToString(pe)));
    expect(iterated.size).toBe(toAdd);
    for (const pe of addedElements) expect(iterated.has(pe)).toBe(true);
  });
});

describe('TestFilterByPattern', () => {
  const listMapKey = (a: string, b: string): FieldList => [
    { name: 'key1', value: a },
    { name: 'key2', value: b },
  ];
  const containerResize = () => newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'containers', matchAnyPathElement(), 'resources'));
  const testCases: [string, FieldSet, Filter, FieldSet][] = [
    [
      'container resize fields: exact match',
      NewSet(
        _P('spec'),
        _P('spec', 'containers'),
        _P('spec', 'containers', 0),
        _P('spec', 'containers', 0, 'resources'),
        _P('spec', 'containers', 0, 'resources', 'limits'),
        _P('spec', 'containers', 0, 'resources', 'limits', 'cpu'),
        _P('spec', 'containers', 0, 'resources', 'requests'),
        _P('spec', 'containers', 0, 'resources', 'requests', 'cpu'),
        _P('spec', 'containers', 0, 'resources', 'claims'),
        _P('spec', 'containers', 0, 'resources', 'claims', 0),
        _P('spec', 'containers', 0, 'resources', 'claims', 0, 'name'),
        _P('spec', 'containers', 0, 'resources', 'claims', 0, 'request'),
        _P('spec', 'containers', 0, 'resources', 'claims', 1),
        _P('spec', 'containers', 0, 'resources', 'claims', 1, 'name'),
        _P('spec', 'containers', 0, 'resources', 'claims', 1, 'request'),
        _P('spec', 'containers', 1),
        _P('spec', 'containers', 1, 'resources'),
        _P('spec', 'containers', 1, 'resources', 'limits'),
        _P('spec', 'containers', 1, 'resources', 'limits', 'cpu'),
      ),
      containerResize(),
      NewSet(
        _P('spec'),
        _P('spec', 'containers'),
        _P('spec', 'containers', 0),
        _P('spec', 'containers', 0, 'resources'),
        _P('spec', 'containers', 0, 'resources', 'limits'),
        _P('spec', 'containers', 0, 'resources', 'limits', 'cpu'),
        _P('spec', 'containers', 0, 'resources', 'requests'),
        _P('spec', 'containers', 0, 'resources', 'requests', 'cpu'),
        _P('spec', 'containers', 0, 'resources', 'claims'),
        _P('spec', 'containers', 0, 'resources', 'claims', 0),
        _P('spec', 'containers', 0, 'resources', 'claims', 0, 'name'),
        _P('spec', 'containers', 0, 'resources', 'claims', 0, 'request'),
        _P('spec', 'containers', 0, 'resources', 'claims', 1),
        _P('spec', 'containers', 0, 'resources', 'claims', 1, 'name'),
        _P('spec', 'containers', 0, 'resources', 'claims', 1, 'request'),
        _P('spec', 'containers', 1),
        _P('spec', 'containers', 1, 'resources'),
        _P('spec', 'containers', 1, 'resources', 'limits'),
        _P('spec', 'containers', 1, 'resources', 'limits', 'cpu'),
      ),
    ],
    ['container resize fields: filter status and metadata', NewSet(_P('spec'), _P('status'), _P('metadata')), containerResize(), NewSet(_P('spec'))],
    [
      'container resize fields: filter non-container spec fields',
      NewSet(_P('spec'), _P('spec', 'volumes'), _P('spec', 'hostNetwork')),
      containerResize(),
      NewSet(_P('spec')),
    ],
    [
      'container resize fields: filter non-resource container fields',
      NewSet(
        _P('spec'),
        _P('spec', 'containers'),
        _P('spec', 'containers', 0),
        _P('spec', 'containers', 0, 'image'),
        _P('spec', 'containers', 0, 'workingDir'),
        _P('spec', 'containers', 0, 'resources'),
      ),
      containerResize(),
      NewSet(_P('spec'), _P('spec', 'containers'), _P('spec', 'containers', 0), _P('spec', 'containers', 0, 'resources')),
    ],
    [
      'filter listMap key',
      NewSet(
        _P('spec'),
        _P('spec', 'listMap', listMapKey('value1', 'value2')),
        _P('spec', 'listMap', listMapKey('value1', 'value2'), 'field'),
        _P('spec', 'listMap', listMapKey('valueX', 'valueY'), 'field'),
      ),
      newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'listMap', listMapKey('value1', 'value2'))),
      NewSet(_P('spec'), _P('spec', 'listMap', listMapKey('value1', 'value2')), _P('spec', 'listMap', listMapKey('value1', 'value2'), 'field')),
    ],
    [
      'filter value',
      NewSet(_P('spec'), _P('spec', 'set', { value: 'v1' }), _P('spec', 'set', { value: 'v2' })),
      newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'set', { value: 'v1' })),
      NewSet(_P('spec'), _P('spec', 'set', { value: 'v1' })),
    ],
    [
      'filter by index',
      NewSet(_P('spec'), _P('spec', 'list'), _P('spec', 'list', 0), _P('spec', 'list', 0, 'value'), _P('spec', 'list', 1), _P('spec', 'list', 1, 'value')),
      newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'list', 1, 'value')),
      NewSet(_P('spec'), _P('spec', 'list'), _P('spec', 'list', 1), _P('spec', 'list', 1, 'value')),
    ],
    [
      'multiple index matchers',
      NewSet(
        _P('spec'),
        _P('spec', 'list'),
        _P('spec', 'list', 0),
        _P('spec', 'list', 0, 'value'),
        _P('spec', 'list', 1),
        _P('spec', 'list', 1, 'value'),
        _P('spec', 'list', 2),
        _P('spec', 'list', 2, 'value'),
      ),
      newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'list', 0, 'value'), makePrefixMatcherOrDie('spec', 'list', 1, 'value')),
      NewSet(_P('spec'), _P('spec', 'list'), _P('spec', 'list', 0), _P('spec', 'list', 0, 'value'), _P('spec', 'list', 1), _P('spec', 'list', 1, 'value')),
    ],
    [
      'multiple field matchers',
      NewSet(_P('spec'), _P('spec', 'f1'), _P('spec', 'f1', 'f11'), _P('spec', 'f2'), _P('spec', 'f2', 'f21'), _P('spec', 'f3'), _P('spec', 'f3', 'f31')),
      newIncludeMatcherFilter(makePrefixMatcherOrDie('spec', 'f1'), makePrefixMatcherOrDie('spec', 'f3')),
      NewSet(_P('spec'), _P('spec', 'f1'), _P('spec', 'f1', 'f11'), _P('spec', 'f3'), _P('spec', 'f3', 'f31')),
    ],
    [
      'wildcard takes precedence',
      NewSet(
        _P('spec'),
        _P('spec', 'list'),
        _P('spec', 'list', 0),
        _P('spec', 'list', 0, 'f1'),
        _P('spec', 'list', 0, 'f2'),
        _P('spec', 'list', 1),
        _P('spec', 'list', 1, 'f1'),
        _P('spec', 'list', 1, 'f2'),
        _P('spec', 'list', 2),
        _P('spec', 'list', 2, 'f1'),
        _P('spec', 'list', 2, 'f2'),
      ),
      newIncludeMatcherFilter(
        makePrefixMatcherOrDie('spec', 'list', matchAnyPathElement(), 'f1'), // takes precedence
        makePrefixMatcherOrDie('spec', 'list', 1, 'f2'), // ignored
      ),
      NewSet(
        _P('spec'),
        _P('spec', 'list'),
        _P('spec', 'list', 0),
        _P('spec', 'list', 0, 'f1'),
        _P('spec', 'list', 1),
        _P('spec', 'list', 1, 'f1'),
        _P('spec', 'list', 2),
        _P('spec', 'list', 2, 'f1'),
      ),
    ],
  ];
  it.each(testCases)('%s', (_name, input, filter, expected) => {
    expectSetsEqual(filter.filter(input), expected);
  });
});
