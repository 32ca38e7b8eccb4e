// Behaviour of etcd-io/etcd server/mvcc/watchable_store.go (v3.5): in-process fan-out of committed events.
import type { KvEvent, KvWatch, KvWatchHandlers, KvWatchOptions } from '@kapi/storage';

/** Events per onEvents call at most; a replay of many revisions arrives in several calls. */
const MAX_BATCH = 1000;

type Entry = KvEvent | { readonly progress: number };

/**
 * The registered watches of one store. The writer calls {@link broadcast} after each commit, in
 * revision order; each watch queues what matches and delivers it later (setImmediate), batched.
 */
export class WatchHub {
  private readonly watchers = new Set<HubWatcher>();
  private progressTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly progressIntervalMs: number,
    private readonly currentRevision: () => number,
  ) {}

  get size(): number {
    return this.watchers.size;
  }

  /** A watch that is not registered yet: fill it with replayed events, then {@link register} it. */
  newWatcher(key: string, options: KvWatchOptions, handlers: KvWatchHandlers): HubWatcher {
    return new HubWatcher(this.watchers, key, options, handlers);
  }

  /** Makes `w` receive every later broadcast at a revision >= its start. */
  register(w: HubWatcher, startRevision: number): void {
    w.startRevision = startRevision;
    this.watchers.add(w);
    if (w.wantsProgress && this.progressTimer === undefined) {
      this.progressTimer = setInterval(() => {
        const rev = this.currentRevision();
        for (const x of this.watchers) x.tick(rev);
      }, this.progressIntervalMs);
      this.progressTimer.unref?.();
    }
  }

  /** etcd's WatchProgressRequest: every watch gets `revision` behind the events it has queued. */
  requestProgress(revision: number): void {
    for (const w of this.watchers) w.requestedProgress(revision);
  }

  broadcast(ev: KvEvent): void {
    let bare: KvEvent | undefined;
    for (const w of this.watchers) {
      if (!w.matches(ev.kv.key) || ev.kv.modRevision < w.startRevision) continue;
      if (w.wantsPrevKv || ev.prevKv === undefined) w.push(ev);
      else w.push((bare ??= { type: ev.type, kv: ev.kv }));
    }
  }

  /** Ends every watch with `err` (after what it has queued) and stops the progress timer. */
  close(err: Error): void {
    if (this.progressTimer !== undefined) clearInterval(this.progressTimer);
    this.progressTimer = undefined;
    for (const w of [...this.watchers]) w.fail(err);
  }
}

/** One watch: a queue of events delivered asynchronously, in order, in batches. */
export class HubWatcher implements KvWatch {
  startRevision = 0;
  private queue: Entry[] = [];
  private scheduled = false;
  private done = false;
  private error: Error | undefined;
  private busySinceTick = false;

  constructor(
    private readonly registry: Set<HubWatcher>,
    private readonly key: string,
    private readonly options: KvWatchOptions,
    private readonly handlers: KvWatchHandlers,
  ) {}

  get wantsPrevKv(): boolean {
    return this.options.prevKv;
  }

  get wantsProgress(): boolean {
    return this.options.progressNotify === true;
  }

  matches(key: string): boolean {
    return this.options.prefix ? key.startsWith(this.key) : key === this.key;
  }

  /** Queues a replayed or live event; drops prevKv when the watch did not ask for it. */
  push(ev: KvEvent): void {
    if (this.done || this.error !== undefined) return;
    this.queue.push(this.options.prevKv || ev.prevKv === undefined ? ev : { type: ev.type, kv: ev.kv });
    this.busySinceTick = true;
    this.schedule();
  }

  /** Sends a progress notification when the watch has been idle since the last tick. */
  tick(revision: number): void {
    if (!this.wantsProgress || this.done || this.error !== undefined) return;
    if (!this.busySinceTick && revision >= this.startRevision - 1) {
      this.queue.push({ progress: revision });
      this.schedule();
    }
    this.busySinceTick = false;
  }

  /** A requested progress notification, whether or not the watch asked for periodic ones. */
  requestedProgress(revision: number): void {
    if (this.done || this.error !== undefined || revision < this.startRevision - 1) return;
    this.queue.push({ progress: revision });
    this.schedule();
  }

  /** Ends the watch with `err` after the events already queued. */
  fail(err: Error): void {
    if (this.done || this.error !== undefined) return;
    this.registry.delete(this);
    this.error = err;
    this.schedule();
  }

  cancel(): void {
    this.done = true;
    this.queue = [];
    this.registry.delete(this);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    try {
      while (!this.done && this.queue.length > 0) {
        const q = this.queue;
        this.queue = [];
        let i = 0;
        while (i < q.length && !this.done) {
          const head = q[i]!;
          if ('progress' in head) {
            this.handlers.onProgress?.(head.progress);
            i++;
            continue;
          }
          let j = i;
          while (j < q.length && j - i < MAX_BATCH && !('progress' in q[j]!)) j++;
          this.handlers.onEvents(q.slice(i, j) as KvEvent[]);
          i = j;
        }
      }
    } catch (err) {
      // A throwing handler ends its own watch; the error goes to its onError.
      this.queue = [];
      this.registry.delete(this);
      this.error = err instanceof Error ? err : new Error(String(err));
    }
    if (!this.done && this.error !== undefined) {
      this.done = true;
      try {
        this.handlers.onError(this.error);
      } catch {
        // Nothing is left to tell.
      }
    }
  }
}
