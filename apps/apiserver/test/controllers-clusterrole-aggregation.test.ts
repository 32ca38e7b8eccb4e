// ClusterRole aggregation with kubectl against a test server: kube's bootstrap `admin`, `edit` and
// `view` carry the rules kube 1.33 aggregates into them from its bootstrap policy (test/fixtures/
// bootstrappolicy/cluster-roles.yaml, kube's testdata), applied by `clusterrole-aggregation-controller`,
// and a role labelled to aggregate joins them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yamlToJson } from '@kapi/apimachinery';
import { eventually } from '@kapi/controllers/testing';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the ClusterRole aggregation kubectl tests are skipped');

interface Rule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}
interface Role {
  metadata: { name: string; labels?: Record<string, string>; managedFields?: { manager: string; operation: string; fieldsV1?: unknown }[] };
  rules?: Rule[] | null;
  aggregationRule?: unknown;
}

const testdata = yamlToJson(readFileSync(new URL('./fixtures/bootstrappolicy/cluster-roles.yaml', import.meta.url), 'utf8')) as { items: Role[] };
const rulesOf = (name: string): Rule[] => testdata.items.find((r) => r.metadata.name === name)!.rules ?? [];
/** A rule with its lists in one order, empty ones left out, for comparing. */
const norm = (r: Rule): Rule => {
  const out: Rule = {};
  for (const f of ['apiGroups', 'nonResourceURLs', 'resourceNames', 'resources', 'verbs'] as const) {
    const list = r[f] ?? [];
    if (list.length > 0) out[f] = list;
  }
  return out;
};
/** Lists appended in order, a rule already in left out. */
const union = (...lists: Rule[][]): Rule[] => {
  const out: Rule[] = [];
  for (const r of lists.flat().map(norm)) if (!out.some((o) => JSON.stringify(o) === JSON.stringify(r))) out.push(r);
  return out;
};
// kube's fixed point over its bootstrap roles. view selects system:aggregate-to-view; edit selects
// system:aggregate-to-edit and view (by name); admin selects edit and system:aggregate-to-admin.
const view = union(rulesOf('system:aggregate-to-view'));
const edit = union(rulesOf('system:aggregate-to-edit'), view);
const admin = union(edit, rulesOf('system:aggregate-to-admin'));

describe.skipIf(!kubectlPath)('ClusterRole aggregation with kubectl', () => {
  let server: TestServer;
  const k = async (...args: string[]) => kubectl(server.kubeconfigPath, args);
  const role = async (name: string): Promise<Role> => {
    const got = await k('get', 'clusterrole', name, '-o', 'json', '--show-managed-fields');
    if (got.code !== 0) throw new Error(got.stderr);
    return JSON.parse(got.stdout) as Role;
  };

  beforeAll(async () => {
    server = await startTestServer();
    await server.controllers.idle();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('view, edit and admin carry kube’s aggregated rules, in kube’s order', async () => {
    expect(admin.length).toBeGreaterThan(edit.length);
    await eventually(async () => expect(((await role('admin')).rules ?? []).map(norm)).toEqual(admin));
    expect(((await role('edit')).rules ?? []).map(norm)).toEqual(edit);
    expect(((await role('view')).rules ?? []).map(norm)).toEqual(view);
    // What a kube 1.33 cluster shows first for admin: edit's first rule (system:aggregate-to-edit's).
    expect((await role('admin')).rules?.[0]).toEqual({
      apiGroups: [''],
      resources: ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'],
      verbs: ['get', 'list', 'watch'],
    });
  });

  it('the rules are owned by clusterrole-aggregation-controller through server-side apply', async () => {
    const got = await role('admin');
    expect(got.metadata.managedFields).toContainEqual(
      expect.objectContaining({ manager: 'clusterrole-aggregation-controller', operation: 'Apply', apiVersion: 'rbac.authorization.k8s.io/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:rules': {} } }),
    );
  });

  it('a ClusterRole labelled aggregate-to-view reaches view, edit and admin; unlabelled, it leaves them', async () => {
    const crd = { apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get', 'list', 'watch'] };
    const file = join(mkdtempSync(join(tmpdir(), 'kapi-agg-')), 'widget-viewer.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'widget-viewer' }, rules: [crd] }));
    expect((await k('create', '-f', file)).stdout.trim()).toBe('clusterrole.rbac.authorization.k8s.io/widget-viewer created');
    expect((await k('label', 'clusterrole', 'widget-viewer', 'rbac.authorization.k8s.io/aggregate-to-view=true')).stdout.trim()).toBe('clusterrole.rbac.authorization.k8s.io/widget-viewer labeled');
    await eventually(async () => {
      expect(((await role('view')).rules ?? []).map(norm)).toEqual([...view, crd]);
      expect(((await role('edit')).rules ?? []).map(norm)).toEqual([...edit, crd]);
      // admin: edit's rules (now with the widget rule at their end) then system:aggregate-to-admin's.
      expect(((await role('admin')).rules ?? []).map(norm)).toEqual(union([...edit, crd], rulesOf('system:aggregate-to-admin')));
    });
    expect((await k('label', 'clusterrole', 'widget-viewer', 'rbac.authorization.k8s.io/aggregate-to-view-')).code).toBe(0);
    await eventually(async () => expect(((await role('admin')).rules ?? []).map(norm)).toEqual(admin));
    expect(((await role('view')).rules ?? []).map(norm)).toEqual(view);
  });

  it('rules written over an aggregated role are put back', async () => {
    const patched = await k('patch', 'clusterrole', 'view', '--type=json', '-p', JSON.stringify([{ op: 'replace', path: '/rules', value: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }] }]));
    expect(patched.stdout.trim()).toBe('clusterrole.rbac.authorization.k8s.io/view patched');
    await eventually(async () => expect(((await role('view')).rules ?? []).map(norm)).toEqual(view));
  });
});
