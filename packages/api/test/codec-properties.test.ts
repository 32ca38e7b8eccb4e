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
  type ProtoField,
  type ProtoMessage,
} from '@kapi/apimachinery';
import { builtinKinds, type KindDefinition } from '../src/index.ts';

const fieldsOf = (m: ProtoMessage) => (typeof m.fields === 'function' ? m.fields() : m.fields);

// Values are non-empty / non-zero so that the omitempty rules of the JSON form do not apply.
const text = fc.string({ minLength: 1, maxLength: 12 });
const key = fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,10}[a-z0-9])?$/);
const seconds = fc.integer({ min: 1, max: 4102444800 }).map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));

function scalar(type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text;
    case 'bytes':
      return fc.uint8Array({ minLength: 1, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64'));
    case 'bool':
      return fc.constant(true);
    case 'int32':
      return fc.integer({ min: 1, max: 2 ** 31 - 1 });
    case 'int64':
      return fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    case 'time':
      return seconds;
    case 'fieldsV1':
      return fc.constant({ 'f:data': {} });
    default:
      throw new Error(`no arbitrary for ${type}`);
  }
}

/**
 * Random objects of a message in their canonical JSON form: struct fields that are not pointers
 * are always there (Go writes them), every other field may be absent.
 */
function arbitraryOf(m: ProtoMessage, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const f of fieldsOf(m) as ProtoField[]) {
    if (typeof f.type !== 'string' && !f.pointer && !f.repeated && !f.map) required.push(f.name);
    const value = typeof f.type === 'string' ? scalar(f.type) : depth < 4 ? arbitraryOf(f.type, depth + 1) : fc.constant({});
    entries[f.name] = f.map
      ? fc.dictionary(key, value, { minKeys: 1, maxKeys: 3 })
      : f.repeated
        ? fc.array(value, { minLength: 1, maxLength: 3 })
        : value;
  }
  return fc.record(entries, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
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
