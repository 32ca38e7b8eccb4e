// EncryptionConfiguration files: providers per resource, wildcards, rotation, kube's errors.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncryptionConfig, parseEncryptionConfiguration } from './config.ts';
import { authenticatedDataString } from './transformer.ts';

const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array) => new TextDecoder().decode(b);
const ctx = authenticatedDataString('/registry/secrets/default/s');
const b64 = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');
const keyA = b64(32, 1);
const keyB = b64(32, 2);
const secrets = { group: '', resource: 'secrets' };

const config = (resources: string) => `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
${resources}`;

describe('parseEncryptionConfiguration', () => {
  it('each provider writes its prefix and key name; reads accept every provider listed', () => {
    const providers = [
      ['aesgcm', 'k8s:enc:aesgcm:v1:a:'],
      ['aescbc', 'k8s:enc:aescbc:v1:a:'],
      ['secretbox', 'k8s:enc:secretbox:v1:a:'],
    ] as const;
    const written = providers.map(([name]) => {
      const rt = parseEncryptionConfiguration(
        config(`  - resources: [secrets]
    providers:
      - ${name}:
          keys: [{name: a, secret: ${keyA}}]
`),
      );
      return rt.transformerForResource(secrets).transformToStorage(text('{"v":1}'), ctx);
    });
    providers.forEach(([, prefix], i) => expect(str(written[i]!.subarray(0, prefix.length))).toBe(prefix));
    // One configuration listing all three reads the values of each; only the first is not stale.
    const all = parseEncryptionConfiguration(
      config(`  - resources: [secrets]
    providers:
      - aesgcm: {keys: [{name: a, secret: ${keyA}}]}
      - aescbc: {keys: [{name: a, secret: ${keyA}}]}
      - secretbox: {keys: [{name: a, secret: ${keyA}}]}
      - identity: {}
`),
    ).transformerForResource(secrets);
    expect(written.map((w) => all.transformFromStorage(w, ctx)).map((r) => [str(r.data), r.stale])).toEqual([
      ['{"v":1}', false],
      ['{"v":1}', true],
      ['{"v":1}', true],
    ]);
    expect(all.transformFromStorage(text('{"plain":1}'), ctx)).toMatchObject({ stale: true });
  });

  it('key rotation: the first key writes, every key reads, older keys are stale', () => {
    const before = parseEncryptionConfiguration(config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: a, secret: ${keyA}}]}}]\n`));
    const after = parseEncryptionConfiguration(
      config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: b, secret: ${keyB}}, {name: a, secret: ${keyA}}]}}]\n`),
    );
    const old = before.transformerForResource(secrets).transformToStorage(text('x'), ctx);
    const t = after.transformerForResource(secrets);
    const read = t.transformFromStorage(old, ctx);
    expect([str(read.data), read.stale]).toEqual(['x', true]);
    const fresh = t.transformToStorage(text('x'), ctx);
    expect(str(fresh.subarray(0, 20))).toBe('k8s:enc:aesgcm:v1:b:');
    expect(t.transformFromStorage(fresh, ctx).stale).toBe(false);
    // A configuration that no longer has key a cannot read its values.
    const onlyB = parseEncryptionConfiguration(config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: b, secret: ${keyB}}]}}]\n`));
    expect(() => onlyB.transformerForResource(secrets).transformFromStorage(old, ctx)).toThrow(/^no matching key was found for the provided AES transformer$/);
    expect(() => onlyB.transformerForResource(secrets).transformFromStorage(text('{"plain":1}'), ctx)).toThrow(/^no matching prefix found$/);
  });

  it('resources: exact names, then *.<group>, then *.*, else identity', () => {
    const rt = parseEncryptionConfiguration(
      config(`  - resources: [secrets, deployments.apps]
    providers: [{aesgcm: {keys: [{name: exact, secret: ${keyA}}]}}]
  - resources: ['*.apps']
    providers: [{aesgcm: {keys: [{name: apps, secret: ${keyA}}]}}]
  - resources: ['*.']
    providers: [{aesgcm: {keys: [{name: core, secret: ${keyA}}]}}]
  - resources: ['*.*']
    providers: [{aesgcm: {keys: [{name: all, secret: ${keyA}}]}}]
