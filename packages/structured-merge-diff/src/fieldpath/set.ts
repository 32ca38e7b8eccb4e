// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/set.go (v4.6.0)
import { emptyTypeRef, findField, type Atom, type Schema, type TypeRef } from '../schema/elements.ts';
import { comparePathElementsByKey, PathElementSet, pathToString, type Path, type PathElement } from './element.ts';
import { pathElementKey } from './serialize-pe.ts';
import type { SetMatcher } from './set-matcher.ts';

export {
  comparePathElementMatchers,
  makePrefixMatcherOrDie,
  matchAnyPathElement,
  matchAnySet,
  newSetMatcher,
  prefixMatcher,
  SetMatcher,
  type PathElementMatcher,
  type PrefixMatcherPart,
  type SetMemberMatcher,
} from './set-matcher.ts';

/**
 * A set of fields, as a tree (Go `fieldpath.Set`). `members` are the elements of this level that
 * are in the set; `children` the subsets below elements of this level — a child does not make its
 * element a member. Only paths of at least one element can be members.
 *
 * Members and children are keyed by serialized path element (O(1) `has`, `insert`, `get`); Go's
 * order is produced only where it shows (iteration, `toString`, serialization). The set operations
 * return new sets that share unchanged subtrees with their operands, as Go's do: do not insert into
 * a result and expect the operands unchanged below the top level.
 */
export class FieldSet {
  /** The elements of this level that are in the set. */
  readonly members: PathElementSet;
  /** The subsets below elements of this level. */
  readonly children: SetNodeMap;

  /** A set with the given members and children (empty by default). */
  constructor(members: PathElementSet = new PathElementSet(), children: SetNodeMap = new SetNodeMap()) {
    this.members = members;
    this.children = children;
  }

  /**
   * A set over `members` and `children` maps keyed by serialized path element (see
   * `pathElementKey`), which it takes over: for builders that fill the maps themselves.
   */
  static fromKeyedMaps(members?: Map<string, PathElement>, children?: Map<string, SetNode>): FieldSet {
    return new FieldSet(
      members === undefined ? new PathElementSet() : PathElementSet.fromKeyedMap(members),
      children === undefined ? new SetNodeMap() : SetNodeMap.fromKeyedMap(children),
    );
  }

  /** Go's `NewSet`: a set holding `paths`. */
  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  /**
   * Adds the field at `path`. Its parents are not added; the empty path (the whole object) is
   * never a member and is ignored.
   */
  insert(path: Path): void {
    const n = path.length;
    if (n === 0) return;
    let members = this.members;
    let children = this.children;
    for (let i = 0; i < n - 1; i++) {
      const s = children.descend(path[i]!);
      members = s.members;
      children = s.children;
    }
    members.insert(path[n - 1]!);
  }

  /** Whether the field at `path` is a member (never for the empty path). */
  has(path: Path): boolean {
    const n = path.length;
    if (n === 0) return false;
    let members = this.members;
    let children = this.children;
    for (let i = 0; i < n - 1; i++) {
      const s = children.get(path[i]!);
      if (s === undefined) return false;
      members = s.members;
      children = s.children;
    }
    return members.has(path[n - 1]!);
  }

  /** Whether the set has no member at any depth. */
  empty(): boolean {
    return this.members.size === 0 && this.children.empty();
  }

  /** The number of members at all depths. */
  size(): number {
    return this.members.size + this.children.size();
  }

  /** Whether both sets have the same members and the same tree of children. */
  equals(other: FieldSet): boolean {
    return this === other || (this.members.equals(other.members) && this.children.equals(other.children));
  }

  /** The fields in either set. */
  union(other: FieldSet): FieldSet {
    return new FieldSet(this.members.union(other.members), this.children.union(other.children));
  }

  /** The fields in both sets (children left empty are dropped). */
  intersection(other: FieldSet): FieldSet {
    return new FieldSet(this.members.intersection(other.members), this.children.intersection(other.children));
  }

  /**
   * The fields of this set not in `other`, leaf by leaf: removing a child keeps its parent, and
   * removing a parent keeps its children.
   */
  difference(other: FieldSet): FieldSet {
    return this.#topLevel(this.#difference(other, false));
  }

  /**
   * Like {@link FieldSet.difference}, but a member of `other` also removes everything below it:
   * `{a.b.c} - {a.b}` is `{}` here (and `{a.b.c}` with `difference`).
   */
  recursiveDifference(other: FieldSet): FieldSet {
    return this.#topLevel(this.#difference(other, true));
  }

