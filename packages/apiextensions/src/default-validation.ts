// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/validation.go
// (ValidateDefaults) and prune.go (PruneDefaults) (v0.33): the default values of a CRD schema
// checked, and pruned, in the context of the resource they will land in.
import { aggregateFieldErrors, fieldErrorString, fieldErrors, jsonDeepEqual, type FieldError } from '@kapi/apimachinery';
import { toJSONSchemaProps, type Structural } from './structural.ts';
import { prune } from './pruning.ts';
import { coerceEmbeddedResources, validateEmbeddedResources } from './objectmeta.ts';
import { newSchemaValidatorFromOpenAPI } from './validation.ts';
import { deepCopyJson, type JsonObject } from './internal/json.ts';
import { childOf, indexOf, rootObject, withTypeMeta, type SurroundingObject } from './internal/surrounding-object.ts';
import { goChild, goKey, type GoPath } from './internal/go-path.ts';

/**
 * The CEL rules of one schema node, run on its default value: the seam for the CEL slice.
 * `isResourceRoot` is true for the resource root and embedded resources.
 */
export type DefaultCelValidator = (path: GoPath, s: Structural, value: unknown, isResourceRoot: boolean) => FieldError[];

const typeMetaFor = (f: SurroundingObject) => withTypeMeta(f, 'validation/v1', 'Validation');
const metaFields = new Set(['metadata', 'apiVersion', 'kind']);

/**
 * ValidateDefaults: every default in `s` must be valid where it lands: pruned already (with
 * `requirePrunedDefaults`, as v1 CRDs require: "must not have unknown fields"), with valid
 * embedded apiVersion/kind/metadata, valid against the node's schema (kube's validator over
 * {@link toJSONSchemaProps}), and (through `cel`) its CEL rules. Defaults inside metadata,
 * apiVersion or kind of a resource are checked in a whole surrounding object ("must result in
 * valid metadata: …"). Defaults under additionalProperties are not checked, as in kube. Throws an
 * Error when a default inside metadata cannot be placed (kube's internal error).
 */
export function validateDefaults(path: GoPath, s: Structural | undefined, isResourceRoot: boolean, requirePrunedDefaults: boolean, cel?: DefaultCelValidator): FieldError[] {
  if (isResourceRoot) {
    s ??= {};
    if (!s.xEmbeddedResource) s = { ...s, xEmbeddedResource: true };
  }
  return validate(path, s, s, typeMetaFor(rootObject()), false, requirePrunedDefaults, cel);
}

function validate(
  path: GoPath,
  s: Structural | undefined,
  rootSchema: Structural | undefined,
  f: SurroundingObject,
  insideMeta: boolean,
  requirePruned: boolean,
  cel: DefaultCelValidator | undefined,
): FieldError[] {
  if (s === undefined) return [];
  if (s.xEmbeddedResource) {
    insideMeta = false;
    f = typeMetaFor(rootObject());
    rootSchema = s;
  }
  const isResourceRoot = s === rootSchema;
  const errs: FieldError[] = [];
  if (s.default !== undefined && s.default !== null) {
    const at = goChild(path, 'default');
    const validator = newSchemaValidatorFromOpenAPI(toJSONSchemaProps(s));
    if (insideMeta) {
      let obj: JsonObject;
      try {
        obj = f(deepCopyJson(s.default)).obj;
      } catch (e) {
        throw new Error(`failed to validate default value inside metadata: ${(e as Error).message}`);
      }
      const coerced = coerceEmbeddedResources(undefined, obj, rootSchema, true);
      const metaErrs = coerced.error ? [] : validateEmbeddedResources(undefined, obj, rootSchema, true);
      if (coerced.error) errs.push(fieldErrors.invalid(at, s.default, `must result in valid metadata: ${fieldErrorString(coerced.error)}`));
      else if (metaErrs.length > 0) errs.push(fieldErrors.invalid(at, s.default, `must result in valid metadata: ${aggregateFieldErrors(metaErrs)}`));
      else errs.push(...schemaThenCel(at, s, s.default, validator, isResourceRoot, cel));
    } else {
      if (requirePruned) {
        const pruned = deepCopyJson(s.default);
        prune(pruned, s, { isResourceRoot: s.xEmbeddedResource === true });
        if (!jsonDeepEqual(pruned, s.default)) errs.push(fieldErrors.invalid(at, s.default, 'must not have unknown fields'));
      }
      // kube coerces the default in place; the schema here stays untouched and a copy is checked.
      const value = deepCopyJson(s.default);
      const coerced = coerceEmbeddedResources(at, value, s, s.xEmbeddedResource === true);
      if (coerced.error) errs.push(coerced.error);
      else {
        const metaErrs = validateEmbeddedResources(at, value, s, s.xEmbeddedResource === true);
        if (metaErrs.length > 0) errs.push(...metaErrs);
        else errs.push(...schemaThenCel(at, s, value, validator, isResourceRoot, cel));
      }
    }
  }
  if (s.items) errs.push(...validate(goChild(path, 'items'), s.items, rootSchema, indexOf(f), insideMeta, requirePruned, cel));
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    const subInsideMeta = insideMeta || (s.xEmbeddedResource === true && metaFields.has(k));
    errs.push(...validate(goKey(goChild(path, 'properties'), k), p, rootSchema, childOf(f, k), subInsideMeta, requirePruned, cel));
  }
  return errs;
}

function schemaThenCel(at: GoPath, s: Structural, value: unknown, validator: ReturnType<typeof newSchemaValidatorFromOpenAPI>, isResourceRoot: boolean, cel: DefaultCelValidator | undefined): FieldError[] {
  const errs = validator.validate(value, at);
  if (errs.length > 0 || !cel || !s.xValidations?.length) return errs;
  return cel(at, s, value, isResourceRoot);
}

/**
 * PruneDefaults: a copy of `s` whose defaults have their unknown fields pruned (and embedded
 * metadata coerced, malformed fields dropped) in the context of the whole resource, and whether
 * anything changed. kube prunes the defaults of CRDs created before pruned defaults were
 * required. Throws when a default cannot be placed (e.g. a non-object default at the root).
 */
export function pruneDefaults(s: Structural): { schema: Structural; changed: boolean } {
  const schema = deepCopyJson(s);
  const changed = pruneNode(schema, schema, rootObject());
  return { schema, changed };
}

function pruneNode(s: Structural, rootSchema: Structural, f: SurroundingObject): boolean {
  let changed = false;
  if (s.default !== undefined && s.default !== null) {
    const orig = deepCopyJson(s.default);
    let next: unknown;
    try {
      const { obj, acc } = f(s.default);
      const coerced = coerceEmbeddedResources(undefined, obj, rootSchema, true, { dropInvalidFields: true });
      if (coerced.error) throw new Error(fieldErrorString(coerced.error));
      prune(obj, rootSchema, { isResourceRoot: true });
      next = acc(obj).value;
    } catch (e) {
      throw new Error(`failed to prune default value: ${(e as Error).message}`);
    }
    if (next === undefined) delete s.default;
    else s.default = next;
    changed = !jsonDeepEqual(orig, next ?? null);
  }
  const ap = s.additionalProperties?.structural;
  if (ap && pruneNode(ap, rootSchema, childOf(f, '*'))) changed = true;
  if (s.items && pruneNode(s.items, rootSchema, indexOf(f))) changed = true;
  for (const [k, p] of Object.entries(s.properties ?? {})) if (pruneNode(p, rootSchema, childOf(f, k))) changed = true;
  return changed;
}
