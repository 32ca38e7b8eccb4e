// CustomResourceDefinitions in protobuf, JSON and YAML: bytes derived by hand from
// generated.proto, the upstream round-trip fixture written by Go (when the shared vectors are
// present), the union types and JSON values both ways, and random schemas round-tripping.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ProtoReader,
  decodeBody,
  decodeEnvelope,
  decodeMessage,
  encodeEnvelope,
  encodeMessage,
  encodeYaml,
  isStatusError,
  protoMessageOf,
  statusFromError,
} from '@kapi/apimachinery';
import { CustomResourceDefinitionSpec, JSONSchemaProps, customResourceDefinitionKind as crdKind } from '../src/index.ts';
import { arbitraryMessage, canonical } from './proto-arbitrary.ts';

const specMessage = protoMessageOf(CustomResourceDefinitionSpec);
const schemaMessage = protoMessageOf(JSONSchemaProps);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => Buffer.from(s).toString('hex');

/** The top-level fields of a message: number → bytes of the (length-delimited) value. */
function topLevel(bytes: Uint8Array): Map<number, Uint8Array> {
  const r = new ProtoReader(bytes);
  const out = new Map<number, Uint8Array>();
  while (!r.done()) {
    const { no, wire } = r.tag();
    if (wire === 2) out.set(no, r.bytes());
    else r.skip(wire);
  }
  return out;
}

describe('protobuf bytes derived from generated.proto', () => {
  // An empty non-pointer string or bool is written (gogo writes every non-pointer scalar); nil
  // pointers, empty lists and empty maps are not. In an empty JSONSchemaProps that leaves id(1),
  // schema(2), description(4), type(5), format(6), title(7), exclusiveMaximum(10),
  // exclusiveMinimum(12), pattern(15), uniqueItems(18), nullable(37), xKubernetesEmbeddedResource(39)
  // and xKubernetesIntOrString(40).
  const tail = '5000' + '6000' + '7a00' + '900100'; // 10, 12, 15, 18
  const bools = 'a80200' + 'b80200' + 'c00200'; // 37, 39, 40
  const schemaOf = (type: string, middle: string, end = '') => '0a00' + '1200' + '2200' + `2a${(type.length).toString(16).padStart(2, '0')}${ascii(type)}` + '3200' + '3a00' + middle + tail + end + bools;

  it('a one-version CRD spec with a default, a property map and additionalProperties: false', () => {
    const spec = {
      group: 'example.com',
      names: { plural: 'foos', kind: 'Foo' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', properties: { n: { type: 'integer', default: 1 } }, additionalProperties: false } },
        },
      ],
    };
    // properties[n]: type integer, default = JSON{raw: "1"} (field 8: 42 03 0a 01 31); 42 bytes.
    const n = schemaOf('integer', '42030a0131');
    expect(n.length / 2).toBe(0x2a);
    // The map entry (field 29 → ea 01): key 0a 01 "n", value 12 2a <n>: 47 bytes.
    const entry = `ea012f0a016e122a${n}`;
    // additionalProperties (field 30 → f2 01): JSONSchemaPropsOrBool{allows: false}: 08 00.
    const root = schemaOf('object', '', `${entry}f201020800`);
    expect(root.length / 2).toBe(0x5b);
    const validation = `0a5b${root}`; // CustomResourceValidation.openAPIV3Schema (1)
    // The version: name(1) served(2) storage(3) schema(4) deprecated(7); 105 bytes.
    const version = `0a02${ascii('v1')}1001180122${(validation.length / 2).toString(16)}${validation}3800`;
    expect(version.length / 2).toBe(0x69);
    // names: plural(1), singular(2) "", kind(4), listKind(5) "".
    const names = `0a04${ascii('foos')}12002203${ascii('Foo')}2a00`;
    const want = `0a0b${ascii('example.com')}1a0f${names}220a${ascii('Namespaced')}3a69${version}5000`;
    expect(hex(encodeMessage(specMessage, spec))).toBe(want);
    expect(decodeMessage(specMessage, Buffer.from(want, 'hex'))).toEqual(spec);
  });

  it('items as one schema or as a list: JSONSchemaPropsOrArray schema(1) or jSONSchemas(2)', () => {
    const empty = schemaOf('', '');
    const one = encodeMessage(schemaMessage, { items: {} });
    const list = encodeMessage(schemaMessage, { items: [{}, {}] });
    expect(hex(topLevel(one).get(24)!)).toBe(`0a1e${empty}`);
    expect(hex(topLevel(list).get(24)!)).toBe(`121e${empty}121e${empty}`);
    expect(decodeMessage(schemaMessage, one).items).toEqual({});
    expect(decodeMessage(schemaMessage, list).items).toEqual([{}, {}]);
  });

  it('additionalProperties as a bool or a schema: allows(1), schema(2)', () => {
    for (const [value, wire] of [
      [true, '0801'],
      [false, '0800'],
      [{ type: '' }, `0801121e${schemaOf('', '')}`],
    ] as const) {
      const bytes = encodeMessage(schemaMessage, { additionalProperties: value });
      expect(hex(topLevel(bytes).get(30)!)).toBe(wire);
      expect(decodeMessage(schemaMessage, bytes).additionalProperties).toEqual(typeof value === 'object' ? {} : value);
    }
    // Go writes the schema when there is one, whatever allows says.
    const allowsFalseWithSchema = Buffer.from(`f201${(2 + 2 + 30).toString(16)}0800121e${schemaOf('', '')}`, 'hex');
    expect(decodeMessage(schemaMessage, allowsFalseWithSchema).additionalProperties).toEqual({});
  });

  it('dependencies as property names or a schema: schema(1), property(2)', () => {
    const bytes = encodeMessage(schemaMessage, { dependencies: { a: ['b', 'c'], d: { type: 'object' } } });
    const r = new ProtoReader(bytes);
    const entries: string[] = [];
    while (!r.done()) {
      const { no, wire } = r.tag();
      if (wire !== 2) r.skip(wire);
      else if (no === 32) entries.push(hex(r.bytes()));
      else r.bytes();
    }
    expect(entries[0]).toBe('0a0161' + '1206' + '120162' + '120163'); // key a, value property(2) b, c
    expect(entries[1]!.startsWith(`0a0164`)).toBe(true);
    expect(decodeMessage(schemaMessage, bytes).dependencies).toEqual({ a: ['b', 'c'], d: { type: 'object' } });
  });

  it('JSON values: raw bytes as Go marshals them, keys sorted, HTML escaped; none is null', () => {
    const raw = (v: unknown) => {
      const field = topLevel(encodeMessage(schemaMessage, { default: v })).get(8)!;
      return Buffer.from(topLevel(field).get(1) ?? []).toString('utf8');
    };
    expect(raw({ b: 1, a: [true, null, 'x'], '10': 0.5, '9': 'a<b&c>' })).toBe('{"10":0.5,"9":"a\\u003cb\\u0026c\\u003e","a":[true,null,"x"],"b":1}');
    expect(raw(false)).toBe('false');
    expect(raw('')).toBe('""');
    expect(raw(1e21)).toBe('1e+21');
    expect(raw('\u2028')).toBe('"\\u2028"');
    for (const v of [0, false, '', [], {}, { a: { b: [1, 2] } }, -1.25]) {
      expect(decodeMessage(schemaMessage, encodeMessage(schemaMessage, { default: v, example: v })), JSON.stringify(v)).toEqual({ default: v, example: v });
    }
    // An enum item without raw bytes is a JSON null (Go's JSON{Raw: nil}).
    expect(decodeMessage(schemaMessage, Buffer.from('a20100a201030a0131', 'hex')).enum).toEqual([null, 1]);
    expect(hex(topLevel(encodeMessage(schemaMessage, { enum: [null] })).get(20)!)).toBe('');
  });

  it('a JSON value that is not JSON is a decoding error, not a crash', () => {
    expect(() => decodeMessage(schemaMessage, Buffer.from('42030a017b', 'hex'))).toThrow('a JSON value does not hold JSON');
  });
});

