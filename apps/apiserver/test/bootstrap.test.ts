// What a fresh server holds before anyone writes (issue 13): kube's RBAC bootstrap policy exactly as
// its test data lists it (fixtures/bootstrappolicy, see the README there), the `system:controller:*`
// roles and bindings included, reconciled at every start, and the `kubernetes` Service in `default`
// as kube's kubernetesservice controller writes it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yamlToJson, type KubeObject } from '@kapi/apimachinery';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'bootstrappolicy');
const load = (file: string): KubeObject[] => (yamlToJson(readFileSync(join(fixtures, file), 'utf8')) as { items: KubeObject[] }).items;
const group = 'rbac.authorization.k8s.io';
const sets = [
  { resource: 'clusterroles', file: 'cluster-roles.yaml' },
  { resource: 'clusterroles', file: 'controller-roles.yaml' },
  { resource: 'clusterrolebindings', file: 'cluster-role-bindings.yaml' },
  { resource: 'clusterrolebindings', file: 'controller-role-bindings.yaml' },
  { resource: 'roles', file: 'namespace-roles.yaml' },
  { resource: 'rolebindings', file: 'namespace-role-bindings.yaml' },
] as const;
type Resource = (typeof sets)[number]['resource'];
/** Everything of one kind the policy holds: kube's hook writes ClusterRoles() + ControllerRoles(), and so on. */
const policyOf = (resource: Resource): KubeObject[] => sets.filter((s) => s.resource === resource).flatMap((s) => load(s.file));
const resources = [...new Set(sets.map((s) => s.resource))];
const keyOf = (o: KubeObject) => `${o.metadata!.namespace ?? ''}/${o.metadata!.name!}`;

/**
 * What the comparison covers: every field kube's test data gives, `rules: null` as no rules. The
 * rules of an aggregated role (admin, edit, view) are clusterrole-aggregation-controller's, not the
 * bootstrap's: controllers-clusterrole-aggregation.test.ts checks them.
 */
function essence(o: KubeObject) {
  const m = o.metadata ?? {};
  const rules = o.aggregationRule ? undefined : (o.rules as unknown[] | null | undefined);
  return {
    kind: o.kind,
    name: m.name,
    namespace: m.namespace,
    labels: m.labels,
    annotations: m.annotations,
    aggregationRule: o.aggregationRule,
    rules: rules == null || rules.length === 0 ? undefined : rules,
    roleRef: o.roleRef,
    subjects: o.subjects,
  };
}

async function getJson(url: string): Promise<KubeObject & { items?: KubeObject[] }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as KubeObject & { items?: KubeObject[] };
}

const pathOf = (resource: string, o: KubeObject) => {
  const ns = o.metadata?.namespace;
  return `/apis/${group}/v1/${ns ? `namespaces/${ns}/` : ''}${resource}/${o.metadata!.name!}`;
};

