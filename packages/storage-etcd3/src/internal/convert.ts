// Conversions between etcd's wire shapes (int64 as decimal strings, bytes as Buffers) and the KV port.
import type { KeyValue } from '@kapi/storage';
import type { IKeyValue } from 'etcd3';

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

/**
 * A lease id from etcd. Leases this KV grants always fit (it asks etcd for ids below 2^53); a lease
 * granted by another etcd client (kube-apiserver picks random 63-bit ids) may not, and is then
 * reported as -1: "attached to a lease this KV cannot name" rather than a rounded, wrong id.
 */
export function toLeaseId(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : -1;
}

/** An etcd KeyValue as a KV port KeyValue (the value Buffer is shared, not copied). */
export function toKeyValue(kv: IKeyValue): KeyValue {
  return {
    key: kv.key.toString('utf8'),
    value: kv.value ?? Buffer.alloc(0),
    createRevision: toRevision(kv.create_revision, 'create_revision'),
    modRevision: toRevision(kv.mod_revision, 'mod_revision'),
    lease: toLeaseId(kv.lease),
  };
}

/** proto-loader fills absent message fields with null: a kv is present when it names a key. */
export function presentKv(kv: IKeyValue | null | undefined): kv is IKeyValue {
  return kv !== null && kv !== undefined && kv.key !== undefined && kv.key.length > 0;
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
