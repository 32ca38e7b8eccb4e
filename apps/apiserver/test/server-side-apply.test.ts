// Server-side apply and managedFields with real clients: kubectl (apply --server-side, diff
// --server-side, scale, label, edit, get --show-managed-fields) against `kapi serve` on SQLite and
// on etcd, and @kubernetes/client-node's apply patch.
//
// The managedFields each kubectl step must leave are kube-apiserver 1.33's, written here from
// Kubernetes' own test expectations where they exist (k8s.io/kubernetes
// test/integration/apiserver/apply: TestSubresourceField for `scale`, TestApplyManagedFields for an
// Update stealing a field from an applier, TestDuplicatesInAssociativeLists for what a create owns)
// and otherwise from kube's rules (k8s.io/apimachinery pkg/util/managedfields): an Update entry owns
// the leaves it changed and takes them from every other manager; an apply owns what it sent; a
// write through /scale is recorded as `{manager, Update, apps/v1, subresource: scale}` without a
// time (scalehandler.go ToParent); kubectl's manager names are those of kubectl 1.33's source.
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as k8s from '@kubernetes/client-node';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath, startKapiServe, versionedKubectl, type ServeProcess } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the kubectl server-side apply tests are skipped');

const deploymentManifest = (image: string, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: ${image}
        ports:
        - containerPort: 80
${extra}`;

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  fieldsType: string;
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

/** The entries without their times (asserted separately), in the server's order. */
const withoutTime = (entries: Entry[]) => entries.map(({ time: _time, ...rest }) => rest);

const seconds = (t: string | undefined) => (t ? Math.floor(Date.parse(t) / 1000) : 0);
const byIdentity = (a: { manager: string; operation: string; subresource?: string }, b: typeof a) =>
  `${a.operation}/${a.manager}/${a.subresource ?? ''}`.localeCompare(`${b.operation}/${b.manager}/${b.subresource ?? ''}`);

/**
 * managedFields as kube writes them: in its order (operation, then time to the second, then manager,
 * apiVersion, subresource; managedfields.go sortEncodedManagedFields) and, times aside, equal to
 * `expected` (which entries share a second depends on the machine, so the order is checked by rule).
 */
function expectManagedFields(entries: Entry[], expected: Omit<Entry, 'time'>[]): void {
  for (let i = 1; i < entries.length; i++) {
    const p = entries[i - 1]!;
    const q = entries[i]!;
    const order =
      p.operation.localeCompare(q.operation) || seconds(p.time) - seconds(q.time) || p.manager.localeCompare(q.manager) || (p.subresource ?? '').localeCompare(q.subresource ?? '');
    expect(order, `entries ${i - 1} and ${i} are out of kube's order`).toBeLessThanOrEqual(0);
  }
  expect(withoutTime(entries).sort(byIdentity)).toEqual([...expected].sort(byIdentity));
}

