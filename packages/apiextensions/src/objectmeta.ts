// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta/validation.go,
// coerce.go and algorithm.go (v0.33): the TypeMeta and ObjectMeta of embedded resources
// (x-kubernetes-embedded-resource) and of the resource root.
import { fieldErrors, formatTime, goTypeName, isDNS1035Label, validateObjectMeta, type FieldError, type ObjectMeta } from '@kapi/apimachinery';
import type { Structural } from './structural.ts';
import { compareGoStrings, isJsonObject, type JsonObject } from './internal/json.ts';
import { goChild, goIndex, goKey, goPathArg, type GoPath } from './internal/go-path.ts';

const asRoot = (s: Structural | undefined, isResourceRoot: boolean): Structural | undefined => {
  if (!isResourceRoot) return s;
  const r = s ?? {};
  return r.xEmbeddedResource ? r : { ...r, xEmbeddedResource: true };
};

/** ValidatePathSegmentName: what a custom resource's name (or generateName) may not be. */
function pathSegmentName(name: string, prefix: boolean): string[] {
  const errs: string[] = [];
  if (!prefix && (name === '.' || name === '..')) errs.push(`may not be '${name}'`);
  for (const illegal of ['/', '%']) if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  return errs;
}

/** schema.ParseGroupVersion's error, if any. */
function groupVersionError(gv: string): string | undefined {
  return gv.split('/').length > 2 ? `unexpected GroupVersion string: ${gv}` : undefined;
}

/**
 * Validate: the apiVersion, kind and metadata of every embedded resource in `value` (and of the
 * value itself when `isResourceRoot`): apiVersion and kind are required non-empty strings, kind
 * (lower-cased) a DNS-1035 label, metadata a valid ObjectMeta (name optional).
 */
export function validateEmbeddedResources(path: GoPath, value: unknown, s: Structural | undefined, isResourceRoot = false): FieldError[] {
  return validate(path, value, asRoot(s, isResourceRoot));
}

function validate(path: GoPath, x: unknown, s: Structural | undefined): FieldError[] {
  if (s === undefined) return [];
  const errs: FieldError[] = [];
  if (isJsonObject(x)) {
    if (s.xEmbeddedResource) errs.push(...validateEmbeddedResource(path, x));
    for (const [k, v] of Object.entries(x)) {
      if (s.properties && Object.hasOwn(s.properties, k)) errs.push(...validate(goChild(path, k), v, s.properties[k]));
      else if (s.additionalProperties) errs.push(...validate(goKey(path, k), v, s.additionalProperties.structural));
    }
  } else if (Array.isArray(x)) {
    x.forEach((v, i) => errs.push(...validate(goIndex(path, i), v, s.items)));
  }
  return errs;
}

/** validateEmbeddedResource: the TypeMeta and ObjectMeta of one embedded object. */
export function validateEmbeddedResource(path: GoPath, x: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  if (!Object.hasOwn(x, 'apiVersion')) errs.push(fieldErrors.required(goChild(path, 'apiVersion'), 'must not be empty'));
  if (!Object.hasOwn(x, 'kind')) errs.push(fieldErrors.required(goChild(path, 'kind'), 'must not be empty'));
  for (const [k, v] of Object.entries(x)) {
    if (k === 'apiVersion') {
      const at = goChild(path, 'apiVersion');
      if (typeof v !== 'string') errs.push(fieldErrors.invalid(at, v, 'must be a string'));
      else if (v === '') errs.push(fieldErrors.invalid(at, v, 'must not be empty'));
      else {
        const e = groupVersionError(v);
        if (e) errs.push(fieldErrors.invalid(at, v, e));
      }
    } else if (k === 'kind') {
      const at = goChild(path, 'kind');
      if (typeof v !== 'string') errs.push(fieldErrors.invalid(at, v, 'must be a string'));
      else if (v === '') errs.push(fieldErrors.invalid(at, v, 'must not be empty'));
      else {
        const msgs = isDNS1035Label(v.toLowerCase());
        if (msgs.length > 0) errs.push(fieldErrors.invalid(at, v, `may have mixed case, but should otherwise match: ${msgs.join(',')}`));
      }
    } else if (k === 'metadata') {
      const at = goChild(path, 'metadata');
      const decoded = decodeObjectMeta(v);
      if (decoded.error !== undefined) errs.push(fieldErrors.invalid(at, v, decoded.error));
      else {
        const meta = { ...decoded.meta, name: decoded.meta.name || 'fakename' } as ObjectMeta;
        errs.push(...validateObjectMeta(meta, { namespaced: Boolean(meta.namespace), nameValidator: pathSegmentName }, at));
      }
    }
  }
  return errs;
}

