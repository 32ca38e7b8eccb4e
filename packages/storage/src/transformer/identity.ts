// Behaviour of k8s.io/apiserver/pkg/storage/value/encrypt/identity/identity.go (v1.33).
import { hasPrefix, type Transformer } from './transformer.ts';

/** Every encrypted value starts with this; JSON starts with `{`, protobuf with `k8s\0`. */
export const encryptedPrefix = new TextEncoder().encode('k8s:enc:');

const errEncryptedData = 'identity transformer tried to read encrypted data';

/**
 * Stores values as they are (kube's NewEncryptCheckTransformer), but refuses to read a value that
 * starts with `k8s:enc:`, so that encrypted data is never decoded as if it were plain. The Store's
 * default; the values pass through without a copy.
 */
export const identityTransformer: Transformer = {
  transformFromStorage(data) {
    if (hasPrefix(data, encryptedPrefix)) throw new Error(errEncryptedData);
    return { data, stale: false };
  },
  transformToStorage: (data) => data,
};
