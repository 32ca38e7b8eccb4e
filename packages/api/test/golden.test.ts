// The protobuf bodies kubectl 1.32 sends for `kubectl create configmap|secret generic|namespace|
// deployment` (recorded by golden/capture.ts) decode to the right objects and re-encode to the same bytes.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage, encodeEnvelope, encodeMessage } from '@kapi/apimachinery';
import { configMapKind, namespaceKind, secretKind, type KindDefinition } from '../src/index.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'golden', 'kubectl-1.32');
const golden = (name: string) => new Uint8Array(readFileSync(join(dir, `${name}.pb`)));

const cases: { file: string; kind: KindDefinition; command: string; object: Record<string, unknown> }[] = [
  {
    file: 'configmaps',
    kind: configMapKind as KindDefinition,
    command: 'create configmap golden-cm --from-literal=greeting=hello --from-literal=target=world',
    object: { metadata: { name: 'golden-cm' }, data: { greeting: 'hello', target: 'world' } },
  },
  {
    file: 'secrets',
    kind: secretKind as KindDefinition,
    command: 'create secret generic golden-secret --from-literal=password=s3cr3t',
    object: { metadata: { name: 'golden-secret' }, data: { password: Buffer.from('s3cr3t').toString('base64') } },
  },
  {
    file: 'namespaces',
    kind: namespaceKind as KindDefinition,
    command: 'create namespace golden-ns',
    object: { metadata: { name: 'golden-ns' }, spec: {}, status: {} },
  },
];

describe('golden protobuf bodies of kubectl 1.32', () => {
  it.each(cases)('kubectl $command', ({ file, kind, object }) => {
    const bytes = golden(file);
    const env = decodeEnvelope(bytes);
    expect({ apiVersion: env.apiVersion, kind: env.kind, contentEncoding: env.contentEncoding, contentType: env.contentType }).toEqual({
      apiVersion: 'v1',
      kind: kind.kind,
      contentEncoding: '',
      contentType: '',
    });
    const decoded = decodeMessage(kind.proto, env.raw);
    expect(decoded).toEqual(object);
    expect(encodeEnvelope(env.apiVersion, env.kind, encodeMessage(kind.proto, decoded))).toEqual(bytes);
  });

  it('kubectl create deployment: the envelope names apps/v1 Deployment', () => {
    const env = decodeEnvelope(golden('deployments'));
    expect([env.apiVersion, env.kind]).toEqual(['apps/v1', 'Deployment']);
  });

  // The Deployment body's full decoding and re-encoding is tested in golden-apps.test.ts.
});