describe('bootstrap objects of a fresh server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  for (const { resource, file } of sets) {
    it(`holds every ${resource} of ${file}, equal to the test data`, async () => {
      const expected = load(file);
      expect(expected.length).toBeGreaterThan(0);
      for (const want of expected) {
        const got = await getJson(server.url + pathOf(resource, want));
        expect(essence(got), `${resource} ${want.metadata!.name!}`).toEqual(essence(want));
      }
    });
  }

  for (const resource of resources) {
    // Nothing beyond the policy: the server writes no other objects of these kinds.
    it(`holds no ${resource} beyond kube's bootstrap policy`, async () => {
      const list = await getJson(`${server.url}/apis/${group}/v1/${resource}`);
      expect(list.items!.map(keyOf).sort()).toEqual(policyOf(resource).map(keyOf).sort());
    });
  }

  // kube 1.33's ControllerRoles(): one ClusterRole per controller, bound to the controller's
  // ServiceAccount in kube-system by a ClusterRoleBinding of the same name.
  it('has the system:controller: roles, each bound to its kube-system ServiceAccount', async () => {
    const roles = load('controller-roles.yaml');
    const bindings = load('controller-role-bindings.yaml');
    expect(roles).toHaveLength(35);
    expect(bindings.map((b) => b.metadata!.name).sort()).toEqual(roles.map((r) => r.metadata!.name).sort());
    const binding = await getJson(`${server.url}/apis/${group}/v1/clusterrolebindings/system:controller:deployment-controller`);
    expect(binding.roleRef).toEqual({ apiGroup: group, kind: 'ClusterRole', name: 'system:controller:deployment-controller' });
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'deployment-controller', namespace: 'kube-system' }]);
    const list = await getJson(`${server.url}/apis/${group}/v1/clusterroles`);
    const names = list.items!.map((o) => o.metadata!.name!).filter((n) => n.startsWith('system:controller:'));
    expect(names.sort()).toEqual(roles.map((r) => r.metadata!.name!).sort());
  });

  it('has cluster-admin, admin/edit/view with their aggregation and the system: roles', async () => {
    const admin = await getJson(`${server.url}/apis/${group}/v1/clusterroles/cluster-admin`);
    expect(admin.rules).toEqual([
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ]);
    const view = await getJson(`${server.url}/apis/${group}/v1/clusterroles/view`);
    expect(view.aggregationRule).toEqual({ clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }] });
    expect(view.metadata!.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults', 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' });
    const binding = await getJson(`${server.url}/apis/${group}/v1/clusterrolebindings/cluster-admin`);
    expect(binding.subjects).toEqual([{ apiGroup: group, kind: 'Group', name: 'system:masters' }]);
  });

  it('has the kubernetes Service as kube writes it', async () => {
    const port = Number(new URL(server.url).port);
    const svc = await getJson(`${server.url}/api/v1/namespaces/default/services/kubernetes`);
    expect(svc.metadata!.labels).toEqual({ component: 'apiserver', provider: 'kubernetes' });
    expect(svc.spec).toMatchObject({
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: port }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    });
    expect((svc.spec as { selector?: unknown }).selector).toBeUndefined();
    const list = await getJson(`${server.url}/api/v1/namespaces/default/services`);
    expect(list.items!.map((o) => o.metadata!.name)).toEqual(['kubernetes']);
  });

  // pkg/apis/scheduling SystemPriorityClasses: the values and descriptions kube writes.
  it('has the two system PriorityClasses', async () => {
    const list = await getJson(`${server.url}/apis/scheduling.k8s.io/v1/priorityclasses`);
    const essence = (o: KubeObject) => {
      const pc = o as KubeObject & { value?: number; description?: string; globalDefault?: boolean; preemptionPolicy?: string };
      return { name: o.metadata!.name, value: pc.value, description: pc.description, globalDefault: pc.globalDefault ?? false, preemptionPolicy: pc.preemptionPolicy };
    };
    expect(list.items!.map(essence).sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      {
        name: 'system-cluster-critical',
        value: 2000000000,
        description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
        globalDefault: false,
        preemptionPolicy: 'PreemptLowerPriority',
      },
      {
        name: 'system-node-critical',
        value: 2000001000,
        description: 'Used for system critical pods that must not be moved from their current node.',
        globalDefault: false,
        preemptionPolicy: 'PreemptLowerPriority',
      },
    ]);
  });

  it.skipIf(!kubectlPath)('kubectl get clusterroles lists them', async () => {
    const got = await kubectl(server.kubeconfigPath, ['get', 'clusterroles', '-o', 'name']);
    expect(got.stderr).toBe('');
    const names = got.stdout.trim().split('\n');
    for (const name of ['cluster-admin', 'admin', 'edit', 'view', 'system:discovery', 'system:node']) expect(names).toContain(`clusterrole.${group}/${name}`);
    expect(names).toHaveLength(policyOf('clusterroles').length);
  });
});

