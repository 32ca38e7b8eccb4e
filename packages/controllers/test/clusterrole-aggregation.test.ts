// The ClusterRole aggregation controller: kube's TestSyncClusterRole table (with server-side apply
// and with the update fallback), then the controller against the fake client.
import { afterEach, describe, expect, it } from 'vitest';
import { failureStatus, newStatusError, type KubeObject } from '@kapi/apimachinery';
import {
  aggregatedRules,
  clusterRoleAggregationController,
  labelSelectorMatcher,
  startControllerManager,
  syncClusterRoleAggregation,
  type ControllerManager,
  type PolicyRule,
} from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';

const hammer: PolicyRule[] = [
  { verbs: ['hammer'], resources: ['nails'] },
  { verbs: ['hammer'], resources: ['wedges'] },
];
const chisel: PolicyRule[] = [{ verbs: ['chisel'], resources: ['mortises'] }];
const saw: PolicyRule[] = [{ verbs: ['saw'], resources: ['boards'] }];
const role = (name: string, labels: Record<string, string>, rules: PolicyRule[]): KubeObject => ({ metadata: { name, labels }, rules });
const combined = (selectors: Record<string, string>[], ...rules: PolicyRule[][]): KubeObject => ({
  metadata: { name: 'combined' },
  aggregationRule: { clusterRoleSelectors: selectors.map((matchLabels) => ({ matchLabels })) },
  ...(rules.length > 0 ? { rules: rules.flat() } : {}),
});

const table: { name: string; roles: KubeObject[]; expected?: PolicyRule[][] }[] = [
  { name: 'remove dead rules', roles: [role('hammer', { foo: 'bar' }, hammer), combined([{ foo: 'bar' }], saw)], expected: [hammer] },
  { name: 'strip rules', roles: [role('hammer', { foo: 'not-bar' }, hammer), combined([{ foo: 'bar' }], hammer)], expected: [] },
  {
    name: 'select properly and put in order',
    roles: [role('hammer', { foo: 'bar' }, hammer), role('chisel', { foo: 'bar' }, chisel), role('saw', { foo: 'not-bar' }, saw), combined([{ foo: 'bar' }])],
    expected: [chisel, hammer],
  },
  {
    name: 'select properly with multiple selectors',
    roles: [role('hammer', { foo: 'bar' }, hammer), role('chisel', { foo: 'bar' }, chisel), role('saw', { foo: 'not-bar' }, saw), combined([{ foo: 'bar' }, { foo: 'not-bar' }])],
    expected: [chisel, hammer, saw],
  },
  {
    name: 'select properly remove duplicates',
    roles: [
      role('hammer', { foo: 'bar' }, hammer),
      role('chisel', { foo: 'bar' }, chisel),
      role('saw', { foo: 'bar' }, saw),
      role('other-saw', { foo: 'not-bar' }, saw),
      combined([{ foo: 'bar' }, { foo: 'not-bar' }]),
    ],
    expected: [chisel, hammer, saw],
  },
  { name: 'no diff skip', roles: [role('hammer', { foo: 'bar' }, hammer), combined([{ foo: 'bar' }], hammer)] },
];

/** A lister over fixed objects (kube's test indexer). */
const lister = (objs: KubeObject[]) => ({ get: (_ns: string, name: string) => objs.find((o) => o.metadata?.name === name), list: () => objs });

