// Behaviour of k8s.io/apiserver/pkg/storage/interfaces.go (v1.33): the storage contract the registry builds on.
import type { KubeList, KubeObject, Preconditions, Versioner, Watcher } from '@kapi/apimachinery';
import type { SelectionPredicate } from './predicate.ts';

import type { ResourceVersionMatch } from '@kapi/apimachinery';
export type { ResourceVersionMatch };

export interface GetOptions {
  /** Return undefined instead of throwing KeyNotFound. */
  ignoreNotFound?: boolean;
  /**
   * '' reads the latest state (consistent); '0' any state; 'N' a state not older than N (a newer N
   * than the store has fails with TooLargeResourceVersion).
   */
  resourceVersion?: string;
}

export interface ListOptions {
  /** See GetOptions.resourceVersion; with match 'Exact', the state at exactly N. */
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  /** Filters items and carries limit/continue. */
  predicate?: SelectionPredicate;
  /** List every key under `key/` instead of the key alone. */
  recursive?: boolean;
  /**
   * Watch only: ask the backend for progress notifications and pass each on as a BOOKMARK whose
   * object carries only the resourceVersion the watch has delivered up to (kube's etcd watcher:
   * whether or not the predicate allows bookmarks). They come while the watch is idle, at the
   * backend's interval (etcd's --experimental-watch-progress-notify-interval, 10 minutes by
   * default), and on requestWatchProgress where the store implements it. A watch cache ignores
   * this option: its watchers get bookmarks only when the predicate allows them.
   */
  progressNotify?: boolean;
  /**
   * Watch only (kube's watch-list, `sendInitialEvents`). `true`: begin with the state selected by
   * resourceVersion as synthetic ADDED events ('' = the latest state, '0' = any state, 'N' = a
   * state not older than N), then — when the predicate allows bookmarks — one BOOKMARK annotated
   * `k8s.io/initial-events-end: "true"` (see {@link initialEventsAnnotationKey}) whose
   * resourceVersion is the one the initial events are at, then every change after it. `false`:
   * no initial events; the watch starts at resourceVersion ('' = the store's current revision,
   * '0' = any recent revision). Absent: the legacy semantics ('' and '0' send the current state
   * first; 'N' replays the changes after N). The API requires resourceVersionMatch=NotOlderThan
   * with it; stores ignore resourceVersionMatch on watches. A store that does not implement it
   * serves the legacy semantics.
   */
  sendInitialEvents?: boolean;
}

/** The annotation of the BOOKMARK that ends the initial events of a watch-list (metav1.InitialEventsAnnotationKey). */
export const initialEventsAnnotationKey = 'k8s.io/initial-events-end';

/** What tryUpdate learns about the object it is given. */
export interface ResponseMeta {
  /** The resourceVersion of the current object (0 when it does not exist). */
  resourceVersion: number;
  /**
   * The remaining time to live of the current object, in seconds. Always 0, as in kube's etcd3
   * store: the store does not look up the lease a key is attached to. (kube keeps the field for
   * the registry's TTL functions, which then treat every object as having no TTL yet.)
   */
  ttl: number;
}

const updateResultBrand = Symbol.for('@kapi/storage.UpdateResult');

/**
 * What tryUpdate returns when the write should carry a time to live (kube's UpdateFunc returning
 * a ttl). Make it with {@link withTTL}; a tryUpdate that returns a plain object writes no TTL.
 */
export interface UpdateResult {
  readonly [updateResultBrand]: true;
  /** The next state of the object. */
  readonly object: KubeObject;
  /** Time to live in seconds; 0 for none. */
  readonly ttl: number;
}

/**
 * The result of a tryUpdate whose write expires after `ttlSeconds` (kube's `ttl *uint64`): the
 * written object is attached to a lease (shared between objects as for creates, see
 * createLeaseManager) and is deleted, with a DELETED watch event, when it runs out. The TTL
 * counts from the write, not from the object's creation.
 *
 * A tryUpdate that returns a plain object, or a TTL of 0, writes the object without a lease: an
 * object that had a TTL no longer expires (an etcd put without a lease detaches the key). When
 * the encoded object is unchanged nothing is written, and the TTL is not applied either.
 */
export function withTTL(object: KubeObject, ttlSeconds: number): UpdateResult {
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 0) throw new Error(`invalid TTL ${ttlSeconds}: must be a non-negative integer`);
  return { [updateResultBrand]: true, object, ttl: ttlSeconds };
}

/** True when tryUpdate returned {@link withTTL}'s result rather than a plain object. */
export function isUpdateResult(value: KubeObject | UpdateResult): value is UpdateResult {
  return (value as Record<symbol, unknown>)[updateResultBrand] === true;
}

/**
 * Computes the next state of an object from its current one. It receives a private copy it may
 * mutate and return. It may run several times (on conflicts): it must not have side effects other
 * than on its argument. Throwing aborts the update with that error. It returns the next object,
 * or {@link withTTL}(object, seconds) to write it with a time to live.
 */
