// The `k8s\0` envelope (runtime/serializer/protobuf) and the descriptor-driven message codec, checked
// against the bytes gogo writes for k8s.io/apimachinery's generated.proto types.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBadRequest, type StatusError } from './errors.ts';
import { decodeMessage, encodeMessage, type ProtoMessage } from './protobuf-message.ts';
import { decodeEnvelope, encodeEnvelope, ObjectMetaProto, protoEncodingPrefix, protoField } from './protobuf.ts';
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './protobuf-wire.ts';

/** core/v1 ConfigMap as in k8s.io/api core/v1/generated.proto. */
const ConfigMapProto: ProtoMessage = {
  name: 'k8s.io.api.core.v1.ConfigMap',
  fields: [
    protoField('metadata', 1, ObjectMetaProto),
    protoField('data', 2, 'string', { map: true }),
    protoField('binaryData', 3, 'bytes', { map: true }),
    protoField('immutable', 4, 'bool', { pointer: true }),
  ],
};

const ascii = (s: string) => [...new TextEncoder().encode(s)];
const bytes = (...parts: (number | number[])[]) => Uint8Array.from(parts.flat());

function thrown(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    return err as StatusError;
  }
  throw new Error('expected a throw');
}

// 2024-05-01T10:00:00Z is 1714557600 seconds after the epoch.
const may1Varint = [0xa0, 0xa5, 0xc8, 0xb1, 0x06];

describe('envelope', () => {
  it('writes k8s\\0 + runtime.Unknown with every field, as gogo does', () => {
    const raw = bytes(0x0a, 0x00);
    expect([...encodeEnvelope('v1', 'ConfigMap', raw)]).toEqual([
      ...[0x6b, 0x38, 0x73, 0x00],
      ...[0x0a, 0x0f, 0x0a, 0x02, ...ascii('v1'), 0x12, 0x09, ...ascii('ConfigMap')], // typeMeta {apiVersion=1, kind=2}
      ...[0x12, 0x02, 0x0a, 0x00], // raw
      ...[0x1a, 0x00], // contentEncoding, empty but written
      ...[0x22, 0x00], // contentType, empty but written
    ]);
  });

  it('round-trips', () => {
    const raw = encodeMessage(ConfigMapProto, { metadata: { name: 'x' }, data: { k: 'v' } });
    const env = decodeEnvelope(encodeEnvelope('apps/v1', 'Deployment', raw));
    expect(env).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', raw, contentEncoding: '', contentType: '' });
  });

  it('round-trips any TypeMeta and payload', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 300 }), (apiVersion, kind, raw) => {
        expect(decodeEnvelope(encodeEnvelope(apiVersion, kind, raw))).toEqual({ apiVersion, kind, raw, contentEncoding: '', contentType: '' });
      }),
    );
  });

  it('reads the optional fields and skips unknown ones', () => {
    const data = bytes(
      [...protoEncodingPrefix],
      [0x0a, 0x06, 0x12, 0x04, ...ascii('Kind')],
      [0x1a, 0x04, ...ascii('gzip')],
      [0x22, 0x04, ...ascii('json')],
      [0x28, 0x07], // field 5, varint
    );
    expect(decodeEnvelope(data)).toEqual({ apiVersion: '', kind: 'Kind', raw: new Uint8Array(), contentEncoding: 'gzip', contentType: 'json' });
  });

  it.each([
    ['JSON', ascii('{"kind":"ConfigMap"}')],
    ['a wrong magic byte', [0x6b, 0x38, 0x73, 0x01, 0x0a, 0x00]],
    ['a short prefix', [0x6b, 0x38, 0x73]],
    ['nothing', []],
  ])('rejects %s without the k8s\\0 prefix with a 400', (_, data) => {
    const err = thrown(() => decodeEnvelope(Uint8Array.from(data)));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.message).toBe('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  });

  it.each([
    ['a field overrunning the body', [0x12, 0x05, 0x01]],
    ['a cut tag', [0x0a]],
    ['a cut varint', [0x28, 0x80]],
    ['a truncated TypeMeta', [0x0a, 0x03, 0x0a, 0x05, 0x61]],
  ])('rejects %s with a 400', (_, body) => {
    const err = thrown(() => decodeEnvelope(bytes([...protoEncodingPrefix], body)));
    expect(isBadRequest(err)).toBe(true);
    expect(err.status.message).toMatch(/^unable to decode protobuf envelope: /);
  });
});

