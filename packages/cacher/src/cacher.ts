// Behaviour of k8s.io/apiserver/pkg/storage/cacher/cacher.go and delegator.go (v1.33): the watch cache as a
// storage.Interface decorator. Reads and watches are served from memory; writes pass through.
import { createWatchChannel, type KubeList, type KubeObject, type StatusError, type Versioner, type WatchEvent, type Watcher } from '@kapi/apimachinery';
import { everything, initialEventsAnnotationKey, tooLargeResourceVersion, type DeleteOptions, type GetOptions, type GuaranteedUpdateOptions, type ListOptions, type StorageInterface } from '@kapi/storage';
import type { StoreElement } from './cache-store.ts';
import { CacheWatcher, convertEvent } from './cache-watcher.ts';
import { DecodedPool, defaultDecodedObjects } from './compact.ts';
import { checkConsistency, type ConsistencyResult } from './consistency.ts';
import {
  defaultConsistencyCheckIntervalMs,
  defaultConsistentReadWaitMs,
  defaultWaitForFreshTimeoutMs,
  silentLogger,
  type CacherLogger,
  type CacherOptions,
} from './options.ts';
import { cachedGet, cachedList, type ReadContext, type ReadMetrics } from './reads.ts';
import { Readiness } from './ready.ts';
import { defaultListPageSize, Reflector } from './reflector.ts';
import { Dispatcher } from './dispatcher.ts';
import { OwnWrites } from './own-writes.ts';
import { checkKey, defaultKeyFunc, hasPathPrefix, matchesElement } from './util.ts';
import {
  capacityUpperBound,
  defaultBookmarkFrequencyMs,
  defaultEventFreshDurationMs,
  defaultLowerBoundCapacity,
  WatchCache,
  type WatchCacheEvent,
} from './watch-cache.ts';
import { WatcherIndex, type WatcherScope } from './watchers.ts';

/** Counters kept on the cacher (kube exports them as Prometheus metrics). */
export interface CacherMetrics extends ReadMetrics {
  /** Changes received from the store's watch. */
  eventsReceived: number;
  /** Changes dispatched to the watchers (each once, however many watchers it reached). */
  eventsDispatched: number;
  /** Watch events queued for watchers (one per watcher an event concerned). */
  eventsQueued: number;
  /** Watchers closed because they did not take events within the dispatch budget. */
  watchersTerminated: number;
  /** Times the cache became ready (the first list, then every relist). */
  initializations: number;
  consistencyChecks: { success: number; failure: number; error: number };
}

/** The watch cache over a store: a storage.Interface, plus what only a cache has. */
export interface Cacher extends StorageInterface {
  readonly metrics: Readonly<CacherMetrics>;
  /** The revision the cache has caught up with. */
  readonly resourceVersion: number;
  /** Number of open watchers. */
  readonly watcherCount: number;
  /** Number of events in the window, and its capacity. */
  readonly history: { readonly size: number; readonly capacity: number };
  /** True once the first list has landed, until a failure sends the cache back to a relist. */
  isReady(): boolean;
  /** Resolves when the cache is ready; rejects if the cacher is closed first. */
  waitUntilReady(): Promise<void>;
  /**
   * Forgets the window's events at and below revision, as the store's compaction forgets its
   * history (watches and exact reads from below it then get 410 or go to the store). Waits until
   * the cache has reached revision.
   */
  compactHistory(revision: number): Promise<void>;
  /** Runs one consistency check now (see CacherOptions.consistencyCheckIntervalMs). */
  checkConsistency(): Promise<ConsistencyResult>;
}

/** Wraps a store with the watch cache. The result is a storage.Interface like any other. */
export function createCacher(store: StorageInterface, options: CacherOptions): Cacher {
  return new CacherImpl(store, options);
}

/** A watch that yields one ERROR event, then ends (kube's errWatcher). */
function errorWatcher(err: StatusError): Watcher {
  const { watcher, sink } = createWatchChannel();
  sink.send({ type: 'ERROR', object: err.status });
  sink.close();
  return watcher;
}

