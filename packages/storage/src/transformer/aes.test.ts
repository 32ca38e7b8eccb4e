// AES-GCM and AES-CBC transformers: stored format, authentication, failures with kube's messages.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCBCTransformer, newGCMTransformer } from './aes.ts';
import { authenticatedDataString } from './transformer.ts';

const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array) => new TextDecoder().decode(b);
const keyCtx = authenticatedDataString('/registry/secrets/default/one');
const sample = text('{"kind":"Secret","apiVersion":"v1","data":{"password":"aHVudGVyMg=="}}');

describe('AES-GCM', () => {
  for (const size of [16, 24, 32]) {
    it(`round-trips with a ${size}-byte key; stored as nonce(12) + ciphertext + tag(16)`, () => {
      const key = randomBytes(size);
      const t = newGCMTransformer(key);
      const stored = t.transformToStorage(sample, keyCtx);
      expect(stored.length).toBe(12 + sample.length + 16);
      expect(str(stored)).not.toContain('password');
      expect(str(t.transformFromStorage(stored, keyCtx).data)).toBe(str(sample));
      expect(t.transformFromStorage(stored, keyCtx).stale).toBe(false);
      // The layout, checked with Node's cipher directly.
      const d = createDecipheriv(`aes-${size * 8}-gcm` as 'aes-256-gcm', key, stored.subarray(0, 12));
      d.setAAD(keyCtx.authenticatedData());
      d.setAuthTag(stored.subarray(stored.length - 16));
      expect(str(Buffer.concat([d.update(stored.subarray(12, stored.length - 16)), d.final()]))).toBe(str(sample));
    });
  }

  it('uses a fresh nonce for every write', () => {
    const t = newGCMTransformer(randomBytes(32));
    const a = t.transformToStorage(sample, keyCtx);
    const b = t.transformToStorage(sample, keyCtx);
    expect(Buffer.from(a.subarray(0, 12)).equals(Buffer.from(b.subarray(0, 12)))).toBe(false);
  });

  it('authenticates the storage key: a value moved to another key does not decrypt', () => {
    const t = newGCMTransformer(randomBytes(32));
    const stored = t.transformToStorage(sample, keyCtx);
    expect(() => t.transformFromStorage(stored, authenticatedDataString('/registry/secrets/default/two'))).toThrow('cipher: message authentication failed');
  });

  it('refuses another key and any tampering', () => {
    const t = newGCMTransformer(randomBytes(32));
    const stored = t.transformToStorage(sample, keyCtx);
    expect(() => newGCMTransformer(randomBytes(32)).transformFromStorage(stored, keyCtx)).toThrow('cipher: message authentication failed');
    for (const at of [0, 11, 12, 20, stored.length - 17, stored.length - 1]) {
      const bad = new Uint8Array(stored);
      bad[at]! ^= 1;
      expect(() => t.transformFromStorage(bad, keyCtx), `byte ${at}`).toThrow('cipher: message authentication failed');
    }
    expect(() => t.transformFromStorage(stored.subarray(0, stored.length - 1), keyCtx)).toThrow('cipher: message authentication failed');
  });

  it('short values fail with kube’s messages', () => {
    const t = newGCMTransformer(randomBytes(16));
    expect(() => t.transformFromStorage(new Uint8Array(11), keyCtx)).toThrow('the stored data was shorter than the required size');
    expect(() => t.transformFromStorage(new Uint8Array(20), keyCtx)).toThrow('cipher: message authentication failed');
  });

  it('an empty value round-trips', () => {
    const t = newGCMTransformer(randomBytes(32));
    expect(t.transformFromStorage(t.transformToStorage(new Uint8Array(0), keyCtx), keyCtx).data.length).toBe(0);
  });

  it('rejects key sizes AES does not have', () => {
    expect(() => newGCMTransformer(randomBytes(20))).toThrow('crypto/aes: invalid key size 20');
  });
});

describe('AES-CBC', () => {
  for (const size of [16, 24, 32]) {
    it(`round-trips with a ${size}-byte key; stored as IV(16) + PKCS#7-padded ciphertext`, () => {
      const t = newCBCTransformer(randomBytes(size));
      for (const len of [0, 1, 15, 16, 17, sample.length]) {
        const msg = sample.subarray(0, len);
        const stored = t.transformToStorage(msg, keyCtx);
        expect(stored.length).toBe(16 + (Math.floor(len / 16) + 1) * 16);
        expect(str(t.transformFromStorage(stored, keyCtx).data)).toBe(str(msg));
      }
    });
  }

  it('does not authenticate the storage key (kube’s CBC ignores the authenticated data)', () => {
    const t = newCBCTransformer(randomBytes(32));
    const stored = t.transformToStorage(sample, keyCtx);
    expect(str(t.transformFromStorage(stored, authenticatedDataString('/registry/secrets/default/two')).data)).toBe(str(sample));
  });

  it('malformed values fail with kube’s messages', () => {
    const t = newCBCTransformer(randomBytes(32));
    expect(() => t.transformFromStorage(new Uint8Array(15), keyCtx)).toThrow('the stored data was shorter than the required size');
    expect(() => t.transformFromStorage(new Uint8Array(16 + 17), keyCtx)).toThrow('the stored data is not a multiple of the block size');
    expect(() => t.transformFromStorage(new Uint8Array(16), keyCtx)).toThrow('invalid PKCS7 data (empty or not padded)');
    // Blocks whose plaintext ends in a bad padding byte, encrypted without padding.
    const key = randomBytes(32);
    const raw = (last: number[]) => {
      const block = Buffer.alloc(16, 7);
      block.set(last, 16 - last.length);
      const iv = randomBytes(16);
      const c = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
      return new Uint8Array(Buffer.concat([iv, c.update(block), c.final()]));
    };
    const k = newCBCTransformer(key);
    expect(str(k.transformFromStorage(raw([2, 2]), keyCtx).data)).toBe('\x07'.repeat(14));
    expect(() => k.transformFromStorage(raw([0]), keyCtx)).toThrow('invalid PKCS7 data (empty or not padded)');
    expect(() => k.transformFromStorage(raw([17]), keyCtx)).toThrow('invalid PKCS7 data (empty or not padded)');
    expect(() => k.transformFromStorage(raw([3, 2]), keyCtx)).toThrow('invalid padding on input');
  });
});
