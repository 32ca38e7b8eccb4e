// The garbage collector and the namespace controller inside `kapi serve`, driven by kubectl (issue
// 15): background, foreground and orphan cascades over three levels of owners, dependents of owners
// that never existed, and namespaces deleted in the background with their content.
import { describe, expect, it } from 'vitest';
import { eventually, kubectlPath, useKapiServe, type KubectlResult } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the garbage collector kubectl tests are skipped');

const ok = (r: KubectlResult) => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

const deployment = (name: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec: {containers: [{name: c, image: nginx}]}
`;

const owned = (kind: string, apiVersion: string, name: string, owner: { kind: string; apiVersion: string; name: string; uid: string }, body: string, block = true) => `apiVersion: ${apiVersion}
kind: ${kind}
metadata:
  name: ${name}
  labels: {app: web}
  ownerReferences:
  - {apiVersion: ${owner.apiVersion}, kind: ${owner.kind}, name: ${owner.name}, uid: ${owner.uid}, controller: true, blockOwnerDeletion: ${block}}
${body}`;

const replicaSetBody = (app: string) => `spec:
  replicas: 1
  selector: {matchLabels: {app: ${app}}}
  template:
    metadata: {labels: {app: ${app}}}
    spec: {containers: [{name: c, image: nginx}]}
`;
const podBody = 'spec: {containers: [{name: c, image: nginx}]}\n';

describe.skipIf(!kubectlPath)('the garbage collector and the namespace controller with kubectl', () => {
  const f = useKapiServe('gc');
  const uidOf = async (...args: string[]) => ok(await f.k('get', ...args, '-o', 'jsonpath={.metadata.uid}'));
  const exists = async (...args: string[]) => (await f.k('get', ...args, '--ignore-not-found', '-o', 'name')).stdout.trim() !== '';

  /** A Deployment owning a ReplicaSet owning a Pod (no workload controllers: the test writes the chain). */
  async function chain(name: string): Promise<void> {
    ok(await f.k('apply', '-f', f.file(`${name}-deploy.yaml`, deployment(name))));
    const deployUid = await uidOf('deployment', name);
    ok(await f.k('apply', '-f', f.file(`${name}-rs.yaml`, owned('ReplicaSet', 'apps/v1', `${name}-rs`, { kind: 'Deployment', apiVersion: 'apps/v1', name, uid: deployUid }, replicaSetBody(name)))));
    const rsUid = await uidOf('replicaset', `${name}-rs`);
    ok(await f.k('apply', '-f', f.file(`${name}-pod.yaml`, owned('Pod', 'v1', `${name}-pod`, { kind: 'ReplicaSet', apiVersion: 'apps/v1', name: `${name}-rs`, uid: rsUid }, podBody))));
  }

  it('background (kubectl delete): the Deployment goes at once, then its ReplicaSet, then its Pod', async () => {
    await chain('bg');
    expect(ok(await f.k('delete', 'deployment', 'bg'))).toContain('deployment.apps "bg" deleted');
    expect(await exists('deployment', 'bg')).toBe(false);
    expect(await eventually(async () => !(await exists('replicaset', 'bg-rs')) && !(await exists('pod', 'bg-pod')))).toBe(true);
  });

  it('foreground: the owner stays with deletionTimestamp and the foregroundDeletion finalizer until its dependents are gone', async () => {
    await chain('fg');
    // Something else holds the Pod, so the chain cannot finish until it lets go.
    ok(await f.k('patch', 'pod', 'fg-pod', '--type=merge', '-p', '{"metadata":{"finalizers":["example.com/hold"]}}'));
    ok(await f.k('delete', 'deployment', 'fg', '--cascade=foreground', '--wait=false'));
    const deploy = JSON.parse(ok(await f.k('get', 'deployment', 'fg', '-o', 'json'))) as { metadata: { deletionTimestamp?: string; finalizers?: string[] } };
    expect(deploy.metadata.deletionTimestamp).toBeDefined();
    expect(deploy.metadata.finalizers).toEqual(['foregroundDeletion']);
    // The ReplicaSet is deleted in the foreground too and waits for the Pod.
    expect(
      await eventually(async () => {
        const rs = JSON.parse((await f.k('get', 'replicaset', 'fg-rs', '-o', 'json')).stdout || '{}') as { metadata?: { finalizers?: string[]; deletionTimestamp?: string } };
        return rs.metadata?.deletionTimestamp !== undefined && (rs.metadata.finalizers ?? []).includes('foregroundDeletion');
      }),
    ).toBe(true);
    expect(await eventually(async () => (await f.k('get', 'pod', 'fg-pod', '-o', 'jsonpath={.metadata.deletionTimestamp}')).stdout !== '')).toBe(true);
    expect(await exists('deployment', 'fg')).toBe(true);
    ok(await f.k('patch', 'pod', 'fg-pod', '--type=merge', '-p', '{"metadata":{"finalizers":null}}'));
    expect(await eventually(async () => !(await exists('deployment', 'fg')) && !(await exists('replicaset', 'fg-rs')) && !(await exists('pod', 'fg-pod')))).toBe(true);
  });

  it('orphan: the owner goes and its dependents stay, their ownerReferences removed', async () => {
    await chain('or');
    ok(await f.k('delete', 'deployment', 'or', '--cascade=orphan'));
    expect(await eventually(async () => !(await exists('deployment', 'or')))).toBe(true);
    expect(await exists('replicaset', 'or-rs')).toBe(true);
    expect(ok(await f.k('get', 'replicaset', 'or-rs', '-o', 'jsonpath={.metadata.ownerReferences}'))).toBe('');
    // The Pod keeps its owner, the ReplicaSet, which still exists.
    expect(ok(await f.k('get', 'pod', 'or-pod', '-o', 'jsonpath={.metadata.ownerReferences[0].name}'))).toBe('or-rs');
  });

  it('collects a dependent whose owner never existed, and keeps one whose owner exists', async () => {
    ok(await f.k('create', 'configmap', 'real-owner'));
    const realUid = await uidOf('configmap', 'real-owner');
    ok(await f.k('apply', '-f', f.file('orphan-cm.yaml', owned('ConfigMap', 'v1', 'ghost-child', { kind: 'ConfigMap', apiVersion: 'v1', name: 'ghost', uid: '6d9f3b1c-0000-4000-8000-000000000000' }, 'data: {a: b}\n', false))));
    ok(await f.k('apply', '-f', f.file('kept-cm.yaml', owned('ConfigMap', 'v1', 'real-child', { kind: 'ConfigMap', apiVersion: 'v1', name: 'real-owner', uid: realUid }, 'data: {a: b}\n', false))));
    expect(await eventually(async () => !(await exists('configmap', 'ghost-child')))).toBe(true);
    expect(await exists('configmap', 'real-child')).toBe(true);
    // An owner of the same name but another uid is no owner: the dependent goes.
    ok(await f.k('apply', '-f', f.file('wrong-uid.yaml', owned('ConfigMap', 'v1', 'wrong-uid-child', { kind: 'ConfigMap', apiVersion: 'v1', name: 'real-owner', uid: '6d9f3b1c-0000-4000-8000-000000000001' }, 'data: {a: b}\n', false))));
    expect(await eventually(async () => !(await exists('configmap', 'wrong-uid-child')))).toBe(true);
    expect(await exists('configmap', 'real-child')).toBe(true);
  });

  it('reports an owner in another namespace as kube does (OwnerRefInvalidNamespace) and collects the dependent', async () => {
    ok(await f.k('create', 'namespace', 'elsewhere'));
    ok(await f.k('create', 'configmap', 'far-owner', '-n', 'elsewhere'));
    const farUid = await uidOf('configmap', 'far-owner', '-n', 'elsewhere');
    // Seen first: the owner, in its namespace; then a dependent in default naming its uid.
    expect(await eventually(async () => (await f.k('get', 'configmap', 'far-owner', '-n', 'elsewhere', '-o', 'name')).code === 0)).toBe(true);
    ok(await f.k('apply', '-f', f.file('cross-ns.yaml', owned('ConfigMap', 'v1', 'cross-child', { kind: 'ConfigMap', apiVersion: 'v1', name: 'far-owner', uid: farUid }, 'data: {a: b}\n', false))));
    expect(await eventually(async () => !(await exists('configmap', 'cross-child')))).toBe(true);
    expect(await exists('configmap', 'far-owner', '-n', 'elsewhere')).toBe(true);
    const events = async () =>
      (JSON.parse(ok(await f.k('get', 'events', '--field-selector', 'involvedObject.name=cross-child', '-o', 'json'))) as { items: { reason: string; type: string; message: string; source: { component: string } }[] }).items;
    expect(await eventually(async () => (await events()).some((e) => e.reason === 'OwnerRefInvalidNamespace'))).toBe(true);
    const ev = (await events()).find((e) => e.reason === 'OwnerRefInvalidNamespace')!;
    expect(ev.type).toBe('Warning');
    expect(ev.source.component).toBe('garbage-collector-controller');
    expect(ev.message).toBe(`ownerRef [v1/ConfigMap, namespace: default, name: far-owner, uid: ${farUid}] does not exist in namespace "default"`);
  });

  it('a cluster-scoped dependent naming a namespaced owner is reported (OwnerRefInvalidNamespace) and kept, as kube keeps it', async () => {
    ok(await f.k('create', 'configmap', 'ns-owner'));
    const ownerUid = await uidOf('configmap', 'ns-owner');
    ok(await f.k('apply', '-f', f.file('cluster-dep.yaml', `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: cluster-dep
  ownerReferences:
  - {apiVersion: v1, kind: ConfigMap, name: ns-owner, uid: ${ownerUid}}
rules: []
`)));
    const events = async () =>
      (JSON.parse(ok(await f.k('get', 'events', '-A', '--field-selector', 'involvedObject.name=cluster-dep', '-o', 'json'))) as { items: { reason: string; message: string; metadata: { namespace: string } }[] }).items;
    expect(await eventually(async () => (await events()).some((e) => e.reason === 'OwnerRefInvalidNamespace'))).toBe(true);
    const ev = (await events()).find((e) => e.reason === 'OwnerRefInvalidNamespace')!;
    expect(ev.metadata.namespace).toBe('default');
    expect(ev.message).toBe(`ownerRef [v1/ConfigMap, namespace: , name: ns-owner, uid: ${ownerUid}] does not exist in namespace ""`);
    // Not collected: the owner is not found where a cluster-scoped object could name it, and kube
    // gives up on it rather than deleting. A dependent of a missing owner made afterwards is
    // collected: by then the collector has been through the ClusterRole.
    ok(await f.k('apply', '-f', f.file('after.yaml', owned('ConfigMap', 'v1', 'collected-after', { kind: 'ConfigMap', apiVersion: 'v1', name: 'nobody', uid: '6d9f3b1c-0000-4000-8000-000000000002' }, 'data: {a: b}\n', false))));
    expect(await eventually(async () => !(await exists('configmap', 'collected-after')))).toBe(true);
    expect(await exists('clusterrole', 'cluster-dep')).toBe(true);
    ok(await f.k('delete', 'clusterrole', 'cluster-dep'));
  });

  it('collects custom resources and what they own, and empties namespaces of them', async () => {
    ok(await f.k('apply', '-f', f.file('crd.yaml', `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gizmos.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gizmos, singular: gizmo, kind: Gizmo}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`)));
    expect(await eventually(async () => (await f.k('get', 'gizmos')).code === 0)).toBe(true);
    const gizmo = (name: string, ns = 'default') => `apiVersion: example.com/v1\nkind: Gizmo\nmetadata: {name: ${name}, namespace: ${ns}}\nspec: {size: 1}\n`;
    // A Gizmo owning a ConfigMap, and a ConfigMap owning a Gizmo.
    ok(await f.k('apply', '-f', f.file('g1.yaml', gizmo('g-owner'))));
    const gUid = await uidOf('gizmo', 'g-owner');
    ok(await f.k('apply', '-f', f.file('g1-dep.yaml', owned('ConfigMap', 'v1', 'owned-by-gizmo', { kind: 'Gizmo', apiVersion: 'example.com/v1', name: 'g-owner', uid: gUid }, 'data: {a: b}\n'))));
    ok(await f.k('create', 'configmap', 'cm-owner'));
    const cmUid = await uidOf('configmap', 'cm-owner');
    ok(await f.k('apply', '-f', f.file('g2.yaml', owned('Gizmo', 'example.com/v1', 'owned-by-cm', { kind: 'ConfigMap', apiVersion: 'v1', name: 'cm-owner', uid: cmUid }, 'spec: {size: 2}\n'))));
    ok(await f.k('delete', 'gizmo', 'g-owner'));
    ok(await f.k('delete', 'configmap', 'cm-owner'));
    expect(await eventually(async () => !(await exists('configmap', 'owned-by-gizmo')) && !(await exists('gizmo', 'owned-by-cm')))).toBe(true);
    // A namespace holding custom resources is emptied of them too.
    ok(await f.k('create', 'namespace', 'gizmo-land'));
    ok(await f.k('apply', '-f', f.file('g3.yaml', gizmo('inside', 'gizmo-land'))));
    ok(await f.k('delete', 'namespace', 'gizmo-land'));
    expect(await exists('namespace', 'gizmo-land')).toBe(false);
    expect(ok(await f.k('get', 'gizmos', '-n', 'gizmo-land', '-o', 'name'))).toBe('');
  });

  it('kubectl delete -f of a manifest holding a Namespace and objects in it prints no error; the namespace goes in the background', async () => {
    const manifest = f.file(
      'ns.yaml',
      `apiVersion: v1
