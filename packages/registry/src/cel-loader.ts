// @kapi/cel, loaded the first time a CRD's schema holds x-kubernetes-validations: its CEL engine
// (@bufbuild/cel with the protobuf runtime, ~130 modules) is the largest part of what a server
// would otherwise import at start (50–100 ms), and only CRDs with validation rules use it. The
// CRD store and the CRD controller await loadCel() before the synchronous code that compiles or
// runs rules (validation, serving a CRD's versions) can need it.
import type * as Cel from '@kapi/cel';

let cel: typeof Cel | undefined;
let loading: Promise<typeof Cel> | undefined;

/** Loads @kapi/cel (once); resolves when loadedCel() can be called. */
export function loadCel(): Promise<typeof Cel> {
  loading ??= import('@kapi/cel').then(
    (m) => (cel = m),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** @kapi/cel once loadCel() has resolved; a caller that did not await it is a bug. */
export function loadedCel(): typeof Cel {
  if (!cel) throw new Error('@kapi/cel is used before loadCel() resolved');
  return cel;
}

/**
 * Whether `value` (a CRD's spec, a version's schema) may hold CEL rules: true when the key
 * `x-kubernetes-validations` appears anywhere in it. Where it is false no rule compiles or runs,
 * and CEL need not be loaded.
 */
export function mayHoldRules(value: unknown): boolean {
  return value !== undefined && JSON.stringify(value).includes('"x-kubernetes-validations"');
}
