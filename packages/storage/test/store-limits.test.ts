// The size limit of stored values: what etcd would refuse is a 413 on every backend, and nothing is written.
import { describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError } from '@kapi/apimachinery';
import { createStore, defaultMaxValueBytes } from '../src/index.ts';
import { createMemoryKv } from '../src/testing/index.ts';

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

const big = (bytes: number) => ({ metadata: { name: 'a', namespace: 'ns' }, data: { k: 'x'.repeat(bytes) } });

describe('maxValueBytes', () => {
  it('is etcd\'s default request limit, 1.5 MiB', () => {
    expect(defaultMaxValueBytes).toBe(1_572_864);
  });

  it('refuses a create over the limit with 413, writing nothing', async () => {
    const kv = createMemoryKv();
    const store = createStore(kv, { codec: jsonCodec });
    const err = await failure(store.create('/cms/ns/a', big(2 * 1024 * 1024)));
    expect(err.code).toBe(413);
    expect(err.reason).toBe('RequestEntityTooLarge');
    expect(err.message).toMatch(/^Request entity too large: the object is \d+ bytes as stored, more than the storage limit of 1572864 bytes$/);
    expect((await kv.range('/cms/ns/a')).kvs).toEqual([]);
  });

  it('refuses an update over the limit with 413, leaving the stored object as it was', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec });
    const created = await store.create('/cms/ns/a', big(10));
    const err = await failure(store.guaranteedUpdate('/cms/ns/a', { tryUpdate: () => big(2 * 1024 * 1024) }));
    expect(err.code).toBe(413);
    expect(await store.get('/cms/ns/a')).toEqual(created);
  });

  it('stores what fits, and nothing limits a store made with 0', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec, maxValueBytes: 0 });
    await expect(store.create('/cms/ns/a', big(2 * 1024 * 1024))).resolves.toBeDefined();
    const limited = createStore(createMemoryKv(), { codec: jsonCodec });
    await expect(limited.create('/cms/ns/a', big(1024 * 1024))).resolves.toBeDefined();
  });
});
