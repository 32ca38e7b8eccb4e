// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/element.go (v4.6.0)
import { compareStrings, compareValues, equalValues, valueToString } from '../value/compare.ts';
import { compareFieldLists, equalFieldLists, sortFieldList, type Field, type FieldList } from '../value/fields.ts';
import { pathElementKey } from './serialize-pe.ts';
import type { Path, PathElement } from './path-element.ts';

export type { PathElement, Path } from './path-element.ts';

/** 0 field name, 1 key, 2 value, 3 index, 4 invalid (none set): also Go's order between kinds. */
function kindOf(pe: PathElement): number {
  if ('fieldName' in pe) return 0;
  if ('key' in pe) return 1;
  if ('value' in pe) return 2;
  if ('index' in pe) return 3;
  return 4;
}

/**
 * Go's `PathElement.Compare`: field names sort before keys, keys before values, values before
 * indexes (and an element with nothing set after all); within a kind, names by Go byte order,
 * keys by {@link compareFieldLists}, values by {@link compareValues}, indexes numerically.
 * Returns -1, 0 or 1.
 */
export function comparePathElements(a: PathElement, b: PathElement): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  switch (ka) {
    case 0:
      return compareStrings((a as { fieldName: string }).fieldName, (b as { fieldName: string }).fieldName);
    case 1:
      return compareFieldLists((a as { key: FieldList }).key, (b as { key: FieldList }).key);
    case 2:
      return compareValues((a as { value: unknown }).value, (b as { value: unknown }).value);
    case 3: {
      const ia = (a as { index: number }).index;
      const ib = (b as { index: number }).index;
      return ia < ib ? -1 : ia === ib ? 0 : 1;
    }
    default:
      return 0;
  }
}

/** The kind rank of a serialized element from its first character: f 0, k 1, v 2, i 3, else 4. */
function keyRank(c: number): number {
  return c === 0x66 ? 0 : c === 0x6b ? 1 : c === 0x76 ? 2 : c === 0x69 ? 3 : 4;
}

/**
 * {@link comparePathElements} for elements whose serialized forms (`pathElementKey`) are at hand:
 * the same order, decided from the keys where they suffice (kinds, field names, equality).
 */
export function comparePathElementsByKey(ka: string, a: PathElement, kb: string, b: PathElement): number {
  if (ka === kb) return 0;
  const ra = keyRank(ka.charCodeAt(0));
  const rb = keyRank(kb.charCodeAt(0));
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (ra === 0) return compareStrings(ka, kb);
  if (ra === 3) {
    const ia = (a as { index: number }).index;
    const ib = (b as { index: number }).index;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }
  return comparePathElements(a, b);
}

/** Go's `PathElement.Less`. */
export function lessPathElements(a: PathElement, b: PathElement): boolean {
  return comparePathElements(a, b) < 0;
}

/** Go's `PathElement.Equals` (the same as comparing their serialized forms). */
export function equalPathElements(a: PathElement, b: PathElement): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  switch (ka) {
    case 0:
      return (a as { fieldName: string }).fieldName === (b as { fieldName: string }).fieldName;
    case 1:
      return equalFieldLists((a as { key: FieldList }).key, (b as { key: FieldList }).key);
    case 2:
      return equalValues((a as { value: unknown }).value, (b as { value: unknown }).value);
    case 3:
      return (a as { index: number }).index === (b as { index: number }).index;
    default:
      return true;
  }
}

/**
 * Go's `PathElement.String()`: `.name`, `[k=v,k2=v2]` (values through {@link valueToString}),
 * `[=v]`, `[3]`, or `{{invalid path element}}`.
 */
export function pathElementToString(pe: PathElement): string {
  if ('fieldName' in pe) return `.${pe.fieldName}`;
  if ('key' in pe) {
    let out = '[';
    for (let i = 0; i < pe.key.length; i++) {
      const f = pe.key[i]!;
      out += `${i === 0 ? '' : ','}${f.name}=${valueToString(f.value)}`;
    }
    return `${out}]`;
  }
  if ('value' in pe) return `[=${valueToString(pe.value)}]`;
  if ('index' in pe) return `[${pe.index}]`;
  return '{{invalid path element}}';
}