describe('syncClusterRoleAggregation (kube’s TestSyncClusterRole)', () => {
  for (const serverSideApply of [true, false]) {
    for (const tc of table) {
      it(`${tc.name}${serverSideApply ? '' : ' (no server-side apply: update)'}`, async () => {
        const client = createFakeClient();
        client.seed('clusterroles', ...tc.roles);
        if (!serverSideApply) {
          client.react((a) => (a.verb === 'patch' ? newStatusError(failureStatus(415, 'UnsupportedMediaType', 'Apply not supported')) : undefined));
        }
        const roles = client.all('clusterroles');
        await syncClusterRoleAggregation(lister(roles), client.resource('rbac.authorization.k8s.io', 'v1', 'clusterroles')!, 'combined');
        const writes = client.writes();
        if (!tc.expected) {
          expect(writes).toEqual([]);
          return;
        }
        const rules = tc.expected.flat();
        expect(writes[0]).toMatchObject({
          verb: 'patch',
          patchType: 'application/apply-patch+yaml',
          options: { fieldManager: 'clusterrole-aggregation-controller', force: true },
          body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'combined' }, ...(rules.length > 0 ? { rules } : {}) },
        });
        if (rules.length === 0) expect(writes[0]!.body).not.toHaveProperty('rules');
        if (serverSideApply) expect(writes).toHaveLength(1);
        else {
          expect(writes).toHaveLength(2);
          expect(writes[1]).toMatchObject({ verb: 'update', body: { aggregationRule: (roles.find((r) => r.metadata?.name === 'combined') as { aggregationRule: unknown }).aggregationRule, rules } });
        }
      });
    }
  }

  it('an empty rule list equals no rules (equality.Semantic), and a rule’s absent lists equal empty ones', () => {
    const agg = { metadata: { name: 'agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] } };
    expect(aggregatedRules(agg, [role('x', { a: 'b' }, [{ verbs: ['get'], resources: ['pods'], apiGroups: [] }]), role('y', { a: 'b' }, [{ verbs: ['get'], resources: ['pods'] }])])).toEqual([
      { verbs: ['get'], resources: ['pods'], apiGroups: [] },
    ]);
  });
});

describe('labelSelectorMatcher (metav1.LabelSelectorAsSelector)', () => {
  it('matches matchLabels and every matchExpressions operator; the empty selector matches all', () => {
    const m = labelSelectorMatcher({
      matchLabels: { tier: 'web' },
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod', 'stage'] },
        { key: 'team', operator: 'NotIn', values: ['x'] },
        { key: 'owner', operator: 'Exists' },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    });
    expect(m({ tier: 'web', env: 'prod', owner: 'me' })).toBe(true);
    expect(m({ tier: 'web', env: 'prod', owner: 'me', team: 'x' })).toBe(false);
    expect(m({ tier: 'web', env: 'dev', owner: 'me' })).toBe(false);
    expect(m({ tier: 'web', env: 'prod', owner: 'me', legacy: '' })).toBe(false);
    expect(m({ tier: 'web', env: 'prod' })).toBe(false);
    expect(labelSelectorMatcher({})(undefined)).toBe(true);
  });

  it('refuses what labels.NewRequirement refuses, and unknown operators with kube’s message', () => {
    expect(() => labelSelectorMatcher({ matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] })).toThrow('"Gt" is not a valid label selector operator');
    expect(() => labelSelectorMatcher({ matchExpressions: [{ key: 'a', operator: 'In', values: [] }] })).toThrow("for 'in', 'notin' operators, values set can't be empty");
    expect(() => labelSelectorMatcher({ matchLabels: { 'bad key!': 'x' } })).toThrow(/bad key!/);
  });
});

