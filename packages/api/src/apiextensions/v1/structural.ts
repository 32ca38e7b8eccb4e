// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/schema convert.go (NewStructural),
// validation.go and complete.go (ValidateStructural), and pkg/apiserver/schema/cel/validation.go
// ValidFieldPath (v1.33), over JSONSchemaProps in their JSON form: what makes a schema
// "structural" — a type at every level, value validations (anyOf, allOf, oneOf, not) that only
// restrict what the structure already declares, metadata left to the server.
import { FieldPath, fieldErrorString, fieldErrors, type FieldError } from '@kapi/apimachinery';
import type { JSONSchemaProps } from './json-schema.ts';

type Schema = JSONSchemaProps;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The single schema of `items` (undefined for none or a list). */
export const itemsSchema = (s: Schema): Schema | undefined => (isObject(s.items) ? s.items : undefined);
/** The schema of `additionalProperties`, when it is one. */
export const additionalPropertiesSchema = (s: Schema): Schema | undefined => (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
/** `additionalProperties` is set (a schema or a boolean): Go's non-nil *JSONSchemaPropsOrBool. */
export const hasAdditionalProperties = (s: Schema): boolean => s.additionalProperties !== undefined && s.additionalProperties !== null;
const nonEmpty = (o: object | undefined): boolean => o !== undefined && o !== null && Object.keys(o).length > 0;

/**
 * NewStructural's error for a schema kube cannot make structural (fields it does not support, an
 * items list, x-kubernetes-preserve-unknown-fields false), looked for in NewStructural's order.
 */
export function structuralError(s: Schema | undefined): string | undefined {
  if (s === undefined) return undefined;
  const unsupported = unsupportedField(s);
  if (unsupported) return unsupported;
  const vv = valueValidationError(s);
  if (vv) return vv;
  if (s['x-kubernetes-preserve-unknown-fields'] === false) return "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
  if (Array.isArray(s.items) && s.items.length > 0) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  const item = structuralError(itemsSchema(s));
  if (item) return item;
  for (const p of Object.values(s.properties ?? {})) {
    const e = structuralError(p);
    if (e) return e;
  }
  return structuralError(additionalPropertiesSchema(s));
}

function unsupportedField(s: Schema): string | undefined {
  if (s.id) return "OpenAPIV3Schema 'id' is not supported";
  if (s.$schema) return "OpenAPIV3Schema 'schema' is not supported";
  if (s.$ref) return "OpenAPIV3Schema '$ref' is not supported";
  if (nonEmpty(s.patternProperties)) return "OpenAPIV3Schema 'patternProperties' is not supported";
  if (nonEmpty(s.dependencies)) return "OpenAPIV3Schema 'dependencies' is not supported";
  if (s.additionalItems !== undefined && s.additionalItems !== null) return "OpenAPIV3Schema 'additionalItems' is not supported";
  if (nonEmpty(s.definitions)) return "OpenAPIV3Schema 'definitions' is not supported";
  return undefined;
}

/** newValueValidation → newNestedValueValidation for not, allOf, anyOf and oneOf. */
function valueValidationError(s: Schema): string | undefined {
  for (const n of [...(s.not ? [s.not] : []), ...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const e = nestedError(n);
    if (e) return e;
  }
  return undefined;
}

function nestedError(s: Schema): string | undefined {
  const unsupported = unsupportedField(s);
  if (unsupported) return unsupported;
  const vv = valueValidationError(s);
  if (vv) return vv;
  if (s['x-kubernetes-preserve-unknown-fields'] === false) return "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined";
  if (Array.isArray(s.items) && s.items.length > 0) return "OpenAPIV3Schema 'items' must be a schema, but is an array";
  const item = itemsSchema(s);
  if (item) {
    const e = nestedError(item);
    if (e) return e;
  }
  for (const p of Object.values(s.properties ?? {})) {
    const e = nestedError(p);
    if (e) return e;
  }
  const ap = additionalPropertiesSchema(s);
  return ap ? nestedError(ap) : undefined;
}

// --- ValidateStructural ------------------------------------------------------------------------

type Level = 'root' | 'item' | 'field';

/** The value-validation part of a schema as Go's structs hold it: only the fields that are set. */
function projection(s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keep = (k: string, set: boolean, v: unknown = s[k]) => {
    if (set) out[k] = v;
  };
  for (const k of ['format', 'pattern', 'type', 'description', 'title']) keep(k, typeof s[k] === 'string' && s[k] !== '');
  for (const k of ['exclusiveMaximum', 'exclusiveMinimum', 'uniqueItems', 'nullable', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string']) {
    keep(k, s[k] === true);
  }
  keep('x-kubernetes-preserve-unknown-fields', s['x-kubernetes-preserve-unknown-fields'] === true);
  for (const k of ['maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'multipleOf', 'maxProperties', 'minProperties']) {
    keep(k, typeof s[k] === 'number');
  }
  for (const k of ['x-kubernetes-list-type', 'x-kubernetes-map-type']) keep(k, typeof s[k] === 'string');
  for (const k of ['required', 'enum', 'x-kubernetes-list-map-keys', 'x-kubernetes-validations']) keep(k, Array.isArray(s[k]));
  keep('default', s.default !== undefined && s.default !== null);
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[k];
    if (Array.isArray(list)) out[k] = list.map(projection);
  }
  if (s.not) out.not = projection(s.not);
  const item = itemsSchema(s);
  if (item) out.items = projection(item);
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, projection(v)]));
  if (hasAdditionalProperties(s)) {
    const ap = additionalPropertiesSchema(s);
    out.additionalProperties = ap ? projection(ap) : s.additionalProperties;
  }
  return out;
}

