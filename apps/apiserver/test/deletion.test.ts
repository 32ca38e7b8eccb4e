// What a DELETE does before, or instead of, removing an object (issue 15), as kube's store does it:
// propagation policies set the garbage collector's finalizers, kinds have their default policies
// (Jobs and ReplicationControllers orphan; Jobs warn), pods bound to a node are deleted gracefully,
// preconditions fail early with kube's messages. Over HTTP and kubectl; the DELETE's answer shows the
// object as marked, before the garbage collector acts on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

let server: TestServer;
let noGC: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  noGC = await startTestServer({ controllers: ['*', '-garbagecollector'] });
  dir = mkdtempSync(join(tmpdir(), 'kapi-deletion-'));
});
afterAll(async () => {
  await server.stop();
  await noGC.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, on: TestServer = server): Promise<{ status: number; json: any; warning: string | null }> {
  const res = await fetch(on.url + path, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, warning: res.headers.get('warning') };
}

const cm = (name: string) => call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name } });

const gone = async (path: string) => {
  for (let i = 0; i < 400; i++) {
    if ((await call('GET', path)).status === 404) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe('propagation policies', () => {
  it('Foreground sets foregroundDeletion, Orphan sets orphan; Background and no policy delete at once', async () => {
    await cm('fg');
    const fg = await call('DELETE', '/api/v1/namespaces/default/configmaps/fg', { propagationPolicy: 'Foreground' });
    expect(fg.status).toBe(200);
    expect(fg.json.kind).toBe('ConfigMap');
    expect(fg.json.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(fg.json.metadata.deletionTimestamp).toBeDefined();
    expect(fg.json.metadata.deletionGracePeriodSeconds).toBe(0);

    await cm('or');
    const or = await call('DELETE', '/api/v1/namespaces/default/configmaps/or?propagationPolicy=Orphan');
    expect(or.json.metadata.finalizers).toEqual(['orphan']);
    // With nothing depending on them, the garbage collector lets both go.
    expect(await gone('/api/v1/namespaces/default/configmaps/fg')).toBe(true);
    expect(await gone('/api/v1/namespaces/default/configmaps/or')).toBe(true);

    await cm('bg');
    const bg = await call('DELETE', '/api/v1/namespaces/default/configmaps/bg', { propagationPolicy: 'Background' });
    expect(bg.json).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'bg', kind: 'configmaps' } });
    expect((await call('GET', '/api/v1/namespaces/default/configmaps/bg')).status).toBe(404);
  });

  it('answers 202 when a delete with orphanDependents=false (a background cascade) has to wait for finalizers', async () => {
    await call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'legacy', finalizers: ['example.com/hold'] } });
    const r = await call('DELETE', '/api/v1/namespaces/default/configmaps/legacy', { orphanDependents: false });
    expect(r.status).toBe(202);
    expect(r.json.metadata.finalizers).toEqual(['example.com/hold']);
    await cm('legacy-free');
    expect((await call('DELETE', '/api/v1/namespaces/default/configmaps/legacy-free', { orphanDependents: false })).status).toBe(200);
    const both = await call('DELETE', '/api/v1/namespaces/default/configmaps/legacy', { orphanDependents: true, propagationPolicy: 'Orphan' });
    expect(both.status).toBe(422);
    expect(both.json.message).toBe('DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set');
  });

  it('a later delete switches the finalizers as its policy says; a deletion timestamp, once set, stays', async () => {
    await cm('switch');
    const owner = (await call('GET', '/api/v1/namespaces/default/configmaps/switch')).json;
    // A blocking dependent that something else holds keeps the owner waiting in the foreground.
    await call('POST', '/api/v1/namespaces/default/configmaps', {
      metadata: { name: 'switch-dep', finalizers: ['example.com/hold'], ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'switch', uid: owner.metadata.uid, blockOwnerDeletion: true }] },
    });
    const first = await call('DELETE', '/api/v1/namespaces/default/configmaps/switch', { propagationPolicy: 'Foreground' });
    expect(first.json.metadata.finalizers).toEqual(['foregroundDeletion']);
    const second = await call('DELETE', '/api/v1/namespaces/default/configmaps/switch', { propagationPolicy: 'Orphan' });
    expect(second.json.metadata.finalizers).toEqual(['orphan']);
    expect(second.json.metadata.deletionTimestamp).toBe(first.json.metadata.deletionTimestamp);
    // Orphaned, the owner goes; its dependent stays (held), without its owner reference.
    expect(await gone('/api/v1/namespaces/default/configmaps/switch')).toBe(true);
    const dep = (await call('GET', '/api/v1/namespaces/default/configmaps/switch-dep')).json;
    expect(dep.metadata.ownerReferences).toBeUndefined();
  });

  it('without the garbage collector (--controllers=*,-garbagecollector), deletes set no finalizers, as kube-apiserver with --enable-garbage-collector=false', async () => {
    await call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'plain' } }, noGC);
    const del = await call('DELETE', '/api/v1/namespaces/default/configmaps/plain', { propagationPolicy: 'Foreground' }, noGC);
    expect(del.json).toMatchObject({ kind: 'Status', status: 'Success' });
  });

  it('Jobs orphan their pods unless told, with kube\'s warning; ReplicationControllers orphan; Events never take finalizers', async () => {
    const job = {
      metadata: { name: 'j' },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
    };
    expect((await call('POST', '/apis/batch/v1/namespaces/default/jobs', job)).status).toBe(201);
    const del = await call('DELETE', '/apis/batch/v1/namespaces/default/jobs/j');
    expect(del.json.metadata.finalizers).toEqual(['orphan']);
    expect(del.warning).toBe(
      '299 - "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning"',
    );
    const rc = { metadata: { name: 'rc' }, spec: { selector: { app: 'rc' }, template: { metadata: { labels: { app: 'rc' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    expect((await call('POST', '/api/v1/namespaces/default/replicationcontrollers', rc)).status).toBe(201);
    expect((await call('DELETE', '/api/v1/namespaces/default/replicationcontrollers/rc')).json.metadata.finalizers).toEqual(['orphan']);
    const ev = { metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R', message: 'm' };
    expect((await call('POST', '/api/v1/namespaces/default/events', ev)).status).toBe(201);
    const evDel = await call('DELETE', '/api/v1/namespaces/default/events/e', { propagationPolicy: 'Foreground' });
    expect(evDel.json).toMatchObject({ kind: 'Status', status: 'Success' });
  });

  it('checks preconditions before anything else, with the kind in kube\'s message', async () => {
    await cm('pre');
    const uid = await call('DELETE', '/api/v1/namespaces/default/configmaps/pre', { preconditions: { uid: 'other' } });
    expect(uid.status).toBe(409);
    expect(uid.json.message).toMatch(/^Operation cannot be fulfilled on ConfigMap "pre": the UID in the precondition \(other\) does not match the UID in record \([0-9a-f-]+\)\. The object might have been deleted and then recreated$/);
    const rv = await call('DELETE', '/api/v1/namespaces/default/configmaps/pre', { preconditions: { resourceVersion: '1' } });
    expect(rv.status).toBe(409);
    expect(rv.json.message).toMatch(/^Operation cannot be fulfilled on ConfigMap "pre": the ResourceVersion in the precondition \(1\) does not match the ResourceVersion in record \(\d+\)\. The object might have been modified$/);
  });
});

describe('graceful deletion of pods', () => {
  const pod = (name: string, extra: object = {}) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...extra } });

  it('a pod bound to a node gets deletionTimestamp and its grace period, and stays; only a shorter period changes it; 0 deletes it', async () => {
    expect((await call('POST', '/api/v1/nodes', { metadata: { name: 'node-a' } })).status).toBe(201);
    expect((await call('POST', '/api/v1/namespaces/default/pods', pod('bound', { nodeName: 'node-a', terminationGracePeriodSeconds: 45 }))).status).toBe(201);
    const before = Date.now();
    const first = await call('DELETE', '/api/v1/namespaces/default/pods/bound');
    expect(first.status).toBe(200);
    expect(first.json.metadata.deletionGracePeriodSeconds).toBe(45);
    const at = Date.parse(first.json.metadata.deletionTimestamp);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 44_000);
    expect((await call('GET', '/api/v1/namespaces/default/pods/bound')).status).toBe(200);
    // A longer period changes nothing.
    const longer = await call('DELETE', '/api/v1/namespaces/default/pods/bound?gracePeriodSeconds=100');
    expect(longer.json.metadata.deletionTimestamp).toBe(first.json.metadata.deletionTimestamp);
    // A shorter one moves deletionTimestamp back by the difference.
    const shorter = await call('DELETE', '/api/v1/namespaces/default/pods/bound?gracePeriodSeconds=30');
    expect(shorter.json.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(Date.parse(shorter.json.metadata.deletionTimestamp)).toBe(at - 15_000);
    const now = await call('DELETE', '/api/v1/namespaces/default/pods/bound', { gracePeriodSeconds: 0 });
    expect(now.status).toBe(200);
    expect((await call('GET', '/api/v1/namespaces/default/pods/bound')).status).toBe(404);
  });

  it('a pod on no node, or one that has terminated, goes at once', async () => {
    expect((await call('POST', '/api/v1/namespaces/default/pods', pod('unbound'))).status).toBe(201);
    const del = await call('DELETE', '/api/v1/namespaces/default/pods/unbound');
    expect(del.status).toBe(200);
    expect((await call('GET', '/api/v1/namespaces/default/pods/unbound')).status).toBe(404);
  });

  it.skipIf(!kubectlPath)('kubectl delete --wait=false leaves the pod Terminating; --grace-period=0 --force removes it', async () => {
    const kubeconfig = server.kubeconfigPath;
    const file = join(dir, 'p.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Pod\nmetadata: {name: k-bound}\nspec: {nodeName: node-a, containers: [{name: c, image: nginx}]}\n');
    expect((await kubectl(kubeconfig, ['create', '-f', file])).code).toBe(0);
    const del = await kubectl(kubeconfig, ['delete', 'pod', 'k-bound', '--wait=false']);
    expect(del.stdout).toBe('pod "k-bound" deleted\n');
    const got = JSON.parse((await kubectl(kubeconfig, ['get', 'pod', 'k-bound', '-o', 'json'])).stdout);
    expect(got.metadata.deletionGracePeriodSeconds).toBe(30);
    expect((await kubectl(kubeconfig, ['get', 'pod', 'k-bound'])).stdout).toContain('Terminating');
    const force = await kubectl(kubeconfig, ['delete', 'pod', 'k-bound', '--grace-period=0', '--force']);
    expect(force.code).toBe(0);
    expect((await kubectl(kubeconfig, ['get', 'pod', 'k-bound', '--ignore-not-found', '-o', 'name'])).stdout).toBe('');
  });
});
