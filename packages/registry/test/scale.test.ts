// The scale subresource of Deployments, ReplicaSets and StatefulSets: what `kubectl scale` and the
// HorizontalPodAutoscaler read and write.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';

let registry: Registry;
const ctx = { namespace: 'default' };
const deployments = () => registry.lookup('apps', 'v1', 'deployments')!;
const scale = () => deployments().subresources.scale!;

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

const deployment = (name: string): KubeObject => ({
  metadata: { name },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['web', 'api'] }] },
    template: { metadata: { labels: { app: name, tier: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  },
});

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
});

describe('scale subresource', () => {
  it('is served for deployments, replicasets and statefulsets only, with the Scale kind', () => {
    for (const r of ['deployments', 'replicasets', 'statefulsets']) {
      const sub = registry.lookup('apps', 'v1', r)!.subresources.scale!;
      expect(sub.verbs).toEqual(['get', 'patch', 'update']);
      expect(sub.definition).toMatchObject({ group: 'autoscaling', version: 'v1', kind: 'Scale' });
    }
    expect(registry.lookup('apps', 'v1', 'daemonsets')!.subresources.scale).toBeUndefined();
  });

  it('reads the owner as a Scale: replicas, status replicas and the selector as a string', async () => {
    const d = await deployments().store.create(ctx, deployment('web'));
    const s = await scale().get(ctx, 'web');
    expect(s).toEqual({
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      metadata: {
        name: 'web',
        namespace: 'default',
        uid: d.metadata!.uid,
        resourceVersion: d.metadata!.resourceVersion,
        creationTimestamp: d.metadata!.creationTimestamp,
      },
      spec: { replicas: 2 },
      status: { replicas: 0, selector: 'app=web,tier in (api,web)' },
    });
  });

  it('writes spec.replicas of the owner, bumps its generation, and answers with the new Scale', async () => {
    const before = await deployments().store.create(ctx, deployment('web'));
    const res = await scale().update(ctx, 'web', (old) => ({ ...old!, spec: { replicas: 5 } }));
    expect(res.object.spec).toEqual({ replicas: 5 });
    const after = await deployments().store.get(ctx, 'web');
    expect((after.spec as { replicas: number }).replicas).toBe(5);
    expect(after.metadata!.generation).toBe(before.metadata!.generation! + 1);
    expect(res.object.metadata!.resourceVersion).toBe(after.metadata!.resourceVersion);
  });

  it('treats the Scale resourceVersion as a precondition on the owner', async () => {
    const d = await deployments().store.create(ctx, deployment('web'));
    const stale = d.metadata!.resourceVersion!;
    await scale().update(ctx, 'web', (old) => ({ ...old!, spec: { replicas: 3 } }));
    const err = await failure(scale().update(ctx, 'web', (old) => ({ ...old!, metadata: { ...old!.metadata, resourceVersion: stale }, spec: { replicas: 4 } })));
    expect(err.code).toBe(409);
    expect(err.reason).toBe('Conflict');
    // Without a resourceVersion the write is unconditional.
    const ok = await scale().update(ctx, 'web', () => ({ metadata: { name: 'web' }, spec: { replicas: 4 } }));
    expect(ok.object.spec).toEqual({ replicas: 4 });
  });

  it('rejects negative replicas as kube does, leaving the owner unchanged', async () => {
    await deployments().store.create(ctx, deployment('web'));
    const err = await failure(scale().update(ctx, 'web', (old) => ({ ...old!, spec: { replicas: -1 } })));
    expect(err.code).toBe(422);
    expect(err.message).toBe('Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
    expect(err.details).toMatchObject({ group: 'autoscaling', kind: 'Scale', name: 'web' });
    expect(((await deployments().store.get(ctx, 'web')).spec as { replicas: number }).replicas).toBe(2);
  });

  it('rejects a body for another name or namespace, or another uid', async () => {
    await deployments().store.create(ctx, deployment('web'));
    expect((await failure(scale().update(ctx, 'web', () => ({ metadata: { name: 'other' }, spec: { replicas: 1 } })))).message).toBe(
      'the name of the object (other) does not match the name on the URL (web)',
    );
    expect((await failure(scale().update(ctx, 'web', () => ({ metadata: { name: 'web', namespace: 'kube-system' }, spec: { replicas: 1 } })))).code).toBe(400);
    const uidErr = await failure(scale().update(ctx, 'web', () => ({ metadata: { name: 'web', uid: 'nope' }, spec: { replicas: 1 } })));
    expect(uidErr.code).toBe(409);
    expect(uidErr.message).toContain('Precondition failed: UID in precondition: nope');
  });

  it('answers NotFound for a missing owner', async () => {
    const getErr = await failure(scale().get(ctx, 'nope'));
    expect(getErr.code).toBe(404);
    expect(getErr.message).toBe('deployments/scale.apps "nope" not found');
    const updErr = await failure(scale().update(ctx, 'nope', (old) => old!));
    expect(updErr.code).toBe(404);
    expect(updErr.message).toBe('deployments.apps "nope" not found');
  });

  it('serves statefulsets and replicasets the same way', async () => {
    await registry.lookup('apps', 'v1', 'replicasets')!.store.create(ctx, deployment('rs'));
    const rsScale = registry.lookup('apps', 'v1', 'replicasets')!.subresources.scale!;
    await rsScale.update(ctx, 'rs', (old) => ({ ...old!, spec: { replicas: 0 } }));
    expect((await rsScale.get(ctx, 'rs')).spec).toEqual({ replicas: 0 });
  });
});
