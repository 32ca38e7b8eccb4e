// kube's webhook_converter_test.go (v0.33) tables — TestRestoreObjectMeta,
// TestCreateConversionReviewObjects, TestGetConvertedObjectsFromResponse — and the checks of
// webhookConverter.Convert on one object, with kube's messages.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import {
  createConversionReview,
  createWebhookConverter,
  decodeConversionReviewResponse,
  getConvertedObjectsFromResponse,
  restoreObjectMeta,
  type ConversionReview,
  type DecodedReview,
} from './webhook-converter.ts';

type Obj = Record<string, unknown>;

describe('restoreObjectMeta (TestRestoreObjectMeta)', () => {
  const cases: { name: string; original: Obj; converted: Obj; expected: Obj; expectedError: boolean }[] = [
    { name: 'no converted metadata', original: { metadata: {}, spec: {} }, converted: { spec: {} }, expected: { spec: {} }, expectedError: true },
    { name: 'invalid converted metadata', original: { metadata: {}, spec: {} }, converted: { metadata: ['foo'] }, expected: { metadata: ['foo'] }, expectedError: true },
    { name: 'no original metadata', original: { spec: {} }, converted: { metadata: {}, spec: {} }, expected: { metadata: {}, spec: {} }, expectedError: false },
    { name: 'invalid original metadata', original: { metadata: ['foo'] }, converted: { metadata: {}, spec: {} }, expected: { metadata: ['foo'], spec: {} }, expectedError: true },
    {
      name: 'changed label, annotations and non-label',
      original: { metadata: { foo: 'bar', labels: { a: 'A', b: 'B' }, annotations: { a: '1', b: '2' } }, spec: {} },
      converted: { metadata: { foo: 'abc', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expected: { metadata: { foo: 'bar', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expectedError: false,
    },
    {
      name: 'added labels and annotations',
      original: { metadata: { foo: 'bar' }, spec: {} },
      converted: { metadata: { foo: 'abc', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expected: { metadata: { foo: 'bar', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expectedError: false,
    },
    {
      name: 'added labels and annotations, with nil before',
      original: { metadata: { foo: 'bar', labels: null, annotations: null }, spec: {} },
      converted: { metadata: { foo: 'abc', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expected: { metadata: { foo: 'bar', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      expectedError: false,
    },
    {
      name: 'removed labels and annotations',
      original: { metadata: { foo: 'bar', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      converted: { metadata: { foo: 'abc' }, spec: {} },
      expected: { metadata: { foo: 'bar' }, spec: {} },
      expectedError: false,
    },
    {
      name: "nil'ed labels and annotations",
      original: { metadata: { foo: 'bar', labels: { a: 'AA', b: 'B' }, annotations: { a: '1', b: '22' } }, spec: {} },
      converted: { metadata: { foo: 'abc', labels: null, annotations: null }, spec: {} },
      expected: { metadata: { foo: 'bar' }, spec: {} },
      expectedError: false,
    },
    {
      name: 'added labels and annotations with nil values',
      original: { metadata: { foo: 'bar' }, spec: {} },
      converted: { metadata: { foo: 'abc', labels: { a: null, b: 'B' }, annotations: { a: null, b: '22' } }, spec: {} },
      expected: { metadata: { foo: 'bar' }, spec: {} },
      expectedError: true,
    },
    {
      name: 'invalid label key',
      original: { metadata: {} },
      converted: { metadata: { labels: { 'some/non-qualified/label': 'x' } } },
      expected: { metadata: {} },
      expectedError: true,
    },
    { name: 'invalid label value', original: { metadata: {} }, converted: { metadata: { labels: { foo: 'üäö' } } }, expected: { metadata: {} }, expectedError: true },
    { name: 'too big label value', original: { metadata: {} }, converted: { metadata: { labels: { foo: 'x'.repeat(64) } } }, expected: { metadata: {} }, expectedError: true },
    {
      name: 'too big annotation value',
      original: { metadata: {} },
      converted: { metadata: { annotations: { foo: 'x'.repeat(256 * 1024 + 1) } } },
      expected: { metadata: {} },
      expectedError: true,
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      let err: unknown;
      try {
        restoreObjectMeta(tc.original, tc.converted);
      } catch (e) {
        err = e;
      }
      expect(err !== undefined).toBe(tc.expectedError);
      // kube compares the converted object after the call only when it succeeded or failed early.
      if (!tc.expectedError || tc.name.startsWith('no converted') || tc.name.startsWith('invalid converted') || tc.name.startsWith('invalid original')) {
        expect(tc.converted).toEqual(tc.expected);
      }
    });
  }

  it("words its errors as kube's", () => {
    const fail = (original: Obj, converted: Obj) => {
      try {
        restoreObjectMeta(original, converted);
      } catch (e) {
        return (e as Error).message;
      }
      return undefined;
    };
    expect(fail({ metadata: {} }, { spec: {} })).toBe('missing metadata in converted object');
    expect(fail({ metadata: {} }, { metadata: ['foo'] })).toBe('invalid metadata of type []interface {} in converted object');
    expect(fail({ metadata: ['foo'] }, { metadata: {} })).toBe('invalid metadata of type []interface {} in input object');
    expect(fail({ metadata: {} }, { metadata: { labels: 'x' } })).toBe('invalid metadata.labels of type string in converted object');
    expect(fail({ metadata: { annotations: 3 } }, { metadata: { annotations: {} } })).toBe('invalid metadata.annotations of type int64 in original object');
    expect(fail({ metadata: {} }, { metadata: { labels: { a: null } } })).toBe('metadata.labels[a] must be a string, but is <nil> in converted object');
    expect(fail({ metadata: {} }, { metadata: { labels: { foo: 'üäö' } } })).toBe(
      "metadata.labels: Invalid value: \"üäö\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
    expect(fail({ metadata: {} }, { metadata: { annotations: { foo: 'x'.repeat(256 * 1024 + 1) } } })).toBe('metadata.annotation: Too long: may not be more than 262144 bytes');
  });
});

describe('createConversionReview (TestCreateConversionReviewObjects)', () => {
  const objects = [{ apiVersion: 'foo/v2', Kind: 'Widget' }];
  it('refuses when no version is supported', () => {
    expect(() => createConversionReview(['vx'], objects, 'foo/v1', 'uid')).toThrow('no supported conversion review versions');
  });
  it('sends v1, with the empty response kube encodes', () => {
    expect(createConversionReview(['v1'], objects, 'foo/v1', 'uid')).toEqual({
      kind: 'ConversionReview',
      apiVersion: 'apiextensions.k8s.io/v1',
      request: { uid: 'uid', desiredAPIVersion: 'foo/v1', objects },
      response: { uid: '', convertedObjects: null, result: { metadata: {} } },
    });
  });
  it('sends v1beta1', () => {
    expect(createConversionReview(['v1beta1'], objects, 'foo/v1', 'uid').apiVersion).toBe('apiextensions.k8s.io/v1beta1');
  });
  it('sends the first version kube supports', () => {
    expect(createConversionReview(['vx', 'v1beta1', 'v1'], objects, 'foo/v1', 'uid').apiVersion).toBe('apiextensions.k8s.io/v1beta1');
    expect(createConversionReview(['vx', 'v1', 'v1beta1'], objects, 'foo/v1', 'uid').apiVersion).toBe('apiextensions.k8s.io/v1');
  });
});

describe('getConvertedObjectsFromResponse (TestGetConvertedObjectsFromResponse)', () => {
  const v1Object = { apiVersion: 'foo/v1', kind: 'Widget', metadata: { name: 'myv1' } };
  const v1beta1 = (response: DecodedReview['response']): DecodedReview => ({ typed: 'v1beta1', ...(response !== undefined ? { response } : {}) });
  const v1 = (typeMeta: { kind?: string; apiVersion?: string }, response: DecodedReview['response']): DecodedReview => ({
    typed: 'v1',
    ...typeMeta,
    ...(response !== undefined ? { response } : {}),
  });
  const tm = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' };
  const cases: { name: string; response: DecodedReview | undefined; objects?: unknown[]; err?: string }[] = [
    { name: 'nil response', response: undefined, err: 'unrecognized response type' },
    { name: 'minimal valid v1beta1', response: v1beta1({ result: { status: 'Success' } }), objects: [] },
    { name: 'valid v1beta1 with objects', response: v1beta1({ result: { status: 'Success' }, convertedObjects: [v1Object] }), objects: [v1Object] },
    { name: 'error v1beta1, empty status', response: v1beta1({ result: { status: '' } }), err: "response.result.status was '', not 'Success'" },
    { name: 'error v1beta1, failure status', response: v1beta1({ result: { status: 'Failure' } }), err: "response.result.status was 'Failure', not 'Success'" },
    { name: 'error v1beta1, custom status', response: v1beta1({ result: { status: 'Failure', message: 'some failure message' } }), err: 'some failure message' },
    { name: 'invalid v1beta1, no response', response: v1beta1(undefined), err: 'no response provided' },
    { name: 'minimal valid v1', response: v1(tm, { uid: 'uid', result: { status: 'Success' } }), objects: [] },
    { name: 'valid v1 with objects', response: v1(tm, { uid: 'uid', result: { status: 'Success' }, convertedObjects: [v1Object] }), objects: [v1Object] },
    { name: 'invalid v1, no uid', response: v1(tm, { result: { status: 'Success' } }), err: 'expected response.uid="uid", got ""' },
    {
      name: 'invalid v1, no apiVersion',
      response: v1({ kind: 'ConversionReview' }, { uid: 'uid', result: { status: 'Success' } }),
      err: 'expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got /, Kind=ConversionReview',
    },
    {
      name: 'invalid v1, no kind',
      response: v1({ apiVersion: 'apiextensions.k8s.io/v1' }, { uid: 'uid', result: { status: 'Success' } }),
      err: 'expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1, Kind=',
    },
    {
      name: 'invalid v1, mismatched apiVersion',
      response: v1({ apiVersion: 'apiextensions.k8s.io/v2', kind: 'ConversionReview' }, { uid: 'uid', result: { status: 'Success' } }),
      err: 'expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v2, Kind=ConversionReview',
    },
    {
      name: 'invalid v1, mismatched kind',
      response: v1({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview2' }, { uid: 'uid', result: { status: 'Success' } }),
      err: 'expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1, Kind=ConversionReview2',
    },
    { name: 'error v1, empty status', response: v1(tm, { uid: 'uid', result: { status: '' } }), err: "response.result.status was '', not 'Success'" },
    { name: 'error v1, failure status', response: v1(tm, { uid: 'uid', result: { status: 'Failure' } }), err: "response.result.status was 'Failure', not 'Success'" },
    { name: 'error v1, custom status', response: v1(tm, { uid: 'uid', result: { status: 'Failure', message: 'some failure message' } }), err: 'some failure message' },
    { name: 'invalid v1, no response', response: v1(tm, undefined), err: 'no response provided' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      if (tc.err !== undefined) {
        // kube's table asks for the message to contain these; they are the whole message here.
        expect(() => getConvertedObjectsFromResponse('uid', tc.response)).toThrow(tc.err === 'unrecognized response type' ? 'unrecognized response type: <nil>' : tc.err);
        let message = '';
        try {
          getConvertedObjectsFromResponse('uid', tc.response);
        } catch (e) {
          message = (e as Error).message;
        }
        expect(message).toBe(tc.err === 'unrecognized response type' ? 'unrecognized response type: <nil>' : tc.err);
        return;
      }
      expect(getConvertedObjectsFromResponse('uid', tc.response)).toEqual(tc.objects);
    });
  }
});

describe('decodeConversionReviewResponse: a body as the webhook client decodes it', () => {
  const v1 = 'apiextensions.k8s.io/v1';
  it('keeps a missing kind or apiVersion missing (the checks then report them)', () => {
    expect(decodeConversionReviewResponse({ response: { uid: 'u', result: { status: 'Success' } } }, v1)).toEqual({
      typed: 'v1',
      response: { uid: 'u', convertedObjects: null, result: { status: 'Success' } },
    });
  });
  it("fails on another registered type as Go's converter does", () => {
    expect(() => decodeConversionReviewResponse({ kind: 'ConversionReview', apiVersion: 'apiextensions.k8s.io/v1beta1' }, v1)).toThrow(
      'converting (v1beta1.ConversionReview) to (v1.ConversionReview): unknown conversion',
    );
    expect(() => decodeConversionReviewResponse({ kind: 'Status', apiVersion: 'v1' }, v1)).toThrow('converting (v1.Status) to (v1.ConversionReview): unknown conversion');
    expect(() => decodeConversionReviewResponse({ kind: 'Widget', apiVersion: v1 }, v1)).toThrow(
      'no kind "Widget" is registered for version "apiextensions.k8s.io/v1" in scheme "pkg/util/webhook/client.go:71"',
    );
  });
  it("fails on fields of the wrong type as encoding/json does", () => {
    expect(() => decodeConversionReviewResponse({ kind: 'ConversionReview', apiVersion: v1, response: 'x' }, v1)).toThrow(
      'json: cannot unmarshal string into Go struct field ConversionReview.response of type v1.ConversionResponse',
    );
    expect(() => decodeConversionReviewResponse({ kind: 'ConversionReview', apiVersion: v1, response: { uid: 5 } }, v1)).toThrow(
      'json: cannot unmarshal number into Go struct field ConversionResponse.response.uid of type types.UID',
    );
    expect(() => decodeConversionReviewResponse([], v1)).toThrow('json: cannot unmarshal array into Go value of type v1.ConversionReview');
  });
});

describe('a webhook converter', () => {
  const thing = (apiVersion: string, extra: Obj = {}): KubeObject => ({
    apiVersion,
    kind: 'Thing',
    metadata: { name: 't', namespace: 'ns', uid: 'u-1', resourceVersion: '5', labels: { a: 'b' } },
    spec: { hostPort: 'h:1' },
    ...extra,
  });
  /** A converter whose webhook answers with `answer(review)`. */
  const converterWith = (answer: (review: ConversionReview) => unknown, versions: string[] = ['v1']) => {
    const sent: ConversionReview[] = [];
    const converter = createWebhookConverter({
      group: 'example.com',
      versions: ['v1', 'v2'],
      conversionReviewVersions: versions,
      newUID: () => 'uid-1',
      transport: {
        post: async (review) => {
          sent.push(structuredClone(review));
          return answer(review);
        },
      },
    });
    return { converter, sent };
  };
  const ok = (review: ConversionReview, objects: unknown[]) => ({ kind: 'ConversionReview', apiVersion: review.apiVersion, response: { uid: review.request.uid, convertedObjects: objects, result: { status: 'Success' } } });
  const v2Of = (o: Obj): Obj => {
    const [host, port] = String((o.spec as Obj).hostPort).split(':');
    return { ...o, apiVersion: 'example.com/v2', spec: { host, port: Number(port) } };
  };

  it('sends one object, desiredAPIVersion and a uid, and restores the metadata the webhook may not change', async () => {
    const { converter, sent } = converterWith((review) =>
      ok(review, review.request.objects.map((o) => ({ ...v2Of(o as Obj), metadata: { ...((o as Obj).metadata as Obj), name: 't', uid: 'u-1', resourceVersion: '99', labels: { a: 'c' } } }))),
    );
    const input = thing('example.com/v1');
    const out = await converter.convert(input, 'example.com/v2');
    expect(out).toEqual({ apiVersion: 'example.com/v2', kind: 'Thing', metadata: { name: 't', namespace: 'ns', uid: 'u-1', resourceVersion: '5', labels: { a: 'c' } }, spec: { host: 'h', port: 1 } });
    expect(input.apiVersion).toBe('example.com/v1');
    expect(sent).toEqual([
      {
        kind: 'ConversionReview',
        apiVersion: 'apiextensions.k8s.io/v1',
        request: { uid: 'uid-1', desiredAPIVersion: 'example.com/v2', objects: [input] },
        response: { uid: '', convertedObjects: null, result: { metadata: {} } },
      },
    ]);
  });

  it('sends nothing for an object in the wanted version, or one with nothing but apiVersion and kind', async () => {
    const { converter, sent } = converterWith(() => {
      throw new Error('called');
    });
    expect(await converter.convert(thing('example.com/v2'), 'example.com/v2')).toEqual(thing('example.com/v2'));
    expect(await converter.convert({ apiVersion: 'example.com/v1', kind: 'Thing' }, 'example.com/v2')).toEqual({ apiVersion: 'example.com/v2', kind: 'Thing' });
    expect(sent).toEqual([]);
  });

  it("refuses versions the CRD does not have (kube's crConverter)", async () => {
    const { converter } = converterWith(() => undefined);
    await expect(converter.convert(thing('example.com/v1'), 'example.com/v3')).rejects.toHaveProperty('message', 'request to convert CR to an invalid group/version: example.com/v3');
    await expect(converter.convert(thing('example.com/v0'), 'example.com/v2')).rejects.toHaveProperty('message', 'request to convert CR from an invalid group/version: example.com/v0');
  });

  const failures: { name: string; answer: (r: ConversionReview) => unknown; message: string; versions?: string[] }[] = [
    {
      name: 'a transport failure',
      answer: () => {
        throw new Error('Post "https://127.0.0.1:1/convert?timeout=30s": dial tcp 127.0.0.1:1: connect: connection refused');
      },
      message: 'conversion webhook for example.com/v1, Kind=Thing failed: Post "https://127.0.0.1:1/convert?timeout=30s": dial tcp 127.0.0.1:1: connect: connection refused',
    },
    {
      name: 'a failure result',
      answer: (r) => ({ ...ok(r, []), response: { uid: r.request.uid, result: { status: 'Failure', message: 'custom webhook conversion error' } } }),
      message: 'conversion webhook for example.com/v1, Kind=Thing failed: custom webhook conversion error',
    },
    {
      name: 'another uid',
      answer: (r) => ({ ...ok(r, []), response: { uid: 'other', convertedObjects: [], result: { status: 'Success' } } }),
      message: 'conversion webhook for example.com/v1, Kind=Thing failed: expected response.uid="uid-1", got "other"',
    },
    { name: 'no objects', answer: (r) => ok(r, []), message: 'conversion webhook for example.com/v1, Kind=Thing returned 0 objects, expected 1' },
    {
      name: 'no objects (v1beta1)',
      versions: ['v1beta1'],
      answer: (r) => ({ response: { result: { status: 'Success' } }, kind: r.kind }),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned 0 objects, expected 1',
    },
    {
      name: 'the wrong version',
      answer: (r) => ok(r, [thing('example.com/v1')]),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned invalid object at index 0: invalid groupVersion (expected example.com/v2, received example.com/v1)',
    },
    {
      name: 'another kind',
      answer: (r) => ok(r, [{ ...v2Of(thing('example.com/v1')), kind: 'Other' }]),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned invalid object at index 0: invalid kind (expected Thing, received Other)',
    },
    {
      name: 'no kind',
      answer: (r) => ok(r, [{ apiVersion: 'example.com/v2' }]),
      message: `Object 'Kind' is missing in '{"apiVersion":"example.com/v2"}'`,
    },
    {
      name: 'another uid in metadata',
      answer: (r) => ok(r, [{ ...v2Of(thing('example.com/v1')), metadata: { name: 't', namespace: 'ns', uid: 'u-2' } }]),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned invalid object: must have the same UID: u-1 != u-2',
    },
    {
      name: 'another name',
      answer: (r) => ok(r, [{ ...v2Of(thing('example.com/v1')), metadata: { name: 'x', namespace: 'ns', uid: 'u-1' } }]),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned invalid object: must have the same name: t != x',
    },
    {
      name: 'no metadata',
      answer: (r) => ok(r, [{ apiVersion: 'example.com/v2', kind: 'Thing' }]),
      message: 'conversion webhook for example.com/v1, Kind=Thing returned invalid object: must have the same name: t != ',
    },
    {
      name: 'an invalid label',
      answer: (r) => ok(r, [{ ...v2Of(thing('example.com/v1')), metadata: { name: 't', namespace: 'ns', uid: 'u-1', labels: { 'some/non-qualified/label': 'x' } } }]),
      message:
        'conversion webhook for example.com/v1, Kind=Thing returned invalid metadata: metadata.labels: Invalid value: "some/non-qualified/label": a qualified name must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\') with an optional DNS subdomain prefix and \'/\' (e.g. \'example.com/MyName\')',
    },
  ];
  for (const tc of failures) {
    it(`fails on ${tc.name} with kube's message`, async () => {
      const { converter } = converterWith(tc.answer, tc.versions);
      await expect(converter.convert(thing('example.com/v1'), 'example.com/v2')).rejects.toHaveProperty('message', tc.message);
    });
  }
});
