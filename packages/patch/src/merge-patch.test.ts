import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPatchError, patchErrorToStatusError } from './index.ts';
import { applyMergePatch, createMergePatch } from './merge-patch.ts';

// The examples of RFC 7386 section 3 (target, patch, result) that kube-apiserver answers the same
// way; the two with a null or scalar patch are a 400 there (below).
const rfcCases: [unknown, unknown, unknown][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('no error');
}

describe('applyMergePatch', () => {
  it.each(rfcCases)('RFC 7386 example %#', (target, patch, result) => {
    expect(applyMergePatch(target, patch)).toEqual(result);
  });

  it.each([null, 'bar', 1, true])('rejects the patch %j as kube does: 400 Invalid JSON Patch', (patch) => {
    const err = errorOf(() => applyMergePatch({ a: 'foo' }, patch));
    expect(isPatchError(err) && err.kind).toBe('BadRequest');
    expect(patchErrorToStatusError(err as never).status).toMatchObject({ code: 400, reason: 'BadRequest', message: 'Invalid JSON Patch' });
  });

  it('drops null members of objects inside an added list, keeping null items (evanphx/json-patch v4)', () => {
    expect(applyMergePatch({}, { a: [{ b: null, c: 1 }, null] })).toEqual({ a: [{ c: 1 }, null] });
    expect(applyMergePatch({ a: 'x' }, { a: [{ b: null }] })).toEqual({ a: [{}] });
    // …but not when the list replaces an object.
    expect(applyMergePatch({ a: { x: 1 } }, { a: [{ b: null }] })).toEqual({ a: [{ b: null }] });
  });

  it('treats "__proto__" and other prototype names as plain members', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}') as unknown;
    const out = applyMergePatch({ toString: 'x' }, patch) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('does not modify its inputs, and shares nothing with them', () => {
    const target = { a: { b: 1 }, keep: { deep: [1] } };
    const patch = { a: { c: 2 }, list: [{ x: null }] };
    const out = applyMergePatch(target, patch) as { keep: unknown; list: unknown };
    expect(target).toEqual({ a: { b: 1 }, keep: { deep: [1] } });
    expect(patch).toEqual({ a: { c: 2 }, list: [{ x: null }] });
    expect(out.keep).not.toBe(target.keep);
  });
});

// Documents without nulls (a merge patch cannot express setting a value to null).
const jsonDoc = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('value'), { maxKeys: 4 }),
})).object;

describe('createMergePatch', () => {
  it('sets changed and added fields, and null for removed ones (evanphx/json-patch getDiff)', () => {
    expect(createMergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { a: 1, b: { c: 4 }, e: [1, 2], f: 'x' })).toEqual({
      b: { c: 4, d: null },
      e: [1, 2],
      f: 'x',
    });
    expect(createMergePatch({ a: { b: 1 } }, { a: { b: 1 } })).toEqual({});
    expect(createMergePatch([{ a: 1 }, { b: 1 }], [{ a: 2 }, { b: 1 }])).toEqual([{ a: 2 }, {}]);
  });

  it('refuses documents of different shapes', () => {
    expect(() => createMergePatch({}, [])).toThrow('Mismatched JSON Documents');
    expect(() => createMergePatch([{}], [{}, {}])).toThrow('Invalid JSON Document');
    expect(() => createMergePatch('a', 'b')).toThrow('Invalid JSON Document');
  });

  it('creates a patch that turns the original into the modified document', () => {
    fc.assert(
      fc.property(jsonDoc, jsonDoc, (original, modified) => {
        expect(applyMergePatch(original, createMergePatch(original, modified))).toEqual(modified);
      }),
    );
  });
});
