// The ServiceAccount controller against the fake client: kube's syncNamespace rules
// (pkg/controller/serviceaccount/serviceaccounts_controller_test.go's cases, observed through the API).
import { afterEach, describe, expect, it } from 'vitest';
import { failureStatus, newStatusError } from '@kapi/apimachinery';
import { serviceAccountsController, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';

let manager: ControllerManager | undefined;
afterEach(async () => {
  await manager?.stop();
  manager = undefined;
});

const start = (client: FakeClient) => {
  manager = startControllerManager({ client, controllers: [serviceAccountsController()] });
  return manager;
};
const ns = (name: string, phase = 'Active') => ({ metadata: { name }, status: { phase } });
const saCreates = (client: FakeClient) => client.writes().filter((a) => a.resource === 'serviceaccounts' && a.verb === 'create');

describe('serviceaccount-controller', () => {
  it('creates `default` in every active namespace, as kube creates it: a name and nothing else', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('default'), ns('kube-system'), ns('team-a'));
    await start(client).idle();
    for (const n of ['default', 'kube-system', 'team-a']) {
      const sa = client.peek('serviceaccounts', n, 'default');
      expect(sa?.metadata?.namespace).toBe(n);
      expect(sa).not.toHaveProperty('secrets');
      expect(sa).not.toHaveProperty('automountServiceAccountToken');
    }
    expect(saCreates(client).map((a) => a.body)).toEqual(
      ['default', 'kube-system', 'team-a'].map((n) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: n } })),
    );
  });

  it('creates nothing in a namespace that is not Active', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('going', 'Terminating'), ns('active'));
    await start(client).idle();
    expect(client.peek('serviceaccounts', 'going', 'default')).toBeUndefined();
    expect(client.peek('serviceaccounts', 'active', 'default')).toBeDefined();
    expect(saCreates(client).map((a) => a.namespace)).toEqual(['active']);
  });

  it('leaves an existing `default` alone (no write)', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    client.seed('serviceaccounts', { metadata: { name: 'default', namespace: 'a', labels: { mine: 'yes' } } });
    await start(client).idle();
    expect(saCreates(client)).toEqual([]);
    expect(client.peek('serviceaccounts', 'a', 'default')?.metadata?.labels).toEqual({ mine: 'yes' });
  });

  it('creates `default` in a namespace created later, and again after it is deleted', async () => {
    const client = createFakeClient();
    const m = start(client);
    await m.idle();
    await client.resource('', 'v1', 'namespaces')!.create('', { metadata: { name: 'later' } });
    const first = await eventually(() => client.peek('serviceaccounts', 'later', 'default') ?? expect.fail('no default ServiceAccount yet'));
    await client.resource('', 'v1', 'serviceaccounts')!.delete('later', 'default');
    const second = await eventually(() => client.peek('serviceaccounts', 'later', 'default') ?? expect.fail('not re-created yet'));
    expect(second.metadata?.uid).not.toBe(first.metadata?.uid);
  });

  it('deleting another ServiceAccount re-checks the namespace without writing', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    client.seed('serviceaccounts', { metadata: { name: 'default', namespace: 'a' } }, { metadata: { name: 'other', namespace: 'a' } });
    const m = start(client);
    await m.idle();
    await client.resource('', 'v1', 'serviceaccounts')!.delete('a', 'other');
    await m.idle();
    expect(saCreates(client)).toEqual([]);
  });

  it('creates `default` once a namespace turns Active', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('pending', 'Pending'));
    const m = start(client);
    await m.idle();
    expect(client.peek('serviceaccounts', 'pending', 'default')).toBeUndefined();
    client.seed('namespaces', ns('pending', 'Active'));
    await eventually(() => client.peek('serviceaccounts', 'pending', 'default') ?? expect.fail('not created yet'));
  });

  it('a create refused because the namespace is terminating is not retried', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('racing'));
    client.react((a) =>
      a.verb === 'create' && a.resource === 'serviceaccounts'
        ? newStatusError(failureStatus(403, 'Forbidden', 'unable to create new content in namespace racing because it is being terminated', { causes: [{ reason: 'NamespaceTerminating' }] }))
        : undefined,
    );
    // A failed sync is logged and retried after its backoff, which idle() does not wait for: no warning means no retry.
    const warnings: unknown[] = [];
    manager = startControllerManager({ client, controllers: [serviceAccountsController()], log: { info: () => {}, warn: (obj) => warnings.push(obj) } });
    await manager.idle();
    expect(saCreates(client)).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('retries a failed create with backoff until it succeeds', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('flaky'));
    let failures = 2;
    client.react((a) => (a.verb === 'create' && a.resource === 'serviceaccounts' && failures-- > 0 ? newStatusError(failureStatus(500, 'InternalError', 'etcd is down')) : undefined));
    start(client);
    // idle() does not wait for retries after failures: wait for the object.
    await eventually(() => expect(client.peek('serviceaccounts', 'flaky', 'default')).toBeDefined());
    expect(saCreates(client)).toHaveLength(3);
  });

  it('ensures every configured ServiceAccount', async () => {
    const client = createFakeClient();
    client.seed('namespaces', ns('a'));
    manager = startControllerManager({ client, controllers: [serviceAccountsController({ serviceAccounts: ['default', 'builder'] })] });
    await manager.idle();
    expect(client.all('serviceaccounts').map((sa) => sa.metadata?.name)).toEqual(['default', 'builder']);
  });
});
