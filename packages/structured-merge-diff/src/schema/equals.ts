// Behaviour of sigs.k8s.io/structured-merge-diff/v4/schema/equals.go (v4.6.0)
/**
 * Structural equality of schema elements (Go's `Equals` methods). Unset members compare equal
 * to Go's zero values: an absent `elementType` equals the empty reference, an absent list equals
 * an empty one, an absent `elementRelationship` equals `""`, an absent default equals `null`.
 * A named reference never equals an inlined one, even when both denote the same type.
 */
import type { Atom, ListType, MapType, StructField, TypeDef, TypeRef, Union, UnionField } from './types.ts';

/** What schema equality reads of a Schema: its types. */
type Schema = { readonly types: readonly TypeDef[] };

const noTypeRef: TypeRef = {};

/** Whether both schemas are absent or have equal type lists (Go `Schema.Equals`). */
export function schemaEquals(a: Schema | undefined, b: Schema | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return typeDefListsEqual(a.types, b.types);
}

/** Whether two type lists are equal element by element, in order. */
export function typeDefListsEqual(a: readonly TypeDef[], b: readonly TypeDef[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (!typeDefEquals(a[i], b[i])) return false;
  }
  return true;
}

/**
 * Whether two references are equal (Go `TypeRef.Equals`): same named type (or both inlined),
 * same relationship override and equal inlined atoms. Go compares the override by pointer; we
 * compare it by value.
 */
export function typeRefEquals(a: TypeRef | undefined, b: TypeRef | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b) return true;
  if (a.namedType !== b.namedType) return false;
  if (a.elementRelationship !== b.elementRelationship) return false;
  return atomEquals(a, b);
}

/** Whether two type definitions have the same name and equal atoms (Go `TypeDef.Equals`). */
export function typeDefEquals(a: TypeDef | undefined, b: TypeDef | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.name !== b.name) return false;
  return atomEquals(a, b);
}

/**
 * Whether two atoms are equal (Go `Atom.Equals`): the same members are set, and the first set
 * one of scalar, list, map is equal (the others are not compared, as in Go).
 */
export function atomEquals(a: Atom | undefined, b: Atom | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if ((a.scalar === undefined) !== (b.scalar === undefined)) return false;
  if ((a.list === undefined) !== (b.list === undefined)) return false;
  if ((a.map === undefined) !== (b.map === undefined)) return false;
  if (a.scalar !== undefined) return a.scalar === b.scalar;
  if (a.list !== undefined) return listTypeEquals(a.list, b.list);
  if (a.map !== undefined) return mapTypeEquals(a.map, b.map);
  return true;
}

/** Whether two map types are equal (Go `Map.Equals`). */
export function mapTypeEquals(a: MapType | undefined, b: MapType | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b) return true;
  if (!typeRefEquals(a.elementType ?? noTypeRef, b.elementType ?? noTypeRef)) return false;
  if ((a.elementRelationship ?? '') !== (b.elementRelationship ?? '')) return false;
  if (!listsEqual(a.fields, b.fields, structFieldEquals)) return false;
  return listsEqual(a.unions, b.unions, unionEquals);
}

/** Whether two unions are equal (Go `Union.Equals`). */
export function unionEquals(a: Union | undefined, b: Union | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.discriminator !== b.discriminator) return false;
  if ((a.deduceInvalidDiscriminator ?? false) !== (b.deduceInvalidDiscriminator ?? false)) return false;
  return listsEqual(a.fields, b.fields, unionFieldEquals);
}

/** Whether two union fields are equal (Go `UnionField.Equals`). */
export function unionFieldEquals(a: UnionField | undefined, b: UnionField | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.fieldName === b.fieldName && a.discriminatorValue === b.discriminatorValue;
}

/** Whether two struct fields are equal: name, deep-equal default and type (Go `StructField.Equals`). */
export function structFieldEquals(a: StructField | undefined, b: StructField | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.name !== b.name) return false;
  if (!deepEqual(a.default ?? null, b.default ?? null)) return false;
  return typeRefEquals(a.type ?? noTypeRef, b.type ?? noTypeRef);
}

/** Whether two list types are equal (Go `List.Equals`). */
export function listTypeEquals(a: ListType | undefined, b: ListType | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b) return true;
  if (!typeRefEquals(a.elementType ?? noTypeRef, b.elementType ?? noTypeRef)) return false;
  if ((a.elementRelationship ?? '') !== (b.elementRelationship ?? '')) return false;
  const ak = a.keys ?? [];
  const bk = b.keys ?? [];
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    if (ak[i] !== bk[i]) return false;
  }
  return true;
}

function listsEqual<T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  eq: (x: T | undefined, y: T | undefined) => boolean,
): boolean {
  const al = a ?? [];
  const bl = b ?? [];
  if (al.length !== bl.length) return false;
  for (let i = 0; i < al.length; i++) {
    if (!eq(al[i], bl[i])) return false;
  }
  return true;
}

// Go's reflect.DeepEqual over the JSON-like values defaults are (int and float collapse).
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bl = b as unknown[];
    if (a.length !== bl.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bl[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  if (keys.length !== Object.keys(bo).length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(bo, k) || !deepEqual(ao[k], bo[k])) return false;
  }
  return true;
}