export type UpdateFunc = (current: KubeObject, meta: ResponseMeta) => Promise<KubeObject | UpdateResult> | KubeObject | UpdateResult;

export interface GuaranteedUpdateOptions {
  /** When the key does not exist, call tryUpdate with an empty object instead of failing. */
  ignoreNotFound?: boolean;
  preconditions?: Preconditions;
  tryUpdate: UpdateFunc;
  /** A copy of the object believed current (e.g. from the watch cache): saves a read; verified by the write. */
  cachedExistingObject?: KubeObject;
}

/** Validates the object about to be deleted; throwing aborts the delete. */
export type ValidateObjectFunc = (obj: KubeObject) => Promise<void> | void;

export interface DeleteOptions {
  preconditions?: Preconditions;
  /** Runs on the object about to be deleted, before every attempt (and again after a conflict). */
  validateDeletion?: ValidateObjectFunc;
  cachedExistingObject?: KubeObject;
  /**
   * Deletes the key without reading its value (kube's IgnoreStoreReadError): the way to remove a
   * corrupt object, one whose stored value the transformer cannot read or the codec cannot decode
   * and which every other operation therefore fails on. Honoured only by a Store created with
   * `allowUnsafeMalformedObjectDeletion` (kube's feature gate of that name); ignored otherwise.
   *
   * Nothing is read, so little is checked: the delete still compares the key's modRevision (a
   * concurrent write makes it retry against the new revision), but preconditions and
   * validateDeletion see an object only when `cachedExistingObject` gives one, for the first
   * attempt. Without one, preconditions fail with an InternalError (nothing to check them
   * against) and validateDeletion is not called (kube calls it with nil; ours take an object).
   * The returned object is empty. A watch sees the delete as an
   * ERROR event with reason `StorageReadError` (kube's "saw a DELETED event, but object data is
   * corrupt"), since it cannot report the object. Never use it on a readable object.
   */
  ignoreStoreReadError?: boolean;
}

export interface CreateOptions {
  /** Time to live in seconds; 0 or absent for none. */
  ttl?: number;
}

/**
 * storage.Interface: objects under keys, versioned by the store's revision.
 *
 * - Every returned object carries the resourceVersion of the write that produced it, and a list
 *   carries the revision it was read at.
 * - Objects passed in are not retained and not mutated. Objects returned by create, delete and
 *   guaranteedUpdate belong to the caller. Objects returned by get, getList and watch may be shared
 *   with other readers (a watch cache hands every reader the same, frozen, object): read them,
 *   copy them, but never mutate them.
 * - A write whose encoded bytes equal the stored bytes does not happen: no new resourceVersion, no
 *   watch event.
 * - A watch delivers every change after its starting resourceVersion, once, in order.
 */
export interface StorageInterface {
  readonly versioner: Versioner;

  /** Stores a new object at key. KeyExists if present. The object must not carry a resourceVersion. */
  create(key: string, obj: KubeObject, options?: CreateOptions): Promise<KubeObject>;

  /** Deletes key and returns the last state of the object. KeyNotFound if absent. */
  delete(key: string, options?: DeleteOptions): Promise<KubeObject>;

  /** Watches key (or every key under it when recursive) from options.resourceVersion. */
  watch(key: string, options: ListOptions): Promise<Watcher>;

  /** Reads one object. KeyNotFound if absent, unless ignoreNotFound (then undefined). */
  get(key: string, options?: GetOptions): Promise<KubeObject | undefined>;

  /** Reads the objects under key matching the predicate, with paging. */
  getList(key: string, options: ListOptions): Promise<KubeList>;

  /**
   * Reads the current object, applies tryUpdate and writes the result if nobody wrote in between;
   * otherwise retries with the fresh object. Returns the stored result.
   */
  guaranteedUpdate(key: string, options: GuaranteedUpdateOptions): Promise<KubeObject>;

  /** Number of objects under key. */
  count(key: string): Promise<number>;

  /**
   * The store's current revision, read linearizably (kube's GetCurrentResourceVersion): every
   * write acknowledged before the call is at or below it. A watch cache waits until it has seen
   * this revision to serve a consistent read.
   */
  getCurrentResourceVersion(): Promise<number>;

  /**
   * Optional: asks every watch of this store that asked for progress notifications
   * (`progressNotify`, or a predicate allowing bookmarks) to report its progress — a BOOKMARK at
   * the store's revision at the time of the call or later, after every event up to it — as soon as
   * possible, as etcd's WatchProgressRequest does (kube's RequestWatchProgress). Resolves when
   * the request is sent; a watch still catching up with history may skip it. The Store offers it
   * when its KV implements `requestProgress`. A watch cache calls it every 100 ms while reads wait
   * for it to catch up; without it the cache learns of progress only from events and periodic
   * progress notifications.
   */
  requestWatchProgress?(): Promise<void>;

  /** Resolves when the backend can serve requests; rejects otherwise. */
  readinessCheck(): Promise<void>;

  /** Releases the store's resources (watches). Does not close the KV it was given. */
  close(): Promise<void>;
}
