// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/structural.go, convert.go, unfold.go and kubeopenapi.go (v0.33).
import type { JSONSchemaProps, ValidationRule } from '@kapi/api';

/**
 * The generic part of a schema node: what it is and how it looks in documentation. `default` is
 * absent when the schema has none (a JSON `null` default counts as none, as in kube).
 */
export interface Generic {
  description?: string;
  /** object, array, number, integer, boolean or string; empty only with int-or-string or preserve-unknown-fields. */
  type?: string;
  title?: string;
  default?: unknown;
  nullable?: boolean;
}

/** The x-kubernetes-* vendor extensions that shape how values are stored and merged. */
export interface Extensions {
  /** Unknown fields below this node are kept (until properties or additionalProperties switch pruning back on). */
  xPreserveUnknownFields?: boolean;
  /** The value is an embedded object with apiVersion, kind and metadata. */
  xEmbeddedResource?: boolean;
  /** The value is an integer or a string. */
  xIntOrString?: boolean;
  xListMapKeys?: string[];
  /** atomic, set or map. */
  xListType?: string;
  /** granular or atomic. */
  xMapType?: string;
}

/** The CEL rules of a node (x-kubernetes-validations); evaluated by the CEL slice, not here. */
export interface ValidationExtensions {
  xValidations?: ValidationRule[];
}

/** The value validations of a node: they restrict values without adding structure. */
export interface ValueValidation {
  format?: string;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  multipleOf?: number;
  enum?: unknown[];
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  allOf?: NestedValueValidation[];
  oneOf?: NestedValueValidation[];
  anyOf?: NestedValueValidation[];
  not?: NestedValueValidation;
}

/**
 * A value validation under allOf, anyOf, oneOf or not. It may only restrict: anything in
 * `forbiddenGenerics` or `forbiddenExtensions` makes the schema non-structural (ValidateStructural
 * says so), except the int-or-string patterns.
 */
export interface NestedValueValidation extends ValueValidation, ValidationExtensions {
  items?: NestedValueValidation;
  properties?: Record<string, NestedValueValidation>;
  additionalProperties?: NestedValueValidation;
  forbiddenGenerics: Generic;
  forbiddenExtensions: Extensions;
}

/** `additionalProperties`: a schema (then `bool` is true) or a bare true/false. */
export interface StructuralOrBool {
  structural?: Structural;
  bool: boolean;
}

/**
 * A structural schema: a type at every specified level, properties, items and additionalProperties
 * as the structure, and value validations that only restrict it. The one representation that
 * validation, pruning, defaulting and (later) OpenAPI and the typed schema for server-side apply
 * walk. Values are plain; nothing here is mutated by the algorithms that read it.
 */
export interface Structural extends Generic, Extensions, ValidationExtensions {
  items?: Structural;
  properties?: Record<string, Structural>;
  additionalProperties?: StructuralOrBool;
  valueValidation?: ValueValidation;
}

type Schema = JSONSchemaProps;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (o: object | null | undefined): boolean => o !== undefined && o !== null && Object.keys(o).length > 0;
const has = (v: unknown): boolean => v !== undefined && v !== null;

/** Throws kube's error for the fields a structural schema cannot hold. */
function checkUnsupported(s: Schema): void {
  const fail = (m: string): never => {
    throw new Error(m);
  };
  if (s.id) fail("OpenAPIV3Schema 'id' is not supported");
  if (s.$schema) fail("OpenAPIV3Schema 'schema' is not supported");
  if (s.$ref) fail("OpenAPIV3Schema '$ref' is not supported");
  if (nonEmpty(s.patternProperties)) fail("OpenAPIV3Schema 'patternProperties' is not supported");
  if (nonEmpty(s.dependencies)) fail("OpenAPIV3Schema 'dependencies' is not supported");
  if (has(s.additionalItems)) fail("OpenAPIV3Schema 'additionalItems' is not supported");
  if (nonEmpty(s.definitions)) fail("OpenAPIV3Schema 'definitions' is not supported");
}

function generic(s: Schema): Generic {
  const g: Generic = {};
  if (s.description) g.description = s.description;
  if (s.type) g.type = s.type;
  if (s.title) g.title = s.title;
  if (has(s.default)) g.default = s.default;
  if (s.nullable) g.nullable = true;
  return g;
}

function extensions(s: Schema): Extensions {
  const x: Extensions = {};
  const preserve = s['x-kubernetes-preserve-unknown-fields'];
  if (preserve === false) throw new Error("internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined");
  if (preserve === true) x.xPreserveUnknownFields = true;
  if (s['x-kubernetes-embedded-resource']) x.xEmbeddedResource = true;
  if (s['x-kubernetes-int-or-string']) x.xIntOrString = true;
  const keys = s['x-kubernetes-list-map-keys'];
  if (keys) x.xListMapKeys = [...keys];
  const listType = s['x-kubernetes-list-type'];
  if (typeof listType === 'string') x.xListType = listType;
  const mapType = s['x-kubernetes-map-type'];
  if (typeof mapType === 'string') x.xMapType = mapType;
  return x;
}