`),
    );
    const keyName = (group: string, resource: string) => {
      const out = str(rt.transformerForResource({ group, resource }).transformToStorage(text('{}'), ctx));
      return out.startsWith('k8s:enc:aesgcm:v1:') ? out.slice(18).split(':')[0] : 'identity';
    };
    expect(keyName('', 'secrets')).toBe('exact');
    expect(keyName('apps', 'deployments')).toBe('exact');
    expect(keyName('apps', 'statefulsets')).toBe('apps');
    expect(keyName('', 'configmaps')).toBe('core');
    expect(keyName('batch', 'jobs')).toBe('all');
    expect(rt.configured).toEqual(['secrets', 'deployments.apps', '*.apps', '*.', '*.*']);
    const none = parseEncryptionConfiguration(config(`  - resources: [secrets]\n    providers: [{identity: {}}]\n`));
    expect(str(none.transformerForResource({ group: '', resource: 'configmaps' }).transformToStorage(text('{}'), ctx))).toBe('{}');
  });

  it('accepts JSON', () => {
    const json = JSON.stringify({
      apiVersion: 'apiserver.config.k8s.io/v1',
      kind: 'EncryptionConfiguration',
      resources: [{ resources: ['secrets'], providers: [{ secretbox: { keys: [{ name: 'k', secret: keyA }] } }] }],
    });
    const t = parseEncryptionConfiguration(json).transformerForResource(secrets);
    expect(str(t.transformToStorage(text('{}'), ctx).subarray(0, 23))).toBe('k8s:enc:secretbox:v1:k:');
  });

  const invalid: [string, string, string][] = [
    ['an empty file', '', 'error while parsing file: error while loading file: encryption provider configuration file "cfg" is empty'],
    [
      'an unknown field',
      config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: a, secret: ${keyA}}]}, pandas: 1}]\n`),
      'error while parsing file: error decoding encryption provider configuration file "cfg": strict decoding error: unknown field "resources[0].providers[0].pandas"',
    ],
    [
      'another kind',
      'apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfigurations\nresources: []\n',
      'error while parsing file: error decoding encryption provider configuration file "cfg": no kind "EncryptionConfigurations" is registered for version "apiserver.config.k8s.io/v1"',
    ],
    ['no resources', config('  []\n'), 'error while parsing file: resources: Required value: at least one resources is required'],
    [
      'a key of the wrong length',
      config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: a, secret: ${b64(8, 1)}}]}}]\n`),
      'error while parsing file: resources[0].providers[0].aesgcm.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 8, expected one of [16 24 32]',
    ],
    [
      'a secretbox key of 16 bytes',
      config(`  - resources: [secrets]\n    providers: [{secretbox: {keys: [{name: a, secret: ${b64(16, 1)}}]}}]\n`),
      'error while parsing file: resources[0].providers[0].secretbox.keys[0].secret: Invalid value: "REDACTED": secret is not of the expected length, got 16, expected one of [32]',
    ],
    [
      'a secret that is not base64',
      config(`  - resources: [secrets]\n    providers: [{aescbc: {keys: [{name: a, secret: 'not base64!'}]}}]\n`),
      'error while parsing file: resources[0].providers[0].aescbc.keys[0].secret: Invalid value: "REDACTED": secrets must be base64 encoded',
    ],
    [
      'no keys, and a key without a name',
      config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: []}}, {aescbc: {keys: [{secret: ${keyA}}]}}]\n`),
      'error while parsing file: [resources[0].providers[0].aesgcm.keys: Required value: at least one keys is required, resources[0].providers[1].aescbc.keys[0].name: Required value: name is a mandatory field for a key]',
    ],
    [
      'an empty provider',
      config(`  - resources: [secrets]\n    providers: [{}]\n`),
      'error while parsing file: resources[0].providers[0]: Invalid value: {}: provider does not contain any of the expected providers: KMS, AESGCM, AESCBC, Secretbox, Identity',
    ],
    [
      'two providers in one element',
      config(`  - resources: [secrets]\n    providers: [{identity: {}, aesgcm: {keys: [{name: a, secret: ${keyA}}]}}]\n`),
      'more than one provider specified in a single element, should split into different list elements',
    ],
    ['a bare *', config(`  - resources: ['*']\n    providers: [{identity: {}}]\n`), `resources[0].resources[0]: Invalid value: "*": use '*.' to encrypt all the resources from core API group or *.* to encrypt all resources`],
    [
      'a resource in every group',
      config(`  - resources: ['secrets.*']\n    providers: [{identity: {}}]\n`),
      'resources[0].resources[0]: Invalid value: "secrets.*": encrypting the same resource across groups is not supported',
    ],
    ['capital letters', config(`  - resources: [Secrets]\n    providers: [{identity: {}}]\n`), 'resources[0].resources[0]: Invalid value: "Secrets": resource name should not contain capital letters'],
    [
      'overlapping resources',
      config(`  - resources: [secrets, '*.']\n    providers: [{identity: {}}]\n`),
      `resources[0].resources: Invalid value: ["secrets","*."]: using overlapping resources such as 'secrets' and '*.' in the same resource list is not allowed as they will be masked`,
    ],
    [
      'a rule masked by an earlier wildcard',
      config(`  - resources: ['*.']\n    providers: [{identity: {}}]\n  - resources: [secrets]\n    providers: [{identity: {}}]\n`),
      'error while building transformers: resource "secrets" is masked by earlier rule "*."',
    ],
    [
      'a KMS provider',
      config(`  - resources: [secrets]\n    providers: [{kms: {apiVersion: v2, name: vault, endpoint: 'unix:///tmp/kms.sock'}}]\n`),
      'error while building transformers: KMS providers are not supported by kapi (provider "vault"): use aesgcm, aescbc, secretbox or identity',
    ],
  ];
  for (const [name, yaml, message] of invalid) {
    it(`rejects ${name}`, () => {
      expect(() => parseEncryptionConfiguration(yaml, 'cfg')).toThrow(message);
    });
  }
});

describe('loadEncryptionConfig', () => {
  it('reads the file; a missing file is kube’s error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kapi-enc-'));
    try {
      const file = join(dir, 'enc.yaml');
      writeFileSync(file, config(`  - resources: [secrets]\n    providers: [{aesgcm: {keys: [{name: key1, secret: ${keyA}}]}}]\n`));
      const t = loadEncryptionConfig(file).transformerForResource(secrets);
      expect(str(t.transformToStorage(text('{}'), ctx).subarray(0, 23))).toBe('k8s:enc:aesgcm:v1:key1:');
      expect(() => loadEncryptionConfig(join(dir, 'missing.yaml'))).toThrow(
        `error while parsing file: error while loading file: error reading encryption provider configuration file "${join(dir, 'missing.yaml')}": `,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
