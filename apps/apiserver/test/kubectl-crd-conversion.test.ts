// CRD conversion through a webhook (strategy Webhook, issue 14) with kubectl against `kapi serve`:
// an HTTPS conversion webhook in this process on 127.0.0.1 (a certificate made by openssl, its CA
// as the CRD's caBundle) renames a field between two versions (v1 `spec.hostPort: "h:p"` ↔ v2
// `spec.host` + `spec.port`, v2 stored). Objects created in either version read, list and watch in
// both; with the webhook gone a read fails with kube's Status while everything else is served; the
// webhook back, everything recovers.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates, startConversionWebhook, type ConversionWebhookServer, type TestCertificates } from '@kapi/apiextensions/testing';
import { kubectlPath, kubectlWatch, tableRows as rows, useKapiServe } from './kubectl.ts';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!kubectlPath) console.warn('kubectl is not on PATH: the CRD conversion webhook kubectl tests are skipped');
if (!hasOpenssl) console.warn('openssl is not on PATH: the CRD conversion webhook kubectl tests are skipped');

type Obj = Record<string, unknown> & { apiVersion: string; spec?: Record<string, unknown> };
interface Review {
  apiVersion: string;
  kind: string;
  request: { uid: string; desiredAPIVersion: string; objects: Obj[] };
}

/** The webhook's conversion: v1 `spec.hostPort` ↔ v2 `spec.host` + `spec.port`. */
function convertThing(obj: Obj, desired: string): Obj {
  const spec = obj.spec ?? {};
  if (desired.endsWith('/v2')) {
    const { hostPort, ...rest } = spec;
    const [host, port] = String(hostPort ?? ':').split(':');
    return { ...obj, apiVersion: desired, spec: { ...rest, host, port: Number(port) } };
  }
  const { host, port, ...rest } = spec;
  return { ...obj, apiVersion: desired, spec: { ...rest, hostPort: `${String(host)}:${String(port)}` } };
}

const answer = (review: Review) => ({
  apiVersion: review.apiVersion,
  kind: 'ConversionReview',
  response: { uid: review.request.uid, result: { status: 'Success' }, convertedObjects: review.request.objects.map((o) => convertThing(o, review.request.desiredAPIVersion)) },
});

const thingsCrd = (plural: string, kind: string, url: string, caBundle: string, reviewVersions: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: ${plural}, singular: ${kind.toLowerCase()}, kind: ${kind}}
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: ${reviewVersions}
      clientConfig:
        url: ${url}
        caBundle: ${caBundle}
  versions:
  - name: v1
    served: true
    storage: false
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {hostPort: {type: string}}}
  - name: v2
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {host: {type: string}, port: {type: integer}}}
`;

const widgetsCrd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}
`;