const onlyType = (s: Schema | undefined, type: string) => s !== undefined && JSON.stringify(projection(s)) === JSON.stringify({ type });

/** anyOf: [{type: integer}, {type: string}] exactly (the int-or-string pattern). */
function isIntOrStringAnyOf(anyOf: readonly Schema[] | undefined): boolean {
  return anyOf?.length === 2 && onlyType(anyOf[0], 'integer') && onlyType(anyOf[1], 'string');
}

function validateInvariants(s: Schema, lvl: Level, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const item = itemsSchema(s);
  if (s.type === 'array' && !item) errs.push(fieldErrors.required(path.child('items'), 'must be specified'));
  if (item) errs.push(...validateInvariants(item, 'item', path.child('items')));
  for (const [k, v] of Object.entries(s.properties ?? {})) errs.push(...validateInvariants(v, 'field', path.child('properties').key(k)));
  if (hasAdditionalProperties(s)) {
    if (lvl === 'root') errs.push(fieldErrors.forbidden(path.child('additionalProperties'), 'must not be used at the root'));
    const ap = additionalPropertiesSchema(s);
    if (ap) errs.push(...validateInvariants(ap, 'field', path.child('additionalProperties')));
  }
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (intOrString && preserve) errs.push(fieldErrors.invalid(path.child('x-kubernetes-preserve-unknown-fields'), true, 'must be false if x-kubernetes-int-or-string is true'));
  if (intOrString && embedded) errs.push(fieldErrors.invalid(path.child('x-kubernetes-embedded-resource'), true, 'must be false if x-kubernetes-int-or-string is true'));
  errs.push(...validateValueValidation(s, isIntOrStringAnyOf(s.anyOf), isIntOrStringAnyOf(s.allOf?.[0]?.anyOf), path));
  const type = s.type ?? '';
  if (embedded && type !== 'object') {
    errs.push(
      type === ''
        ? fieldErrors.required(path.child('type'), 'must be object if x-kubernetes-embedded-resource is true')
        : fieldErrors.invalid(path.child('type'), type, 'must be object if x-kubernetes-embedded-resource is true'),
    );
  } else if (type === '' && !intOrString && !preserve) {
    const where = { root: 'at the root', item: 'for specified array items', field: 'for specified object fields' }[lvl];
    errs.push(fieldErrors.required(path.child('type'), `must not be empty ${where}`));
  }
  if (embedded && hasAdditionalProperties(s)) {
    errs.push(fieldErrors.forbidden(path.child('additionalProperties'), 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (lvl === 'root' && type !== '' && type !== 'object') errs.push(fieldErrors.invalid(path.child('type'), type, 'must be object at the root'));
  const checkMetadata = lvl === 'root' || embedded;
  const props = s.properties ?? {};
  for (const name of ['kind', 'apiVersion']) {
    const p = Object.hasOwn(props, name) ? props[name] : undefined;
    if (p && checkMetadata && p.type !== 'string') {
      errs.push(fieldErrors.invalid(path.child('properties').key(name).child('type'), p.type ?? '', 'must be string'));
    }
  }
  const metadata = Object.hasOwn(props, 'metadata') ? props.metadata : undefined;
  if (metadata) errs.push(...validateMetadata(metadata, checkMetadata, lvl, path.child('properties').key('metadata')));
  if (embedded && !preserve && Object.keys(props).length === 0) {
    errs.push(fieldErrors.required(path.child('properties'), 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'));
  }
  return errs;
}

function validateMetadata(s: Schema, checkMetadata: boolean, lvl: Level, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (checkMetadata && s.type !== 'object') errs.push(fieldErrors.invalid(path.child('type'), s.type ?? '', 'must be object'));
  if (lvl === 'root') {
    // At the root only name and generateName may be specified: the server owns the rest.
    const rest = projection(s);
    delete rest.type;
    delete rest.default;
    const names = Object.keys(s.properties ?? {});
    const onlyNames = names.length > 0 && names.length <= 2 && names.every((n) => n === 'name' || n === 'generateName');
    if (onlyNames) delete rest.properties;
    if (Object.keys(rest).length > 0) {
      errs.push(fieldErrors.forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
    }
  }
  return errs;
}

function validateValueValidation(s: Schema, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: FieldPath, nestedValidationsAllowed = false): FieldError[] {
  const errs: FieldError[] = [];
  if (!skipAnyOf) (s.anyOf ?? []).forEach((v, i) => errs.push(...validateNested(v, false, path.child('anyOf').index(i), false)));
  (s.allOf ?? []).forEach((v, i) => errs.push(...validateNested(v, skipFirstAllOfAnyOf && i === 0, path.child('allOf').index(i), nestedValidationsAllowed)));
  (s.oneOf ?? []).forEach((v, i) => errs.push(...validateNested(v, false, path.child('oneOf').index(i), false)));
  if (s.not) errs.push(...validateNested(s.not, false, path.child('not'), false));
  return errs;
}

function validateNested(v: Schema, skipAnyOf: boolean, path: FieldPath, validationsAllowed: boolean): FieldError[] {
  const errs = validateValueValidation(v, skipAnyOf, false, path, validationsAllowed);
  const item = itemsSchema(v);
  if (item) errs.push(...validateNested(item, false, path.child('items'), validationsAllowed));
  for (const [k, p] of Object.entries(v.properties ?? {})) errs.push(...validateNested(p, false, path.child('properties').key(k), validationsAllowed));
  if (v.type) errs.push(fieldErrors.forbidden(path.child('type'), 'must be empty to be structural'));
  // additionalProperties: false makes no nested schema; true or a schema does.
  if (hasAdditionalProperties(v) && v.additionalProperties !== false) {
    errs.push(fieldErrors.forbidden(path.child('additionalProperties'), 'must be undefined to be structural'));
  }
  if (v.default !== undefined && v.default !== null) errs.push(fieldErrors.forbidden(path.child('default'), 'must be undefined to be structural'));
  if (v.title) errs.push(fieldErrors.forbidden(path.child('title'), 'must be empty to be structural'));
  if (v.description) errs.push(fieldErrors.forbidden(path.child('description'), 'must be empty to be structural'));
  if (v.nullable) errs.push(fieldErrors.forbidden(path.child('nullable'), 'must be false to be structural'));
  if (v['x-kubernetes-preserve-unknown-fields'] === true) errs.push(fieldErrors.forbidden(path.child('x-kubernetes-preserve-unknown-fields'), 'must be false to be structural'));
  if (v['x-kubernetes-embedded-resource']) errs.push(fieldErrors.forbidden(path.child('x-kubernetes-embedded-resource'), 'must be false to be structural'));
  if (v['x-kubernetes-int-or-string']) errs.push(fieldErrors.forbidden(path.child('x-kubernetes-int-or-string'), 'must be false to be structural'));
  if ((v['x-kubernetes-list-map-keys'] ?? []).length > 0) errs.push(fieldErrors.forbidden(path.child('x-kubernetes-list-map-keys'), 'must be empty to be structural'));
  if (typeof v['x-kubernetes-list-type'] === 'string') errs.push(fieldErrors.forbidden(path.child('x-kubernetes-list-type'), 'must be undefined to be structural'));
  if (typeof v['x-kubernetes-map-type'] === 'string') errs.push(fieldErrors.forbidden(path.child('x-kubernetes-map-type'), 'must be undefined to be structural'));
  if ((v['x-kubernetes-validations'] ?? []).length > 0 && !validationsAllowed) {
    errs.push(fieldErrors.forbidden(path.child('x-kubernetes-validations'), 'must be empty to be structural'));
  }
  if (v.properties && Object.hasOwn(v.properties, 'metadata')) {
    errs.push(fieldErrors.forbidden(path.child('properties').key('metadata'), 'must not be specified in a nested context'));
  }
  return errs;
}

/** validateStructuralCompleteness: what value validations name must exist in the structure. */
function validateCompleteness(v: Schema, s: Schema | undefined, sPath: FieldPath, vPath: FieldPath): FieldError[] {
  if (s === undefined) return [fieldErrors.required(sPath, `because it is defined in ${String(vPath)}`)];
  const errs: FieldError[] = [];
  const nested = (n: Schema, at: FieldPath) => errs.push(...validateNestedCompleteness(n, s, sPath, at));
  if (v.not) nested(v.not, vPath.child('not'));
  (v.allOf ?? []).forEach((n, i) => nested(n, vPath.child('allOf').index(i)));
  (v.anyOf ?? []).forEach((n, i) => nested(n, vPath.child('anyOf').index(i)));
  (v.oneOf ?? []).forEach((n, i) => nested(n, vPath.child('oneOf').index(i)));
  return errs;
}

function validateNestedCompleteness(v: Schema, s: Schema | undefined, sPath: FieldPath, vPath: FieldPath): FieldError[] {
  if (s === undefined) return [fieldErrors.required(sPath, `because it is defined in ${String(vPath)}`)];
  const errs = validateCompleteness(v, s, sPath, vPath);
  const vItem = itemsSchema(v);
  if (vItem) errs.push(...validateNestedCompleteness(vItem, itemsSchema(s), sPath.child('items'), vPath.child('items')));
  const sProps = s.properties ?? {};
  for (const [k, p] of Object.entries(v.properties ?? {})) {
    const sp = Object.hasOwn(sProps, k) ? sProps[k] : undefined;
    if (!sp) errs.push(fieldErrors.required(sPath.child('properties').key(k), `because it is defined in ${String(vPath.child('properties').key(k))}`));
    else errs.push(...validateNestedCompleteness(p, sp, sPath.child('properties').key(k), vPath.child('properties').key(k)));
  }
  return errs;
}

/**
 * ValidateStructural: the invariants and completeness of a schema NewStructural accepted, sorted
 * by their text as kube sorts them.
 */
export function validateStructural(schema: Schema, path: FieldPath): FieldError[] {
  const errs = [...validateInvariants(schema, 'root', path), ...validateCompleteness(schema, schema, path, path)];
  return errs.sort((a, b) => compareStrings(fieldErrorString(a), fieldErrorString(b)));
}

function compareStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** A schema is structural: NewStructural accepts it and ValidateStructural finds nothing. */
export function isStructural(schema: Schema): boolean {
  return structuralError(schema) === undefined && validateStructural(schema, FieldPath.of('')).length === 0;
}

// --- SchemaHas ---------------------------------------------------------------------------------

/** SchemaHas: `pred` holds for the schema or any schema inside it. */
export function schemaHas(s: Schema | undefined, pred: (s: Schema) => boolean): boolean {
  if (!s) return false;
  if (pred(s)) return true;
  const children: (Schema | undefined)[] = [
    itemsSchema(s),
    ...(Array.isArray(s.items) ? s.items : []),
    ...(s.allOf ?? []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    s.not,
    ...Object.values(s.properties ?? {}),
    additionalPropertiesSchema(s),
    ...Object.values(s.patternProperties ?? {}),
    isObject(s.additionalItems) ? s.additionalItems : undefined,
    ...Object.values(s.definitions ?? {}),
    ...Object.values(s.dependencies ?? {}).map((d) => (isObject(d) ? d : undefined)),
  ];
  return children.some((c) => schemaHas(c, pred));
}

// --- ValidFieldPath ------------------------------------------------------------------------------

/** The tokens of a simple JSON path: `.`, `[`, `]`, quoted strings and names between them. */
function tokens(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === "'") {
      let j = i + 1;
      while (j < path.length && !(path[j] === "'" && path[j - 1] !== '\\')) j++;
      out.push(path.slice(i, Math.min(j + 1, path.length)));
      i = j + 1;
    } else if ('.[]'.includes(path[i]!)) {
      out.push(path[i]!);
      i++;
    } else {
      let j = i;
      while (j < path.length && !'.[]'.includes(path[j]!)) j++;
      out.push(path.slice(i, j));
      i = j;
    }
  }
  return out;
}

const escapes: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

/**
 * ValidFieldPath: resolves `.a.b['c.d']` against a structural schema to the path kube prints
 * (`a.b.c.d`, map keys as `[k]`), its first element and the schema it ends at; throws an Error with
 * kube's message when the path is malformed or names no field.
 */
export function validFieldPath(jsonPath: string, root: Schema, allowArrayNotation = true): { path: string; root: string | undefined; schema: Schema | undefined } {
  let schema: Schema | undefined = root;
  let path = '';
  let first: string | undefined;
  const step = (name: string) => {
    if (schema && nonEmpty(schema.properties)) {
      path = path === '' ? name : `${path}.${name}`;
      first ??= name;
      const props: Record<string, Schema> = schema.properties!;
      const next: Schema | undefined = Object.hasOwn(props, name) ? props[name] : undefined;
      if (!next) throw new Error('does not refer to a valid field');
      schema = next;
    } else if (schema && hasAdditionalProperties(schema)) {
      path = `${path}[${name}]`;
      first ??= '';
      schema = additionalPropertiesSchema(schema);
    } else {
      throw new Error('does not refer to a valid field');
    }
  };
  const toks = tokens(jsonPath);
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!;
    if (tok === '[') {
      if (!allowArrayNotation) throw new Error('array notation is not allowed');
      const quoted = toks[++i];
      if (quoted === undefined) throw new Error('unexpected end of JSON path');
      if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'")) throw new Error(`expected single quoted string but got ${quoted}`);
      let bad: string | undefined;
      const name = quoted.slice(1, -1).replace(/\\[\s\S]/g, (m) => {
        const e = escapes[m[1]!];
        if (e === undefined) bad ??= m;
        return e ?? '';
      });
      if (bad !== undefined) throw new Error(`invalid string literal: invalid escape char ${bad}`);
      step(name);
      const close = toks[++i];
      if (close === undefined) throw new Error('unexpected end of JSON path');
      if (close !== ']') throw new Error(`expected ] but got ${close}`);
    } else if (tok === '.') {
      const name = toks[++i];
      if (name === undefined) throw new Error('unexpected end of JSON path');
      step(name);
    } else {
      throw new Error(`expected [ or . but got: ${tok}`);
    }
  }
  return { path, root: first, schema };
}
