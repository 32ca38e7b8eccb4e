// The KV port: the small etcd-shaped interface every backend implements (see DESIGN.md).
// Its shape follows etcd's mvccpb.KeyValue and the txns of k8s.io/apiserver/pkg/storage/etcd3/store.go.

/** One key at one revision. Revisions are positive integers exact in a JS number. */
export interface KeyValue {
  readonly key: string;
  readonly value: Uint8Array;
  /** Revision of the write that created this key (since its last deletion). */
  readonly createRevision: number;
  /** Revision of the last write to this key. */
  readonly modRevision: number;
  /** Lease the key is attached to; 0 for none. */
  readonly lease: number;
}

export interface KvRangeOptions {
  /** Exclusive end of the range; absent for a single key. */
  readonly end?: string;
  /** Read at this revision; 0 or absent reads the latest. Below the compacted revision: KvCompactedError. */
  readonly revision?: number;
  /** At most this many keys; 0 or absent for all. */
  readonly limit?: number;
  /** Return only the count of keys in the range. */
  readonly countOnly?: boolean;
}

export interface KvRangeResult {
  /** Keys in ascending byte order. */
  readonly kvs: readonly KeyValue[];
  /** True when the limit cut the range short. */
  readonly more: boolean;
  /** Number of keys in the whole range (ignoring the limit). */
  readonly count: number;
  /** The store's revision the read was served at. */
  readonly revision: number;
}

/** The outcome of a conditional write, like etcd's txn response. */
export interface KvWriteResult {
  readonly succeeded: boolean;
  /** The store's revision after the call (the new revision when it wrote). */
  readonly revision: number;
  /**
   * On success of create/update: the written key. On success of delete: the deleted (previous) value.
   * On failure: the current value of the key, absent when the key does not exist.
   */
  readonly kv?: KeyValue;
}

export interface KvEvent {
  readonly type: 'put' | 'delete';
  /** For puts the new value; for deletes the key with modRevision = the delete's revision and an empty value. */
  readonly kv: KeyValue;
  /** The value before this event, when the watch asked for it and it is still known. */
  readonly prevKv?: KeyValue;
}

export interface KvWatchOptions {
  /** Watch every key starting with `key` instead of the key alone. */
  readonly prefix: boolean;
  /** Deliver events at revisions ≥ this; 0 means from the next write on. */
  readonly startRevision: number;
  /** Attach each event's previous value. */
  readonly prevKv: boolean;
  /** Ask for periodic progress notifications (revision heartbeats on an idle watch). */
  readonly progressNotify?: boolean;
}

export interface KvWatchHandlers {
  /** Events of one or more revisions, in revision order; never called after cancel(). */
  onEvents(events: readonly KvEvent[]): void;
  /** The watch has seen every event up to `revision`. */
  onProgress?(revision: number): void;
  /** The watch ended with an error (e.g. KvCompacted); no more calls follow. */
  onError(err: Error): void;
}

export interface KvWatch {
  cancel(): void;
}

/**
 * An MVCC key-value store with etcd's semantics: every write gets the next revision of one global,
 * strictly increasing counter; reads can be served at a past revision until it is compacted;
 * watches replay from any retained revision and then follow live writes, in revision order,
 * without gaps or duplicates.
 */
export interface KV {
  /** Reads a key or a range. */
  range(key: string, options?: KvRangeOptions): Promise<KvRangeResult>;
  /** Writes `value` only if `key` does not exist (etcd: compare create_revision = 0). */
  create(key: string, value: Uint8Array, options?: { lease?: number }): Promise<KvWriteResult>;
  /** Writes `value` only if the key's modRevision equals `expectedModRevision`. */
  update(key: string, value: Uint8Array, expectedModRevision: number, options?: { lease?: number }): Promise<KvWriteResult>;
  /** Deletes the key only if its modRevision equals `expectedModRevision`. */
  delete(key: string, expectedModRevision: number): Promise<KvWriteResult>;
  /** Starts a watch; handlers run asynchronously from the caller. */
  watch(key: string, options: KvWatchOptions, handlers: KvWatchHandlers): KvWatch;
  /**
   * Optional (etcd's WatchProgressRequest, etcd ≥ 3.4; kube's RequestWatchProgress): asks every
   * watch of this KV for a progress notification now. Each running watch then gets one
   * `onProgress(revision)` whose revision is the store's revision at the time of the request or
   * later, delivered after every event of that watch up to that revision — whether or not the
   * watch asked for periodic notifications (`progressNotify`), as etcd broadcasts the answer to
   * every watch of the stream. A watch still replaying history when the request arrives may
   * answer once it has caught up, or not at all: callers ask again while they wait (kube's cacher
   * every 100 ms). Resolves once the request is sent, not when the notifications arrive. A KV
   * without it offers only periodic notifications.
   */
  requestProgress?(): Promise<void>;
  /** The current revision of the store. */
  currentRevision(): Promise<number>;
  /**
   * Optional: kube-apiserver's storage health probe (factory/etcd3.go, a read of `/health` that
   * must be answered within `timeoutMs`, default 2 s). Resolves when the store serves reads now;
   * rejects with the reason otherwise (unreachable, too slow, closed). A KV without it is taken
   * to be healthy while it answers {@link currentRevision}.
   */
  health?(options?: { timeoutMs?: number }): Promise<void>;
  /** Forgets history below `revision`; reads and watches below it then fail with KvCompactedError. */
  compact(revision: number): Promise<void>;
  /** Grants a lease that expires after `ttlSeconds`; keys attached to it are deleted when it does. */
  grantLease(ttlSeconds: number): Promise<number>;
  /** Releases connections and files. Calls after close() reject. */
  close(): Promise<void>;
}

const compactedBrand = Symbol.for('@kapi/storage.KvCompactedError');

/** A read or watch asked for history that has been compacted away. */
export interface KvCompactedError extends Error {
  readonly compactRevision: number;
}

/** Makes the error a KV returns for a revision below its compaction point. */
export function newKvCompactedError(requested: number, compactRevision: number): KvCompactedError {
  const err = new Error(`mvcc: required revision ${requested} has been compacted (compacted at ${compactRevision})`) as Error & {
    compactRevision: number;
    [compactedBrand]: true;
  };
  err.compactRevision = compactRevision;
  err[compactedBrand] = true;
  return err;
}

export function isKvCompactedError(err: unknown): err is KvCompactedError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[compactedBrand] === true;
}

/**
 * The exclusive end of the range of every key with `prefix` (etcd's clientv3.GetPrefixRangeEnd):
 * the prefix with its last character incremented. Keys are kube paths (ASCII in practice).
 */
export function prefixRangeEnd(prefix: string): string {
  if (prefix === '') return '\0';
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
