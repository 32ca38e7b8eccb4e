// A namespace's `status` and `finalize` subresources, as kube-apiserver serves them.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';

let registry: Registry;
const namespaces = () => registry.lookup('', 'v1', 'namespaces')!;

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await namespaces().store.create({}, { metadata: { name: 'team' } });
});

describe('namespaces/status', () => {
  it('is get, patch and update; writes status and keeps spec', async () => {
    const sub = namespaces().subresources.status!;
    expect(sub.verbs).toEqual(['get', 'patch', 'update']);
    const res = await sub.update({}, 'team', (old) => ({
      ...old!,
      spec: { finalizers: [] },
      status: { phase: 'Active', conditions: [{ type: 'NamespaceDeletionDiscoveryFailure', status: 'False' }] },
    }));
    expect(res.object.spec).toEqual({ finalizers: ['kubernetes'] });
    expect((res.object.status as { conditions: unknown[] }).conditions).toHaveLength(1);
  });

  it('rejects a phase that disagrees with deletionTimestamp', async () => {
    const err = await failure(namespaces().subresources.status!.update({}, 'team', (old) => ({ ...old!, status: { phase: 'Terminating' } })));
    expect(err.code).toBe(422);
    expect(err.message).toBe('Namespace "team" is invalid: status.Phase: Invalid value: "Terminating": may only be \'Active\' if `deletionTimestamp` is empty');
  });
});

describe('namespaces/finalize', () => {
  it('is update only; writes spec.finalizers and keeps status', async () => {
    const sub = namespaces().subresources.finalize!;
    expect(sub.verbs).toEqual(['update']);
    const res = await sub.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: ['example.com/cleanup'] }, status: { phase: 'Terminating' } }));
    expect(res.object.spec).toEqual({ finalizers: ['example.com/cleanup'] });
    expect(res.object.status).toEqual({ phase: 'Active' });
    // The main resource ignores spec.finalizers, as kube's namespace strategy does.
    const main = await namespaces().store.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: [] } }));
    expect((main.object.spec as { finalizers: string[] }).finalizers).toEqual(['example.com/cleanup']);
  });

  it('rejects finalizer names that are neither standard nor qualified', async () => {
    const err = await failure(
      namespaces().subresources.finalize!.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: ['cleanup'] } }) as KubeObject),
    );
    expect(err.code).toBe(422);
    expect(err.message).toBe('Namespace "team" is invalid: spec.finalizers[0]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified');
  });
});

describe('namespace deletion', () => {
  const cms = () => registry.lookup('', 'v1', 'configmaps')!.store;

  it('marks the namespace Terminating and answers with it; the content stays for the namespace controller', async () => {
    await cms().create({ namespace: 'team' }, { metadata: { name: 'a' } });
    const res = await namespaces().store.delete({}, 'team');
    expect(res.deleted).toBe(false);
    expect(res.object).toMatchObject({ kind: 'Namespace', apiVersion: 'v1', spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } });
    expect((res.object as KubeObject).metadata?.deletionTimestamp).toBeDefined();
    expect((await cms().list({ namespace: 'team' })).items).toHaveLength(1);
    // Deleting again while spec.finalizers remain answers with the namespace, still there.
    const again = await namespaces().store.delete({}, 'team');
    expect(again.deleted).toBe(false);
    expect((again.object as KubeObject).metadata?.deletionTimestamp).toBe((res.object as KubeObject).metadata?.deletionTimestamp);
  });

  it('is deleted by the finalize update that empties spec.finalizers (ShouldDeleteNamespaceDuringUpdate)', async () => {
    await namespaces().store.delete({}, 'team');
    const out = await namespaces().subresources.finalize!.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: [] } }));
    expect(out.object.metadata?.name).toBe('team');
    expect((await failure(namespaces().store.get({}, 'team'))).code).toBe(404);
  });

  it('takes the garbage collector finalizers the propagation policy asks for', async () => {
    const res = await namespaces().store.delete({}, 'team', { propagationPolicy: 'Orphan' });
    expect((res.object as KubeObject).metadata?.finalizers).toEqual(['orphan']);
    await namespaces().subresources.finalize!.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: [] } }));
    // metadata.finalizers still hold it.
    expect((await namespaces().store.get({}, 'team')).metadata?.finalizers).toEqual(['orphan']);
  });

  it('refuses the immortal namespaces and checks preconditions', async () => {
    await namespaces().store.create({}, { metadata: { name: 'default' } });
    expect((await failure(namespaces().store.delete({}, 'default'))).code).toBe(403);
    const err = await failure(namespaces().store.delete({}, 'team', { preconditions: { uid: 'nope' } }));
    expect(err.code).toBe(409);
    expect(err.message).toContain('Precondition failed: UID in precondition: nope');
  });

  it('is not touched by a dry run', async () => {
    const res = await namespaces().store.delete({}, 'team', { dryRun: true });
    expect(res.object).toMatchObject({ status: { phase: 'Terminating' } });
    expect((await namespaces().store.get({}, 'team')).metadata?.deletionTimestamp).toBeUndefined();
  });
});
