// Behaviour of k8s.io/apiserver/pkg/storage/cacher/store.go and store_btree.go (v1.33): the cached objects,
// ordered by key, with field indexes.
import type { KubeObject } from '@kapi/apimachinery';
import type { ObjectAttrs } from '@kapi/storage';
import sortedBtree from 'sorted-btree';

// sorted-btree is CommonJS: Node's ESM loader gives its exports object (the class under `default`);
// loaders with interop (vitest, tsx in CommonJS mode) give the class itself.
type BTreeClass = typeof sortedBtree.default;
const BTree: BTreeClass = typeof sortedBtree === 'function' ? (sortedBtree as BTreeClass) : sortedBtree.default;

/** One cached object under its storage key, with the attributes the cache computed for it. */
export interface StoreElement {
  readonly key: string;
  readonly object: KubeObject;
  /** Labels and fields from the cacher's getAttrs; undefined when the cacher has none. */
  readonly attrs: ObjectAttrs | undefined;
  /** Called when the store no longer holds it (replaced or deleted). */
  release?(): void;
}

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Objects keyed by storage key, in a B+ tree (kube's btree store): a write costs O(log n) and a prefix
 * is one contiguous range. Gets walk the tree too (~1 µs at a million keys): a hash map beside it
 * would cost 50–110 bytes per object. Each indexed field maps its values to keys (kube's
 * `f:<field>` indexers).
 */
export class CacheStore {
  private tree = new BTree<string, StoreElement>(undefined, compareKeys);
  private readonly indexes = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly indexedFields: readonly string[]) {
    for (const f of indexedFields) this.indexes.set(f, new Map());
  }

  get size(): number {
    return this.tree.size;
  }

  hasIndex(field: string): boolean {
    return this.indexes.has(field);
  }

  get(key: string): StoreElement | undefined {
    return this.tree.get(key);
  }

  /** Adds or replaces the element under its key. */
  put(elem: StoreElement): void {
    const prev = this.tree.get(elem.key);
    this.tree.set(elem.key, elem, true);
    if (prev !== undefined) {
      this.unindex(prev);
      prev.release?.();
    }
    this.index(elem);
  }

  delete(key: string): void {
    const prev = this.tree.get(key);
    if (prev === undefined) return;
    this.tree.delete(key);
    this.unindex(prev);
    prev.release?.();
  }

  /** Replaces everything (a relist). */
  replace(elems: readonly StoreElement[]): void {
    this.tree.forEachPair((_k, e) => e.release?.());
    for (const idx of this.indexes.values()) idx.clear();
    // In key order (a store lists in key order already); stable: a later element under the same
    // key replaces an earlier one, as put does.
    let ordered = true;
    for (let j = 1; j < elems.length && ordered; j++) ordered = elems[j - 1]!.key < elems[j]!.key;
    const sorted = ordered ? elems : elems.map((e, i) => ({ e, i })).sort((a, b) => compareKeys(a.e.key, b.e.key) || a.i - b.i).map((x) => x.e);
    // Inserting in key order fills the tree's leaves left to right.
    const tree = new BTree<string, StoreElement>(undefined, compareKeys);
    for (let j = 0; j < sorted.length; j++) {
      const e = sorted[j]!;
      if (j + 1 < sorted.length && sorted[j + 1]!.key === e.key) {
        e.release?.();
        continue;
      }
      tree.set(e.key, e, true);
      this.index(e);
    }
    this.tree = tree;
  }

  /** The keys, in order (a copy). */
  keys(): string[] {
    return this.tree.keysArray();
  }

  /** The elements under `prefix` from `fromKey` on, in key order. */
  listPrefix(prefix: string, fromKey?: string): StoreElement[] {
    const out: StoreElement[] = [];
    const low = fromKey !== undefined && fromKey > prefix ? fromKey : prefix;
    const push = (_k: string, e: StoreElement): void => {
      out.push(e);
    };
    if (prefix !== '') {
      // Every key starting with prefix sorts below prefix + U+FFFF.
      this.tree.forRange(low, `${prefix}\uffff`, false, push);
    } else {
      const high = this.tree.maxKey();
      if (high !== undefined) this.tree.forRange(low, high, true, push);
    }
    return out;
  }

  /**
   * Visits the elements under `prefix` from `fromKey` on, in key order, until `visit` returns true:
   * a page of a large list reads only the elements up to its limit, not every one.
   */
  scanPrefix(prefix: string, fromKey: string | undefined, visit: (e: StoreElement) => boolean): void {
    const low = fromKey !== undefined && fromKey > prefix ? fromKey : prefix;
    const onFound = (_k: string, e: StoreElement): { break: true } | void => (visit(e) ? { break: true } : undefined);
    if (prefix !== '') {
      this.tree.forRange(low, `${prefix}\uffff`, false, onFound as (k: string, v: StoreElement) => void);
    } else {
      const high = this.tree.maxKey();
      if (high !== undefined) this.tree.forRange(low, high, true, onFound as (k: string, v: StoreElement) => void);
    }
  }

  /** The number of elements under `prefix` from `fromKey` on (a walk of the range, without copying it). */
  countPrefix(prefix: string, fromKey?: string): number {
    const low = fromKey !== undefined && fromKey > prefix ? fromKey : prefix;
    if (prefix !== '') return this.tree.forRange(low, `${prefix}\uffff`, false);
    const high = this.tree.maxKey();
    return high === undefined ? 0 : this.tree.forRange(low, high, true);
  }

  /** Every element, in key order. */
  list(): StoreElement[] {
    return this.tree.valuesArray();
  }

  /** The elements whose indexed `field` has `value`, in key order; undefined when the field has no index. */
  byIndex(field: string, value: string): StoreElement[] | undefined {
    const idx = this.indexes.get(field);
    if (idx === undefined) return undefined;
    const keys = [...(idx.get(value) ?? [])].sort();
    return keys.map((k) => this.tree.get(k)!);
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