function validationExtensions(s: Schema): ValidationExtensions {
  const rules = s['x-kubernetes-validations'];
  return rules && rules.length > 0 ? { xValidations: rules.map((r) => ({ ...r })) } : {};
}

const numberKeys = ['maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'multipleOf', 'maxProperties', 'minProperties'] as const;

function valueValidation(s: Schema): ValueValidation {
  const v: ValueValidation = {};
  if (s.format) v.format = s.format;
  if (s.pattern) v.pattern = s.pattern;
  for (const k of numberKeys) {
    const n = s[k];
    if (typeof n === 'number') v[k] = n;
  }
  if (s.exclusiveMaximum) v.exclusiveMaximum = true;
  if (s.exclusiveMinimum) v.exclusiveMinimum = true;
  if (s.uniqueItems) v.uniqueItems = true;
  if (s.enum && s.enum.length > 0) v.enum = [...s.enum];
  if (s.required && s.required.length > 0) v.required = [...s.required];
  if (s.not) v.not = nested(s.not);
  if (s.allOf && s.allOf.length > 0) v.allOf = s.allOf.map(nested);
  if (s.anyOf && s.anyOf.length > 0) v.anyOf = s.anyOf.map(nested);
  if (s.oneOf && s.oneOf.length > 0) v.oneOf = s.oneOf.map(nested);
  return v;
}

function itemSchema(s: Schema): Schema | undefined {
  if (Array.isArray(s.items)) {
    if (s.items.length > 0) throw new Error("OpenAPIV3Schema 'items' must be a schema, but is an array");
    return undefined;
  }
  return isSchema(s.items) ? s.items : undefined;
}

function nested(s: Schema): NestedValueValidation {
  checkUnsupported(s);
  const v: NestedValueValidation = {
    ...valueValidation(s),
    ...validationExtensions(s),
    forbiddenGenerics: generic(s),
    forbiddenExtensions: extensions(s),
  };
  const item = itemSchema(s);
  if (item) v.items = nested(item);
  if (s.properties) v.properties = Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, nested(p)]));
  if (isSchema(s.additionalProperties)) v.additionalProperties = nested(s.additionalProperties);
  else if (s.additionalProperties === true) v.additionalProperties = { forbiddenGenerics: {}, forbiddenExtensions: {} };
  return v;
}

/**
 * NewStructural: a CRD version's openAPIV3Schema as a structural schema. Throws an Error with
 * kube's message for what no structural schema can hold (`id`, `$schema`, `$ref`,
 * patternProperties, dependencies, additionalItems, definitions, an items list,
 * x-kubernetes-preserve-unknown-fields: false). A schema that passed CRD validation never throws.
 * externalDocs and example are dropped. Does not check structurality: see
 * {@link validateStructural}.
 */
export function newStructural(s: JSONSchemaProps): Structural;
export function newStructural(s: JSONSchemaProps | undefined): Structural | undefined;
export function newStructural(s: JSONSchemaProps | undefined): Structural | undefined {
  if (s === undefined || s === null) return undefined;
  checkUnsupported(s);
  const out: Structural = { ...generic(s), ...extensions(s), ...validationExtensions(s), valueValidation: valueValidation(s) };
  const item = itemSchema(s);
  if (item) out.items = newStructural(item);
  if (nonEmpty(s.properties)) out.properties = Object.fromEntries(Object.entries(s.properties!).map(([k, p]) => [k, newStructural(p)]));
  if (isSchema(s.additionalProperties)) out.additionalProperties = { structural: newStructural(s.additionalProperties), bool: true };
  else if (typeof s.additionalProperties === 'boolean') out.additionalProperties = { bool: s.additionalProperties };
  return out;
}

/** anyOf exactly [{type: integer}, {type: string}] with nothing else: the int-or-string pattern. */
export function isIntOrStringAnyOf(anyOf: readonly NestedValueValidation[] | undefined): boolean {
  if (anyOf?.length !== 2) return false;
  return anyOf.every((n, i) => isOnlyType(n, i === 0 ? 'integer' : 'string'));
}

function isOnlyType(n: NestedValueValidation, type: string): boolean {
  const { forbiddenGenerics, forbiddenExtensions, ...rest } = n;
  return (
    Object.keys(rest).length === 0 &&
    Object.keys(forbiddenExtensions).length === 0 &&
    Object.keys(forbiddenGenerics).length === 1 &&
    forbiddenGenerics.type === type
  );
}

/** The int-or-string pattern as the first allOf entry: allOf: [{anyOf: [{type: integer}, {type: string}]}, …]. */
export function isIntOrStringAllOf(s: Structural): boolean {
  return isIntOrStringAnyOf(s.valueValidation?.allOf?.[0]?.anyOf);
}

