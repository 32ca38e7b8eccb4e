/**
 * `@kapi/patch/json` — RFC 6902 JSON Patch as kube-apiserver applies `application/json-patch+json`.
 */
export { applyJsonPatch, maxJsonPatchOperations, defaultJsonPatchMaxCopyBytes, type JsonPatchOptions } from './json-patch.ts';
export { PatchError, isPatchError, type PatchErrorKind } from './errors.ts';
export { patchErrorToStatusError, httpStatusOfPatchError } from './status.ts';
