// Behaviour of k8s.io/apiserver/pkg/storage/cacher/cacher.go (v1.33) indexedWatchers and startDispatching:
// which watchers an event can concern, found without looking at every watcher.
import type { CacheWatcher } from './cache-watcher.ts';
import type { WatchCacheEvent } from './watch-cache.ts';

/** Where a watcher is registered. */
export type WatcherScope =
  /** A recursive watch: every key under this prefix (ends with '/'). */
  | { kind: 'prefix'; value: string }
  /** A watch of one key. */
  | { kind: 'key'; value: string }
  /** A watch whose field selector pins the trigger field to this value (kube's valueWatchers). */
  | { kind: 'trigger'; value: string };

/**
 * The registered watchers, indexed like kube's: by the watch key (a recursive watch under its
 * prefix, others under their key: an event reaches only the watchers of its key and of the
 * prefixes above it) and by the value of the trigger field (an event reaches those of its
 * object's value and of its previous object's value).
 */
export class WatcherIndex {
  private readonly scopes = new Map<CacheWatcher, WatcherScope>();
  private readonly byPrefix = new Map<string, Set<CacheWatcher>>();
  private readonly byKey = new Map<string, Set<CacheWatcher>>();
  private readonly byTrigger = new Map<string, Set<CacheWatcher>>();

  constructor(private readonly triggerField: string | undefined) {}

  get size(): number {
    return this.scopes.size;
  }

  private mapOf(kind: WatcherScope['kind']): Map<string, Set<CacheWatcher>> {
    return kind === 'prefix' ? this.byPrefix : kind === 'key' ? this.byKey : this.byTrigger;
  }

  add(w: CacheWatcher, scope: WatcherScope): void {
    this.scopes.set(w, scope);
    const map = this.mapOf(scope.kind);
    let set = map.get(scope.value);
    if (set === undefined) map.set(scope.value, (set = new Set()));
    set.add(w);
  }

  remove(w: CacheWatcher): void {
    const scope = this.scopes.get(w);
    if (scope === undefined) return;
    this.scopes.delete(w);
    const map = this.mapOf(scope.kind);
    const set = map.get(scope.value);
    set?.delete(w);
    if (set?.size === 0) map.delete(scope.value);
  }

  /** Every registered watcher. */
  all(): CacheWatcher[] {
    return [...this.scopes.keys()];
  }

  /** The watchers an event may concern (each once). */
  candidates(ev: WatchCacheEvent): CacheWatcher[] {
    const out: CacheWatcher[] = [];
    const key = ev.key;
    for (let i = key.indexOf('/'); i >= 0; i = key.indexOf('/', i + 1)) {
      const set = this.byPrefix.get(key.slice(0, i + 1));
      if (set !== undefined) for (const w of set) out.push(w);
    }
    const exact = this.byKey.get(key);
    if (exact !== undefined) for (const w of exact) out.push(w);
    if (this.byTrigger.size > 0 && this.triggerField !== undefined) {
      const value = ev.attrs?.fields[this.triggerField] ?? '';
      const set = this.byTrigger.get(value);
      if (set !== undefined) for (const w of set) out.push(w);
      if (ev.prevAttrs !== undefined) {
        const prev = ev.prevAttrs.fields[this.triggerField] ?? '';
        const prevSet = prev !== value ? this.byTrigger.get(prev) : undefined;
        if (prevSet !== undefined) for (const w of prevSet) out.push(w);
      }
    }
    return out;
  }
}