const intOrStringAnyOf = (): NestedValueValidation[] => [
  { forbiddenGenerics: { type: 'integer' }, forbiddenExtensions: {} },
  { forbiddenGenerics: { type: 'string' }, forbiddenExtensions: {} },
];

/**
 * Unfold: a copy of `s` in which every x-kubernetes-int-or-string node spells out its type as
 * `anyOf: [{type: integer}, {type: string}]` (or, when it has an anyOf of its own, as the first
 * allOf entry), unless one of the two patterns is already there. `s` is not changed.
 */
export function unfold(s: Structural): Structural {
  const out: Structural = { ...s };
  if (s.items) out.items = unfold(s.items);
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, unfold(p)]));
  if (s.additionalProperties?.structural) out.additionalProperties = { ...s.additionalProperties, structural: unfold(s.additionalProperties.structural) };
  if (s.xIntOrString && !isIntOrStringAnyOf(s.valueValidation?.anyOf) && !isIntOrStringAllOf(s)) {
    const vv: ValueValidation = { ...s.valueValidation };
    if (vv.anyOf === undefined) vv.anyOf = intOrStringAnyOf();
    else vv.allOf = [{ anyOf: intOrStringAnyOf(), forbiddenGenerics: {}, forbiddenExtensions: {} }, ...(vv.allOf ?? [])];
    out.valueValidation = vv;
  }
  return out;
}

function genericProps(g: Generic, out: JSONSchemaProps): void {
  if (g.type) out.type = g.type;
  if (g.nullable) out.nullable = true;
  if (g.description) out.description = g.description;
  if (g.title) out.title = g.title;
  if (g.default !== undefined && g.default !== null) out.default = g.default;
}

function extensionProps(x: Extensions, out: JSONSchemaProps): void {
  if (x.xPreserveUnknownFields) out['x-kubernetes-preserve-unknown-fields'] = true;
  if (x.xEmbeddedResource) out['x-kubernetes-embedded-resource'] = true;
  if (x.xIntOrString) out['x-kubernetes-int-or-string'] = true;
  if (x.xListMapKeys && x.xListMapKeys.length > 0) out['x-kubernetes-list-map-keys'] = [...x.xListMapKeys];
  if (x.xListType !== undefined) out['x-kubernetes-list-type'] = x.xListType;
  if (x.xMapType !== undefined) out['x-kubernetes-map-type'] = x.xMapType;
}

function valueValidationProps(v: ValueValidation | undefined, out: JSONSchemaProps): void {
  if (v === undefined) return;
  if (v.format) out.format = v.format;
  if (v.pattern) out.pattern = v.pattern;
  for (const k of numberKeys) if (v[k] !== undefined) out[k] = v[k];
  if (v.exclusiveMaximum) out.exclusiveMaximum = true;
  if (v.exclusiveMinimum) out.exclusiveMinimum = true;
  if (v.uniqueItems) out.uniqueItems = true;
  if (v.enum) out.enum = [...v.enum];
  if (v.required) out.required = [...v.required];
  if (v.allOf) out.allOf = v.allOf.map(nestedProps);
  if (v.anyOf) out.anyOf = v.anyOf.map(nestedProps);
  if (v.oneOf) out.oneOf = v.oneOf.map(nestedProps);
  if (v.not) out.not = nestedProps(v.not);
}

function validationExtensionProps(x: ValidationExtensions, out: JSONSchemaProps): void {
  if (x.xValidations && x.xValidations.length > 0) out['x-kubernetes-validations'] = x.xValidations.map((r) => ({ ...r }));
}

function nestedProps(n: NestedValueValidation): JSONSchemaProps {
  const out: JSONSchemaProps = {};
  valueValidationProps(n, out);
  validationExtensionProps(n, out);
  if (n.items) out.items = nestedProps(n.items);
  if (n.properties) out.properties = Object.fromEntries(Object.entries(n.properties).map(([k, p]) => [k, nestedProps(p)]));
  // Normally empty; the int-or-string patterns put their types here.
  genericProps(n.forbiddenGenerics, out);
  extensionProps(n.forbiddenExtensions, out);
  return out;
}

/**
 * ToKubeOpenAPI: the schema back as an OpenAPI v3 schema (JSONSchemaProps' JSON form), what
 * kube validates default values with and publishes. additionalProperties under value
 * validations is dropped, as kube drops it.
 */
export function toJSONSchemaProps(s: Structural): JSONSchemaProps {
  const out: JSONSchemaProps = {};
  if (s.items) out.items = toJSONSchemaProps(s.items);
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, p]) => [k, toJSONSchemaProps(p)]));
  if (s.additionalProperties) out.additionalProperties = s.additionalProperties.structural ? toJSONSchemaProps(s.additionalProperties.structural) : s.additionalProperties.bool;
  genericProps(s, out);
  extensionProps(s, out);
  valueValidationProps(s.valueValidation, out);
  validationExtensionProps(s, out);
  return out;
}
