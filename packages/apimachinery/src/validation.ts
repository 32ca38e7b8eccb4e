// Behaviour of k8s.io/apimachinery/pkg/util/validation/validation.go,
// k8s.io/apimachinery/pkg/api/validation/{generic,objectmeta}.go and
// k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go (v1.33): names, label keys and
// values, and object metadata. Lengths are UTF-8 bytes, as Go's len() counts them.
import { FieldPath, fieldErrors, omitValue, type FieldError } from './field-errors.ts';
import { goQuote } from './internal/go-quote.ts';
import type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './meta.ts';

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

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
  if (byteLength(value) > dns1123LabelMaxLength) errs.push(maxLenError(dns1123LabelMaxLength));
  if (!dns1123LabelRe.test(value)) {
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** Problems with `value` as an RFC 1123 subdomain; empty when valid. */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
export const dns1035LabelMaxLength = 63;
const dns1035LabelRe = new RegExp(`^${dns1035LabelFmt}$`);

/** Problems with `value` as an RFC 1035 label (a letter first; e.g. Service names); empty when valid. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > dns1035LabelMaxLength) errs.push(maxLenError(dns1035LabelMaxLength));
  if (!dns1035LabelRe.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
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
  else if (byteLength(name) > qualifiedNameMaxLength) errs.push(`name part ${maxLenError(qualifiedNameMaxLength)}`);
  if (!qualifiedNameRe.test(name)) errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

const labelValueFmt = `(${qualifiedNameFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
export const labelValueMaxLength = 63;
const labelValueRe = new RegExp(`^${labelValueFmt}$`);

/** Problems with `value` as a label value (which may be empty); empty when valid. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > labelValueMaxLength) errs.push(maxLenError(labelValueMaxLength));
  if (!labelValueRe.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** Validates a name; `prefix` is true when validating a generateName (a trailing '-' is allowed). */
export type NameValidator = (name: string, prefix: boolean) => string[];

/**
 * Replaces a trailing '-' so a generateName validates as the names made from it. Upstream cuts two
 * bytes and appends "a": the '-' and the last byte before it. When that byte ends a multi-byte
 * character, the bytes left of it are kept as DEL characters: the same byte length, and just as
 * invalid to every pattern here.
 */
function maskTrailingDash(name: string): string {
  if (byteLength(name) <= 1 || !name.endsWith('-')) return name;
  const chars = [...name.slice(0, -1)];
  const last = chars.pop() ?? '';
  return `${chars.join('')}${'\x7f'.repeat(byteLength(last) - 1)}a`;
}

/** Names that must be DNS subdomains (most kinds, e.g. ConfigMap). */
export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** Names that must be DNS labels (e.g. Namespace). */
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
/** Names that must be RFC 1035 labels (e.g. Service). */
export const nameIsDNS1035Label: NameValidator = (name, prefix) => isDNS1035Label(prefix ? maskTrailingDash(name) : name);

/** Path segment names that may never be used as an object name. */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const errs: string[] = [];
  for (const illegal of ['/', '%']) if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  return errs;
}

/** `field is immutable`, the detail of every immutable-field error. */
export const fieldImmutableErrorMsg = 'field is immutable';
/** The most bytes all annotation keys and values of one object may hold together (256 KiB). */
export const totalAnnotationSizeLimitB = 256 * 1024;
const isNegativeErrorMsg = 'must be greater than or equal to 0';

/** A label key's problems, each `Invalid(path, key)`. */
export function validateLabelName(name: string, path: FieldPath | string): FieldError[] {
  return isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
}

/**
 * Label keys as qualified names and values as label values. Every error is reported at `path`
 * itself (`metadata.labels`, no key suffix), the key's problems before its value's.
 */
export function validateLabels(labels: Readonly<Record<string, string>> | undefined, path: FieldPath | string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    for (const msg of isValidLabelValue(v)) errs.push(fieldErrors.invalid(path, v, msg));
  }
  return errs;
}

/** Go's strings.ToLower: simple case mapping, one rune at a time (so 'İ' becomes a plain 'i'). */
function goToLower(s: string): string {
  if (!/[\u0080-\uffff]/.test(s)) return s.toLowerCase();
  let out = '';
  for (const ch of s) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

/**
 * Annotation keys are qualified names in any case (checked lower-cased, reported as written, at
 * `path`); keys and values together may hold at most 256 KiB, else one TooLong at `path`.
 */
export function validateAnnotations(annotations: Readonly<Record<string, string>> | undefined, path: FieldPath | string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    for (const msg of isQualifiedName(goToLower(k))) errs.push(fieldErrors.invalid(path, k, msg));
    total += byteLength(k) + byteLength(v);
  }
  if (total > totalAnnotationSizeLimitB) errs.push(fieldErrors.tooLong(path, '', totalAnnotationSizeLimitB));
  return errs;
}