/** Go's `Path.String()`: the elements' strings run together, e.g. `.spec.containers[name="c"].image`. */
export function pathToString(path: Path): string {
  let out = '';
  for (const pe of path) out += pathElementToString(pe);
  return out;
}

/**
 * Go's `KeyByFields`: the key of an associative list item from alternating names and values,
 * sorted by name. Meant for static construction: throws on an odd count or a non-string name.
 */
export function keyByFields(...nameValues: unknown[]): FieldList {
  if (nameValues.length % 2 !== 0) throw new Error('must have a value for every name');
  const out: Field[] = [];
  for (let i = 0; i < nameValues.length; i += 2) {
    const name = nameValues[i];
    if (typeof name !== 'string') throw new TypeError(`keyByFields: name at position ${i} is not a string`);
    out.push({ name, value: nameValues[i + 1] });
  }
  return sortFieldList(out);
}

/** The elements of a set in Go's order, with their keys. */
interface ElementOrder {
  readonly elements: readonly PathElement[];
  readonly keys: readonly string[];
}

interface ElementStore {
  readonly map: Map<string, PathElement>;
  sorted: ElementOrder | undefined;
}

/** The storage of every new set until its first insert (never written to). */
const emptyStore: ElementStore = { map: new Map(), sorted: undefined };

function orderOf(map: Map<string, PathElement>): ElementOrder {
  const entries = Array.from(map);
  if (entries.length > 1) entries.sort((x, y) => comparePathElementsByKey(x[0], x[1], y[0], y[1]));
  return { elements: entries.map((e) => e[1]), keys: entries.map((e) => e[0]) };
}

/**
 * Go's `fieldpath.PathElementSet`: a set of path elements. Elements are keyed by their serialized
 * form (O(1) `has`/`insert`); Go's order ({@link comparePathElements}) is computed when it is
 * observed (iteration, {@link PathElementSet.sorted}) and cached until the next insert.
 *
 * Set operations return new sets and may share storage with their operands copy-on-write, so
 * neither side sees the other's later inserts.
 */
export class PathElementSet implements Iterable<PathElement> {
  #store: ElementStore;
  #owned: boolean;

  /** An empty set, or one holding `elements`. */
  constructor(elements?: Iterable<PathElement>) {
    this.#store = emptyStore;
    this.#owned = false;
    if (elements) for (const pe of elements) this.insert(pe);
  }

