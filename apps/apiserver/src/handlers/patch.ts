// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/patch.go (v1.33): PATCH picks its engine by
// Content-Type (JSON Patch, JSON merge patch, strategic merge patch) and applies it to the current
// object inside the update, so a conflict re-applies the patch to the fresh object.
import type { KindDefinition } from '@kapi/api';
import {
  decodeJsonObject,
  isJsonSyntaxError,
  newBadRequest,
  newInvalid,
  newUnsupportedMediaType,
  openAPIComponents,
  openAPIName,
  parseJson,
  fieldErrors,
  FieldPath,
  isJsonBuffer,
  parseWriteOptions,
  quote,
  yamlToJson,
  type FieldError,
  type FieldValidation,
  type KubeObject,
  type WriteOptions,
} from '@kapi/apimachinery';
import {
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  isPatchError,
  patchErrorToStatusError,
  patchMetaFromOpenApiV3,
  type PatchMeta,
} from '@kapi/patch';

/** Server-side apply's media type (JSON is YAML). */
export const applyPatchType = 'application/apply-patch+yaml';

/** The patch media types served for built-in kinds, in kube's order. */
export const patchMediaTypes = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', applyPatchType];

/** PatchOptions: the write options plus `force`, validated for the patch type (ValidatePatchOptions). */
export interface PatchOptions extends WriteOptions {
  force: boolean;
}

/**
 * The options of a PATCH from its query. `force` is for apply only, and apply needs a
 * `fieldManager`: otherwise kube's 422 on PatchOptions. An unsupported type is a 415 first.
 */
export function parsePatchOptions(q: URLSearchParams, contentType: string): PatchOptions {
  if (!patchMediaTypes.includes(contentType)) throw newUnsupportedMediaType(contentType, patchMediaTypes);
  const errs: FieldError[] = [];
  const forceParam = q.get('force');
  let force = false;
  if (forceParam !== null) {
    if (forceParam !== 'true' && forceParam !== 'false') throw newBadRequest(`strconv.ParseBool: parsing ${quote(forceParam)}: invalid syntax`);
    force = forceParam === 'true';
  }
  if (contentType !== applyPatchType) {
    if (forceParam !== null) errs.push(fieldErrors.forbidden(FieldPath.of('force'), 'may not be specified for non-apply patch'));
  } else if ((q.get('fieldManager') ?? '') === '') {
    errs.push(fieldErrors.required(FieldPath.of('fieldManager'), 'is required for apply patch'));
  }
  const opts = parseWriteOptions(q, 'PatchOptions', errs);
  return { ...opts, force };
}

/** An apply body as parsed: the object, and whether duplicate keys must be looked for with YAML's strictness. */
export interface ApplyBody {
  readonly object: KubeObject;
  /** False when the body is JSON without repeated keys: nothing for the strict check to find. */
  readonly mayHaveDuplicates: boolean;
}

/**
 * An apply body: one YAML (or JSON) document holding an object; anything else is kube's 400. JSON
 * bodies (what kubectl and client libraries send) take the JSON parser, which reads JSON as YAML does.
 */
export function parseApplyBody(body: Uint8Array): ApplyBody {
  if (isJsonBuffer(body)) {
    try {
      const parsed = parseJson(body, { reportDuplicates: true });
      if (typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)) {
        return { object: parsed.value as KubeObject, mayHaveDuplicates: parsed.duplicates.length > 0 };
      }
    } catch {
      // Not JSON after all: YAML's reading and messages below.
    }
  }
  let value: unknown;
  try {
    value = yamlToJson(body);
  } catch (err) {
    // sigs.k8s.io/yaml Unmarshal: YAMLToJSON's error, wrapped.
    const message = (err as { status?: { message?: string } }).status?.message ?? (err as Error).message;
    throw newBadRequest(`error decoding YAML: error converting YAML to JSON: ${message}`);
  }
  if (value === null || value === undefined) return { object: {} as KubeObject, mayHaveDuplicates: false };
  if (typeof value !== 'object' || Array.isArray(value)) {
    const type = Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
    throw newBadRequest(`error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${type} into Go value of type map[string]interface {}`);
  }
  return { object: value as KubeObject, mayHaveDuplicates: true };
}

/** fieldValidation of an apply body: duplicate keys fail (Strict) or warn (Warn), as yaml.UnmarshalStrict finds them. */
export function strictApplyCheck(body: Uint8Array, parsed: ApplyBody, fieldValidation: FieldValidation, warnings: string[]): void {
  if (fieldValidation === 'Ignore' || !parsed.mayHaveDuplicates) return;
  try {
    yamlToJson(body, { strict: true });
  } catch (err) {
    const message = `error converting YAML to JSON: ${(err as { status?: { message?: string } }).status?.message ?? (err as Error).message}`;
    if (fieldValidation === 'Strict') throw newBadRequest(`error strict decoding YAML: ${message}`);
    warnings.push(message);
  }
}

const metaCache = new WeakMap<KindDefinition, PatchMeta>();

/** The strategic-merge-patch metadata of a kind, read from the OpenAPI v3 schema it publishes. */
export function patchMetaOf(def: KindDefinition): PatchMeta {
  let meta = metaCache.get(def);
  if (!meta) {
    meta = patchMetaFromOpenApiV3({ components: { schemas: openAPIComponents([def.schema]) } }, openAPIName(def.schema));
    metaCache.set(def, meta);
  }
  return meta;
}

/** A patch body as JSON; a syntax error is a 400 with Go's message, as kube's decoders answer. */
function parsePatchBody(body: Uint8Array): unknown {
  try {
    return parseJson(body).value;
  } catch (err) {
    if (isJsonSyntaxError(err)) throw newBadRequest(err.status.message ?? 'invalid JSON');
    throw err;
  }
}

/**
 * Parses a PATCH body for its media type and returns the function that applies it to the current
 * object. An unsupported type is a 415 listing the served ones.
 */
export function preparePatch(contentType: string, body: Uint8Array, def: KindDefinition, customResource = false): (current: KubeObject) => KubeObject {
  // Custom resources take no strategic merge patch: their schema has no patch strategies (kube's 415).
  const accepted = customResource ? patchMediaTypes.filter((t) => t !== 'application/strategic-merge-patch+json') : patchMediaTypes;
  if (!accepted.includes(contentType) || contentType === applyPatchType) throw newUnsupportedMediaType(contentType, accepted);
  const patch = parsePatchBody(body);
  const run = (apply: () => unknown): KubeObject => {
    let out: unknown;
    try {
      out = apply();
    } catch (err) {
      if (isPatchError(err)) throw patchErrorToStatusError(err);
      throw err;
    }
    if (typeof out !== 'object' || out === null || Array.isArray(out)) {
      // The patched document does not decode into an object: kube's 422 on `patch`, with the
      // patched JSON as the value and the decoder's message.
      const patched = JSON.stringify(out);
      let detail = 'the patched document is not an object';
      try {
        decodeJsonObject(patched);
      } catch (err) {
        detail = (err as { status?: { message?: string } }).status?.message ?? detail;
      }
      throw newInvalid({ group: '', kind: '' }, '', [fieldErrors.invalid(FieldPath.of('patch'), patched, detail)]);
    }
    return out as KubeObject;
  };
  switch (contentType) {
    case 'application/json-patch+json':
      return (current) => run(() => applyJsonPatch(current, patch));
    case 'application/merge-patch+json':
      return (current) => run(() => applyMergePatch(current, patch));
    default:
      return (current) => run(() => applyStrategicMergePatch(current, patch, patchMetaOf(def)));
  }
}
