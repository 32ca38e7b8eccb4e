// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/fromvalue_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { keyByFields } from './element.ts';
import { setFromValue } from './fromvalue.ts';
import { makePathOrDie } from './path.ts';
import { FieldSet } from './set.ts';

describe('TestFromValue', () => {
  const table: [string, FieldSet][] = [
    ['a: a', FieldSet.of(makePathOrDie('a'))],
    ['{"a": [{"a": null}]}', FieldSet.of(makePathOrDie('a', 0, 'a'))],
    ['{"a": [{"id": a}]}', FieldSet.of(makePathOrDie('a', keyByFields('id', 'a'), 'id'))],
    ['{"a": [{"name": a}]}', FieldSet.of(makePathOrDie('a', keyByFields('name', 'a'), 'name'))],
    ['{"a": [{"key": a}]}', FieldSet.of(makePathOrDie('a', keyByFields('key', 'a'), 'key'))],
    [
      '{"a": [{"name": "a", "key": "b"}]}',
      FieldSet.of(
        makePathOrDie('a', keyByFields('key', 'b', 'name', 'a'), 'key'),
        makePathOrDie('a', keyByFields('key', 'b', 'name', 'a'), 'name'),
      ),
    ],
    ['{"a": [5]}', FieldSet.of(makePathOrDie('a', 0))],
    ['{"a": [5,4,3]}', FieldSet.of(makePathOrDie('a', 0), makePathOrDie('a', 1), makePathOrDie('a', 2))],
    ['{"a": [[5]]}', FieldSet.of(makePathOrDie('a', 0, 0))],
    [
      '{"a": 1, "b": true, "c": 1.5, "d": null}',
      FieldSet.of(makePathOrDie('a'), makePathOrDie('b'), makePathOrDie('c'), makePathOrDie('d')),
    ],
  ];

  it.each(table)('%s', (objYAML, expected) => {
    const got = setFromValue(parse(objYAML));
    expect(got.equals(expected), `wanted\n${expected.toString()}\nbut got\n${got.toString()}`).toBe(true);
  });
});
