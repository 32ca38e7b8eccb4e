// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/parser.go (v4.6.0)
/**
 * Schemas from YAML, and the types of a schema as factories of typed values. `newParser`
 * validates the schema against the schema schema first; the deduced type needs no schema.
 */
import { Schema, type TypeRef } from '../schema/elements.ts';
import { schemaSchemaYAML } from '../schema/schemaschema.ts';
import { asTyped, type TypedValue, type ValidationOption } from './typed.ts';
import { parseSchemaYAML, parseYAML } from './yaml.ts';

export { allowDuplicates, type ValidationOption } from './typed.ts';

/** An object encoded in YAML (JSON is YAML too). */
export type YAMLObject = string;

/**
 * A type of a schema, producing validated typed values of it (Go `typed.ParseableType`).
 */
export class ParseableType {
  /** The schema the type belongs to. */
  readonly schema: Schema;
  /** The type. */
  readonly typeRef: TypeRef;

  constructor(schema: Schema, typeRef: TypeRef) {
    this.schema = schema;
    this.typeRef = typeRef;
  }

  /** Whether the type resolves in the schema (Go `IsValid`). */
  isValid(): boolean {
    return this.schema.resolve(this.typeRef) !== undefined;
  }

  /**
   * The YAML `object` as a value of this type (Go `FromYAML`). Throws on malformed YAML, and
   * {@link ValidationErrors} when the object does not conform.
   */
  fromYAML(object: YAMLObject, ...opts: ValidationOption[]): TypedValue {
    return asTyped(parseYAML(object), this.schema, this.typeRef, ...opts);
  }

  /**
   * The JSON value `v` (an unstructured object in Kubernetes' words) as a value of this type
   * (Go `FromUnstructured`). Throws {@link ValidationErrors} when it does not conform.
   */
  fromUnstructured(v: unknown, ...opts: ValidationOption[]): TypedValue {
    return asTyped(v, this.schema, this.typeRef, ...opts);
  }
}

/** A schema and the types it defines (Go `typed.Parser`). */
export class Parser {
  /** The parsed schema. */
  readonly schema: Schema;

  constructor(schema: Schema) {
    this.schema = schema;
  }

  /** The names of the schema's types, in schema order (Go `TypeNames`). */
  typeNames(): string[] {
    return this.schema.types.map((td) => td.name);
  }

  /**
   * The named type `name` (Go `Type`). Not checked here: an unknown name fails when values are
   * made (see {@link ParseableType.isValid}).
   */
  type(name: string): ParseableType {
    return new ParseableType(this.schema, { namedType: name });
  }
}

// A parser of a schema that is not validated (Go `create`).
function createParser(schemaYAML: YAMLObject): Parser {
  return new Parser(new Schema(parseSchemaYAML(schemaYAML)));
}

// Built on first use: parsing the schema schema's YAML costs a server's start ~10 ms.
let schemaSchemaParser: Parser | undefined;

/**
 * A parser of the YAML schema `schemaYAML`, validated against the schema schema (Go
 * `NewParser`). Throws `unable to validate schema: ...` when it does not conform.
 */
export function newParser(schemaYAML: YAMLObject): Parser {
  try {
    (schemaSchemaParser ??= createParser(schemaSchemaYAML)).type('schema').fromYAML(schemaYAML);
  } catch (err) {
    throw new Error(`unable to validate schema: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return createParser(schemaYAML);
}

/**
 * The type that deduces itself from the content of the object (Go `DeducedParseableType`):
 * scalars are untyped, maps merge key by key, lists are atomic.
 */
export const deducedParseableType: ParseableType = createParser(`types:
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`).type('__untyped_deduced_');
