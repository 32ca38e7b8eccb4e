// What kube-controller-manager puts in every namespace, seen with kubectl against a test server:
// the `default` ServiceAccount (serviceaccount-controller) and the `kube-root-ca.crt` ConfigMap
// (root-ca-certificate-publisher-controller), created, restored, and left out of terminating namespaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@kapi/controllers/testing';
import { loadRootCA } from '../src/root-ca.ts';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the namespace defaults kubectl tests are skipped');

const description =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

interface Obj {
  metadata: { name: string; namespace?: string; uid: string; annotations?: Record<string, string>; managedFields?: { manager: string; operation: string; fieldsV1?: unknown }[] } & Record<string, unknown>;
  data?: Record<string, string>;
  [k: string]: unknown;
}

describe.skipIf(!kubectlPath)('namespace defaults with kubectl (serviceaccount and root CA publisher controllers)', () => {
  let server: TestServer;
  let caPEM: string;
  const k = async (...args: string[]) => kubectl(server.kubeconfigPath, args);
  const getJson = async (...args: string[]): Promise<Obj> => {
    const got = await k('get', ...args, '-o', 'json', '--show-managed-fields');
    if (got.code !== 0) throw new Error(got.stderr);
    return JSON.parse(got.stdout) as Obj;
  };

  beforeAll(async () => {
    server = await startTestServer();
    // The test server publishes the process's CA (loadRootCA without a file or a data dir).
    caPEM = (await loadRootCA()).certPEM;
    await server.controllers.idle();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the namespaces a server starts with get both', async () => {
    for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
      expect((await getJson('serviceaccount', 'default', '-n', ns)).metadata.name).toBe('default');
      expect((await getJson('configmap', 'kube-root-ca.crt', '-n', ns)).data).toEqual({ 'ca.crt': caPEM });
    }
  });

  it('a new namespace gets a `default` ServiceAccount as kube creates it: a name, nothing else, no managedFields', async () => {
    expect((await k('create', 'namespace', 'team-a')).stdout.trim()).toBe('namespace/team-a created');
    const sa = await eventually(() => getJson('serviceaccount', 'default', '-n', 'team-a'));
    expect(Object.keys(sa).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(Object.keys(sa.metadata).sort()).toEqual(['creationTimestamp', 'name', 'namespace', 'resourceVersion', 'uid']);
  });

  it('a new namespace gets kube-root-ca.crt with the CA, kube’s description, written by kube-controller-manager', async () => {
    const cm = await eventually(() => getJson('configmap', 'kube-root-ca.crt', '-n', 'team-a'));
    expect(cm.data).toEqual({ 'ca.crt': caPEM });
    expect(cm.metadata.annotations).toEqual({ 'kubernetes.io/description': description });
    expect(cm.metadata.managedFields).toEqual([
      expect.objectContaining({
        manager: 'kube-controller-manager',
        operation: 'Update',
        apiVersion: 'v1',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { '.': {}, 'f:ca.crt': {} }, 'f:metadata': { 'f:annotations': { '.': {}, 'f:kubernetes.io/description': {} } } },
      }),
    ]);
  });

  it('a deleted `default` ServiceAccount and a deleted or changed kube-root-ca.crt come back', async () => {
    const sa = await getJson('serviceaccount', 'default', '-n', 'team-a');
    expect((await k('delete', 'serviceaccount', 'default', '-n', 'team-a')).stdout.trim()).toBe('serviceaccount "default" deleted');
    await eventually(async () => expect((await getJson('serviceaccount', 'default', '-n', 'team-a')).metadata.uid).not.toBe(sa.metadata.uid));

    const cm = await getJson('configmap', 'kube-root-ca.crt', '-n', 'team-a');
    expect((await k('delete', 'configmap', 'kube-root-ca.crt', '-n', 'team-a')).code).toBe(0);
    await eventually(async () => expect((await getJson('configmap', 'kube-root-ca.crt', '-n', 'team-a')).metadata.uid).not.toBe(cm.metadata.uid));

    const patched = await k('patch', 'configmap', 'kube-root-ca.crt', '-n', 'team-a', '--type=merge', '-p', JSON.stringify({ data: { 'ca.crt': 'not a CA' }, metadata: { annotations: null } }));
    expect(patched.stdout.trim()).toBe('configmap/kube-root-ca.crt patched');
    await eventually(async () => {
      const now = await getJson('configmap', 'kube-root-ca.crt', '-n', 'team-a');
      expect(now.data).toEqual({ 'ca.crt': caPEM });
      expect(now.metadata.annotations).toEqual({ 'kubernetes.io/description': description });
    });
  });

  it('nothing is created again in a terminating namespace', async () => {
    await k('create', 'namespace', 'going');
    await k('create', 'namespace', 'staying');
    for (const ns of ['going', 'staying']) {
      await eventually(() => getJson('serviceaccount', 'default', '-n', ns));
      await eventually(() => getJson('configmap', 'kube-root-ca.crt', '-n', ns));
    }
    // A finalizer of our own keeps the namespace Terminating, its content in place.
    await k('patch', 'namespace', 'going', '--type=merge', '-p', JSON.stringify({ metadata: { finalizers: ['example.com/hold'] } }));
    expect((await k('delete', 'namespace', 'going', '--wait=false')).code).toBe(0);
    await eventually(async () => expect(((await getJson('namespace', 'going')).status as { phase: string }).phase).toBe('Terminating'));
    await k('delete', 'serviceaccount', 'default', '-n', 'going');
    await k('delete', 'configmap', 'kube-root-ca.crt', '-n', 'going');
    // A barrier: the same deletes in an active namespace, handled after those (one watch, in order).
    const sa = await getJson('serviceaccount', 'default', '-n', 'staying');
    const cm = await getJson('configmap', 'kube-root-ca.crt', '-n', 'staying');
    await k('delete', 'serviceaccount', 'default', '-n', 'staying');
    await k('delete', 'configmap', 'kube-root-ca.crt', '-n', 'staying');
    await eventually(async () => expect((await getJson('serviceaccount', 'default', '-n', 'staying')).metadata.uid).not.toBe(sa.metadata.uid));
    await eventually(async () => expect((await getJson('configmap', 'kube-root-ca.crt', '-n', 'staying')).metadata.uid).not.toBe(cm.metadata.uid));
    await server.controllers.idle();
    expect((await k('get', 'serviceaccount', 'default', '-n', 'going')).stderr).toContain('serviceaccounts "default" not found');
    expect((await k('get', 'configmap', 'kube-root-ca.crt', '-n', 'going')).stderr).toContain('configmaps "kube-root-ca.crt" not found');
  });
});
