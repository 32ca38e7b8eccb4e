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
  /** Watch only: emit progress bookmarks (BOOKMARK events) when the predicate allows them. */
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
}

/**
 * Computes the next state of an object from its current one. It receives a private copy it may
 * mutate and return. It may run several times (on conflicts): it must not have side effects other
 * than on its argument. Throwing aborts the update with that error.
 */
export type UpdateFunc = (current: KubeObject, meta: ResponseMeta) => Promise<KubeObject> | KubeObject;

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
  validateDeletion?: ValidateObjectFunc;
  cachedExistingObject?: KubeObject;
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
   * (`progressNotify`) to report its progress (a BOOKMARK at the revision it has delivered up to)
   * as soon as possible, as etcd's WatchProgressRequest does (kube's RequestWatchProgress). A watch
   * cache calls it every 100 ms while reads wait for it to catch up; without it the cache learns of
   * progress only from events and periodic progress notifications.
   */
  requestWatchProgress?(): Promise<void>;

  /** Resolves when the backend can serve requests; rejects otherwise. */
  readinessCheck(): Promise<void>;

  /** Releases the store's resources (watches). Does not close the KV it was given. */
  close(): Promise<void>;
}
