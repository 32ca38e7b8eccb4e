// A namespace's `status` and `finalize` subresources, as kube-apiserver serves them.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';
import { namespaceRetryMs } from '../src/namespace-store.ts';

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
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('removes the content and the namespace at once when nothing holds them', async () => {
    await cms().create({ namespace: 'team' }, { metadata: { name: 'a' } });
    const res = await namespaces().store.delete({}, 'team');
    expect(res.deleted).toBe(true);
    expect((await failure(namespaces().store.get({}, 'team'))).code).toBe(404);
    expect((await cms().list({ namespace: 'team' })).items).toEqual([]);
  });

  it('stays Terminating while content waits for its finalizers, then finishes in the background', async () => {
    const saved = { ...namespaceRetryMs };
    namespaceRetryMs.initial = 10;
    namespaceRetryMs.max = 20;
    try {
      await cms().create({ namespace: 'team' }, { metadata: { name: 'held', finalizers: ['example.com/hold'] } });
      const res = await namespaces().store.delete({}, 'team');
      expect(res.deleted).toBe(false);
      expect(res.object).toMatchObject({ kind: 'Namespace', status: { phase: 'Terminating' } });
      const ns = await namespaces().store.get({}, 'team');
      expect(ns.metadata?.deletionTimestamp).toBeDefined();
      expect((await cms().get({ namespace: 'team' }, 'held')).metadata?.deletionTimestamp).toBeDefined();
      // The finalizer's owner lets go: the object goes, then the namespace.
      await cms().update({ namespace: 'team' }, 'held', (old) => ({ ...old!, metadata: { ...old!.metadata, finalizers: [] } }));
      expect(await until(async () => (await namespaces().store.get({}, 'team').catch(() => undefined)) === undefined)).toBe(true);
    } finally {
      Object.assign(namespaceRetryMs, saved);
    }
  });

  it('resumes the deletion of namespaces found Terminating (after a restart)', async () => {
    const saved = { ...namespaceRetryMs };
    namespaceRetryMs.initial = 10;
    namespaceRetryMs.max = 20;
    try {
      const kv = createMemoryKv();
      const first = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
      await first.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'old' } });
      await first.lookup('', 'v1', 'configmaps')!.store.create({ namespace: 'old' }, { metadata: { name: 'held', finalizers: ['example.com/hold'] } });
      // The first process would retry only in an hour: it "stops" before that.
      namespaceRetryMs.initial = 3_600_000;
      expect((await first.lookup('', 'v1', 'namespaces')!.store.delete({}, 'old')).deleted).toBe(false);
      namespaceRetryMs.initial = 10;
      // Another process lifts the finalizer, then a new registry (a restart) starts over the same data.
      const second = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
      await second.lookup('', 'v1', 'configmaps')!.store.update({ namespace: 'old' }, 'held', (old) => ({ ...old!, metadata: { ...old!.metadata, finalizers: [] } }));
      const nsStore = second.lookup('', 'v1', 'namespaces')!.store as unknown as { resume(): Promise<void>; get: (c: object, n: string) => Promise<unknown> };
      await nsStore.resume();
      expect(await until(async () => (await nsStore.get({}, 'old').catch(() => undefined)) === undefined)).toBe(true);
    } finally {
      Object.assign(namespaceRetryMs, saved);
    }
  });

  it('waits for spec finalizers other than kubernetes, removed through namespaces/finalize', async () => {
    const saved = { ...namespaceRetryMs };
    namespaceRetryMs.initial = 10;
    namespaceRetryMs.max = 20;
    try {
      await namespaces().subresources.finalize!.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: ['kubernetes', 'example.com/x'] } }));
      const res = await namespaces().store.delete({}, 'team');
      expect(res.deleted).toBe(false);
      const ns = await namespaces().store.get({}, 'team');
      expect((ns.spec as { finalizers: string[] }).finalizers).toEqual(['example.com/x']);
      await namespaces().subresources.finalize!.update({}, 'team', (old) => ({ ...old!, spec: { finalizers: [] } }));
      expect(await until(async () => (await namespaces().store.get({}, 'team').catch(() => undefined)) === undefined)).toBe(true);
    } finally {
      Object.assign(namespaceRetryMs, saved);
    }
  });
});
