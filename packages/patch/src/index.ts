/**
 * @kapi/patch — the patch engines kube-apiserver applies to PATCH requests and kubectl creates
 * patches with: JSON Patch (RFC 6902), JSON merge patch (RFC 7386) and strategic merge patch,
 * each as Kubernetes does it. The same exports are split by patch type in `@kapi/patch/json`,
 * `@kapi/patch/merge` and `@kapi/patch/strategic`. Server-side apply arrives in its own issue.
 */
export * from './json.ts';
export * from './merge.ts';
export * from './strategic.ts';