/** What `kubectl create -f` of deploymentManifest owns: every field it sent and every default, as a kube create does. */
const createdFields = {
  'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
  'f:spec': {
    'f:progressDeadlineSeconds': {},
    'f:replicas': {},
    'f:revisionHistoryLimit': {},
    'f:selector': {},
    'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
    'f:template': {
      'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
      'f:spec': {
        'f:containers': {
          'k:{"name":"web"}': {
            '.': {},
            'f:image': {},
            'f:imagePullPolicy': {},
            'f:name': {},
            'f:ports': { '.': {}, 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:protocol': {} } },
            'f:resources': {},
            'f:terminationMessagePath': {},
            'f:terminationMessagePolicy': {},
          },
        },
        'f:dnsPolicy': {},
        'f:restartPolicy': {},
        'f:schedulerName': {},
        'f:securityContext': {},
        'f:terminationGracePeriodSeconds': {},
      },
    },
  },
};

function kubectlSession(label: string, serveArgs: () => string[]) {
  describe.skipIf(!kubectlPath)(`kubectl server-side apply against kapi serve (${label})`, () => {
    let serve: ServeProcess;
    let dir: string;
    const k = (...args: string[]) => kubectl(serve.kubeconfig, args);
    const file = (name: string, text: string) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const managedFields = async (resource: string): Promise<Entry[]> => {
      const r = await k('get', resource, '-o', 'json', '--show-managed-fields');
      expect(r.stderr).toBe('');
      return (JSON.parse(r.stdout) as { metadata: { managedFields: Entry[] } }).metadata.managedFields;
    };
    const getJson = async (resource: string) => JSON.parse((await k('get', resource, '-o', 'json')).stdout) as Record<string, any>;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'kapi-ssa-'));
      serve = await startKapiServe([...serveArgs(), '--data-dir', join(dir, 'data'), '--port', '0']);
    });
    afterAll(async () => {
      await serve?.interrupt();
      rmSync(dir, { recursive: true, force: true });
    });

    it('create, apply --server-side, scale, label and edit leave the managedFields kube writes', async () => {
      // 1. kubectl create: one Update entry for kubectl-create owning what it sent and the defaults.
      expect((await k('create', '-f', file('create.yaml', deploymentManifest('nginx:1.27')))).stdout.trim()).toBe('deployment.apps/web created');
      let entries = await managedFields('deploy/web');
      expect(withoutTime(entries)).toEqual([{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: createdFields }]);
      expect(entries[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      // 2. kubectl apply --server-side with a new label: kubectl (Apply) owns what it sent; the label is new.
      const applied = await k('apply', '--server-side', '-f', file('apply.yaml', deploymentManifest('nginx:1.27').replace('    app: web\nspec:', '    app: web\n    team: a\nspec:')));
      expect(applied.stderr).toBe('');
      expect(applied.stdout.trim()).toBe('deployment.apps/web serverside-applied');
      entries = await managedFields('deploy/web');
      const appliedFields = {
        'f:metadata': { 'f:labels': { 'f:app': {}, 'f:team': {} } },
        'f:spec': {
          'f:replicas': {},
          'f:selector': {},
          'f:template': {
            'f:metadata': { 'f:labels': { 'f:app': {} } },
            'f:spec': {
              'f:containers': {
                'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } },
              },
            },
          },
        },
      };
      expectManagedFields(entries, [
        { manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: appliedFields },
        { manager: 'kubectl-create', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: createdFields },
      ]);

      // 3. kubectl scale: a merge patch of /scale by `kubectl` (from the User-Agent). Every other
      // owner loses .spec.replicas; the new entry is recorded at apps/v1 with subresource scale and
      // no time (TestSubresourceField; scalehandler.go ToParent).
      expect((await k('scale', 'deploy/web', '--replicas=3')).stdout.trim()).toBe('deployment.apps/web scaled');
      entries = await managedFields('deploy/web');
      const { 'f:replicas': _r1, ...appliedSpec } = appliedFields['f:spec'];
      const { 'f:replicas': _r2, ...createdSpec } = createdFields['f:spec'];
      const appliedAfterScale = { ...appliedFields, 'f:spec': appliedSpec };
      const createdAfterScale = { ...createdFields, 'f:spec': createdSpec };
      const scaleEntry = { manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } }, subresource: 'scale' };
      // Apply entries sort first; among Update entries the one without a time sorts first.
      expect(entries).toEqual([
        { manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1', time: entries[0]!.time, fieldsType: 'FieldsV1', fieldsV1: appliedAfterScale },
        scaleEntry,
        { manager: 'kubectl-create', operation: 'Update', apiVersion: 'apps/v1', time: entries[2]!.time, fieldsType: 'FieldsV1', fieldsV1: createdAfterScale },
      ]);
      expect((await getJson('deploy/web')).spec.replicas).toBe(3);

      // 4. kubectl label: a merge patch by kubectl-label; it owns the new label only.
      expect((await k('label', 'deploy/web', 'tier=frontend')).stdout.trim()).toBe('deployment.apps/web labeled');
      entries = await managedFields('deploy/web');
      expect(withoutTime(entries).at(-1)).toEqual({
        manager: 'kubectl-label',
        operation: 'Update',
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:labels': { 'f:tier': {} } } },
      });

      // 5. kubectl edit: a strategic merge patch by kubectl-edit; it takes the image from both owners.
      const editor = join(dir, 'editor.sh');
      writeFileSync(editor, '#!/bin/sh\nsed -i "s/image: nginx:1.27/image: nginx:1.28/" "$1"\n');
      chmodSync(editor, 0o755);
      const edited = await kubectl(serve.kubeconfig, ['edit', 'deploy/web'], undefined, undefined, { KUBE_EDITOR: editor, EDITOR: editor });
      expect(edited.stdout.trim()).toBe('deployment.apps/web edited');
      entries = await managedFields('deploy/web');
      const dropImage = (f: typeof appliedAfterScale | typeof createdAfterScale) => {
        const copy = structuredClone(f) as any;
        delete copy['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"web"}']['f:image'];
        return copy;
      };
      expectManagedFields(entries, [
        { manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: dropImage(appliedAfterScale) },
        scaleEntry,
        { manager: 'kubectl-create', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: dropImage(createdAfterScale) },
        { manager: 'kubectl-label', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:tier': {} } } } },
        {
          manager: 'kubectl-edit',
          operation: 'Update',
          apiVersion: 'apps/v1',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { 'f:image': {} } } } } } },
        },
      ]);

      // 6. Re-applying the old manifest now conflicts with the scale and the edit; --force-conflicts takes them back.
      const conflict = await k('apply', '--server-side', '-f', join(dir, 'apply.yaml'));
      expect(conflict.code).not.toBe(0);
      expect(conflict.stderr).toContain(
        'Apply failed with 2 conflicts: conflicts with "kubectl" with subresource "scale" using apps/v1:\n- .spec.replicas\nconflicts with "kubectl-edit" using apps/v1:\n- .spec.template.spec.containers[name="web"].image',
      );
      const forced = await k('apply', '--server-side', '--force-conflicts', '-f', join(dir, 'apply.yaml'));
      expect(forced.stdout.trim()).toBe('deployment.apps/web serverside-applied');
      const after = await getJson('deploy/web');
      expect(after.spec.replicas).toBe(2);
      expect(after.spec.template.spec.containers[0].image).toBe('nginx:1.27');
      entries = await managedFields('deploy/web');
      expect(entries.map((e) => e.manager).sort()).toEqual(['kubectl', 'kubectl-create', 'kubectl-label']);
      expect(entries[0]!.fieldsV1).toEqual(appliedFields);
    });

    it('a second apply of an unchanged manifest changes neither the resourceVersion nor any time', async () => {
      const f = file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: same\ndata:\n  a: "1"\n');
      const read = async () => JSON.parse((await k('get', 'cm/same', '-o', 'json', '--show-managed-fields')).stdout) as { metadata: { resourceVersion: string; managedFields: Entry[] } };
      expect((await k('apply', '--server-side', '-f', f)).stdout.trim()).toBe('configmap/same serverside-applied');
      const before = await read();
      expect(before.metadata.managedFields).toEqual([
        { manager: 'kubectl', operation: 'Apply', apiVersion: 'v1', time: before.metadata.managedFields[0]!.time, fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } },
      ]);
      // A second later, so that a rewritten time would differ.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await k('apply', '--server-side', '-f', f)).stdout.trim()).toBe('configmap/same serverside-applied');
      const after = await read();
      expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
      expect(after.metadata.managedFields).toEqual(before.metadata.managedFields);
    });

    it('apply --server-side creates, diff --server-side and --dry-run=server change nothing', async () => {
      const f = file('svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: ssa-svc\nspec:\n  selector:\n    app: one\n  ports:\n  - port: 80\n');
      expect((await k('apply', '--server-side', '--dry-run=server', '-f', f)).stdout.trim()).toBe('service/ssa-svc serverside-applied (server dry run)');
      expect((await k('get', 'svc/ssa-svc')).code).not.toBe(0);
      expect((await k('apply', '--server-side', '-f', f)).stdout.trim()).toBe('service/ssa-svc serverside-applied');
      const rv = (await getJson('svc/ssa-svc')).metadata.resourceVersion;
      const changed = file('svc2.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: ssa-svc\nspec:\n  selector:\n    app: two\n  ports:\n  - port: 80\n');
      const diff = await k('diff', '--server-side', '-f', changed);
      // kubectl diff exits 1 when there are differences.
      expect(diff.code).toBe(1);
      expect(diff.stdout).toMatch(/^-\s+app: one$/m);
      expect(diff.stdout).toMatch(/^\+\s+app: two$/m);
      expect((await getJson('svc/ssa-svc')).metadata.resourceVersion).toBe(rv);
      expect((await k('diff', '--server-side', '-f', f)).code).toBe(0);
    });

    it('takes over from client-side apply: the fields kubectl apply set move to kubectl without conflicts', async () => {
      const csa = file('csa.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: migrate\ndata:\n  a: "1"\n  b: "2"\n');
      expect((await k('apply', '-f', csa)).stdout.trim()).toBe('configmap/migrate created');
      const ssa = file('ssa.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: migrate\ndata:\n  a: "1"\n  b: "3"\n');
      const r = await k('apply', '--server-side', '-f', ssa);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('configmap/migrate serverside-applied');
      const cm = await getJson('cm/migrate');
      expect(cm.data).toEqual({ a: '1', b: '3' });
      const entries = await managedFields('cm/migrate');
      expect(entries.find((e) => e.manager === 'kubectl' && e.operation === 'Apply')?.fieldsV1).toMatchObject({ 'f:data': { 'f:a': {}, 'f:b': {} } });
    });
  });
}