  /** A result of the sharing walks as a result of an operation: its top level is always new. */
  #topLevel(out: FieldSet | undefined): FieldSet {
    if (out === undefined) return new FieldSet();
    return out === this ? new FieldSet(this.members.clone(), this.children.clone()) : out;
  }

  /**
   * {@link FieldSet.difference} (or `recursiveDifference`), but `undefined` when empty and this
   * very set when nothing is removed: most subsets of a difference are one or the other, and
   * need no new maps.
   */
  #difference(other: FieldSet, recursive: boolean): FieldSet | undefined {
    if (other === this) return undefined;
    const members = this.members.difference(other.members);
    const children = this.children;
    const theirs = other.children;
    const theirMembers = recursive ? other.members : undefined;
    let nodes: Map<string, SetNode> | undefined;
    if (theirs.nodeCount !== 0 || (theirMembers !== undefined && theirMembers.size !== 0)) {
      let i = 0;
      for (const k of children.keys()) {
        const node = children.nodeByKey(k)!;
        let out: FieldSet | undefined = node.set;
        if (theirMembers?.hasKey(k)) out = undefined;
        else {
          const o = theirs.getByKey(k);
          if (o !== undefined) {
            out = node.set.#difference(o, recursive);
            // Subsets left without members at any depth are dropped (Go's `Empty`).
            if (out?.empty()) out = undefined;
          }
        }
        if (nodes === undefined && out !== node.set) nodes = copyFirst(children, i);
        if (nodes !== undefined && out !== undefined) nodes.set(k, out === node.set ? node : { pathElement: node.pathElement, set: out });
        i++;
      }
    }
    if (nodes === undefined && members.size === this.members.size) return this;
    if (members.size === 0 && (nodes === undefined ? children.nodeCount === 0 : nodes.size === 0)) return undefined;
    return new FieldSet(members, nodes === undefined ? children.clone() : SetNodeMap.fromKeyedMap(nodes));
  }

  /**
   * Go's `EnsureNamedFieldsAreMembers`: this set plus every element above a member that is a
   * named field (a struct field of the map type `typeRef` resolves to at that level) — `a` for
   * `a.b.c` when `a` is a struct field, but not `a.b` when `a` is a map with free-form keys.
   * With `memo`, results are shared between the calls that use it (see {@link EnsureNamedMemo}).
   */
  ensureNamedFieldsAreMembers(schema: Schema, typeRef: TypeRef, memo?: EnsureNamedMemo): FieldSet {
    const out = this.#ensureNamed(schema, typeRef, memo);
    // The top level is always new, as for the other operations.
    return out === this ? new FieldSet(this.members.clone(), this.children.clone()) : out;
  }

  /** {@link FieldSet.ensureNamedFieldsAreMembers}, sharing (and returning) every subset it leaves unchanged. */
  #ensureNamed(schema: Schema, typeRef: TypeRef, memo: EnsureNamedMemo | undefined): FieldSet {
    const children = this.children;
    if (children.nodeCount === 0) return this;
    const hit = memo?.get(this);
    if (hit !== undefined && hit.typeRef === typeRef) return hit.out;
    const out = this.#ensureNamedWalk(schema, typeRef, memo);
    memo?.set(this, { typeRef, out });
    return out;
  }

  #ensureNamedWalk(schema: Schema, typeRef: TypeRef, memo: EnsureNamedMemo | undefined): FieldSet {
    const children = this.children;
    const atom = schema.resolve(typeRef);
    const map = atom?.map;
    let members: PathElementSet | undefined;
    let nodes: Map<string, SetNode> | undefined;
    let i = 0;
    for (const k of children.keys()) {
      const node = children.nodeByKey(k)!;
      const pe = node.pathElement;
      if (map !== undefined && 'fieldName' in pe && !this.members.hasKey(k) && findField(map, pe.fieldName) !== undefined) {
        (members ??= this.members.clone()).insertKeyed(k, pe);
      }
      const set = node.set.#ensureNamed(schema, childTypeRef(atom, pe), memo);
      if (nodes === undefined && set !== node.set) nodes = copyFirst(children, i);
      if (nodes !== undefined) nodes.set(k, set === node.set ? node : { pathElement: pe, set });
      i++;
    }
    if (members === undefined && nodes === undefined) return this;
    return new FieldSet(members ?? this.members.clone(), nodes === undefined ? children.clone() : SetNodeMap.fromKeyedMap(nodes));
  }

  /** Only the paths matching `pattern` (this very set when the pattern is a wildcard). */
  filterIncludeMatches(pattern: SetMatcher): FieldSet {
    if (pattern.wildcard) return this;
    const matchers = pattern.members;
    const members = this.members.filter((_pe, key) => {
      for (const pm of matchers) if (pm.path.wildcard || matcherKey(pm.path.pathElement) === key) return true;
      return false;
    });
    return new FieldSet(members, this.children.filterIncludeMatches(pattern));
  }

  /** The members that are leaves: members that also have children are left out, at every depth. */
  leaves(): FieldSet {
    const children = this.children;
    const members = children.nodeCount === 0 ? this.members.clone() : this.members.filter((_pe, key) => !children.hasKey(key));
    return new FieldSet(members, children.leaves());
  }

  /** Go's `WithPrefix`: the subset below `pe` (without `pe`), or an empty set. */
  withPrefix(pe: PathElement): FieldSet {
    return this.children.get(pe) ?? new FieldSet();
  }

  /**
   * Go's `Iterate`: calls `fn` with every member's path, depth first — a level's members (in Go's
   * order), then its children. Each call gets a new array.
   */
  iterate(fn: (path: Path) => void): void {
    this.#iteratePrefix([], fn);
  }

  #iteratePrefix(prefix: readonly PathElement[], fn: (path: Path) => void): void {
    for (const pe of this.members.sorted()) fn([...prefix, pe]);
    for (const node of this.children.sorted()) node.set.#iteratePrefix([...prefix, node.pathElement], fn);
  }

  /** Every member's path, in {@link FieldSet.iterate}'s order. */
  *paths(): Generator<Path, void, undefined> {
    for (const pe of this.members.sorted()) yield [pe];
    for (const node of this.children.sorted()) {
      for (const p of node.set.paths()) yield [node.pathElement, ...p];
    }
  }

  /** Go's `String()`: one path per line, in iteration order. */
  toString(): string {
    const lines: string[] = [];
    this.iterate((p) => lines.push(pathToString(p)));
    return lines.join('\n');
  }
}

