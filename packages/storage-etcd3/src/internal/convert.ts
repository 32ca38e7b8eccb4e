// Conversions between etcd's wire values and the KV port, and how its failures read.

/**
 * An int64 revision from etcd as an exact JS number. etcd's revisions start at 1 and grow by one
 * per write, so 2^53 is far away; if a store ever got there, rounding would silently break
 * optimistic concurrency, so this throws instead.
 */
export function toRevision(value: string | number, what = 'revision'): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(`etcd returned ${what} ${String(value)}, which is not an integer in [0, 2^53): kapi keeps revisions exact in JS numbers`);
  }
  return n;
}

/** Key strings are sent as UTF-8 bytes. */
export const keyBytes = (key: string): Buffer => Buffer.from(key, 'utf8');

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** etcd's ErrCompacted: "etcdserver: mvcc: required revision has been compacted". */
export const isCompactedError = (err: unknown): boolean => errorText(err).includes('required revision has been compacted');

/** etcd's ErrFutureRev: "etcdserver: mvcc: required revision is a future revision". */
export const isFutureRevisionError = (err: unknown): boolean => errorText(err).includes('required revision is a future revision');

/** etcd's ErrLeaseExist for a LeaseGrant with an id already in use. */
export const isLeaseExistsError = (err: unknown): boolean => errorText(err).includes('lease already exists');

/**
 * True when the failure shows the request never reached etcd (no connection, or every host's
 * circuit open), so even a write can be retried without risking a double apply.
 */
export function neverSent(err: unknown): boolean {
  return /No connection established|ECONNREFUSED|Name resolution failed|circuit breaker is open/i.test(
    errorText(err),
  );
}

/** Transient transport failures (gRPC UNAVAILABLE, DEADLINE_EXCEEDED …) as the etcd3 client marks them. */
export function isTransient(err: unknown): boolean {
  if (neverSent(err)) return true;
  return /^\s*(GRPC\w+Error: )?(1|4|14) (CANCELLED|DEADLINE_EXCEEDED|UNAVAILABLE)\b|UNAVAILABLE|Connection dropped|ECONNRESET|EPIPE|Deadline exceeded/i.test(errorText(err));
}

export { errorText };
