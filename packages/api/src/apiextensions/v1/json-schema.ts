// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1 types_jsonschema.go and
// marshal.go (v1.33): JSONSchemaProps, recursive, with the Go types that marshal to JSON their own
// way (JSON, JSONSchemaPropsOrArray, JSONSchemaPropsOrBool, JSONSchemaPropsOrStringArray).
import { z } from 'zod';
import { customType, field, lazyStruct, struct, types } from '@kapi/apimachinery';
import { apiextensionsV1, apiextensionsV1Id } from './names.ts';

/** A CEL validation rule of a schema (x-kubernetes-validations). */
export const ValidationRule = struct(apiextensionsV1('ValidationRule', 'A CEL rule a value must satisfy.'), {
  rule: field(1, types.string(), { description: 'The CEL expression; `self` is the value the rule is declared on.', required: true, default: '' }),
  message: field(2, types.string(), { description: 'The message when the rule fails; one line.' }),
  messageExpression: field(3, types.string(), { description: 'A CEL expression giving the failure message; wins over message.' }),
  reason: field(4, types.string(), {
    description: 'The reason reported when the rule fails: FieldValueInvalid (the default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate.',
    pointer: true,
  }),
  fieldPath: field(5, types.string(), { description: 'The path reported when the rule fails, relative to the value the rule is declared on.' }),
  optionalOldSelf: field(6, types.bool(), { description: 'Evaluate the transition rule on create too, with oldSelf as an optional.', pointer: true }),
});
export type ValidationRule = z.infer<typeof ValidationRule>;

/** A link to documentation outside the schema. */
export const ExternalDocumentation = struct(apiextensionsV1('ExternalDocumentation', 'A link to documentation outside the schema.'), {
  description: field(1, types.string(), { description: 'What the link documents.' }),
  url: field(2, types.string(), { description: 'Where the documentation is.' }),
});
export type ExternalDocumentation = z.infer<typeof ExternalDocumentation>;

/** A JSON schema (JSON-Schema draft 4 as Kubernetes restricts it) in its JSON form. */
export interface JSONSchemaProps {
  id?: string | undefined;
  $schema?: string | undefined;
  $ref?: string | undefined;
  description?: string | undefined;
  type?: string | undefined;
  format?: string | undefined;
  title?: string | undefined;
  default?: unknown;
  maximum?: number | undefined;
  exclusiveMaximum?: boolean | undefined;
  minimum?: number | undefined;
  exclusiveMinimum?: boolean | undefined;
  maxLength?: number | undefined;
  minLength?: number | undefined;
  pattern?: string | undefined;
  maxItems?: number | undefined;
  minItems?: number | undefined;
  uniqueItems?: boolean | undefined;
  multipleOf?: number | undefined;
  enum?: unknown[] | undefined;
  maxProperties?: number | undefined;
  minProperties?: number | undefined;
  required?: string[] | undefined;
  items?: JSONSchemaProps | JSONSchemaProps[] | null | undefined;
  allOf?: JSONSchemaProps[] | undefined;
  oneOf?: JSONSchemaProps[] | undefined;
  anyOf?: JSONSchemaProps[] | undefined;
  not?: JSONSchemaProps | undefined;
  properties?: Record<string, JSONSchemaProps> | undefined;
  additionalProperties?: JSONSchemaProps | boolean | null | undefined;
  patternProperties?: Record<string, JSONSchemaProps> | undefined;
  dependencies?: Record<string, JSONSchemaProps | string[] | null> | undefined;
  additionalItems?: JSONSchemaProps | boolean | null | undefined;
  definitions?: Record<string, JSONSchemaProps> | undefined;
  externalDocs?: ExternalDocumentation | undefined;
  example?: unknown;
  nullable?: boolean | undefined;
  'x-kubernetes-preserve-unknown-fields'?: boolean | undefined;
  'x-kubernetes-embedded-resource'?: boolean | undefined;
  'x-kubernetes-int-or-string'?: boolean | undefined;
  'x-kubernetes-list-map-keys'?: string[] | undefined;
  'x-kubernetes-list-type'?: string | undefined;
  'x-kubernetes-map-type'?: string | undefined;
  'x-kubernetes-validations'?: ValidationRule[] | undefined;
  [key: string]: unknown;
}

