// A write through the cacher starts from the cacher's own last write of the key while the cache
// has not caught up with it (src/own-writes.ts): no read back from the store, same results.
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { faultyStore, newCacher, pod, rvOf, until, type FaultyStore } from './helpers.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const n = (o: KubeObject) => (o.spec as { n: number }).n;
/** Adds one to spec.n, noting the resourceVersion of the object it started from. */
const increment = (seen: number[]) => (o: KubeObject) => {
  seen.push(rvOf(o));
  return { ...o, spec: { n: n(o) + 1 } };
};

/** A cacher whose cache never sees the changes of pod `a` after its creation (a lagging watch). */
async function lagging() {
  let f: FaultyStore | undefined;
  const env = await newCacher({}, (s) => (f = faultyStore(s)).store);
  closers.push(env.close);
  f!.drop = (ev) => ev.type !== 'ADDED' && (ev.object as KubeObject).metadata?.name === 'a';
  const key = '/pods/ns/a';
  const created = await env.cacher.create(key, pod('a', 'ns', { spec: { n: 0 } }));
  await until(() => env.cacher.resourceVersion >= rvOf(created), 5_000, 'the cache to hold the created pod');
  return { ...env, key, created };
}

describe("the cacher's own writes", () => {
  it('stand in for an older cached object: an update right after an update reads nothing back', async () => {
    const { cacher, kv, key } = await lagging();
    const first = await cacher.guaranteedUpdate(key, { tryUpdate: increment([]) });
    const reads = kv.calls['range'] ?? 0;
    const seen: number[] = [];
    const second = await cacher.guaranteedUpdate(key, { tryUpdate: increment(seen) });
    expect(kv.calls['range'] ?? 0).toBe(reads);
    expect(seen).toEqual([rvOf(first)]);
    expect(n(second)).toBe(2);
    // What the caller got back is its own: changing it changes nothing the cacher keeps.
    (second.spec as { n: number }).n = 100;
    const third = await cacher.guaranteedUpdate(key, { tryUpdate: increment([]) });
    expect(n(third)).toBe(3);
  });

  it('are verified by the write: a write through another store since then is seen on the retry', async () => {
    const { cacher, store, key } = await lagging();
    await cacher.guaranteedUpdate(key, { tryUpdate: increment([]) });
    const theirs = await store.guaranteedUpdate(key, { tryUpdate: (o) => ({ ...o, spec: { n: 10 } }) });
    const seen: number[] = [];
    const out = await cacher.guaranteedUpdate(key, { tryUpdate: increment(seen) });
    expect(seen.at(-1)).toBe(rvOf(theirs));
    expect(n(out)).toBe(11);
  });

  it('are forgotten once deleted through the cacher, and once the cache holds them', async () => {
    const { cacher, key } = await lagging();
    await cacher.guaranteedUpdate(key, { tryUpdate: increment([]) });
    await cacher.delete(key);
    const missing = await cacher.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: (o) => ({ ...pod('a'), spec: { n: o.spec === undefined ? -1 : n(o) } }) });
    expect(n(missing)).toBe(-1);

    const env = await newCacher();
    closers.push(env.close);
    const b = await env.cacher.create('/pods/ns/b', pod('b', 'ns', { spec: { n: 0 } }));
    const updated = await env.cacher.guaranteedUpdate('/pods/ns/b', { tryUpdate: increment([]) });
    await until(() => env.cacher.resourceVersion >= rvOf(updated));
    const seen: number[] = [];
    await env.cacher.guaranteedUpdate('/pods/ns/b', { tryUpdate: increment(seen) });
    // The cache's own (frozen) object was the suggestion: the same revision, and it was current.
    expect(seen).toEqual([rvOf(updated)]);
    expect(rvOf(updated)).toBeGreaterThan(rvOf(b));
  });
});
