// 200 watchers of one resource while 16 writers make 10,000 writes: every watcher sees every event
// exactly once, in resourceVersion order, with no gap.
import { expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { newCacher, pod, rvOf } from './helpers.ts';

const watchers = 200;
const writers = 16;
const writes = 10_000;

it(`${watchers} watchers, ${writes} writes from ${writers} concurrent writers: every event once, in order, no gap`, { timeout: 120_000 }, async () => {
  const { cacher, close } = await newCacher();
  try {
    const start = String(await cacher.getCurrentResourceVersion());
    const seen: number[][] = [];
    const done: Promise<void>[] = [];
    for (let i = 0; i < watchers; i++) {
      const w = await cacher.watch('/pods', { recursive: true, resourceVersion: start });
      const rvs: number[] = [];
      seen.push(rvs);
      done.push(
        (async () => {
          for await (const ev of w) {
            rvs.push(rvOf(ev.object));
            if (rvs.length === writes) break;
          }
        })(),
      );
    }
    // Each writer creates its objects, then updates each once: creates and updates interleave.
    const written: number[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, wi) => {
        const n = writes / writers;
        const keys: string[] = [];
        for (let i = 0; i < Math.ceil(n / 2); i++) {
          const name = `w${wi}-${i}`;
          keys.push(`/pods/ns${wi}/${name}`);
          written.push(rvOf(await cacher.create(keys[i]!, pod(name, `ns${wi}`))));
        }
        for (const key of keys.slice(0, Math.floor(n / 2))) {
          const out: KubeObject = await cacher.guaranteedUpdate(key, { tryUpdate: (o) => ({ ...o, metadata: { ...o.metadata, labels: { updated: 'true' } } }) });
          written.push(rvOf(out));
        }
      }),
    );
    await Promise.all(done);
    written.sort((a, b) => a - b);
    expect(written).toHaveLength(writes);
    expect(cacher.metrics.watchersTerminated, 'no watcher was too slow').toBe(0);
    for (let i = 0; i < watchers; i++) {
      // Strictly increasing and exactly the revisions written: in order, once each, no gap.
      expect(seen[i]!.length, `watcher ${i}`).toBe(writes);
      expect(seen[i], `watcher ${i}`).toEqual(written);
    }
  } finally {
    await close();
  }
});
