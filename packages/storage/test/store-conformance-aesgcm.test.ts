// The Store conformance suite again, with every value encrypted at rest: AES-GCM from an
// EncryptionConfiguration, the storage key as authenticated data.
import { randomBytes } from 'node:crypto';
import { parseEncryptionConfiguration } from '../src/transformer/config.ts';
import { createMemoryKv, runStoreConformance } from '../src/testing/index.ts';

const encryption = parseEncryptionConfiguration(`apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
  - resources: ['*.*']
    providers:
      - aesgcm:
          keys:
            - name: key1
              secret: ${randomBytes(32).toString('base64')}
`);

runStoreConformance({
  name: 'memory, AES-GCM',
  newKv: async () => createMemoryKv({ progressNotifyIntervalMs: 100 }),
  newTransformer: () => encryption.transformerForResource({ group: '', resource: 'pods' }),
});
