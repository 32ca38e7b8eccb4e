// The objects this cacher's writes stored that its watch has not delivered yet (an optimisation;
// kube's cacher has none: it passes down whatever its cache holds).
import type { KubeObject, Versioner } from '@kapi/apimachinery';

/** Keys remembered at most (the oldest entry goes first); entries the cache has caught up with go at the next write. */
export const ownWritesCapacity = 256;

/**
 * The last object each key was written as through this cacher, until the cache holds it. The
 * cache lags behind the cacher's own writes by the time their watch events take; an update that
 * comes within that time — a client updating what it has just written, under load — would start
 * from the cache's older object, lose its resourceVersion comparison, and read the key back from
 * storage. Starting from the object the write returned saves that round trip. It is a suggestion
 * like the cache's own (kube's cachedExistingObject): the write verifies it with its compare on
 * the key's modRevision, and a write through another process since then makes it fail and retry
 * on the current object, so no semantics change. Objects are private copies, only read.
 */
export class OwnWrites {
  private readonly byKey = new Map<string, KubeObject>();

  constructor(
    private readonly versioner: Versioner,
    private readonly capacity = ownWritesCapacity,
  ) {}

  get size(): number {
    return this.byKey.size;
  }

  /** Remembers `written` (the store's answer to a write of `key`; copied, the caller keeps it). */
  record(key: string, written: KubeObject, cacheRV: number): void {
    const rev = this.versioner.objectResourceVersion(written);
    const had = this.byKey.get(key);
    // Writes of one key may complete out of order; the cache may already hold this one.
    if (rev <= cacheRV || (had !== undefined && this.versioner.objectResourceVersion(had) >= rev)) return;
    this.byKey.delete(key);
    // The oldest entries are the first the cache catches up with: drop those it has.
    for (const [k, obj] of this.byKey) {
      if (this.byKey.size < this.capacity && this.versioner.objectResourceVersion(obj) > cacheRV) break;
      this.byKey.delete(k);
    }
    this.byKey.set(key, copyJson(written) as KubeObject);
  }

  /** Forgets `key` (deleted through the cacher). */
  forget(key: string): void {
    this.byKey.delete(key);
  }

  /**
   * The suggestion for a write of `key`: this cacher's last write of it while the cache (at
   * `cacheRV`, holding `cached` for the key) has not caught up with it, else `cached`. An entry
   * the cache has caught up with is dropped.
   */
  newest(key: string, cached: KubeObject | undefined, cacheRV: number): KubeObject | undefined {
    const written = this.byKey.get(key);
    if (written === undefined) return cached;
    const rev = this.versioner.objectResourceVersion(written);
    if (rev <= cacheRV || (cached !== undefined && this.versioner.objectResourceVersion(cached) >= rev)) {
      this.byKey.delete(key);
      return cached;
    }
    return written;
  }
}

/** A deep copy of a JSON value (what stored objects are). */
function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out;
}