/** schema.FromAPIVersionAndKind: an apiVersion with more than one '/' yields no group or version. */
function ownerGroupVersion(apiVersion: string): { group: string; version: string } {
  const slashes = apiVersion.split('/').length - 1;
  if (apiVersion === '/' || slashes > 1) return { group: '', version: '' };
  if (slashes === 0) return { group: '', version: apiVersion };
  const [group = '', version = ''] = apiVersion.split('/');
  return { group, version };
}

/** %#v of a metav1.OwnerReference, or undefined when a pointer field is set (Go prints its address). */
function goSyntaxOwnerReference(ref: OwnerReference): string | undefined {
  if (ref.controller !== undefined || ref.blockOwnerDeletion !== undefined) return undefined;
  const q = (s: string | undefined) => goQuote(s ?? '');
  return `v1.OwnerReference{APIVersion:${q(ref.apiVersion)}, Kind:${q(ref.kind)}, Name:${q(ref.name)}, UID:${q(ref.uid)}, Controller:(*bool)(nil), BlockOwnerDeletion:(*bool)(nil)}`;
}

function validateOwnerReference(ref: OwnerReference, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = ref.apiVersion ?? '';
  const kind = ref.kind ?? '';
  const gv = ownerGroupVersion(apiVersion);
  if (gv.version === '') errs.push(fieldErrors.invalid(path.child('apiVersion'), apiVersion, 'version must not be empty'));
  if (kind === '') errs.push(fieldErrors.invalid(path.child('kind'), kind, 'kind must not be empty'));
  if (!ref.name) errs.push(fieldErrors.invalid(path.child('name'), ref.name ?? '', 'name must not be empty'));
  if (!ref.uid) errs.push(fieldErrors.invalid(path.child('uid'), ref.uid ?? '', 'uid must not be empty'));
  // BannedOwners holds only core/v1 Event.
  if (gv.group === '' && gv.version === 'v1' && kind === 'Event') {
    const detail = `/v1, Kind=Event is disallowed from being an owner`;
    const go = goSyntaxOwnerReference(ref);
    errs.push(go === undefined ? fieldErrors.invalid(path, ref, detail) : invalidGoRendered(path, go, detail));
  }
  return errs;
}

/**
 * Each reference needs apiVersion (with a version), kind, name and uid, reported under `path`
 * itself (`metadata.ownerReferences.uid`: upstream adds no index); core/v1 Events may not own;
 * at most one reference may be the controller.
 */
