// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/validation/validation.go (v0.33):
// NewSchemaValidator and ValidateCustomResource over kube-openapi's validator, and how its errors
// become field errors.
import type { JSONSchemaProps } from '@kapi/api';
import { fieldErrors, type FieldError, type FieldPath } from '@kapi/apimachinery';
import { compileSchema, validateNode, type OpenAPIError } from './internal/openapi-validate.ts';
import { goChild, goPathArg, type GoPath } from './internal/go-path.ts';

/**
 * Validates custom resources against one CRD version's openAPIV3Schema, as kube does before
 * CEL: types (with x-kubernetes-int-or-string and nullable), the formats kube supports, enum,
 * pattern, bounds, multipleOf, lengths, item and property counts, uniqueItems, required,
 * properties/additionalProperties/items, allOf/anyOf/oneOf/not.
 *
 * {@link SchemaValidator.validateUpdate} validates the new object alone; ratcheting
 * (CRDValidationRatcheting) is applied to its errors by validateCustomResourceContentUpdate.
 */
export interface SchemaValidator {
  /** The errors of `value`, with kube's paths and messages; empty when valid. */
  validate(value: unknown, path?: FieldPath): FieldError[];
  /** The errors of `value` on update from `old` (`old` is not consulted here; see validateCustomResourceContentUpdate). */
  validateUpdate(value: unknown, old: unknown, path?: FieldPath): FieldError[];
}

/**
 * NewSchemaValidator: a validator for a CRD version's schema (undefined: everything is valid).
 * Formats kube does not know are ignored. Throws nothing for a schema that passed CRD validation.
 */
export function newSchemaValidator(schema: JSONSchemaProps | undefined): SchemaValidator {
  return schemaValidator(schema === undefined ? undefined : compileSchema(schema, 'crd'));
}

/**
 * NewSchemaValidatorFromOpenAPI: a validator for an OpenAPI schema taken as it is, as kube
 * validates default values against a structural schema's {@link toJSONSchemaProps}: every format
 * kept (unknown ones only affect the type check), x-kubernetes-int-or-string not turned into a
 * type.
 */
export function newSchemaValidatorFromOpenAPI(schema: JSONSchemaProps): SchemaValidator {
  return schemaValidator(compileSchema(schema, 'openapi'));
}

function schemaValidator(node: ReturnType<typeof compileSchema> | undefined): SchemaValidator {
  const validate = (value: unknown, path?: FieldPath): FieldError[] => {
    if (node === undefined) return [];
    const result = validateNode(node, value, '');
    return result.errors.map((e) => toFieldError(path, e));
  };
  return { validate, validateUpdate: (value, _old, path) => validate(value, path) };
}

/**
 * ValidateCustomResource: the schema errors of a custom resource (a decoded JSON object). kube
 * calls it with a nil path, so errors about the whole value (anyOf, oneOf, allOf, not, a root of
 * the wrong type) print their path as `<nil>`; pass `path` to root them elsewhere.
 */
export function validateCustomResource(path: FieldPath | undefined, value: unknown, validator: SchemaValidator | undefined): FieldError[] {
  return validator?.validate(value, path) ?? [];
}

/** kubeOpenAPIResultToFieldErrors. */
function toFieldError(fldPath: GoPath, e: OpenAPIError): FieldError {
  if (e.code === 'composite') return fieldErrors.invalid(goPathArg(fldPath), '', e.message);
  const errPath = e.name !== '' && e.name !== '.' ? goChild(fldPath, e.name.replace(/^\./, '')) : fldPath;
  const at = goPathArg(errPath);
  const value = e.value ?? '';
  switch (e.code) {
    case 'required':
      return fieldErrors.required(at, '');
    case 'enum':
      return fieldErrors.notSupported(
        at,
        e.value ?? null,
        (e.values ?? []).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      );
    case 'tooLong':
      return fieldErrors.tooLong(at, '', e.valid ?? -1);
    case 'maxItems':
    case 'tooManyProperties':
      return fieldErrors.tooMany(at, typeof e.value === 'number' ? e.value : -1, e.valid ?? -1);
    case 'invalidType':
      return { type: 'FieldValueTypeInvalid', field: String(at), badValue: value, detail: e.message };
    default:
      return fieldErrors.invalid(at, value, e.message);
  }
}
