// Behaviour of k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go (v1.33): one watcher of the cache,
// with a bounded buffer the dispatcher fills without ever waiting on it for long.
import type { KubeObject, Versioner, WatchEvent, Watcher } from '@kapi/apimachinery';
import type { SelectionPredicate } from '@kapi/storage';
import { matchesWith } from './util.ts';
import type { WatchCacheEvent } from './watch-cache.ts';

/** What offering an event to a watcher did. */
export type OfferResult = 'queued' | 'skipped' | 'full' | 'stopped';

export interface CacheWatcherOptions {
  /** How many events the watcher buffers for its consumer before the dispatcher has to wait. */
  capacity: number;
  /** Whether an object key is watched (the watch key or prefix). */
  keyFilter: (key: string) => boolean;
  predicate: SelectionPredicate;
  versioner: Versioner;
  /** Events at or below this resourceVersion were delivered by the initial events (or precede the watch). */
  skipThrough: number;
  /** Events to deliver before any live one: initial state or history, then maybe the initial-events-end bookmark. */
  initial: WatchEvent[];
  /** Called once when the watcher ends, whoever ends it (the cacher forgets it). */
  onEnd: (w: CacheWatcher) => void;
  freeze: boolean;
}

/**
 * kube's cacheWatcher. The dispatcher offers each event; the watcher converts it for its selector
 * (ADDED when the object enters, MODIFIED while it stays, DELETED when it leaves) and queues it, up
 * to `capacity` events. The consumer iterates; `stop()` ends the iteration at once. A watcher the
 * cacher terminates (too slow, or a relist) ends after its consumer has read what is queued.
 */
export class CacheWatcher implements Watcher {
  readonly closed: Promise<void>;
  readonly allowWatchBookmarks: boolean;
  /** When the next periodic bookmark is due (ms); managed by the cacher. */
  nextBookmarkAt = 0;
  private initial: (WatchEvent | undefined)[];
  private initialPos = 0;
  private queue: WatchEvent[] = [];
  private head = 0;
  /** No more events are accepted. */
  private ended = false;
  /** The consumer stopped: nothing more is delivered. */
  private discarded = false;
  private resolveClosed!: () => void;
  private wake: (() => void) | undefined;
  private roomWaiter: (() => void) | undefined;
  private readonly capacity: number;
  private readonly skipThrough: number;
  /** Events handed to the consumer (for tests and metrics). */
  delivered = 0;

