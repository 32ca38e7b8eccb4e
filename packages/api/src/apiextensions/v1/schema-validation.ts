// Behaviour of k8s.io/apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go
// (v1.33) for one schema: validateCustomResourceDefinitionValidation and
// ValidateCustomResourceDefinitionOpenAPISchema (what JSON-Schema Kubernetes supports, list and
// map types, x-kubernetes-validations without compiling their CEL), with the structural checks.
import { FieldPath, fieldErrors, type FieldError } from '@kapi/apimachinery';
import type { JSONSchemaProps } from './json-schema.ts';
import { additionalPropertiesSchema, hasAdditionalProperties, itemsSchema, structuralError, validFieldPath, validateStructural } from './structural.ts';
import type { CustomResourceValidation } from './types.ts';
import { goStrings } from './internal.ts';
import { invalidGo } from '../../core/v1/validation-helpers.ts';

type Schema = JSONSchemaProps;

/** The switches of validationOptions this port honours. */
export interface SchemaValidationOptions {
  allowDefaults: boolean;
  requireValidPropertyType: boolean;
  requireStructuralSchema: boolean;
  requireAtomicSetType: boolean;
  requireMapListKeysMapSetValidation: boolean;
}

const openapiV3Types = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const supportedValidationReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];
const metaFields = new Set(['metadata', 'kind', 'apiVersion']);

/** Fields of JSONSchemaProps allowed at the root of a schema whose resource has a status subresource. */
const allowedAtRoot = new Set([
  'description',
  'type',
  'format',
  'title',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
  'required',
  'items',
  'properties',
  'externalDocs',
  'example',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-validations',
]);
const allowedAtRootGo =
  '[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations]';

/** The JSONSchemaProps fields in Go struct order (the order kube checks the root fields in). */
const goFieldOrder = [
  'id', '$schema', '$ref', 'description', 'type', 'format', 'title', 'default', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'enum',
  'maxProperties', 'minProperties', 'required', 'items', 'allOf', 'oneOf', 'anyOf', 'not', 'properties', 'additionalProperties',
  'patternProperties', 'dependencies', 'additionalItems', 'definitions', 'externalDocs', 'example', 'nullable',
  'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type', 'x-kubernetes-validations',
]; // prettier-ignore

