// Behaviour of k8s.io/apiserver/pkg/storage/cacher/watch_cache.go (v1.33): the sliding window of recent
// events (a cyclic buffer sized to ~75 s of history) over the current objects.
import { flatString, inSerializationOrder, newResourceExpired, type KubeObject, type Versioner } from '@kapi/apimachinery';
import type { AttrFunc, ObjectAttrs } from '@kapi/storage';
import { Canonicalizer } from './canonical.ts';
import { CacheStore, type StoreElement } from './cache-store.ts';
import { CompactElement, peekObject, scanObject, type CompactForm, type DecodedPool } from './compact.ts';
import { deepFreeze } from './util.ts';

/** kube's defaultLowerBoundCapacity: the smallest history the cache keeps. */
export const defaultLowerBoundCapacity = 100;
/** kube's defaultUpperBoundCapacity: the largest history, for the default fresh duration. */
export const defaultUpperBoundCapacity = 100 * 1024;
/** kube's defaultBookmarkFrequency. */
export const defaultBookmarkFrequencyMs = 60_000;
/** kube's DefaultEventFreshDuration: the bookmark frequency plus 15 s. */
export const defaultEventFreshDurationMs = defaultBookmarkFrequencyMs + 15_000;

/** kube's minWatchChanSize and the three maxima of suggestedWatchChannelSize. */
const minWatchChanSize = 10;
const maxWatchChanSizeWithIndexAndTrigger = 10;
const maxWatchChanSizeWithIndexWithoutTrigger = 1000;
const maxWatchChanSizeWithoutIndex = 100;

export type CacheEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

/**
 * One change as the cache records it: a watch event plus the previous state of the object, so that
 * each watcher can tell whether the object entered, stayed in or left its selection.
 */
export interface WatchCacheEvent {
  readonly type: CacheEventType;
  readonly key: string;
  /** The new state; for DELETED the last state at the delete's resourceVersion; for BOOKMARK the bookmark. */
  readonly object: KubeObject;
  readonly attrs: ObjectAttrs | undefined;
  /** Whether the object existed before (MODIFIED, DELETED); prevObject may cost a decode, this does not. */
  readonly hasPrev: boolean;
  readonly prevObject: KubeObject | undefined;
  readonly prevAttrs: ObjectAttrs | undefined;
  readonly resourceVersion: number;
  /** When the cache received it (ms), for sizing the window. */
  readonly recordTime: number;
  /** prevObject stamped with this event's resourceVersion: what a watcher the object left sees as DELETED. */
  prevAtEvent?: KubeObject;
}

export interface WatchCacheOptions {
  /** The storage key of an object. */
  keyFunc: (obj: KubeObject) => string;
  /** Labels and selectable fields, computed once per stored object; without it predicates compute their own. */
  getAttrs: AttrFunc | undefined;
  indexedFields: readonly string[];
  versioner: Versioner;
  /** How much history (time) the window should hold (kube's eventFreshDuration). */
  eventFreshDurationMs: number;
  lowerBoundCapacity: number;
  upperBoundCapacity: number;
  /** The capacity to start with; default the lower bound. */
  initialCapacity?: number;
  now: () => number;
  /** Freeze objects as they enter the cache (every reader shares them). */
  freeze: boolean;
  /**
   * Hold the objects as the codec's bytes, decoded on read, with the decoded ones in the pool
   * (only with freeze: a decoded object is shared until the pool drops it).
   */
  compact?: { codec: CompactForm['codec']; pool: DecodedPool };
  /** Called with every event after the cache applied it (the cacher's dispatcher). */
  onEvent: (ev: WatchCacheEvent) => void;
}

/**
 * The upper bound of the window for a fresh duration: kube's default above 75 s of history, scaled
 * up by powers of two for longer durations, capped to fit 32 bits.
 */
export function capacityUpperBound(eventFreshDurationMs: number): number {
  if (eventFreshDurationMs <= defaultEventFreshDurationMs) return defaultUpperBoundCapacity;
  let exponent = Math.ceil(Math.log2(eventFreshDurationMs / defaultEventFreshDurationMs));
  const maxExponent = Math.floor(Math.log2(2 ** 31 - 1) - Math.log2(defaultUpperBoundCapacity));
  if (exponent > maxExponent) exponent = maxExponent;
  return defaultUpperBoundCapacity * 2 ** exponent;
}

const objectOf = (e: StoreElement): KubeObject => e.object;

/** An event the cache recorded: its previous object is read from the replaced element when asked for (it may be bytes, and most watchers never need it). */
class CacheEvent implements WatchCacheEvent {
  readonly hasPrev: boolean;
  readonly prevAttrs: ObjectAttrs | undefined;
  private prevElement: StoreElement | undefined;
  private prevRead: KubeObject | undefined;
  prevAtEvent?: KubeObject;

