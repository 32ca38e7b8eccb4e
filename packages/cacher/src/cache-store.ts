// Behaviour of k8s.io/apiserver/pkg/storage/cacher/store.go and store_btree.go (v1.33): the cached objects,
// ordered by key, with field indexes.
import type { KubeObject } from '@kapi/apimachinery';
import type { ObjectAttrs } from '@kapi/storage';

/** One cached object under its storage key, with the attributes the cache computed for it. */
export interface StoreElement {
  readonly key: string;
  readonly object: KubeObject;
  /** Labels and fields from the cacher's getAttrs; undefined when the cacher has none. */
  readonly attrs: ObjectAttrs | undefined;
}

/** The first index in the sorted array whose key is ≥ key. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The exclusive end of the keys starting with `prefix` in a sorted array (from index `from`). */
function prefixEnd(sorted: readonly string[], prefix: string, from: number): number {
  if (prefix === '') return sorted.length;
  // Every key starting with prefix sorts below prefix + U+FFFF.
  let lo = from;
  let hi = sorted.length;
  const bound = `${prefix}\uffff`;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Objects keyed by storage key. Keys are also kept sorted (a prefix is a contiguous range, like
 * kube's btree store), and each indexed field maps its values to keys (kube's `f:<field>` indexers).
 */
export class CacheStore {
  private readonly byKey = new Map<string, StoreElement>();
  private sorted: string[] = [];
  private readonly indexes = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly indexedFields: readonly string[]) {
    for (const f of indexedFields) this.indexes.set(f, new Map());
  }

  get size(): number {
    return this.byKey.size;
  }

  hasIndex(field: string): boolean {
    return this.indexes.has(field);
  }

  get(key: string): StoreElement | undefined {
    return this.byKey.get(key);
  }

  /** Adds or replaces the element under its key. */
  put(elem: StoreElement): void {
    const prev = this.byKey.get(elem.key);
    this.byKey.set(elem.key, elem);
    if (prev === undefined) this.sorted.splice(lowerBound(this.sorted, elem.key), 0, elem.key);
    else this.unindex(prev);
    this.index(elem);
  }

  delete(key: string): void {
    const prev = this.byKey.get(key);
    if (prev === undefined) return;
    this.byKey.delete(key);
    const i = lowerBound(this.sorted, key);
    if (this.sorted[i] === key) this.sorted.splice(i, 1);
    this.unindex(prev);
  }

  /** Replaces everything (a relist). */
  replace(elems: readonly StoreElement[]): void {
    this.byKey.clear();
    for (const idx of this.indexes.values()) idx.clear();
    for (const e of elems) {
      this.byKey.set(e.key, e);
      this.index(e);
    }
    this.sorted = [...this.byKey.keys()].sort();
  }

  /** The sorted keys (shared: do not modify). */
  keys(): readonly string[] {
    return this.sorted;
  }

  /** The [start, end) positions in keys() of the keys under `prefix` that are ≥ `fromKey`. */
  range(prefix: string, fromKey?: string): [number, number] {
    const start = lowerBound(this.sorted, fromKey !== undefined && fromKey > prefix ? fromKey : prefix);
    return [start, prefixEnd(this.sorted, prefix, start)];
  }

  /** The elements under `prefix` from `fromKey` on, in key order. */
  listPrefix(prefix: string, fromKey?: string): StoreElement[] {
    const [start, end] = this.range(prefix, fromKey);
    const out: StoreElement[] = new Array<StoreElement>(end - start);
    for (let i = start; i < end; i++) out[i - start] = this.byKey.get(this.sorted[i]!)!;
    return out;
  }

  /** Every element, in key order. */
  list(): StoreElement[] {
    return this.listPrefix('');
  }

  /** The elements whose indexed `field` has `value`, in key order; undefined when the field has no index. */
  byIndex(field: string, value: string): StoreElement[] | undefined {
    const idx = this.indexes.get(field);
    if (idx === undefined) return undefined;
    const keys = [...(idx.get(value) ?? [])].sort();
    return keys.map((k) => this.byKey.get(k)!);
  }

  private index(e: StoreElement): void {
    if (this.indexes.size === 0 || e.attrs === undefined) return;
    for (const [field, idx] of this.indexes) {
      const v = e.attrs.fields[field] ?? '';
      let keys = idx.get(v);
      if (keys === undefined) idx.set(v, (keys = new Set()));
      keys.add(e.key);
    }
  }

  private unindex(e: StoreElement): void {
    if (this.indexes.size === 0 || e.attrs === undefined) return;
    for (const [field, idx] of this.indexes) {
      const v = e.attrs.fields[field] ?? '';
      const keys = idx.get(v);
      if (keys === undefined) continue;
      keys.delete(e.key);
      if (keys.size === 0) idx.delete(v);
    }
  }
}
