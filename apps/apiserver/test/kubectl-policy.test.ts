// policy/v1 with kubectl against `kapi serve` (issue 13): PodDisruptionBudgets created from YAML,
// printed with kube's columns, refused with kube's messages, their status written through the
// status subresource only, and applied server-side.
import { describe, expect, it } from 'vitest';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the policy kubectl tests are skipped');

const rows = tableRows;

const web = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
  namespace: default
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
`;

const db = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: db
  namespace: default
spec:
  maxUnavailable: 25%
  unhealthyPodEvictionPolicy: AlwaysAllow
  selector:
    matchExpressions:
    - {key: app, operator: In, values: [db]}
`;

describe.skipIf(!kubectlPath)('policy/v1 with kubectl against kapi serve', () => {
  const fx = useKapiServe('policy');
  const { k, file } = fx;
  const getJson = async (...args: string[]) => JSON.parse((await k('get', ...args, '-o', 'json')).stdout);


  it('discovers poddisruptionbudgets with the short name pdb', async () => {
    const got = await k('api-resources', '--api-group=policy', '-o', 'wide');
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['poddisruptionbudgets', 'pdb', 'policy/v1', 'true', 'PodDisruptionBudget', 'create,delete,deletecollection,get,list,patch,update,watch'],
    ]);
  });

  it('creates budgets from YAML with an empty status and generation 1, and prints kube\'s columns', async () => {
    const made = await k('create', '-f', file('web.yaml', web), '-f', file('db.yaml', db));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual(['poddisruptionbudget.policy/web created', 'poddisruptionbudget.policy/db created']);
    const pdb = await getJson('pdb', 'web', '-n', 'default');
    expect(pdb.metadata.generation).toBe(1);
    expect(pdb.status).toEqual({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    const got = rows((await k('get', 'poddisruptionbudgets', '-n', 'default', '-o', 'wide')).stdout);
    expect(got[0]).toEqual(['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE']);
    expect(got.slice(1)).toEqual([
      ['db', 'N/A', '25%', '0', expect.stringMatching(/^\d+s$/)],
      ['web', '2', 'N/A', '0', expect.stringMatching(/^\d+s$/)],
    ]);
  });

  it('refuses budgets kube refuses, with kube\'s messages', async () => {
    const bad = web.replace('name: web', 'name: bad').replace('  minAvailable: 2\n', '  minAvailable: 150%\n  unhealthyPodEvictionPolicy: Never\n');
    const got = await k('create', '-f', file('bad.yaml', bad));
    expect(got.code).not.toBe(0);
    expect(got.stderr.trim()).toBe(
      'The PodDisruptionBudget "bad" is invalid: \n' +
        '* spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%\n' +
        '* spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
  });

  it('bumps the generation on a spec change and keeps the status a client sends', async () => {
    const patched = await k('patch', 'pdb', 'web', '-n', 'default', '--type=merge', '-p', '{"spec":{"minAvailable":3},"status":{"disruptionsAllowed":5}}');
    expect(patched.stdout.trim()).toBe('poddisruptionbudget.policy/web patched');
    const pdb = await getJson('pdb', 'web', '-n', 'default');
    expect(pdb.metadata.generation).toBe(2);
    expect(pdb.spec.minAvailable).toBe(3);
    expect(pdb.status.disruptionsAllowed).toBe(0);
  });

  it('writes the status through the status subresource only, checking its counts', async () => {
    const status = '{"spec":{"minAvailable":9},"status":{"observedGeneration":2,"disruptionsAllowed":1,"currentHealthy":4,"desiredHealthy":3,"expectedPods":4}}';
    const patched = await k('patch', 'pdb', 'web', '-n', 'default', '--subresource=status', '--type=merge', '-p', status);
    expect(patched.stderr).toBe('');
    const pdb = await getJson('pdb', 'web', '-n', 'default');
    expect(pdb.spec.minAvailable).toBe(3);
    expect(pdb.metadata.generation).toBe(2);
    expect(pdb.status).toMatchObject({ observedGeneration: 2, disruptionsAllowed: 1, currentHealthy: 4, desiredHealthy: 3, expectedPods: 4 });
    const got = rows((await k('get', 'pdb', 'web', '-n', 'default')).stdout);
    expect(got[1]).toEqual(['web', '3', 'N/A', '1', expect.stringMatching(/^\d+s$/)]);
    const negative = await k('patch', 'pdb', 'web', '-n', 'default', '--subresource=status', '--type=merge', '-p', '{"status":{"disruptionsAllowed":-1}}');
    expect(negative.code).not.toBe(0);
    expect(negative.stderr.trim()).toBe('The PodDisruptionBudget "web" is invalid: status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0');
  });

  it('explains the kind from the served OpenAPI', async () => {
    const got = await k('explain', 'pdb.spec.unhealthyPodEvictionPolicy');
    expect(got.stderr).toBe('');
    expect(got.stdout).toContain('GROUP:      policy\nKIND:       PodDisruptionBudget\nVERSION:    v1');
    expect(got.stdout).toContain('FIELD: unhealthyPodEvictionPolicy <string>');
    expect(got.stdout).toContain('Valid policies are IfHealthyBudget and AlwaysAllow.');
  });

  it('applies a budget server-side, twice', async () => {
    const path = file('ssa.yaml', db.replace('name: db', 'name: ssa'));
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe('poddisruptionbudget.policy/ssa serverside-applied');
    const again = await k('apply', '--server-side', '-f', path);
    expect(again.stdout.trim()).toBe('poddisruptionbudget.policy/ssa serverside-applied');
    const pdb = await getJson('pdb', 'ssa', '-n', 'default', '--show-managed-fields');
    expect(pdb.metadata.generation).toBe(1);
    expect(pdb.spec).toEqual({ maxUnavailable: '25%', unhealthyPodEvictionPolicy: 'AlwaysAllow', selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['db'] }] } });
    expect(pdb.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
  });
});