const schemaRef = (): z.ZodType<JSONSchemaProps> => lazyStruct(() => JSONSchemaProps);
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON: any JSON value; in protobuf the JSON bytes Go's encoding/json writes, in field `raw`. */
const jsonValue = () =>
  types.json({
    id: apiextensionsV1Id('JSON'),
    schema: { description: 'Any JSON value: a boolean, a number, a string, a list, an object or null.' },
  });

// The protobuf messages of the union types (generated.proto); the JSON form is the union itself.
const OrArrayWire = struct(apiextensionsV1('JSONSchemaPropsOrArray', 'The protobuf form of a schema or a list of schemas.'), {
  schema: field(1, schemaRef(), { pointer: true }),
  jSONSchemas: field(2, types.list(schemaRef())),
});
const OrBoolWire = struct(apiextensionsV1('JSONSchemaPropsOrBool', 'The protobuf form of a schema or a boolean.'), {
  allows: field(1, types.bool()),
  schema: field(2, schemaRef(), { pointer: true }),
});
const OrStringArrayWire = struct(apiextensionsV1('JSONSchemaPropsOrStringArray', 'The protobuf form of a schema or a list of property names.'), {
  schema: field(1, schemaRef(), { pointer: true }),
  property: field(2, types.list(types.string())),
});

const nonEmptyList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0;

/**
 * JSONSchemaPropsOrArray: a schema, or a list of schemas (`items`). Go writes the list when it is
 * not empty, else the schema, else null.
 */
const orArray = () =>
  customType(z.union([schemaRef(), z.array(schemaRef()), z.null()]), {
    id: apiextensionsV1Id('JSONSchemaPropsOrArray'),
    openAPI: { description: 'A schema or a list of schemas.' },
    wire: () => OrArrayWire,
    toWire: (v) => (Array.isArray(v) ? { jSONSchemas: v } : isPlainObject(v) ? { schema: v } : {}),
    fromWire: (m) => (nonEmptyList(m.jSONSchemas) ? m.jSONSchemas : (m.schema ?? null)),
  });

/**
 * JSONSchemaPropsOrBool: a schema (which allows), or true/false (`additionalProperties`,
 * `additionalItems`). Go writes the schema when there is one, else the boolean.
 */
const orBool = () =>
  customType(z.union([z.boolean(), schemaRef(), z.null()]), {
    id: apiextensionsV1Id('JSONSchemaPropsOrBool'),
    openAPI: { description: 'A schema, or a boolean that allows (true) or forbids (false) everything.' },
    wire: () => OrBoolWire,
    toWire: (v) => (isPlainObject(v) ? { allows: true, schema: v } : { allows: v === true }),
    fromWire: (m) => m.schema ?? m.allows === true,
  });

/**
 * JSONSchemaPropsOrStringArray: a schema, or a list of property names (`dependencies`). Go writes
 * the list when it is not empty, else the schema, else null.
 */
const orStringArray = () =>
  customType(z.union([schemaRef(), z.array(z.string()), z.null()]), {
    id: apiextensionsV1Id('JSONSchemaPropsOrStringArray'),
    openAPI: { description: 'A schema, or a list of property names.' },
    wire: () => OrStringArrayWire,
    toWire: (v) => (Array.isArray(v) ? { property: v } : isPlainObject(v) ? { schema: v } : {}),
    fromWire: (m) => (nonEmptyList(m.property) ? m.property : (m.schema ?? null)),
  });

