// flowcontrol.apiserver.k8s.io/v1 with kubectl against a kapi test server (issue 13): discovery, the
// API Priority and Fairness bootstrap objects of a fresh 1.33 cluster printed in kube's order and
// columns, creates from YAML with kube's defaults, kube's validation messages, server-side apply,
// the status subresource, and the config producer's reconciliation of the bootstrap objects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaOf, type KubeObject } from '@kapi/apimachinery';
import { ensureFlowcontrolBootstrap, startFlowSchemaStatusController, suggestedFlowSchemas, suggestedPriorityLevelConfigurations } from '../src/bootstrap/flowcontrol.ts';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the flowcontrol kubectl tests are skipped');

const group = 'flowcontrol.apiserver.k8s.io';

const rows = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s{2,}/));
const age = expect.stringMatching(/^\d+s$/);

const tenantLevel = `apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: tenant
spec:
  type: Limited
  limited:
    limitResponse:
      type: Queue
      queuing:
        queues: 32
`;

const tenantSchema = `apiVersion: flowcontrol.apiserver.k8s.io/v1
kind: FlowSchema
metadata:
  name: tenant
spec:
  priorityLevelConfiguration:
    name: tenant
  distinguisherMethod:
    type: ByNamespace
  rules:
  - subjects:
    - kind: ServiceAccount
      serviceAccount:
        namespace: tenant
        name: "*"
    resourceRules:
    - verbs: ["get", "list"]
      apiGroups: [""]
      resources: ["pods"]
      namespaces: ["tenant"]
`;