/** A field holds Go's zero value (false, "", nil; an empty list or map is not nil). */
function isGoZero(s: Schema, k: string): boolean {
  const v = s[k];
  if (v === undefined || v === null) return true;
  // Pointer fields: set means non-nil, whatever the value.
  if (['$ref', 'default', 'maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'multipleOf', 'maxProperties', 'minProperties', 'example'].includes(k)) {
    return false;
  }
  if (['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-list-type', 'x-kubernetes-map-type', 'items', 'not', 'additionalProperties', 'additionalItems', 'externalDocs'].includes(k)) {
    return false;
  }
  return v === false || v === '';
}

/** specStandardValidatorV3's state as it descends a schema. */
interface Standard {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  insideResourceMeta: boolean;
  requireValidPropertyType: boolean;
}

function validateStandard(ssv: Standard, s: Schema, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = s.type ?? '';
  if (ssv.requireValidPropertyType && type !== '' && !openapiV3Types.includes(type)) errs.push(fieldErrors.notSupported(path.child('type'), type, openapiV3Types));
  if (s.default !== undefined && s.default !== null && !ssv.allowDefaults) {
    errs.push(fieldErrors.forbidden(path.child('default'), ssv.disallowDefaultsReason ? `must not be set ${ssv.disallowDefaultsReason}` : 'must not be set'));
  }
  if (s.id) errs.push(fieldErrors.forbidden(path.child('id'), 'id is not supported'));
  if (s.additionalItems !== undefined && s.additionalItems !== null) errs.push(fieldErrors.forbidden(path.child('additionalItems'), 'additionalItems is not supported'));
  if (Object.keys(s.patternProperties ?? {}).length > 0) errs.push(fieldErrors.forbidden(path.child('patternProperties'), 'patternProperties is not supported'));
  if (Object.keys(s.definitions ?? {}).length > 0) errs.push(fieldErrors.forbidden(path.child('definitions'), 'definitions is not supported'));
  if (s.dependencies !== undefined && s.dependencies !== null) errs.push(fieldErrors.forbidden(path.child('dependencies'), 'dependencies is not supported'));
  if (s.$ref !== undefined) errs.push(fieldErrors.forbidden(path.child('$ref'), '$ref is not supported'));
  if (type === 'null') errs.push(fieldErrors.forbidden(path.child('type'), 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(s.items) && s.items.length > 0) errs.push(fieldErrors.forbidden(path.child('items'), 'items must be a schema object and not an array'));
  if (ssv.insideResourceMeta && s['x-kubernetes-embedded-resource']) {
    errs.push(fieldErrors.forbidden(path.child('x-kubernetes-embedded-resource'), 'must not be used inside of resource meta'));
  }
  return errs;
}

const hasNewlines = (s: string) => /[\n\r]/.test(s);

function validateRules(s: Schema, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (s['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const at = path.child('x-kubernetes-validations').index(i);
    const ruleText = (rule.rule ?? '').trim();
    const message = rule.message ?? '';
    const msg = message.trim();
    const messageExpression = rule.messageExpression ?? '';
    if (ruleText === '') errs.push(fieldErrors.required(at.child('rule'), 'rule is not specified'));
    else if (message.length > 0 && msg === '') errs.push(fieldErrors.invalid(at.child('message'), message, 'message must be non-empty if specified'));
    else if (hasNewlines(msg)) errs.push(fieldErrors.invalid(at.child('message'), message, 'message must not contain line breaks'));
    else if (hasNewlines(ruleText) && msg === '') errs.push(fieldErrors.required(at.child('message'), 'message must be specified if rule contains line breaks'));
    if (messageExpression.length > 0 && messageExpression.trim() === '') {
      errs.push(fieldErrors.required(at.child('messageExpression'), 'messageExpression must be non-empty if specified'));
    }
    if (rule.reason !== undefined && !supportedValidationReasons.includes(rule.reason)) {
      errs.push(fieldErrors.notSupported(at.child('reason'), rule.reason, supportedValidationReasons));
    }
    const fieldPath = rule.fieldPath ?? '';
    if (fieldPath.length > 0 && fieldPath.trim() === '') errs.push(fieldErrors.invalid(at.child('fieldPath'), fieldPath, 'fieldPath must be non-empty if specified'));
    if (hasNewlines(fieldPath)) errs.push(fieldErrors.invalid(at.child('fieldPath'), fieldPath, 'fieldPath must not contain line breaks'));
    if (fieldPath.length > 0 && !pathValid(s, fieldPath)) errs.push(fieldErrors.invalid(at.child('fieldPath'), fieldPath, 'fieldPath must be a valid path'));
  });
  return errs;
}

/** pathValid: a rule's fieldPath names a field of a structural schema (anything goes otherwise). */
function pathValid(s: Schema, path: string): boolean {
  if (structuralError(s) !== undefined) return true;
  try {
    validFieldPath(path, s);
    return true;
  } catch {
    return false;
  }
}

/** validateMapListKeysMapSet: keys of map lists are required or defaulted, not nullable; items not nullable. */
function validateMapListKeysMapSet(s: Schema, path: FieldPath): FieldError[] {
  const item = itemsSchema(s);
  const listType = s['x-kubernetes-list-type'];
  if (!item || (listType !== 'set' && listType !== 'map')) return [];
  const errs: FieldError[] = [];
  if (item.nullable) errs.push(fieldErrors.forbidden(path.child('items').child('nullable'), `cannot be nullable when x-kubernetes-list-type is ${listType}`));
  if (listType === 'map') {
    const required = new Set(item.required ?? []);
    const props = item.properties ?? {};
    for (const k of s['x-kubernetes-list-map-keys'] ?? []) {
      const p = Object.hasOwn(props, k) ? props[k] : undefined;
      if (!p) continue;
      const at = path.child('items').child('properties').key(k);
      if (!required.has(k) && (p.default === undefined || p.default === null)) {
        errs.push(fieldErrors.required(at.child('default'), 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
      }
      if (p.nullable) errs.push(fieldErrors.forbidden(at.child('nullable'), 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
    }
  }
  return errs;
}

function validateListAndMapTypes(s: Schema, path: FieldPath, opts: SchemaValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const type = s.type ?? '';
  const mapType = s['x-kubernetes-map-type'];
  const listType = s['x-kubernetes-list-type'];
  const mapKeys = s['x-kubernetes-list-map-keys'] ?? [];
  if (mapType !== undefined && type !== 'object') {
    const msg = 'must be object if x-kubernetes-map-type is specified';
    errs.push(type === '' ? fieldErrors.required(path.child('type'), msg) : fieldErrors.invalid(path.child('type'), type, msg));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') errs.push(fieldErrors.notSupported(path.child('x-kubernetes-map-type'), mapType, ['atomic', 'granular']));
  const item = itemsSchema(s);
  if (listType !== undefined && type !== 'array') {
    const msg = 'must be array if x-kubernetes-list-type is specified';
    errs.push(type === '' ? fieldErrors.required(path.child('type'), msg) : fieldErrors.invalid(path.child('type'), type, msg));
  } else if (opts.requireAtomicSetType && listType === 'set' && item) {
    const msg = 'must be atomic as item of a list with x-kubernetes-list-type=set';
    const itemListType = item['x-kubernetes-list-type'];
    if (item.type === 'array' && itemListType !== undefined && itemListType !== 'atomic') {
      errs.push(fieldErrors.invalid(path.child('items').child('x-kubernetes-list-type'), itemListType, msg));
    } else if (item.type === 'object' && item['x-kubernetes-map-type'] !== 'atomic') {
      // Upstream reports the item's list type here (usually unset, so null).
      errs.push(fieldErrors.invalid(path.child('items').child('x-kubernetes-map-type'), itemListType ?? null, msg));
    }
  }
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    errs.push(fieldErrors.notSupported(path.child('x-kubernetes-list-type'), listType, ['atomic', 'set', 'map']));
  }
  if (mapKeys.length > 0) {
    const msg = 'must be map if x-kubernetes-list-map-keys is non-empty';
    if (listType === undefined) errs.push(fieldErrors.required(path.child('x-kubernetes-list-type'), msg));
    else if (listType !== 'map') errs.push(fieldErrors.invalid(path.child('x-kubernetes-list-type'), listType, msg));
  }
  if (listType === 'map') {
    if (mapKeys.length === 0) errs.push(fieldErrors.required(path.child('x-kubernetes-list-map-keys'), 'must not be empty if x-kubernetes-list-type is map'));
    if (s.items === undefined || s.items === null) errs.push(fieldErrors.required(path.child('items'), 'must have a schema if x-kubernetes-list-type is map'));
    else if (!item) errs.push(fieldErrors.invalid(path.child('items'), s.items, 'must only have a single schema if x-kubernetes-list-type is map'));
    if (item && item.type !== 'object') {
      errs.push(fieldErrors.invalid(path.child('items').child('type'), item.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    }
    if (item && item.type === 'object') {
      const props = item.properties ?? {};
      const seen = new Set<string>();
      for (const k of mapKeys) {
        const p = Object.hasOwn(props, k) ? props[k] : undefined;
        if (p) {
          if (p.type === 'array' || p.type === 'object') {
            // Upstream reports the item's type ("object") as the value.
            errs.push(fieldErrors.invalid(path.child('items').child('properties').key(k).child('type'), item.type, "must be a scalar type if parent array's x-kubernetes-list-type is map"));
          }
        } else {
          errs.push(invalidGo(path.child('x-kubernetes-list-map-keys'), goStrings(mapKeys), 'entries must all be names of item properties'));
        }
        if (seen.has(k)) errs.push(invalidGo(path.child('x-kubernetes-list-map-keys'), goStrings(mapKeys), 'must not contain duplicate entries'));
        seen.add(k);
      }
    }
  }
  return errs;
}

/** ValidateCustomResourceDefinitionOpenAPISchema, without the CEL compilation of rules. */
export function validateOpenAPISchema(s: Schema | undefined, path: FieldPath, ssv: Standard, isRoot: boolean, opts: SchemaValidationOptions): FieldError[] {
  if (!s) return [];
  const errs = validateStandard(ssv, s, path);
  if (s.uniqueItems) errs.push(fieldErrors.forbidden(path.child('uniqueItems'), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  const props = Object.entries(s.properties ?? {});
  if (hasAdditionalProperties(s)) {
    if (props.length > 0 && (s.additionalProperties === false || additionalPropertiesSchema(s))) {
      errs.push(fieldErrors.forbidden(path.child('additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
    }
    // Defaults inside maps of object metadata (labels, annotations) cannot be pruned: forbidden.
    const sub = ssv.insideResourceMeta ? { ...ssv, allowDefaults: false, disallowDefaultsReason: 'inside additionalProperties applying to object metadata' } : ssv;
    errs.push(...validateOpenAPISchema(additionalPropertiesSchema(s), path.child('additionalProperties'), sub, false, opts));
  }
  for (const [name, p] of props) {
    let sub = ssv;
    if ((isRoot || s['x-kubernetes-embedded-resource']) && metaFields.has(name)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = { ...sub, allowDefaults: false, disallowDefaultsReason: `in top-level ${name}` };
    }
    errs.push(...validateOpenAPISchema(p, path.child('properties').key(name), sub, false, opts));
  }
  errs.push(...validateOpenAPISchema(s.not, path.child('not'), ssv, false, opts));
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) (s[k] ?? []).forEach((x, i) => errs.push(...validateOpenAPISchema(x, path.child(k).index(i), ssv, false, opts)));
  for (const [name, d] of Object.entries(s.definitions ?? {})) errs.push(...validateOpenAPISchema(d, path.child('definitions').key(name), ssv, false, opts));
  if (s.items !== undefined && s.items !== null) {
    errs.push(...validateOpenAPISchema(itemsSchema(s), path.child('items'), ssv, false, opts));
    if (Array.isArray(s.items)) s.items.forEach((x, i) => errs.push(...validateOpenAPISchema(x, path.child('items').index(i), ssv, false, opts)));
  }
  for (const [name, d] of Object.entries(s.dependencies ?? {})) {
    if (d && !Array.isArray(d)) errs.push(...validateOpenAPISchema(d, path.child('dependencies').key(name), ssv, false, opts));
  }
  if (s['x-kubernetes-preserve-unknown-fields'] === false) {
    errs.push(fieldErrors.invalid(path.child('x-kubernetes-preserve-unknown-fields'), false, 'must be true or undefined'));
  }
  errs.push(...validateListAndMapTypes(s, path, opts));
  if (opts.requireMapListKeysMapSetValidation) errs.push(...validateMapListKeysMapSet(s, path));
  errs.push(...validateRules(s, path));
  return errs;
}

/** validateCustomResourceDefinitionValidation: one schema (per version or top-level). */
export function validateCustomResourceValidation(
  validation: CustomResourceValidation | undefined,
  statusEnabled: boolean,
  opts: SchemaValidationOptions,
  path: FieldPath,
): FieldError[] {
  const schema = validation?.openAPIV3Schema;
  if (!schema) return [];
  const errs: FieldError[] = [];
  if (statusEnabled) {
    // With a status subresource, status is validated as properties.status: the root may only
    // hold what survives that split.
    for (const k of goFieldOrder) {
      if (isGoZero(schema, k)) continue;
      if (k === 'type') {
        if (schema.type !== 'object') {
          errs.push(fieldErrors.invalid(path.child('openAPIV3Schema.type'), schema.type, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'));
          break;
        }
        continue;
      }
      if (!allowedAtRoot.has(k)) {
        errs.push(fieldErrors.invalid(path.child('openAPIV3Schema'), schema, `only ${allowedAtRootGo} fields are allowed at the root of the schema if the status subresource is enabled`));
        break;
      }
    }
  }
  if (schema.nullable) errs.push(fieldErrors.forbidden(path.child('openAPIV3Schema.nullable'), 'nullable cannot be true at the root'));
  const at = path.child('openAPIV3Schema');
  let structuralInit: FieldError[] = [];
  if (opts.requireStructuralSchema) {
    const initError = structuralError(schema);
    if (initError !== undefined) structuralInit = [fieldErrors.invalid(at, '', initError)];
    else errs.push(...validateStructural(schema, at));
  }
  const ssv: Standard = { allowDefaults: opts.allowDefaults, disallowDefaultsReason: '', insideResourceMeta: false, requireValidPropertyType: opts.requireValidPropertyType };
  errs.push(...validateOpenAPISchema(schema, at, ssv, true, opts));
  if (errs.length === 0) errs.push(...structuralInit);
  return errs;
}
