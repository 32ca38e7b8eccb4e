// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/compare.go (v4.6.0)
/**
 * The field-level difference of two values of one type. Leaves (scalars, atomic and empty
 * containers) are compared as wholes; other containers item by item. Items repeated in an
 * associative list are compared as one atomic group.
 */
import type { PathElement } from '../fieldpath/element.ts';
import { pathElementToString } from '../fieldpath/element.ts';
import { fieldNameElement, type KeyedPathElement } from '../fieldpath/serialize-pe.ts';
import { FieldSet } from '../fieldpath/set.ts';
import type { Filter } from '../fieldpath/set-filter.ts';
import type { Atom, ListType, MapType, Scalar, Schema, TypeRef } from '../schema/elements.ts';
import { emptyTypeRef, findField } from '../schema/elements.ts';
import { equalValues } from '../value/compare.ts';
import {
  deduceMembers,
  errorAt,
  handledMember,
  invalidAtomError,
  isEmptyMap,
  listValue,
  mapValue,
  noTypeFoundError,
  prefixErrors,
  type AtomMember,
  type ValidationError,
} from './helpers.ts';
import { listItemElement } from './list-item.ts';
import { validateScalar } from './validate.ts';

/**
 * The result of {@link TypedValue.compare} (Go `typed.Comparison`). No field is in more than one
 * of the three sets; all three are empty iff the objects are equal.
 */
export class Comparison {
  /** Fields the right-hand object removed. */
  removed: FieldSet;
  /** Fields present in both objects with different values. */
  modified: FieldSet;
  /** Fields the right-hand object added. */
  added: FieldSet;

  /** A comparison of the given sets (empty sets for those not given). */
  constructor(sets: { removed?: FieldSet; modified?: FieldSet; added?: FieldSet } = {}) {
    this.removed = sets.removed ?? FieldSet.of();
    this.modified = sets.modified ?? FieldSet.of();
    this.added = sets.added ?? FieldSet.of();
  }

  /** Whether nothing changed (Go `IsSame`). */
  isSame(): boolean {
    return this.removed.empty() && this.modified.empty() && this.added.empty();
  }

  /** Go's `String()`: the non-empty sets under `- Modified Fields:`, `- Added Fields:`, `- Removed Fields:`. */
  toString(): string {
    let out = '';
    if (!this.modified.empty()) out += `- Modified Fields:\n${this.modified.toString()}\n`;
    if (!this.added.empty()) out += `- Added Fields:\n${this.added.toString()}\n`;
    if (!this.removed.empty()) out += `- Removed Fields:\n${this.removed.toString()}\n`;
    return out;
  }

  /**
   * Removes `fields` and everything below them from the three sets (Go `ExcludeFields`);
   * mutates and returns this comparison. No-op for an absent or empty set.
   */
  excludeFields(fields: FieldSet | null | undefined): Comparison {
    if (fields === null || fields === undefined || fields.empty()) return this;
    this.removed = this.removed.recursiveDifference(fields);
    this.modified = this.modified.recursiveDifference(fields);
    this.added = this.added.recursiveDifference(fields);
    return this;
  }

  /** Applies `filter` to the three sets (Go `FilterFields`); mutates and returns this comparison. */
  filterFields(filter: Filter | null | undefined): Comparison {
    if (filter === null || filter === undefined) return this;
    this.removed = filter.filter(this.removed);
    this.modified = filter.filter(this.modified);
    this.added = filter.filter(this.added);
    return this;
  }
}

/**
 * Compares `lhs` and `rhs` of type `tr` into `comparison` (Go `TypedValue.Compare`); returns
 * the validation errors met.
 */
export function compareValuesWithSchema(
  schema: Schema,
  tr: TypeRef,
  lhs: unknown,
  rhs: unknown,
  comparison: Comparison,
): ValidationError[] {
  const errs: ValidationError[] = [];
  new CompareWalker(schema, comparison, errs).compare(tr, lhs, rhs);
  return errs;
}

/**
 * The items of both sides under one key: `l` and `r` the first of each side, `ln` and `rn` how
 * many, and all of them in `dl` / `dr` once there are two (duplicates are rare).
 */
interface ItemPair {
  readonly pe: PathElement;
  readonly key: string;
  l: unknown;
  r: unknown;
  ln: number;
  rn: number;
  dl: unknown[] | undefined;
  dr: unknown[] | undefined;
}

