// A CRD with conversion strategy Webhook served by the registry over a Store that converts
// (objectConversion, as apps/apiserver composes it), its webhook an in-process transport: objects
// are stored in the storage version and served in each version, what the webhook answers is pruned
// with the served version's schema, and a failing webhook fails the request with kube's Status.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject } from '@kapi/apimachinery';
import type { ConversionReview } from '@kapi/apiextensions';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, customResourceResources, type CustomResourceDefinitionObject, type Registry } from '../src/index.ts';

type Obj = KubeObject & { spec?: Record<string, unknown> };

const crd: CustomResourceDefinitionObject = {
  metadata: { name: 'things.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'things', singular: 'thing', kind: 'Thing', listKind: 'ThingList' },
    conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: 'https://127.0.0.1:1/convert' } } },
    versions: [
      { name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { hostPort: { type: 'string' } } } } } } },
      {
        name: 'v2',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { host: { type: 'string' }, port: { type: 'integer' } } } } } },
      },
    ],
  },
};

function convert(o: Obj, desired: string): Obj {
  const spec = o.spec ?? {};
  if (desired === 'example.com/v2') {
    const [host, port] = String(spec.hostPort).split(':');
    // `extra` is not in v2's schema: pruned after the conversion.
    return { ...o, apiVersion: desired, spec: { host, port: Number(port), extra: true } };
  }
  return { ...o, apiVersion: desired, spec: { hostPort: `${String(spec.host)}:${String(spec.port)}` } };
}

let registry: Registry;
let kv: ReturnType<typeof createMemoryKv>;
let webhook: { calls: ConversionReview[]; fail?: string };
const ctx = { namespace: 'default' };
const at = (version: string) => registry.lookup('example.com', version, 'things')!.store;

beforeEach(async () => {
  kv = createMemoryKv();
  registry = createBuiltinRegistry((_info, { conversion, objectConversion }) => {
    const base = jsonCodec;
    const codec = conversion ? { contentType: base.contentType, encode: (o: KubeObject) => base.encode(conversion.encode(o)), decode: (d: Uint8Array) => conversion.decode(base.decode(d)) } : base;
    return createStore(kv, { codec, pathPrefix: '/registry', ...(objectConversion ? { conversion: objectConversion } : {}) });
  });
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
  webhook = { calls: [] };
  const transport = {
    post: async (review: ConversionReview) => {
      webhook.calls.push(review);
      if (webhook.fail) throw new Error(webhook.fail);
      const objects = review.request.objects.map((o) => convert(o as Obj, review.request.desiredAPIVersion));
      return { kind: 'ConversionReview', apiVersion: review.apiVersion, response: { uid: review.request.uid, result: { status: 'Success' }, convertedObjects: objects } };
    },
  };
  for (const r of customResourceResources(crd, { webhookTransport: () => transport })) registry.serve(r);
});

describe('a CRD converting through its webhook', () => {
  it('stores the storage version, serves both, and prunes what the webhook adds', async () => {
    const created = (await at('v1').create(ctx, { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't1', namespace: 'default' }, spec: { hostPort: 'h:80' } })) as Obj;
    expect(created.apiVersion).toBe('example.com/v1');
    expect(created.spec).toEqual({ hostPort: 'h:80' });
    const raw = await kv.range('/registry/example.com/things/default/t1');
    const stored = JSON.parse(new TextDecoder().decode(raw.kvs[0]!.value)) as Obj;
    expect(stored.apiVersion).toBe('example.com/v2');
    expect(stored.spec).toEqual({ host: 'h', port: 80 });
    expect(((await at('v2').get(ctx, 't1')) as Obj).spec).toEqual({ host: 'h', port: 80 });
    expect(((await at('v1').get(ctx, 't1')) as Obj).spec).toEqual({ hostPort: 'h:80' });
    // Nothing is sent for what is already in the wanted version.
    const n = webhook.calls.length;
    await at('v2').get(ctx, 't1');
    expect(webhook.calls.length).toBe(n);
    expect((await at('v1').list(ctx)).items.map((o) => (o as Obj).spec)).toEqual([{ hostPort: 'h:80' }]);
  });

  it('fails a read or a write with a 500 Status without a reason, as kube answers a converter error', async () => {
    await at('v2').create(ctx, { apiVersion: 'example.com/v2', kind: 'Thing', metadata: { name: 't2', namespace: 'default' }, spec: { host: 'g', port: 1 } });
    webhook.fail = 'boom';
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (err: unknown) => statusFromError(err),
      );
    expect(await failure(at('v1').get(ctx, 't2'))).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'conversion webhook for example.com/v2, Kind=Thing failed: boom',
      code: 500,
    });
    expect((await failure(at('v1').create(ctx, { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't3', namespace: 'default' }, spec: { hostPort: 'x:1' } })))?.message).toBe(
      'conversion webhook for example.com/v1, Kind=Thing failed: boom',
    );
    // The storage version is read without the webhook.
    expect(((await at('v2').get(ctx, 't2')) as Obj).spec).toEqual({ host: 'g', port: 1 });
  });
});