  constructor(private readonly options: CacheWatcherOptions) {
    this.initial = options.initial;
    this.capacity = Math.max(1, options.capacity);
    this.skipThrough = options.skipThrough;
    this.allowWatchBookmarks = options.predicate.allowWatchBookmarks === true;
    this.closed = new Promise<void>((r) => (this.resolveClosed = r));
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Events queued and not yet read. */
  get queued(): number {
    return this.queue.length - this.head;
  }

  /** Converts a cache event for this watcher's selection; undefined when it does not concern it. */
  convert(ev: WatchCacheEvent): WatchEvent | undefined {
    return convertEvent(ev, this.options.keyFilter, this.options.predicate, this.options.versioner, this.options.freeze);
  }

  /**
   * Queues the event if it concerns this watcher and there is room. Bookmarks are never waited
   * for: without room they are dropped (the next one carries a newer resourceVersion).
   */
  offer(ev: WatchCacheEvent): OfferResult {
    if (this.ended) return 'stopped';
    if (ev.type === 'BOOKMARK') {
      if (!this.allowWatchBookmarks || ev.resourceVersion <= this.skipThrough) return 'skipped';
      if (this.queued >= this.capacity) return 'skipped';
      this.push({ type: 'BOOKMARK', object: ev.object });
      return 'queued';
    }
    if (ev.resourceVersion <= this.skipThrough) return 'skipped';
    const out = this.convert(ev);
    if (out === undefined) return 'skipped';
    if (this.queued >= this.capacity) return 'full';
    this.push(out);
    return 'queued';
  }

  private push(ev: WatchEvent): void {
    this.queue.push(ev);
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  /** Resolves true once the watcher has room (or has ended), false when the deadline passes first. */
  waitForRoom(deadline: number): Promise<boolean> {
    if (this.ended || this.queued < this.capacity) return Promise.resolve(true);
    const left = deadline - Date.now();
    if (left <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.roomWaiter = undefined;
        resolve(this.ended || this.queued < this.capacity);
      }, left);
      this.roomWaiter = () => {
        clearTimeout(timer);
        this.roomWaiter = undefined;
        resolve(true);
      };
    });
  }

  /**
   * Ends the watcher from the producer side (too slow, a relist, the cacher stopping): it accepts
   * no more events; its consumer reads what is queued, then the iteration ends.
   */
  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    this.finish();
  }

  /** Ends the watch from the consumer side: the iteration ends at once, queued events are dropped. */
  stop(): void {
    this.discarded = true;
    this.queue = [];
    this.head = 0;
    this.initial = [];
    if (!this.ended) {
      this.ended = true;
      this.finish();
    }
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private finish(): void {
    this.resolveClosed();
    this.options.onEnd(this);
    const w = this.wake;
    this.wake = undefined;
    w?.();
    this.roomWaiter?.();
  }

  private take(): WatchEvent | undefined {
    if (this.discarded) return undefined;
    if (this.initialPos < this.initial.length) {
      const ev = this.initial[this.initialPos]!;
      this.initial[this.initialPos++] = undefined;
      if (this.initialPos === this.initial.length) this.initial = [];
      return ev;
    }
    if (this.head < this.queue.length) {
      const ev = this.queue[this.head]!;
      this.queue[this.head++] = undefined as unknown as WatchEvent;
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.roomWaiter?.();
      return ev;
    }
    return undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<WatchEvent> {
    return {
      next: async (): Promise<IteratorResult<WatchEvent>> => {
        for (;;) {
          const ev = this.take();
          if (ev !== undefined) {
            this.delivered++;
            return { value: ev, done: false };
          }
          if (this.ended || this.discarded) return { value: undefined, done: true };
          await new Promise<void>((r) => (this.wake = r));
        }
      },
      return: async (): Promise<IteratorResult<WatchEvent>> => {
        this.stop();
        return { value: undefined, done: true };
      },
    };
  }
}

/**
 * kube's convertToWatchEvent: what a watcher of `keyFilter` and `predicate` sees of a change. ADDED
 * when the object enters the selection, MODIFIED while it stays, DELETED (its last state, at the
 * event's resourceVersion) when it leaves or is deleted; undefined when the change does not concern it.
 */
export function convertEvent(ev: WatchCacheEvent, keyFilter: (key: string) => boolean, predicate: SelectionPredicate, versioner: Versioner, freeze: boolean): WatchEvent | undefined {
  if (!keyFilter(ev.key)) return undefined;
  if (ev.type === 'DELETED') {
    const last = ev.prevObject ?? ev.object;
    const lastAttrs = ev.prevObject !== undefined ? ev.prevAttrs : ev.attrs;
    return matchesWith(predicate, last, lastAttrs) ? { type: 'DELETED', object: ev.object } : undefined;
  }
  const cur = matchesWith(predicate, ev.object, ev.attrs);
  const old = ev.prevObject !== undefined && matchesWith(predicate, ev.prevObject, ev.prevAttrs);
  if (cur) return { type: old ? 'MODIFIED' : 'ADDED', object: ev.object };
  if (old) return { type: 'DELETED', object: prevAtEvent(ev, versioner, freeze) };
  return undefined;
}

/** The previous object stamped with the event's resourceVersion, made once per event and shared. */
function prevAtEvent(ev: WatchCacheEvent, versioner: Versioner, freeze: boolean): KubeObject {
  if (ev.prevAtEvent === undefined) {
    const prev = ev.prevObject!;
    const copy: KubeObject = { ...prev, metadata: { ...prev.metadata } };
    versioner.updateObject(copy, ev.resourceVersion);
    if (freeze) {
      Object.freeze(copy.metadata);
      Object.freeze(copy);
    }
    ev.prevAtEvent = copy;
  }
  return ev.prevAtEvent;
}
