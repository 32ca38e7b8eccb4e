// Behaviour of k8s.io/client-go/util/workqueue (the rate-limited queue: dirty/processing sets,
// exponential per-item backoff from 5 ms to 1000 s) (v0.33): every key is handled by one worker at a
// time, added again while processing means processed again once after.

/** Per-item failure backoff: 5 ms doubling, capped (kube caps at 1000 s; controllers here at 30 s). */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export const defaultBackoff: Backoff = { baseMs: 5, maxMs: 30_000 };

/** A work queue of keys, handled by `workers` concurrent calls of `handle`. */
export interface WorkQueue<K> {
  add(key: K): void;
  /** Adds the key after a delay. */
  addAfter(key: K, ms: number): void;
  /** The number of keys waiting or being handled (for tests and metrics). */
  readonly length: number;
  /**
   * Resolves once nothing is queued, running or due through addAfter; keys waiting to be retried
   * after a failure do not count.
   */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Starts a queue. `handle` returns normally when the key is done (its failure count is forgotten),
 * or throws to have it retried after its backoff (reported through `onError`).
 */
export function createWorkQueue<K>(
  handle: (key: K) => Promise<void>,
  options: { workers?: number; backoff?: Backoff; onError?: (key: K, err: unknown) => void } = {},
): WorkQueue<K> {
  const workers = options.workers ?? 1;
  const backoff = options.backoff ?? defaultBackoff;
  const queue: K[] = [];
  const dirty = new Set<K>();
  const processing = new Set<K>();
  const failures = new Map<K, number>();
  const timers = new Set<NodeJS.Timeout>();
  let running = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const checkIdle = () => {
    if (queue.length === 0 && running === 0 && timers.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  const pump = () => {
    while (!stopped && running < workers && queue.length > 0) {
      const key = queue.shift()!;
      dirty.delete(key);
      processing.add(key);
      running++;
      void handle(key)
        .then(
          () => failures.delete(key),
          (err: unknown) => {
            const n = (failures.get(key) ?? 0) + 1;
            failures.set(key, n);
            options.onError?.(key, err);
            retryAfter(key, Math.min(backoff.baseMs * 2 ** (n - 1), backoff.maxMs));
          },
        )
        .finally(() => {
          running--;
          processing.delete(key);
          // Added while it was handled: handle it once more.
          if (dirty.has(key)) queue.push(key);
          pump();
          checkIdle();
        });
    }
  };

  /** A failed key waits its backoff; idle() does not wait for it (a key failing for ever would never let it resolve). */
  const retries = new Set<NodeJS.Timeout>();
  const retryAfter = (key: K, ms: number) => {
    if (stopped) return;
    const t = setTimeout(() => {
      retries.delete(t);
      q.add(key);
    }, ms);
    t.unref();
    retries.add(t);
  };

  const q: WorkQueue<K> = {
    add(key) {
      if (stopped || dirty.has(key)) return;
      dirty.add(key);
      if (!processing.has(key)) queue.push(key);
      pump();
    },
    addAfter(key, ms) {
      if (stopped) return;
      if (ms <= 0) return q.add(key);
      const t = setTimeout(() => {
        timers.delete(t);
        q.add(key);
        checkIdle();
      }, ms);
      t.unref();
      timers.add(t);
    },
    get length() {
      return queue.length + running;
    },
    idle() {
      if (queue.length === 0 && running === 0 && timers.size === 0) return Promise.resolve();
      return new Promise((r) => idleWaiters.push(r));
    },
    stop() {
      stopped = true;
      for (const t of [...timers, ...retries]) clearTimeout(t);
      timers.clear();
      retries.clear();
      queue.length = 0;
      dirty.clear();
      checkIdle();
    },
  };
  return q;
}
