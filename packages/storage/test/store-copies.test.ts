// The Store never mutates or hands out objects it was given (a cached object, a created object):
// it copies only what it changes, so callers such as the watch cache can share their objects.
import { describe, expect, it } from 'vitest';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '../src/index.ts';
import { createMemoryKv } from '../src/testing/index.ts';

const freeze = <T>(o: T): T => {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) freeze(v);
    Object.freeze(o);
  }
  return o;
};

describe('objects passed in', () => {
  it('create leaves its object unchanged', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec });
    const obj = freeze({ metadata: { name: 'a', namespace: 'ns', labels: { x: 'y' } }, data: { k: 'v' } });
    const created = await store.create('/cms/ns/a', obj);
    expect(created.metadata?.resourceVersion).toMatch(/^\d+$/);
    expect(obj.metadata).toEqual({ name: 'a', namespace: 'ns', labels: { x: 'y' } });
  });

  it('guaranteedUpdate reads a cached object without changing it, and never returns it', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec });
    const created = await store.create('/cms/ns/a', { metadata: { name: 'a', namespace: 'ns' }, data: { k: 'v' } });
    const cached = freeze(structuredClone(created));
    // An update that changes nothing returns the current object without writing.
    const same = await store.guaranteedUpdate('/cms/ns/a', { cachedExistingObject: cached, tryUpdate: (cur) => cur });
    expect(same).toEqual(created);
    expect(same).not.toBe(cached);
    same.metadata!.labels = { mutated: 'yes' };
    expect(cached.metadata?.labels).toBeUndefined();
    // tryUpdate gets a private copy it may change.
    const changed = await store.guaranteedUpdate('/cms/ns/a', {
      cachedExistingObject: cached,
      tryUpdate: (cur: KubeObject) => {
        (cur.data as Record<string, string>).k = 'w';
        return cur;
      },
    });
    expect(changed.data).toEqual({ k: 'w' });
    expect(cached.data).toEqual({ k: 'v' });
  });

  it('copies keep `__proto__` as an ordinary key (a valid ConfigMap key)', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec });
    const data = JSON.parse('{"__proto__":"x","a":"b"}') as Record<string, string>;
    const created = await store.create('/cms/ns/p', { metadata: { name: 'p', namespace: 'ns' }, data });
    const updated = await store.guaranteedUpdate('/cms/ns/p', {
      cachedExistingObject: freeze(structuredClone(created)),
      tryUpdate: (cur: KubeObject) => {
        expect(Object.keys(cur.data as object)).toEqual(['__proto__', 'a']);
        (cur.data as Record<string, string>).a = 'c';
        return cur;
      },
    });
    expect(Object.getPrototypeOf(updated.data)).toBe(Object.prototype);
    expect(Object.entries(updated.data as object)).toEqual([
      ['__proto__', 'x'],
      ['a', 'c'],
    ]);
  });

  it('delete with a cached object leaves it unchanged', async () => {
    const store = createStore(createMemoryKv(), { codec: jsonCodec });
    const created = await store.create('/cms/ns/a', { metadata: { name: 'a', namespace: 'ns' } });
    const cached = freeze(structuredClone(created));
    const deleted = await store.delete('/cms/ns/a', { cachedExistingObject: cached });
    expect(Number(deleted.metadata?.resourceVersion)).toBeGreaterThan(Number(created.metadata?.resourceVersion));
    expect(cached.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
  });
});
