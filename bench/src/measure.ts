// How the sections measure: calls per second of a synchronous operation over a time slice, and
// operations per second of an asynchronous one run to a count with some in flight.

/** Calls `fn(i)` repeatedly for about `ms` milliseconds after a short warm-up; returns calls per second. */
export function rate(fn: (i: number) => unknown, ms = 500): number {
  for (let i = 0; i < 5; i++) fn(i);
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn(n++);
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

/** Runs `op(i)` for i < n with `concurrency` calls in flight; returns operations per second. */
export async function measure(n: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return n / (Number(process.hrtime.bigint() - started) / 1e9);
}
