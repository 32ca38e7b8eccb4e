import { describe, expect, it } from 'vitest';
import { isPreconditionFailedError, requireKeyUnchanged, requireMetadataKeyUnchanged } from './index.ts';
import { applyMergePatch } from './merge-patch.ts';
import { createThreeWayJsonMergePatch } from './three-way-merge-patch.ts';

type Doc = Record<string, unknown>;

// Cases of k8s.io/apimachinery pkg/util/jsonmergepatch/patch_test.go: [description, original,
// modified, current, three-way patch, current with the patch applied].
const cases: [string, Doc | undefined, Doc, Doc, Doc, Doc][] = [
  ['nil original', undefined, { name: 1, value: 1 }, { name: 1, other: 'a' }, { value: 1 }, { name: 1, value: 1, other: 'a' }],
  ['nil patch', { name: 1 }, { name: 1 }, { name: 1 }, {}, { name: 1 }],
  // JSON merge patches do not detect this kind of conflict: the change in current is overwritten.
  ['add field to map with conflict', { name: 1 }, { name: 1, value: 1 }, { name: 'a', other: 'a' }, { name: 1, value: 1 }, { name: 1, value: 1, other: 'a' }],
  [
    'delete field from nested map with conflict',
    { simpleMap: { key1: 1, key2: 1 } },
    { simpleMap: { key1: 1 } },
    { simpleMap: { key1: 'a', key2: 1, other: 'a' } },
    { simpleMap: { key1: 1, key2: null } },
    { simpleMap: { key1: 1, other: 'a' } },
  ],
  [
    'add field and delete all fields from map with conflict',
    { name: 1, value: 1 },
    { other: 'a' },
    { name: 1, value: 1, other: 'b' },
    { name: null, value: null, other: 'a' },
    { other: 'a' },
  ],
  ['patch from map to list', { foo: { baz: 1 } }, { foo: [1, 2] }, { foo: { baz: 1 }, bar: 2 }, { foo: [1, 2] }, { foo: [1, 2], bar: 2 }],
  [
    'patch array with nil',
    { foo: [{ a: true }, null, false], bar: [], drop: [1] },
    { foo: [1, false, { b: 1 }], bar: ['c', null, null, 'a'], drop: [null] },
    { foo: [{ a: true }, 2, false], bar: ['c', null, null, 'a'], drop: null },
    { foo: [1, false, { b: 1 }], drop: [null] },
    { foo: [1, false, { b: 1 }], drop: [null], bar: ['c', null, null, 'a'] },
  ],
];

describe('createThreeWayJsonMergePatch', () => {
  it.each(cases)('%s', (_, original, modified, current, threeWay, result) => {
    const patch = createThreeWayJsonMergePatch(original, modified, current);
    expect(patch).toEqual(threeWay);
    expect(applyMergePatch(current, patch)).toEqual(result);
  });

  it('keeps changes made only in current', () => {
    const original = { spec: { replicas: 1, image: 'a' } };
    const current = { spec: { replicas: 5, image: 'a' }, status: { ready: 5 } };
    const modified = { spec: { replicas: 1, image: 'b' } };
    const patch = createThreeWayJsonMergePatch(original, modified, current);
    expect(patch).toEqual({ spec: { replicas: 1, image: 'b' } });
    expect(applyMergePatch(current, patch)).toEqual({ spec: { replicas: 1, image: 'b' }, status: { ready: 5 } });
  });

  it('fails a precondition as kubectl sees it', () => {
    const preconditions = [requireKeyUnchanged('kind'), requireMetadataKeyUnchanged('name')];
    expect(createThreeWayJsonMergePatch({ kind: 'A' }, { kind: 'A', a: 1 }, { kind: 'A' }, { preconditions })).toEqual({ a: 1 });
    let err: unknown;
    try {
      createThreeWayJsonMergePatch({ metadata: { name: 'x' } }, { metadata: { name: 'y' } }, { metadata: { name: 'x' } }, { preconditions });
    } catch (e) {
      err = e;
    }
    expect(isPreconditionFailedError(err)).toBe(true);
    expect((err as Error).message).toBe('precondition failed for: map[metadata:map[name:y]]');
  });

  it('refuses documents that are not objects', () => {
    expect(() => createThreeWayJsonMergePatch([], {}, {})).toThrow('Invalid JSON Document');
  });
});