kubectlSession('SQLite', () => []);

let etcd: EtcdServer | undefined;
describe('on etcd', () => {
  beforeAll(async () => {
    etcd = await startEtcd();
  });
  afterAll(async () => {
    await etcd?.stop();
  });
  kubectlSession('etcd', () => ['--storage', 'etcd', '--etcd-servers', etcd!.endpoints.join(',')]);
});

describe('@kubernetes/client-node 1.x server-side apply', () => {
  let server: TestServer;
  let objects: k8s.KubernetesObjectApi;
  beforeAll(async () => {
    server = await startTestServer();
    const kc = new k8s.KubeConfig();
    kc.loadFromFile(server.kubeconfigPath);
    objects = k8s.KubernetesObjectApi.makeApiClient(kc);
  });
  afterAll(async () => {
    await server.stop();
  });

  const deployment = (replicas: number): k8s.V1Deployment => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'cn-ssa', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'cn' } },
      template: { metadata: { labels: { app: 'cn' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  });

  it('creates and updates with the apply patch type, and reports conflicts as 409 with FieldManagerConflict causes', async () => {
    const created = await objects.patch(deployment(1), undefined, undefined, 'controller-a', undefined, k8s.PatchStrategy.ServerSideApply);
    expect(created.metadata?.managedFields?.map((e) => [e.manager, e.operation])).toEqual([['controller-a', 'Apply']]);
    let failure: { code?: number; body?: unknown } | undefined;
    try {
      await objects.patch(deployment(5), undefined, undefined, 'controller-b', false, k8s.PatchStrategy.ServerSideApply);
    } catch (err) {
      failure = err as { code?: number; body?: unknown };
    }
    expect(failure?.code).toBe(409);
    const status = (typeof failure?.body === 'string' ? JSON.parse(failure.body) : failure?.body) as Record<string, any>;
    expect(status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "controller-a": .spec.replicas',
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "controller-a"', field: '.spec.replicas' }] },
      code: 409,
    });
    const forced = await objects.patch(deployment(5), undefined, undefined, 'controller-b', true, k8s.PatchStrategy.ServerSideApply);
    expect((forced as k8s.V1Deployment).spec?.replicas).toBe(5);
    expect(forced.metadata?.managedFields?.map((e) => e.manager)).toEqual(['controller-a', 'controller-b']);
  });
});