/**
 * Results of `ensureNamedFieldsAreMembers` by the set they were computed from (and its type), for
 * sets that share subsets: a shared subset is then ensured once, and its result shared.
 */
export type EnsureNamedMemo = Map<FieldSet, { readonly typeRef: TypeRef; readonly out: FieldSet }>;

const invalidElement = {} as PathElement;

/** A new map holding the first `n` nodes of `m` (those a walk left unchanged before its first change). */
function copyFirst(m: SetNodeMap, n: number): Map<string, SetNode> {
  const out = new Map<string, SetNode>();
  if (n === 0) return out;
  for (const k of m.keys()) {
    out.set(k, m.nodeByKey(k)!);
    if (out.size === n) break;
  }
  return out;
}

/** The type of the subset below `pe` in a set of type `atom` (Go's `EnsureNamedFieldsAreMembers`). */
function childTypeRef(atom: Atom | undefined, pe: PathElement): TypeRef {
  if ('fieldName' in pe && atom?.map !== undefined) {
    return findField(atom.map, pe.fieldName)?.type ?? atom.map.elementType ?? emptyTypeRef;
  }
  if ('key' in pe && atom?.list !== undefined) return atom.list.elementType;
  return emptyTypeRef;
}

function matcherKey(pe: PathElement | undefined): string {
  return pathElementKey(pe ?? invalidElement);
}

/** An element of a {@link SetNodeMap}: a path element and the subset below it. */
export interface SetNode {
  readonly pathElement: PathElement;
  readonly set: FieldSet;
}

/** The nodes of a map in Go's order, with their keys. */
interface NodeOrder {
  readonly nodes: readonly SetNode[];
  readonly keys: readonly string[];
}

interface NodeStore {
  readonly map: Map<string, SetNode>;
  sorted: NodeOrder | undefined;
}

/** The storage of every new map until its first write (never written to). */
const emptyNodes: NodeStore = { map: new Map(), sorted: undefined };

function orderOf(map: Map<string, SetNode>): NodeOrder {
  const entries = Array.from(map);
  if (entries.length > 1) entries.sort((x, y) => comparePathElementsByKey(x[0], x[1].pathElement, y[0], y[1].pathElement));
  return { nodes: entries.map((e) => e[1]), keys: entries.map((e) => e[0]) };
}

/**
 * Go's `fieldpath.SetNodeMap`: path element → subset, keyed by serialized path element. Iterates
 * `[pathElement, set]` pairs in Go's order. Operations share storage with their operands
 * copy-on-write (and share the subsets themselves, as Go does).
 */
export class SetNodeMap implements Iterable<[PathElement, FieldSet]> {
  #store: NodeStore = emptyNodes;
  #owned = false;

