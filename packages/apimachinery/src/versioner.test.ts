// Behaviour of k8s.io/apiserver/pkg/storage/api_object_versioner.go, with kapi's rule that a
// resourceVersion beyond 2^53 - 1 is a 400 rather than a rounded number.
import { describe, expect, it } from 'vitest';
import { isBadRequest, type StatusError } from './errors.ts';
import type { KubeObject, ListMeta } from './meta.ts';
import { apiObjectVersioner, parseResourceVersion } from './versioner.ts';

function thrown(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    return err as StatusError;
  }
  throw new Error('expected a throw');
}

describe('parseResourceVersion', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['1', 1],
    ['007', 7],
    ['123456789', 123456789],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('%j → %d', (rv, want) => {
    expect(parseResourceVersion(rv)).toBe(want);
    expect(apiObjectVersioner.parseResourceVersion(rv)).toBe(want);
  });

  it.each(['abc', '-1', '+1', '1.5', '1e3', ' 1', '1 ', '0x10', '１'])('rejects %j with a 400 (strconv.ParseUint wording)', (rv) => {
    const err = thrown(() => parseResourceVersion(rv));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.code).toBe(400);
    expect(err.status.message).toBe(`resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: invalid syntax`);
  });

  it.each(['9007199254740992', '9007199254740993', '18446744073709551615', '99999999999999999999999'])('rejects %j instead of rounding it', (rv) => {
    const err = thrown(() => parseResourceVersion(rv));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.message).toContain('out of range');
  });
});

describe('apiObjectVersioner', () => {
  it('updateObject writes the decimal revision and removes it for 0', () => {
    const obj: KubeObject = { metadata: { name: 'x', resourceVersion: '3' } };
    apiObjectVersioner.updateObject(obj, 42);
    expect(obj.metadata).toEqual({ name: 'x', resourceVersion: '42' });
    apiObjectVersioner.updateObject(obj, 0);
    expect(obj.metadata).toEqual({ name: 'x' });
  });

  it('updateObject creates metadata when it is missing', () => {
    const obj: KubeObject = {};
    apiObjectVersioner.updateObject(obj, Number.MAX_SAFE_INTEGER);
    expect(obj.metadata?.resourceVersion).toBe('9007199254740991');
  });

  it('updateList sets the resourceVersion, continue token and remaining count', () => {
    const meta: ListMeta = {};
    apiObjectVersioner.updateList(meta, 10, 'tok', 5);
    expect(meta).toEqual({ resourceVersion: '10', continue: 'tok', remainingItemCount: 5 });
  });

  it('updateList clears paging state it is not given', () => {
    const meta: ListMeta = { resourceVersion: '1', continue: 'old', remainingItemCount: 3 };
    apiObjectVersioner.updateList(meta, 11);
    expect(meta).toEqual({ resourceVersion: '11' });
    apiObjectVersioner.updateList(meta, 12, '', 0);
    expect(meta).toEqual({ resourceVersion: '12', remainingItemCount: 0 });
  });

  it('prepareObjectForStorage drops resourceVersion and selfLink only', () => {
    const obj: KubeObject = {
      metadata: { name: 'x', uid: 'u', resourceVersion: '5', selfLink: '/api/v1/namespaces/d/configmaps/x', generation: 2 },
      data: { a: 'b' },
    };
    apiObjectVersioner.prepareObjectForStorage(obj);
    expect(obj).toEqual({ metadata: { name: 'x', uid: 'u', generation: 2 }, data: { a: 'b' } });
    const bare: KubeObject = {};
    apiObjectVersioner.prepareObjectForStorage(bare);
    expect(bare).toEqual({});
  });

  it('objectResourceVersion reads metadata.resourceVersion (0 when unset) and rejects garbage', () => {
    expect(apiObjectVersioner.objectResourceVersion({ metadata: { resourceVersion: '17' } })).toBe(17);
    expect(apiObjectVersioner.objectResourceVersion({ metadata: {} })).toBe(0);
    expect(apiObjectVersioner.objectResourceVersion({})).toBe(0);
    expect(isBadRequest(thrown(() => apiObjectVersioner.objectResourceVersion({ metadata: { resourceVersion: 'x' } })))).toBe(true);
  });
});
