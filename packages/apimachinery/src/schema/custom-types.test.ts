// Custom types (a JSON form of their own, a protobuf message of their own) and JSON leaves in the
// declaration language: what protobuf, OpenAPI and strict decoding derive from them. The types
// here are toys in the shape of apiextensions' JSONSchemaPropsOrBool.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMessage, encodeMessage } from '../protobuf-message.ts';
import { pruneUnknownFields, unknownFields } from '../strict.ts';
import { customType, field, lazyStruct, struct, types } from './declare.ts';
import { openAPIComponents } from './derive-openapi.ts';
import { protoMessageOf } from './derive-proto.ts';

interface Node {
  name?: string | undefined;
  child?: Node | undefined;
  more?: Node | boolean | null | undefined;
  value?: unknown;
  [k: string]: unknown;
}

const nodeRef = (): z.ZodType<Node> => lazyStruct(() => Node);
const names = (n: string) => ({ id: `io.example.${n}`, protoName: `example.${n}`, description: n });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const NodeOrBoolWire = struct(names('NodeOrBool'), { allows: field(1, types.bool()), node: field(2, nodeRef(), { pointer: true }) });
const nodeOrBool = customType(z.union([z.boolean(), nodeRef(), z.null()]), {
  id: 'io.example.NodeOrBool',
  openAPI: { description: 'A node or a boolean.' },
  wire: () => NodeOrBoolWire,
  toWire: (v) => (isObject(v) ? { allows: true, node: v } : { allows: v === true }),
  fromWire: (m) => m.node ?? m.allows === true,
});

const Node: z.ZodType<Node> = struct(names('Node'), {
  name: field(1, types.string(), { description: 'A name.' }),
  child: field(2, nodeRef(), { description: 'A child.', pointer: true }),
  more: field(3, nodeOrBool, { description: 'More.', pointer: true }),
  value: field(4, types.json({ id: 'io.example.JSON', schema: { description: 'Any JSON.' } }), { description: 'Any value.', pointer: true }),
}) as unknown as z.ZodType<Node>;

const message = protoMessageOf(Node);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('protobuf of custom types', () => {
  it('writes the wire message the codec maps the JSON form to', () => {
    // more (3): NodeOrBool{allows: true} → 1a 02 08 01.
    expect(hex(encodeMessage(message, { more: true }))).toBe('0a00' + '1a020801');
    // more as a node: allows(1) = true, node(2) = Node{name: "x"}.
    expect(hex(encodeMessage(message, { more: { name: 'x' } }))).toBe('0a00' + '1a070801' + '1203' + '0a0178');
  });

  it('reads it back in the JSON form, recursively', () => {
    for (const obj of [{ more: false }, { more: true }, { more: { name: 'a', more: { child: { more: true } } } }, { child: { child: { name: 'deep' } } }]) {
      expect(decodeMessage(message, encodeMessage(message, obj)), JSON.stringify(obj)).toEqual(obj);
    }
  });

  it('a JSON leaf holds Go-marshalled JSON bytes in field 1; no bytes is null', () => {
    expect(hex(encodeMessage(message, { value: { b: 1, a: '<' } }))).toBe('0a00' + '2216' + `0a14${Buffer.from('{"a":"\\u003c","b":1}').toString('hex')}`);
    expect(decodeMessage(message, Buffer.from('0a002200', 'hex'))).toEqual({ value: null });
    for (const value of [0, '', false, [1, 'a'], { x: null }]) expect(decodeMessage(message, encodeMessage(message, { value }))).toEqual({ value });
  });
});

describe('OpenAPI of custom types', () => {
  const components = openAPIComponents([Node]);

  it('publishes the custom type and the JSON leaf as components of their own, the wire struct not', () => {
    expect(Object.keys(components).sort()).toEqual(['io.example.JSON', 'io.example.Node', 'io.example.NodeOrBool']);
    expect(components['io.example.NodeOrBool']).toEqual({ description: 'A node or a boolean.' });
    const props = (components['io.example.Node'] as { properties: Record<string, unknown> }).properties;
    expect(props.more).toEqual({ description: 'More.', allOf: [{ $ref: '#/components/schemas/io.example.NodeOrBool' }] });
    expect(props.value).toEqual({ description: 'Any value.', allOf: [{ $ref: '#/components/schemas/io.example.JSON' }] });
    expect(props.child).toEqual({ description: 'A child.', allOf: [{ $ref: '#/components/schemas/io.example.Node' }] });
  });
});

describe('strict decoding through recursive and custom types', () => {
  it('reports unknown fields below lazy references', () => {
    expect(unknownFields(Node, { child: { child: { name: 'x', typo: 1 } } })).toEqual(['child.child.typo']);
  });

  it('drops unknown fields inside a union silently, in every mode', () => {
    const strict = { more: { name: 'x', typo: 1, child: { typo: 2 } } };
    expect(unknownFields(Node, strict)).toEqual([]);
    expect(strict).toEqual({ more: { name: 'x', child: {} } });
    const lax = { more: { typo: 1 }, typo: 2 };
    expect(pruneUnknownFields(Node, lax)).toEqual(['typo']);
    expect(lax).toEqual({ more: {} });
  });

  it('leaves union values of other shapes alone', () => {
    expect(unknownFields(Node, { more: true })).toEqual([]);
    expect(Node.safeParse({ more: 'yes' }).success).toBe(false);
  });
});