/** Where the upstream round-trip fixtures are (k8s.io/apiextensions-apiserver pkg/apis/testdata/HEAD). */
const vectors = resolve(process.env.KAPI_VECTORS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/vectors'), 'apiextensions-apiserver/testdata/HEAD');
const fixture = (ext: string) => join(vectors, `apiextensions.k8s.io.v1.CustomResourceDefinition.${ext}`);
const haveVectors = existsSync(fixture('pb'));
if (!haveVectors) console.warn(`skipped: the Go fixtures of apiextensions-apiserver are not in ${vectors}`);

describe.skipIf(!haveVectors)('the upstream round-trip fixture (v0.33.13 pkg/apis/testdata/HEAD, written by Go)', () => {
  it('decodes to the object of the JSON fixture, every field and union included', () => {
    const env = decodeEnvelope(new Uint8Array(readFileSync(fixture('pb'))));
    expect([env.apiVersion, env.kind]).toEqual(['apiextensions.k8s.io/v1', 'CustomResourceDefinition']);
    const json = JSON.parse(readFileSync(fixture('json'), 'utf8')) as Record<string, unknown>;
    expect({ apiVersion: env.apiVersion, kind: env.kind, ...decodeMessage(crdKind.proto, env.raw) }).toEqual(json);
    expect(decodeBody(crdKind, 'application/json', readFileSync(fixture('json')), { fieldValidation: 'Strict' })).toEqual(json);
    expect(decodeBody(crdKind, 'application/yaml', readFileSync(fixture('yaml')), { fieldValidation: 'Strict' })).toEqual(json);
  });

  it('re-encodes the whole object byte for byte as Go wrote it', () => {
    const env = decodeEnvelope(new Uint8Array(readFileSync(fixture('pb'))));
    const ours = encodeMessage(crdKind.proto, decodeMessage(crdKind.proto, env.raw));
    expect(hex(topLevel(ours).get(2)!)).toBe(hex(topLevel(env.raw).get(2)!));
    expect(hex(ours)).toBe(hex(env.raw));
  });
});

describe('random CustomResourceDefinitions with schemas three levels deep', () => {
  const versionsOf = (schema: Record<string, unknown>) => ({ spec: { group: 'g.io', versions: [{ name: 'v1', schema: { openAPIV3Schema: schema } }] } });
  const crdsOf = (depth: number) => arbitraryMessage(schemaMessage, depth).map((s) => canonical(crdKind.proto, versionsOf(s)));
  const crds = crdsOf(3);

  it('protobuf: decode(encode(x)) = x, and the envelope carries the kind', () => {
    fc.assert(
      fc.property(crds, (crd) => {
        const env = decodeEnvelope(encodeEnvelope('apiextensions.k8s.io/v1', 'CustomResourceDefinition', encodeMessage(crdKind.proto, crd)));
        expect(decodeMessage(crdKind.proto, env.raw)).toEqual(crd);
      }),
      { numRuns: 25 },
    );
  });

  it('JSON and YAML (schemas two levels deep): strict decoding accepts them unchanged', () => {
    fc.assert(
      fc.property(crdsOf(2), (crd) => {
        // As JSON text carries it (a -0 is written 0).
        const obj = JSON.parse(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', ...crd })) as Record<string, unknown>;
        expect(decodeBody(crdKind, 'application/json', new TextEncoder().encode(JSON.stringify(obj)), { fieldValidation: 'Strict' })).toEqual(obj);
        expect(decodeBody(crdKind, 'application/yaml', new TextEncoder().encode(encodeYaml(obj)), { fieldValidation: 'Strict' })).toEqual(obj);
      }),
      { numRuns: 25 },
    );
  });

  it('every union form occurs in the samples', () => {
    const seen = new Set<string>();
    const visit = (s: Record<string, unknown>) => {
      const items = s.items;
      if (Array.isArray(items)) seen.add('items:list');
      else if (items) seen.add('items:schema');
      if (typeof s.additionalProperties === 'boolean') seen.add('additionalProperties:bool');
      else if (s.additionalProperties) seen.add('additionalProperties:schema');
      for (const d of Object.values((s.dependencies as Record<string, unknown>) ?? {})) seen.add(Array.isArray(d) ? 'dependencies:list' : d ? 'dependencies:schema' : 'dependencies:null');
      if (s.default !== undefined) seen.add(`default:${Array.isArray(s.default) ? 'array' : typeof s.default}`);
    };
    fc.sample(arbitraryMessage(schemaMessage, 2), { numRuns: 150, seed: 7 }).forEach((s) => visit(canonical(schemaMessage, s)));
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['items:list', 'items:schema', 'additionalProperties:bool', 'additionalProperties:schema', 'dependencies:list', 'dependencies:schema', 'default:object', 'default:string', 'default:number', 'default:boolean']),
    );
  });
});

