// Behaviour of k8s.io/client-go/tools/cache/reflector.go as the cacher runs it (cacher.go startCaching,
// lister_watcher.go; v1.33): list, then watch from the list's revision; relist after an error.
import { isStatusError, newStatusError, type KubeObject, type Status } from '@kapi/apimachinery';
import { everything, type StorageInterface } from '@kapi/storage';
import { sleep } from './util.ts';

/** The longest pause between relists (client-go's reflector backoff cap). */
const maxBackoffMs = 30_000;

/** kube's storageWatchListPageSize: the page size of the cacher's lists. */
export const defaultListPageSize = 10_000;

/** What the reflector feeds. */
export interface ReflectorSink {
  /** Called before every (re)list: the watches started from the previous state end. */
  beforeList(): void;
  replace(items: KubeObject[], resourceVersion: number): void;
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
export class Reflector {
  private stopped = false;
  private stopWatch: (() => void) | undefined;
  private wakeSleep: (() => void) | undefined;
  readonly done: Promise<void>;

  constructor(
    private readonly store: StorageInterface,
    private readonly options: ReflectorOptions,
    private readonly sink: ReflectorSink,
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

  private async list(): Promise<{ items: KubeObject[]; rv: number }> {
    const items: KubeObject[] = [];
    let cont: string | undefined;
    let rv = 0;
    do {
      const predicate = { ...everything(), limit: this.options.pageSize, ...(cont !== undefined ? { continue: cont } : {}) };
      const page = await this.store.getList(this.options.prefix, { recursive: true, resourceVersion: '', predicate });
      for (const item of page.items) items.push(item);
      rv = this.store.versioner.parseResourceVersion(page.metadata.resourceVersion ?? '');
      cont = page.metadata.continue;
      if (this.stopped) break;
    } while (cont);
    return { items, rv };
  }

  private async listAndWatch(listed: () => void): Promise<void> {
    const { items, rv } = await this.list();
    if (this.stopped) return;
    this.sink.replace(items, rv);
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