  constructor(
    readonly type: 'ADDED' | 'MODIFIED' | 'DELETED',
    readonly key: string,
    readonly object: KubeObject,
    readonly attrs: ObjectAttrs | undefined,
    prev: StoreElement | undefined,
    readonly resourceVersion: number,
    readonly recordTime: number,
  ) {
    this.hasPrev = prev !== undefined;
    this.prevAttrs = prev?.attrs;
    this.prevElement = prev;
  }

  get prevObject(): KubeObject | undefined {
    if (this.prevRead === undefined && this.prevElement !== undefined) {
      this.prevRead = peekObject(this.prevElement);
      this.prevElement = undefined;
    }
    return this.prevRead;
  }
}

type Waiter = { rv: number; resolve: (ok: boolean) => void; timer: ReturnType<typeof setTimeout> | undefined };

/**
 * The watch cache: current objects (a {@link CacheStore}) plus a cyclic buffer of the latest events.
 * The buffer covers `[startIndex, endIndex)` of an ever-growing index space; it doubles while the
 * oldest event is younger than the fresh duration and halves when a quarter of it is older.
 */
export class WatchCache {
  capacity: number;
  private buffer: (WatchCacheEvent | undefined)[];
  private startIndex = 0;
  private endIndex = 0;
  private removedEventSinceRelist = false;
  readonly store: CacheStore;
  /** The revision the cache has caught up with (events and progress notifications). */
  resourceVersion = 0;
  /** The revision of the last relist. */
  listResourceVersion = 0;
  private waiters = new Set<Waiter>();
  private readonly canonical = new Canonicalizer();
  private readonly compact: CompactForm | undefined;

  constructor(private readonly options: WatchCacheOptions) {
    this.capacity = options.initialCapacity ?? options.lowerBoundCapacity;
    this.buffer = new Array<WatchCacheEvent | undefined>(this.capacity);
    this.store = new CacheStore(options.indexedFields);
    const c = options.compact;
    if (c !== undefined && options.freeze) this.compact = { codec: c.codec, pool: c.pool, prepare: (obj, mode) => this.prepare(obj, mode) };
  }

  /**
   * How to read the objects of a read that visits `visits` of them: a scan larger than the pool of
   * decoded objects (an informer's list of everything, the consistency check) decodes each for its
   * reader alone (unfrozen: nothing else sees it) and leaves the pool to what is read often.
   */
  reader(visits: number): (e: StoreElement) => KubeObject {
    return this.compact !== undefined && visits > this.compact.pool.capacity ? scanObject : objectOf;
  }

  /** Whether a read of the elements under prefix (from fromKey, at most limit of them; 0: all) is such a scan. */
  readerFor(prefix: string, fromKey: string | undefined, limit: number): (e: StoreElement) => KubeObject {
    if (this.compact === undefined) return objectOf;
    const capacity = this.compact.pool.capacity;
    if ((limit > 0 && limit <= capacity) || this.store.size <= capacity) return objectOf;
    return this.reader(this.store.countPrefix(prefix, fromKey));
  }

  /** Number of events in the window. */
  get historySize(): number {
    return this.endIndex - this.startIndex;
  }

  /** Number of reads waiting for the cache to catch up. */
  get waiting(): number {
    return this.waiters.size;
  }

  /**
   * An object as the cache hands it out: in kube's field order (lists and their encoders take the
   * metadata as it is), frozen, with its repeated values shared when the cache keeps it.
   */
  private prepare(stored: KubeObject, mode: 'kept' | 'shared' | 'private' = 'kept'): KubeObject {
    const obj = inSerializationOrder(stored);
    if (this.options.freeze && mode !== 'private') {
      if (mode === 'kept') this.canonical.share(obj);
      deepFreeze(obj);
    }
    return obj;
  }

  /** The element of an object just written (decoded: it is likely read again soon); `kept` false for one that leaves the store. */
  private element(stored: KubeObject, kept = true): StoreElement {
    const obj = this.prepare(stored);
    const key = flatString(this.options.keyFunc(obj));
    const attrs = this.options.getAttrs?.(obj);
    return kept && this.compact !== undefined ? new CompactElement(key, attrs, this.compact, obj) : { key, object: obj, attrs };
  }

  /** The element of a listed object: held as bytes from the start when the cache is compact. */
  listedElement(stored: KubeObject): StoreElement {
    if (this.compact === undefined) return this.element(stored);
    const attrs = this.options.getAttrs?.(stored);
    return new CompactElement(flatString(this.options.keyFunc(stored)), attrs && this.canonical.shareAttrs(attrs), this.compact, undefined, stored);
  }

