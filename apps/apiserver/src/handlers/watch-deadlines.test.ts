import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines, type Expiring } from './watch-deadlines.ts';

const item = (name: string, log: string[]): Expiring & { name: string } => ({ name, due: 0, heapIndex: -1, expire: () => log.push(name) });

describe('Deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires each item when it is due, in order, under one timer; a removed one never', () => {
    const log: string[] = [];
    const d = new Deadlines();
    const now = performance.now();
    const dues = [50, 10, 40, 30, 20, 60, 10];
    const items = dues.map((ms, i) => item(`i${i}@${ms}`, log));
    items.forEach((it, i) => d.add(it, now + dues[i]!));
    d.remove(items[2]!);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(9);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log.sort()).toEqual(['i1@10', 'i6@10']);
    vi.advanceTimersByTime(25);
    expect(log.slice(2)).toEqual(['i4@20', 'i3@30']);
    vi.advanceTimersByTime(100);
    expect(log.slice(4)).toEqual(['i0@50', 'i5@60']);
    expect(d.size).toBe(0);
    expect(items.every((i) => i.heapIndex === -1)).toBe(true);
  });

  it('keeps the heap ordered through random adds and removes', () => {
    const log: string[] = [];
    const d = new Deadlines();
    const now = performance.now();
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const live = new Map<string, number>();
    const all: (Expiring & { name: string })[] = [];
    for (let i = 0; i < 500; i++) {
      const it = item(`i${i}`, log);
      const due = Math.floor(rand() * 1000);
      d.add(it, now + due);
      all.push(it);
      live.set(it.name, due);
      if (rand() < 0.3) {
        const victim = all[Math.floor(rand() * all.length)]!;
        d.remove(victim);
        live.delete(victim.name);
      }
    }
    vi.advanceTimersByTime(1000);
    expect(log).toHaveLength(live.size);
    expect(new Set(log)).toEqual(new Set(live.keys()));
    const dues = log.map((n) => live.get(n)!);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });

  it('waits past the longest delay setTimeout takes without firing early', () => {
    const log: string[] = [];
    const d = new Deadlines();
    d.add(item('far', log), performance.now() + 3 * 2 ** 31);
    vi.advanceTimersByTime(2 ** 31 + 5_000);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(2 * 2 ** 31);
    expect(log).toEqual(['far']);
  });
});
