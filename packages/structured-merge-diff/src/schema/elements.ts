// Behaviour of sigs.k8s.io/structured-merge-diff/v4/schema/elements.go (v4.6.0)
/**
 * The type system of structured-merge-diff: a schema is a list of named types, each an
 * {@link Atom} (scalar, list and/or map). The shapes below are exactly Go's YAML shapes, so
 * schemas written as YAML (tests, `schemaschema`) parse as is. Schema objects are treated as
 * immutable once handed to a {@link Schema}: lookups are indexed lazily and cached.
 */

import { typeDefListsEqual } from './equals.ts';

export type { Scalar, ElementRelationship, Atom, TypeRef, TypeDef, StructField, UnionField, Union, MapType, ListType, SchemaDoc } from './types.ts';
import type { Atom, MapType, SchemaDoc, StructField, TypeDef, TypeRef } from './types.ts';

/** The reference with nothing set (Go's zero `TypeRef{}`), shared and frozen. */
export const emptyTypeRef: TypeRef = Object.freeze({}) as TypeRef;

/**
 * Whether `tr` is the empty reference (Go's `tr == schema.TypeRef{}`): no named type, no inlined
 * member and no relationship override. An absent reference counts as empty.
 */
export function isEmptyTypeRef(tr: TypeRef | undefined): boolean {
  return (
    tr === undefined ||
    (tr.namedType === undefined &&
      tr.scalar === undefined &&
      tr.list === undefined &&
      tr.map === undefined &&
      tr.elementRelationship === undefined)
  );
}

// Field indexes of maps, built on first lookup. Keyed by object identity: a MapType is immutable.
const fieldIndexes = new WeakMap<MapType, Map<string, StructField>>();

function fieldIndex(m: MapType): Map<string, StructField> {
  let index = fieldIndexes.get(m);
  if (index === undefined) {
    index = new Map();
    for (const field of m.fields ?? []) index.set(field.name, field);
    fieldIndexes.set(m, index);
  }
  return index;
}

/**
 * The struct field `name` of map type `m`, or `undefined` (Go `Map.FindField`). The fields are
 * indexed on first use, so lookups are O(1); a later field of the same name wins, as in Go.
 */
export function findField(m: MapType, name: string): StructField | undefined {
  return fieldIndex(m).get(name);
}

/**
 * Copies map type `src` into a new map type sharing its members and field index, with
 * `overrides` applied (Go `Map.CopyInto` followed by field assignments).
 */
export function copyMapType(src: MapType, overrides: Partial<MapType> = {}): MapType {
  const dst: MapType = { ...src, ...overrides };
  const index = fieldIndexes.get(src);
  if (index !== undefined) fieldIndexes.set(dst, index);
  return dst;
}

/**
 * A schema: a list of named types with O(1) lookups (Go `schema.Schema`). The type list is
 * indexed by name on first lookup, and named references and references with an
 * `elementRelationship` override resolve once per reference object; the schema must not be
 * mutated after its first lookup.
 */
export class Schema {
  /** The named types, in schema order. */
  types: TypeDef[];
  #byName: Map<string, TypeDef> | undefined;
  // Resolutions of named references and of references with an override (null: unresolvable).
  #resolved = new WeakMap<TypeRef, Atom | null>();

  /** A schema over `doc.types` (the array is shared, not copied). */
  constructor(doc: SchemaDoc = { types: [] }) {
    this.types = doc.types;
  }

  /** The named type `name`, or `undefined` (Go `FindNamedType`; a later duplicate wins). */
  findNamedType(name: string): TypeDef | undefined {
    let byName = this.#byName;
    if (byName === undefined) {
      byName = new Map();
      for (const t of this.types) byName.set(t.name, t);
      this.#byName = byName;
    }
    return byName.get(name);
  }

  /** The struct field `name` of `m` (see {@link findField}). */
  findField(m: MapType, name: string): StructField | undefined {
    return findField(m, name);
  }

  /**
   * The atom `tr` refers to, named or inlined, or `undefined` when it cannot be resolved (Go
   * `Resolve`). Without an override the returned object is the type definition (or `tr` itself
   * for inlined atoms) — read only its `scalar`, `list` and `map`. With an `elementRelationship`
   * override the list or map is copied with the relationship replaced (Go overrides the map
   * when an atom has both); a scalar cannot take an override and is unresolvable.
   */
  resolve(tr: TypeRef): Atom | undefined {
    const er = tr.elementRelationship;
    if (er === undefined && tr.namedType === undefined) return tr;
    // Once per reference object: the walkers resolve the same few references thousands of times.
    const cached = this.#resolved.get(tr);
    if (cached !== undefined) return cached ?? undefined;
    const base = this.#resolveNoOverrides(tr);
    let result: Atom | null = base ?? null;
    if (er !== undefined) {
      result = null;
      if (base !== undefined) {
        if (base.map !== undefined) {
          result = { ...atomOf(base), map: copyMapType(base.map, { elementRelationship: er }) };
        } else if (base.list !== undefined) {
          result = { ...atomOf(base), list: { ...base.list, elementRelationship: er } };
        }
      }
    }
    this.#resolved.set(tr, result);
    return result ?? undefined;
  }

  #resolveNoOverrides(tr: TypeRef): Atom | undefined {
    if (tr.namedType !== undefined) return this.findNamedType(tr.namedType);
    return tr;
  }

  /** Whether the two schemas are equal (Go `Schema.Equals`; see `equals.ts`). */
  equals(other: Schema | undefined): boolean {
    return other !== undefined && typeDefListsEqual(this.types, other.types);
  }

  /**
   * Makes `dst` a copy of this schema, sharing the (immutable) type list and the name index if
   * it was built (Go `CopyInto`).
   */
  copyInto(dst: Schema): void {
    dst.types = this.types;
    dst.#byName = this.#byName;
    dst.#resolved = new WeakMap();
  }
}

/** A new {@link Schema} over the types of `doc`. */
export function newSchema(doc: SchemaDoc): Schema {
  return new Schema(doc);
}

/** Only the atom members of `a` (drops `name`, `namedType` and the like). */
function atomOf(a: Atom): Atom {
  const out: Atom = {};
  if (a.scalar !== undefined) out.scalar = a.scalar;
  if (a.list !== undefined) out.list = a.list;
  if (a.map !== undefined) out.map = a.map;
  return out;
}
