/**
 * `@kapi/patch/merge` — RFC 7386 JSON merge patch: applied as kube-apiserver applies
 * `application/merge-patch+json`, and created (two- and three-way) as kubectl creates it for
 * resources without a strategic schema.
 */
export { applyMergePatch, createMergePatch } from './merge-patch.ts';
export { createThreeWayJsonMergePatch, type ThreeWayJsonMergePatchOptions } from './three-way-merge-patch.ts';
export { requireKeyUnchanged, requireMetadataKeyUnchanged, type PreconditionFunc } from './preconditions.ts';
export { PatchError, isPatchError, isConflictError, isPreconditionFailedError, type PatchErrorKind } from './errors.ts';
export { patchErrorToStatusError, httpStatusOfPatchError } from './status.ts';