describe.skipIf(!kubectlPath)('kubectl 1.27 to 1.33: apply --server-side', () => {
  let serve: ServeProcess;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-ssa-matrix-'));
    serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0']);
  });
  afterAll(async () => {
    await serve?.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const minor of [27, 28, 29, 30, 31, 32, 33]) {
    it.skipIf(!versionedKubectl(minor))(`kubectl 1.${minor}: creates, updates and reports a conflict`, async () => {
      const bin = versionedKubectl(minor)!;
      const k = (...args: string[]) => kubectl(serve.kubeconfig, args, bin);
      const name = `ssa-${minor}`;
      const manifest = (value: string) => {
        const p = join(dir, `${name}-${value}.yaml`);
        writeFileSync(p, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  key: "${value}"\n`);
        return p;
      };
      expect((await k('apply', '--server-side', '-f', manifest('1'))).stdout.trim()).toBe(`configmap/${name} serverside-applied`);
      expect((await k('apply', '--server-side', '-f', manifest('2'))).stdout.trim()).toBe(`configmap/${name} serverside-applied`);
      const other = await k('apply', '--server-side', '--field-manager=other', '-f', manifest('3'));
      expect(other.code).not.toBe(0);
      expect(other.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl": .data.key');
      const cm = JSON.parse((await k('get', 'cm', name, '-o', 'json', '--show-managed-fields')).stdout) as { data: Record<string, string>; metadata: { managedFields: Entry[] } };
      expect(cm.data).toEqual({ key: '2' });
      expect(cm.metadata.managedFields.map((e) => [e.manager, e.operation, e.fieldsV1])).toEqual([['kubectl', 'Apply', { 'f:data': { 'f:key': {} } }]]);
    });
  }
});
