// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/conflict_test.go (v4.6.0)
import { describe, expect, it } from 'vitest';
import { conflictsFromManagers, formatConflict, isConflictsError } from '../../src/merge/conflict.ts';
import { _KBF, _NS, _P, newVersionedSet } from './helpers.ts';

describe('TestNewFromSets', () => {
  it('groups the conflicts by manager, managers sorted, in Go’s message format', () => {
    const got = conflictsFromManagers(
      new Map([
        ['Bob', newVersionedSet(_NS(_P('key'), _P('list', _KBF('key', 'a', 'id', 2), 'id')), 'v1', false)],
        ['Alice', newVersionedSet(_NS(_P('value'), _P('list', _KBF('key', 'a', 'id', 2), 'key')), 'v1', false)],
      ]),
    );
    const wanted = `conflicts with "Alice":
- .value
- .list[id=2,key="a"].key
conflicts with "Bob":
- .key
- .list[id=2,key="a"].id`;
    expect(got.message).toBe(wanted);
    expect(isConflictsError(got)).toBe(true);
  });
});

describe('TestToSet', () => {
  it('aggregates the conflicts of all managers into one set', () => {
    const conflicts = conflictsFromManagers(
      new Map([
        ['Bob', newVersionedSet(_NS(_P('key'), _P('list', _KBF('key', 'a', 'id', 2), 'id')), 'v1', false)],
        ['Alice', newVersionedSet(_NS(_P('value'), _P('list', _KBF('key', 'a', 'id', 2), 'key')), 'v1', false)],
      ]),
    );
    const expected = _NS(
      _P('key'),
      _P('value'),
      _P('list', _KBF('key', 'a', 'id', 2), 'id'),
      _P('list', _KBF('key', 'a', 'id', 2), 'key'),
    );
    const actual = conflicts.toSet();
    expect(expected.equals(actual), `expected\n${expected.toString()}\n, but got\n${actual.toString()}\n`).toBe(true);
  });
});

describe('TestConflictsFromManagers', () => {
  it('lists every path of a single manager under one heading', () => {
    const got = conflictsFromManagers(
      new Map([
        [
          'Bob',
          newVersionedSet(
            _NS(
              _P('obj', 'template', 'obj', 'list', _KBF('name', 'a'), 'id'),
              _P('obj', 'template', 'obj', 'list', _KBF('name', 'a'), 'key'),
            ),
            'v1',
            false,
          ),
        ],
      ]),
    );
    const wanted = `conflicts with "Bob":
- .obj.template.obj.list[name="a"].id
- .obj.template.obj.list[name="a"].key`;
    expect(got.message).toBe(wanted);
  });

  // Not upstream: the one-conflict form of Conflicts.Error() that kube shows for a single field.
  it('prints a single conflict as Conflict.Error()', () => {
    const got = conflictsFromManagers(new Map([['Bob', newVersionedSet(_NS(_P('spec', 'replicas')), 'v1', false)]]));
    expect(got.message).toBe('conflict with "Bob": .spec.replicas');
    expect(formatConflict({ manager: 'a"b', path: _P('x') })).toBe('conflict with "a\\"b": .x');
  });
});