/** A JSON schema, as CustomResourceDefinitions declare the shape of their resources. */
export const JSONSchemaProps: z.ZodType<JSONSchemaProps> = struct(apiextensionsV1('JSONSchemaProps', 'A JSON schema (draft 4, as Kubernetes restricts it).'), {
  id: field(1, types.string(), { description: 'The schema id; not supported in CustomResourceDefinitions.' }),
  $schema: field(2, types.string(), { description: 'The URL of the JSON-Schema dialect.' }),
  $ref: field(3, types.string(), { description: 'A reference to another schema; not supported in CustomResourceDefinitions.', pointer: true }),
  description: field(4, types.string(), { description: 'What the value means.' }),
  type: field(5, types.string(), { description: 'string, number, integer, boolean, array or object.' }),
  format: field(6, types.string(), { description: 'The format of a string or number (date-time, int32, uri, …); unknown formats are ignored.' }),
  title: field(7, types.string(), { description: 'A short title.' }),
  default: field(8, jsonValue(), { description: 'The value defaulted where the field is absent.', pointer: true }),
  maximum: field(9, types.double(), { description: 'The largest number allowed.', pointer: true }),
  exclusiveMaximum: field(10, types.bool(), { description: 'The maximum itself is not allowed.' }),
  minimum: field(11, types.double(), { description: 'The smallest number allowed.', pointer: true }),
  exclusiveMinimum: field(12, types.bool(), { description: 'The minimum itself is not allowed.' }),
  maxLength: field(13, types.int64(), { description: 'The longest string allowed, in characters.', pointer: true }),
  minLength: field(14, types.int64(), { description: 'The shortest string allowed, in characters.', pointer: true }),
  pattern: field(15, types.string(), { description: 'A regular expression strings must match.' }),
  maxItems: field(16, types.int64(), { description: 'The most items a list may have.', pointer: true }),
  minItems: field(17, types.int64(), { description: 'The fewest items a list may have.', pointer: true }),
  uniqueItems: field(18, types.bool(), { description: 'Items must differ; not supported in CustomResourceDefinitions.' }),
  multipleOf: field(19, types.double(), { description: 'Numbers must be a multiple of this.', pointer: true }),
  enum: field(20, types.list(jsonValue()), { description: 'The values allowed.', listType: 'atomic' }),
  maxProperties: field(21, types.int64(), { description: 'The most properties an object may have.', pointer: true }),
  minProperties: field(22, types.int64(), { description: 'The fewest properties an object may have.', pointer: true }),
  required: field(23, types.list(types.string()), { description: 'The properties an object must have.', listType: 'atomic' }),
  items: field(24, orArray(), { description: 'The schema of list items (a single schema in CustomResourceDefinitions).', pointer: true }),
  allOf: field(25, types.list(schemaRef()), { description: 'Schemas a value must all satisfy.', listType: 'atomic' }),
  oneOf: field(26, types.list(schemaRef()), { description: 'Schemas of which a value must satisfy exactly one.', listType: 'atomic' }),
  anyOf: field(27, types.list(schemaRef()), { description: 'Schemas of which a value must satisfy at least one.', listType: 'atomic' }),
  not: field(28, schemaRef(), { description: 'A schema a value must not satisfy.', pointer: true }),
  properties: field(29, types.map(schemaRef()), { description: 'The schemas of the properties of an object.' }),
  additionalProperties: field(30, orBool(), { description: 'The schema of properties not in properties (a map), or whether they are allowed.', pointer: true }),
  patternProperties: field(31, types.map(schemaRef()), { description: 'Schemas of properties by name pattern; not supported in CustomResourceDefinitions.' }),
  dependencies: field(32, types.map(orStringArray()), { description: 'Schemas or properties required when a property is present; not supported in CustomResourceDefinitions.' }),
  additionalItems: field(33, orBool(), { description: 'The schema of items beyond items; not supported in CustomResourceDefinitions.', pointer: true }),
  definitions: field(34, types.map(schemaRef()), { description: 'Named schemas to reference; not supported in CustomResourceDefinitions.' }),
  externalDocs: field(35, ExternalDocumentation, { description: 'Documentation elsewhere.', pointer: true }),
  example: field(36, jsonValue(), { description: 'An example value.', pointer: true }),
  nullable: field(37, types.bool(), { description: 'null is allowed (and kept) as a value.' }),
  'x-kubernetes-preserve-unknown-fields': field(38, types.bool(), {
    description: 'Keep fields the schema does not declare instead of pruning them; true or unset.',
    pointer: true,
  }),
  'x-kubernetes-embedded-resource': field(39, types.bool(), { description: 'The value is an embedded object with apiVersion, kind and metadata; type must be object.' }),
  'x-kubernetes-int-or-string': field(40, types.bool(), { description: 'The value is an integer or a string.' }),
  'x-kubernetes-list-map-keys': field(41, types.list(types.string()), {
    description: 'The properties that identify an item of a list of type map.',
    listType: 'atomic',
  }),
  'x-kubernetes-list-type': field(42, types.string(), { description: 'atomic, set or map: how a list merges.', pointer: true }),
  'x-kubernetes-map-type': field(43, types.string(), { description: 'granular or atomic: how an object merges.', pointer: true }),
  'x-kubernetes-validations': field(44, types.list(ValidationRule), {
    description: 'CEL rules the value must satisfy.',
    patchStrategy: 'merge',
    patchMergeKey: 'rule',
    listType: 'map',
    listMapKeys: ['rule'],
  }),
}) as unknown as z.ZodType<JSONSchemaProps>;