describe('messages', () => {
  it('round-trips a ConfigMap with its ObjectMeta', () => {
    const cm = {
      metadata: {
        name: 'cm',
        namespace: 'default',
        uid: '6c1d8f1e-0000-4000-8000-000000000001',
        resourceVersion: '42',
        creationTimestamp: '2024-05-01T10:00:00Z',
        labels: { app: 'web', tier: '' },
        annotations: { 'example.com/note': 'hello ✓' },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: false }],
        finalizers: ['example.com/a', 'kubernetes'],
        managedFields: [
          {
            manager: 'kubectl',
            operation: 'Update',
            apiVersion: 'v1',
            time: '2024-05-01T10:00:00Z',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:data': { 'f:k': {} } },
          },
        ],
      },
      data: { k: 'v', empty: '' },
      binaryData: { bin: Buffer.from([0, 1, 2, 255]).toString('base64') },
      immutable: false,
    };
    expect(decodeMessage(ConfigMapProto, encodeMessage(ConfigMapProto, cm))).toEqual(cm);
  });

  it('writes fields in field-number order, non-pointer fields always, map entries sorted by key', () => {
    const out = encodeMessage(ObjectMetaProto, { labels: { b: '2', a: '1' }, name: 'x' });
    expect([...out]).toEqual([
      ...[0x0a, 0x01, ...ascii('x')],
      // generateName, namespace, selfLink, uid, resourceVersion: empty; generation 0; creationTimestamp: empty Time
      ...[0x12, 0x00, 0x1a, 0x00, 0x22, 0x00, 0x2a, 0x00, 0x32, 0x00, 0x38, 0x00, 0x42, 0x00],
      ...[0x5a, 0x06, 0x0a, 0x01, ...ascii('a'), 0x12, 0x01, ...ascii('1')],
      ...[0x5a, 0x06, 0x0a, 0x01, ...ascii('b'), 0x12, 0x01, ...ascii('2')],
    ]);
    expect(encodeMessage(ObjectMetaProto, { name: 'x', labels: { a: '1', b: '2' } })).toEqual(out);
  });

  it('writes ObjectMeta{Name: "x"} exactly as gogo does', () => {
    const gogo = bytes(0x0a, 0x01, ...ascii('x'), 0x12, 0x00, 0x1a, 0x00, 0x22, 0x00, 0x2a, 0x00, 0x32, 0x00, 0x38, 0x00, 0x42, 0x00);
    expect(encodeMessage(ObjectMetaProto, { name: 'x' })).toEqual(gogo);
  });

  it('reads what gogo writes for ObjectMeta{Name: "x"}: empty strings, 0 and a zero time are dropped', () => {
    const gogo = bytes(0x0a, 0x01, ...ascii('x'), 0x12, 0x00, 0x1a, 0x00, 0x22, 0x00, 0x2a, 0x00, 0x32, 0x00, 0x38, 0x00, 0x42, 0x00);
    expect(decodeMessage(ObjectMetaProto, gogo)).toEqual({ name: 'x' });
  });

  it('keeps the zero values of pointer fields', () => {
    const meta = decodeMessage(ObjectMetaProto, bytes(0x4a, 0x00, 0x50, 0x00));
    expect(meta).toEqual({ deletionTimestamp: null, deletionGracePeriodSeconds: 0 });
    expect(decodeMessage(ConfigMapProto, bytes(0x20, 0x00))).toEqual({ immutable: false });
    const owner = decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, { ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: 'n', uid: 'u', controller: false }] }));
    expect(owner).toEqual({ ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: 'n', uid: 'u', controller: false }] });
  });

  it('keeps a leading byte order mark in strings', () => {
    const meta = { name: '\ufeffx', labels: { '\ufeffk': '\ufeffv' }, finalizers: ['\ufeff'] };
    expect(decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, meta))).toEqual(meta);
    expect(decodeEnvelope(encodeEnvelope('\ufeffv1', 'K', new Uint8Array())).apiVersion).toBe('\ufeffv1');
  });

  it('keeps empty map values and empty list items', () => {
    const meta = { labels: { a: '' }, finalizers: [''] };
    expect(decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, meta))).toEqual(meta);
  });

  it('keeps a map key that is also an Object.prototype name', () => {
    const cm = { data: JSON.parse('{"__proto__":"a","constructor":"b"}') as Record<string, string> };
    const back = decodeMessage(ConfigMapProto, encodeMessage(ConfigMapProto, cm)) as { data: Record<string, string> };
    expect(Object.keys(back.data)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(back)).toBe('{"metadata":{},"data":{"__proto__":"a","constructor":"b"}}');
  });

  describe('metav1.Time', () => {
    it('is whole seconds in field 1, and nanos 0 in field 2 (gogo writes both)', () => {
      const empty = [0x0a, 0x00, 0x12, 0x00, 0x1a, 0x00, 0x22, 0x00, 0x2a, 0x00, 0x32, 0x00, 0x38, 0x00];
      expect([...encodeMessage(ObjectMetaProto, { creationTimestamp: '2024-05-01T10:00:00Z' })]).toEqual([...empty, 0x42, 0x08, 0x08, ...may1Varint, 0x10, 0x00]);
    });

    it('round-trips seconds, before and after the epoch', () => {
      for (const t of ['2024-05-01T10:00:00Z', '1970-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
        expect(decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, { creationTimestamp: t }))).toEqual({ creationTimestamp: t });
      }
    });

    it('drops sub-second precision: nanos are never written and ignored when read', () => {
      expect(decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, { creationTimestamp: '2024-05-01T10:00:00.750Z' }))).toEqual({
        creationTimestamp: '2024-05-01T10:00:00Z',
      });
      const withNanos = bytes(0x42, 0x08, 0x08, ...may1Varint, 0x10, 0x64);
      expect(decodeMessage(ObjectMetaProto, withNanos)).toEqual({ creationTimestamp: '2024-05-01T10:00:00Z' });
    });
  });

  describe('integers', () => {
    const generation = (varint: number[]) => decodeMessage(ObjectMetaProto, bytes(0x38, varint));

    it('reads the safe range exactly, negatives included', () => {
      expect(generation([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f])).toEqual({ generation: Number.MAX_SAFE_INTEGER });
      expect(generation([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])).toEqual({ generation: -1 });
      expect(generation([0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xf0, 0xff, 0x01])).toEqual({ generation: Number.MIN_SAFE_INTEGER });
    });

    it('rejects varints beyond 2^53 - 1 instead of rounding them', () => {
      expect(() => generation([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10])).toThrow(ProtoDecodeError);
      expect(() => generation([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xf0, 0xff, 0x01])).toThrow(ProtoDecodeError);
      expect(() => generation([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])).toThrow(/out of the exact range/);
    });

    it('rejects a varint longer than ten bytes', () => {
      expect(() => generation(Array(11).fill(0x80))).toThrow('varint is too long');
    });

    it('round-trips every safe integer', () => {
      fc.assert(
        fc.property(fc.maxSafeInteger(), (n) => {
          const r = new ProtoReader(new ProtoWriter().varint(n).finish());
          expect(r.varint()).toBe(n);
          expect(r.done()).toBe(true);
        }),
      );
    });
  });

  it('skips unknown fields of every wire type (e.g. the removed clusterName, field 15)', () => {
    const data = bytes(
      [0x0a, 0x01, ...ascii('x')],
      [0x7a, 0x03, ...ascii('old')], // 15: clusterName
      [0x98, 0x06, 0x96, 0x01], // 99: varint
      [0xa2, 0x06, 0x03, ...ascii('abc')], // 100: length-delimited
      [0xad, 0x06, 1, 2, 3, 4], // 101: fixed32
      [0xb1, 0x06, 1, 2, 3, 4, 5, 6, 7, 8], // 102: fixed64
      [0x1a, 0x01, ...ascii('n')],
    );
    expect(decodeMessage(ObjectMetaProto, data)).toEqual({ name: 'x', namespace: 'n' });
  });

  it.each([
    ['a cut tag', [0x0a]],
    ['a cut varint', [0x38, 0x80]],
    ['a string overrunning the message', [0x0a, 0x05, ...ascii('ab')]],
    ['a cut map entry', [0x5a, 0x06, 0x0a, 0x01, ...ascii('a'), 0x12, 0x05]],
    ['a cut fixed32', [0xad, 0x06, 1, 2]],
    ['a cut fixed64', [0xb1, 0x06, 1, 2, 3, 4, 5, 6, 7]],
    ['an unsupported wire type', [0x7b]],
    ['a message field with the wrong wire type', [0x68, 0x01]],
    ['an integer field with the wrong wire type', [0x3a, 0x00]],
  ])('rejects %s with a ProtoDecodeError', (_, data) => {
    expect(() => decodeMessage(ObjectMetaProto, Uint8Array.from(data))).toThrow(ProtoDecodeError);
  });

  it('rejects truncation inside a nested message', () => {
    const good = encodeMessage(ConfigMapProto, { metadata: { name: 'cm', labels: { a: 'b' } } });
    for (let cut = 1; cut < good.length; cut++) {
      expect(() => decodeMessage(ConfigMapProto, good.subarray(0, cut))).toThrow(ProtoDecodeError);
    }
  });

  it('reads a FieldsV1 that is not JSON as an error', () => {
    const fieldsV1 = new ProtoWriter().bytes(1, new TextEncoder().encode('{nope')).finish();
    const entry = new ProtoWriter().bytes(7, fieldsV1).finish();
    const meta = new ProtoWriter().bytes(17, entry).finish();
    expect(() => decodeMessage(ObjectMetaProto, meta)).toThrow('a FieldsV1 value is not JSON');
  });

  it('exposes the wire types it writes', () => {
    const w = new ProtoWriter().tag(3, WireType.Fixed32).finish();
    expect(new ProtoReader(w).tag()).toEqual({ no: 3, wire: WireType.Fixed32 });
  });
});

