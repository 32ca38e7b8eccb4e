// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/compare.go (v4.6.0)
/**
 * The field-level difference of two values of one type. Leaves (scalars, atomic and empty
 * containers) are compared as wholes; other containers item by item. Items repeated in an
 * associative list are compared as one atomic group.
 */
import type { PathElement } from '../fieldpath/element.ts';
import { pathElementToString } from '../fieldpath/element.ts';
import { pathElementKey } from '../fieldpath/serialize-pe.ts';
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
  listItemToPathElement,
  listValue,
  mapValue,
  noTypeFoundError,
  prefixErrors,
  type AtomMember,
  type ValidationError,
} from './helpers.ts';
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

// `undefined` is an absent side (Go's nil Value); `null` is a JSON null.
class CompareWalker {
  readonly path: PathElement[] = [];

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

  #insert(set: FieldSet, pe?: PathElement): void {
    if (pe === undefined) {
      if (this.path.length !== 0) set.insert(this.path.slice());
      return;
    }
    const p = this.path.slice();
    p.push(pe);
    set.insert(p);
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

  #indexItems(t: ListType, list: unknown[], into: Map<string, { pe: PathElement; l: unknown[]; r: unknown[] }>, left: boolean): void {
    for (let i = 0; i < list.length; i++) {
      const child = list[i];
      const pe = listItemToPathElement(this.schema, t, child);
      if (typeof pe === 'string') {
        // Nothing deeper can be reported without a path element.
        this.errs.push(errorAt(`element ${i}: ${pe}`));
        continue;
      }
      const key = pathElementKey(pe);
      let entry = into.get(key);
      if (entry === undefined) {
        entry = { pe, l: [], r: [] };
        into.set(key, entry);
      }
      (left ? entry.l : entry.r).push(child);
    }
  }

  #visitListItems(t: ListType, lhs: unknown[], rhs: unknown[]): void {
    // Every item key of both sides once, lhs order first; duplicates grouped.
    const items = new Map<string, { pe: PathElement; l: unknown[]; r: unknown[] }>();
    this.#indexItems(t, lhs, items, true);
    this.#indexItems(t, rhs, items, false);
    for (const { pe, l, r } of items.values()) {
      if (l.length <= 1 && r.length <= 1) {
        // The normal case: one item each side at most, compared one to one.
        this.#compareListItem(t, pe, l[0], r[0]);
      } else if (l.length >= 2 && r.length >= 2) {
        // Duplicates before and after: compared as an atomic group.
        if (!listsEqual(l, r)) this.#insert(this.cmp.modified, pe);
      } else if (l.length >= 2) {
        // No longer duplicated: the remaining item is new, the duplicate group is removed.
        if (r.length !== 0) this.#compareListItem(t, pe, undefined, r[0]);
        this.#insert(this.cmp.removed, pe);
      } else {
        // Newly duplicated: the former item is removed, the duplicate group is added.
        if (l.length !== 0) this.#compareListItem(t, pe, l[0], undefined);
        this.#insert(this.cmp.added, pe);
      }
    }
  }

  #compareListItem(t: ListType, pe: PathElement, l: unknown, r: unknown): void {
    this.path.push(pe);
    this.compare(t.elementType, l, r);
    this.path.pop();
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
    this.path.push({ fieldName: key });
    this.compare(sf !== undefined ? sf.type : (t.elementType ?? emptyTypeRef), l, r);
    this.path.pop();
  }
}

function listsEqual(l: unknown[], r: unknown[]): boolean {
  if (l.length !== r.length) return false;
  for (let i = 0; i < l.length; i++) if (!equalValues(l[i], r[i])) return false;
  return true;
}