class CacherImpl implements Cacher {
  readonly versioner: Versioner;
  readonly metrics: CacherMetrics = {
    eventsReceived: 0,
    eventsDispatched: 0,
    eventsQueued: 0,
    watchersTerminated: 0,
    initializations: 0,
    readsFromCache: 0,
    readsFromStorage: 0,
    consistentReadsFromCache: 0,
    consistentReadFallbacks: 0,
    consistencyChecks: { success: 0, failure: 0, error: 0 },
  };
  private readonly prefix: string;
  private readonly cache: WatchCache;
  private readonly ready: Readiness;
  private readonly watchers: WatcherIndex;
  private readonly bookmarkWatchers = new Set<CacheWatcher>();
  private readonly ownWrites: OwnWrites;
  private readonly reflector: Reflector<StoreElement>;
  private readonly dispatcher: Dispatcher;
  private readonly log: CacherLogger;
  private readonly reads: ReadContext;
  private readonly now: () => number;
  private readonly freeze: boolean;
  private readonly bookmarkFrequencyMs: number;
  private readonly waitForFreshTimeoutMs: number;
  private consistencyTimer: ReturnType<typeof setInterval> | undefined;
  private progressTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(
    private readonly store: StorageInterface,
    private readonly options: CacherOptions,
  ) {
    this.prefix = checkKey(options.resourcePrefix).replace(/\/+$/, '');
    this.versioner = store.versioner;
    this.ownWrites = new OwnWrites(this.versioner);
    this.now = options.now ?? Date.now;
    this.log = options.logger ?? silentLogger;
    this.freeze = options.freezeObjects ?? true;
    this.bookmarkFrequencyMs = options.bookmarkFrequencyMs ?? defaultBookmarkFrequencyMs;
    this.waitForFreshTimeoutMs = options.waitForFreshTimeoutMs ?? defaultWaitForFreshTimeoutMs;
    const indexedFields = options.indexedFields ?? [];
    if ((indexedFields.length > 0 || options.watchTriggerField !== undefined) && options.getAttrs === undefined) {
      throw new Error('createCacher: indexedFields and watchTriggerField need getAttrs');
    }
    const freshMs = options.eventFreshDurationMs ?? defaultEventFreshDurationMs;
    const lower = options.historyCapacity?.lowerBound ?? defaultLowerBoundCapacity;
    this.cache = new WatchCache({
      keyFunc: options.keyFunc ?? defaultKeyFunc(this.prefix),
      getAttrs: options.getAttrs,
      indexedFields,
      versioner: this.versioner,
      eventFreshDurationMs: freshMs,
      lowerBoundCapacity: lower,
      upperBoundCapacity: Math.max(lower, options.historyCapacity?.upperBound ?? capacityUpperBound(freshMs)),
      now: this.now,
      freeze: this.freeze,
      ...(options.compactCodec !== undefined ? { compact: { codec: options.compactCodec, pool: options.decodedPool ?? new DecodedPool(defaultDecodedObjects) } } : {}),
      onEvent: (ev) => this.dispatcher.enqueue(ev),
    });
    this.ready = new Readiness(this.now);
    this.watchers = new WatcherIndex(options.watchTriggerField);
    this.dispatcher = new Dispatcher({
      watchers: this.watchers,
      bookmarkWatchers: this.bookmarkWatchers,
      bookmarkFrequencyMs: this.bookmarkFrequencyMs,
      bookmarkTickMs: options.bookmarkTickMs ?? 1_000,
      now: this.now,
      freeze: this.freeze,
      log: this.log,
      resource: this.prefix,
      metrics: this.metrics,
    });
    const consistentReadWaitMs = options.consistentReadWaitMs ?? defaultConsistentReadWaitMs;
    this.reads = {
      store,
      cache: this.cache,
      ready: this.ready,
      versioner: this.versioner,
      consistentReadsFromCache: options.consistentReadsFromCache ?? true,
      waitForFreshTimeoutMs: this.waitForFreshTimeoutMs,
      consistentReadWaitMs,
      metrics: this.metrics,
      covers: (key) => this.covers(key),
      waitFresh: (rv, ms) => this.waitFresh(rv, ms),
      consistentWaitMs: () => (store.requestWatchProgress !== undefined ? this.waitForFreshTimeoutMs : consistentReadWaitMs),
    };
    this.reflector = new Reflector(
      store,
      {
        prefix: this.prefix,
        pageSize: options.listPageSize ?? defaultListPageSize,
        backoffMs: options.relistBackoffMs ?? 1_000,
        minWatchMs: 1_000,
      },
      {
        beforeList: () => this.terminateAllWatchers(),
        listed: (obj) => this.cache.listedElement(obj),
        replace: (items, rv) => {
          this.cache.replaceElements(items, rv);
          this.dispatcher.lastProcessedRV = Math.max(this.dispatcher.lastProcessedRV, rv);
          this.ready.setReady();
          this.metrics.initializations++;
          this.log.debug({ resource: this.prefix, resourceVersion: rv, objects: items.length }, 'cacher initialized');
        },
        event: (type, obj) => {
          this.metrics.eventsReceived++;
          this.cache.processEvent(type, obj);
        },
        progress: (rv) => this.cache.updateResourceVersion(rv),
        resourceVersion: () => this.cache.resourceVersion,
        backlog: () => this.dispatcher.backlog(),
        failed: (err) => {
          this.log.error({ resource: this.prefix, err: err.message }, 'cacher: list and watch failed; relisting');
          this.ready.setError(err);
          this.terminateAllWatchers();
        },
      },
    );
    const checkEvery = options.consistencyCheckIntervalMs ?? defaultConsistencyCheckIntervalMs;
    if (checkEvery > 0) {
      this.consistencyTimer = setInterval(() => void this.checkConsistency().catch(() => undefined), checkEvery);
      this.consistencyTimer.unref?.();
    }
  }