describe('property: decode(encode(x)) = x for ObjectMeta-like values', () => {
  // Any code point (no lone surrogates, which UTF-8 cannot carry), with the awkward ones made common.
  const char = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('\ufeff', '\u0000', '\u2028', '\ufffd', 'é', '😀', '"', '\\') },
  );
  const anyString = fc.string({ unit: char, maxLength: 12 });
  // Non-pointer strings and integers are omitempty in JSON: their zero value decodes as absent.
  const nonEmpty = fc.string({ unit: char, minLength: 1, maxLength: 12 });
  const stringMap = fc.dictionary(anyString, anyString, { minKeys: 1, maxKeys: 5, noNullPrototype: true });
  const time = fc
    .integer({ min: -62135596800, max: 253402300799 }) // 0001-01-01 … 9999-12-31, whole seconds
    .map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));
  const fieldsV1 = fc.dictionary(nonEmpty, fc.dictionary(nonEmpty, fc.constant({}), { maxKeys: 3, noNullPrototype: true }), {
    maxKeys: 3,
    noNullPrototype: true,
  });
  const ownerReference = fc.record(
    { apiVersion: nonEmpty, kind: nonEmpty, name: nonEmpty, uid: nonEmpty, controller: fc.boolean(), blockOwnerDeletion: fc.boolean() },
    { requiredKeys: ['apiVersion', 'kind', 'name', 'uid'] },
  );
  const managedFieldsEntry = fc.record(
    {
      manager: nonEmpty,
      operation: fc.constantFrom('Apply', 'Update'),
      apiVersion: nonEmpty,
      time,
      fieldsType: fc.constant('FieldsV1'),
      fieldsV1,
      subresource: nonEmpty,
    },
    { requiredKeys: [] },
  );
  const objectMeta = fc.record(
    {
      name: nonEmpty,
      generateName: nonEmpty,
      namespace: nonEmpty,
      selfLink: nonEmpty,
      uid: nonEmpty,
      resourceVersion: nonEmpty,
      generation: fc.maxSafeInteger().filter((n) => n !== 0),
      creationTimestamp: time,
      deletionTimestamp: time,
      deletionGracePeriodSeconds: fc.maxSafeInteger(),
      labels: stringMap,
      annotations: stringMap,
      ownerReferences: fc.array(ownerReference, { minLength: 1, maxLength: 3 }),
      finalizers: fc.array(anyString, { minLength: 1, maxLength: 4 }),
      managedFields: fc.array(managedFieldsEntry, { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: [] },
  );

  it('ObjectMeta', () => {
    fc.assert(
      fc.property(objectMeta, (meta) => {
        expect(decodeMessage(ObjectMetaProto, encodeMessage(ObjectMetaProto, meta))).toEqual(meta);
      }),
      { numRuns: 300 },
    );
  });

  it('ConfigMap inside the k8s\\0 envelope', () => {
    const configMap = fc.record(
      { metadata: objectMeta, data: stringMap, binaryData: fc.dictionary(anyString, fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b).toString('base64')), { minKeys: 1, noNullPrototype: true }), immutable: fc.boolean() },
      { requiredKeys: ['metadata'] },
    );
    fc.assert(
      fc.property(configMap, (cm) => {
        const env = decodeEnvelope(encodeEnvelope('v1', 'ConfigMap', encodeMessage(ConfigMapProto, cm)));
        expect(env.kind).toBe('ConfigMap');
        expect(decodeMessage(ConfigMapProto, env.raw)).toEqual(cm);
      }),
      { numRuns: 200 },
    );
  });

  it('encoding is canonical: equal values give equal bytes whatever the key order', () => {
    fc.assert(
      fc.property(stringMap, (labels) => {
        const reversed = Object.fromEntries(Object.entries(labels).reverse());
        expect(encodeMessage(ObjectMetaProto, { labels: reversed })).toEqual(encodeMessage(ObjectMetaProto, { labels }));
      }),
    );
  });
});
