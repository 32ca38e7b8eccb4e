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
  type KubeObject,
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

/** The patch media types served for built-in kinds, in kube's order (apply arrives with server-side apply). */
export const patchMediaTypes = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

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
export function preparePatch(contentType: string, body: Uint8Array, def: KindDefinition): (current: KubeObject) => KubeObject {
  if (!patchMediaTypes.includes(contentType)) throw newUnsupportedMediaType(contentType, patchMediaTypes);
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
