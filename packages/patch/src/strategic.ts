/**
 * `@kapi/patch/strategic` — strategic merge patch as kube-apiserver applies
 * `application/strategic-merge-patch+json` and kubectl creates it, with merge keys and strategies
 * read from OpenAPI v3 or v2 documents.
 */
export {
  applyStrategicMergePatch,
  createTwoWayMergePatch,
  createThreeWayMergePatch,
  sortMergeLists,
  type TwoWayMergePatchOptions,
  type ThreeWayMergePatchOptions,
} from './strategic/patch.ts';
export { patchMetaFromOpenApiV3, patchMetaFromOpenApiV2, type PatchMeta, type FieldPatchMeta } from './strategic/meta.ts';
export { requireKeyUnchanged, requireMetadataKeyUnchanged, type PreconditionFunc } from './preconditions.ts';
export { PatchError, isPatchError, isConflictError, isPreconditionFailedError, type PatchErrorKind } from './errors.ts';
export { patchErrorToStatusError, httpStatusOfPatchError } from './status.ts';