// --- decoding metadata as Go decodes it into metav1.ObjectMeta ----------------------------------

type FieldKind = 'string' | 'int' | 'time' | 'stringMap' | 'stringList' | 'objectList';
const objectMetaFields: Record<string, [FieldKind, string]> = {
  name: ['string', 'name'],
  generateName: ['string', 'generateName'],
  namespace: ['string', 'namespace'],
  selfLink: ['string', 'selfLink'],
  uid: ['string', 'uid'],
  resourceVersion: ['string', 'resourceVersion'],
  generation: ['int', 'generation'],
  creationTimestamp: ['time', 'creationTimestamp'],
  deletionTimestamp: ['time', 'deletionTimestamp'],
  deletionGracePeriodSeconds: ['int', 'deletionGracePeriodSeconds'],
  labels: ['stringMap', 'labels'],
  annotations: ['stringMap', 'annotations'],
  ownerReferences: ['objectList', 'ownerReferences'],
  finalizers: ['stringList', 'finalizers'],
  managedFields: ['objectList', 'managedFields'],
};

const jsonKind = (v: unknown): string => (typeof v === 'string' ? 'string' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : Array.isArray(v) ? 'array' : 'object');

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Why a field's value does not decode into ObjectMeta's Go type, in encoding/json's words. */
function fieldError(key: string, kind: FieldKind, v: unknown): string | undefined {
  if (v === null) return undefined;
  const field = `ObjectMeta.${key}`;
  const cannot = (what: string, type: string) => `json: cannot unmarshal ${what} into Go struct field ${field} of type ${type}`;
  switch (kind) {
    case 'string':
      return typeof v === 'string' ? undefined : cannot(jsonKind(v), 'string');
    case 'int':
      if (typeof v !== 'number') return cannot(jsonKind(v), 'int64');
      return Number.isInteger(v) ? undefined : cannot(`number ${v}`, 'int64');
    case 'time':
      // metav1.Time decodes a string, then parses it as RFC 3339.
      if (typeof v !== 'string') return `json: cannot unmarshal ${jsonKind(v)} into Go value of type string`;
      return rfc3339.test(v) ? undefined : `parsing time ${JSON.stringify(v)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(v)} as "2006"`;
    case 'stringMap':
      if (!isJsonObject(v)) return cannot(jsonKind(v), 'map[string]string');
      for (const x of Object.values(v)) if (x !== null && typeof x !== 'string') return cannot(jsonKind(x), 'string');
      return undefined;
    case 'stringList':
      if (!Array.isArray(v)) return cannot(jsonKind(v), '[]string');
      for (const x of v) if (x !== null && typeof x !== 'string') return cannot(jsonKind(x), 'string');
      return undefined;
    case 'objectList': {
      const [struct, fields] = key === 'managedFields' ? ['ManagedFieldsEntry', managedFieldsEntryFields] : ['OwnerReference', ownerReferenceFields];
      if (!Array.isArray(v)) return cannot(jsonKind(v), `[]v1.${struct}`);
      for (const x of v) {
        if (x === null) continue;
        if (!isJsonObject(x)) return cannot(jsonKind(x), `v1.${struct}`);
        for (const [f, want] of Object.entries(fields)) {
          const y = x[f];
          if (y === undefined || y === null || jsonKind(y) === want) continue;
          return `json: cannot unmarshal ${jsonKind(y)} into Go struct field ${struct}.${key}.${f} of type ${want === 'bool' ? 'bool' : want === 'object' ? 'v1.FieldsV1' : 'string'}`;
        }
      }
      return undefined;
    }
  }
}

const ownerReferenceFields: Record<string, string> = { apiVersion: 'string', kind: 'string', name: 'string', uid: 'string', controller: 'bool', blockOwnerDeletion: 'bool' };
const managedFieldsEntryFields: Record<string, string> = { manager: 'string', operation: 'string', apiVersion: 'string', time: 'string', fieldsType: 'string', fieldsV1: 'object', subresource: 'string' };

/** A field's value as Go decodes it: nulls inside lists and maps become zero values. */
function goValue(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
    case 'stringMap':
      return Object.fromEntries(Object.entries(v as JsonObject).map(([a, b]) => [a, b ?? '']));
    case 'time': {
      // metav1.Time writes itself back in UTC, whole seconds.
      const d = new Date(v as string);
      return Number.isNaN(d.getTime()) ? v : formatTime(d);
    }
    case 'stringList':
      return (v as unknown[]).map((x) => x ?? '');
    case 'objectList':
      return (v as unknown[]).map((x) => Object.fromEntries(Object.entries((x ?? {}) as JsonObject).filter(([, y]) => y !== null)));
    default:
      return v;
  }
}

