import { describe, expect, it } from 'vitest';
import { nullsAsGoZero } from './json-null.ts';
import { ObjectMeta } from './meta.ts';
import { checkObject, decodeBody, type SchemeKind } from './scheme.ts';
import { field, struct, types } from './schema/declare.ts';

const names = (n: string) => ({ id: `io.example.${n}`, protoName: `example.${n}`, description: n });
const Port = struct(names('Port'), { name: field(1, types.string()), port: field(2, types.int32()), target: field(3, types.intOrString()) });
const Spec = struct(names('Spec'), {
  selector: field(1, types.map(types.string())),
  ports: field(2, types.list(Port)),
  names: field(3, types.list(types.string())),
  limits: field(4, types.map(types.quantity())),
  replicas: field(5, types.int32(), { pointer: true }),
  paused: field(6, types.bool()),
  since: field(7, types.time()),
  template: field(8, Port),
});
const Thing = struct(names('Thing'), {
  apiVersion: field(1, types.string()),
  kind: field(2, types.string()),
  metadata: field(3, ObjectMeta),
  spec: field(4, Spec),
  data: field(5, types.map(types.string())),
});
const kind: SchemeKind = { group: 'example.io', version: 'v1', kind: 'Thing', schema: Thing };

// Each case: a decoded document, and what Go's decoder makes of it (as JSON, zero values absent).
const cases: { name: string; doc: Record<string, unknown>; want: Record<string, unknown> }[] = [
  { name: 'a null map, list, struct or scalar field is absent', doc: { data: null, spec: { selector: null, ports: null, template: null, replicas: null, paused: null } }, want: { spec: {} } },
  { name: 'a null metadata and its null maps', doc: { metadata: null }, want: {} },
  { name: 'null maps inside metadata', doc: { metadata: { name: 'a', labels: null, annotations: null, finalizers: null } }, want: { metadata: { name: 'a' } } },
  { name: 'a null map value is the zero value of its type', doc: { data: { a: null, b: 'x' }, spec: { limits: { cpu: null } } }, want: { data: { a: '', b: 'x' }, spec: { limits: { cpu: '0' } } } },
  { name: 'a null list item is its zero value', doc: { spec: { ports: [null, { name: null, port: 80, target: null }], names: [null, 'b'] } }, want: { spec: { ports: [{}, { port: 80 }], names: ['', 'b'] } } },
  { name: 'a metav1.Time keeps its null (the zero time)', doc: { spec: { since: null } }, want: { spec: { since: null } } },
  { name: 'undeclared fields are left to the unknown-field checks', doc: { spec: { other: null } }, want: { spec: { other: null } } },
];

describe('nullsAsGoZero', () => {
  it.each(cases)('$name', ({ doc, want }) => {
    const value = structuredClone(doc);
    nullsAsGoZero(Thing, value);
    expect(value).toEqual(want);
    expect(Thing.safeParse(value).success).toBe(true);
  });

  it('says whether it changed anything', () => {
    expect(nullsAsGoZero(Thing, { spec: { selector: { a: 'b' } } })).toBe(false);
    expect(nullsAsGoZero(Thing, { spec: { selector: null } })).toBe(true);
  });
});

describe('decoding bodies with nulls', () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  it('JSON: null optional fields decode as unset, not a 400', () => {
    const obj = decodeBody(kind, 'application/json', enc('{"metadata":{"name":"a","labels":null},"data":null,"spec":{"selector":null,"ports":[{"port":80,"name":null}]}}'));
    expect(obj).toEqual({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } });
  });

  it('YAML: empty values (null) decode as unset', () => {
    const obj = decodeBody(kind, 'application/yaml', enc('metadata:\n  name: a\n  labels:\ndata:\nspec:\n  selector: ~\n'));
    expect(obj).toEqual({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 'a' }, spec: {} });
  });

  it('objects made in memory (a JSON patch result) too', () => {
    expect(checkObject(kind, { metadata: { name: 'a' }, data: null } as never)).toEqual({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name: 'a' } });
  });

  it('a value of the wrong type stays a 400', () => {
    expect(() => decodeBody(kind, 'application/json', enc('{"data":null,"spec":{"selector":"x"}}'))).toThrow(/cannot unmarshal into Go struct field Thing\.spec\.selector/);
  });
});
