// The options of the cacher (kube's cacher.Config and the constants of cacher.go, watch_cache.go and delegator.go).
import type { Codec, KubeObject } from '@kapi/apimachinery';
import type { AttrFunc } from '@kapi/storage';
import type { DecodedPool } from './compact.ts';

/** A pino-compatible logger (the subset the cacher uses). */
export interface CacherLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** kube's blockTimeout: how long a read waits for the cache to reach its resourceVersion. */
export const defaultWaitForFreshTimeoutMs = 3_000;
/** How long a consistent read waits for the cache without progress requests (see CacherOptions). */
export const defaultConsistentReadWaitMs = 100;
/** kube's ConsistencyCheckPeriod. */
export const defaultConsistencyCheckIntervalMs = 5 * 60_000;

export interface CacherOptions {
  /** The key of the resource this cacher serves, e.g. `/pods`; keys outside it pass through. */
  resourcePrefix: string;
  /**
   * The storage key of an object (kube's KeyFunc). Default: `<prefix>/<namespace>/<name>`, or
   * `<prefix>/<name>` for objects without a namespace — the registry's layout.
   */
  keyFunc?: (obj: KubeObject) => string;
  /**
   * Labels and selectable fields of an object (the strategy's getAttrs, kube's GetAttrsFunc),
   * computed once when the object enters the cache. Without it every predicate computes its own
   * with its getAttrs, per object and per read; indexes need it.
   */
  getAttrs?: AttrFunc;
  /**
   * Selectable fields to index (kube's `f:<field>` Indexers), e.g. `spec.nodeName` for pods: a list
   * whose field selector pins one of them to a value reads only the objects with that value.
   * Requires getAttrs.
   */
  indexedFields?: readonly string[];
  /**
   * The field whose value routes events to watchers (kube's IndexerFuncs, one at most), e.g.
   * `spec.nodeName`: a watch whose field selector pins it gets only the events of objects that have
   * (or had) that value, without its selector being evaluated for every other event. Requires getAttrs.
   */
  watchTriggerField?: string;
  /** How much history the window aims to hold (kube's eventFreshDuration). Default 75 s. */
  eventFreshDurationMs?: number;
  /** Bounds of the window, in events. Default 100 … 102,400 (scaled up for longer fresh durations). */
  historyCapacity?: { lowerBound?: number; upperBound?: number };
  /** How often watchers that allow bookmarks get one (kube's bookmarkFrequency). Default 60 s. */
  bookmarkFrequencyMs?: number;
  /** Period of the bookmark timer (jittered by 25 %, like kube's 1 s). Default 1 s. */
  bookmarkTickMs?: number;
  /**
   * How long a read with a resourceVersion (NotOlderThan), or a watch-list, waits for the cache to
   * reach it before answering 504 "Too large resource version" (kube's blockTimeout). Default 3 s.
   */
  waitForFreshTimeoutMs?: number;
  /**
   * Serve consistent reads (resourceVersion unset) from the cache once it has caught up with the
   * store's current revision (kube 1.31+ ConsistentListFromCache). Default true. Turn it off where
   * the store's progress notifications cannot be trusted (etcd below 3.4.31 / 3.5.13): every
   * consistent read then goes to the store, as kube does there.
   */
  consistentReadsFromCache?: boolean;
  /**
   * How long a consistent read (or an exact read the cache has not reached) waits for the cache
   * before it is served by the store. A cache learns that it is current from events and from its
   * watch's progress notifications; when the store implements requestWatchProgress the cacher asks
   * for progress every 100 ms and waits up to waitForFreshTimeoutMs, as kube. Without it, a quiet
   * resource catches up only at the store's next periodic progress notification, so this defaults
   * to 100 ms (kube's progress request period): a read never waits longer than that.
   */
  consistentReadWaitMs?: number;
  /**
   * Pause before relisting after the list or the watch failed (kube's wait.Until period); it doubles
   * while failures repeat, up to 30 s (client-go's reflector backoff). Default 1 s.
   */
  relistBackoffMs?: number;
  /** The largest page of the cacher's own lists of the store. Default 1,000 (kube's storageWatchListPageSize is 10,000; see reflector.ts). */
  listPageSize?: number;
  /**
   * Period of the consistency check (a digest of namespace/name/resourceVersion of the cache against
   * the store at the same revision); 0 disables it. Default 5 min (kube's ConsistencyCheckPeriod).
   */
  consistencyCheckIntervalMs?: number;
  /** Events buffered per watcher; default kube's heuristic (about one second of history, 10 … 1000) doubled (its input and result channels). */
  watcherBufferSize?: number;
  /**
   * Freeze objects as they enter the cache. Default true: the cache hands the same object to every
   * reader and watcher; a reader that mutates one throws instead of corrupting the cache.
   */
  freezeObjects?: boolean;
  /**
   * Holds the cached objects as this codec's bytes (the Store's own codec: protobuf for built-in
   * kinds) and decodes one when it is read; those read more than once, and those just written,
   * stay decoded in `decodedPool`. Only with frozen objects. Default: none, every object decoded.
   */
  compactCodec?: Pick<Codec, 'encode' | 'decode'>;
  /** The decoded objects' pool, which the cachers of one server share. Default: one of {@link defaultDecodedObjects} for this cacher. */
  decodedPool?: DecodedPool;
  logger?: CacherLogger;
  /** Clock for the window's record times and the dispatch budget (tests). Default Date.now. */
  now?: () => number;
}

export const silentLogger: CacherLogger = { debug() {}, info() {}, warn() {}, error() {} };
