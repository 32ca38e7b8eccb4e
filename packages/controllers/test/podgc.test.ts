// PodGC against the fake client: kube's gc_controller_test.go cases (terminated threshold, orphaned
// pods after quarantine, unscheduled terminating pods, terminating pods on out-of-service nodes),
// observed as the requests kube makes: a status patch to Failed (with DisruptionTarget for orphans),
// then a delete with grace period 0.
import { afterEach, describe, expect, it } from 'vitest';
import { failureStatus, newStatusError, type KubeObject } from '@kapi/apimachinery';
import { byEvictionAndCreationTimestamp, createPodGC, podGCController, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';

const quiet = { info: () => {}, warn: () => {} };
const pod = (name: string, opts: { node?: string; phase?: string; reason?: string; created?: string; deleting?: boolean; conditions?: unknown[] } = {}): KubeObject => ({
  metadata: {
    name,
    namespace: 'default',
    creationTimestamp: opts.created ?? '2026-01-01T00:00:00Z',
    ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30, finalizers: ['example.com/hold'] } : {}),
  },
  spec: { ...(opts.node ? { nodeName: opts.node } : {}), containers: [{ name: 'c', image: 'i' }] },
  status: { phase: opts.phase ?? 'Running', ...(opts.reason ? { reason: opts.reason } : {}), ...(opts.conditions ? { conditions: opts.conditions } : {}) },
});
const node = (name: string, opts: { ready?: boolean; outOfService?: boolean } = {}): KubeObject => ({
  metadata: { name },
  spec: opts.outOfService ? { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }] } : {},
  status: { conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }] },
});
/** The informers' view: the fake's current objects. */
const cacheOf = (client: FakeClient, resource: string) => ({
  list: () => client.all(resource),
  get: (_ns: string, name: string) => client.peek(resource, '', name),
});
const gcOf = (client: FakeClient, options: Parameters<typeof createPodGC>[5] = {}, now = () => 0) =>
  createPodGC(cacheOf(client, 'pods'), cacheOf(client, 'nodes'), client.resource('', 'v1', 'pods')!, client.resource('', 'v1', 'nodes')!, quiet, options, now);
const podWrites = (client: FakeClient) => client.writes().filter((a) => a.resource === 'pods');
const summary = (client: FakeClient) => podWrites(client).map((a) => `${a.verb}${a.subresource ? `/${a.subresource}` : ''} ${a.name}`);

describe('gcTerminated', () => {
  it('deletes the terminated pods beyond the threshold, evicted first, then the oldest; without a status patch', async () => {
    const client = createFakeClient();
    client.seed(
      'pods',
      pod('a', { phase: 'Failed', created: '2026-01-01T00:00:02Z' }),
      pod('b', { phase: 'Succeeded', created: '2026-01-01T00:00:01Z' }),
      pod('c', { phase: 'Running' }),
      pod('d', { phase: 'Failed', reason: 'Evicted', created: '2026-01-01T00:00:09Z' }),
      pod('e', { phase: 'Pending' }),
    );
    await gcOf(client, { terminatedPodThreshold: 1 }).gc();
    expect(summary(client).sort()).toEqual(['delete b', 'delete d']);
    expect(podWrites(client).every((a) => JSON.stringify(a.options) === '{"gracePeriodSeconds":0}')).toBe(true);
    expect(client.all('pods').map((p) => p.metadata?.name)).toEqual(['a', 'c', 'e']);
  });

  it('keeps them all at or under the threshold, and when the threshold is 0', async () => {
    const client = createFakeClient();
    client.seed('pods', pod('a', { phase: 'Failed' }), pod('b', { phase: 'Succeeded' }));
    await gcOf(client, { terminatedPodThreshold: 2 }).gc();
    await gcOf(client, { terminatedPodThreshold: 0 }).gc();
    expect(podWrites(client)).toEqual([]);
  });

  it('orders by eviction, creation time, then name', () => {
    const sorted = [pod('z', { created: '2026-01-01T00:00:00Z' }), pod('y', { phase: 'Failed', reason: 'Evicted', created: '2026-02-01T00:00:00Z' }), pod('a', { created: '2026-01-01T00:00:00Z' }), pod('m', { created: '2025-01-01T00:00:00Z' })].sort(byEvictionAndCreationTimestamp);
    expect(sorted.map((p) => p.metadata?.name)).toEqual(['y', 'm', 'a', 'z']);
  });
});

