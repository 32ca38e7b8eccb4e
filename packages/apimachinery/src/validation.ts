// Behaviour of k8s.io/apimachinery/pkg/util/validation/validation.go and
// k8s.io/apimachinery/pkg/api/validation/objectmeta.go (v1.33): names and object metadata.
import { FieldPath, fieldErrors, type FieldError } from './field-errors.ts';
import type { ObjectMeta } from './meta.ts';

function regexError(msg: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${format}')`;
  // Upstream joins examples with " or " after a trailing ", ": two examples read `'a',  or 'b', `.
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${format}')`;
}

/** `must be no more than N characters` */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
export const dns1123LabelMaxLength = 63;
const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);

const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
export const dns1123SubdomainMaxLength = 253;
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);

/** Problems with `value` as an RFC 1123 label; empty when valid. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > dns1123LabelMaxLength) errs.push(maxLenError(dns1123LabelMaxLength));
  if (!dns1123LabelRe.test(value)) {
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** Problems with `value` as an RFC 1123 subdomain; empty when valid. */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

const qualifiedNameFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const qualifiedNameErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameMaxLength = 63;
const qualifiedNameRe = new RegExp(`^${qualifiedNameFmt}$`);

/**
 * Problems with `value` as a qualified name (`[prefix/]name`, a label key, an annotation key, a
 * finalizer); empty when valid.
 */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  if (parts.length > 2) {
    return [
      `a qualified name ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const name = parts.length === 2 ? parts[1]! : parts[0]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix === '') errs.push('prefix part must be non-empty');
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (name.length > qualifiedNameMaxLength) errs.push(`name part ${maxLenError(qualifiedNameMaxLength)}`);
  if (!qualifiedNameRe.test(name)) errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** Validates a name; `prefix` is true when validating a generateName (a trailing '-' is allowed). */
export type NameValidator = (name: string, prefix: boolean) => string[];

function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** Names that must be DNS subdomains (most kinds, e.g. ConfigMap). */
export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** Names that must be DNS labels (e.g. Namespace, Service). */
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);

/** Path segment names that may never be used as an object name. */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  for (const illegal of ['/', '%']) if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  return errs;
}

export interface ObjectMetaValidation {
  /** True for namespaced kinds: then `namespace` is required, else forbidden. */
  namespaced: boolean;
  nameValidator: NameValidator;
}

/** The field errors of an object's metadata on create. */
export function validateObjectMeta(meta: ObjectMeta, opts: ObjectMetaValidation, path = FieldPath.of('metadata')): FieldError[] {
  const errs: FieldError[] = [];
  if (meta.generateName) {
    for (const msg of opts.nameValidator(meta.generateName, true)) errs.push(fieldErrors.invalid(path.child('generateName'), meta.generateName, msg));
  }
  if (!meta.name) {
    errs.push(fieldErrors.required(path.child('name'), 'name or generateName is required'));
  } else {
    for (const msg of opts.nameValidator(meta.name, false)) errs.push(fieldErrors.invalid(path.child('name'), meta.name, msg));
  }
  if (opts.namespaced) {
    if (!meta.namespace) errs.push(fieldErrors.required(path.child('namespace'), ''));
    else for (const msg of isDNS1123Label(meta.namespace)) errs.push(fieldErrors.invalid(path.child('namespace'), meta.namespace, msg));
  } else if (meta.namespace) {
    errs.push(fieldErrors.forbidden(path.child('namespace'), 'not allowed on this type'));
  }
  if (meta.generation !== undefined && meta.generation < 0) {
    errs.push(fieldErrors.invalid(path.child('generation'), meta.generation, 'must be greater than or equal to 0'));
  }
  return errs;
}

/** The field errors of an update's metadata against the stored object's (immutable fields). */
export function validateObjectMetaUpdate(next: ObjectMeta, old: ObjectMeta, path = FieldPath.of('metadata')): FieldError[] {
  const errs: FieldError[] = [];
  const immutable = (field: 'name' | 'namespace' | 'uid' | 'creationTimestamp') => {
    if ((next[field] ?? '') !== (old[field] ?? '')) errs.push(fieldErrors.invalid(path.child(field), next[field] ?? '', 'field is immutable'));
  };
  immutable('name');
  immutable('namespace');
  immutable('uid');
  immutable('creationTimestamp');
  return errs;
}

const configMapKeyFmt = '[-._a-zA-Z0-9]+';
const configMapKeyRe = new RegExp(`^${configMapKeyFmt}$`);
const configMapKeyErrMsg = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/** Problems with `key` as a ConfigMap or Secret data key; empty when valid. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength));
  if (!configMapKeyRe.test(key)) errs.push(regexError(configMapKeyErrMsg, configMapKeyFmt, 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
