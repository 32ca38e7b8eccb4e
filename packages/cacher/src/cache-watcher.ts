// Behaviour of k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go (v1.33): one watcher of the cache,
// with a bounded buffer the dispatcher fills without ever waiting on it for long.
import type { KubeObject, Versioner, WatchEvent, Watcher } from '@kapi/apimachinery';
import type { SelectionPredicate } from '@kapi/storage';
import { matchesElement, matchesWith } from './util.ts';
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
 * A watcher whose events can be taken without a promise per event: what a server writing many
 * watch streams uses (apps/apiserver's watch handler). `notify` says when to look; `poll` takes
 * what is there. The async iteration of the same watcher is built on these two.
 */
export interface PollableWatcher extends Watcher {
  /** The next event, at once; undefined when none is queued (then see `done`). */
  poll(): WatchEvent | undefined;
  /** True once no event will come any more (ended, and everything queued taken; or stopped). */
  readonly done: boolean;
  /**
   * Calls `ready` once, the next time an event is queued or the watcher ends, synchronously from
   * the producer (the dispatcher); at once when either is already so. It replaces an earlier one.
   */
  notify(ready: () => void): void;
}

/** True for a watcher that offers the synchronous side (a watcher of the cacher). */
export function isPollableWatcher(w: Watcher): w is PollableWatcher {
  return typeof (w as Partial<PollableWatcher>).poll === 'function' && typeof (w as Partial<PollableWatcher>).notify === 'function';
}

const iterationDone: IteratorResult<WatchEvent> = { value: undefined, done: true };
const noEvents: (WatchEvent | undefined)[] = [];

/**
 * kube's cacheWatcher. The dispatcher offers each event; the watcher converts it for its selector
 * (ADDED when the object enters, MODIFIED while it stays, DELETED when it leaves) and queues it, up
 * to `capacity` events. The consumer polls or iterates; `stop()` ends the iteration at once. A
 * watcher the cacher terminates (too slow, or a relist) ends after its consumer has read what is
 * queued. An idle watcher holds little more than its fields: thousands of them are kept open.
 */
export class CacheWatcher implements PollableWatcher {
  readonly allowWatchBookmarks: boolean;
  /** When the next periodic bookmark is due (ms); managed by the cacher. */
  nextBookmarkAt = 0;
  private initial: (WatchEvent | undefined)[];
  private initialPos = 0;
  private queue: (WatchEvent | undefined)[] = noEvents;
  private head = 0;
  /** No more events are accepted. */
  private ended = false;
  /** The consumer stopped: nothing more is delivered. */
  private discarded = false;
  /** `closed`, made when first asked for. */
  private closedPromise: Promise<void> | undefined;
  private resolveClosed: (() => void) | undefined;
  private ready: (() => void) | undefined;
  private roomWaiter: (() => void) | undefined;
  private readonly capacity: number;
  private readonly skipThrough: number;
  private readonly keyFilter: (key: string) => boolean;
  /** Undefined when the watcher selects everything. */
  private readonly predicate: SelectionPredicate | undefined;
  private readonly versioner: Versioner;
  private readonly freeze: boolean;
  private readonly onEnd: (w: CacheWatcher) => void;
  /** Events handed to the consumer (for tests and metrics). */
  delivered = 0;

  constructor(options: CacheWatcherOptions) {
    this.initial = options.initial.length > 0 ? options.initial : noEvents;
    this.capacity = Math.max(1, options.capacity);
    this.skipThrough = options.skipThrough;
    this.keyFilter = options.keyFilter;
    this.versioner = options.versioner;
    this.freeze = options.freeze;
    this.onEnd = options.onEnd;
    const pred = options.predicate;
    this.predicate = pred.label.isEmpty() && pred.field.isEmpty() ? undefined : pred;
    this.allowWatchBookmarks = pred.allowWatchBookmarks === true;
  }

  /** Resolves once the watcher has ended (whoever ended it). */
  get closed(): Promise<void> {
    if (this.closedPromise === undefined) {
      this.closedPromise = this.ended ? Promise.resolve() : new Promise<void>((r) => (this.resolveClosed = r));
    }
    return this.closedPromise;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Events queued and not yet read. */
  get queued(): number {
    return this.queue.length - this.head;
  }

  get done(): boolean {
    return this.discarded || (this.ended && this.initialPos >= this.initial.length && this.head >= this.queue.length);
  }

  /** Converts a cache event for this watcher's selection; undefined when it does not concern it. */
  convert(ev: WatchCacheEvent): WatchEvent | undefined {
    return convertEvent(ev, this.keyFilter, this.predicate, this.versioner, this.freeze);
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
    if (this.queue === noEvents) this.queue = [];
    this.queue.push(ev);
    this.wake();
  }

  private wake(): void {
    const r = this.ready;
    if (r === undefined) return;
    this.ready = undefined;
    r();
  }

  notify(ready: () => void): void {
    this.ready = ready;
    if (this.discarded || this.ended || this.initialPos < this.initial.length || this.head < this.queue.length) this.wake();
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
    this.queue = noEvents;
    this.head = 0;
    this.initial = noEvents;
    this.initialPos = 0;
    if (!this.ended) {
      this.ended = true;
      this.finish();
    }
    this.wake();
  }

  private finish(): void {
    this.resolveClosed?.();
    if (this.closedPromise === undefined) this.closedPromise = Promise.resolve();
    this.onEnd(this);
    this.wake();
    this.roomWaiter?.();
  }

  poll(): WatchEvent | undefined {
    if (this.discarded) return undefined;
    if (this.initialPos < this.initial.length) {
      const ev = this.initial[this.initialPos]!;
      this.initial[this.initialPos++] = undefined;
      if (this.initialPos === this.initial.length) {
        this.initial = noEvents;
        this.initialPos = 0;
      }
      this.delivered++;
      return ev;
    }
    if (this.head < this.queue.length) {
      const ev = this.queue[this.head]!;
      this.queue[this.head++] = undefined;
      if (this.head === this.queue.length) {
        this.queue = noEvents;
        this.head = 0;
      } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.roomWaiter?.();
      this.delivered++;
      return ev;
    }
    return undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<WatchEvent> {
    return {
      next: async (): Promise<IteratorResult<WatchEvent>> => {
        for (;;) {
          const ev = this.poll();
          if (ev !== undefined) return { value: ev, done: false };
          if (this.done) return iterationDone;
          await new Promise<void>((r) => this.notify(r));
        }
      },
      return: async (): Promise<IteratorResult<WatchEvent>> => {
        this.stop();
        return iterationDone;
      },
    };
  }
}

/**
 * kube's convertToWatchEvent: what a watcher of `keyFilter` and `predicate` sees of a change. ADDED
 * when the object enters the selection, MODIFIED while it stays, DELETED (its last state, at the
 * event's resourceVersion) when it leaves or is deleted; undefined when the change does not concern it.
 * An undefined predicate selects everything.
 */
export function convertEvent(
  ev: WatchCacheEvent,
  keyFilter: (key: string) => boolean,
  predicate: SelectionPredicate | undefined,
  versioner: Versioner,
  freeze: boolean,
): WatchEvent | undefined {
  if (!keyFilter(ev.key)) return undefined;
  if (ev.type === 'DELETED') {
    if (predicate === undefined) return { type: 'DELETED', object: ev.object };
    // The previous object is read only when there are no attributes to match (it may be bytes).
    const matched = ev.hasPrev ? matchesElement(predicate, { attrs: ev.prevAttrs }, () => ev.prevObject!) : matchesWith(predicate, ev.object, ev.attrs);
    return matched ? { type: 'DELETED', object: ev.object } : undefined;
  }
  if (predicate === undefined) return { type: ev.hasPrev ? 'MODIFIED' : 'ADDED', object: ev.object };
  const cur = matchesWith(predicate, ev.object, ev.attrs);
  const old = ev.hasPrev && matchesElement(predicate, { attrs: ev.prevAttrs }, () => ev.prevObject!);
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
