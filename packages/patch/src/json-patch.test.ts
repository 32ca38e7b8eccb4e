import { describe, expect, it } from 'vitest';
import { applyJsonPatch, defaultJsonPatchMaxCopyBytes } from './json-patch.ts';
import { isPatchError, type PatchError } from './errors.ts';
import { patchErrorToStatusError } from './status.ts';

function errorOf(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (err) {
    if (isPatchError(err)) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('applyJsonPatch limits', () => {
  it('takes 10,000 operations and answers 413 to more, before applying any', () => {
    const ops = Array.from({ length: 10_000 }, (_, i) => ({ op: 'add', path: '/n', value: i }));
    expect(applyJsonPatch({}, ops)).toEqual({ n: 9999 });
    const err = errorOf(() => applyJsonPatch({}, [...ops, { op: 'bogus' }]));
    expect(err.kind).toBe('RequestEntityTooLarge');
    expect(patchErrorToStatusError(err).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001',
      reason: 'RequestEntityTooLarge',
      code: 413,
    });
  });

  it('bounds the bytes copy operations add (3 MiB by default, as --json-patch-max-copy-bytes)', () => {
    // Each copy doubles the document: 22 copies of a 1 KiB string pass 3 MiB.
    const ops = [{ op: 'copy', from: '/s', path: '/a/-' }, ...Array.from({ length: 21 }, () => ({ op: 'copy', from: '/a', path: '/a/-' }))];
    const doc = { s: 'x'.repeat(1024), a: [] as unknown[] };
    const err = errorOf(() => applyJsonPatch(doc, ops));
    expect(err.kind).toBe('Invalid');
    expect(err.message).toMatch(/^Unable to complete the copy, the accumulated size increase of copy is \d+, exceeding the limit 3145728$/);
    expect(defaultJsonPatchMaxCopyBytes).toBe(3145728);
    expect(() => applyJsonPatch({ s: 'abc' }, [{ op: 'copy', from: '/s', path: '/t' }], { accumulatedCopySizeLimit: 4 })).toThrow(
      'the accumulated size increase of copy is 5, exceeding the limit 4',
    );
    expect(applyJsonPatch({ s: 'abc' }, [{ op: 'copy', from: '/s', path: '/t' }], { accumulatedCopySizeLimit: 5 })).toEqual({ s: 'abc', t: 'abc' });
  });
});

describe('applyJsonPatch errors', () => {
  it.each([
    [{}, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['x', 'json: cannot unmarshal string into Go value of type jsonpatch.Patch'],
    [[1], 'json: cannot unmarshal number into Go value of type jsonpatch.Operation'],
  ])('answers 400 to a body that is not a list of operations: %j', (ops, message) => {
    const err = errorOf(() => applyJsonPatch({}, ops));
    expect(err.kind).toBe('BadRequest');
    expect(patchErrorToStatusError(err).status).toMatchObject({ code: 400, reason: 'BadRequest', message });
  });

  it('treats a null body as no operations', () => {
    expect(applyJsonPatch({ a: 1 }, null)).toEqual({ a: 1 });
  });

  it.each([
    [{ op: 'add', path: '/a/b', value: 1 }, 'add operation does not apply: doc is missing path: "/a/b": missing value'],
    [{ op: 'remove', path: '/nope' }, "error in remove for path: '/nope': Unable to remove nonexistent key: nope: missing value"],
    [{ op: 'remove', path: '/l/1e0' }, `error in remove for path: '/l/1e0': strconv.Atoi: parsing "1e0": invalid syntax`],
    [{ op: 'add', path: '/l/x', value: 1 }, `error in add for path: '/l/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`],
    [{ op: 'add', path: '/l/5', value: 1 }, "error in add for path: '/l/5': Unable to access invalid index: 5: invalid index referenced"],
    [{ op: 'test', path: '/l/0', value: 2 }, 'testing value /l/0 failed: test failed'],
    [{ op: 'replace', path: 5 }, 'replace operation failed to decode path: json: cannot unmarshal number into Go value of type string'],
    [{ op: 'move', path: '/x' }, 'move operation failed to decode from: operation, missing from field: missing value'],
    [{ op: 'Add', path: '/x' }, 'Unexpected kind: Add'],
    [null, 'Unexpected kind: unknown'],
  ])('answers 422 with the generic message when %j fails (kube drops the detail)', (op, message) => {
    const err = errorOf(() => applyJsonPatch({ l: [1] }, [op]));
    expect(err.kind).toBe('Invalid');
    expect(err.message).toBe(message);
    expect(patchErrorToStatusError(err).status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server rejected our request due to an error in our request',
      reason: 'Invalid',
      details: {},
      code: 422,
    });
  });

  it('refuses a document that is not an object or a list', () => {
    expect(errorOf(() => applyJsonPatch('x', [])).message).toBe('json: cannot unmarshal string into Go value of type jsonpatch.partialDoc');
  });
});

describe('applyJsonPatch, kube departures from RFC 6902', () => {
  it.each<[string, unknown, unknown[], unknown]>([
    ['negative indices count from the end', { l: [1, 2, 3] }, [{ op: 'remove', path: '/l/-1' }, { op: 'replace', path: '/l/-2', value: 9 }], { l: [9, 2] }],
    ['indices with a sign or leading zeros are numbers', { l: [1, 2, 3] }, [{ op: 'remove', path: '/l/+01' }], { l: [1, 3] }],
    ['a path without a leading slash drops its first token', { a: 1 }, [{ op: 'add', path: 'x/b', value: 2 }], { a: 1, b: 2 }],
    ['replace adds a missing member', {}, [{ op: 'replace', path: '/a', value: 1 }], { a: 1 }],
    ['copy from a missing member copies null', {}, [{ op: 'copy', from: '/a', path: '/b' }], { b: null }],
    ['test of a missing member against null passes', { a: 1 }, [{ op: 'test', path: '/b', value: null }], { a: 1 }],
  ])('%s', (_, doc, ops, expected) => {
    expect(applyJsonPatch(doc, ops)).toEqual(expected);
    let rfc: unknown;
    try {
      rfc = applyJsonPatch(doc, ops, { dialect: 'rfc6902' });
    } catch (err) {
      rfc = err;
    }
    expect(rfc).not.toEqual(expected);
  });

  it('follows the RFC in the rfc6902 dialect', () => {
    expect(() => applyJsonPatch({ l: [1] }, [{ op: 'remove', path: '/l/-1' }], { dialect: 'rfc6902' })).toThrow('invalid array index');
    expect(() => applyJsonPatch({}, [{ op: 'replace', path: '/a', value: 1 }], { dialect: 'rfc6902' })).toThrow('missing key');
    expect(() => applyJsonPatch({ a: {} }, [{ op: 'move', from: '/a', path: '/a/b' }], { dialect: 'rfc6902' })).toThrow('own child');
    expect(applyJsonPatch({ a: 1 }, [{ op: 'add', path: '', value: { b: 2 } }], { dialect: 'rfc6902' })).toEqual({ b: 2 });
  });

  it('does not modify its inputs, and shares nothing with them', () => {
    const doc = { a: { b: [1] } };
    const value = { deep: [1] };
    const ops = [{ op: 'add', path: '/v', value }, { op: 'add', path: '/a/b/-', value: 2 }];
    const out = applyJsonPatch(doc, ops) as { v: unknown };
    expect(doc).toEqual({ a: { b: [1] } });
    expect(ops[0]).toEqual({ op: 'add', path: '/v', value: { deep: [1] } });
    expect(out.v).not.toBe(value);
  });
});
