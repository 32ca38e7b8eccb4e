// Behaviour of k8s.io/apimachinery/pkg/util/validation/validation.go (v0.33.13) and the small
// helpers of k8s.io/kubernetes pkg/apis/core/validation/validation.go (v1.33) that the core/v1
// kinds share: port numbers and names, environment variable names, IPs, local paths, kube finalizer
// names.
import {
  FieldPath,
  fieldErrors,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  maxLenError,
  omitValue,
  validateObjectMeta,
  validateObjectMetaUpdate,
  type FieldError,
  type NameValidator,
  type ObjectMeta,
} from '@kapi/apimachinery';

export const isNegativeErrorMsg = 'must be greater than or equal to 0';
export const fileModeErrorMsg = 'must be a number between 0 and 0777 (octal), both inclusive';

/** `must be between lo and hi, inclusive` */
export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

/** Problems with a port number; empty when 1–65535. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** Problems with a port name (an IANA_SVC_NAME); empty when valid. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(port, 'utf8') > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/**
 * Problems with an environment variable name under RelaxedEnvironmentVariableValidation (beta, on
 * by default in v1.33): printable ASCII other than '='.
 */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name must be non-empty');
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0x7e || cp < 0x20 || ch === '=') {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

/** Whether Go's net.ParseIP (sloppy: leading zeros allowed, as kube's ParseIPSloppy) reads `s` as IPv4. */
export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255);
}

/** Whether `s` is an IPv6 address in text form, optionally ending in an IPv4 address. */
export function isIPv6(s: string): boolean {
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    if (!isIPv4(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const all = [...groups(halves[0]!), ...(halves.length === 2 ? groups(halves[1]!) : [])];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? all.length <= 7 : all.length === 8;
}

/** validation.IsValidIP: one Invalid error at `path` unless `value` is an IPv4 or IPv6 address. */
export function validateIP(path: FieldPath, value: string): FieldError[] {
  if (isIPv4(value) || isIPv6(value)) return [];
  return [fieldErrors.invalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** Invalid errors for each problem the check finds with `value`. */
export function invalidEach(path: FieldPath, value: unknown, msgs: readonly string[]): FieldError[] {
  return msgs.map((m) => fieldErrors.invalid(path, value, m));
}

export const validateDNS1123Label = (value: string, path: FieldPath): FieldError[] => invalidEach(path, value, isDNS1123Label(value));
export const validateDNS1123Subdomain = (value: string, path: FieldPath): FieldError[] => invalidEach(path, value, isDNS1123Subdomain(value));
export const validateQualifiedName = (value: string, path: FieldPath): FieldError[] => invalidEach(path, value, isQualifiedName(value));

/** ValidateNonnegativeField. */
export function validateNonnegative(value: number, path: FieldPath): FieldError[] {
  return value < 0 ? [fieldErrors.invalid(path, value, isNegativeErrorMsg)] : [];
}

/** A NotSupported error; `valid` is printed in the given order (upstream passes sorted sets). */
export function notSupported(path: FieldPath, value: string, valid: readonly string[]): FieldError {
  return fieldErrors.notSupported(path, value, valid);
}

/** An Invalid error whose value kube prints with Go's %#v (structs); `goText` is that rendering. */
export function invalidGo(path: FieldPath, goText: string, detail: string): FieldError {
  return fieldErrors.invalid(path, omitValue, detail === '' ? goText : `${goText}: ${detail}`);
}

/** A Duplicate error whose value kube prints with Go's %#v. */
export function duplicateGo(path: FieldPath, goText: string): FieldError {
  return { type: 'FieldValueDuplicate', field: String(path), badValue: omitValue, detail: goText };
}

// --- Paths ----------------------------------------------------------------------------------

/** validatePathNoBacksteps: no `..` element. */
export function validatePathNoBacksteps(target: string, path: FieldPath): FieldError[] {
  return target.split('/').includes('..') ? [fieldErrors.invalid(path, target, "must not contain '..'")] : [];
}

/** validateLocalDescendingPath: relative, no `..` element. */
export function validateLocalDescendingPath(target: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith('/')) errs.push(fieldErrors.invalid(path, target, 'must be a relative path'));
  errs.push(...validatePathNoBacksteps(target, path));
  return errs;
}

/** ValidateLocalNonReservedPath: a local descending path that does not start with `..`. */
export function validateLocalNonReservedPath(target: string, path: FieldPath): FieldError[] {
  const errs = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errs.push(fieldErrors.invalid(path, target, "must not start with '..'"));
  return errs;
}

// --- Object metadata ------------------------------------------------------------------------

const standardFinalizers = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** validateKubeFinalizerName: a finalizer without a '/' must be one of the standard ones. */
function validateKubeFinalizerNames(meta: ObjectMeta, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (meta.finalizers ?? []).forEach((f, i) => {
    if (!f.includes('/') && !standardFinalizers.has(f)) {
      errs.push(fieldErrors.invalid(path.child('finalizers').index(i), f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

/** core's ValidateObjectMeta: the generic rules plus kube finalizer names. */
export function validateCoreObjectMeta(meta: ObjectMeta | undefined, namespaced: boolean, nameValidator: NameValidator): FieldError[] {
  const path = FieldPath.of('metadata');
  const m = meta ?? {};
  return [...validateObjectMeta(m, { namespaced, nameValidator }, path), ...validateKubeFinalizerNames(m, path)];
}

/** core's ValidateObjectMetaUpdate: the generic rules plus kube finalizer names. */
export function validateCoreObjectMetaUpdate(meta: ObjectMeta | undefined, old: ObjectMeta | undefined): FieldError[] {
  const path = FieldPath.of('metadata');
  const m = meta ?? {};
  return [...validateObjectMetaUpdate(m, old ?? {}, path), ...validateKubeFinalizerNames(m, path)];
}
