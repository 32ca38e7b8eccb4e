// Behaviour of k8s.io/apiserver/pkg/storage/testing/store_tests.go RunTestGuaranteedUpdateWithConflict (v1.36), scaled up:
// many writers increment one counter through guaranteedUpdate while a watch follows it.
import type { KubeObject, WatchEvent } from '@kapi/apimachinery';
import { expect } from 'vitest';
import type { StorageInterface } from '../interfaces.ts';

/** Options of {@link runCounterStress}. */
export interface CounterStressOptions {
  /** Concurrent writers, spread round-robin over the stores. */
  readonly writers: number;
  /** guaranteedUpdate increments each writer makes, one after another. */
  readonly increments: number;
  /** How long the watch may take to deliver the last event after the writers finished; default 60 s. */
  readonly watchTimeoutMs?: number;
}

/** What a run measured, for the test to print. */
export interface CounterStressReport {
  /** Successful updates: writers × increments. */
  readonly updates: number;
  /** tryUpdate calls; every one beyond `updates` is a retry after a lost race. */
  readonly attempts: number;
  /** From the first increment until the watch delivered the last one. */
  readonly durationMs: number;
}

interface Ack {
  readonly rv: number;
  readonly value: number;
}

const valueOf = (obj: KubeObject): number => Number((obj['data'] as Record<string, string> | undefined)?.['count']);
const rvOf = (obj: KubeObject): number => Number(obj.metadata?.resourceVersion);

/**
 * Creates one counter object, opens a watch on it, then lets `writers` concurrent writers each
 * increment it `increments` times with guaranteedUpdate, writer i going through
 * `stores[i % stores.length]`. The stores must share one keyspace (same KV or same etcd, same
 * codec and path prefix); spreading writers over several stores makes them race for real, since
 * updates of one key through one Store wait for each other.
 *
 * Asserts what a client relies on: no lost update (the final value is writers × increments and
 * every update returned a different value), every update returned a distinct resourceVersion,
 * each writer saw its resourceVersions strictly increase, a higher resourceVersion always carries
 * a higher count, and the watch delivered exactly one MODIFIED event per update, in strictly
 * increasing resourceVersion order, with counts 1..N at the resourceVersions the writers got back
 * (a delete written afterwards is the very next event, so there is no extra one either).
 */
export async function runCounterStress(stores: readonly StorageInterface[], options: CounterStressOptions): Promise<CounterStressReport> {
  const first = stores[0];
  if (first === undefined) throw new Error('runCounterStress: at least one store is required');
  const total = options.writers * options.increments;
  const key = `/counters-${globalThis.crypto.randomUUID().slice(0, 8)}/stress`;
  const created = await first.create(key, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'stress' }, data: { count: '0' } });

  // Read the watch while the writers run: one event per update, plus the final delete.
  const watcher = await first.watch(key, { resourceVersion: created.metadata?.resourceVersion ?? '' });
  const events: WatchEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const reading = (async () => {
    for await (const ev of watcher) {
      events.push(ev);
      wake?.();
    }
    ended = true;
    wake?.();
  })();
  const waitForEvents = async (n: number, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (events.length < n) {
      if (ended) throw new Error(`runCounterStress: the watch ended after ${events.length} of ${n} events; last: ${JSON.stringify(events.at(-1))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`runCounterStress: the watch delivered ${events.length} of ${n} events within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  };

  let attempts = 0;
  const start = performance.now();
  try {
    const acks = await Promise.all(
      Array.from({ length: options.writers }, async (_, w) => {
        const store = stores[w % stores.length]!;
        const mine: Ack[] = [];
        for (let i = 0; i < options.increments; i++) {
          const out = await store.guaranteedUpdate(key, {
            tryUpdate: (obj) => {
              attempts++;
              obj['data'] = { count: String(valueOf(obj) + 1) };
              return obj;
            },
          });
          mine.push({ rv: rvOf(out), value: valueOf(out) });
        }
        return mine;
      }),
    );

    await waitForEvents(total, options.watchTimeoutMs ?? 60_000);
    const durationMs = performance.now() - start;
    const deleted = await first.delete(key);
    await waitForEvents(total + 1, 10_000);

    // No lost update.
    expect(valueOf(deleted), 'the final count').toBe(total);
    const all = acks.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all.map((a) => a.value)).size, 'distinct counts returned by the updates').toBe(total);
    expect(new Set(all.map((a) => a.rv)).size, 'distinct resourceVersions returned by the updates').toBe(total);

    // Each writer saw its resourceVersions increase, and across writers a later write has a higher count.
    const regressions = acks.flatMap((mine, w) => mine.filter((a, i) => i > 0 && a.rv <= mine[i - 1]!.rv).map((a) => ({ writer: w, ...a })));
    expect(regressions, 'writers whose resourceVersions did not strictly increase').toEqual([]);
    const byRv = [...all].sort((a, b) => a.rv - b.rv);
    const misordered = byRv.filter((a, i) => a.value !== i + 1).slice(0, 5);
    expect(misordered, 'updates whose count is not their position in resourceVersion order').toEqual([]);

    // The watch saw every update once, in order, then the delete.
    const seen = events.slice(0, total);
    const wrongType = seen.filter((ev) => ev.type !== 'MODIFIED').slice(0, 5);
    expect(wrongType, 'non-MODIFIED events before the delete').toEqual([]);
    const badWatch = seen.map((ev, i) => ({ i, rv: rvOf(ev.object), value: valueOf(ev.object), want: byRv[i]! })).filter((x) => x.rv !== x.want.rv || x.value !== x.want.value);
    expect(badWatch.slice(0, 5), 'watch events that differ from the acknowledged updates in resourceVersion order').toEqual([]);
    expect(events[total]?.type).toBe('DELETED');
    expect(rvOf(events[total]!.object)).toBe(rvOf(deleted));
    return { updates: total, attempts, durationMs };
  } finally {
    watcher.stop();
    await reading;
  }
}
