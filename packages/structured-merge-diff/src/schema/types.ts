// Behaviour of sigs.k8s.io/structured-merge-diff/v4/schema/elements.go (v4.6.0): the shapes of a
// schema (the Schema that indexes them is in elements.ts).

/** A primitive type: `numeric` (int or float), `string`, `boolean`, or `untyped` (any of them). */
export type Scalar = 'numeric' | 'string' | 'boolean' | 'untyped';

/**
 * How the elements of a container relate. `associative` only applies to lists (a set, or a map
 * keyed by `keys`); `atomic` makes a list or map behave as a single leaf; `separable` (the
 * default for maps) means the items are independent.
 */
export type ElementRelationship = 'associative' | 'atomic' | 'separable';

/**
 * The smallest piece of the type system. Each member that is set is a possible type of a value;
 * a value fits the atom if it fits one of them. An atom with no member accepts nothing.
 */
export interface Atom {
  scalar?: Scalar;
  list?: ListType;
  map?: MapType;
}

/**
 * A reference to a named type (`namedType`) or an inlined atom (`scalar` / `list` / `map` on the
 * reference itself, as Go's inline `Atom`). `elementRelationship`, when set, overrides the
 * relationship of the list or map the reference resolves to (it makes a scalar unresolvable).
 */
export interface TypeRef extends Atom {
  namedType?: string;
  elementRelationship?: ElementRelationship;
}

/** A named type of a schema: a name (unique within the schema) and an atom. */
export interface TypeDef extends Atom {
  name: string;
}

/** A field of a struct-like map. `default` is the value used for a missing associative key. */
export interface StructField {
  name: string;
  type: TypeRef;
  default?: unknown;
}

/** A member of a union and the discriminator value that selects it. */
export interface UnionField {
  fieldName: string;
  discriminatorValue: string;
}

/** A group of fields of which only one may be set (kept for the schema shape; not enforced). */
export interface Union {
  discriminator?: string;
  deduceInvalidDiscriminator?: boolean;
  fields?: UnionField[];
}

/**
 * A string-keyed map. `fields` declares known keys and their types (the order is the canonical
 * field order); other keys have `elementType` — when that is unset (or the empty reference) they
 * are not allowed. `elementRelationship` defaults to `separable`.
 */
export interface MapType {
  fields?: StructField[];
  unions?: Union[];
  elementType?: TypeRef;
  elementRelationship?: ElementRelationship;
}

/**
 * A list of elements of one type. `associative` lists of maps are keyed by `keys` (field names
 * of the element map); `associative` lists of scalars are sets; `atomic` lists are leaves.
 */
export interface ListType {
  elementType: TypeRef;
  elementRelationship?: ElementRelationship;
  keys?: string[];
}

/** The serialized form of a schema (Go's YAML shape of `schema.Schema`). */
export interface SchemaDoc {
  types: TypeDef[];
}