  static #fromMap(map: Map<string, SetNode>): SetNodeMap {
    const s = new SetNodeMap();
    s.#store = { map, sorted: undefined };
    s.#owned = true;
    return s;
  }

  /** A map over `map` (serialized element → node), which it takes over: for builders. */
  static fromKeyedMap(map: Map<string, SetNode>): SetNodeMap {
    return SetNodeMap.#fromMap(map);
  }

  /** A copy that shares storage (and the subsets) until either side is written to. */
  clone(): SetNodeMap {
    return this.#share();
  }

  #share(): SetNodeMap {
    const s = new SetNodeMap();
    s.#store = this.#store;
    this.#owned = false;
    return s;
  }

  #writable(): Map<string, SetNode> {
    if (!this.#owned) {
      this.#store = { map: new Map(this.#store.map), sorted: undefined };
      this.#owned = true;
    }
    this.#store.sorted = undefined;
    return this.#store.map;
  }

  /** Go's `Descend`: the subset below `pe`, created empty when there is none. */
  descend(pe: PathElement): FieldSet {
    return this.descendKeyed(pathElementKey(pe), pe);
  }

  /** {@link SetNodeMap.descend} for `pe` whose serialized form `key` is at hand. */
  descendKeyed(key: string, pe: PathElement): FieldSet {
    const node = this.#store.map.get(key);
    if (node !== undefined) return node.set;
    const set = new FieldSet();
    this.#writable().set(key, { pathElement: pe, set });
    return set;
  }

  /** The node of the element whose serialized form is `key`, or `undefined`. */
  nodeByKey(key: string): SetNode | undefined {
    return this.#store.map.get(key);
  }

  /** The serialized forms of the elements, in no particular order. */
  keys(): IterableIterator<string> {
    return this.#store.map.keys();
  }

  /** Go's `Get`: the subset below `pe`, or `undefined`. */
  get(pe: PathElement): FieldSet | undefined {
    return this.#store.map.get(pathElementKey(pe))?.set;
  }

  /** The subset below the element whose serialized form is `key`, or `undefined`. */
  getByKey(key: string): FieldSet | undefined {
    return this.#store.map.get(key)?.set;
  }

  /** Whether there is a subset below `pe`. */
  has(pe: PathElement): boolean {
    return this.#store.map.has(pathElementKey(pe));
  }

  /** Whether there is a subset below the element whose serialized form is `key`. */
  hasKey(key: string): boolean {
    return this.#store.map.has(key);
  }

  /** Makes `set` the subset below `pe`, replacing any. */
  set(pe: PathElement, set: FieldSet): void {
    this.setKeyed(pathElementKey(pe), pe, set);
  }

  /** {@link SetNodeMap.set} for `pe` whose serialized form `key` is at hand. */
  setKeyed(key: string, pe: PathElement, set: FieldSet): void {
    this.#writable().set(key, { pathElement: pe, set });
  }

  /** How many elements have a subset (Go's `len(members)`; see {@link SetNodeMap.size}). */
  get nodeCount(): number {
    return this.#store.map.size;
  }

  /** Go's `Size`: the number of members of all subsets. */
  size(): number {
    let n = 0;
    for (const node of this.#store.map.values()) n += node.set.size();
    return n;
  }

  /** Whether no subset has a member. */
  empty(): boolean {
    for (const node of this.#store.map.values()) if (!node.set.empty()) return false;
    return true;
  }

  /** Whether both maps have the same elements with equal subsets. */
  equals(other: SetNodeMap): boolean {
    const mine = this.#store.map;
    const theirs = other.#store.map;
    if (mine === theirs) return true;
    if (mine.size !== theirs.size) return false;
    for (const [k, node] of mine) {
      const o = theirs.get(k);
      if (o === undefined || !node.set.equals(o.set)) return false;
    }
    return true;
  }

  /** Go's `Union`: elements of either map; subsets present in both are united. */
  union(other: SetNodeMap): SetNodeMap {
    const theirs = other.#store.map;
    const mine = this.#store.map;
    if (theirs.size === 0 || theirs === mine) return this.#share();
    if (mine.size === 0) return other.#share();
    const map = new Map(mine);
    for (const [k, node] of theirs) {
      const m = mine.get(k);
      if (m === undefined) map.set(k, node);
      // A subset shared by both sides is its own union.
      else if (m.set !== node.set) map.set(k, { pathElement: m.pathElement, set: m.set.union(node.set) });
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `Intersection`: elements of both maps with the intersection of their subsets, if not empty. */
  intersection(other: SetNodeMap): SetNodeMap {
    const mine = this.#store.map;
    const theirs = other.#store.map;
    if (mine === theirs) return this.#share();
    const map = new Map<string, SetNode>();
    const [small, big] = mine.size <= theirs.size ? [mine, theirs] : [theirs, mine];
    for (const k of small.keys()) {
      const o = big.get(k);
      if (o === undefined) continue;
      const m = mine.get(k)!;
      const t = theirs.get(k)!;
      if (m.set === t.set) {
        if (!m.set.empty()) map.set(k, m);
        continue;
      }
      const res = m.set.intersection(t.set);
      if (!res.empty()) map.set(k, { pathElement: m.pathElement, set: res });
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `Difference`: subsets minus `other`'s subsets at the same elements (empty results dropped). */
  difference(other: FieldSet): SetNodeMap {
    const theirs = other.children.#store.map;
    if (theirs.size === 0) return this.#share();
    const map = new Map<string, SetNode>();
    for (const [k, node] of this.#store.map) {
      const o = theirs.get(k);
      if (o === undefined) map.set(k, node);
      else if (o.set !== node.set) {
        const diff = node.set.difference(o.set);
        if (!diff.empty()) map.set(k, { pathElement: node.pathElement, set: diff });
      }
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `RecursiveDifference`: also drops the subsets below `other`'s members. */
  recursiveDifference(other: FieldSet): SetNodeMap {
    const theirs = other.children.#store.map;
    const theirMembers = other.members;
    if (theirs.size === 0 && theirMembers.size === 0) return this.#share();
    const map = new Map<string, SetNode>();
    for (const [k, node] of this.#store.map) {
      if (theirMembers.hasKey(k)) continue;
      const o = theirs.get(k);
      if (o === undefined) map.set(k, node);
      else if (o.set !== node.set) {
        const diff = node.set.recursiveDifference(o.set);
        if (!diff.empty()) map.set(k, { pathElement: node.pathElement, set: diff });
      }
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `EnsureNamedFieldsAreMembers` applied to every subset with its element's type. */
  ensureNamedFieldsAreMembers(schema: Schema, typeRef: TypeRef): SetNodeMap {
    const atom = schema.resolve(typeRef);
    const map = new Map<string, SetNode>();
    for (const [k, node] of this.#store.map) {
      const pe = node.pathElement;
      map.set(k, { pathElement: pe, set: node.set.ensureNamedFieldsAreMembers(schema, childTypeRef(atom, pe)) });
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `FilterIncludeMatches`: the subsets whose element matches, each filtered by the matching child matcher. */
  filterIncludeMatches(pattern: SetMatcher): SetNodeMap {
    if (pattern.wildcard) return this;
    const map = new Map<string, SetNode>();
    for (const [k, node] of this.#store.map) {
      for (const pm of pattern.members) {
        if (pm.path.wildcard || matcherKey(pm.path.pathElement) === k) {
          const child = node.set.filterIncludeMatches(pm.child);
          if (child.size() > 0) map.set(k, { pathElement: node.pathElement, set: child });
          break;
        }
      }
    }
    return SetNodeMap.#fromMap(map);
  }

  /** Go's `Leaves`: every subset replaced by its leaves. */
  leaves(): SetNodeMap {
    const map = new Map<string, SetNode>();
    for (const [k, node] of this.#store.map) map.set(k, { pathElement: node.pathElement, set: node.set.leaves() });
    return SetNodeMap.#fromMap(map);
  }

  #order(): NodeOrder {
    const store = this.#store;
    return (store.sorted ??= orderOf(store.map));
  }

  /** The nodes in Go's order. The array is shared: do not modify it. */
  sorted(): readonly SetNode[] {
    return this.#order().nodes;
  }

  /** The serialized forms of {@link SetNodeMap.sorted}'s elements, in the same order (shared). */
  sortedKeys(): readonly string[] {
    return this.#order().keys;
  }

  /** The nodes in no particular order (cheaper than {@link SetNodeMap.sorted}). */
  nodes(): IterableIterator<SetNode> {
    return this.#store.map.values();
  }

  /** `[serialized element, node]` pairs in no particular order. */
  keyedNodes(): IterableIterator<[string, SetNode]> {
    return this.#store.map.entries();
  }

  /** Go's `Iterate`: calls `fn` with each element, in Go's order. */
  iterate(fn: (pe: PathElement) => void): void {
    for (const node of this.sorted()) fn(node.pathElement);
  }

  /** `[pathElement, set]` pairs in Go's order. */
  *[Symbol.iterator](): Iterator<[PathElement, FieldSet]> {
    for (const node of this.sorted()) yield [node.pathElement, node.set];
  }
}
