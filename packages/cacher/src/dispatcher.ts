// Behaviour of k8s.io/apiserver/pkg/storage/cacher/cacher.go (v1.33) dispatchEvents, dispatchEvent and the
// bookmark timer: every change to every watcher it concerns, in order, without waiting on a slow one
// for longer than the time budget.
import type { KubeObject } from '@kapi/apimachinery';
import type { CacheWatcher, OfferResult } from './cache-watcher.ts';
import type { CacherLogger } from './options.ts';
import { TimeBudget } from './time-budget.ts';
import { yieldTurn } from './util.ts';
import type { WatchCacheEvent } from './watch-cache.ts';
import type { WatcherIndex } from './watchers.ts';

/** kube's incoming channel size: the reflector waits when this many events are not yet dispatched. */
export const incomingBacklog = 100;

export interface DispatcherOptions {
  watchers: WatcherIndex;
  /** The watchers that allow bookmarks. */
  bookmarkWatchers: Set<CacheWatcher>;
  bookmarkFrequencyMs: number;
  /** Period of the bookmark timer (jittered by 25 %). */
  bookmarkTickMs: number;
  now: () => number;
  freeze: boolean;
  log: CacherLogger;
  resource: string;
  metrics: { eventsDispatched: number; eventsQueued: number; watchersTerminated: number };
}

export class Dispatcher {
  private incoming: (WatchCacheEvent | undefined)[] = [];
  private incomingHead = 0;
  private draining = false;
  private drainedWaiters: (() => void)[] = [];
  /** The resourceVersion of the last event (or progress) dispatched: what periodic bookmarks carry. */
  lastProcessedRV = 0;
  private readonly budget: TimeBudget;
  private bookmarkTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly o: DispatcherOptions) {
    this.budget = new TimeBudget(o.now);
    this.scheduleBookmarks();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.bookmarkTimer);
  }

  /** Queues a change the cache applied (or a progress notification) for dispatch. */
  enqueue(ev: WatchCacheEvent): void {
    this.incoming.push(ev);
    if (!this.draining) void this.drain();
  }

  /** Undefined while the backlog is short; otherwise resolves once it is empty (backpressure on the reflector). */
  backlog(): Promise<void> | undefined {
    if (this.incoming.length - this.incomingHead < incomingBacklog || !this.draining) return undefined;
    return new Promise((r) => this.drainedWaiters.push(r));
  }

  /**
   * kube's dispatchEvents: events in order, each to every watcher it concerns. Runs synchronously
   * until some watcher is full; only then does it wait (see dispatchBlocked).
   */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.incomingHead < this.incoming.length) {
        const ev = this.incoming[this.incomingHead]!;
        this.incoming[this.incomingHead++] = undefined;
        // Progress from the store only moves the bookmark resourceVersion on (kube does not forward it).
        if (ev.type !== 'BOOKMARK') {
          this.o.metrics.eventsDispatched++;
          const pending = this.dispatch(ev);
          if (pending !== undefined) await pending;
        }
        this.lastProcessedRV = Math.max(this.lastProcessedRV, ev.resourceVersion);
      }
    } finally {
      this.incoming = [];
      this.incomingHead = 0;
      this.draining = false;
      const waiters = this.drainedWaiters;
      this.drainedWaiters = [];
      for (const w of waiters) w();
    }
  }

  private dispatch(ev: WatchCacheEvent): Promise<void> | undefined {
    let blocked: CacheWatcher[] | undefined;
    for (const w of this.o.watchers.candidates(ev)) {
      if (this.offer(w, ev) === 'full') (blocked ??= []).push(w);
    }
    return blocked === undefined ? undefined : this.dispatchBlocked(ev, blocked);
  }

  /** Offers an event to one watcher; a watcher whose selector throws is closed, the others go on. */
  private offer(w: CacheWatcher, ev: WatchCacheEvent): OfferResult {
    let r: OfferResult;
    try {
      r = w.offer(ev);
    } catch (err) {
      this.o.log.error({ resource: this.o.resource, err: String(err) }, 'cacher: a watcher failed to filter an event; closing it');
      w.terminate();
      return 'stopped';
    }
    if (r === 'queued') this.o.metrics.eventsQueued++;
    return r;
  }

  /**
   * Watchers whose buffer is full. Their consumers run on this thread only when dispatch yields,
   * so each first gets one turn of the event loop for free (Go's consumers run in parallel). Then,
   * like kube, dispatch waits for them up to the time budget (100 ms at most, refilled at 50 ms per
   * second); a watcher still full after that is terminated: its client re-watches.
   */
  private async dispatchBlocked(ev: WatchCacheEvent, blocked: CacheWatcher[]): Promise<void> {
    await yieldTurn();
    const still = blocked.filter((w) => this.offer(w, ev) === 'full');
    if (still.length === 0) return;
    const budget = this.budget.takeAvailable();
    const start = Date.now();
    const deadline = start + budget;
    for (const w of still) {
      for (;;) {
        if (this.offer(w, ev) !== 'full') break;
        if (!(await w.waitForRoom(deadline))) {
          this.o.metrics.watchersTerminated++;
          this.o.log.warn({ resource: this.o.resource, queued: w.queued }, 'cacher: forcing watcher close due to unresponsiveness');
          w.terminate();
          break;
        }
      }
    }
    this.budget.returnUnused(budget - (Date.now() - start));
  }

  /** kube's bookmark timer: about every bookmarkTickMs, bookmarks to the watchers that are due one. */
  private scheduleBookmarks(): void {
    const jittered = this.o.bookmarkTickMs * (1 + 0.25 * Math.random());
    this.bookmarkTimer = setTimeout(() => {
      this.sendBookmarks();
      if (!this.stopped) this.scheduleBookmarks();
    }, jittered);
    this.bookmarkTimer.unref?.();
  }

  private sendBookmarks(): void {
    // A bookmark must not overtake an event being dispatched: wait for the next tick.
    if (this.draining || this.lastProcessedRV === 0 || this.o.bookmarkWatchers.size === 0) return;
    const now = this.o.now();
    const object: KubeObject = { metadata: { resourceVersion: String(this.lastProcessedRV) } };
    if (this.o.freeze) Object.freeze(object.metadata);
    const ev: WatchCacheEvent = { type: 'BOOKMARK', key: '', object, attrs: undefined, hasPrev: false, prevObject: undefined, prevAttrs: undefined, resourceVersion: this.lastProcessedRV, recordTime: now };
    for (const w of this.o.bookmarkWatchers) {
      if (w.nextBookmarkAt > now) continue;
      this.offer(w, ev);
      w.nextBookmarkAt = now + this.o.bookmarkFrequencyMs;
    }
  }
}
