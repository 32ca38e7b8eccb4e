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
  const w = new ReconcileWalker(tv.schema);
  w.reconcile(tv.typeRef, fieldset, false);
  if (w.errs.length > 0) {
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

  constructor(readonly schema: Schema) {}

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
    if (fieldSet !== undefined) this.#visitItems(fieldSet, () => t.elementType);
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
    if (fieldSet !== undefined) this.#visitItems(fieldSet, (pe) => typeRefAtPath(t, pe));
  }

  /**
   * Visits the children of `element` that are not members, then the members (a member without
   * children was owned as a whole). `typeOf` gives an item's type, or undefined to skip it.
   */
  #visitItems(element: FieldSet, typeOf: (pe: PathElement) => TypeRef | undefined): void {
    const visit = (pe: PathElement, isMember: boolean): void => {
      const tr = typeOf(pe);
      if (tr === undefined) return; // not in the schema
      const child = element.children.get(pe);
      this.path.push(pe);
      this.reconcile(tr, child, isMember && child === undefined);
      this.path.pop();
    };
    for (const [pe] of element.children) {
      if (!element.members.has(pe)) visit(pe, false);
    }
    for (const pe of element.members) visit(pe, true);
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
