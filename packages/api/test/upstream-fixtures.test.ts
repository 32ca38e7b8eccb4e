// k8s.io/api's own round-trip fixtures (testdata/HEAD/<group>.<version>.<Kind>.{pb,json,yaml},
// v0.33.13, written by Go from fully populated objects; kept in ../shared/vectors/k8s.io-api): every
// declared kind and wire type decodes from protobuf to the object Go wrote in JSON and in YAML, and
// re-encodes to Go's bytes. KAPI_API_FIXTURES names another testdata/HEAD folder.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeMessage, encodeMessage, yamlToJson, type ProtoMessage } from '@kapi/apimachinery';
import { builtinKinds, wireTypes } from '../src/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.env.KAPI_API_FIXTURES ?? resolve(here, '../../../../shared/vectors/k8s.io-api/testdata/HEAD');
const have = existsSync(dir);
if (!have) console.warn(`skipped: k8s.io/api testdata/HEAD is not at ${dir} (see ../shared/vectors/README.md)`);

const nameOf = (t: { group: string; version: string; kind: string }) => `${t.group === '' ? 'core' : t.group}.${t.version}.${t.kind}`;
const declared = new Map<string, ProtoMessage>();
for (const t of [...builtinKinds, ...wireTypes]) if (t.group !== 'apiextensions.k8s.io') declared.set(nameOf(t), t.proto);

/** The fixtures of GA group-versions (`v1`, `v2`): the ones every release must keep. */
const gaFixtures = have
  ? [...new Set(readdirSync(dir).map((f) => f.replace(/\.(pb|json|yaml)$/, '')))].filter((n) => /\.v[12]\.[A-Z]/.test(n)).sort()
  : [];

/** GA types kapi does not declare yet (empty since issue 13). */
const notYet: string[] = [];

describe.skipIf(!have)('k8s.io/api GA fixtures', () => {
  it('has 84 GA types, each declared by kapi or listed as not yet declared', () => {
    expect(gaFixtures).toHaveLength(84);
    const missing = gaFixtures.filter((n) => !declared.has(n));
    expect(missing).toEqual(notYet.filter((n) => !declared.has(n)));
    // A type that became declared must leave the list.
    expect(notYet.filter((n) => declared.has(n))).toEqual([]);
    console.info(`k8s.io/api GA fixtures: ${gaFixtures.length - missing.length} of ${gaFixtures.length} types declared; not yet: ${missing.join(', ')}`);
  });
});

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const cases = have ? [...declared].filter(([n]) => existsSync(join(dir, `${n}.pb`))) : [];

describe.skipIf(!have).each(cases)('%s: Go\'s fixture', (name, proto) => {
  const read = (ext: string) => readFileSync(join(dir, `${name}.${ext}`));
  const decoded = () => {
    const env = decodeEnvelope(new Uint8Array(read('pb')));
    // Go writes a WatchEvent's envelope with no apiVersion or kind, and its JSON has neither.
    const typeMeta = { ...(env.apiVersion ? { apiVersion: env.apiVersion } : {}), ...(env.kind ? { kind: env.kind } : {}) };
    return { env, obj: { ...typeMeta, ...decodeMessage(proto, env.raw) } };
  };

  it('decodes to the JSON Go wrote for the same object', () => {
    expect(decoded().obj).toEqual(JSON.parse(read('json').toString('utf8')));
  });

  it('decodes with its keys in the order Go wrote them (declaration order, not field numbers)', () => {
    const { env, obj } = decoded();
    // Go's TypeMeta writes kind before apiVersion.
    const { kind, apiVersion, ...rest } = obj as Record<string, unknown>;
    const inGoOrder = { ...(kind !== undefined ? { kind } : {}), ...(apiVersion !== undefined ? { apiVersion } : {}), ...rest };
    expect(env).toBeDefined();
    expect(JSON.stringify(inGoOrder)).toBe(JSON.stringify(JSON.parse(read('json').toString('utf8'))));
  });

  it('decodes to the YAML Go wrote for the same object', () => {
    expect(decoded().obj).toEqual(yamlToJson(read('yaml').toString('utf8')));
  });

  it('re-encodes to the bytes Go wrote', () => {
    const { env } = decoded();
    expect(hex(encodeMessage(proto, decodeMessage(proto, env.raw)))).toBe(hex(env.raw));
  });
});
