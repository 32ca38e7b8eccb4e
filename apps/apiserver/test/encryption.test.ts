// Encryption at rest end to end: `kapi serve --encryption-provider-config` and startTestServer's
// option; kubectl sees plain Secrets while the KV holds `k8s:enc:aesgcm:v1:key1:` ciphertext.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteKv } from '@kapi/storage-sqlite';
import { decodeEnvelope, decodeMessage } from '@kapi/apimachinery';
import { configMapKind } from '@kapi/api';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath, startKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the kubectl encryption tests are skipped');

const password = 'hunter2-' + randomBytes(4).toString('hex');
const passwordB64 = Buffer.from(password).toString('base64');
const str = (b: Uint8Array) => new TextDecoder().decode(b);

let dir: string;
let configFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kapi-encryption-'));
  configFile = join(dir, 'encryption.yaml');
  writeFileSync(
    configFile,
    `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
  - resources:
      - secrets
    providers:
      - aesgcm:
          keys:
            - name: key1
              secret: ${randomBytes(32).toString('base64')}
      - identity: {}
`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the KV holds for a Secret: the ciphertext, never the value. */
function expectEncrypted(value: Uint8Array): void {
  expect(str(value.subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:key1:');
  expect(str(value)).not.toContain(passwordB64);
  expect(str(value)).not.toContain('"Secret"');
}

describe.skipIf(!kubectlPath)('encryption at rest with startTestServer', () => {
  let server: TestServer;
  const k = (...args: string[]) => kubectl(server.kubeconfigPath, args);
  beforeAll(async () => {
    server = await startTestServer({ encryptionProviderConfig: configFile });
  });
  afterAll(() => server?.stop());

  it('kubectl create secret stores ciphertext; kubectl get secret shows the value; other resources stay plain', async () => {
    const created = await k('create', 'secret', 'generic', 'db', `--from-literal=password=${password}`);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('secret/db created');
    expectEncrypted((await server.kv.range('/registry/secrets/default/db')).kvs[0]!.value);

    const got = await k('get', 'secret', 'db', '-o', 'jsonpath={.data.password}');
    expect(got.stdout).toBe(passwordB64);
    const list = await k('get', 'secrets', '-o', 'name');
    expect(list.stdout.trim()).toBe('secret/db');

    // An update is encrypted as well.
    const patched = await k('patch', 'secret', 'db', '--type=merge', '-p', JSON.stringify({ stringData: { user: 'admin' } }));
    expect(patched.code, patched.stderr).toBe(0);
    expectEncrypted((await server.kv.range('/registry/secrets/default/db')).kvs[0]!.value);
    expect((await k('get', 'secret', 'db', '-o', 'jsonpath={.data.user}')).stdout).toBe(Buffer.from('admin').toString('base64'));

    await k('create', 'configmap', 'plain', '--from-literal=a=b');
    // Not encrypted: stored as kube-apiserver stores built-ins, `k8s\0` + runtime.Unknown protobuf.
    const plain = (await server.kv.range('/registry/configmaps/default/plain')).kvs[0]!.value;
    const env = decodeEnvelope(plain);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'ConfigMap']);
    expect(decodeMessage(configMapKind.proto, env.raw).data).toEqual({ a: 'b' });
  });
});

describe.skipIf(!kubectlPath)('kapi serve --encryption-provider-config', () => {
  it('serves Secrets encrypted in its SQLite file', async () => {
    const dataDir = join(dir, 'data');
    const serve = await startKapiServe(['--encryption-provider-config', configFile, '--data-dir', dataDir, '--port', '0']);
    try {
      const created = await kubectl(serve.kubeconfig, ['create', 'secret', 'generic', 'api', `--from-literal=token=${password}`]);
      expect(created.stdout.trim()).toBe('secret/api created');
      expect((await kubectl(serve.kubeconfig, ['get', 'secret', 'api', '-o', 'jsonpath={.data.token}'])).stdout).toBe(passwordB64);
    } finally {
      expect(await serve.interrupt()).toBe(0);
    }
    const kv = createSqliteKv({ path: join(dataDir, 'kapi.db') });
    try {
      const value = (await kv.range('/registry/secrets/default/api')).kvs[0]!.value;
      expect(str(value.subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:key1:');
      expect(str(value)).not.toContain(passwordB64);
    } finally {
      await kv.close();
    }
  });
});

describe('kapi serve with a bad --encryption-provider-config', () => {
  it('refuses to start, with kube’s message', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(
      bad,
      `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
  - resources: [secrets]
    providers:
      - aesgcm:
          keys:
            - name: key1
              secret: ${Buffer.alloc(8).toString('base64')}
`,
    );
    await expect(startKapiServe(['--encryption-provider-config', bad, '--data-dir', join(dir, 'bad-data'), '--port', '0'])).rejects.toThrow(
      'kapi serve exited with 1: kapi serve: error while parsing file: resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 8, expected one of [16 24 32]',
    );
  });
});
