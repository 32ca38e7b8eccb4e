// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/tofieldset.go (v4.6.0)
/**
 * The field set of a typed value: every scalar leaf, every atomic container, every list item,
 * and every map field that is null, empty, or not declared by the schema. Items that appear more
 * than once in an associative list are recorded once, as the item, without their fields.
 */
import type { PathElement } from '../fieldpath/element.ts';
import { fieldNameElement, type KeyedPathElement } from '../fieldpath/serialize-pe.ts';
import { FieldSet, type SetNode } from '../fieldpath/set.ts';
import type { ListType, MapType, Schema, TypeRef } from '../schema/elements.ts';
import { emptyTypeRef, findField } from '../schema/elements.ts';
import {
  deduceMembers,
  handledMember,
  invalidAtomError,
  isEmptyMap,
  isMapValue,
  listValue,
  mapValue,
  noTypeFoundError,
  type ValidationError,
} from './helpers.ts';
import { listItemElement, zeroKeyedElement } from './list-item.ts';

/**
 * What a node contributes to its parent's level: `true` when the node itself is a leaf (a
 * member there), its subset when something below it is in the set, or `false`.
 */
type Walked = FieldSet | boolean;

/**
 * What walks of values that share objects (a value and one made from it by removing a few
 * items) may share: the result for each container walked without errors, by the container.
 * The subsets are then shared between the results, which must not be modified.
 */
export type FieldSetMemo = Map<object, { readonly tr: TypeRef; readonly out: Walked }>;

/**
 * The field set of `v` as type `tr` (Go `ToFieldSet`), and the schema errors met (which Go
 * reports without a path). With `memo`, containers met before are not walked again.
 */
export function toFieldSetWithSchema(schema: Schema, tr: TypeRef, v: unknown, memo?: FieldSetMemo): { set: FieldSet; errs: ValidationError[] } {
  const errs: ValidationError[] = [];
  const out = new ToSetWalker(schema, errs, memo).walk(tr, v);
  if (out === false || out === true) return { set: FieldSet.of(), errs };
  // The top level is always new, as for the set operations (a memoized subset may be shared).
  return { set: memo === undefined ? out : new FieldSet(out.members.clone(), out.children.clone()), errs };
}

// Sets are built bottom up, straight into the maps they wrap: no set is made for an empty level.
class ToSetWalker {
  constructor(
    readonly schema: Schema,
    readonly errs: ValidationError[],
    readonly memo: FieldSetMemo | undefined,
  ) {}

  walk(tr: TypeRef, v: unknown): Walked {
    const memo = this.memo;
    if (memo === undefined || typeof v !== 'object' || v === null) return this.#walk(tr, v);
    const hit = memo.get(v);
    if (hit !== undefined && hit.tr === tr) return hit.out;
    const before = this.errs.length;
    const out = this.#walk(tr, v);
    if (this.errs.length === before) memo.set(v, { tr, out });
    return out;
  }

  #walk(tr: TypeRef, v: unknown): Walked {
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      this.errs.push(noTypeFoundError(tr));
      return false;
    }
    switch (handledMember(deduceMembers(a, v))) {
      case 'scalar':
        return true;
      case 'list': {
        const t = a.list!;
        if (t.elementRelationship === 'atomic') return true;
        const list = listValue(v);
        if (list === undefined || list === null || list.length === 0) return false;
        return this.#visitListItems(t, list);
      }
      case 'map': {
        const t = a.map!;
        if (t.elementRelationship === 'atomic') return true;
        const m = mapValue(v);
        if (m === undefined || m === null) return false;
        return this.#visitMapItems(t, m);
      }
      default:
        this.errs.push(invalidAtomError(tr));
        return false;
    }
  }

  #visitListItems(t: ListType, list: unknown[]): FieldSet {
    const n = list.length;
    const items = new Array<KeyedPathElement>(n);
    // Every item is a member; an item seen twice is recorded once, as the item itself.
    const members = new Map<string, PathElement>();
    let duplicates: Set<string> | undefined;
    for (let i = 0; i < n; i++) {
      const got = listItemElement(this.schema, t, list[i]);
      // Go ignores the error and goes on with the zero path element (values are validated first).
      const e = typeof got === 'string' ? zeroKeyedElement : got;
      items[i] = e;
      if (members.has(e.key)) (duplicates ??= new Set()).add(e.key);
      else members.set(e.key, e.pe);
    }
    let children: Map<string, SetNode> | undefined;
    for (let i = 0; i < n; i++) {
      const e = items[i]!;
      if (duplicates?.has(e.key)) continue;
      const below = this.walk(t.elementType, list[i]);
      if (typeof below === 'object') (children ??= new Map()).set(e.key, { pathElement: e.pe, set: below });
    }
    return FieldSet.fromKeyedMaps(members, children);
  }

  #visitMapItems(t: MapType, m: Record<string, unknown>): Walked {
    let members: Map<string, PathElement> | undefined;
    let children: Map<string, SetNode> | undefined;
    for (const key in m) {
      if (!Object.hasOwn(m, key)) continue;
      const val = m[key];
      const e = fieldNameElement(key);
      const sf = findField(t, key);
      const below = this.walk(sf !== undefined ? sf.type : (t.elementType ?? emptyTypeRef), val);
      // Null and empty maps are leaves; so are fields the schema does not declare.
      if (below === true || sf === undefined || val === null || (isMapValue(val) && isEmptyMap(val))) {
        (members ??= new Map()).set(e.key, e.pe);
      }
      if (typeof below === 'object') (children ??= new Map()).set(e.key, { pathElement: e.pe, set: below });
    }
    if (members === undefined && children === undefined) return false;
    return FieldSet.fromKeyedMaps(members, children);
  }
}