kind: Namespace
metadata: {name: team-a}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: team-a}
data: {a: b}
---
apiVersion: v1
kind: Secret
metadata: {name: token, namespace: team-a}
stringData: {t: x}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: team-a}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx}]}
`,
    );
    ok(await f.k('apply', '-f', manifest));
    const out = await f.k('delete', '-f', manifest);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('namespace "team-a" deleted');
    expect(await eventually(async () => !(await exists('namespace', 'team-a')))).toBe(true);
    expect(ok(await f.k('get', 'configmaps,secrets,deployments', '-n', 'team-a', '-o', 'name'))).toBe('');
  });

  it('a namespace whose content waits for a finalizer stays Terminating with kube conditions, then goes', async () => {
    ok(await f.k('create', 'namespace', 'team-b'));
    ok(await f.k('create', 'configmap', 'held', '-n', 'team-b'));
    ok(await f.k('patch', 'configmap', 'held', '-n', 'team-b', '--type=merge', '-p', '{"metadata":{"finalizers":["example.com/hold"]}}'));
    const del = await f.k('delete', 'namespace', 'team-b', '--wait=false');
    expect(del.code).toBe(0);
    expect(ok(await f.k('get', 'namespace', 'team-b', '-o', 'jsonpath={.status.phase}'))).toBe('Terminating');
    const conditions = async () =>
      (JSON.parse(ok(await f.k('get', 'namespace', 'team-b', '-o', 'json'))) as { status: { conditions?: { type: string; status: string; reason: string; message: string }[] } }).status.conditions ?? [];
    expect(await eventually(async () => (await conditions()).some((c) => c.type === 'NamespaceFinalizersRemaining' && c.status === 'True'))).toBe(true);
    const byType = Object.fromEntries((await conditions()).map((c) => [c.type, c]));
    expect(byType.NamespaceContentRemaining).toMatchObject({ status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: configmaps. has 1 resource instances' });
    expect(byType.NamespaceFinalizersRemaining).toMatchObject({ status: 'True', reason: 'SomeFinalizerRemain', message: 'Some finalizers are remaining: example.com/hold in 1 resource instances' });
    expect(byType.NamespaceDeletionDiscoveryFailure).toMatchObject({ status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' });
    expect(byType.NamespaceDeletionContentFailure).toMatchObject({ status: 'False', reason: 'ContentDeleted' });
    // New content is refused while it terminates.
    const refused = await f.k('create', 'configmap', 'late', '-n', 'team-b');
    expect(refused.stderr).toContain('because it is being terminated');
    ok(await f.k('patch', 'configmap', 'held', '-n', 'team-b', '--type=merge', '-p', '{"metadata":{"finalizers":null}}'));
    expect(await eventually(async () => !(await exists('namespace', 'team-b')), 40_000)).toBe(true);
  });
});

describe.skipIf(!kubectlPath)('controllers switched off, and resumed after a restart', () => {
  it('--controllers=*,-namespace leaves a deleted namespace Terminating; a restart with it on finishes the deletion', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { kubectl, startKapiServe } = await import('./kubectl.ts');
    const dir = mkdtempSync(join(tmpdir(), 'kapi-restart-'));
    try {
      const first = await startKapiServe(['--data-dir', dir, '--port', '0', '--controllers', '*,-namespace']);
      const k1 = (...args: string[]) => kubectl(first.kubeconfig, args);
      expect((await k1('create', 'namespace', 'later')).code).toBe(0);
      expect((await k1('create', 'configmap', 'inside', '-n', 'later')).code).toBe(0);
      expect((await k1('delete', 'namespace', 'later', '--wait=false')).code).toBe(0);
      // Nothing empties it: it stays Terminating with its content, as kube does without the controller.
      expect((await k1('get', 'namespace', 'later', '-o', 'jsonpath={.status.phase}')).stdout).toBe('Terminating');
      expect((await k1('get', 'configmap', 'inside', '-n', 'later', '-o', 'name')).stdout.trim()).toBe('configmap/inside');
      expect(await first.interrupt()).toBe(0);

      const second = await startKapiServe(['--data-dir', dir, '--port', '0']);
      try {
        const k2 = (...args: string[]) => kubectl(second.kubeconfig, args);
        expect(await eventually(async () => (await k2('get', 'namespace', 'later', '--ignore-not-found', '-o', 'name')).stdout.trim() === '')).toBe(true);
      } finally {
        await second.interrupt();
      }
      // An unknown controller name is refused, as kube-controller-manager refuses it.
      const bad = await startKapiServe(['--data-dir', dir, '--port', '0', '--controllers', '*,-nosuch']).then(
        async (s) => {
          await s.interrupt();
          return '';
        },
        (err: Error) => err.message,
      );
      expect(bad).toContain('"nosuch" is not in the list of known controllers');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
