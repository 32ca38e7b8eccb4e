// The controller framework: the work queue, --controllers, preferred resources, informers and
// leader election over a Lease.
import { describe, expect, it } from 'vitest';
import { createInformer, createWorkQueue, isControllerEnabled, preferredResources, startLeaderElection, type ResourceType } from '../src/index.ts';
import { createFakeClient, defaultFakeResources, eventually } from '../src/testing/index.ts';

const leases: ResourceType = { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', kind: 'Lease', namespaced: true, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] };

describe('work queue', () => {
  it('handles a key once however often it is added while waiting, and once more when added while handled', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const q = createWorkQueue<string>(async (k) => {
      seen.push(k);
      if (seen.length === 1) await gate;
    });
    q.add('a');
    q.add('a'); // while handled: once more after
    q.add('b');
    q.add('b');
    release();
    await q.idle();
    expect(seen).toEqual(['a', 'b', 'a']);
  });

  it('retries a failing key with backoff until it succeeds, and reports each failure', async () => {
    let attempts = 0;
    const errors: unknown[] = [];
    const q = createWorkQueue<string>(
      async () => {
        if (++attempts < 4) throw new Error(`fail ${attempts}`);
      },
      { backoff: { baseMs: 1, maxMs: 4 }, onError: (_k, err) => errors.push(err) },
    );
    q.add('x');
    await eventually(() => expect(attempts).toBe(4));
    await q.idle();
    expect(errors.map((e) => (e as Error).message)).toEqual(['fail 1', 'fail 2', 'fail 3']);
  });

  it('stop drops what waits', async () => {
    const seen: string[] = [];
    const q = createWorkQueue<string>(async (k) => void seen.push(k));
    q.addAfter('later', 60_000);
    q.stop();
    q.add('after-stop');
    await q.idle();
    expect(seen).toEqual([]);
  });
});

describe('--controllers', () => {
  const gc = { name: 'garbage-collector-controller', aliases: ['garbagecollector'] };
  it('follows kube-controller-manager: *, names, aliases and -name', () => {
    expect(isControllerEnabled(gc, ['*'])).toBe(true);
    expect(isControllerEnabled(gc, ['*', '-garbagecollector'])).toBe(false);
    expect(isControllerEnabled(gc, ['*', '-garbage-collector-controller'])).toBe(false);
    expect(isControllerEnabled(gc, ['garbagecollector'])).toBe(true);
    expect(isControllerEnabled(gc, ['namespace'])).toBe(false);
    expect(isControllerEnabled({ ...gc, disabledByDefault: true }, ['*'])).toBe(false);
    expect(isControllerEnabled({ ...gc, disabledByDefault: true }, ['*', 'garbagecollector'])).toBe(true);
  });
});

describe('preferredResources', () => {
  it('takes each group\'s first version, and resources only served elsewhere at their first version', () => {
    const r = (group: string, version: string, resource: string): ResourceType => ({ group, version, resource, kind: resource, namespaced: true, verbs: [] });
    const out = preferredResources([r('autoscaling', 'v2', 'hpa'), r('autoscaling', 'v1', 'hpa'), r('autoscaling', 'v1', 'old'), r('x', 'v1', 'a/status')]);
    expect(out.map((t) => `${t.group}/${t.version}/${t.resource}`)).toEqual(['autoscaling/v2/hpa', 'autoscaling/v1/old']);
  });
});

describe('informer', () => {
  it('lists, then follows the watch: adds, updates and deletes reach the handlers in order', async () => {
    const client = createFakeClient();
    client.seed('namespaces', { metadata: { name: 'ns' } });
    client.seed('configmaps', { metadata: { name: 'a', namespace: 'ns' } });
    const rc = client.resource('', 'v1', 'configmaps')!;
    const inf = createInformer(rc);
    const events: string[] = [];
    inf.addHandlers({ add: (o) => events.push(`add ${o.metadata?.name}`), update: (_o, n) => events.push(`update ${n.metadata?.name}`), delete: (o) => events.push(`delete ${o.metadata?.name}`) });
    await inf.synced;
    await rc.create('ns', { metadata: { name: 'b', namespace: 'ns' } });
    await rc.update('ns', { ...(await rc.get('ns', 'b')), data: { k: 'v' } });
    await rc.delete('ns', 'a');
    await eventually(() => expect(events).toEqual(['add a', 'add b', 'update b', 'delete a']));
    expect(inf.list('ns').map((o) => o.metadata?.name)).toEqual(['b']);
    expect(inf.get('ns', 'b')?.data).toEqual({ k: 'v' });
    inf.stop();
  });
});

describe('leader election', () => {
  const config = (identity: string, log: string[]) => ({
    namespace: 'kube-system',
    name: 'kube-controller-manager',
    identity,
    leaseDurationMs: 400,
    renewDeadlineMs: 300,
    retryPeriodMs: 50,
    onStartedLeading: () => log.push(`${identity} leads`),
    onStoppedLeading: () => log.push(`${identity} stops`),
  });

  it('lets one candidate lead; a stopped leader releases the Lease and the other takes over', async () => {
    const client = createFakeClient({ resources: [...defaultFakeResources, leases] });
    client.seed('namespaces', { metadata: { name: 'kube-system' } });
    const log: string[] = [];
    const a = startLeaderElection(client, config('a', log));
    await eventually(() => expect(a.isLeader()).toBe(true));
    const b = startLeaderElection(client, config('b', log));
    const lease = client.peek('leases', 'kube-system', 'kube-controller-manager') as { spec: Record<string, unknown> };
    expect(lease.spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 1, leaseTransitions: 0 });
    expect(lease.spec.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(b.isLeader()).toBe(false);
    await a.stop();
    await eventually(() => expect(b.isLeader()).toBe(true));
    expect((client.peek('leases', 'kube-system', 'kube-controller-manager') as { spec: Record<string, unknown> }).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
    await b.stop();
    expect(log).toEqual(['a leads', 'a stops', 'b leads', 'b stops']);
  });

  it('takes over a Lease whose holder stopped renewing once it has not changed for its duration', async () => {
    const client = createFakeClient({ resources: [...defaultFakeResources, leases] });
    client.seed('namespaces', { metadata: { name: 'kube-system' } });
    client.seed('leases', {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'kube-controller-manager', namespace: 'kube-system' },
      spec: { holderIdentity: 'dead', leaseDurationSeconds: 1, renewTime: '2020-01-01T00:00:00.000000Z', leaseTransitions: 3 },
    });
    const log: string[] = [];
    const started = Date.now();
    const c = startLeaderElection(client, config('c', log));
    await eventually(() => expect(c.isLeader()).toBe(true));
    // Judged by the local clock from when the record was first seen, not by its renewTime.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((client.peek('leases', 'kube-system', 'kube-controller-manager') as { spec: Record<string, unknown> }).spec).toMatchObject({ holderIdentity: 'c', leaseTransitions: 4 });
    await c.stop();
  });
});
