// A resource served in one version from another version's storage (createConvertingStore):
// autoscaling/v1 HorizontalPodAutoscalers over the autoscaling/v2 ones, events.k8s.io/v1 Events over
// the core/v1 ones. Both versions read and write the same objects: same resourceVersions, watches
// that see writes made through the other version, results in the requested version.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, parseFieldSelector, statusFromError, type KubeObject, type WatchEvent } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';
import { createConvertingStore } from '../src/converting-store.ts';

let registry: Registry;
const ctx = { namespace: 'default' };
const hpaV1 = () => registry.lookup('autoscaling', 'v1', 'horizontalpodautoscalers')!;
const hpaV2 = () => registry.lookup('autoscaling', 'v2', 'horizontalpodautoscalers')!;
const eventsV1 = () => registry.lookup('events.k8s.io', 'v1', 'events')!;
const coreEvents = () => registry.lookup('', 'v1', 'events')!;

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

const ref = { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' };
const v1Hpa = (name: string, cpu?: number): KubeObject => ({
  apiVersion: 'autoscaling/v1',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name },
  spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 4, ...(cpu !== undefined ? { targetCPUUtilizationPercentage: cpu } : {}) },
});

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
});

describe('autoscaling/v1 over autoscaling/v2', () => {
  it('lists v2 before v1 and serves both with a status subresource', () => {
    const entries = registry.resources.filter((e) => e.info.resource === 'horizontalpodautoscalers');
    expect(entries.map((e) => e.info.version)).toEqual(['v2', 'v1']);
    expect(Object.keys(hpaV1().subresources)).toEqual(['status']);
    expect(hpaV1().subresources.status!.verbs).toEqual(['get', 'patch', 'update']);
    expect(hpaV1().store.strategy.resetFields).toEqual([['status']]);
    expect(hpaV1().subresources.status!.strategy.resetFields).toEqual([['spec']]);
  });

  it('creates through v1 and reads the same object through v2, in each version\'s shape', async () => {
    const made = await hpaV1().store.create(ctx, v1Hpa('web', 70));
    expect(made).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', spec: { targetCPUUtilizationPercentage: 70 }, status: { currentReplicas: 0, desiredReplicas: 0 } });
    const v2 = await hpaV2().store.get(ctx, 'web');
    expect(v2.apiVersion).toBe('autoscaling/v2');
    expect(v2.metadata?.resourceVersion).toBe(made.metadata?.resourceVersion);
    expect(v2.metadata?.uid).toBe(made.metadata?.uid);
    expect(v2.spec).toEqual({ scaleTargetRef: ref, minReplicas: 1, maxReplicas: 4, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }] });
  });

  it('shows what v1 cannot say in annotations, and never stores them', async () => {
    await hpaV2().store.create(ctx, {
      metadata: { name: 'mem', annotations: { 'autoscaling.alpha.kubernetes.io/conditions': '[]' } },
      spec: { scaleTargetRef: ref, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } }], behavior: {} },
    });
    const v1 = await hpaV1().store.get(ctx, 'mem');
    expect(v1.spec).toEqual({ scaleTargetRef: ref, minReplicas: 1, maxReplicas: 3 });
    expect(Object.keys(v1.metadata?.annotations ?? {})).toEqual(['autoscaling.alpha.kubernetes.io/behavior', 'autoscaling.alpha.kubernetes.io/metrics']);
    // An update through v1 that changes maxReplicas keeps the memory metric and the behavior.
    const updated = await hpaV1().store.update(ctx, 'mem', (old) => ({ ...old!, spec: { ...(old!.spec as object), maxReplicas: 6 } }));
    expect(updated.object.apiVersion).toBe('autoscaling/v1');
    const v2 = await hpaV2().store.get(ctx, 'mem');
    expect(v2.metadata?.annotations).toBeUndefined();
    expect((v2.spec as { maxReplicas: number }).maxReplicas).toBe(6);
    expect((v2.spec as { metrics: unknown[] }).metrics).toEqual([{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } }]);
    expect((v2.spec as { behavior: { scaleUp: { selectPolicy: string } } }).behavior.scaleUp.selectPolicy).toBe('Max');
  });

  it('resets the status on create and keeps it on update; the status subresource writes it', async () => {
    await hpaV1().store.create(ctx, { ...v1Hpa('web', 50), status: { currentReplicas: 9, desiredReplicas: 9 } });
    // As Go writes the zero status: desiredReplicas, and currentMetrics as null (no omitempty).
    expect((await hpaV2().store.get(ctx, 'web')).status).toEqual({ desiredReplicas: 0, currentMetrics: null });
    const status = hpaV1().subresources.status!;
    await status.update(ctx, 'web', (old) => ({ ...old!, spec: { ...(old!.spec as object), maxReplicas: 99 }, status: { currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 40 } }));
    const v2 = await hpaV2().store.get(ctx, 'web');
    expect((v2.spec as { maxReplicas: number }).maxReplicas).toBe(4);
    expect(v2.status).toEqual({ currentReplicas: 2, desiredReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 40 } } }] });
    await hpaV1().store.update(ctx, 'web', (old) => ({ ...old!, status: { currentReplicas: 0, desiredReplicas: 0 } }));
    expect((await hpaV1().store.get(ctx, 'web')).status).toEqual({ currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 40 });
  });

  it('keeps optimistic concurrency across versions, and answers errors as kube does', async () => {
    const made = await hpaV1().store.create(ctx, v1Hpa('web', 50));
    await hpaV2().store.update(ctx, 'web', (old) => ({ ...old!, metadata: { ...old!.metadata, labels: { a: 'b' } } }));
    const stale = await failure(hpaV1().store.update(ctx, 'web', () => ({ ...made, spec: { ...(made.spec as object), maxReplicas: 2 } })));
    expect(stale).toMatchObject({ code: 409, reason: 'Conflict' });
    expect(await failure(hpaV1().store.get(ctx, 'nope'))).toMatchObject({ code: 404, message: 'horizontalpodautoscalers.autoscaling "nope" not found' });
    const invalid = await failure(hpaV1().store.create(ctx, { ...v1Hpa('bad', 0), spec: { scaleTargetRef: ref, minReplicas: 3, maxReplicas: 2, targetCPUUtilizationPercentage: 0 } }));
    expect(invalid).toMatchObject({
      code: 422,
      message:
        'HorizontalPodAutoscaler.autoscaling "bad" is invalid: [spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`, spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0]',
    });
    const deleted = await hpaV1().store.delete(ctx, 'web');
    expect(deleted.object).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'web', group: 'autoscaling', kind: 'horizontalpodautoscalers' } });
  });

  it('lists in the served version, items without kind, and watches see writes made through the other version', async () => {
    await hpaV2().store.create(ctx, { metadata: { name: 'a' }, spec: { scaleTargetRef: ref, maxReplicas: 2 } });
    const list = await hpaV1().store.list(ctx);
    expect(list.kind).toBe('HorizontalPodAutoscalerList');
    expect(list.apiVersion).toBe('autoscaling/v1');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.apiVersion).toBeUndefined();
    expect(list.items[0]!.spec).toEqual({ scaleTargetRef: ref, minReplicas: 1, maxReplicas: 2, targetCPUUtilizationPercentage: 80 });

    const watcher = await hpaV1().store.watch(ctx, { resourceVersion: list.metadata.resourceVersion! });
    await hpaV2().store.create(ctx, { metadata: { name: 'b' }, spec: { scaleTargetRef: ref, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 33 } } }] } });
    await hpaV2().store.delete(ctx, 'a');
    const events: WatchEvent[] = [];
    for await (const ev of watcher) {
      events.push(ev);
      if (events.length === 2) break;
    }
    expect(events.map((e) => [e.type, (e.object as KubeObject).apiVersion, (e.object as KubeObject).metadata?.name])).toEqual([
      ['ADDED', 'autoscaling/v1', 'b'],
      ['DELETED', 'autoscaling/v1', 'a'],
    ]);
    expect((events[0]!.object as KubeObject).spec).toMatchObject({ targetCPUUtilizationPercentage: 33 });
  });
});

