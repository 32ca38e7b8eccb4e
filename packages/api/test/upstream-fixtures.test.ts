// k8s.io/api's own round-trip fixtures (testdata/HEAD/<group>.<version>.<Kind>.{pb,json}, written
// by Go from fully populated objects): every declared kind must decode to Go's JSON and re-encode
// to Go's bytes. The fixtures are not part of this repository: point KAPI_API_FIXTURES at a copy of
// k8s.io/api's testdata/HEAD (v0.33.x) to run them; without it the suite is skipped visibly.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage, encodeMessage } from '@kapi/apimachinery';
import { builtinKinds, scaleKind } from '../src/index.ts';
import type { KindDefinition } from '../src/kind.ts';

const dir = process.env.KAPI_API_FIXTURES ?? '';
const have = dir !== '' && existsSync(dir);
if (!have) console.warn('skipped: set KAPI_API_FIXTURES to k8s.io/api testdata/HEAD to check every kind against Go\'s fixtures');

const kinds = [...builtinKinds, scaleKind as KindDefinition].filter((k) => k.group !== 'apiextensions.k8s.io');
const fileOf = (k: KindDefinition, ext: string) => join(dir, `${k.group === '' ? 'core' : k.group}.${k.version}.${k.kind}.${ext}`);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe.skipIf(!have).each(kinds.map((k) => [`${k.group || 'core'}/${k.version} ${k.kind}`, k] as const))('%s: Go\'s fixture', (_name, kind) => {
  it('decodes to the JSON Go wrote for the same object', () => {
    const env = decodeEnvelope(new Uint8Array(readFileSync(fileOf(kind, 'pb'))));
    const json = JSON.parse(readFileSync(fileOf(kind, 'json'), 'utf8')) as Record<string, unknown>;
    expect({ apiVersion: env.apiVersion, kind: env.kind, ...decodeMessage(kind.proto, env.raw) }).toEqual(json);
  });

  it('re-encodes to the bytes Go wrote', () => {
    const env = decodeEnvelope(new Uint8Array(readFileSync(fileOf(kind, 'pb'))));
    expect(hex(encodeMessage(kind.proto, decodeMessage(kind.proto, env.raw)))).toBe(hex(env.raw));
  });
});
