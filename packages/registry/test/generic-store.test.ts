// The generic Store's REST semantics over the in-memory KV (the registry never imports a backend).
import { beforeEach, describe, expect, it } from 'vitest';
import { isAlreadyExists, isConflict, isInvalid, isNotFound, jsonCodec, parseLabelSelector, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';

let registry: Registry;
const cms = () => registry.lookup('', 'v1', 'configmaps')!.store;
const nss = () => registry.lookup('', 'v1', 'namespaces')!.store;
const ctx = { namespace: 'default' };

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await nss().create({}, { metadata: { name: 'default' } });
});

describe('create', () => {
  it('fills uid, creationTimestamp, resourceVersion and the namespace of the request', async () => {
    const cm = await cms().create(ctx, { metadata: { name: 'a' } });
    expect(cm.metadata).toMatchObject({ name: 'a', namespace: 'default' });
    expect(cm.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cm.metadata?.resourceVersion).toMatch(/^\d+$/);
    expect(Object.keys(cm.metadata!)).toEqual(['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp']);
  });

  it('ignores client-set uid and deletionTimestamp, rejects another namespace', async () => {
    const cm = await cms().create(ctx, { metadata: { name: 'b', uid: 'mine', deletionTimestamp: '2020-01-01T00:00:00Z' } });
    expect(cm.metadata?.uid).not.toBe('mine');
    expect(cm.metadata?.deletionTimestamp).toBeUndefined();
    const err = await failure(cms().create(ctx, { metadata: { name: 'c', namespace: 'other' } }));
    expect(statusFromError(err).message).toBe('the namespace of the provided object does not match the namespace sent on the request');
  });

  it('answers AlreadyExists and Invalid as Status errors', async () => {
    await cms().create(ctx, { metadata: { name: 'd' } });
    expect(isAlreadyExists(await failure(cms().create(ctx, { metadata: { name: 'd' } })))).toBe(true);
    const invalid = await failure(cms().create(ctx, { metadata: { name: 'e' }, data: { 'bad key': 'x' } }));
    expect(isInvalid(invalid)).toBe(true);
    expect(statusFromError(invalid).details?.causes?.[0]?.field).toBe('data[bad key]');
  });

  it('dry run validates and checks existence but writes nothing', async () => {
    const dry = await cms().create(ctx, { metadata: { name: 'f' } }, { dryRun: true });
    expect(dry.metadata?.uid).toBeTruthy();
    expect(isNotFound(await failure(cms().get(ctx, 'f')))).toBe(true);
  });
});

describe('update', () => {
  it('keeps uid and creationTimestamp, bumps resourceVersion, and needs none for configmaps', async () => {
    const cm = await cms().create(ctx, { metadata: { name: 'u' }, data: { a: '1' } });
    const { object, created } = await cms().update(ctx, 'u', () => ({ metadata: { name: 'u' }, data: { a: '2' } }));
    expect(created).toBe(false);
    expect(object.metadata?.uid).toBe(cm.metadata?.uid);
    expect(object.metadata?.creationTimestamp).toBe(cm.metadata?.creationTimestamp);
    expect(Number(object.metadata?.resourceVersion)).toBeGreaterThan(Number(cm.metadata?.resourceVersion));
  });

  it('a stale resourceVersion is a Conflict; an immutable ConfigMap cannot change', async () => {
    const cm = await cms().create(ctx, { metadata: { name: 'imm' }, data: { a: '1' }, immutable: true });
    await cms().update(ctx, 'imm', (old) => ({ ...old!, metadata: { ...old!.metadata, labels: { x: 'y' } } }));
    expect(isConflict(await failure(cms().update(ctx, 'imm', () => ({ ...cm, data: { a: '1' } }))))).toBe(true);
    const err = await failure(cms().update(ctx, 'imm', (old) => ({ ...old!, data: { a: '2' } })));
    expect(statusFromError(err).message).toBe('ConfigMap "imm" is invalid: data: Forbidden: field is immutable when `immutable` is set');
  });
});

describe('finalizers', () => {
  it('delete marks the object; removing the last finalizer deletes it', async () => {
    await cms().create(ctx, { metadata: { name: 'fin', finalizers: ['example.com/hold'] } });
    const first = await cms().delete(ctx, 'fin');
    expect(first.deleted).toBe(false);
    const marked = first.object as KubeObject;
    expect(marked.metadata?.deletionTimestamp).toBeTruthy();
    expect((await cms().get(ctx, 'fin')).metadata?.deletionTimestamp).toBe(marked.metadata?.deletionTimestamp);
    // The deletion mark cannot be undone by an update.
    const kept = await cms().update(ctx, 'fin', (old) => ({ ...old!, metadata: { ...old!.metadata, deletionTimestamp: undefined, labels: { a: 'b' } } }));
    expect(kept.object.metadata?.deletionTimestamp).toBe(marked.metadata?.deletionTimestamp);
    await cms().update(ctx, 'fin', (old) => ({ ...old!, metadata: { ...old!.metadata, finalizers: [] } }));
    expect(isNotFound(await failure(cms().get(ctx, 'fin')))).toBe(true);
  });
});

describe('list and watch', () => {
  it('filters by labels and fields, and rejects unsupported fields', async () => {
    await cms().create(ctx, { metadata: { name: 'l1', labels: { app: 'web' } } });
    await cms().create(ctx, { metadata: { name: 'l2', labels: { app: 'db' } } });
    const web = await cms().list(ctx, { labelSelector: parseLabelSelector('app in (web)') });
    expect(web.items.map((i) => i.metadata?.name)).toEqual(['l1']);
    expect(web.items[0]?.kind).toBeUndefined();
    expect(web.kind).toBe('ConfigMapList');
    const err = await failure(cms().list(ctx, { fieldSelector: { requirements: [{ field: 'data.x', operator: '=', value: '1' }] } as never }));
    expect(statusFromError(err).code).toBe(400);
  });
});

describe('namespaces', () => {
  it('deleting a namespace marks it Terminating and leaves its content to the namespace controller; the default namespace is immortal', async () => {
    await nss().create({}, { metadata: { name: 'team' } });
    await cms().create({ namespace: 'team' }, { metadata: { name: 'in-team' } });
    const res = await nss().delete({}, 'team');
    expect((res.object as KubeObject).kind).toBe('Namespace');
    expect(res.deleted).toBe(false);
    expect((await nss().get({}, 'team')).status).toEqual({ phase: 'Terminating' });
    expect((await cms().get({ namespace: 'team' }, 'in-team')).metadata?.name).toBe('in-team');
    expect(statusFromError(await failure(nss().delete({}, 'default'))).code).toBe(403);
  });
});
