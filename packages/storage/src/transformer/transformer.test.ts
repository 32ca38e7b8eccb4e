// Prefix multiplexing (kube's PrefixTransformers), the identity transformer and the secretbox transformer.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newGCMTransformer } from './aes.ts';
import { identityTransformer } from './identity.ts';
import { newSecretboxTransformer } from './secretbox.ts';
import { authenticatedDataString, newPrefixTransformers, type Transformer } from './transformer.ts';

const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array) => new TextDecoder().decode(b);
const ctx = authenticatedDataString('/registry/secrets/ns/name');

/** A transformer that tags values with a marker and can be told to fail or report stale. */
function marker(mark: string, opts: { fail?: string; stale?: boolean } = {}): Transformer {
  return {
    transformFromStorage(data) {
      if (opts.fail) throw new Error(opts.fail);
      if (!str(data).startsWith(mark)) throw new Error(`not ${mark}`);
      return { data: data.subarray(mark.length), stale: opts.stale ?? false };
    },
    transformToStorage: (data) => text(mark + str(data)),
  };
}

describe('newPrefixTransformers', () => {
  it('writes with the first transformer and its prefix; reads with any whose prefix matches', () => {
    const t = newPrefixTransformers(undefined, { prefix: text('a:'), transformer: marker('A') }, { prefix: text('b:'), transformer: marker('B') });
    const stored = t.transformToStorage(text('x'), ctx);
    expect(str(stored)).toBe('a:Ax');
    expect(t.transformFromStorage(stored, ctx)).toEqual({ data: text('x'), stale: false });
    // Read by the second transformer: stale, so that the next write moves it to the first.
    const second = t.transformFromStorage(text('b:By'), ctx);
    expect(str(second.data)).toBe('y');
    expect(second.stale).toBe(true);
  });

  it('passes on the stale flag of the first transformer', () => {
    const t = newPrefixTransformers(undefined, { prefix: text('a:'), transformer: marker('A', { stale: true }) });
    expect(t.transformFromStorage(text('a:Ax'), ctx).stale).toBe(true);
  });

  it('no matching prefix: the configured error (kube: "no matching prefix found"), or kube’s default', () => {
    const t = newPrefixTransformers(new Error('no matching prefix found'), { prefix: text('a:'), transformer: marker('A') });
    expect(() => t.transformFromStorage(text('c:x'), ctx)).toThrow('no matching prefix found');
    const d = newPrefixTransformers(undefined, { prefix: text('a:'), transformer: marker('A') });
    expect(() => d.transformFromStorage(text('c:x'), ctx)).toThrow('the provided value does not match any of the supported transformers');
  });

  it('a failing match does not stop the search: providers of one kind share a prefix during a rotation', () => {
    const t = newPrefixTransformers(undefined, { prefix: text('k:'), transformer: marker('A', { fail: 'wrong key' }) }, { prefix: text('k:'), transformer: marker('B') });
    expect(t.transformFromStorage(text('k:Bz'), ctx)).toEqual({ data: text('z'), stale: true });
  });

  it('when every match fails, the errors are reported together', () => {
    const one = newPrefixTransformers(undefined, { prefix: text('k:'), transformer: marker('A', { fail: 'bad one' }) });
    expect(() => one.transformFromStorage(text('k:x'), ctx)).toThrow(/^bad one$/);
    const two = newPrefixTransformers(
      undefined,
      { prefix: text('k:'), transformer: marker('A', { fail: 'bad one' }) },
      { prefix: text('k:'), transformer: marker('B', { fail: 'bad two' }) },
    );
    expect(() => two.transformFromStorage(text('k:x'), ctx)).toThrow(/^\[bad one, bad two\]$/);
  });

  it('an identity provider before encryption reads plain values, skips encrypted ones silently, and marks nothing stale while first', () => {
    const gcm = newPrefixTransformers(undefined, { prefix: text('key1:'), transformer: newGCMTransformer(randomBytes(32)) });
    const t = newPrefixTransformers(
      new Error('no matching prefix found'),
      { prefix: new Uint8Array(0), transformer: identityTransformer },
      { prefix: text('k8s:enc:aesgcm:v1:'), transformer: gcm },
    );
    expect(t.transformFromStorage(text('{"plain":true}'), ctx)).toEqual({ data: text('{"plain":true}'), stale: false });
    expect(str(t.transformToStorage(text('{}'), ctx))).toBe('{}');
    const encrypted = new Uint8Array([...text('k8s:enc:aesgcm:v1:'), ...gcm.transformToStorage(text('{"secret":1}'), ctx)]);
    const read = t.transformFromStorage(encrypted, ctx);
    expect(str(read.data)).toBe('{"secret":1}');
    expect(read.stale).toBe(true);
  });

  it('the identity path copies nothing', () => {
    const t = newPrefixTransformers(undefined, { prefix: new Uint8Array(0), transformer: identityTransformer });
    const value = text('{"a":1}');
    expect(t.transformFromStorage(value, ctx).data).toBe(value);
    expect(t.transformToStorage(value, ctx)).toBe(value);
  });
});

describe('identityTransformer', () => {
  it('returns values as they are', () => {
    const value = text('k8s\u0000protobuf');
    expect(identityTransformer.transformFromStorage(value, ctx)).toEqual({ data: value, stale: false });
    expect(identityTransformer.transformToStorage(value, ctx)).toBe(value);
  });
  it('refuses to read encrypted data', () => {
    expect(() => identityTransformer.transformFromStorage(text('k8s:enc:aesgcm:v1:key1:xxxx'), ctx)).toThrow('identity transformer tried to read encrypted data');
  });
});

describe('newSecretboxTransformer', () => {
  it('round-trips; stored as nonce(24) + tag(16) + ciphertext', () => {
    const t = newSecretboxTransformer(randomBytes(32));
    const msg = text('{"kind":"Secret","data":{"token":"c2VjcmV0"}}');
    const stored = t.transformToStorage(msg, ctx);
    expect(stored.length).toBe(24 + 16 + msg.length);
    expect(str(stored)).not.toContain('token');
    expect(t.transformFromStorage(stored, ctx)).toEqual({ data: msg, stale: false });
  });

  it('does not bind the value to its storage key (kube’s secretbox has no authenticated data)', () => {
    const t = newSecretboxTransformer(randomBytes(32));
    const stored = t.transformToStorage(text('v'), ctx);
    expect(str(t.transformFromStorage(stored, authenticatedDataString('/elsewhere')).data)).toBe('v');
  });

  it('refuses another key, tampering and short values with kube’s messages', () => {
    const t = newSecretboxTransformer(randomBytes(32));
    const stored = t.transformToStorage(text('value'), ctx);
    expect(() => newSecretboxTransformer(randomBytes(32)).transformFromStorage(stored, ctx)).toThrow('output array was not large enough for encryption');
    const bad = new Uint8Array(stored);
    bad[bad.length - 1]! ^= 1;
    expect(() => t.transformFromStorage(bad, ctx)).toThrow('output array was not large enough for encryption');
    expect(() => t.transformFromStorage(stored.subarray(0, 39), ctx)).toThrow('the stored data was shorter than the required size');
  });

  it('takes 32-byte keys only', () => {
    expect(() => newSecretboxTransformer(randomBytes(16))).toThrow('expected key size 32 for secretbox provider, got 16');
  });
});
