// Behaviour of sigs.k8s.io/structured-merge-diff/v4/merge/update.go (v4.6.0): the paths of Updater the
// table-driven tests in test/merge do not reach (no-op detection, option and conversion errors).
import { describe, expect, it } from 'vitest';
import { newVersionedSet, type ManagedFields } from '../fieldpath/managers.ts';
import { makePathOrDie } from '../fieldpath/path.ts';
import { FieldSet } from '../fieldpath/set.ts';
import { newExcludeSetFilter } from '../fieldpath/set-filter.ts';
import { newParser } from '../typed/parser.ts';
import type { TypedValue } from '../typed/typed.ts';
import { isConflictsError } from './conflict.ts';
import { newUpdater, type Converter } from './update.ts';

const parser = newParser(`types:
- name: v1
  map:
    fields:
    - name: a
      type:
        scalar: string
    - name: b
      type:
        scalar: string
`);
const obj = (yaml: string): TypedValue => parser.type('v1').fromYAML(yaml);

describe('Updater.apply', () => {
  it('returns a null object when the apply changes nothing, the object with returnInputOnNoop', () => {
    const live = obj('a: x');
    const managers: ManagedFields = new Map([['m', newVersionedSet(FieldSet.of(makePathOrDie('a')), 'v1', true)]]);
    const noop = newUpdater().apply(live, obj('a: x'), 'v1', managers, 'm', false);
    expect(noop.object).toBeNull();
    expect(noop.managers.get('m')?.set.equals(FieldSet.of(makePathOrDie('a')))).toBe(true);

    const returned = newUpdater({ returnInputOnNoop: true }).apply(live, obj('a: x'), 'v1', managers, 'm', false);
    expect(returned.object?.asValue()).toEqual({ a: 'x' });
  });

  it('fails with a ConflictsError in Go’s text, and leaves the managers it was given alone', () => {
    const managers: ManagedFields = new Map([['owner', newVersionedSet(FieldSet.of(makePathOrDie('a')), 'v1', false)]]);
    let thrown: unknown;
    try {
      newUpdater().apply(obj('a: x'), obj('a: p'), 'v1', managers, 'applier', false);
    } catch (err) {
      thrown = err;
    }
    expect(isConflictsError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('conflict with "owner": .a');
    expect([...managers.keys()]).toEqual(['owner']);

    const forced = newUpdater().apply(obj('a: x'), obj('a: p'), 'v1', managers, 'applier', true);
    expect([...forced.managers.keys()]).toEqual(['applier']);
    expect(forced.object?.asValue()).toEqual({ a: 'p' });
  });

  it('rejects ignoredFields together with ignoreFilter', () => {
    const updater = newUpdater({
      ignoredFields: new Map([['v1', FieldSet.of(makePathOrDie('b'))]]),
      ignoreFilter: new Map([['v1', newExcludeSetFilter(FieldSet.of(makePathOrDie('b')))]]),
    });
    expect(() => updater.apply(obj('{}'), obj('a: x'), 'v1', new Map(), 'm', false)).toThrow(
      'IgnoreFilter and IgnoreFilter may not both be set',
    );
    expect(() => updater.update(obj('{}'), obj('a: x'), 'v1', new Map(), 'm')).toThrow(
      'IgnoreFilter and IgnoreFilter may not both be set',
    );
  });
});

describe('Updater.update', () => {
  it('gives the writer the fields it changed, takes them from others, and owns nothing ignored', () => {
    const managers: ManagedFields = new Map([['other', newVersionedSet(FieldSet.of(makePathOrDie('a')), 'v1', true)]]);
    const updater = newUpdater({ ignoredFields: new Map([['v1', FieldSet.of(makePathOrDie('b'))]]) });
    const { object, managers: out } = updater.update(obj('a: x'), obj('a: p\nb: z'), 'v1', managers, 'writer');
    expect(object.asValue()).toEqual({ a: 'p', b: 'z' });
    expect([...out.keys()]).toEqual(['writer']);
    expect(out.get('writer')?.set.equals(FieldSet.of(makePathOrDie('a')))).toBe(true);
    expect(out.get('writer')?.applied).toBe(false);
  });

  it('wraps conversion errors that are not missing versions, and drops managers of missing versions', () => {
    const failing: Converter = {
      convert(v, version) {
        if (version === 'gone') throw new Error('no such version');
        if (version === 'v0' && (v.asValue() as { a?: string }).a === 'p') throw new Error('boom');
        return v;
      },
      isMissingVersionError: (err) => err instanceof Error && err.message === 'no such version',
    };
    const managers: ManagedFields = new Map([
      ['old', newVersionedSet(FieldSet.of(makePathOrDie('b')), 'v0', false)],
      ['obsolete', newVersionedSet(FieldSet.of(makePathOrDie('a')), 'gone', false)],
    ]);
    expect(() => newUpdater({ converter: failing }).update(obj('a: x'), obj('a: p'), 'v1', managers, 'w')).toThrow(
      'failed to convert new object: boom',
    );

    const kept = newUpdater({ converter: failing }).update(obj('a: x'), obj('a: z'), 'v1', managers, 'w');
    expect([...kept.managers.keys()].sort()).toEqual(['old', 'w']);
  });
});
