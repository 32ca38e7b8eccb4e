// Events expire as kube-apiserver's do (--event-ttl, kube's event REST TTLFunc): every create and
// update of an Event — through core/v1 or events.k8s.io/v1 — writes it on a lease of the TTL; other
// kinds, dry runs and deletes write none.
import { afterEach, describe, expect, it } from 'vitest';
import { jsonCodec, type KubeObject, type WatchEvent } from '@kapi/apimachinery';
import { createStore, type KV } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, defaultEventTTLSeconds, type RegistryOptions } from '../src/index.ts';

const ctx = { namespace: 'default' };
const event = (name: string): KubeObject => ({
  metadata: { name },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
  reason: 'Started',
  message: 'started',
  type: 'Normal',
});
const modern = (name: string): KubeObject => ({
  metadata: { name },
  eventTime: '2026-01-01T00:00:00.000000Z',
  reportingController: 'example.com/ctl',
  reportingInstance: 'ctl-1',
  action: 'Start',
  reason: 'Started',
  regarding: { kind: 'Pod', name: 'web', namespace: 'default' },
  type: 'Normal',
});

const kvs: KV[] = [];
afterEach(async () => {
  await Promise.all(kvs.splice(0).map((kv) => kv.close()));
});

/** A registry over a memory KV that records the TTL of every lease granted. */
async function setup(options: RegistryOptions = {}) {
  const memory = createMemoryKv();
  kvs.push(memory);
  const grants: number[] = [];
  const grant = memory.grantLease.bind(memory);
  memory.grantLease = (ttl) => {
    grants.push(ttl);
    return grant(ttl);
  };
  const registry = createBuiltinRegistry(() => createStore(memory, { codec: jsonCodec, pathPrefix: '/registry' }), [], options);
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
  const leaseOf = async (path: string) => (await memory.range(`/registry/${path}`)).kvs[0]?.lease ?? 0;
  return {
    grants,
    leaseOf,
    core: registry.lookup('', 'v1', 'events')!.store,
    v1: registry.lookup('events.k8s.io', 'v1', 'events')!.store,
    configMaps: registry.lookup('', 'v1', 'configmaps')!.store,
  };
}

describe('Event TTL', () => {
  it('holds Events on a lease of --event-ttl (1h by default) plus kube\'s reuse window, shared by both API versions', async () => {
    expect(defaultEventTTLSeconds).toBe(3600);
    const t = await setup();
    await t.core.create(ctx, event('a'));
    await t.v1.create(ctx, modern('b'));
    const lease = await t.leaseOf('events/default/a');
    expect(lease).not.toBe(0);
    expect(await t.leaseOf('events/default/b')).toBe(lease);
    // TTL + min(5% of it, 60 s), granted once for both.
    expect(t.grants).toEqual([3660]);
  });

  it('writes every update of an Event, and a create through PUT, with the TTL', async () => {
    const t = await setup({ eventTTLSeconds: 600 });
    await t.core.create(ctx, event('a'));
    const lease = await t.leaseOf('events/default/a');
    await t.core.update(ctx, 'a', (old) => ({ ...old!, count: 2 }));
    expect(await t.leaseOf('events/default/a'), 'the lease is reused within its window').toBe(lease);
    const { created } = await t.core.update(ctx, 'put', () => event('put'));
    expect(created).toBe(true);
    expect(await t.leaseOf('events/default/put')).toBe(lease);
    await t.v1.update(ctx, 'a', (old) => ({ ...old!, series: { count: 3, lastObservedTime: '2026-01-01T00:00:01.000000Z' } }));
    expect(await t.leaseOf('events/default/a')).toBe(lease);
    expect(t.grants).toEqual([630]);
  });

  it('writes no lease for other kinds, dry runs, or with --event-ttl 0', async () => {
    const t = await setup();
    await t.configMaps.create(ctx, { metadata: { name: 'cm' } });
    await t.configMaps.update(ctx, 'cm', (old) => ({ ...old!, data: { a: '1' } }));
    expect(await t.leaseOf('configmaps/default/cm')).toBe(0);
    await t.core.create(ctx, event('dry'), { dryRun: true });
    expect(t.grants).toEqual([]);

    const never = await setup({ eventTTLSeconds: 0 });
    await never.core.create(ctx, event('kept'));
    await never.core.update(ctx, 'kept', (old) => ({ ...old!, count: 2 }));
    expect(await never.leaseOf('events/default/kept')).toBe(0);
    expect(never.grants).toEqual([]);
  });

  it('refuses a TTL that is not a whole number of seconds', () => {
    for (const eventTTLSeconds of [-1, 1.5, Number.NaN]) {
      expect(() => createBuiltinRegistry(() => createStore(createMemoryKv(), { codec: jsonCodec }), [], { eventTTLSeconds })).toThrow(/eventTTLSeconds/);
    }
  });

  it('an expired Event is gone, and a watch of either version sees it DELETED', { timeout: 20_000 }, async () => {
    const t = await setup({ eventTTLSeconds: 1 });
    const made = await t.core.create(ctx, event('short'));
    const watches = await Promise.all([t.core, t.v1].map((s) => s.watch(ctx, { resourceVersion: made.metadata!.resourceVersion! })));
    const deleted = await Promise.all(
      watches.map(async (w) => {
        for await (const ev of w) {
          if (ev.type === 'DELETED') {
            w.stop();
            return ev;
          }
        }
        throw new Error('the watch ended');
      }),
    );
    expect(deleted.map((ev: WatchEvent) => [(ev.object as KubeObject).apiVersion, (ev.object as KubeObject).metadata?.name])).toEqual([
      ['v1', 'short'],
      ['events.k8s.io/v1', 'short'],
    ]);
    await expect(t.core.get(ctx, 'short')).rejects.toMatchObject({ status: { code: 404 } });
  });
});