export function validateOwnerReferences(refs: readonly OwnerReference[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    errs.push(...validateOwnerReference(ref, path));
    if (ref.controller !== true) continue;
    const current = `${ref.kind ?? ''}/${ref.name ?? ''}`;
    if (firstController === '') {
      firstController = current;
      continue;
    }
    // v1.33 prints this value with %#v, pointer addresses included; it is given here as data.
    errs.push(
      fieldErrors.invalid(
        path,
        refs,
        `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
      ),
    );
  }
  return errs;
}

/** A finalizer name's problems (a qualified name), each `Invalid(path, name)`. */
export function validateFinalizerName(name: string, path: FieldPath | string): FieldError[] {
  return isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
}

/** Finalizer names, all reported at `path` (no index), and never both `orphan` and `foregroundDeletion`. */
export function validateFinalizers(finalizers: readonly string[] | undefined, path: FieldPath | string): FieldError[] {
  const list = finalizers ?? [];
  const errs = list.flatMap((f) => validateFinalizerName(f, path));
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errs.push(invalidGoRendered(path, goSyntaxStrings(list), 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const goPrintable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
/** The most bytes a field manager name may have. */
export const fieldManagerMaxLength = 128;

/** A field manager name: at most 128 bytes, printable characters only (positions are byte offsets). */
export function validateFieldManager(manager: string, path: FieldPath | string): FieldError[] {
  const errs: FieldError[] = [];
  if (byteLength(manager) > fieldManagerMaxLength) errs.push(fieldErrors.tooLong(path, '', fieldManagerMaxLength));
  let offset = 0;
  for (const ch of manager) {
    const cp = ch.codePointAt(0)!;
    // A lone surrogate reaches Go as U+FFFD, which is printable.
    const printable = (cp >= 0xd800 && cp <= 0xdfff) || goPrintable.test(ch);
    if (!printable) {
      const hex = cp.toString(16).toUpperCase().padStart(4, '0');
      errs.push(fieldErrors.invalid(path, manager, `invalid character U+${hex} (at position ${offset})`));
    }
    offset += byteLength(ch);
  }
  return errs;
}

const maxSubresourceNameLength = 256;

/** Each entry: operation `Apply` or `Update`, fieldsType `FieldsV1` if set, a valid manager, a short subresource. */
export function validateManagedFields(entries: readonly ManagedFieldsEntry[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (entries ?? []).forEach((entry, i) => {
    const p = path.index(i);
    const operation: string = entry.operation ?? '';
    if (operation !== 'Apply' && operation !== 'Update') errs.push(fieldErrors.invalid(p.child('operation'), operation, 'must be `Apply` or `Update`'));
    if (entry.fieldsType && entry.fieldsType !== 'FieldsV1') errs.push(fieldErrors.invalid(p.child('fieldsType'), entry.fieldsType, 'must be `FieldsV1`'));
    errs.push(...validateFieldManager(entry.manager ?? '', p.child('manager')));
    if (byteLength(entry.subresource ?? '') > maxSubresourceNameLength) {
      errs.push(fieldErrors.tooLong(p.child('subresource'), '', maxSubresourceNameLength));
    }
  });
  return errs;
}

export interface ObjectMetaValidation {
  /** True for namespaced kinds: then `namespace` is required, else forbidden. */
  namespaced: boolean;
  nameValidator: NameValidator;
}

/**
 * The field errors of an object's metadata on create, in upstream's order: generateName, name,
 * namespace, generation, labels, annotations, ownerReferences, finalizers, managedFields. The
 * registry has already generated the name, so `name` is required even with `generateName` set.
 */
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
    else for (const msg of nameIsDNSLabel(meta.namespace, false)) errs.push(fieldErrors.invalid(path.child('namespace'), meta.namespace, msg));
  } else if (meta.namespace) {
    errs.push(fieldErrors.forbidden(path.child('namespace'), 'not allowed on this type'));
  }
  const generation = meta.generation ?? 0;
  if (generation < 0) errs.push(fieldErrors.invalid(path.child('generation'), generation, isNegativeErrorMsg));
  errs.push(...validateLabels(meta.labels, path.child('labels')));
  errs.push(...validateAnnotations(meta.annotations, path.child('annotations')));
  errs.push(...validateOwnerReferences(meta.ownerReferences, path.child('ownerReferences')));
  errs.push(...validateFinalizers(meta.finalizers, path.child('finalizers')));
  errs.push(...validateManagedFields(meta.managedFields, path.child('managedFields')));
  return errs;
}

/**
 * The field errors of an update's metadata against the stored object's, in upstream's order: no
 * new finalizers once deletion started, a resourceVersion (the registry fills it in for
 * unconditional updates before this runs), generation not decremented, the immutable identity and
 * deletion fields, then labels, annotations, ownerReferences and managedFields of the new object.
 * Finalizer names are not checked here (upstream checks them on create only).
 */
export function validateObjectMetaUpdate(next: ObjectMeta, old: ObjectMeta, path = FieldPath.of('metadata')): FieldError[] {
  const errs: FieldError[] = [];
  if (old.deletionTimestamp != null) {
    const had = new Set(old.finalizers ?? []);
    const extra = [...new Set(next.finalizers ?? [])].filter((f) => !had.has(f)).sort(compareBytes);
    if (extra.length > 0) {
      errs.push(
        fieldErrors.forbidden(
          path.child('finalizers'),
          `no new finalizers can be added if the object is being deleted, found new finalizers ${goSyntaxStrings(extra)}`,
        ),
      );
    }
  }
  if (!next.resourceVersion) errs.push(fieldErrors.invalid(path.child('resourceVersion'), '', 'must be specified for an update'));
  const generation = next.generation ?? 0;
  if (generation < (old.generation ?? 0)) errs.push(fieldErrors.invalid(path.child('generation'), generation, 'must not be decremented'));

  for (const field of ['name', 'namespace', 'uid'] as const) {
    const value = next[field] ?? '';
    if (value !== (old[field] ?? '')) errs.push(fieldErrors.invalid(path.child(field), value, fieldImmutableErrorMsg));
  }
  // creationTimestamp is a metav1.Time (absent = the zero time); deletionTimestamp a *metav1.Time.
  const created = immutableTime(path.child('creationTimestamp'), next.creationTimestamp ?? '', old.creationTimestamp ?? '');
  if (created) errs.push(created);
  const deleted = immutableTime(path.child('deletionTimestamp'), next.deletionTimestamp ?? null, old.deletionTimestamp ?? null);
  if (deleted) errs.push(deleted);
  const grace = next.deletionGracePeriodSeconds ?? null;
  if (grace !== (old.deletionGracePeriodSeconds ?? null)) {
    // A nil pointer prints as the string "null" in v1.33.
    errs.push(fieldErrors.invalid(path.child('deletionGracePeriodSeconds'), grace ?? 'null', fieldImmutableErrorMsg));
  }

  errs.push(...validateLabels(next.labels, path.child('labels')));
  errs.push(...validateAnnotations(next.annotations, path.child('annotations')));
  errs.push(...validateOwnerReferences(next.ownerReferences, path.child('ownerReferences')));
  errs.push(...validateManagedFields(next.managedFields, path.child('managedFields')));
  return errs;
}

// --- Values as v1.33's field.Error.ErrorBody prints them --------------------------------------

/**
 * An Invalid error whose value v1.33 prints through Go's fmt rather than quoted: a Stringer such as
 * metav1.Time, or %#v for a slice. `goText` is that rendering. FieldError has no slot for a
 * rendered value, so it leads the detail with the value omitted, which gives the same text.
 */
function invalidGoRendered(path: FieldPath | string, goText: string, detail: string): FieldError {
  return fieldErrors.invalid(path, omitValue, `${goText}: ${detail}`);
}

/** %#v of a []string: `[]string{"a", "b"}`. */
function goSyntaxStrings(list: readonly string[]): string {
  return `[]string{${list.map(goQuote).join(', ')}}`;
}

/** sort.Strings order: by UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

interface GoTime {
  seconds: number;
  nanos: number;
}

const rfc3339Re = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** time.Parse(time.RFC3339, s) as an instant; undefined when Go would not parse it. */
function parseTime(s: string): GoTime | undefined {
  const m = rfc3339Re.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = m[8]!;
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const nanos = Number((m[7] ?? '').slice(0, 9).padEnd(9, '0'));
  return { seconds: d.getTime() / 1000 - offset, nanos };
}

/** time.Time.String() in UTC (the apiserver's zone): `2024-05-01 10:00:00.5 +0000 UTC`. */
function goTimeString(t: GoTime): string {
  const d = new Date(t.seconds * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
  const time = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  const frac = t.nanos === 0 ? '' : `.${p(t.nanos, 9).replace(/0+$/, '')}`;
  return `${date} ${time}${frac} +0000 UTC`;
}

const zeroTime: GoTime = { seconds: -62135596800, nanos: 0 };

/**
 * ValidateImmutableField for a metav1.Time: equal instants are unchanged whatever their offsets.
 * `''` is the zero time (an absent creationTimestamp), null a nil *metav1.Time.
 */
function immutableTime(path: FieldPath, next: string | null, old: string | null): FieldError | undefined {
  const parse = (s: string | null) => (s === null ? null : s === '' ? zeroTime : parseTime(s));
  const a = parse(next);
  const b = parse(old);
  if (a === undefined || b === undefined) {
    // Not RFC 3339 (Go would have refused to decode it): compare and print the text.
    return next === old ? undefined : fieldErrors.invalid(path, next ?? 'null', fieldImmutableErrorMsg);
  }
  if (a === null || b === null ? a === b : a.seconds === b.seconds && a.nanos === b.nanos) return undefined;
  return a === null ? fieldErrors.invalid(path, 'null', fieldImmutableErrorMsg) : invalidGoRendered(path, goTimeString(a), fieldImmutableErrorMsg);
}

const configMapKeyFmt = '[-._a-zA-Z0-9]+';
const configMapKeyRe = new RegExp(`^${configMapKeyFmt}$`);
const configMapKeyErrMsg = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/** Problems with `key` as a ConfigMap or Secret data key; empty when valid. */
export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (byteLength(key) > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength));
  if (!configMapKeyRe.test(key)) errs.push(regexError(configMapKeyErrMsg, configMapKeyFmt, 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