/** Whether Go would write the field back (omitempty): nulls and empty values disappear. */
function keep(kind: FieldKind, v: unknown): boolean {
  if (v === null || v === '' || v === 0) return false;
  if (kind === 'stringMap') return Object.keys(v as object).length > 0;
  if (kind === 'stringList' || kind === 'objectList') return (v as unknown[]).length > 0;
  return true;
}

/** The result of decoding a metadata value: the ObjectMeta (as JSON), the unknown fields, or Go's error. */
interface Decoded {
  meta: JsonObject;
  unknown: string[];
  error?: string;
}

function decodeObjectMeta(v: unknown, dropMalformed = false): Decoded {
  if (!isJsonObject(v)) {
    if (v === null) return { meta: {}, unknown: [] };
    const err = `json: cannot unmarshal ${jsonKind(v)} into Go value of type v1.ObjectMeta`;
    return { meta: {}, unknown: [], error: dropMalformed ? `invalid metadata: expected object, got ${goTypeName(v)}` : err };
  }
  const meta: JsonObject = {};
  const unknown: string[] = [];
  for (const [k, x] of Object.entries(v)) {
    const f = Object.hasOwn(objectMetaFields, k) ? objectMetaFields[k] : undefined;
    if (f === undefined) {
      unknown.push(k);
      continue;
    }
    const err = fieldError(k, f[0], x);
    if (err !== undefined) {
      if (!dropMalformed) return { meta: {}, unknown: [], error: err };
      continue;
    }
    if (keep(f[0], x)) meta[k] = goValue(f[0], x);
  }
  return { meta, unknown };
}

/** Options of {@link coerceEmbeddedResources}. */
export interface CoerceOptions {
  /** Drop malformed apiVersion, kind and metadata fields instead of failing. */
  dropInvalidFields?: boolean;
  /** Report the unknown metadata fields (for fieldValidation=Strict/Warn). */
  returnUnknownFieldPaths?: boolean;
}

/**
 * Coerce: normalises, in place, the metadata of every embedded resource in `value` (and of the
 * value itself when `isResourceRoot`) to what ObjectMeta holds (unknown and empty fields go), and
 * checks that apiVersion and kind are strings. With `dropInvalidFields`, malformed fields are
 * dropped; otherwise the first problem is returned as an error. Returns the error (if any) and
 * the unknown metadata field paths, sorted.
 */
export function coerceEmbeddedResources(
  path: GoPath,
  value: unknown,
  s: Structural | undefined,
  isResourceRoot: boolean,
  opts: CoerceOptions = {},
): { error: FieldError | undefined; unknownFieldPaths: string[] } {
  const unknown: string[] = [];
  const error = coerce(path, value, asRoot(s, isResourceRoot), opts, unknown, '');
  return { error, unknownFieldPaths: unknown.sort(compareGoStrings) };
}

function coerce(path: GoPath, x: unknown, s: Structural | undefined, opts: CoerceOptions, unknown: string[], parent: string): FieldError | undefined {
  if (s === undefined) return undefined;
  if (isJsonObject(x)) {
    for (const k of Object.keys(x)) {
      const v = x[k];
      if (s.xEmbeddedResource) {
        if (k === 'apiVersion' || k === 'kind') {
          if (typeof v !== 'string') {
            if (opts.dropInvalidFields) delete x[k];
            else return fieldErrors.invalid(goChild(path, k), v, 'must be a string');
          }
        } else if (k === 'metadata') {
          const decoded = decodeObjectMeta(v, opts.dropInvalidFields === true);
          if (opts.returnUnknownFieldPaths) {
            const prefix = String(goPathArg(goChild(path, 'metadata')));
            unknown.push(...decoded.unknown.map((f) => `${prefix}.${f}`));
          }
          if (decoded.error !== undefined) {
            if (!opts.dropInvalidFields) return fieldErrors.invalid(goChild(path, 'metadata'), v, decoded.error);
          } else {
            x.metadata = decoded.meta;
          }
        }
      }
      const next = parent === '' ? k : `${parent}.${k}`;
      if (s.properties && Object.hasOwn(s.properties, k)) {
        const e = coerce(goChild(path, k), x[k], s.properties[k], opts, unknown, next);
        if (e) return e;
      } else if (s.additionalProperties) {
        const e = coerce(goKey(path, k), x[k], s.additionalProperties.structural, opts, unknown, next);
        if (e) return e;
      }
    }
  } else if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const e = coerce(goIndex(path, i), x[i], s.items, opts, unknown, `${parent}[${i}]`);
      if (e) return e;
    }
  }
  return undefined;
}