describe('decoding request bodies', () => {
  const body = (schema: unknown) =>
    JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: schema } }] } });
  const strict = (schema: unknown) => decodeBody(crdKind, 'application/json', new TextEncoder().encode(body(schema)), { fieldValidation: 'Strict' });

  it('reports unknown fields of schemas under properties with their path', () => {
    try {
      strict({ type: 'object', properties: { foo: { type: 'string', typo: 1 } } });
      expect.unreachable();
    } catch (err) {
      expect(isStatusError(err)).toBe(true);
      expect(statusFromError(err).message).toBe(
        'CustomResourceDefinition in version "v1" cannot be handled as a CustomResourceDefinition: strict decoding error: unknown field "spec.versions[0].schema.openAPIV3Schema.properties.foo.typo"',
      );
    }
  });

  it('drops unknown fields inside items and additionalProperties silently, as their UnmarshalJSON does', () => {
    const obj = strict({ type: 'array', items: { type: 'string', typo: 1 }, additionalProperties: { typo: 2 } });
    const schema = (obj.spec as { versions: { schema: { openAPIV3Schema: Record<string, unknown> } }[] }).versions[0]!.schema.openAPIV3Schema;
    expect(schema).toEqual({ type: 'array', items: { type: 'string' }, additionalProperties: {} });
  });

  it('answers 400 for a value of the wrong shape', () => {
    for (const bad of [{ additionalProperties: 'yes' }, { items: 3 }, { dependencies: { a: 'b' } }, { type: 7 }]) {
      try {
        strict(bad);
        expect.unreachable();
      } catch (err) {
        expect(statusFromError(err).code, JSON.stringify(bad)).toBe(400);
      }
    }
  });
});