describe.skipIf(!kubectlPath)('flowcontrol.apiserver.k8s.io with kubectl', () => {
  let server: TestServer;
  let dir: string;
  const k = (...args: string[]) => kubectl(server.kubeconfigPath, args);
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const store = (resource: string) => server.registry.lookup(group, 'v1', resource)!.store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-flowcontrol-'));
    server = await startTestServer();
    // What kube-apiserver's priority-and-fairness-config-producer hook does at start (idempotent).
    await ensureFlowcontrolBootstrap(server.registry);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits (at most 10 s) for the MISSINGPL column of a FlowSchema to read `want`. */
  const missingPL = async (name: string, want: string) => {
    const until = Date.now() + 10_000;
    let got = '';
    while (Date.now() < until) {
      got = rows((await k('get', 'flowschema', name)).stdout)[1]?.[5] ?? '';
      if (got === want) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got).toBe(want);
  };

  it('discovers flowschemas and prioritylevelconfigurations: cluster-scoped, no short names', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['flowschemas', `${group}/v1`, 'false', 'FlowSchema', 'create,delete,deletecollection,get,list,patch,update,watch'],
      ['prioritylevelconfigurations', `${group}/v1`, 'false', 'PriorityLevelConfiguration', 'create,delete,deletecollection,get,list,patch,update,watch'],
    ]);
  });

  it("a fresh server holds kube 1.33's bootstrap configuration, printed in kube's order and columns", async () => {
    const got = await k('get', 'flowschemas,prioritylevelconfigurations');
    expect(got.stderr).toBe('');
    const [schemas, levels] = got.stdout.trim().split('\n\n').map(rows);
    expect(schemas).toEqual([
      ['NAME', 'PRIORITYLEVEL', 'MATCHINGPRECEDENCE', 'DISTINGUISHERMETHOD', 'AGE', 'MISSINGPL'],
      ...[
        ['exempt', 'exempt', '1', '<none>'],
        ['probes', 'exempt', '2', '<none>'],
        ['system-leader-election', 'leader-election', '100', 'ByUser'],
        ['endpoint-controller', 'workload-high', '150', 'ByUser'],
        ['workload-leader-election', 'leader-election', '200', 'ByUser'],
        ['system-node-high', 'node-high', '400', 'ByUser'],
        ['system-nodes', 'system', '500', 'ByUser'],
        ['kube-controller-manager', 'workload-high', '800', 'ByNamespace'],
        ['kube-scheduler', 'workload-high', '800', 'ByNamespace'],
        ['kube-system-service-accounts', 'workload-high', '900', 'ByNamespace'],
        ['service-accounts', 'workload-low', '9000', 'ByUser'],
        ['global-default', 'global-default', '9900', 'ByUser'],
        ['catch-all', 'catch-all', '10000', 'ByUser'],
      ].map(([name, ...rest]) => [`flowschema.${group}/${name}`, ...rest, age, 'False']),
    ]);
    expect(levels).toEqual([
      ['NAME', 'TYPE', 'NOMINALCONCURRENCYSHARES', 'QUEUES', 'HANDSIZE', 'QUEUELENGTHLIMIT', 'AGE'],
      ...[
        ['catch-all', 'Limited', '5', '<none>', '<none>', '<none>'],
        ['exempt', 'Exempt', '<none>', '<none>', '<none>', '<none>'],
        ['global-default', 'Limited', '20', '128', '6', '50'],
        ['leader-election', 'Limited', '10', '16', '4', '50'],
        ['node-high', 'Limited', '40', '64', '6', '50'],
        ['system', 'Limited', '30', '64', '6', '50'],
        ['workload-high', 'Limited', '40', '128', '6', '50'],
        ['workload-low', 'Limited', '100', '128', '6', '50'],
      ].map(([name, ...rest]) => [`prioritylevelconfiguration.${group}/${name}`, ...rest, age]),
    ]);
  });

  it('bootstrap objects carry the autoupdate annotation, their specs, and the Dangling=False condition', async () => {
    const exempt = JSON.parse((await k('get', 'flowschema', 'exempt', '-o', 'json', '--show-managed-fields')).stdout);
    expect(exempt.metadata.annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'true' });
    // Written as kube's config producer (create) and config consumer (status apply) write them.
    expect(exempt.metadata.managedFields.map((e: Record<string, unknown>) => [e.manager, e.operation, e.subresource, e.fieldsV1])).toEqual([
      [
        'api-priority-and-fairness-config-consumer-v1',
        'Apply',
        'status',
        { 'f:status': { 'f:conditions': { 'k:{"type":"Dangling"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} } } } },
      ],
      [
        'api-priority-and-fairness-config-producer-v1',
        'Update',
        undefined,
        {
          'f:metadata': { 'f:annotations': { '.': {}, 'f:apf.kubernetes.io/autoupdate-spec': {} } },
          'f:spec': { 'f:matchingPrecedence': {}, 'f:priorityLevelConfiguration': { 'f:name': {} }, 'f:rules': {} },
        },
      ],
    ]);
    expect(exempt.metadata.generation).toBe(1);
    expect(exempt.spec).toEqual({
      priorityLevelConfiguration: { name: 'exempt' },
      matchingPrecedence: 1,
      rules: [
        {
          subjects: [{ kind: 'Group', group: { name: 'system:masters' } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
        },
      ],
    });
    expect(exempt.status.conditions).toEqual([
      {
        type: 'Dangling',
        status: 'False',
        lastTransitionTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        reason: 'Found',
        message: 'This FlowSchema references the PriorityLevelConfiguration object named "exempt" and it exists',
      },
    ]);
    const leader = JSON.parse((await k('get', 'flowschema', 'system-leader-election', '-o', 'json')).stdout);
    expect(leader.spec.rules[0].subjects).toEqual([
      { kind: 'User', user: { name: 'system:kube-controller-manager' } },
      { kind: 'User', user: { name: 'system:kube-scheduler' } },
      { kind: 'ServiceAccount', serviceAccount: { namespace: 'kube-system', name: '*' } },
    ]);
    const level = JSON.parse((await k('get', 'prioritylevelconfiguration', 'exempt', '-o', 'json')).stdout);
    expect(level.spec).toEqual({ type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
    expect(level.status).toEqual({});
    // Stored as kube stores them: protobuf under /registry/<resource>/<name>.
    for (const key of ['/registry/flowschemas/exempt', '/registry/prioritylevelconfigurations/exempt']) {
      const value = (await server.kv.range(key)).kvs[0]!.value;
      expect(Buffer.from(value).subarray(0, 4).toString('latin1')).toBe('k8s\0');
    }
    const system = JSON.parse((await k('get', 'prioritylevelconfiguration', 'system', '-o', 'json')).stdout);
    expect(system.spec).toEqual({
      type: 'Limited',
      limited: { nominalConcurrencyShares: 30, lendablePercent: 33, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 6, queueLengthLimit: 50 } } },
    });
  });

  it("creates from YAML with kube's defaults, and a FlowSchema naming no level is Dangling once reconciled", async () => {
    expect((await k('create', '-f', file('level.yaml', tenantLevel))).stdout.trim()).toBe(`prioritylevelconfiguration.${group}/tenant created`);
    const level = JSON.parse((await k('get', 'prioritylevelconfiguration', 'tenant', '-o', 'json')).stdout);
    expect(level.spec).toEqual({
      type: 'Limited',
      limited: { nominalConcurrencyShares: 30, lendablePercent: 0, limitResponse: { type: 'Queue', queuing: { queues: 32, handSize: 8, queueLengthLimit: 50 } } },
    });
    expect(level.metadata.generation).toBe(1);
    expect((await k('create', '-f', file('schema.yaml', tenantSchema))).stdout.trim()).toBe(`flowschema.${group}/tenant created`);
    const schema = JSON.parse((await k('get', 'flowschema', 'tenant', '-o', 'json')).stdout);
    expect(schema.spec.matchingPrecedence).toBe(1000);
    // The server's status controller marks it found (MISSINGPL False) once it sees it.
    await missingPL('tenant', 'False');
    const orphan = tenantSchema.replace('name: tenant\nspec', 'name: orphan\nspec').replace('    name: tenant\n  distinguisherMethod', '    name: nowhere\n  distinguisherMethod');
    expect((await k('create', '-f', file('orphan.yaml', orphan))).stdout.trim()).toBe(`flowschema.${group}/orphan created`);
    await ensureFlowcontrolBootstrap(server.registry);
    expect(rows((await k('get', 'flowschemas', 'tenant', 'orphan')).stdout).slice(1)).toEqual([
      ['tenant', 'tenant', '1000', 'ByNamespace', age, 'False'],
      ['orphan', 'nowhere', '1000', 'ByNamespace', age, 'True'],
    ]);
    const dangling = JSON.parse((await k('get', 'flowschema', 'orphan', '-o', 'json')).stdout).status.conditions[0];
    expect(dangling).toMatchObject({
      type: 'Dangling',
      status: 'True',
      reason: 'NotFound',
      message: 'This FlowSchema references the PriorityLevelConfiguration object named "nowhere" but there is no such object',
    });
  });

  it("refuses what kube refuses, with kube's messages", async () => {
    const entropy = tenantLevel.replace('name: tenant', 'name: wide').replace('queues: 32', 'queues: 512\n        handSize: 8');
    const bad = await k('create', '-f', file('wide.yaml', entropy));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      `The PriorityLevelConfiguration "wide" is invalid: spec.limited.limitResponse.queuing.handSize: Invalid value: 8: required entropy bits of deckSize 512 and handSize 8 should not be greater than 60`,
    );
    const precedence = await k('patch', 'flowschema', 'tenant', '--type=merge', '-p', '{"spec":{"matchingPrecedence":1}}');
    expect(precedence.stderr.trim()).toBe(`The FlowSchema "tenant" is invalid: spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1`);
    const verbs = await k('patch', 'flowschema', 'tenant', '--type=json', '-p', '[{"op":"replace","path":"/spec/rules/0/resourceRules/0/verbs","value":["*","get"]}]');
    expect(verbs.stderr.trim()).toBe(
      `The FlowSchema "tenant" is invalid: spec.rules[0].resourceRules[0].verbs: Invalid value: []string{"*", "get"}: if '*' is present, must not specify other verbs`,
    );
    const mandatory = await k('patch', 'prioritylevelconfiguration', 'catch-all', '--type=merge', '-p', '{"spec":{"limited":{"nominalConcurrencyShares":50}}}');
    expect(mandatory.stderr.trim()).toBe(
      `The PriorityLevelConfiguration "catch-all" is invalid: spec: Invalid value: flowcontrol.PriorityLevelConfigurationSpec{Type:"Limited", Limited:(*flowcontrol.LimitedPriorityLevelConfiguration)(0xc000000000), Exempt:(*flowcontrol.ExemptPriorityLevelConfiguration)(nil)}: spec of 'catch-all' must equal the fixed value`,
    );
    // The exempt level's spec.exempt is the operator's to tune.
    const tuned = await k('patch', 'prioritylevelconfiguration', 'exempt', '--type=merge', '-p', '{"spec":{"exempt":{"lendablePercent":10}}}');
    expect(tuned.stdout.trim()).toBe(`prioritylevelconfiguration.${group}/exempt patched`);
    const repurposed = await k('patch', 'prioritylevelconfiguration', 'exempt', '--type=merge', '-p', '{"spec":{"type":"Limited"}}');
    expect(repurposed.stderr.trim()).toContain(`spec.type: Invalid value: "Limited": type must be 'Exempt' if and only if name is 'exempt'`);
  });

  it('applies a FlowSchema server-side, twice; a spec change bumps generation', async () => {
    const path = file('ssa.yaml', tenantSchema.replace('name: tenant\nspec', 'name: ssa\nspec'));
    const first = await k('apply', '--server-side', '-f', path);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(`flowschema.${group}/ssa serverside-applied`);
    expect((await k('apply', '--server-side', '-f', path)).stdout.trim()).toBe(`flowschema.${group}/ssa serverside-applied`);
    let obj = JSON.parse((await k('get', 'flowschema', 'ssa', '-o', 'json', '--show-managed-fields')).stdout);
    // Beside kubectl's apply, only the status controller's entry (through /status).
    const entries = obj.metadata.managedFields as { manager: string; operation: string; subresource?: string }[];
    expect(entries.filter((e) => e.subresource !== 'status').map((e) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
    expect(obj.metadata.generation).toBe(1);
    await k('apply', '--server-side', '-f', file('ssa2.yaml', tenantSchema.replace('name: tenant\nspec', 'name: ssa\nspec').replace('type: ByNamespace', 'type: ByUser')));
    obj = JSON.parse((await k('get', 'flowschema', 'ssa', '-o', 'json')).stdout);
    expect([obj.spec.distinguisherMethod.type, obj.metadata.generation]).toEqual(['ByUser', 2]);
  });

  it('status is written through /status only, which keeps the spec and metadata as stored', async () => {
    // A priority level: the server's status controller writes FlowSchemas' status, not theirs.
    const patch = '{"metadata":{"labels":{"x":"y"}},"spec":{"limited":{"nominalConcurrencyShares":7}},"status":{"conditions":[{"type":"Test","status":"True","reason":"Test"}]}}';
    const viaStatus = await k('patch', 'prioritylevelconfiguration', 'tenant', '--subresource=status', '--type=merge', '-p', patch);
    expect(viaStatus.stdout.trim()).toBe(`prioritylevelconfiguration.${group}/tenant patched`);
    let obj = JSON.parse((await k('get', 'prioritylevelconfiguration', 'tenant', '-o', 'json')).stdout);
    expect([obj.spec.limited.nominalConcurrencyShares, obj.metadata.labels, obj.metadata.generation]).toEqual([30, undefined, 1]);
    expect(obj.status.conditions).toEqual([{ type: 'Test', status: 'True', reason: 'Test' }]);
    // The main resource keeps the stored status.
    await k('patch', 'prioritylevelconfiguration', 'tenant', '--type=merge', '-p', '{"status":{"conditions":[{"type":"Test","status":"False"}]}}');
    obj = JSON.parse((await k('get', 'prioritylevelconfiguration', 'tenant', '-o', 'json')).stdout);
    expect(obj.status.conditions[0].status).toBe('True');
    const badStatus = await k('patch', 'prioritylevelconfiguration', 'tenant', '--subresource=status', '--type=merge', '-p', '{"status":{"conditions":[{"type":""}]}}');
    expect(badStatus.stderr.trim()).toBe('The PriorityLevelConfiguration "tenant" is invalid: status.conditions[0].type: Required value: must not be empty');
  });

  it('the config producer restores the mandatory objects, updates suggested ones that allow it, and removes retired ones', async () => {
    const fsStore = store('flowschemas');
    const plStore = store('prioritylevelconfigurations');
    const fsDef = server.registry.lookup(group, 'v1', 'flowschemas')!.definition;
    // A suggested schema edited by an operator who kept autoupdate on is put back; one who turned it off keeps the edit.
    const setPrecedence = (name: string, precedence: number, autoupdate?: string) =>
      fsStore.update({}, name, (old) => {
        const o = structuredClone(old!) as KubeObject & { spec: { matchingPrecedence: number } };
        o.spec.matchingPrecedence = precedence;
        if (autoupdate !== undefined) metaOf(o).annotations = { 'apf.kubernetes.io/autoupdate-spec': autoupdate };
        fsDef.defaults(o);
        return o;
      });
    await setPrecedence('probes', 3);
    await setPrecedence('global-default', 9800, 'false');
    // A bootstrap level deleted is created again; a retired one (annotated true, no longer suggested) goes.
    await plStore.delete({}, 'catch-all', {});
    await plStore.create({}, {
      apiVersion: `${group}/v1`,
      kind: 'PriorityLevelConfiguration',
      metadata: { name: 'retired', annotations: { 'apf.kubernetes.io/autoupdate-spec': 'true' } },
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Reject' } } },
    });
    await ensureFlowcontrolBootstrap(server.registry);
    const probes = await fsStore.get({}, 'probes');
    expect([(probes.spec as { matchingPrecedence: number }).matchingPrecedence, metaOf(probes).generation]).toEqual([2, 3]);
    const global = await fsStore.get({}, 'global-default');
    expect((global.spec as { matchingPrecedence: number }).matchingPrecedence).toBe(9800);
    expect(metaOf(global).annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'false' });
    expect((await plStore.get({}, 'catch-all')).spec).toEqual({ type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } });
    const names = (await plStore.list({})).items.map((o) => metaOf(o).name);
    expect(names).not.toContain('retired');
    expect(names).toContain('tenant');
    // Another pass changes nothing.
    const before = (await fsStore.list({})).metadata?.resourceVersion;
    await ensureFlowcontrolBootstrap(server.registry);
    expect((await fsStore.list({})).metadata?.resourceVersion).toBe(before);
    expect(suggestedFlowSchemas).toHaveLength(11);
    expect(suggestedPriorityLevelConfigurations).toHaveLength(6);
  });

  it('while the status controller runs, MISSINGPL follows the priority levels that exist', async () => {
    const errors: unknown[] = [];
    // A second controller beside the server's: both converge on the same status.
    const controller = startFlowSchemaStatusController(server.registry, (err) => errors.push(err));
    const missing = missingPL;
    try {
      const lonely = tenantSchema.replace('name: tenant\nspec', 'name: lonely\nspec').replace('    name: tenant\n  distinguisherMethod', '    name: later\n  distinguisherMethod');
      expect((await k('create', '-f', file('lonely.yaml', lonely))).stdout.trim()).toBe(`flowschema.${group}/lonely created`);
      await missing('lonely', 'True');
      expect((await k('create', '-f', file('later.yaml', tenantLevel.replace('name: tenant', 'name: later')))).stdout.trim()).toBe(`prioritylevelconfiguration.${group}/later created`);
      await missing('lonely', 'False');
      expect((await k('delete', 'prioritylevelconfiguration', 'later')).code).toBe(0);
      await missing('lonely', 'True');
    } finally {
      await controller.stop();
    }
    expect(errors).toEqual([]);
  });
});