  /** Applies an ADDED, MODIFIED or DELETED event from the store's watch (in revision order). */
  processEvent(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject): void {
    const rv = this.options.versioner.objectResourceVersion(obj);
    const elem = this.element(obj, type !== 'DELETED');
    const prev = this.store.get(elem.key);
    const ev = new CacheEvent(type, elem.key, elem.object, elem.attrs, prev, rv, this.options.now());
    this.append(ev);
    if (type === 'DELETED') this.store.delete(elem.key);
    else this.store.put(elem);
    this.setResourceVersion(rv);
    this.options.onEvent(ev);
  }

  /** The store's watch has delivered everything up to rv (a progress notification). */
  updateResourceVersion(rv: number): void {
    if (rv <= this.resourceVersion) return;
    this.setResourceVersion(rv);
    this.options.onEvent({ type: 'BOOKMARK', key: '', object: {}, attrs: undefined, hasPrev: false, prevObject: undefined, prevAttrs: undefined, resourceVersion: rv, recordTime: this.options.now() });
  }

  /** Replaces the state with a fresh list at rv and empties the window (a relist). */
  replace(objects: readonly KubeObject[], rv: number): void {
    this.replaceElements(objects.map((o) => this.listedElement(o)), rv);
  }

  /** replace, with the elements made by listedElement. */
  replaceElements(elems: readonly StoreElement[], rv: number): void {
    this.store.replace(elems);
    // Empty the window; indexes never go back, so old positions stay invalid.
    for (let i = this.startIndex; i < this.endIndex; i++) this.buffer[i % this.capacity] = undefined;
    this.startIndex = this.endIndex;
    this.removedEventSinceRelist = false;
    this.listResourceVersion = rv;
    this.resourceVersion = rv;
    this.wake();
  }

