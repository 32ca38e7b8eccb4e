// Behaviour of k8s.io/kube-openapi/pkg/schemaconv/openapi.go (c8a335a9a2ff)
//
// OpenAPI definitions → structured-merge-diff schema, the way kube-apiserver builds the schema
// its field manager applies with (`ToSchemaFromOpenAPI`, called by apimachinery's
// `NewTypeConverter`). Every definition becomes a named type of the same name; `$ref`s (bare, or
// kube's `allOf: [{$ref}]` wrapper) become `namedType` references; everything else is inlined.
//
// What the extensions do:
// - `x-kubernetes-list-type` atomic | set | map (+ `x-kubernetes-list-map-keys`), else the legacy
//   `x-kubernetes-patch-strategy: merge` + `x-kubernetes-patch-merge-key`; lists are atomic
//   otherwise (see `listElementRelationship`).
// - `x-kubernetes-map-type` atomic | granular on an object, or on a property that is a `$ref`
//   (then it overrides the referenced type's relationship on that field only).
// - `x-kubernetes-preserve-unknown-fields: true` lets the object and everything inlined below it
//   keep unknown fields (element type `__untyped_deduced_`); it does not cross `$ref`s.
// - `x-kubernetes-int-or-string`, `x-kubernetes-embedded-resource` and `x-kubernetes-unions`
//   are not read. `type: string, format: int-or-string` (v2 IntOrString) is an untyped scalar;
//   v3's IntOrString and CRD int-or-string fields have no `type`, so they accept anything
//   (untyped scalar, list and map). Embedded resources are ordinary objects. Unions are dropped.
// - A schema without `type` accepts anything: untyped scalar, a list (atomic) and a map.
// - `Quantity` is hard-coded as an untyped scalar and `RawExtension` as `__untyped_atomic_`.
//
// Differences from Go that do not change the result: Go walks definitions and properties in
// (random) map order; we emit types sorted by name (the two built-ins last, as Go appends them),
// fields in document order, and errors in that walk's order.

import type { Atom, ListType, MapType, SchemaDoc, StructField, TypeDef, TypeRef } from '../schema/elements.ts';
import {
  QUANTITY_TYPE_NAME,
  RAW_EXTENSION_TYPE_NAME,
  UNTYPED_ATOMIC_NAME,
  UNTYPED_DEDUCED_NAME,
  commonTypeDefs,
  convertPrimitive,
  goValue,
  listElementRelationship,
  mapElementRelationship,
  untypedAtomicAtom,
} from './smd.ts';

export { gvkIndexFromOpenAPI, gvkKey, parseGroupVersionKinds } from './gvk-index.ts';
export type { GroupVersionKind } from './gvk-index.ts';

/**
 * One OpenAPI schema object as plain JSON (`JSON.parse` of a served document). Only `type`,
 * `format`, `$ref`, `allOf`, `properties`, `additionalProperties`, `items`, `default` and the
 * `x-kubernetes-*` extensions are read.
 */
export type OpenAPISchema = { readonly [key: string]: unknown };

/** Options of {@link schemaFromOpenAPI}. */
export interface SchemaFromOpenAPIOptions {
  /**
   * Every object keeps unknown fields, as if each carried `x-kubernetes-preserve-unknown-fields`
   * (kube passes true for CRDs with `preserveUnknownFields: true`). Default false.
   */
  readonly preserveUnknownFields?: boolean;
}