describe('bootstrap objects across restarts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-bootstrap-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Without the aggregation controller: what the bootstrap alone writes at each start, compared by resourceVersion.
  const start = () => startTestServer({ storage: { kind: 'sqlite', dataDir: dir }, controllers: ['*', '-clusterrole-aggregation'] });

  it('a restart neither duplicates nor fails; a deleted role comes back; autoupdate=false is left alone', async () => {
    let s = await start();
    const roles = `${s.url}/apis/${group}/v1/clusterroles`;
    const before = await getJson(roles);
    const rvOf = (list: { items?: KubeObject[] }) => Object.fromEntries(list.items!.map((o) => [o.metadata!.name!, o.metadata!.resourceVersion]));
    // Delete view; strip a rule from system:discovery; protect system:monitoring and strip its rules.
    expect((await fetch(`${roles}/view`, { method: 'DELETE' })).status).toBe(200);
    const discovery = await getJson(`${roles}/system:discovery`);
    const put = (name: string, obj: KubeObject) =>
      fetch(`${roles}/${name}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
    expect((await put('system:discovery', { ...discovery, rules: [] })).status).toBe(200);
    const monitoring = await getJson(`${roles}/system:monitoring`);
    const protectedObj = {
      ...monitoring,
      metadata: { ...monitoring.metadata, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'false' } },
      rules: [],
    };
    expect((await put('system:monitoring', protectedObj)).status).toBe(200);
    await s.stop();

    s = await start();
    const after = await getJson(`${s.url}/apis/${group}/v1/clusterroles`);
    expect(after.items!.length).toBe(before.items!.length);
    const view = await getJson(`${s.url}/apis/${group}/v1/clusterroles/view`);
    const wantView = load('cluster-roles.yaml').find((o) => o.metadata!.name === 'view')!;
    expect(essence(view)).toEqual(essence(wantView));
    const reconciled = await getJson(`${s.url}/apis/${group}/v1/clusterroles/system:discovery`);
    // As kube's reconciliation, the missing permissions come back one verb on one thing per rule.
    const urls = (discovery.rules as { nonResourceURLs: string[] }[])[0]!.nonResourceURLs;
    expect(reconciled.rules).toEqual(urls.map((u) => ({ nonResourceURLs: [u], verbs: ['get'] })));
    const left = await getJson(`${s.url}/apis/${group}/v1/clusterroles/system:monitoring`);
    expect(left.rules ?? []).toEqual([]);
    const services = await getJson(`${s.url}/api/v1/namespaces/default/services`);
    expect(services.items!.map((o) => o.metadata!.name)).toEqual(['kubernetes']);
    // The targetPort follows the server's port.
    expect((services.items![0]!.spec as { ports: { targetPort: number }[] }).ports[0]!.targetPort).toBe(Number(new URL(s.url).port));
    const rvs = rvOf(after);
    await s.stop();

    // A third start changes nothing that is already as it should be.
    s = await start();
    const third = await getJson(`${s.url}/apis/${group}/v1/clusterroles`);
    expect(rvOf(third)).toEqual(rvs);
    await s.stop();
  });
});

// kube's hook reconciles the controller roles and bindings like the rest of the policy.
describe('controller roles and bindings across restarts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-bootstrap-controllers-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Without the aggregation controller: what the bootstrap alone writes at each start, compared by resourceVersion.
  const start = () => startTestServer({ storage: { kind: 'sqlite', dataDir: dir }, controllers: ['*', '-clusterrole-aggregation'] });
  const want = (file: string, name: string) => load(file).find((o) => o.metadata!.name === name)!;

  it('deleted ones come back, lost subjects return, autoupdate=false is left alone, a restart is idempotent', async () => {
    let s = await start();
    const roles = `${s.url}/apis/${group}/v1/clusterroles`;
    const bindings = `${s.url}/apis/${group}/v1/clusterrolebindings`;
    const put = (url: string, obj: KubeObject) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(obj) });
    expect((await fetch(`${roles}/system:controller:job-controller`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${bindings}/system:controller:deployment-controller`, { method: 'DELETE' })).status).toBe(200);
    const nodeBinding = await getJson(`${bindings}/system:controller:node-controller`);
    expect((await put(`${bindings}/system:controller:node-controller`, { ...nodeBinding, subjects: [] })).status).toBe(200);
    const cronjob = await getJson(`${roles}/system:controller:cronjob-controller`);
    const protectedObj = {
      ...cronjob,
      metadata: { ...cronjob.metadata, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'false' } },
      rules: [],
    };
    expect((await put(`${roles}/system:controller:cronjob-controller`, protectedObj)).status).toBe(200);
    await s.stop();

    s = await start();
    const get = (resource: string, name: string) => getJson(`${s.url}/apis/${group}/v1/${resource}/${name}`);
    expect(essence(await get('clusterroles', 'system:controller:job-controller'))).toEqual(
      essence(want('controller-roles.yaml', 'system:controller:job-controller')),
    );
    expect(essence(await get('clusterrolebindings', 'system:controller:deployment-controller'))).toEqual(
      essence(want('controller-role-bindings.yaml', 'system:controller:deployment-controller')),
    );
    expect(essence(await get('clusterrolebindings', 'system:controller:node-controller'))).toEqual(
      essence(want('controller-role-bindings.yaml', 'system:controller:node-controller')),
    );
    const left = await get('clusterroles', 'system:controller:cronjob-controller');
    expect(left.rules ?? []).toEqual([]);
    const rvOf = (list: { items?: KubeObject[] }) => Object.fromEntries(list.items!.map((o) => [o.metadata!.name!, o.metadata!.resourceVersion]));
    const rvs = rvOf(await getJson(`${s.url}/apis/${group}/v1/clusterrolebindings`));
    await s.stop();

    s = await start();
    expect(rvOf(await getJson(`${s.url}/apis/${group}/v1/clusterrolebindings`))).toEqual(rvs);
    await s.stop();
  });
});