  get resourceVersion(): number {
    return this.cache.resourceVersion;
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  get history(): { size: number; capacity: number } {
    return { size: this.cache.historySize, capacity: this.cache.capacity };
  }

  isReady(): boolean {
    return this.ready.isReady;
  }

  waitUntilReady(): Promise<void> {
    return this.ready.wait();
  }

  private covers(key: string): boolean {
    return hasPathPrefix(key, this.prefix);
  }

  // ---- waiting for the cache to catch up ----------------------------------------------------------

  private waitFresh(rv: number, timeoutMs: number): Promise<boolean> {
    if (this.cache.resourceVersion >= rv) return Promise.resolve(true);
    const p = this.cache.waitUntilFresh(rv, timeoutMs);
    this.requestProgressWhileWaiting();
    return p;
  }

  /** kube's ConditionalProgressRequester: ask the store for progress every 100 ms while reads wait. */
  private requestProgressWhileWaiting(): void {
    const request = this.store.requestWatchProgress?.bind(this.store);
    if (request === undefined || this.progressTimer !== undefined) return;
    const tick = () => {
      if (this.cache.waiting === 0 || this.stopped) {
        clearInterval(this.progressTimer);
        this.progressTimer = undefined;
        return;
      }
      request().catch((err: unknown) => this.log.warn({ resource: this.prefix, err: String(err) }, 'cacher: progress request failed'));
    };
    this.progressTimer = setInterval(tick, 100);
    this.progressTimer.unref?.();
    tick();
  }

  private terminateAllWatchers(): void {
    const all = this.watchers.all();
    if (all.length > 0) this.log.warn({ resource: this.prefix, watchers: all.length }, 'cacher: terminating all watchers');
    for (const w of all) w.terminate();
  }

  /** forget, made once: every watcher holds it. */
  private readonly forgetWatcher = (w: CacheWatcher): void => this.forget(w);

  private forget(w: CacheWatcher): void {
    this.watchers.remove(w);
    this.bookmarkWatchers.delete(w);
  }

  // ---- storage.Interface ----------------------------------------------------------------------------

  async create(key: string, obj: KubeObject, opts?: Parameters<StorageInterface['create']>[2]): Promise<KubeObject> {
    return this.remember(key, await this.store.create(key, obj, opts));
  }

  private normalKey(key: string): string {
    return key.startsWith('/') ? key : `/${key}`;
  }

  /** Keeps what a write through this cacher stored, until the cache has it (see OwnWrites). */
  private remember(key: string, written: KubeObject): KubeObject {
    const k = this.normalKey(key);
    if (this.covers(k)) this.ownWrites.record(k, written, this.cache.resourceVersion);
    return written;
  }

  /**
   * The object for a write to start from (saves the store a read when it is current): the cached
   * one, or this cacher's own last write of the key when the cache has not caught up with it.
   */
  private suggestion(key: string): KubeObject | undefined {
    const k = this.normalKey(key);
    if (!this.covers(k)) return undefined;
    if (!this.ready.isReady) return this.ownWrites.newest(k, undefined, 0);
    return this.ownWrites.newest(k, this.cache.store.get(k)?.object, this.cache.resourceVersion);
  }

  async delete(key: string, opts: DeleteOptions = {}): Promise<KubeObject> {
    // Like kube, the caller's suggestion gives way to the cached object (or to none).
    const { cachedExistingObject: _ignored, ...rest } = opts;
    const cached = this.suggestion(key);
    const deleted = await this.store.delete(key, cached !== undefined ? { ...rest, cachedExistingObject: cached } : rest);
    this.ownWrites.forget(this.normalKey(key));
    return deleted;
  }

  async guaranteedUpdate(key: string, opts: GuaranteedUpdateOptions): Promise<KubeObject> {
    const { cachedExistingObject: _ignored, ...rest } = opts;
    const cached = this.suggestion(key);
    return this.remember(key, await this.store.guaranteedUpdate(key, cached !== undefined ? { ...rest, cachedExistingObject: cached } : rest));
  }

  async get(key: string, opts?: GetOptions): Promise<KubeObject | undefined> {
    return cachedGet(this.reads, key, checkKey(key), opts);
  }

  async getList(key: string, opts: ListOptions): Promise<KubeList> {
    return cachedList(this.reads, key, checkKey(key), opts);
  }

  count(key: string): Promise<number> {
    return this.store.count(key);
  }

  getCurrentResourceVersion(): Promise<number> {
    return this.store.getCurrentResourceVersion();
  }

  async readinessCheck(): Promise<void> {
    const err = this.ready.check();
    if (err !== undefined) throw err;
    await this.store.readinessCheck();
  }

  async watch(key: string, opts: ListOptions): Promise<Watcher> {
    const checked = checkKey(key);
    const rvString = opts.resourceVersion ?? '';
    const rv = this.versioner.parseResourceVersion(rvString);
    if (!this.covers(checked)) return this.store.watch(key, opts);
    const notReady = this.ready.check();
    if (notReady !== undefined) throw notReady;
    const generation = this.ready.generation;
    const sendInitialEvents = opts.sendInitialEvents;

    // kube's getWatchCacheResourceVersion: '' with sendInitialEvents means "the latest".
    let required = rv;
    if (rvString === '' && sendInitialEvents !== undefined) required = await this.store.getCurrentResourceVersion();
    if (sendInitialEvents === true && !(await this.waitFresh(required, this.waitForFreshTimeoutMs))) {
      return errorWatcher(tooLargeResourceVersion(required, this.cache.resourceVersion));
    }
    const stillNotReady = this.ready.check();
    if (stillNotReady !== undefined) throw stillNotReady;
    if (this.ready.generation !== generation) {
      // A relist happened meanwhile: the watch would be terminated at once anyway.
      const { watcher, sink } = createWatchChannel();
      sink.close();
      return watcher;
    }
    // From here on, nothing awaits: the initial events and the registration see the same cache state.
    return this.startWatch(checked, opts, required);
  }

  private startWatch(key: string, opts: ListOptions, required: number): Watcher {
    const pred = opts.predicate ?? everything();
    const recursive = opts.recursive ?? false;
    const prefix = recursive && !key.endsWith('/') ? `${key}/` : key;
    const keyFilter = recursive ? (k: string) => k.startsWith(prefix) : (k: string) => k === key;
    const cacheRV = this.cache.resourceVersion;
    const initial: WatchEvent[] = [];
    let skipThrough: number;

    if (opts.sendInitialEvents === true || (required === 0 && opts.sendInitialEvents === undefined)) {
      // The current state as ADDED events (kube's interval from the store).
      const elems = recursive ? this.cache.store.listPrefix(prefix) : [this.cache.store.get(key)];
      const read = this.cache.reader(elems.length);
      for (const e of elems) {
        if (e !== undefined && matchesElement(pred, e, () => read(e))) initial.push({ type: 'ADDED', object: read(e) });
      }
      skipThrough = cacheRV;
    } else {
      const from = required === 0 ? cacheRV : required;
      let history: WatchCacheEvent[];
      try {
        history = this.cache.eventsSince(from);
      } catch (err) {
        return errorWatcher(err as StatusError);
      }
      skipThrough = Math.max(from, cacheRV);
      for (const ev of history) {
        const out = convertEvent(ev, keyFilter, pred, this.versioner, this.freeze);
        if (out !== undefined) initial.push(out);
      }
    }
    if (opts.sendInitialEvents === true && pred.allowWatchBookmarks) {
      const object: KubeObject = { metadata: { resourceVersion: String(cacheRV), annotations: { [initialEventsAnnotationKey]: 'true' } } };
      initial.push({ type: 'BOOKMARK', object });
    }

    const indexed = (this.options.indexedFields ?? []).length > 0;
    const trigger = this.options.watchTriggerField;
    const triggerValue = trigger !== undefined ? pred.field.requiresExactMatch(trigger) : undefined;
    const capacity = this.options.watcherBufferSize ?? 2 * this.cache.suggestedWatchChannelSize(indexed || trigger !== undefined, triggerValue !== undefined);
    const w = new CacheWatcher({
      capacity,
      keyFilter,
      predicate: pred,
      versioner: this.versioner,
      skipThrough,
      initial,
      onEnd: this.forgetWatcher,
      freeze: this.freeze,
    });
    const scope: WatcherScope =
      triggerValue !== undefined ? { kind: 'trigger', value: triggerValue } : recursive ? { kind: 'prefix', value: prefix } : { kind: 'key', value: key };
    this.watchers.add(w, scope);
    if (w.allowWatchBookmarks) {
      w.nextBookmarkAt = this.now() + this.bookmarkFrequencyMs;
      this.bookmarkWatchers.add(w);
    }
    return w;
  }

  async compactHistory(revision: number): Promise<void> {
    if (!(await this.waitFresh(revision, this.waitForFreshTimeoutMs))) throw tooLargeResourceVersion(revision, this.cache.resourceVersion);
    this.cache.compactHistory(revision);
  }

  async checkConsistency(): Promise<ConsistencyResult> {
    try {
      if (!this.ready.isReady) throw new Error('cache is not ready');
      const result = await checkConsistency(this, this.store, this.prefix);
      if (result.consistent) {
        this.metrics.consistencyChecks.success++;
        this.log.debug({ resource: this.prefix, ...result }, 'cache consistency check passed');
      } else {
        this.metrics.consistencyChecks.failure++;
        this.log.error({ resource: this.prefix, ...result }, 'cache consistency check failed');
      }
      return result;
    } catch (err) {
      this.metrics.consistencyChecks.error++;
      this.log.warn({ resource: this.prefix, err: String(err) }, 'cache consistency check error');
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.ready.stop();
    this.reflector.stop();
    this.dispatcher.stop();
    clearInterval(this.consistencyTimer);
    clearInterval(this.progressTimer);
    this.cache.cancelWaits();
    this.terminateAllWatchers();
    await this.reflector.done;
    await this.store.close();
  }
}