describe('gcOrphaned', () => {
  it('quarantines a missing node for 40 s, checks it live, then marks its pods Failed with DisruptionTarget and force-deletes them', async () => {
    const client = createFakeClient();
    client.seed('nodes', node('alive'));
    client.seed('pods', pod('orphan', { node: 'ghost', conditions: [{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z' }] }), pod('done', { node: 'ghost', phase: 'Succeeded' }), pod('fine', { node: 'alive' }));
    let t = 0;
    const gc = gcOf(client, { terminatedPodThreshold: 0 }, () => t);
    await gc.gc();
    t = 39_999;
    await gc.gc();
    expect(podWrites(client)).toEqual([]);
    expect(client.actions.filter((a) => a.resource === 'nodes')).toEqual([]);
    t = 40_000;
    const orphan = client.peek('pods', 'default', 'orphan')!;
    await gc.gc();
    expect(client.actions.filter((a) => a.resource === 'nodes').map((a) => `${a.verb} ${a.name}`)).toEqual(['get ghost']);
    expect(summary(client)).toEqual(['patch/status orphan', 'delete orphan', 'delete done']);
    const [patch] = podWrites(client);
    expect(patch!.patchType).toBe('application/strategic-merge-patch+json');
    const body = patch!.body as { status: { conditions: { lastTransitionTime: string }[] } };
    expect(body).toEqual({
      metadata: { uid: orphan.metadata?.uid },
      status: {
        '$setElementOrder/conditions': [{ type: 'Ready' }, { type: 'DisruptionTarget' }],
        conditions: [{ lastProbeTime: null, lastTransitionTime: body.status.conditions[0]!.lastTransitionTime, message: 'PodGC: node no longer exists', reason: 'DeletionByPodGC', status: 'True', type: 'DisruptionTarget' }],
        phase: 'Failed',
      },
    });
    expect(body.status.conditions[0]!.lastTransitionTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(client.all('pods').map((p) => p.metadata?.name)).toEqual(['fine']);
  });

  it('a failed delete leaves the pod Failed with the condition; a later run deletes it after a new quarantine', async () => {
    const client = createFakeClient();
    client.seed('pods', pod('orphan', { node: 'ghost' }));
    let failDeletes = 1;
    client.react((a) => (a.verb === 'delete' && failDeletes-- > 0 ? newStatusError(failureStatus(500, 'InternalError', 'boom')) : undefined));
    let t = 0;
    const gc = gcOf(client, { quarantineMs: 10 }, () => t);
    await gc.gc();
    t = 10;
    await gc.gc();
    const left = client.peek('pods', 'default', 'orphan') as KubeObject & { status: { phase: string; conditions: object[] } };
    expect(left.status.phase).toBe('Failed');
    expect(left.status.conditions).toEqual([expect.objectContaining({ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByPodGC', message: 'PodGC: node no longer exists' })]);
    await gc.gc(); // quarantined again
    expect(client.peek('pods', 'default', 'orphan')).toBeDefined();
    t = 20;
    await gc.gc();
    expect(client.peek('pods', 'default', 'orphan')).toBeUndefined();
    expect(summary(client)).toEqual(['patch/status orphan', 'delete orphan', 'delete orphan']);
  });

  it('keeps the pods of a node that shows up in the cache, or that a live get finds', async () => {
    const client = createFakeClient();
    client.seed('pods', pod('p1', { node: 'late' }), pod('p2', { node: 'uncached' }));
    const cachedNodes: KubeObject[] = [];
    let t = 0;
    const gc = createPodGC(cacheOf(client, 'pods'), { list: () => cachedNodes, get: () => undefined }, client.resource('', 'v1', 'pods')!, client.resource('', 'v1', 'nodes')!, quiet, { quarantineMs: 5 }, () => t);
    await gc.gc();
    cachedNodes.push(node('late'));
    client.seed('nodes', node('uncached'));
    t = 5;
    await gc.gc();
    expect(podWrites(client)).toEqual([]);
    expect(client.actions.filter((a) => a.resource === 'nodes').map((a) => `${a.verb} ${a.name}`)).toEqual(['get uncached']);
  });
});

describe('gcUnscheduledTerminating and gcTerminating', () => {
  it('force-deletes a terminating pod bound to no node, marking it Failed first', async () => {
    const client = createFakeClient();
    client.seed('pods', pod('unscheduled', { phase: 'Pending', deleting: true }), pod('pending', { phase: 'Pending' }));
    await gcOf(client).gc();
    expect(summary(client)).toEqual(['patch/status unscheduled', 'delete unscheduled']);
    expect(podWrites(client)[0]!.body).toEqual({ metadata: { uid: expect.any(String) }, status: { phase: 'Failed' } });
    expect(podWrites(client)[1]!.options).toEqual({ gracePeriodSeconds: 0 });
  });

  it('force-deletes terminating pods on a node that is not ready and tainted out-of-service, and only there', async () => {
    const client = createFakeClient();
    client.seed('nodes', node('down', { ready: false, outOfService: true }), node('ready-tainted', { outOfService: true }), node('down-untainted', { ready: false }));
    client.seed(
      'pods',
      pod('on-down', { node: 'down', deleting: true }),
      pod('on-down-alive', { node: 'down' }),
      pod('on-ready-tainted', { node: 'ready-tainted', deleting: true }),
      pod('on-down-untainted', { node: 'down-untainted', deleting: true }),
    );
    await gcOf(client).gc();
    expect(summary(client)).toEqual(['patch/status on-down', 'delete on-down']);
  });
});

describe('pod-garbage-collector-controller', () => {
  let manager: ControllerManager | undefined;
  afterEach(async () => {
    await manager?.stop();
    manager = undefined;
  });

  it('runs every period once the caches are synced and removes the pods of a node that does not exist', async () => {
    const client = createFakeClient();
    client.seed('namespaces', { metadata: { name: 'default' } });
    client.seed('nodes', node('alive'));
    client.seed('pods', pod('fine', { node: 'alive' }));
    manager = startControllerManager({ client, controllers: [podGCController({ gcCheckPeriodMs: 5, quarantineMs: 0 })] });
    await manager.idle();
    await client.resource('', 'v1', 'pods')!.create('default', pod('orphan', { node: 'ghost' }));
    await eventually(() => expect(client.peek('pods', 'default', 'orphan')).toBeUndefined());
    expect(client.peek('pods', 'default', 'fine')).toBeDefined();
    expect(summary(client)).toEqual(['create orphan', 'patch/status orphan', 'delete orphan']);
  });
});
