// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go (v1.33): TTL leases reused between objects.
import type { KV } from './kv.ts';

/** kube's defaults: a lease is reused for up to 60 s of expiry difference, by up to 1000 objects. */
export const defaultLeaseReuseDurationSeconds = 60;
export const defaultLeaseMaxObjectCount = 1000;
/** The reuse window is also at most this share of the TTL asked for. */
export const leaseReuseDurationPercent = 0.05;

/** kube's LeaseManagerConfig. */
export interface LeaseManagerConfig {
  /** Longest time, in seconds, an object may outlive its TTL because it shares a lease. Default 60. */
  reuseDurationSeconds?: number;
  /** Most objects attached to one lease. Default 1000. */
  maxObjectCount?: number;
  /** Milliseconds since the epoch; for tests. Default Date.now. */
  now?: () => number;
}

export interface LeaseManager {
  /** A lease that expires no earlier than `ttlSeconds` from now, granted or reused. */
  getLease(ttlSeconds: number): Promise<number>;
}

/**
 * Grants leases for writes with a TTL, reusing the last one while it fits (kube's leaseManager).
 * Granting a lease is a round trip and a record in the KV; objects with the same TTL (events, an
 * hour each) share one lease instead. A new lease gets the TTL plus a reuse window,
 * min(5% of TTL, reuseDurationSeconds); a later request reuses it when the lease still outlives
 * its TTL (no object expires early) by less than that window (none lives much longer), and the
 * lease has fewer than maxObjectCount objects. Requests are served one at a time, so concurrent
 * creates wait for one grant rather than each granting their own.
 */
export function createLeaseManager(kv: KV, config: LeaseManagerConfig = {}): LeaseManager {
  const reuseDurationSeconds = config.reuseDurationSeconds ?? defaultLeaseReuseDurationSeconds;
  const maxObjectCount = config.maxObjectCount !== undefined && config.maxObjectCount > 0 ? config.maxObjectCount : defaultLeaseMaxObjectCount;
  const now = config.now ?? Date.now;
  let prevLeaseId = 0;
  let prevExpiresAt = 0;
  let attached = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const reuseWindow = (ttl: number) => Math.min(Math.trunc(leaseReuseDurationPercent * ttl), reuseDurationSeconds);

  async function next(ttl: number): Promise<number> {
    const at = now();
    const window = reuseWindow(ttl);
    const valid = at + ttl * 1000 < prevExpiresAt;
    // kube compares nanosecond clocks strictly; Date.now() has milliseconds, so requests in the same
    // millisecond as the grant (concurrent creates) count as within the window.
    const sufficient = at + (ttl + window) * 1000 >= prevExpiresAt;
    // Every request counts, whether or not its write then succeeds.
    attached++;
    if (valid && sufficient && attached <= maxObjectCount) return prevLeaseId;
    const granted = ttl + window;
    const id = await kv.grantLease(granted);
    prevLeaseId = id;
    prevExpiresAt = at + granted * 1000;
    attached = 1;
    return id;
  }

  return {
    getLease(ttlSeconds) {
      const result = queue.then(() => next(ttlSeconds));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
