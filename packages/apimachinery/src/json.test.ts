// The JSON body decoder: one JSON object, or a 400 BadRequest Status.
import { describe, expect, it } from 'vitest';
import { isBadRequest, type StatusError } from './errors.ts';
import { decodeJsonObject, jsonCodec } from './json.ts';

function thrown(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    return err as StatusError;
  }
  throw new Error('expected a throw');
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const goTarget = 'into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

describe('decodeJsonObject', () => {
  it('decodes an object from bytes or a string', () => {
    const body = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"é"},"data":{"k":"v"}}';
    expect(decodeJsonObject(utf8(body))).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'é' }, data: { k: 'v' } });
    expect(decodeJsonObject(body)).toEqual(decodeJsonObject(utf8(body)));
  });

  it.each([
    ['[]', 'array'],
    ['[{"kind":"ConfigMap"}]', 'array'],
    ['"x"', 'string'],
    ['42', 'number'],
    ['true', 'bool'],
  ])('rejects %s with a 400 naming the Go type', (body, goType) => {
    const err = thrown(() => decodeJsonObject(utf8(body)));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.code).toBe(400);
    expect(err.status.message).toBe(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goType} ${goTarget}`);
  });

  it.each(['null', '', '{', '{"a":1,}', "{'a':1}", '{"a":1} x', 'NaN'])('rejects %j with a 400', (body) => {
    const err = thrown(() => decodeJsonObject(utf8(body)));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.message).toMatch(/^couldn't get version\/kind; json parse error: /);
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ])('rejects invalid UTF-8 (%s) with a 400', (_, bad) => {
    const body = Uint8Array.from([...utf8('{"a":"'), ...bad, ...utf8('"}')]);
    const err = thrown(() => decodeJsonObject(body));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.message).toBe('the request body is not valid UTF-8');
  });
});

describe('jsonCodec', () => {
  it('writes compact JSON and reads it back', () => {
    const obj = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'x' }, data: { k: 'v ✓' } };
    const bytes = jsonCodec.encode(obj);
    // Keys sorted, as Go's encoding of an unstructured object's maps writes them.
    expect(new TextDecoder().decode(bytes)).toBe('{"apiVersion":"v1","data":{"k":"v ✓"},"kind":"ConfigMap","metadata":{"name":"x"}}');
    expect(jsonCodec.decode(bytes)).toEqual(obj);
    expect(jsonCodec.contentType).toBe('application/json');
  });

  it('writes the same bytes whatever order the keys were added in (Go string order: by UTF-8 bytes)', () => {
    const a = { spec: { b: 1, a: [{ y: 1, x: 2 }] }, metadata: { name: 'n', labels: { '\u{1F600}': '1', '\uFFFD': '2', __proto__x: '3' } } };
    const b = { metadata: { labels: { __proto__x: '3', '\uFFFD': '2', '\u{1F600}': '1' }, name: 'n' }, spec: { a: [{ x: 2, y: 1 }], b: 1 } };
    const text = new TextDecoder().decode(jsonCodec.encode(a));
    expect(text).toBe(new TextDecoder().decode(jsonCodec.encode(b)));
    // U+FFFD (EF BF BD) sorts before U+1F600 (F0 9F 98 80) in UTF-8, though not in UTF-16.
    expect(text).toBe('{"metadata":{"labels":{"__proto__x":"3","\uFFFD":"2","\u{1F600}":"1"},"name":"n"},"spec":{"a":[{"x":2,"y":1}],"b":1}}');
    const proto = JSON.parse('{"__proto__":{"b":1},"a":0}') as object;
    // A `__proto__` key stays a key.
    expect(new TextDecoder().decode(jsonCodec.encode({ ...proto, '0': 1 }))).toBe('{"0":1,"__proto__":{"b":1},"a":0}');
  });
});
