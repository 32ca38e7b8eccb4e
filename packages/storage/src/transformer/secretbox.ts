// Behaviour of k8s.io/apiserver/pkg/storage/value/encrypt/secretbox/secretbox.go (v1.33).
import { randomBytes } from 'node:crypto';
import type { Transformer } from './transformer.ts';
import { secretboxKeySize, secretboxNonceSize, secretboxOpen, secretboxOverhead, secretboxSeal } from './nacl.ts';

/**
 * XSalsa20-Poly1305 with a random 24-byte nonce and a 32-byte key (kube's NewSecretboxTransformer).
 * Stored form: nonce, Poly1305 tag, ciphertext. The value is authenticated, its storage key is not.
 */
export function newSecretboxTransformer(key: Uint8Array): Transformer {
  if (key.length !== secretboxKeySize) throw new Error(`expected key size 32 for secretbox provider, got ${key.length}`);
  const secret = new Uint8Array(key);
  return {
    transformFromStorage(data) {
      if (data.length < secretboxOverhead + secretboxNonceSize) throw new Error('the stored data was shorter than the required size');
      const opened = secretboxOpen(data.subarray(secretboxNonceSize), data.subarray(0, secretboxNonceSize), secret);
      // kube's message for a box that does not open.
      if (opened === undefined) throw new Error('output array was not large enough for encryption');
      return { data: opened, stale: false };
    },
    transformToStorage(data) {
      const nonce = randomBytes(secretboxNonceSize);
      const box = secretboxSeal(data, nonce, secret);
      const out = new Uint8Array(secretboxNonceSize + box.length);
      out.set(nonce, 0);
      out.set(box, secretboxNonceSize);
      return out;
    },
  };
}