  private setResourceVersion(rv: number): void {
    if (rv > this.resourceVersion) this.resourceVersion = rv;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters) {
      if (this.resourceVersion >= w.rv) {
        this.waiters.delete(w);
        if (w.timer !== undefined) clearTimeout(w.timer);
        w.resolve(true);
      }
    }
  }

  /** Resolves true once the cache has reached rv, false if it has not within timeoutMs. */
  waitUntilFresh(rv: number, timeoutMs: number): Promise<boolean> {
    if (this.resourceVersion >= rv) return Promise.resolve(true);
    if (timeoutMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const w: Waiter = { rv, resolve, timer: undefined };
      w.timer = setTimeout(() => {
        this.waiters.delete(w);
        resolve(this.resourceVersion >= rv);
      }, timeoutMs);
      w.timer.unref?.();
      this.waiters.add(w);
    });
  }

  /** Fails every pending wait (the cacher stops). */
  cancelWaits(): void {
    for (const w of this.waiters) {
      if (w.timer !== undefined) clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters.clear();
  }

  private isFull(): boolean {
    return this.endIndex === this.startIndex + this.capacity;
  }

  private at(index: number): WatchCacheEvent {
    return this.buffer[index % this.capacity]!;
  }

  private append(ev: WatchCacheEvent): void {
    this.resize(ev.recordTime);
    if (this.isFull()) {
      this.buffer[this.startIndex % this.capacity] = undefined;
      this.startIndex++;
      this.removedEventSinceRelist = true;
    }
    this.buffer[this.endIndex % this.capacity] = ev;
    this.endIndex++;
  }

  /**
   * kube's resizeCacheLocked, before every append: a full window doubles (up to the upper bound)
   * while its oldest event is younger than the fresh duration, and halves (down to the lower bound)
   * when its newest quarter already reaches beyond it.
   */
  resize(now: number): void {
    if (!this.isFull()) return;
    const fresh = this.options.eventFreshDurationMs;
    if (now - this.at(this.startIndex).recordTime < fresh) {
      const grown = Math.min(this.capacity * 2, this.options.upperBoundCapacity);
      if (grown > this.capacity) this.doResize(grown);
      return;
    }
    if (now - this.at(this.endIndex - Math.trunc(this.capacity / 4)).recordTime > fresh) {
      const shrunk = Math.max(Math.trunc(this.capacity / 2), this.options.lowerBoundCapacity);
      if (shrunk < this.capacity) this.doResize(shrunk);
    }
  }

  private doResize(capacity: number): void {
    const next = new Array<WatchCacheEvent | undefined>(capacity);
    if (capacity < this.capacity) {
      this.startIndex = this.endIndex - capacity;
      this.removedEventSinceRelist = true;
    }
    for (let i = this.startIndex; i < this.endIndex; i++) next[i % capacity] = this.at(i);
    this.buffer = next;
    this.capacity = capacity;
  }

  /**
   * The channel size kube suggests for a new watcher: about one second of history (capacity over
   * the fresh duration), between 10 and a maximum that depends on the indexes in use.
   */
  suggestedWatchChannelSize(indexExists: boolean, triggerUsed: boolean): number {
    let size = Math.ceil(this.capacity / (this.options.eventFreshDurationMs / 1000));
    if (size < minWatchChanSize) size = minWatchChanSize;
    const max = indexExists ? (triggerUsed ? maxWatchChanSizeWithIndexAndTrigger : maxWatchChanSizeWithIndexWithoutTrigger) : maxWatchChanSizeWithoutIndex;
    return Math.min(size, max);
  }

  /**
   * kube's "oldest": the resourceVersion of the oldest event the window can still deliver. Events
   * after any rv ≥ oldest − 1 are all in the window (and the state at such an rv can be rebuilt).
   */
  oldest(): number {
    if (this.listResourceVersion > 0 && !this.removedEventSinceRelist) return this.listResourceVersion + 1;
    if (this.endIndex > this.startIndex) return this.at(this.startIndex).resourceVersion;
    throw new Error("watch cache isn't correctly initialized");
  }

  /** True when the window holds every event after rv (and rv is not in the cache's future). */
  canServeFrom(rv: number): boolean {
    return rv >= this.oldest() - 1 && rv <= this.resourceVersion;
  }

  /** The events after rv; 410 Expired when the window no longer reaches back to rv. */
  eventsSince(rv: number): WatchCacheEvent[] {
    const oldest = this.oldest();
    if (rv < oldest - 1) throw newResourceExpired(`too old resource version: ${rv} (${oldest - 1})`);
    return this.collectSince(rv);
  }

  private collectSince(rv: number): WatchCacheEvent[] {
    let lo = this.startIndex;
    let hi = this.endIndex;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.at(mid).resourceVersion > rv) hi = mid;
      else lo = mid + 1;
    }
    const out: WatchCacheEvent[] = new Array<WatchCacheEvent>(this.endIndex - lo);
    for (let i = lo; i < this.endIndex; i++) out[i - lo] = this.at(i);
    return out;
  }

  /**
   * The state of every key changed after rv, as it was at rv (undefined: it did not exist). The
   * oldest event after rv carries it as its previous object. Requires canServeFrom(rv).
   */
  private changedSince(rv: number): Map<string, StoreElement | undefined> {
    const changed = new Map<string, StoreElement | undefined>();
    const events = this.collectSince(rv);
    for (let i = events.length - 1; i >= 0; i--) {
      const ev = events[i]!;
      changed.set(ev.key, ev.hasPrev ? { key: ev.key, object: ev.prevObject!, attrs: ev.prevAttrs } : undefined);
    }
    return changed;
  }

  /** The object under key at exactly rv. Requires canServeFrom(rv). */
  getAt(rv: number, key: string): StoreElement | undefined {
    if (rv === this.resourceVersion) return this.store.get(key);
    const changed = this.changedSince(rv);
    return changed.has(key) ? changed.get(key) : this.store.get(key);
  }

  /**
   * The objects under prefix at exactly rv, from fromKey on, in key order: the current objects with
   * the changes after rv undone. Requires canServeFrom(rv).
   */
  listAt(rv: number, prefix: string, fromKey?: string): StoreElement[] {
    if (rv === this.resourceVersion) return this.store.listPrefix(prefix, fromKey);
    const from = fromKey !== undefined && fromKey > prefix ? fromKey : prefix;
    const changed = [...this.changedSince(rv)].filter(([k]) => k.startsWith(prefix) && k >= from).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const current = this.store.listPrefix(prefix, fromKey);
    const out: StoreElement[] = [];
    let j = 0;
    for (const [key, atRv] of changed) {
      for (; j < current.length && current[j]!.key < key; j++) out.push(current[j]!);
      if (j < current.length && current[j]!.key === key) j++;
      if (atRv !== undefined) out.push(atRv);
    }
    for (; j < current.length; j++) out.push(current[j]!);
    return out;
  }

  /**
   * Forgets the window's events at and below rv, as a compaction of the store forgets history:
   * watches and exact reads from below rv are then expired. Requires resourceVersion ≥ rv.
   */
  compactHistory(rv: number): void {
    const contiguous = !this.removedEventSinceRelist || (this.endIndex > this.startIndex && this.at(this.startIndex).resourceVersion <= rv);
    while (this.startIndex < this.endIndex && this.at(this.startIndex).resourceVersion <= rv) {
      this.buffer[this.startIndex % this.capacity] = undefined;
      this.startIndex++;
    }
    if (contiguous && rv >= this.listResourceVersion) {
      this.listResourceVersion = rv;
      this.removedEventSinceRelist = false;
    } else {
      this.removedEventSinceRelist = true;
    }
  }
}