/** Adds the field at `path` + `last` to `set`, with `keys` the serialized forms of `path`. */
function insertAt(set: FieldSet, keys: readonly string[], path: readonly PathElement[], last: KeyedPathElement | undefined): void {
  let n = path.length;
  if (last === undefined) {
    // The root path is not tracked.
    if (n === 0) return;
    n--;
  }
  let s = set;
  for (let i = 0; i < n; i++) s = s.children.descendKeyed(keys[i]!, path[i]!);
  if (last !== undefined) s.members.insertKeyed(last.key, last.pe);
  else s.members.insertKeyed(keys[n]!, path[n]!);
}

// `undefined` is an absent side (Go's nil Value); `null` is a JSON null.
class CompareWalker {
  readonly path: PathElement[] = [];
  // The serialized forms of `path`'s elements.
  readonly keys: string[] = [];

  constructor(
    readonly schema: Schema,
    readonly cmp: Comparison,
    readonly errs: ValidationError[],
  ) {}

  /**
   * Compares the node at the current path. Its errors are prefixed with the last path element —
   * but not the early ones (no side, unresolvable type), which Go returns without its prefix.
   */
  compare(tr: TypeRef, lhs: unknown, rhs: unknown): void {
    if (lhs === undefined && rhs === undefined) {
      this.errs.push(errorAt('at least one of lhs and rhs must be provided'));
      return;
    }
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      this.errs.push(noTypeFoundError(tr));
      return;
    }
    const before = this.errs.length;
    const ml = deduceMembers(a, lhs);
    const mr = deduceMembers(a, rhs);
    let inLeaf: boolean;
    if (rhs === undefined) {
      inLeaf = this.#handle(handledMember(ml), a, tr, lhs, rhs);
    } else if (lhs === undefined || ml === mr) {
      inLeaf = this.#handle(handledMember(mr), a, tr, lhs, rhs);
    } else {
      // The sides are of different kinds: walk each as its own kind, into the same comparison.
      this.#handle(handledMember(ml), a, tr, lhs, rhs);
      inLeaf = this.#handle(handledMember(mr), a, tr, lhs, rhs);
    }
    if (!inLeaf) {
      if (lhs === undefined) this.#insert(this.cmp.added);
      else if (rhs === undefined) this.#insert(this.cmp.removed);
    }
    const depth = this.path.length;
    if (depth !== 0 && this.errs.length > before) prefixErrors(this.errs, before, pathElementToString(this.path[depth - 1]!));
  }

  /** Handles the value as `member` of atom `a`; returns whether it was a leaf. */
  #handle(
    member: AtomMember | undefined,
    a: Atom,
    tr: TypeRef,
    lhs: unknown,
    rhs: unknown,
  ): boolean {
    switch (member) {
      case 'map':
        return this.#doMap(a.map!, lhs, rhs);
      case 'scalar':
        return this.#doScalar(a.scalar!, lhs, rhs);
      case 'list':
        return this.#doList(a.list!, lhs, rhs);
      default:
        this.errs.push(invalidAtomError(tr));
        return false;
    }
  }

  #insert(set: FieldSet, last?: KeyedPathElement): void {
    insertAt(set, this.keys, this.path, last);
  }

  #doLeaf(lhs: unknown, rhs: unknown): true {
    if (lhs === undefined) this.#insert(this.cmp.added);
    else if (rhs === undefined) this.#insert(this.cmp.removed);
    else if (!equalValues(rhs, lhs)) this.#insert(this.cmp.modified);
    return true;
  }

  #doScalar(t: Scalar, lhs: unknown, rhs: unknown): boolean {
    // At least one side must be a valid scalar.
    const lerr = validateScalar(t, lhs, 'lhs: ');
    const rerr = validateScalar(t, rhs, 'rhs: ');
    if (lerr !== undefined && rerr !== undefined) {
      this.errs.push(lerr, rerr);
      return false;
    }
    return this.#doLeaf(lhs, rhs);
  }

  #doList(t: ListType, lhs: unknown, rhs: unknown): boolean {
    // A side that is not a list counts as absent here.
    const l = lhs === undefined ? null : (listValue(lhs) ?? null);
    const r = rhs === undefined ? null : (listValue(rhs) ?? null);
    // Both empty or null: a leaf, which keeps the empty / null distinction.
    if (t.elementRelationship === 'atomic' || ((l === null || l.length === 0) && (r === null || r.length === 0))) {
      return this.#doLeaf(lhs, rhs);
    }
    if (l === null && r === null) return false;
    this.#visitListItems(t, l ?? [], r ?? []);
    return false;
  }

  #indexItems(t: ListType, list: unknown[], into: Map<string, ItemPair>, left: boolean): void {
    for (let i = 0; i < list.length; i++) {
      const child = list[i];
      const e = listItemElement(this.schema, t, child);
      if (typeof e === 'string') {
        // Nothing deeper can be reported without a path element.
        this.errs.push(errorAt(`element ${i}: ${e}`));
        continue;
      }
      let p = into.get(e.key);
      if (p === undefined) {
        p = { pe: e.pe, key: e.key, l: undefined, r: undefined, ln: 0, rn: 0, dl: undefined, dr: undefined };
        into.set(e.key, p);
      }
      if (left) {
        if (p.ln === 0) p.l = child;
        else (p.dl ??= [p.l]).push(child);
        p.ln++;
      } else {
        if (p.rn === 0) p.r = child;
        else (p.dr ??= [p.r]).push(child);
        p.rn++;
      }
    }
  }

  #visitListItems(t: ListType, lhs: unknown[], rhs: unknown[]): void {
    // Every item key of both sides once, lhs order first; duplicates grouped.
    const items = new Map<string, ItemPair>();
    this.#indexItems(t, lhs, items, true);
    this.#indexItems(t, rhs, items, false);
    for (const p of items.values()) {
      if (p.ln <= 1 && p.rn <= 1) {
        // The normal case: one item each side at most, compared one to one.
        this.#compareListItem(t, p, p.l, p.r);
      } else if (p.ln >= 2 && p.rn >= 2) {
        // Duplicates before and after: compared as an atomic group.
        if (!listsEqual(p.dl!, p.dr!)) this.#insert(this.cmp.modified, p);
      } else if (p.ln >= 2) {
        // No longer duplicated: the remaining item is new, the duplicate group is removed.
        if (p.rn !== 0) this.#compareListItem(t, p, undefined, p.r);
        this.#insert(this.cmp.removed, p);
      } else {
        // Newly duplicated: the former item is removed, the duplicate group is added.
        if (p.ln !== 0) this.#compareListItem(t, p, p.l, undefined);
        this.#insert(this.cmp.added, p);
      }
    }
  }

  #compareListItem(t: ListType, e: KeyedPathElement, l: unknown, r: unknown): void {
    this.path.push(e.pe);
    this.keys.push(e.key);
    this.compare(t.elementType, l, r);
    this.path.pop();
    this.keys.pop();
  }

  #doMap(t: MapType, lhs: unknown, rhs: unknown): boolean {
    // A side that is not a map counts as absent here.
    const l = lhs === undefined ? null : (mapValue(lhs) ?? null);
    const r = rhs === undefined ? null : (mapValue(rhs) ?? null);
    // Both empty or null: a leaf, which keeps the empty / null distinction.
    if (t.elementRelationship === 'atomic' || ((l === null || isEmptyMap(l)) && (r === null || isEmptyMap(r)))) {
      return this.#doLeaf(lhs, rhs);
    }
    if (l === null && r === null) return false;
    if (l !== null) {
      for (const key in l) {
        if (!Object.hasOwn(l, key)) continue;
        this.#compareMapItem(t, key, l[key], r !== null && Object.hasOwn(r, key) ? r[key] : undefined);
      }
    }
    if (r !== null) {
      for (const key in r) {
        if (!Object.hasOwn(r, key) || (l !== null && Object.hasOwn(l, key))) continue;
        this.#compareMapItem(t, key, undefined, r[key]);
      }
    }
    return false;
  }

  #compareMapItem(t: MapType, key: string, l: unknown, r: unknown): void {
    const sf = findField(t, key);
    const e = fieldNameElement(key);
    this.path.push(e.pe);
    this.keys.push(e.key);
    this.compare(sf !== undefined ? sf.type : (t.elementType ?? emptyTypeRef), l, r);
    this.path.pop();
    this.keys.pop();
  }
}

function listsEqual(l: unknown[], r: unknown[]): boolean {
  if (l.length !== r.length) return false;
  for (let i = 0; i < l.length; i++) if (!equalValues(l[i], r[i])) return false;
  return true;
}
