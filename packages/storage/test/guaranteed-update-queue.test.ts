// Per-key serialization of guaranteedUpdate inside one Store (src/guaranteed-update.ts).
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../src/guaranteed-update.ts';
import { createStore, type GuaranteedUpdateOptions, type KV, type StorageInterface } from '../src/index.ts';
import { createMemoryKv } from '../src/testing/index.ts';

const tick = () => new Promise<void>((r) => setImmediate(r));

/** A memory KV that counts reads, conditional updates and how many of them lost their compare. */
function countingKv(): { kv: KV; updates: { total: number; failed: number; reads: number } } {
  const kv = createMemoryKv();
  const updates = { total: 0, failed: 0, reads: 0 };
  const range: KV['range'] = async (...args) => {
    updates.reads++;
    return kv.range(...args);
  };
  const update: KV['update'] = async (...args) => {
    updates.total++;
    const res = await kv.update(...args);
    if (!res.succeeded) updates.failed++;
    return res;
  };
  const wrapped = new Proxy(kv, {
    get(target, prop) {
      if (prop === 'update') return update;
      if (prop === 'range') return range;
      const v: unknown = Reflect.get(target, prop);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { kv: wrapped, updates };
}

const counter = (): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns' }, data: { n: '0' } });
const valueOf = (obj: KubeObject | undefined) => Number((obj?.['data'] as { n: string } | undefined)?.n);

function incrementer(calls: { n: number }): GuaranteedUpdateOptions['tryUpdate'] {
  return (obj) => {
    calls.n++;
    obj['data'] = { n: String(valueOf(obj) + 1) };
    return obj;
  };
}

const store = (kv: KV): StorageInterface => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in call order, and forgets the key when drained', async () => {
    const q = new KeyedQueue<string>(60_000);
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((name) => q.run('k', task(name))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(maxRunning).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    await tick();
    expect(q.size).toBe(0);
  });

  it('starts the next task after one that rejects or throws, and passes the failure to its caller only', async () => {
    const q = new KeyedQueue<string>(60_000);
    const order: string[] = [];
    const failing = q.run('k', async () => {
      await tick();
      order.push('failing');
      throw new Error('boom');
    });
    const throwing = q.run('k', () => {
      order.push('throwing');
      throw new Error('sync boom');
    });
    const next = q.run('k', async () => {
      order.push('next');
      return 'next';
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(throwing).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('next');
    expect(order).toEqual(['failing', 'throwing', 'next']);
    await tick();
    expect(q.size).toBe(0);
  });

  it('hands a fulfilled value to the task queued right behind, through handoff', async () => {
    const q = new KeyedQueue<string>(60_000);
    const seen: (string | undefined)[] = [];
    const task = (name: string) => async (previous: string | undefined) => {
      seen.push(previous);
      if (name === 'b') throw new Error('b fails');
      return name;
    };
    const copy = (v: string) => `copy of ${v}`;
    const results = await Promise.allSettled(['a', 'b', 'c'].map((name) => q.run('k', task(name), copy)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen).toEqual([undefined, 'copy of a', undefined]);
  });

  it('starts a queued task once it has waited maxWaitMs for a task that does not settle', async () => {
    const q = new KeyedQueue<string>(50);
    const stuck = q.run('k', () => new Promise<string>(() => undefined));
    await expect(q.run('k', async (previous) => `ran after ${String(previous)}`)).resolves.toBe('ran after undefined');
    void stuck;
  });

  it('does not make different keys wait for each other', async () => {
    const q = new KeyedQueue<string>(60_000);
    let releaseA!: () => void;
    const a = q.run('a', () => new Promise<string>((r) => (releaseA = () => r('a'))));
    await expect(q.run('b', async () => 'b')).resolves.toBe('b');
    expect(q.size).toBe(1);
    releaseA();
    await expect(a).resolves.toBe('a');
  });
});

describe('guaranteedUpdate serialized per key within a Store', () => {
  it('concurrent updates of one key through one Store never conflict with each other', async () => {
    const { kv, updates } = countingKv();
    const s = store(kv);
    await s.create('/configmaps/ns/c', counter());
    const calls = { n: 0 };
    updates.reads = 0;
    const outs = await Promise.all(Array.from({ length: 50 }, () => s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: incrementer(calls) })));
    expect(outs.map(valueOf)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(calls.n).toBe(50);
    // Only the first call reads: each next one starts from the object the one before it stored.
    expect(updates).toEqual({ total: 50, failed: 0, reads: 1 });
    expect(valueOf(await s.get('/configmaps/ns/c'))).toBe(50);
    await kv.close();
  });

  it('updates through two Stores over one KV still race, retry and lose nothing', async () => {
    const { kv, updates } = countingKv();
    const [s1, s2] = [store(kv), store(kv)];
    await s1.create('/configmaps/ns/c', counter());
    const calls = { n: 0 };
    const outs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? s1 : s2).guaranteedUpdate('/configmaps/ns/c', { tryUpdate: incrementer(calls) })),
    );
    expect(new Set(outs.map(valueOf)).size).toBe(40);
    expect(valueOf(await s2.get('/configmaps/ns/c'))).toBe(40);
    // The two Stores' queues do not wait for each other: some writes lost the race and were retried.
    expect(updates.failed).toBeGreaterThan(0);
    expect(calls.n).toBe(40 + updates.failed);
    await kv.close();
  });

  it('a failing tryUpdate ends its own call only; the queued calls behind it run', async () => {
    const { kv } = countingKv();
    const s = store(kv);
    await s.create('/configmaps/ns/c', counter());
    const calls = { n: 0 };
    const inc = incrementer(calls);
    const results = await Promise.allSettled([
      s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: inc }),
      s.guaranteedUpdate('/configmaps/ns/c', {
        tryUpdate: () => {
          throw new Error('rejected by tryUpdate');
        },
      }),
      s.guaranteedUpdate('/configmaps/ns/missing', { tryUpdate: inc }),
      s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: inc }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/rejected by tryUpdate/);
    expect(valueOf((results[3] as PromiseFulfilledResult<KubeObject>).value)).toBe(2);
    await kv.close();
  });

  it('updates queued behind a call the KV never answers run once it has had maxUpdateQueueWaitMs', { timeout: 10_000 }, async () => {
    const { kv } = countingKv();
    const s = store(kv);
    await s.create('/configmaps/ns/c', counter());
    const calls = { n: 0 };
    const stuck = s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: () => new Promise<KubeObject>(() => undefined) });
    const next = await s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: incrementer(calls) });
    expect(valueOf(next)).toBe(1);
    void stuck;
    await kv.close();
  });

  it('a queued call with a cached object that went stale in the queue still writes on the current state', async () => {
    const { kv } = countingKv();
    const s = store(kv);
    const created = await s.create('/configmaps/ns/c', counter());
    const calls = { n: 0 };
    const [first, second] = await Promise.all([
      s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: incrementer(calls), cachedExistingObject: created }),
      s.guaranteedUpdate('/configmaps/ns/c', { tryUpdate: incrementer(calls), cachedExistingObject: created }),
    ]);
    expect([valueOf(first), valueOf(second)]).toEqual([1, 2]);
    expect(Number(second.metadata?.resourceVersion)).toBeGreaterThan(Number(first.metadata?.resourceVersion));
    await kv.close();
  });
});
