// The root CA publisher against the fake client: kube's publisher_test.go cases (create, restore a
// changed or deleted ConfigMap, leave a matching one alone, nothing in a terminating namespace).
import { afterEach, describe, expect, it } from 'vitest';
import { rootCACertPublisher, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';

const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const description =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

let manager: ControllerManager | undefined;
afterEach(async () => {
  await manager?.stop();
  manager = undefined;
});
const start = (client: FakeClient) => (manager = startControllerManager({ client, controllers: [rootCACertPublisher(ca)] }));
const ns = (name: string, phase = 'Active') => ({ metadata: { name }, status: { phase } });
const cmWrites = (client: FakeClient) => client.writes().filter((a) => a.resource === 'configmaps');

describe('root-ca-certificate-publisher-controller', () => {
  it('creates kube-root-ca.crt in every namespace with the CA and kube’s description', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('default'), ns('kube-system'));
    await start(client).idle();
    for (const n of ['default', 'kube-system']) {
      const cm = client.peek('configmaps', n, 'kube-root-ca.crt');
      expect(cm?.data).toEqual({ 'ca.crt': ca });
      expect(cm?.metadata?.annotations).toEqual({ 'kubernetes.io/description': description });
    }
    expect(cmWrites(client).map((a) => [a.verb, a.body])).toEqual(
      ['default', 'kube-system'].map((n) => [
        'create',
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: n, annotations: { 'kubernetes.io/description': description } }, data: { 'ca.crt': ca } },
      ]),
    );
  });

  it('leaves a matching ConfigMap alone, even with other annotations or labels', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    client.seed('configmaps', {
      metadata: { name: 'kube-root-ca.crt', namespace: 'a', labels: { x: 'y' }, annotations: { 'kubernetes.io/description': 'mine', other: 'z' } },
      data: { 'ca.crt': ca },
    });
    await start(client).idle();
    expect(cmWrites(client)).toEqual([]);
  });

  it('restores changed data and a removed description, keeping the rest of the object', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    const m = start(client);
    await m.idle();
    const configMaps = client.resource('', 'v1', 'configmaps')!;
    const cm = await configMaps.get('a', 'kube-root-ca.crt');
    await configMaps.update('a', { ...cm, metadata: { ...cm.metadata, labels: { keep: 'me' }, annotations: { other: 'kept' } }, data: { 'ca.crt': 'tampered', extra: 'x' } });
    const restored = await eventually(() => {
      const now = client.peek('configmaps', 'a', 'kube-root-ca.crt');
      expect(now?.data).toEqual({ 'ca.crt': ca });
      return now!;
    });
    expect(restored.metadata?.labels).toEqual({ keep: 'me' });
    expect(restored.metadata?.annotations).toEqual({ other: 'kept', 'kubernetes.io/description': description });
    expect(cmWrites(client).at(-1)?.verb).toBe('update');
  });

  it('creates the ConfigMap again after it is deleted', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    const m = start(client);
    await m.idle();
    const before = client.peek('configmaps', 'a', 'kube-root-ca.crt')!;
    await client.resource('', 'v1', 'configmaps')!.delete('a', 'kube-root-ca.crt');
    const after = await eventually(() => client.peek('configmaps', 'a', 'kube-root-ca.crt') ?? expect.fail('not re-created yet'));
    expect(after.metadata?.uid).not.toBe(before.metadata?.uid);
    expect(after.data).toEqual({ 'ca.crt': ca });
  });

  it('a terminating namespace gets nothing, and the refusal is not retried', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('going', 'Terminating'));
    // A failed sync is logged (and retried after a backoff idle() does not wait for): no warning means no retry.
    const warnings: unknown[] = [];
    manager = startControllerManager({ client, controllers: [rootCACertPublisher(ca)], log: { info: () => {}, warn: (obj) => warnings.push(obj) } });
    await manager.idle();
    expect(warnings).toEqual([]);
    expect(client.peek('configmaps', 'going', 'kube-root-ca.crt')).toBeUndefined();
    // Namespace add events are queued whatever the phase (kube's namespaceAdded): one create, refused.
    expect(cmWrites(client).map((a) => a.verb)).toEqual(['create']);
  });

  it('other ConfigMaps are not its business', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    const m = start(client);
    await m.idle();
    const writes = cmWrites(client).length;
    const configMaps = client.resource('', 'v1', 'configmaps')!;
    await configMaps.create('a', { metadata: { name: 'other' }, data: { 'ca.crt': 'x' } });
    await configMaps.update('a', { metadata: { name: 'other' }, data: { 'ca.crt': 'y' } });
    await configMaps.delete('a', 'other');
    // A barrier: the informer delivers events in order, so once the deleted kube-root-ca.crt is
    // back, the events of `other` have been handled too.
    await configMaps.delete('a', 'kube-root-ca.crt');
    await eventually(() => client.peek('configmaps', 'a', 'kube-root-ca.crt') ?? expect.fail('not re-created yet'));
    await m.idle();
    expect(cmWrites(client).slice(writes).map((a) => `${a.verb} ${a.name}`)).toEqual(['create other', 'update other', 'delete other', 'delete kube-root-ca.crt', 'create kube-root-ca.crt']);
  });
});
