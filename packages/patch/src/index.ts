/**
 * @kapi/patch — the patch engines kube-apiserver applies to PATCH requests: JSON merge patch today;
 * JSON Patch, strategic merge patch and server-side apply are built by their own issues.
 */
export { applyMergePatch } from './merge-patch.ts';
