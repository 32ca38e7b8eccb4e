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
    expect(new TextDecoder().decode(bytes)).toBe('{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x"},"data":{"k":"v ✓"}}');
    expect(jsonCodec.decode(bytes)).toEqual(obj);
    expect(jsonCodec.contentType).toBe('application/json');
  });
});
