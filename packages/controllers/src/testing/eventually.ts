/**
 * Polls `check` until it returns without throwing, and returns its value; after `timeoutMs`
 * (generous by default: a slow machine is not a failure) rethrows its last error. For waiting on
 * observable state, never on time.
 */
export async function eventually<T>(check: () => T | Promise<T>, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 10));
  }
}
