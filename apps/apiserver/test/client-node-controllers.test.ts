// The controllers inside the server, as @kubernetes/client-node 1.x sees them (issue 15): a cascade
// asked through V1DeleteOptions, a namespace deleted in the background whose informer sees it go,
// and a foreground deletion a watch follows step by step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as k8s from '@kubernetes/client-node';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { eventually } from './kubectl.ts';

let server: TestServer;
let kc: k8s.KubeConfig;
let core: k8s.CoreV1Api;
let apps: k8s.AppsV1Api;

beforeAll(async () => {
  server = await startTestServer();
  kc = new k8s.KubeConfig();
  kc.loadFromFile(server.kubeconfigPath);
  core = kc.makeApiClient(k8s.CoreV1Api);
  apps = kc.makeApiClient(k8s.AppsV1Api);
});
afterAll(async () => {
  await server.stop();
});

const template = (app: string): k8s.V1PodTemplateSpec => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

describe('controllers with @kubernetes/client-node', () => {
  it('a foreground delete through V1DeleteOptions: the watch sees the owner marked, its dependents go, then the owner', async () => {
    const owner = await apps.createNamespacedDeployment({
      namespace: 'default',
      body: { metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template: template('web') } },
    });
    const ref: k8s.V1OwnerReference = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: owner.metadata!.uid!, controller: true, blockOwnerDeletion: true };
    await apps.createNamespacedReplicaSet({
      namespace: 'default',
      body: { metadata: { name: 'web-1', ownerReferences: [ref] }, spec: { selector: { matchLabels: { app: 'web' } }, template: template('web') } },
    });
    const seen: string[] = [];
    const watch = new k8s.Watch(kc);
    const req = await watch.watch(
      '/apis/apps/v1/namespaces/default/deployments',
      { fieldSelector: 'metadata.name=web' },
      (type: string, obj: k8s.V1Deployment) => seen.push(`${type} ${(obj.metadata?.finalizers ?? []).join(',')}`),
      () => {},
    );
    try {
      await apps.deleteNamespacedDeployment({ name: 'web', namespace: 'default', body: { propagationPolicy: 'Foreground' } });
      await eventually(async () => seen.includes('DELETED '));
      await expect(apps.readNamespacedReplicaSet({ name: 'web-1', namespace: 'default' })).rejects.toMatchObject({ code: 404 });
      // ADDED (the current state), MODIFIED with the finalizer, MODIFIED without it, DELETED.
      expect(seen[0]).toBe('ADDED ');
      expect(seen).toContain('MODIFIED foregroundDeletion');
      expect(seen.at(-1)).toBe('DELETED ');
    } finally {
      req.abort();
    }
  });

  it('a namespace deleted in the background: Terminating until emptied, then an informer sees it go', async () => {
    await core.createNamespace({ body: { metadata: { name: 'gone-soon' } } });
    await core.createNamespacedConfigMap({ namespace: 'gone-soon', body: { metadata: { name: 'a' } } });
    await core.createNamespacedSecret({ namespace: 'gone-soon', body: { metadata: { name: 'b' }, stringData: { k: 'v' } } });
    const informer = k8s.makeInformer(kc, '/api/v1/namespaces', () => core.listNamespace());
    const deleted: string[] = [];
    informer.on('delete', (ns: k8s.V1Namespace) => deleted.push(ns.metadata!.name!));
    await informer.start();
    try {
      // client-node types the answer as a V1Status; the namespace it carries is read back instead
      // (it stays for the namespace controller's grace period, 1 s on a single server).
      await core.deleteNamespace({ name: 'gone-soon' });
      const ns = await core.readNamespace({ name: 'gone-soon' });
      expect(ns.status?.phase).toBe('Terminating');
      expect(ns.metadata?.deletionTimestamp).toBeDefined();
      expect(await eventually(async () => deleted.includes('gone-soon'))).toBe(true);
      await expect(core.readNamespacedConfigMap({ name: 'a', namespace: 'gone-soon' })).rejects.toMatchObject({ code: 404 });
    } finally {
      await informer.stop();
    }
  });

  it('an orphan delete leaves the dependents, their ownerReferences removed', async () => {
    const owner = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'orphaner' } } });
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'orphaner', uid: owner.metadata!.uid! };
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'orphaned', ownerReferences: [ref] } } });
    await core.deleteNamespacedConfigMap({ name: 'orphaner', namespace: 'default', propagationPolicy: 'Orphan' });
    expect(
      await eventually(async () => {
        const dep = await core.readNamespacedConfigMap({ name: 'orphaned', namespace: 'default' });
        return dep.metadata?.ownerReferences === undefined;
      }),
    ).toBe(true);
    await expect(core.readNamespacedConfigMap({ name: 'orphaner', namespace: 'default' })).rejects.toMatchObject({ code: 404 });
  });
});
