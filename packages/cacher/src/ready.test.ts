import { describe, expect, it } from 'vitest';
import { isCacheNotReady, Readiness } from './ready.ts';
import { retryAfterForUnreadyCache } from './util.ts';

describe('Readiness (kube ready.go)', () => {
  it('is pending until set ready; each time it becomes ready is a new generation', async () => {
    let now = 0;
    const r = new Readiness(() => now);
    const waited = r.wait();
    const err = r.check()!;
    expect(isCacheNotReady(err)).toBe(true);
    expect(err.status).toMatchObject({ code: 429, reason: 'TooManyRequests', message: 'storage is (re)initializing', details: { retryAfterSeconds: 1 } });
    r.setReady();
    await waited;
    expect(r.check()).toBeUndefined();
    expect(r.generation).toBe(1);
    r.setError(new Error('watch failed'));
    now += 14_000;
    const again = r.check()!;
    // kube's TestRetryAfterForUnreadyCache: 14 s of downtime ask for a retry after 2 s.
    expect(again.status).toMatchObject({ code: 429, message: 'storage is (re)initializing: watch failed', details: { retryAfterSeconds: 2 } });
    r.setReady();
    expect(r.generation).toBe(2);
  });

  it('once stopped, stays stopped and fails waiters', async () => {
    const r = new Readiness();
    const waited = r.wait();
    r.stop();
    await expect(waited).rejects.toThrow('apiserver cacher is stopped');
    r.setReady();
    expect(r.check()?.status.message).toBe('apiserver cacher is stopped');
    expect(isCacheNotReady(new Error('other'))).toBe(false);
  });

  it('asks for a retry after exp(0.06 × downtime seconds), between 1 and 30 s', () => {
    expect([0, 14_000, 30_000, 45_000, 60_000, 3_600_000].map(retryAfterForUnreadyCache)).toEqual([1, 2, 6, 14, 30, 30]);
  });
});