describe.skipIf(!kubectlPath || !hasOpenssl)('CRD conversion webhook (strategy Webhook) with kubectl against kapi serve', () => {
  const fx = useKapiServe('crd-conversion');
  const { k, file } = fx;
  let certs: TestCertificates;
  let webhook: ConversionWebhookServer;
  beforeAll(async () => {
    certs = createTestCertificates();
    webhook = await startConversionWebhook(certs, (body) => answer(body as Review));
  });
  afterAll(() => webhook?.stop());

  const json = async (...args: string[]) => {
    const r = await k(...args, '-o', 'json');
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Obj & { items?: Obj[] };
  };

  it('is established with a webhook at a loopback URL trusted through its caBundle', async () => {
    expect((await k('apply', '-f', file('things.yaml', thingsCrd('things', 'Thing', webhook.url, certs.caBundle, '[v1, v1beta1]')))).stderr).toBe('');
    expect((await k('apply', '-f', file('widgets.yaml', widgetsCrd))).stderr).toBe('');
    expect((await k('wait', '--for', 'condition=established', 'crd/things.example.com', 'crd/widgets.example.com', '--timeout=10s')).code).toBe(0);
  });

  it('converts an object created in v1 into the stored v2 and back, reading it in both versions', async () => {
    const before = webhook.requests.length;
    const t1 = 'apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t1, namespace: default, labels: {app: demo}}\nspec: {hostPort: "h:8080"}\n';
    expect((await k('create', '-f', file('t1.yaml', t1))).stdout.trim()).toBe('thing.example.com/t1 created');
    // kube-apiserver's request: a v1 ConversionReview (the CRD lists v1 first) to the URL with ?timeout=30s.
    const sent = webhook.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    const toStorage = sent.find((r) => (r.body as Review).request.desiredAPIVersion === 'example.com/v2')!;
    expect(toStorage.path).toBe('/convert?timeout=30s');
    expect(toStorage.headers['content-type']).toBe('application/json');
    expect(toStorage.body).toMatchObject({
      kind: 'ConversionReview',
      apiVersion: 'apiextensions.k8s.io/v1',
      request: { desiredAPIVersion: 'example.com/v2', objects: [{ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't1' }, spec: { hostPort: 'h:8080' } }] },
    });
    const v1 = await json('get', 'things.v1.example.com', 't1');
    expect(v1).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't1', labels: { app: 'demo' } }, spec: { hostPort: 'h:8080' } });
    const v2 = await json('get', 'things.v2.example.com', 't1');
    expect(v2).toMatchObject({ apiVersion: 'example.com/v2', metadata: { name: 't1', uid: v1.metadata && (v1.metadata as { uid: string }).uid }, spec: { host: 'h', port: 8080 } });
    expect(v2.spec).toEqual({ host: 'h', port: 8080 });
    // A v2 read of a v2 object asks the webhook nothing.
    const n = webhook.requests.length;
    await json('get', 'things.v2.example.com', 't1');
    expect(webhook.requests.length).toBe(n);
  });

  it('converts what it lists, patches and watches', async () => {
    const t2 = 'apiVersion: example.com/v2\nkind: Thing\nmetadata: {name: t2, namespace: default}\nspec: {host: g, port: 1}\n';
    expect((await k('create', '-f', file('t2.yaml', t2))).stderr).toBe('');
    const v1List = await json('get', 'things.v1.example.com');
    expect(v1List.items!.map((o) => [o.apiVersion, o.spec])).toEqual([
      ['example.com/v1', { hostPort: 'h:8080' }],
      ['example.com/v1', { hostPort: 'g:1' }],
    ]);
    expect(rows((await k('get', 'things.v2.example.com')).stdout).map((r) => r[0])).toEqual(['NAME', 't1', 't2']);
    // A merge patch in v1 reaches the stored v2.
    expect((await k('patch', 'things.v1.example.com', 't2', '--type=merge', '-p', '{"spec":{"hostPort":"g:2"}}')).stderr).toBe('');
    expect((await json('get', 'things.v2.example.com', 't2')).spec).toEqual({ host: 'g', port: 2 });
    // A watch of v1 sees the objects, and a change made in v2, in v1.
    const w = kubectlWatch(fx.serve.kubeconfig, ['get', 'things.v1.example.com', '-w', '-o', 'jsonpath={.metadata.name}={.spec.hostPort}{"\\n"}']);
    try {
      await w.waitFor(2);
      expect(w.lines.slice(0, 2).sort()).toEqual(['t1=h:8080', 't2=g:2']);
      expect((await k('patch', 'things.v2.example.com', 't1', '--type=merge', '-p', '{"spec":{"port":9090}}')).stderr).toBe('');
      await w.waitFor(3);
      expect(w.lines[2]).toBe('t1=h:9090');
    } finally {
      w.stop();
    }
  });

  it('sends v1beta1 ConversionReviews when the CRD lists only that', async () => {
    expect((await k('apply', '-f', file('gizmos.yaml', thingsCrd('gizmos', 'Gizmo', webhook.url, certs.caBundle, '[v1beta1]')))).stderr).toBe('');
    expect((await k('wait', '--for', 'condition=established', 'crd/gizmos.example.com', '--timeout=10s')).code).toBe(0);
    const before = webhook.requests.length;
    const g = 'apiVersion: example.com/v1\nkind: Gizmo\nmetadata: {name: g1, namespace: default}\nspec: {hostPort: "a:1"}\n';
    expect((await k('create', '-f', file('g1.yaml', g))).stderr).toBe('');
    expect((await json('get', 'gizmos.v2.example.com', 'g1')).spec).toEqual({ host: 'a', port: 1 });
    expect(webhook.requests.slice(before).map((r) => (r.body as Review).apiVersion)).toContain('apiextensions.k8s.io/v1beta1');
    expect(webhook.requests.slice(before).every((r) => (r.body as Review).apiVersion === 'apiextensions.k8s.io/v1beta1')).toBe(true);
  });

  it("fails a read with the webhook's own failure message", async () => {
    webhook.handler = (body) => {
      const review = body as Review;
      return { apiVersion: review.apiVersion, kind: 'ConversionReview', response: { uid: review.request.uid, result: { status: 'Failure', message: 'custom webhook conversion error' } } };
    };
    try {
      const r = await k('get', 'things.v1.example.com', 't1');
      expect(r.stderr.trim()).toBe('Error from server: conversion webhook for example.com/v2, Kind=Thing failed: custom webhook conversion error');
    } finally {
      webhook.handler = (body) => answer(body as Review);
    }
  });

  it("with the webhook stopped, a read fails with kube's error while everything else is served; restarted, it recovers", async () => {
    await webhook.stop();
    const url = `https://127.0.0.1:${webhook.port}/convert?timeout=30s`;
    const refused = `conversion webhook for example.com/v2, Kind=Thing failed: Post "${url}": dial tcp 127.0.0.1:${webhook.port}: connect: connection refused`;
    const get = await k('get', 'things.v1.example.com', 't1');
    expect(get.code).not.toBe(0);
    expect(get.stderr.trim()).toBe(`Error from server: ${refused}`);
    // The Status kube answers: 500, no reason (kubectl names a reason when there is one), the converter's message.
    const raw = await k('get', '--raw', '/apis/example.com/v1/namespaces/default/things/t1', '-v=6');
    expect(raw.stderr).toContain('status="500 Internal Server Error"');
    expect(raw.stderr).toContain('"status": "Failure"');
    expect(raw.stderr).not.toContain('"reason"');
    expect(raw.stderr.trim().split('\n').at(-1)).toBe(`Error from server: ${refused}`);
    // A create in v1 needs the webhook on the way in.
    const t3v1 = 'apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t3, namespace: default}\nspec: {hostPort: "x:3"}\n';
    const create = await k('create', '-f', file('t3.yaml', t3v1));
    expect(create.stderr.trim()).toBe(
      `Error from server: error when creating "${file('t3.yaml', t3v1)}": conversion webhook for example.com/v1, Kind=Thing failed: Post "${url}": dial tcp 127.0.0.1:${webhook.port}: connect: connection refused`,
    );
    // The storage version needs no conversion: created, and the v1 watch cache, which cannot convert it, does not bring the server down.
    const t4 = 'apiVersion: example.com/v2\nkind: Thing\nmetadata: {name: t4, namespace: default}\nspec: {host: web, port: 4}\n';
    expect((await k('create', '-f', file('t4.yaml', t4))).stdout.trim()).toBe('thing.example.com/t4 created');
    expect((await json('get', 'things.v2.example.com', 't4')).spec).toEqual({ host: 'web', port: 4 });
    const list = await k('get', 'things.v1.example.com');
    expect(list.stderr.trim()).toBe(`Error from server: ${refused}`);
    // Everything else is served: built-ins, another CRD, the CRD itself.
    expect((await k('create', 'configmap', 'still-here', '-n', 'default', '--from-literal=a=b')).stderr).toBe('');
    expect((await k('get', 'configmap', 'still-here', '-n', 'default', '-o', 'jsonpath={.data.a}')).stdout).toBe('b');
    expect((await k('create', '-f', file('w1.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\nspec: {color: red}\n'))).stderr).toBe('');
    expect(rows((await k('get', 'widgets')).stdout).map((r) => r[0])).toEqual(['NAME', 'w1']);
    expect((await k('get', 'crd', 'things.example.com', '-o', 'jsonpath={.spec.conversion.strategy}')).stdout).toBe('Webhook');
    expect(fx.serve.child.exitCode).toBeNull();

    // The webhook back on the same port: reads, lists and watches convert again.
    await webhook.start();
    expect((await json('get', 'things.v1.example.com', 't1')).spec).toEqual({ hostPort: 'h:9090' });
    const recovered = await json('get', 'things.v1.example.com');
    expect(recovered.items!.map((o) => `${(o.metadata as { name: string }).name}=${String(o.spec?.hostPort)}`)).toEqual(['t1=h:9090', 't2=g:2', 't4=web:4']);
    expect((await k('create', '-f', file('t3.yaml', t3v1))).stderr).toBe('');
    const w = kubectlWatch(fx.serve.kubeconfig, ['get', 'things.v1.example.com', 't3', '-w', '-o', 'jsonpath={.metadata.name}={.spec.hostPort}{"\\n"}']);
    try {
      await w.waitFor(1, 40_000);
      expect(w.lines[0]).toBe('t3=x:3');
    } finally {
      w.stop();
    }
  }, 90_000);
});
