// How built-in kinds are stored: protobuf as kube-apiserver writes it, with JSON still readable.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, encodeEnvelope, encodeMessage } from '@kapi/apimachinery';
import { builtinKinds, configMapKind, deploymentKind, messageCodecOf, storageCodecOf } from '../src/index.ts';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns', uid: 'u1', creationTimestamp: '2024-05-01T10:00:00Z' }, data: { k: 'v' } };

describe('storageCodecOf', () => {
  const codec = storageCodecOf(configMapKind);

  it('writes `k8s\\0` + runtime.Unknown with the kind\'s apiVersion and kind, and the gogo message', () => {
    const bytes = codec.encode(cm);
    expect([...bytes.subarray(0, 4)]).toEqual([0x6b, 0x38, 0x73, 0x00]);
    const env = decodeEnvelope(bytes);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'ConfigMap']);
    const { apiVersion: _a, kind: _k, ...rest } = cm;
    expect(Buffer.from(env.raw).equals(Buffer.from(encodeMessage(configMapKind.proto, rest)))).toBe(true);
    expect(codec.decode(bytes)).toEqual(cm);
  });

  it('reads values stored as JSON (by earlier versions)', () => {
    expect(codec.decode(new TextEncoder().encode(JSON.stringify(cm)))).toEqual(cm);
  });

  it('refuses a stored object of another kind', () => {
    const other = encodeEnvelope('apps/v1', 'Deployment', encodeMessage(deploymentKind.proto, { metadata: { name: 'd' } }));
    expect(() => codec.decode(other)).toThrow('stored object is a apps/v1 Deployment, not a v1 ConfigMap');
  });

  it('uses the group in apiVersion for named groups', () => {
    expect(decodeEnvelope(storageCodecOf(deploymentKind).encode({ metadata: { name: 'd' } })).apiVersion).toBe('apps/v1');
  });
});

describe('storage codec bytes', () => {
  it('are encodeEnvelope around encodeMessage, byte for byte, for objects whose lengths take one to three varint bytes', () => {
    const codec = storageCodecOf(configMapKind);
    for (const size of [0, 100, 1_000, 20_000]) {
      const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${size}`, namespace: 'ns', labels: { a: 'b' } }, data: { payload: 'x'.repeat(size) } };
      const { apiVersion: _a, kind: _k, ...rest } = obj;
      const expected = encodeEnvelope('v1', 'ConfigMap', encodeMessage(configMapKind.proto, rest));
      // Twice: the second encode reuses the first's buffer.
      for (let i = 0; i < 2; i++) expect(Buffer.from(codec.encode(obj)).equals(Buffer.from(expected))).toBe(true);
    }
  });
});

// k8s.io/api's fixtures (see upstream-fixtures.test.ts): fully populated objects of every kind.
const fixtures = process.env.KAPI_API_FIXTURES ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/vectors/k8s.io-api/testdata/HEAD');
const fixtureKinds = existsSync(fixtures) ? builtinKinds.filter((k) => existsSync(join(fixtures, `${k.group === '' ? 'core' : k.group}.${k.version}.${k.kind}.pb`))) : [];

describe.skipIf(fixtureKinds.length === 0)('storage and message codec round trips (the watch cache holds objects as these bytes)', () => {
  it.each(fixtureKinds.map((k) => [`${k.group === '' ? 'core' : k.group}.${k.version}.${k.kind}`, k] as const))('%s decodes from what it encodes to the same object', (name, kind) => {
    const codec = storageCodecOf(kind);
    const stored = codec.decode(new Uint8Array(readFileSync(join(fixtures, `${name}.pb`))));
    const again = codec.decode(codec.encode(stored));
    expect(again).toEqual(stored);
    expect(JSON.stringify(again)).toBe(JSON.stringify(stored));
    // The bare message, as the watch cache holds it: the same object, in the same key order.
    const message = messageCodecOf(kind);
    const bare = message.encode(stored);
    expect(Buffer.from(decodeEnvelope(codec.encode(stored)).raw).equals(Buffer.from(bare))).toBe(true);
    expect(JSON.stringify(message.decode(bare))).toBe(JSON.stringify(stored));
  });
});
