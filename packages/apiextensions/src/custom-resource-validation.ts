// Behaviour of k8s.io/apiextensions-apiserver/pkg/registry/customresource/strategy.go (v0.33):
// the schema part of Validate and ValidateUpdate, in its order, with the seam where CEL rules
// (x-kubernetes-validations) plug in.
import { fieldErrors, jsonDeepEqual, type FieldError } from '@kapi/apimachinery';
import type { Structural } from './structural.ts';
import type { SchemaValidator } from './validation.ts';
import { validateEmbeddedResources } from './objectmeta.ts';
import { validateListSetsAndMaps } from './list-type.ts';
import { isJsonObject, type JsonObject } from './internal/json.ts';

/**
 * The CEL rules of a schema (x-kubernetes-validations), evaluated over the whole object: the seam
 * for the CEL slice. `old` is the stored object on update (for transition rules using oldSelf),
 * undefined on create. Returns field errors with kube's paths (a nil root, as kube passes).
 */
export type CelValidator = (value: JsonObject, old: JsonObject | undefined) => FieldError[];

/** What validates a custom resource's content. */
export interface CustomResourceSchemaChecks {
  /** The OpenAPI schema validator of the version ({@link newSchemaValidator}). */
  validator?: SchemaValidator;
  /** The version's structural schema (embedded resources, list-type set/map). */
  structural?: Structural;
  /** CEL rules; absent until the CEL slice provides them. */
  cel?: CelValidator;
}

const blockingTypes = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

/** hasBlockingErr: errors after which kube does not run CEL rules (their inputs would be wrong). */
export function celBlockingError(errs: readonly FieldError[]): FieldError | undefined {
  return errs.some((e) => blockingTypes.has(e.type))
    ? fieldErrors.invalid('<nil>', null, 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation')
    : undefined;
}

/**
 * The content checks of a custom resource on create, in kube's order: the OpenAPI schema, the
 * TypeMeta/ObjectMeta of embedded resources, list-type set/map uniqueness, then CEL rules unless
 * an earlier error blocks them (then one error says so instead). The root's own apiVersion, kind,
 * metadata and the scale subresource paths are the registry's to check.
 */
export function validateCustomResourceContent(value: JsonObject, checks: CustomResourceSchemaChecks): FieldError[] {
  return validateContent(value, undefined, checks);
}

/**
 * The same on update, with validation ratcheting as kube 1.33 does it (CRDValidationRatcheting):
 * schema errors in a value the update left as it was are dropped, CEL rules without oldSelf that
 * fail where nothing changed are not errors (kube turns them into warnings), and list-type errors
 * are only reported when the old object had none.
 */
export function validateCustomResourceContentUpdate(value: JsonObject, old: JsonObject, checks: CustomResourceSchemaChecks): FieldError[] {
  return validateContent(value, old, checks);
}

function validateContent(value: JsonObject, old: JsonObject | undefined, checks: CustomResourceSchemaChecks): FieldError[] {
  const errs: FieldError[] = [];
  if (checks.validator) {
    const schemaErrs = old === undefined ? checks.validator.validate(value) : checks.validator.validateUpdate(value, old);
    errs.push(...(old === undefined ? schemaErrs : schemaErrs.filter((e) => !ratcheted(e, value, old, checks.structural))));
  }
  errs.push(...validateEmbeddedResources(undefined, value, checks.structural, false));
  if (old === undefined || validateListSetsAndMaps(undefined, checks.structural, isJsonObject(old) ? old : undefined).length === 0) {
    errs.push(...validateListSetsAndMaps(undefined, checks.structural, value));
  }
  if (checks.cel) {
    const blocked = celBlockingError(errs);
    errs.push(...(blocked ? [blocked] : checks.cel(value, old)));
  }
  return errs;
}

/** A field path as kube prints it, split into keys and indexes (`spec.ports[0].name`, `<nil>` for the root). */
function pathSegments(field: string): (string | number)[] {
  if (field === '' || field === '<nil>') return [];
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(/^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!);
  }
  return out;
}

/**
 * Whether a schema error is ratcheted: the value whose validation raised it (the object holding a
 * missing required field, else the value at the error's path) equals its old value, or, where it
 * has no correlated old value (a new field, an item of a list that is not a map or set list), its
 * nearest correlated ancestor does (kube's ratchetingValueValidator over a CorrelatedObject).
 */
function ratcheted(e: FieldError, value: unknown, old: unknown, structural: Structural | undefined): boolean {
  const segments = pathSegments(e.field);
  if (e.type === 'FieldValueRequired') segments.pop();
  let v = value;
  let o = old;
  let s = structural;
  for (const seg of segments) {
    if (typeof seg === 'number' && Array.isArray(v) && Array.isArray(o)) {
      const item = v[seg];
      let match: unknown;
      if (s?.xListType === 'map' && s.xListMapKeys && isJsonObject(item)) {
        match = o.find((x) => isJsonObject(x) && s!.xListMapKeys!.every((k) => jsonDeepEqual(x[k], item[k])));
      } else if (s?.xListType === 'set') {
        match = o.find((x) => jsonDeepEqual(x, item));
      }
      if (match === undefined) break;
      v = item;
      o = match;
      s = s?.items;
    } else if (typeof seg === 'string' && isJsonObject(v) && isJsonObject(o) && seg in v && seg in o) {
      v = v[seg];
      o = o[seg];
      s = s?.properties?.[seg] ?? s?.additionalProperties?.structural;
    } else break;
  }
  return jsonDeepEqual(v, o);
}
