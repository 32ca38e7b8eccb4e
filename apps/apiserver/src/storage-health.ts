// Behaviour of k8s.io/apiserver/pkg/storage/storagebackend/factory/etcd3.go newETCD3Check (v1.33):
// the storage checks of the health endpoints, `etcd` (healthz, livez, readyz) and `etcd-readiness`
// (readyz), each a probe of the store with a timeout, sent at most every half timeout.

/** The storage's health probe: resolves when the store serves reads within `timeoutMs`. */
export type StorageProbe = (timeoutMs: number) => Promise<void>;

/** kube's DefaultHealthcheckTimeout and DefaultReadinessTimeout (--etcd-healthcheck-timeout, --etcd-readycheck-timeout). */
export const defaultStorageCheckTimeoutMs = 2_000;

/**
 * One storage check. Probes are rate limited as kube's are (a token every `timeoutMs / 2`, burst
 * 1): a check that finds no token answers with the result of the last probe sent, which before the
 * first probe is kube's "etcd client connection not yet established".
 */
export function createStorageCheck(probe: StorageProbe, timeoutMs = defaultStorageCheckTimeoutMs, now: () => number = () => performance.now()): () => Promise<void> {
  const interval = timeoutMs / 2;
  let tokens = 1;
  let refilled = now();
  // kube's atomicLastError: the outcome of the latest probe sent (not the latest answered).
  let last: { err: Error | undefined; sentAt: number } = { err: new Error('etcd client connection not yet established'), sentAt: -Infinity };
  return async () => {
    const t = now();
    tokens = Math.min(1, tokens + (t - refilled) / interval);
    refilled = t;
    if (tokens < 1) {
      if (last.err !== undefined) throw last.err;
      return;
    }
    tokens -= 1;
    let err: Error | undefined;
    try {
      await probe(timeoutMs);
    } catch (cause) {
      err = new Error(`error getting data from etcd: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    if (t > last.sentAt) last = { err, sentAt: t };
    if (err !== undefined) throw err;
  };
}
