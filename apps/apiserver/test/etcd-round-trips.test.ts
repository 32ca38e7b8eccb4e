// The etcd round trips of the write path, counted: kube-apiserver's figures are one txn per create
// in an existing namespace and one per update when the watch cache holds the current object.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KV } from '@kapi/storage';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { composeStack, type Stack } from '../src/compose.ts';
import { createFieldManagers } from '../src/field-managers.ts';
import { createOpenAPIV3 } from '../src/openapi.ts';
import { createApiServer } from '../src/server.ts';

/** The KV calls that reach etcd as requests (watches are streams, not counted). */
const counted = ['range', 'create', 'update', 'delete', 'currentRevision'] as const;
type Counts = Record<(typeof counted)[number], number>;

function countingKv(kv: KV, counts: Counts): KV {
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = (value as (...args: unknown[]) => unknown).bind(target);
      if (!(counted as readonly (string | symbol)[]).includes(prop)) return fn;
      return (...args: unknown[]) => {
        counts[prop as keyof Counts]++;
        return fn(...args);
      };
    },
  });
}

const zero = (): Counts => ({ range: 0, create: 0, update: 0, delete: 0, currentRevision: 0 });

/** Holds the KV's watch deliveries (events and progress, in order) while `held`: the watch caches lag. */
const lag = { held: false, queue: [] as (() => void)[] };
function release(): void {
  lag.held = false;
  for (const deliver of lag.queue.splice(0)) deliver();
}

function laggingKv(kv: KV): KV {
  return new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop !== 'watch') return value;
      const watch = (value as KV['watch']).bind(target);
      const later =
        <A extends unknown[]>(f: (...args: A) => void) =>
        (...args: A) => {
          if (lag.held || lag.queue.length > 0) lag.queue.push(() => f(...args));
          else f(...args);
        };
      return ((key, options, handlers) =>
        watch(key, options, {
          onEvents: later((events) => handlers.onEvents(events)),
          ...(handlers.onProgress ? { onProgress: later((rev: number) => handlers.onProgress!(rev)) } : {}),
          onError: (err) => handlers.onError(err),
        })) satisfies KV['watch'];
    },
  });
}

describe('etcd round trips per write over HTTP', () => {
  let etcd: EtcdServer;
  let stack: Stack;
  let server: Server;
  let url: string;
  let counts = zero();

  beforeAll(async () => {
    etcd = await startEtcd();
    stack = await composeStack({ kind: 'etcd', endpoints: etcd.endpoints }, { compactionIntervalMs: 0, wrapKv: (kv) => countingKv(laggingKv(kv), counts) });
    const logger = pino({ level: 'silent' });
    const fieldManagers = createFieldManagers(createOpenAPIV3(stack.registry), logger, true, stack.registry);
    server = createApiServer({ registry: stack.registry, logger, fieldManagers, storageHealth: stack.storageHealth });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server?.close();
    server?.closeAllConnections();
    await stack?.close();
    await etcd?.stop();
  });
  beforeEach(() => {
    counts = Object.assign(counts, zero());
  });

  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(url + path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as { metadata: { resourceVersion: string; name: string } } };
  };

  /** Waits until every watch cache has seen the writes so far (the cache is then current). */
  const settle = async () => {
    const rv = await stack.kv.currentRevision();
    const cm = stack.registry.lookup('', 'v1', 'configmaps')!;
    for (;;) {
      const list = await cm.store.list({ namespace: 'default' }, { resourceVersion: '0' });
      if (Number(list.metadata.resourceVersion) >= rv) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    Object.assign(counts, zero());
  };

  it('creates in an existing namespace with one txn and no read', async () => {
    await settle();
    for (let i = 0; i < 5; i++) {
      const res = await send('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: `create-${i}` }, data: { a: 'b' } });
      expect(res.status).toBe(201);
    }
    expect(counts).toEqual({ ...zero(), create: 5 });
  });

  it('updates an object the cache holds with one txn and no read', async () => {
    const created = await send('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'update' }, data: { n: '0' } });
    expect(created.status).toBe(201);
    let rv = created.body.metadata.resourceVersion;
    for (let i = 1; i <= 5; i++) {
      await settle();
      const res = await send('PUT', '/api/v1/namespaces/default/configmaps/update', { metadata: { name: 'update', resourceVersion: rv }, data: { n: String(i) } });
      expect(res.status).toBe(200);
      rv = res.body.metadata.resourceVersion;
      expect(counts).toEqual({ ...zero(), update: 1 });
    }
  });

  it('while the cache lags behind: an update of what this server just wrote reads nothing back', async () => {
    await settle();
    lag.held = true;
    try {
      const created = await send('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'lagging' }, data: { n: '0' } });
      expect(created.status).toBe(201);
      let rv = created.body.metadata.resourceVersion;
      for (let i = 1; i <= 3; i++) {
        const res = await send('PUT', '/api/v1/namespaces/default/configmaps/lagging', { metadata: { name: 'lagging', resourceVersion: rv }, data: { n: String(i) } });
        expect(res.status).toBe(200);
        expect(Number(res.body.metadata.resourceVersion)).toBeGreaterThan(Number(rv));
        rv = res.body.metadata.resourceVersion;
      }
      expect(counts).toEqual({ ...zero(), create: 1, update: 3 });
    } finally {
      release();
    }
  });

  it('while the cache lags behind: a create right after this server deleted the namespace is refused', async () => {
    expect((await send('POST', '/api/v1/namespaces', { metadata: { name: 'going' } })).status).toBe(201);
    await settle();
    lag.held = true;
    try {
      // The cache still holds the namespace Active; the DELETE this server admitted sends admission to etcd.
      expect((await send('DELETE', '/api/v1/namespaces/going', {})).status).toBe(200);
      const refused = await send('POST', '/api/v1/namespaces/going/configmaps', { metadata: { name: 'late' } });
      expect(refused.status).toBe(403);
    } finally {
      release();
    }
  });

  it('admits by the cache without losing a namespace this process just created or deleted', async () => {
    // Not yet in the cache: looked up in etcd, admitted.
    expect((await send('POST', '/api/v1/namespaces', { metadata: { name: 'fresh' } })).status).toBe(201);
    expect((await send('POST', '/api/v1/namespaces/fresh/configmaps', { metadata: { name: 'first' } })).status).toBe(201);
    // Deleted by this process: refused at once, whatever the cache has seen.
    expect((await send('DELETE', '/api/v1/namespaces/fresh', {})).status).toBe(200);
    const refused = await send('POST', '/api/v1/namespaces/fresh/configmaps', { metadata: { name: 'late' } });
    expect(refused.status).toBe(403);
    // Missing: 404, from etcd.
    expect((await send('POST', '/api/v1/namespaces/nowhere/configmaps', { metadata: { name: 'x' } })).status).toBe(404);
  });
});