/** Thrown by {@link schemaFromOpenAPI}; `message` is Go's: one `<where>: <what>` line per problem. */
export class SchemaConversionError extends Error {
  /** The individual problems, e.g. `io.k8s.Foo: unknown list type sett`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'SchemaConversionError';
    this.problems = problems;
  }
}

/**
 * Converts the definitions of an OpenAPI v3 document (`components.schemas`, refs
 * `#/components/schemas/<name>`) or v2 document (`definitions`, refs `#/definitions/<name>`) to
 * a structured-merge-diff schema. A reference names the type by the last `/`-segment of `$ref`.
 * Definitions that are themselves a bare `$ref` are skipped. The result ends with the built-in
 * `__untyped_atomic_` and `__untyped_deduced_` types.
 *
 * @throws SchemaConversionError listing every problem found (unknown `type`, unknown list or map
 *   type, list-type map without keys, array without a single `items` schema, …).
 */
export function schemaFromOpenAPI(
  schemas: Readonly<Record<string, OpenAPISchema>>,
  options: SchemaFromOpenAPIOptions = {},
): SchemaDoc {
  const problems: string[] = [];
  const types: TypeDef[] = [];
  for (const name of Object.keys(schemas).sort()) {
    const spec = schemas[name];
    if (!isSchemaObject(spec)) {
      problems.push(`${name}: expected a schema object`);
      continue;
    }
    if (refOf(spec) !== '') continue;
    let atom: Atom;
    if (name === QUANTITY_TYPE_NAME) {
      atom = { scalar: 'untyped' };
    } else if (name === RAW_EXTENSION_TYPE_NAME) {
      atom = untypedAtomicAtom();
    } else {
      atom = visitSpec({ preserveUnknownFields: options.preserveUnknownFields ?? false, name, problems }, spec);
    }
    if (atom.scalar === undefined && atom.list === undefined && atom.map === undefined) continue;
    types.push({ name, ...atom });
  }
  if (problems.length > 0) throw new SchemaConversionError(problems);
  types.push(...commonTypeDefs());
  return { types };
}

/**
 * The definitions map of a whole OpenAPI document: `components.schemas` (v3) or `definitions`
 * (v2).
 *
 * @throws Error when the document has neither.
 */
export function openAPIDefinitions(doc: unknown): Record<string, OpenAPISchema> {
  if (isSchemaObject(doc)) {
    const components = doc['components'];
    if (isSchemaObject(components) && isSchemaObject(components['schemas'])) {
      return components['schemas'] as Record<string, OpenAPISchema>;
    }
    if (isSchemaObject(doc['definitions'])) return doc['definitions'] as Record<string, OpenAPISchema>;
  }
  throw new Error('OpenAPI document has neither components.schemas nor definitions');
}

/** Where the walk is: Go's `convert` (the problem list is shared by the whole walk). */
interface Walk {
  readonly preserveUnknownFields: boolean;
  /** Prefix of problems: the definition name, `inlined in ` once per inlined level. */
  readonly name: string;
  readonly problems: string[];
}

function report(w: Walk, problem: string): void {
  w.problems.push(`${w.name}: ${problem}`);
}

function visitSpec(w: Walk, s: OpenAPISchema): Atom {
  const walk = s['x-kubernetes-preserve-unknown-fields'] === true ? { ...w, preserveUnknownFields: true } : w;
  return parseSchema(walk, s);
}

function parseSchema(w: Walk, s: OpenAPISchema): Atom {
  const type = typeOf(s);
  switch (type) {
    case '':
      // No type accepts anything.
      return { scalar: 'untyped', list: parseList(w, s, type), map: parseObject(w, s) };
    case 'object':
      return { map: parseObject(w, s) };
    case 'array':
      return { list: parseList(w, s, type) };
    case 'integer':
    case 'boolean':
    case 'number':
    case 'string': {
      const format = s['format'];
      return convertPrimitive(type, typeof format === 'string' ? format : '');
    }
    default:
      report(w, `unrecognized type: '${type}'`);
      return { scalar: 'untyped' };
  }
}

/** A property, item or additionalProperties schema: a named reference, or the type inline. */
function makeRef(w: Walk, s: OpenAPISchema): TypeRef {
  let ref = refOf(s);
  // kube wraps a reference that has siblings (default, description) as `allOf: [{$ref}]`.
  const allOf = s['allOf'];
  if (ref === '' && Array.isArray(allOf) && allOf.length === 1 && isSchemaObject(allOf[0])) {
    ref = refOf(allOf[0]);
  }
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  if (name !== '') {
    const { relationship, error } = mapElementRelationship(s);
    if (error !== undefined) report(w, error);
    return relationship !== undefined ? { namedType: name, elementRelationship: relationship } : { namedType: name };
  }
  return { ...visitSpec({ ...w, name: `inlined in ${w.name}` }, s) };
}

function parseObject(w: Walk, s: OpenAPISchema): MapType {
  const fields: StructField[] = [];
  const properties = s['properties'];
  let propertyCount = 0;
  if (isSchemaObject(properties)) {
    for (const [name, member] of Object.entries(properties)) {
      propertyCount++;
      if (!isSchemaObject(member)) {
        report(w, `property ${name}: expected a schema object`);
        continue;
      }
      const field: StructField = { name, type: makeRef(w, member) };
      const dflt = member['default'];
      if (dflt !== undefined && dflt !== null) field.default = dflt;
      fields.push(field);
    }
  }

  // additionalProperties decides what keys outside `properties` may hold.
  let elementType: TypeRef | undefined;
  const additional = s['additionalProperties'];
  if (additional === undefined || additional === null) {
    // No properties and no additionalProperties is a free-form object; with properties, unknown
    // fields are only kept under preserve-unknown-fields.
    if (w.preserveUnknownFields || propertyCount === 0) elementType = { namedType: UNTYPED_DEDUCED_NAME };
  } else if (isSchemaObject(additional)) {
    elementType = makeRef(w, additional);
  } else if (additional === true) {
    elementType = { namedType: UNTYPED_DEDUCED_NAME };
  } else if (additional !== false) {
    report(w, `additionalProperties: expected a schema object or a bool, got ${goValue(additional)}`);
  }

  const { relationship, error } = mapElementRelationship(s);
  if (error !== undefined) report(w, error);

  const map: MapType = {};
  if (fields.length > 0) map.fields = fields;
  if (elementType !== undefined) map.elementType = elementType;
  if (relationship !== undefined) map.elementRelationship = relationship;
  return map;
}

function parseList(w: Walk, s: OpenAPISchema, type: string): ListType {
  const { relationship, keys, error } = listElementRelationship(s);
  if (error !== undefined) report(w, error);

  let elementType: TypeRef;
  const items = s['items'];
  if (items !== undefined && items !== null) {
    if (isSchemaObject(items)) {
      elementType = makeRef(w, items);
    } else {
      report(w, 'structural schema arrays must have exactly one member subtype');
      elementType = { namedType: UNTYPED_DEDUCED_NAME };
    }
  } else {
    if (type !== '') report(w, '`items` must be specified on arrays');
    // A list whose items are not described holds anything, atomically.
    elementType = { namedType: UNTYPED_ATOMIC_NAME };
  }

  const list: ListType = { elementType, elementRelationship: relationship };
  if (keys !== undefined) list.keys = keys;
  return list;
}

/** `type` as Go's `Type[0]`: the string, the first of a list, '' when absent. */
function typeOf(s: OpenAPISchema): string {
  const type = s['type'];
  if (type === undefined || type === null) return '';
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const first: unknown = type[0];
    return first === undefined ? '' : typeof first === 'string' ? first : goValue(first);
  }
  return goValue(type);
}

function refOf(s: OpenAPISchema): string {
  const ref = s['$ref'];
  return typeof ref === 'string' ? ref : '';
}

function isSchemaObject(v: unknown): v is OpenAPISchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
