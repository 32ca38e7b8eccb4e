// Behaviour of k8s.io/client-go/tools/cache/reflector.go as the cacher runs it (cacher.go startCaching,
// lister_watcher.go; v1.33): list, then watch from the list's revision; relist after an error.
import { isStatusError, newStatusError, type KubeObject, type Status } from '@kapi/apimachinery';
import { everything, type StorageInterface } from '@kapi/storage';
import { sleep, yieldTurn } from './util.ts';

/** The longest pause between relists (client-go's reflector backoff cap). */
const maxBackoffMs = 30_000;

/**
 * The largest page of the cacher's lists. kube's storageWatchListPageSize is 10,000; pages that big
 * leave their garbage behind as memory the process keeps (filling 100k objects from SQLite ended
 * with 40–90 MB more RSS than with pages of 1,000, at the same speed).
 */
export const defaultListPageSize = 1_000;
/** The first page of a list, and the smallest. */
const firstPageSize = 500;
const minPageSize = 100;
/** About how long one page of the list may take (the loop is held for as long). */
const pageBudgetMs = 20;

/** What the reflector feeds. */
export interface ReflectorSink<T = KubeObject> {
  /** Called before every (re)list: the watches started from the previous state end. */
  beforeList(): void;
  /** What the cache keeps of a listed object, made as its page arrives (the page's objects can then go). */
  listed(obj: KubeObject): T;
  replace(items: T[], resourceVersion: number): void;
  event(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject): void;
  progress(resourceVersion: number): void;
  /** The revision the cache has reached: a re-watch starts after it. */
  resourceVersion(): number;
  /** Resolves once dispatch has caught up enough to take more events (backpressure). */
  backlog(): Promise<void> | undefined;
  /** The list or the watch failed; the reflector relists after a pause. */
  failed(err: Error): void;
}

export interface ReflectorOptions {
  /** The key of the cached resource, e.g. `/pods`. */
  prefix: string;
  pageSize: number;
  /**
   * Pause before relisting after an error; it doubles with every failure in a row, up to 30 s
   * (client-go's reflector backoff), and starts over once a list succeeds.
   */
  backoffMs: number;
  /** A watch that ends cleanly sooner than this with no event counts as a failure. */
  minWatchMs: number;
}

/** A watch event whose object is a Status, as an Error. */
function watchError(object: unknown): Error {
  const status = object as Status;
  if (status && typeof status === 'object' && status.kind === 'Status') return newStatusError(status);
  return new Error(`unexpected watch error: ${JSON.stringify(object)}`);
}

export function isExpired(err: unknown): boolean {
  return isStatusError(err) && (err.status.code === 410 || err.status.reason === 'Expired' || err.status.reason === 'Gone');
}

/**
 * Keeps a cache in step with a store: a consistent, paged list, then a watch from its revision
 * with progress notifications. A watch that ends cleanly is resumed from the cache's revision; an
 * error (410 Expired included) sends the reflector back to a full list.
 */
export class Reflector<T = KubeObject> {
  private stopped = false;
  private stopWatch: (() => void) | undefined;
  private wakeSleep: (() => void) | undefined;
  readonly done: Promise<void>;

  constructor(
    private readonly store: StorageInterface,
    private readonly options: ReflectorOptions,
    private readonly sink: ReflectorSink<T>,
  ) {
    this.done = this.run();
  }

  stop(): void {
    this.stopped = true;
    this.stopWatch?.();
    this.wakeSleep?.();
  }

  private async run(): Promise<void> {
    let backoff = this.options.backoffMs;
    while (!this.stopped) {
      let err: Error | undefined;
      try {
        this.sink.beforeList();
        await this.listAndWatch(() => (backoff = this.options.backoffMs));
      } catch (e) {
        err = e instanceof Error ? e : new Error(String(e));
      }
      if (this.stopped) return;
      if (err !== undefined) this.sink.failed(err);
      // An expired watch relists at once; other failures after a pause that grows while they repeat.
      if (err === undefined || !isExpired(err)) {
        await this.pause(backoff);
        backoff = Math.min(maxBackoffMs, backoff * 2);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return Promise.race([sleep(ms), new Promise<void>((r) => (this.wakeSleep = r))]);
  }

  /**
   * The consistent list, page by page, in the background: every page lets the event loop turn (an
   * embedded store answers at once, and a million objects decoded in one go would hold every
   * request for seconds), and pages are sized to take about pageBudgetMs each, up to pageSize.
   */
  private async list(): Promise<{ items: T[]; rv: number }> {
    const items: T[] = [];
    let cont: string | undefined;
    let rv = 0;
    let size = Math.min(firstPageSize, this.options.pageSize);
    let perItemMs: number | undefined;
    do {
      const predicate = { ...everything(), limit: size, ...(cont !== undefined ? { continue: cont } : {}) };
      const started = performance.now();
      const page = await this.store.getList(this.options.prefix, { recursive: true, resourceVersion: '', predicate });
      const took = performance.now() - started;
      for (const item of page.items) items.push(this.sink.listed(item));
      rv = this.store.versioner.parseResourceVersion(page.metadata.resourceVersion ?? '');
      cont = page.metadata.continue;
      if (this.stopped) break;
      if (cont) {
        // The cost of an item, smoothed (a garbage collection inside one page says little).
        const cost = took / Math.max(page.items.length, 1);
        perItemMs = perItemMs === undefined ? cost : 0.7 * perItemMs + 0.3 * cost;
        size = Math.max(minPageSize, Math.min(this.options.pageSize, Math.round(pageBudgetMs / Math.max(perItemMs, 0.001))));
        await yieldTurn();
      }
    } while (cont);
    return { items, rv };
  }

  private async listAndWatch(listed: () => void): Promise<void> {
    // The list is let go once in the cache: this frame lives as long as the watch (the cache may keep less than the listed objects).
    let list: { items: T[]; rv: number } | undefined = await this.list();
    if (this.stopped) return;
    this.sink.replace(list.items, list.rv);
    list = undefined;
    listed();
    for (;;) {
      const started = Date.now();
      let events = 0;
      const w = await this.store.watch(this.options.prefix, {
        recursive: true,
        resourceVersion: String(this.sink.resourceVersion()),
        progressNotify: true,
        predicate: { ...everything(), allowWatchBookmarks: true },
      });
      this.stopWatch = () => w.stop();
      if (this.stopped) {
        w.stop();
        return;
      }
      for await (const ev of w) {
        if (this.stopped) break;
        switch (ev.type) {
          case 'ADDED':
          case 'MODIFIED':
          case 'DELETED':
            events++;
            this.sink.event(ev.type, ev.object as KubeObject);
            break;
          case 'BOOKMARK':
            this.sink.progress(this.store.versioner.objectResourceVersion(ev.object as KubeObject));
            break;
          case 'ERROR':
            w.stop();
            throw watchError(ev.object);
        }
        const backlog = this.sink.backlog();
        if (backlog !== undefined) await backlog;
      }
      this.stopWatch = undefined;
      if (this.stopped) return;
      if (events === 0 && Date.now() - started < this.options.minWatchMs) throw new Error('very short watch: the store ended the watch at once');
    }
  }
}
