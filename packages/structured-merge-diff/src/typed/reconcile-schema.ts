// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/reconcile_schema.go (v4.6.0)
/**
 * Reconciles a manager's field set with a schema that changed since the set was recorded. A
 * list or map that became atomic is owned as a whole: its sub-fields are dropped and the field
 * itself is kept. (Changes from atomic to granular need nothing: the set then owns the field.)
 * Deduced (untyped) maps are not reconciled.
 */
import type { PathElement } from '../fieldpath/element.ts';
import { FieldSet } from '../fieldpath/set.ts';
import type { ListType, MapType, Schema, TypeRef } from '../schema/elements.ts';
import { findField, isEmptyTypeRef } from '../schema/elements.ts';
import { typeRefGoString } from './go-format.ts';
import { errorAt, formatValidationErrors, invalidAtomError, type ValidationError } from './helpers.ts';
import type { TypedValue } from './typed.ts';

/**
 * `fieldset` reconciled with the current schema of `tv` (Go `ReconcileFieldSetWithSchema`), or
 * `null` when nothing needed to change. Supports types that changed from granular to atomic.
 * Throws an Error (`errors reconciling field set with schema: ...`) when the schema cannot be
 * resolved along the set.
 */
export function reconcileFieldSetWithSchema(fieldset: FieldSet, tv: TypedValue): FieldSet | null {
  // Visiting in no particular order is enough unless there are errors, which are listed in Go's order.
  let w = new ReconcileWalker(tv.schema, false);
  w.reconcile(tv.typeRef, fieldset, false);
  if (w.errs.length > 0) {
    w = new ReconcileWalker(tv.schema, true);
    w.reconcile(tv.typeRef, fieldset, false);
    throw new Error(`errors reconciling field set with schema: ${formatValidationErrors(w.errs)}`);
  }
  if (w.toAdd === undefined && w.toRemove === undefined) return null;
  let out = fieldset;
  if (w.toRemove !== undefined) out = out.recursiveDifference(w.toRemove);
  if (w.toAdd !== undefined) out = out.union(w.toAdd);
  return out;
}

class ReconcileWalker {
  readonly path: PathElement[] = [];
  readonly errs: ValidationError[] = [];
  // Paths to remove recursively, then paths to add; undefined while there is nothing to do.
  toRemove: FieldSet | undefined;
  toAdd: FieldSet | undefined;

  constructor(
    readonly schema: Schema,
    readonly sorted: boolean,
  ) {}

  reconcile(tr: TypeRef, fieldSet: FieldSet | undefined, isAtomic: boolean): void {
    const a = this.schema.resolve(tr);
    if (a === undefined) {
      this.errs.push(errorAt(`could not resolve ${typeRefGoString(tr)}`));
      return;
    }
    if (a.map !== undefined) this.#doMap(a.map, fieldSet, isAtomic);
    else if (a.scalar !== undefined) return;
    else if (a.list !== undefined) this.#doList(a.list, fieldSet, isAtomic);
    else this.errs.push(invalidAtomError(tr));
  }

  /** The field at the current path is now atomic: own it as a whole. */
  #makeAtomic(): void {
    const p = this.path.slice();
    (this.toRemove ??= FieldSet.of()).insert(p);
    (this.toAdd ??= FieldSet.of()).insert(p);
  }

  #doList(t: ListType, fieldSet: FieldSet | undefined, isAtomic: boolean): void {
    // Granular to atomic: the manager that owned sub-fields now owns only the list itself.
    if (!isAtomic && t.elementRelationship === 'atomic') {
      this.#makeAtomic();
      return;
    }
    if (fieldSet !== undefined) this.#visitItems(fieldSet, undefined, t.elementType);
  }

  #doMap(t: MapType, fieldSet: FieldSet | undefined, isAtomic: boolean): void {
    // Deduced types (unstructured CRDs) and maps of only unknown fields have no atomic or
    // granular tags to reconcile.
    if (isUntypedDeducedMap(t)) return;
    // Granular to atomic: the manager that owned sub-fields now owns only the map itself.
    if (!isAtomic && t.elementRelationship === 'atomic') {
      if (fieldSet !== undefined && fieldSet.size() > 0) this.#makeAtomic();
      return;
    }
    if (fieldSet !== undefined) this.#visitItems(fieldSet, t, undefined);
  }

  /**
   * Visits the children of `element` that are not members, then the members (a member without
   * children was owned as a whole). Items are of map type `map`'s fields, or of `elementType`.
   */
  #visitItems(element: FieldSet, map: MapType | undefined, elementType: TypeRef | undefined): void {
    const { members, children } = element;
    if (this.sorted) {
      const keys = children.sortedKeys();
      const nodes = children.sorted();
      for (let i = 0; i < keys.length; i++) {
        if (!members.hasKey(keys[i]!)) this.#visit(nodes[i]!.pathElement, nodes[i]!.set, false, map, elementType);
      }
      const memberKeys = members.sortedKeys();
      const pes = members.sorted();
      for (let i = 0; i < pes.length; i++) this.#visit(pes[i]!, children.getByKey(memberKeys[i]!), true, map, elementType);
      return;
    }
    for (const [k, node] of children.keyedNodes()) {
      if (!members.hasKey(k)) this.#visit(node.pathElement, node.set, false, map, elementType);
    }
    for (const [k, pe] of members.keyed()) this.#visit(pe, children.getByKey(k), true, map, elementType);
  }

  #visit(pe: PathElement, child: FieldSet | undefined, isMember: boolean, map: MapType | undefined, elementType: TypeRef | undefined): void {
    const tr = map !== undefined ? typeRefAtPath(map, pe) : elementType;
    if (tr === undefined) return; // not in the schema
    this.path.push(pe);
    this.reconcile(tr, child, isMember && child === undefined);
    this.path.pop();
  }
}

/** The type of `pe` in map type `t` (its field's or the element type), undefined if none. */
function typeRefAtPath(t: MapType, pe: PathElement): TypeRef | undefined {
  let tr = t.elementType;
  if ('fieldName' in pe) {
    const sf = findField(t, pe.fieldName);
    if (sf !== undefined) tr = sf.type;
  }
  return isEmptyTypeRef(tr) ? undefined : tr;
}

/**
 * Whether `m` has no fields but allows untyped elements: an OpenAPI object with
 * `x-kubernetes-preserve-unknown-fields: true` and no properties.
 */
function isUntypedDeducedMap(m: MapType): boolean {
  return isUntypedDeducedRef(m.elementType) && m.fields === undefined;
}

function isUntypedDeducedRef(t: TypeRef | undefined): boolean {
  if (t === undefined) return false;
  if (t.namedType !== undefined) return t.namedType === '__untyped_deduced_';
  return t.scalar === 'untyped';
}