describe('events.k8s.io/v1 over core/v1', () => {
  const legacy: KubeObject = {
    metadata: { name: 'web.1' },
    involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' },
    reason: 'ScalingReplicaSet',
    message: 'Scaled up',
    source: { component: 'deployment-controller' },
    count: 2,
    type: 'Normal',
  };
  const modern: KubeObject = {
    metadata: { name: 'web.2' },
    eventTime: '2026-01-01T00:00:00.000000Z',
    reportingController: 'example.com/scaler',
    reportingInstance: 'scaler-1',
    action: 'Scale',
    reason: 'Scaled',
    regarding: { kind: 'Deployment', name: 'web', namespace: 'default' },
    note: 'scaled',
    type: 'Normal',
  };

  it('shows core Events as events.k8s.io ones and stores events.k8s.io ones as core Events', async () => {
    await coreEvents().store.create(ctx, legacy);
    const made = await eventsV1().store.create(ctx, modern);
    expect(made).toMatchObject({ apiVersion: 'events.k8s.io/v1', regarding: modern.regarding, note: 'scaled', reportingController: 'example.com/scaler' });
    expect(await eventsV1().store.get(ctx, 'web.1')).toMatchObject({ apiVersion: 'events.k8s.io/v1', eventTime: null, note: 'Scaled up', deprecatedCount: 2, deprecatedSource: { component: 'deployment-controller' } });
    expect(await coreEvents().store.get(ctx, 'web.2')).toMatchObject({ apiVersion: 'v1', involvedObject: modern.regarding, message: 'scaled', reportingComponent: 'example.com/scaler', action: 'Scale' });
  });

  it('applies the strict rules to requests to events.k8s.io/v1 only, with kube\'s (core) names in errors', async () => {
    const bad = await failure(eventsV1().store.create(ctx, { ...modern, metadata: { name: 'bad' }, type: 'Fine', deprecatedCount: 1 }));
    expect(bad).toMatchObject({ code: 422, message: 'Event "bad" is invalid: [type: Invalid value: "": has invalid value: Fine, count: Invalid value: "": needs to be unset]' });
    expect(await coreEvents().store.create(ctx, { ...legacy, metadata: { name: 'ok' } })).toMatchObject({ count: 2 });
    expect(await failure(eventsV1().store.get(ctx, 'nope'))).toMatchObject({ code: 404, message: 'events "nope" not found' });
    await eventsV1().store.create(ctx, modern);
    const immutable = await failure(eventsV1().store.update(ctx, 'web.2', (old) => ({ ...old!, note: 'changed' })));
    expect(immutable).toMatchObject({ code: 422, message: 'Event "web.2" is invalid: message: Invalid value: "changed": field is immutable' });
  });

  it('selects by the events.k8s.io field labels, as the core ones', async () => {
    await coreEvents().store.create(ctx, legacy);
    await eventsV1().store.create(ctx, modern);
    const names = async (sel: string) => (await eventsV1().store.list(ctx, { fieldSelector: parseFieldSelector(sel) })).items.map((i) => i.metadata?.name);
    expect(await names('regarding.name=web')).toEqual(['web.1', 'web.2']);
    expect(await names('reportingController=example.com/scaler')).toEqual(['web.2']);
    expect(await names('source=deployment-controller')).toEqual(['web.1']);
    expect(await failure(names('involvedObject.name=web'))).toMatchObject({ code: 400, message: 'field label not supported: involvedObject.name' });
  });
});

describe('createConvertingStore', () => {
  it('passes bookmarks and errors of a watch through, converting the rest', async () => {
    await coreEvents().store.create(ctx, { ...{ metadata: { name: 'seed' }, involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' }, reason: 'R' } });
    const store = createConvertingStore({
      info: eventsV1().info,
      strategy: eventsV1().store.strategy,
      storage: () => coreEvents().store,
      toStorage: (o) => o,
      fromStorage: (o) => ({ ...o, converted: true }),
    });
    const got = await store.get(ctx, 'seed');
    expect(got).toMatchObject({ apiVersion: 'events.k8s.io/v1', kind: 'Event', converted: true });
    const w = await store.watch(ctx, { resourceVersion: '0' });
    for await (const ev of w) {
      expect(ev.type).toBe('ADDED');
      expect(ev.object).toMatchObject({ converted: true, apiVersion: 'events.k8s.io/v1' });
      break;
    }
    w.stop();
    await w.closed;
  });
});
