// Behaviour of k8s.io/apiserver/pkg/storage/value/encrypt/aes/aes.go (v1.33): AES-GCM and AES-CBC transformers.
import { createCipheriv, createDecipheriv, randomBytes, type CipherGCMTypes } from 'node:crypto';
import type { Transformer } from './transformer.ts';

/** AES key sizes in bytes (AES-128, AES-192, AES-256). */
export const aesKeySizes = [16, 24, 32] as const;

const gcmNonceSize = 12;
const gcmTagSize = 16;
const blockSize = 16;

const errShort = 'the stored data was shorter than the required size';
const errOpen = 'cipher: message authentication failed';
const errInvalidBlockSize = 'the stored data is not a multiple of the block size';
const errInvalidPKCS7Data = 'invalid PKCS7 data (empty or not padded)';
const errInvalidPKCS7Padding = 'invalid padding on input';

function checkKey(key: Uint8Array): void {
  if (!(aesKeySizes as readonly number[]).includes(key.length)) throw new Error(`crypto/aes: invalid key size ${key.length}`);
}

function gcmAlgorithm(key: Uint8Array): CipherGCMTypes {
  return `aes-${key.length * 8}-gcm` as CipherGCMTypes;
}

/**
 * AES-GCM with a random 96-bit nonce (kube's NewGCMTransformer). Stored form: nonce (12 bytes),
 * ciphertext, tag (16 bytes). The context's authenticated data (the storage key) is authenticated,
 * so a value copied to another key does not decrypt. NIST advises at most 2^32 random nonces per
 * key: rotate keys.
 */
export function newGCMTransformer(key: Uint8Array): Transformer {
  checkKey(key);
  const secret = Buffer.from(key);
  const algorithm = gcmAlgorithm(key);
  return {
    transformFromStorage(data, ctx) {
      if (data.length < gcmNonceSize) throw new Error(errShort);
      if (data.length < gcmNonceSize + gcmTagSize) throw new Error(errOpen);
      const tagAt = data.length - gcmTagSize;
      const decipher = createDecipheriv(algorithm, secret, data.subarray(0, gcmNonceSize), { authTagLength: gcmTagSize });
      decipher.setAAD(ctx.authenticatedData());
      decipher.setAuthTag(data.subarray(tagAt));
      const head = decipher.update(data.subarray(gcmNonceSize, tagAt));
      let tail: Buffer;
      try {
        tail = decipher.final();
      } catch {
        throw new Error(errOpen);
      }
      return { data: tail.length === 0 ? head : Buffer.concat([head, tail]), stale: false };
    },
    transformToStorage(data, ctx) {
      const nonce = randomBytes(gcmNonceSize);
      const cipher = createCipheriv(algorithm, secret, nonce, { authTagLength: gcmTagSize });
      cipher.setAAD(ctx.authenticatedData());
      const body = cipher.update(data);
      const tail = cipher.final();
      return Buffer.concat([nonce, body, tail, cipher.getAuthTag()]);
    },
  };
}

/**
 * AES-CBC with PKCS#7 padding (kube's NewCBCTransformer). Stored form: IV (16 bytes), ciphertext.
 * Not authenticated: neither the value nor its key is protected against tampering. Kubernetes
 * advises against it; it is here to read and migrate existing data.
 */
export function newCBCTransformer(key: Uint8Array): Transformer {
  checkKey(key);
  const secret = Buffer.from(key);
  const algorithm = `aes-${key.length * 8}-cbc`;
  return {
    transformFromStorage(data) {
      if (data.length < blockSize) throw new Error(errShort);
      const body = data.subarray(blockSize);
      if (body.length % blockSize !== 0) throw new Error(errInvalidBlockSize);
      // Go would index past the end of an empty body; there is no padding to read.
      if (body.length === 0) throw new Error(errInvalidPKCS7Data);
      const decipher = createDecipheriv(algorithm, secret, data.subarray(0, blockSize)).setAutoPadding(false);
      const plain = Buffer.concat([decipher.update(body), decipher.final()]);
      const pad = plain[plain.length - 1]!;
      if (pad === 0 || pad > plain.length) throw new Error(errInvalidPKCS7Data);
      const size = plain.length - pad;
      for (let i = size; i < plain.length; i++) if (plain[i] !== pad) throw new Error(errInvalidPKCS7Padding);
      return { data: plain.subarray(0, size), stale: false };
    },
    transformToStorage(data) {
      const iv = randomBytes(blockSize);
      // Node pads with PKCS#7, as kube does by hand.
      const cipher = createCipheriv(algorithm, secret, iv);
      return Buffer.concat([iv, cipher.update(data), cipher.final()]);
    },
  };
}
