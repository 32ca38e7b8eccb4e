// @kubernetes/client-node 1.x against kapi: what its typed API, Watch and informers send (see
// ../shared/research/clients.md) must work as against kube-apiserver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as k8s from '@kubernetes/client-node';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
let kc: k8s.KubeConfig;
let core: k8s.CoreV1Api;

beforeAll(async () => {
  server = await startTestServer();
  kc = new k8s.KubeConfig();
  kc.loadFromFile(server.kubeconfigPath);
  core = kc.makeApiClient(k8s.CoreV1Api);
});
afterAll(async () => {
  await server.stop();
});

async function apiError(p: Promise<unknown>): Promise<{ code: number; body: any }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code: number; body: string };
    return { code: e.code, body: typeof e.body === 'string' ? JSON.parse(e.body) : e.body };
  }
  throw new Error('expected the call to fail');
}

describe('@kubernetes/client-node 1.x', () => {
  it('creates a ConfigMap from a body without kind/apiVersion and reads it back', async () => {
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn1' }, data: { a: '1' } } });
    expect(created.metadata?.uid).toBeTruthy();
    const read = await core.readNamespacedConfigMap({ name: 'cn1', namespace: 'default' });
    expect(read.data).toEqual({ a: '1' });
    expect(read.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
  });

  it('pages lists with limit and continue', async () => {
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn2' } } });
    const first = await core.listNamespacedConfigMap({ namespace: 'default', limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.metadata?._continue).toBeTruthy();
    const second = await core.listNamespacedConfigMap({ namespace: 'default', limit: 1, _continue: first.metadata!._continue! });
    expect(second.items[0]?.metadata?.name).not.toBe(first.items[0]?.metadata?.name);
  });

  it('reports a stale replace as ApiException 409 Conflict, and a missing object as 404', async () => {
    const cm = await core.readNamespacedConfigMap({ name: 'cn1', namespace: 'default' });
    await core.replaceNamespacedConfigMap({ name: 'cn1', namespace: 'default', body: { ...cm, data: { a: '2' } } });
    const stale = await apiError(core.replaceNamespacedConfigMap({ name: 'cn1', namespace: 'default', body: { ...cm, data: { a: '3' } } }));
    expect(stale.code).toBe(409);
    expect(stale.body.reason).toBe('Conflict');
    const missing = await apiError(core.readNamespacedConfigMap({ name: 'nope', namespace: 'default' }));
    expect(missing.code).toBe(404);
    expect(missing.body.message).toBe('configmaps "nope" not found');
  });

  it('patches with its default JSON Patch content type, with merge patch and with strategic merge patch', async () => {
    const jsonPatched = await core.patchNamespacedConfigMap({ name: 'cn1', namespace: 'default', body: [{ op: 'add', path: '/data/b', value: 'x' }] });
    expect(jsonPatched.data).toEqual({ a: '2', b: 'x' });
    const patched = await core.patchNamespacedConfigMap(
      { name: 'cn1', namespace: 'default', body: { data: { c: 'y' } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    expect(patched.data).toEqual({ a: '2', b: 'x', c: 'y' });
    const strategic = await core.patchNamespacedConfigMap(
      { name: 'cn1', namespace: 'default', body: { data: { c: null } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.StrategicMergePatch),
    );
    expect(strategic.data).toEqual({ a: '2', b: 'x' });
  });

  it('deletes with DeleteOptions in the query', async () => {
    await core.deleteNamespacedConfigMap({ name: 'cn2', namespace: 'default', propagationPolicy: 'Background' });
    expect((await apiError(core.readNamespacedConfigMap({ name: 'cn2', namespace: 'default' }))).code).toBe(404);
  });

  it('Watch streams events from a list resourceVersion', async () => {
    const list = await core.listNamespacedConfigMap({ namespace: 'default' });
    const events: [string, string][] = [];
    const watch = new k8s.Watch(kc);
    let done!: () => void;
    const gotAll = new Promise<void>((r) => (done = r));
    const req = await watch.watch(
      '/api/v1/namespaces/default/configmaps',
      { resourceVersion: list.metadata?.resourceVersion },
      (type: string, obj: k8s.V1ConfigMap) => {
        events.push([type, obj.metadata?.name ?? '']);
        if (events.length === 2) done();
      },
      () => undefined,
    );
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn3' } } });
    await core.deleteNamespacedConfigMap({ name: 'cn3', namespace: 'default' });
    await gotAll;
    req.abort();
    expect(events).toEqual([
      ['ADDED', 'cn3'],
      ['DELETED', 'cn3'],
    ]);
  });

  it('an informer lists, then follows changes', async () => {
    const informer = k8s.makeInformer(kc, '/api/v1/namespaces/default/configmaps', () =>
      core.listNamespacedConfigMap({ namespace: 'default' }),
    );
    const seen: string[] = [];
    informer.on('add', (obj: k8s.V1ConfigMap) => seen.push(`add ${obj.metadata?.name}`));
    informer.on('update', (obj: k8s.V1ConfigMap) => seen.push(`update ${obj.metadata?.name}`));
    await informer.start();
    try {
      expect(seen).toContain('add cn1');
      await core.patchNamespacedConfigMap(
        { name: 'cn1', namespace: 'default', body: { data: { c: 'y' } } },
        k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
      );
      const until = Date.now() + 10_000;
      while (!seen.includes('update cn1') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(seen).toContain('update cn1');
    } finally {
      await informer.stop();
    }
  });

  it('KubernetesObjectApi maps kinds through per-group-version discovery', async () => {
    const objects = k8s.KubernetesObjectApi.makeApiClient(kc);
    const body: k8s.V1ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cn4', namespace: 'default' }, data: { k: 'v' } };
    const created = await objects.create(body);
    expect(created.metadata?.uid).toBeTruthy();
    const read = await objects.read({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cn4', namespace: 'default' } });
    expect((read as k8s.V1ConfigMap).data).toEqual({ k: 'v' });
  });
});