describe('clusterrole-aggregation-controller', () => {
  let manager: ControllerManager | undefined;
  afterEach(async () => {
    await manager?.stop();
    manager = undefined;
  });
  const start = (client: FakeClient) => (manager = startControllerManager({ client, controllers: [clusterRoleAggregationController()] }));
  const rulesOf = (client: FakeClient, name: string) => client.peek('clusterroles', '', name)?.rules;

  it('aggregates at start, follows changes to any ClusterRole, and writes nothing when the aggregate is unchanged', async () => {
    const client = createFakeClient();
    client.seed('clusterroles', role('hammer', { foo: 'bar' }, hammer), role('saw', {}, saw), combined([{ foo: 'bar' }]));
    const m = start(client);
    await m.idle();
    expect(rulesOf(client, 'combined')).toEqual(hammer);
    const roles = client.resource('rbac.authorization.k8s.io', 'v1', 'clusterroles')!;

    // A role gains the label: its rules join, after hammer's (by name: hammer < saw).
    const sawRole = await roles.get('', 'saw');
    await roles.update('', { ...sawRole, metadata: { ...sawRole.metadata, labels: { foo: 'bar' } } });
    await eventually(() => expect(rulesOf(client, 'combined')).toEqual([...hammer, ...saw]));

    // A new matching role sorts first.
    await roles.create('', role('chisel', { foo: 'bar' }, chisel));
    await eventually(() => expect(rulesOf(client, 'combined')).toEqual([...chisel, ...hammer, ...saw]));

    // A deleted one leaves.
    await roles.delete('', 'hammer');
    await eventually(() => expect(rulesOf(client, 'combined')).toEqual([...chisel, ...saw]));
    await m.idle();

    // An unrelated role changes: every aggregated role is looked at, none is written.
    const applies = client.writes().filter((a) => a.verb === 'patch').length;
    await roles.create('', role('unrelated', { other: 'x' }, hammer));
    await roles.create('', role('barrier', { foo: 'bar' }, [{ verbs: ['barrier'] }]));
    await eventually(() => expect(rulesOf(client, 'combined')).toEqual([{ verbs: ['barrier'] }, ...chisel, ...saw]));
    await m.idle();
    expect(client.writes().filter((a) => a.verb === 'patch')).toHaveLength(applies + 1);
  });

  it('aggregates aggregated roles (admin ← edit ← view) until nothing changes', async () => {
    const client = createFakeClient();
    client.seed(
      'clusterroles',
      { metadata: { name: 'admin' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'to-admin': 'true' } }] } },
      { metadata: { name: 'edit', labels: { 'to-admin': 'true' } }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'to-edit': 'true' } }] } },
      { metadata: { name: 'view', labels: { 'to-edit': 'true' } }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'to-view': 'true' } }] } },
      role('aggregate-to-view', { 'to-view': 'true' }, [{ verbs: ['get'], resources: ['pods'] }]),
      role('aggregate-to-edit', { 'to-edit': 'true' }, [{ verbs: ['create'], resources: ['pods'] }]),
      role('aggregate-to-admin', { 'to-admin': 'true' }, [{ verbs: ['create'], resources: ['roles'] }]),
    );
    const m = start(client);
    await eventually(() => expect(rulesOf(client, 'admin')).toHaveLength(3));
    await m.idle();
    expect(rulesOf(client, 'view')).toEqual([{ verbs: ['get'], resources: ['pods'] }]);
    expect(rulesOf(client, 'edit')).toEqual([{ verbs: ['create'], resources: ['pods'] }, { verbs: ['get'], resources: ['pods'] }]);
    // admin: aggregate-to-admin < edit by name; edit's rules come after, without duplicates.
    expect(rulesOf(client, 'admin')).toEqual([
      { verbs: ['create'], resources: ['roles'] },
      { verbs: ['create'], resources: ['pods'] },
      { verbs: ['get'], resources: ['pods'] },
    ]);
  });

  it('retries a role whose selector is invalid, leaving the others aggregated', async () => {
    const client = createFakeClient();
    client.seed(
      'clusterroles',
      role('hammer', { foo: 'bar' }, hammer),
      { metadata: { name: 'broken' }, aggregationRule: { clusterRoleSelectors: [{ matchExpressions: [{ key: 'foo', operator: 'Bogus' }] }] } },
      combined([{ foo: 'bar' }]),
    );
    const warnings: unknown[] = [];
    manager = startControllerManager({ client, controllers: [clusterRoleAggregationController()], log: { info: () => {}, warn: (obj) => warnings.push(obj) } });
    await eventually(() => expect(rulesOf(client, 'combined')).toEqual(hammer));
    await eventually(() => expect(warnings.length).toBeGreaterThanOrEqual(2));
    expect(warnings[0]).toMatchObject({ clusterRole: 'broken', err: new Error('"Bogus" is not a valid label selector operator') });
  });
});
