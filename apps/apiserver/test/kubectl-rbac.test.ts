// RBAC with kubectl against `kapi serve` (issue 13): the `kubectl create` generators of the four
// kinds, kube's columns of `kubectl get -o wide`, kube's errors, and metrics-server's RBAC manifest
// through client-side and server-side apply. Nothing is authorized yet (no authorizer), so the
// objects are stored and served, never enforced.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the RBAC kubectl tests are skipped');

const manifest = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'metrics-server-rbac.yaml');
const group = 'rbac.authorization.k8s.io';

/** Table lines split on runs of spaces (kubectl pads its columns). */
const rows = tableRows;

describe.skipIf(!kubectlPath)('RBAC with kubectl against kapi serve', () => {
  const fx = useKapiServe('rbac');
  const { k } = fx;


  it('discovers the four resources with kube\'s scope, no short names and every verb', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    const verbs = 'create,delete,deletecollection,get,list,patch,update,watch';
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['clusterrolebindings', `${group}/v1`, 'false', 'ClusterRoleBinding', verbs],
      ['clusterroles', `${group}/v1`, 'false', 'ClusterRole', verbs],
      ['rolebindings', `${group}/v1`, 'true', 'RoleBinding', verbs],
      ['roles', `${group}/v1`, 'true', 'Role', verbs],
    ]);
  });

  it('creates the four kinds with kubectl create', async () => {
    const made = await Promise.all([
      k('create', 'clusterrole', 'pod-reader', '--verb=get,list,watch', '--resource=pods,pods/log'),
      k('create', 'role', 'pod-reader', '-n', 'default', '--verb=get', '--resource=pods', '--resource-name=web'),
      k('create', 'rolebinding', 'read-pods', '-n', 'default', '--role=pod-reader', '--user=jane', '--user=joe', '--group=devs', '--serviceaccount=default:app'),
      k('create', 'clusterrolebinding', 'read-pods-everywhere', '--clusterrole=pod-reader', '--group=system:authenticated'),
    ]);
    expect(made.map((r) => r.stderr)).toEqual(['', '', '', '']);
    expect(made.map((r) => r.stdout.trim())).toEqual([
      `clusterrole.${group}/pod-reader created`,
      `role.${group}/pod-reader created`,
      `rolebinding.${group}/read-pods created`,
      `clusterrolebinding.${group}/read-pods-everywhere created`,
    ]);
    const role = JSON.parse((await k('get', 'role', 'pod-reader', '-n', 'default', '-o', 'json')).stdout);
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['pods'], resourceNames: ['web'], verbs: ['get'] }]);
    const binding = JSON.parse((await k('get', 'rolebinding', 'read-pods', '-n', 'default', '-o', 'json')).stdout);
    // kubectl sends User and Group subjects with their apiGroup, ServiceAccounts without one.
    expect(binding.roleRef).toEqual({ apiGroup: group, kind: 'Role', name: 'pod-reader' });
    expect(binding.subjects).toEqual([
      { apiGroup: group, kind: 'User', name: 'jane' },
      { apiGroup: group, kind: 'User', name: 'joe' },
      { apiGroup: group, kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'app', namespace: 'default' },
    ]);
  });

  it('prints kube\'s columns: roles by creation time, bindings with their role and, wide, their subjects', async () => {
    const got = await k('get', 'role,rolebinding', '-n', 'default', '-o', 'wide');
    expect(got.stderr).toBe('');
    const [roles, bindings] = got.stdout.split('\n\n').map(rows);
    expect(roles![0]).toEqual(['NAME', 'CREATED AT']);
    expect(roles![1]![0]).toBe(`role.${group}/pod-reader`);
    expect(roles![1]![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(bindings![0]).toEqual(['NAME', 'ROLE', 'AGE', 'USERS', 'GROUPS', 'SERVICEACCOUNTS']);
    expect(bindings![1]).toEqual([`rolebinding.${group}/read-pods`, 'Role/pod-reader', expect.stringMatching(/^\d+s$/), 'jane, joe', 'devs', 'default/app']);
    const narrow = rows((await k('get', 'clusterrolebinding', 'read-pods-everywhere')).stdout);
    expect(narrow[0]).toEqual(['NAME', 'ROLE', 'AGE']);
    expect(narrow[1]!.slice(0, 2)).toEqual(['read-pods-everywhere', 'ClusterRole/pod-reader']);
    const wide = rows((await k('get', 'clusterrolebinding', 'read-pods-everywhere', '-o', 'wide')).stdout);
    expect(wide[1]!.slice(3)).toEqual(['system:authenticated']);
    expect(rows((await k('get', 'clusterrole', 'pod-reader')).stdout)[0]).toEqual(['NAME', 'CREATED AT']);
  });

  it('refuses what kube refuses, with kube\'s messages', async () => {
    const changed = await k('patch', 'rolebinding', 'read-pods', '-n', 'default', '--type=merge', '-p', '{"roleRef":{"kind":"ClusterRole","name":"admin"}}');
    expect(changed.code).not.toBe(0);
    expect(changed.stderr.trim()).toBe(
      `The RoleBinding "read-pods" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"${group}", Kind:"ClusterRole", Name:"admin"}: cannot change roleRef`,
    );
    const noVerbs = await k('patch', 'clusterrole', 'pod-reader', '--type=json', '-p', '[{"op":"remove","path":"/rules/0/verbs"}]');
    expect(noVerbs.code).not.toBe(0);
    expect(noVerbs.stderr.trim()).toBe('The ClusterRole "pod-reader" is invalid: rules[0].verbs: Required value: verbs must contain at least one value');
    // The subjects of a binding may change.
    const subjects = await k('patch', 'rolebinding', 'read-pods', '-n', 'default', '--type=json', '-p', '[{"op":"remove","path":"/subjects/0"}]');
    expect(subjects.stdout.trim()).toBe(`rolebinding.${group}/read-pods patched`);
  });

  it('applies metrics-server\'s RBAC manifest client-side, then server-side', async () => {
    const objects = [
      `clusterrole.${group}/system:aggregated-metrics-reader`,
      'serviceaccount/metrics-server',
      `rolebinding.${group}/metrics-server-auth-reader`,
      `clusterrolebinding.${group}/metrics-server:system:auth-delegator`,
      `clusterrole.${group}/system:metrics-server`,
      `clusterrolebinding.${group}/system:metrics-server`,
    ];
    const applied = await k('apply', '-f', manifest);
    expect(applied.stderr).toBe('');
    expect(applied.stdout.trim().split('\n')).toEqual(objects.map((o) => `${o} created`));
    expect((await k('apply', '-f', manifest)).stdout.trim().split('\n')).toEqual(objects.map((o) => `${o} unchanged`));
    const bindings = rows((await k('get', 'rolebinding', '-n', 'kube-system', '-o', 'wide')).stdout);
    expect(bindings[1]).toEqual(['metrics-server-auth-reader', 'Role/extension-apiserver-authentication-reader', expect.stringMatching(/^\d+s$/), 'kube-system/metrics-server']);

    expect((await k('delete', '-f', manifest)).code).toBe(0);
    const ssa = await k('apply', '--server-side', '-f', manifest);
    expect(ssa.stderr).toBe('');
    expect(ssa.stdout.trim().split('\n')).toEqual(objects.map((o) => `${o} serverside-applied`));
    const again = await k('apply', '--server-side', '-f', manifest);
    expect(again.stdout.trim().split('\n')).toEqual(objects.map((o) => `${o} serverside-applied`));
    const reader = JSON.parse((await k('get', 'clusterrole', 'system:aggregated-metrics-reader', '-o', 'json', '--show-managed-fields')).stdout);
    expect(reader.metadata.labels['rbac.authorization.k8s.io/aggregate-to-view']).toBe('true');
    expect(reader.rules).toEqual([{ apiGroups: ['metrics.k8s.io'], resources: ['pods', 'nodes'], verbs: ['get', 'list', 'watch'] }]);
    expect(reader.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
    const crb = JSON.parse((await k('get', 'clusterrolebinding', 'system:metrics-server', '-o', 'json')).stdout);
    expect(crb.subjects).toEqual([{ kind: 'ServiceAccount', name: 'metrics-server', namespace: 'kube-system' }]);
  });
});
