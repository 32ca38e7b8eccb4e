import { describe, expect, it } from 'vitest';
import { createMemoryKv } from './testing/memory-kv.ts';
import { isKvCompactedError } from './kv.ts';
import { startCompactor } from './compactor.ts';

const value = new TextEncoder().encode('x');

async function compactedBelow(kv: ReturnType<typeof createMemoryKv>, revision: number): Promise<boolean> {
  try {
    await kv.range('/a', { revision });
    return false;
  } catch (err) {
    if (isKvCompactedError(err)) return true;
    throw err;
  }
}

describe('compactor', () => {
  it('keeps one interval of history: each tick compacts at the revision seen by the previous one', async () => {
    const kv = createMemoryKv();
    const compacted: number[] = [];
    const c = startCompactor(kv, { intervalMs: 0, onCompacted: (r) => compacted.push(r) });
    await kv.create('/a', value);
    const r1 = await kv.currentRevision();
    await c.tick(); // records r1 (+ its own write), compacts nothing
    expect(compacted).toEqual([]);
    await kv.update('/a', value, (await kv.range('/a')).kvs[0]!.modRevision);
    await c.tick(); // compacts at what the first tick saw
    expect(compacted).toEqual([r1]);
    expect(await compactedBelow(kv, r1 - 1)).toBe(true);
    expect(await compactedBelow(kv, r1)).toBe(false);
    c.stop();
  });

  it('lets exactly one of several replicas compact per interval', async () => {
    const kv = createMemoryKv();
    const done: string[] = [];
    const a = startCompactor(kv, { intervalMs: 0, onCompacted: () => done.push('a') });
    const b = startCompactor(kv, { intervalMs: 0, onCompacted: () => done.push('b') });
    const perRound: number[] = [];
    for (let i = 0; i < 6; i++) {
      await kv.create(`/k${i}`, value);
      const before = done.length;
      await Promise.all([a.tick(), b.tick()]);
      perRound.push(done.length - before);
    }
    // Never two compactions in one interval, and compaction does happen.
    expect(perRound.every((n) => n <= 1)).toBe(true);
    expect(done.length).toBeGreaterThanOrEqual(2);
  });
});
