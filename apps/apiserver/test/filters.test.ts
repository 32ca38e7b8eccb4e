// The handler chain's guards: in-flight limits (429 with Retry-After, which client-go retries) and
// request deadlines (`?timeout=`, 504 Timeout Status), over a store that answers when told to.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { jsonCodec } from '@kapi/apimachinery';
import { createStore, type StorageInterface } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry } from '@kapi/registry';
import { createApiServer } from '../src/server.ts';
import { requestDeadlineMs, setLongTimeout } from '../src/filters.ts';
import { watchTimeoutMs } from '../src/handlers/watch.ts';

describe('setLongTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires when due, also past the 2^31 ms a Node timer takes', () => {
    let fired = 0;
    setLongTimeout(() => fired++, 2 ** 31 + 5_000);
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    vi.advanceTimersByTime(2 ** 32);
    expect(fired).toBe(1);
  });

  it('is cancelled by the function it returns, in any of its legs', () => {
    let fired = 0;
    const cancel = setLongTimeout(() => fired++, 3 * 2 ** 31);
    vi.advanceTimersByTime(2 ** 31 + 10);
    cancel();
    vi.advanceTimersByTime(4 * 2 ** 31);
    expect(fired).toBe(0);
  });
});

describe('watchTimeoutMs', () => {
  it('is timeoutSeconds as a Go duration: the default for 0 or none, at once when it is negative or wraps', () => {
    expect(watchTimeoutMs(1)).toBe(1000);
    expect(watchTimeoutMs(2_147_484)).toBe(2_147_484_000);
    expect(watchTimeoutMs(9_000_000_000)).toBe(9e12);
    expect(watchTimeoutMs(-1)).toBe(0);
    expect(watchTimeoutMs(10_000_000_000)).toBe(0);
    for (const t of [undefined, 0]) {
      const ms = watchTimeoutMs(t);
      expect(ms).toBeGreaterThanOrEqual(1_800_000);
      expect(ms).toBeLessThan(3_600_000);
    }
  });
});

describe('requestDeadlineMs', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('takes a positive timeout below the maximum, else the maximum', () => {
    expect(requestDeadlineMs(q('timeout=32s'), 60_000)).toBe(32_000);
    expect(requestDeadlineMs(q('timeout=0s'), 60_000)).toBe(60_000);
    expect(requestDeadlineMs(q('timeout=5m'), 60_000)).toBe(60_000);
    expect(requestDeadlineMs(q(''), 60_000)).toBe(60_000);
  });
  it('answers a malformed timeout with a 400 Status', () => {
    expect(() => requestDeadlineMs(q('timeout=soon'), 60_000)).toThrow('invalid timeout specified in the request URL - time: invalid duration "soon"');
  });
});

describe('over HTTP', () => {
  let server: Server;
  let base: string;
  let gate: { open: () => void; wait: Promise<void> };
  const newGate = () => {
    let open!: () => void;
    const wait = new Promise<void>((r) => (open = r));
    return { open, wait };
  };

  beforeEach(async () => {
    gate = newGate();
    gate.open();
    const kv = createMemoryKv();
    // Reads of ConfigMaps wait for the gate, so a test can hold requests in flight.
    const slow = (s: StorageInterface): StorageInterface => ({
      ...s,
      get: async (key, opts) => {
        if (key.startsWith('/configmaps/')) await gate.wait;
        return s.get(key, opts);
      },
    });
    const registry = createBuiltinRegistry(() => slow(createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' })));
    await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
    await registry.lookup('', 'v1', 'configmaps')!.store.create({ namespace: 'default' }, { metadata: { name: 'a' } });
    server = createApiServer({ registry, logger: pino({ level: 'silent' }), maxReadInFlight: 1, maxMutatingInFlight: 1, requestTimeoutMs: 60_000 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    gate.open();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('answers 429 with Retry-After when the reads in flight reach the limit, and serves again after', async () => {
    gate = newGate();
    const held = fetch(`${base}/api/v1/namespaces/default/configmaps/a`);
    await new Promise((r) => setTimeout(r, 50));
    const rejected = await fetch(`${base}/api/v1/namespaces/default/configmaps/a`);
    expect(rejected.status).toBe(429);
    expect(rejected.headers.get('retry-after')).toBe('1');
    expect(await rejected.text()).toBe('Too many requests, please try again later.\n');
    // A mutating request counts against its own limit.
    const write = await fetch(`${base}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'b' } }),
    });
    expect(write.status).toBe(201);
    // Probes are never limited.
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    gate.open();
    expect((await held).status).toBe(200);
    expect((await fetch(`${base}/api/v1/namespaces/default/configmaps/a`)).status).toBe(200);
  });

  it('answers 504 Timeout when the request outlives ?timeout=, and the late answer is dropped', async () => {
    gate = newGate();
    const res = await fetch(`${base}/api/v1/namespaces/default/configmaps/a?timeout=200ms`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Timeout: request did not complete within requested timeout - context deadline exceeded',
      reason: 'Timeout',
      details: {},
      code: 504,
    });
    gate.open();
    // The slot is free again and the server still answers.
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetch(`${base}/api/v1/namespaces/default/configmaps/a`)).status).toBe(200);
  });

  it('answers a malformed ?timeout= with 400', async () => {
    const res = await fetch(`${base}/api/v1/namespaces/default/configmaps/a?timeout=later`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('invalid timeout specified in the request URL - time: invalid duration "later"');
  });

  it('does not limit or time out watches', async () => {
    gate = newGate();
    const held = fetch(`${base}/api/v1/namespaces/default/configmaps/a`);
    await new Promise((r) => setTimeout(r, 50));
    const ac = new AbortController();
    const watch = await fetch(`${base}/api/v1/namespaces/default/configmaps?watch=true&timeout=100ms`, { signal: ac.signal });
    expect(watch.status).toBe(200);
    ac.abort();
    gate.open();
    await held;
  });
});
