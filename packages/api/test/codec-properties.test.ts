// Property tests of the codecs over random objects of each built-in kind: the JSON and protobuf
// forms round-trip, the zod schema and the protobuf descriptor describe the same shape, and strict
// decoding never accepts what lax decoding rejects.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkObject,
  decodeBody,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  encodeYaml,
  isStatusError,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { builtinKinds, type KindDefinition } from '../src/index.ts';
import { arbitraryMessage, canonical } from './proto-arbitrary.ts';

/** Random objects of a kind in the canonical form its protobuf decoding gives. */
function arbitraryOf(m: ProtoMessage): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryMessage(m, 4).map((o) => canonical(m, o));
}

const withTypeMeta = (kind: KindDefinition, obj: Record<string, unknown>) => ({
  apiVersion: kind.group === '' ? kind.version : `${kind.group}/${kind.version}`,
  kind: kind.kind,
  ...obj,
});

describe.each(builtinKinds.map((k) => [k.kind, k] as const))('%s', (_name, kind) => {
  const objects = arbitraryOf(kind.proto).map((o) => withTypeMeta(kind, o));

  it('the zod schema accepts every object the protobuf descriptor describes, with no unknown fields', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const warnings: string[] = [];
        checkObject(kind, structuredClone(obj), { fieldValidation: 'Strict', warnings });
        expect(warnings).toEqual([]);
      }),
    );
  });

  it('protobuf: decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(objects, ({ apiVersion, kind: k, ...rest }) => {
        const bytes = encodeEnvelope(apiVersion, k, encodeMessage(kind.proto, rest));
        const env = decodeEnvelope(bytes);
        expect([env.apiVersion, env.kind]).toEqual([apiVersion, k]);
        expect(decodeMessage(kind.proto, env.raw)).toEqual(rest);
      }),
    );
  });

  it('JSON: decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const body = new TextEncoder().encode(JSON.stringify(obj));
        expect(decodeBody(kind, 'application/json', body, { fieldValidation: 'Strict' })).toEqual(obj);
      }),
    );
  });

  it('YAML: decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(objects, (obj) => {
        const body = new TextEncoder().encode(encodeYaml(obj));
        expect(decodeBody(kind, 'application/yaml', body, { fieldValidation: 'Strict' })).toEqual(obj);
      }),
      { numRuns: 50 },
    );
  });

  it('strict decoding accepts nothing that lax decoding rejects', () => {
    const anyJson = fc.oneof(objects.map((o) => JSON.stringify(o)), fc.json(), objects.chain((o) => fc.json().map((j) => JSON.stringify({ ...o, extra: JSON.parse(j) }))));
    fc.assert(
      fc.property(anyJson, (text) => {
        const decode = (mode: 'Strict' | 'Ignore') => {
          try {
            decodeBody(kind, 'application/json', new TextEncoder().encode(text), { fieldValidation: mode });
            return true;
          } catch (err) {
            if (!isStatusError(err)) throw err;
            return false;
          }
        };
        if (decode('Strict')) expect(decode('Ignore')).toBe(true);
      }),
    );
  });
});