  static #wrap(store: ElementStore): PathElementSet {
    const s = new PathElementSet();
    s.#store = store;
    return s;
  }

  static #fromMap(map: Map<string, PathElement>): PathElementSet {
    const s = new PathElementSet();
    s.#store = { map, sorted: undefined };
    s.#owned = true;
    return s;
  }

  /**
   * A set over `map` (serialized element → element, see `pathElementKey`), which it takes over:
   * for builders that fill the map themselves.
   */
  static fromKeyedMap(map: Map<string, PathElement>): PathElementSet {
    return PathElementSet.#fromMap(map);
  }

  /** A copy that shares storage until either side is written to. */
  clone(): PathElementSet {
    this.#owned = false;
    return PathElementSet.#wrap(this.#store);
  }

  #writable(): Map<string, PathElement> {
    if (!this.#owned) {
      this.#store = { map: new Map(this.#store.map), sorted: undefined };
      this.#owned = true;
    }
    return this.#store.map;
  }

  /** How many elements the set holds. */
  get size(): number {
    return this.#store.map.size;
  }

  /** Whether `pe` is in the set. */
  has(pe: PathElement): boolean {
    return this.#store.map.has(pathElementKey(pe));
  }

  /** Whether the element whose serialized form (see `pathElementKey`) is `key` is in the set. */
  hasKey(key: string): boolean {
    return this.#store.map.has(key);
  }

  /** Adds `pe` (no-op when an equal element is already there). */
  insert(pe: PathElement): void {
    this.insertKeyed(pathElementKey(pe), pe);
  }

  /** {@link PathElementSet.insert} of `pe` whose serialized form `key` is at hand. */
  insertKeyed(key: string, pe: PathElement): void {
    if (this.#store.map.has(key)) return;
    this.#writable().set(key, pe);
    this.#store.sorted = undefined;
  }

  /** The elements in either set. */
  union(other: PathElementSet): PathElementSet {
    if (other.size === 0 || other.#store === this.#store) return this.clone();
    if (this.size === 0) return other.clone();
    const [big, small] = this.size >= other.size ? [this, other] : [other, this];
    const map = new Map(big.#store.map);
    for (const [k, pe] of small.#store.map) if (!map.has(k)) map.set(k, pe);
    return PathElementSet.#fromMap(map);
  }

  /** The elements in both sets. */
  intersection(other: PathElementSet): PathElementSet {
    if (other.#store === this.#store) return this.clone();
    const map = new Map<string, PathElement>();
    const mine = this.#store.map;
    const theirs = other.#store.map;
    if (mine.size <= theirs.size) {
      for (const [k, pe] of mine) if (theirs.has(k)) map.set(k, pe);
    } else {
      for (const k of theirs.keys()) {
        const pe = mine.get(k);
        if (pe !== undefined) map.set(k, pe);
      }
    }
    return PathElementSet.#fromMap(map);
  }

  /** The elements of this set that are not in `other`. */
  difference(other: PathElementSet): PathElementSet {
    if (other.size === 0 || this.size === 0) return this.clone();
    if (other.#store === this.#store) return new PathElementSet();
    const mine = this.#store.map;
    const theirs = other.#store.map;
    // Count first: a difference that removes nothing or everything needs no new map.
    let common = 0;
    if (theirs.size < mine.size) {
      for (const k of theirs.keys()) if (mine.has(k)) common++;
    } else {
      for (const k of mine.keys()) if (theirs.has(k)) common++;
    }
    if (common === 0) return this.clone();
    if (common === mine.size) return new PathElementSet();
    const map = new Map<string, PathElement>();
    for (const k of mine.keys()) if (!theirs.has(k)) map.set(k, mine.get(k)!);
    return PathElementSet.#fromMap(map);
  }

  /** The elements for which `keep` returns true (`key` is the element's serialized form). */
  filter(keep: (pe: PathElement, key: string) => boolean): PathElementSet {
    const map = new Map<string, PathElement>();
    for (const [k, pe] of this.#store.map) if (keep(pe, k)) map.set(k, pe);
    return PathElementSet.#fromMap(map);
  }

  /** Whether both sets hold exactly the same elements. */
  equals(other: PathElementSet): boolean {
    const mine = this.#store.map;
    const theirs = other.#store.map;
    if (mine === theirs) return true;
    if (mine.size !== theirs.size) return false;
    for (const k of mine.keys()) if (!theirs.has(k)) return false;
    return true;
  }

  #order(): ElementOrder {
    const store = this.#store;
    return (store.sorted ??= orderOf(store.map));
  }

  /** The elements in Go's order. The array is shared: do not modify it. */
  sorted(): readonly PathElement[] {
    return this.#order().elements;
  }

  /** The serialized forms of {@link PathElementSet.sorted}'s elements, in the same order (shared). */
  sortedKeys(): readonly string[] {
    return this.#order().keys;
  }

  /** `[serialized form, element]` pairs in no particular order. */
  keyed(): IterableIterator<[string, PathElement]> {
    return this.#store.map.entries();
  }

  /** The serialized forms of the elements, in no particular order. */
  keys(): IterableIterator<string> {
    return this.#store.map.keys();
  }

  /** Go's `Iterate`: calls `fn` for each element, in Go's order. */
  iterate(fn: (pe: PathElement) => void): void {
    for (const pe of this.sorted()) fn(pe);
  }

  /** The elements, in Go's order. */
  [Symbol.iterator](): Iterator<PathElement> {
    return this.sorted()[Symbol.iterator]();
  }
}
