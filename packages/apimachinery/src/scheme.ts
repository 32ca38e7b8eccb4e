// Behaviour of k8s.io/apimachinery/pkg/runtime/scheme.go and the decoding of request bodies in
// k8s.io/apiserver/pkg/endpoints/handlers (create.go, update.go) (v1.33): kinds by group, version
// and kind; bodies in JSON or protobuf decoded into one of them, TypeMeta defaulted and checked,
// value types checked (a null is the zero value), unknown and duplicate fields handled by
// fieldValidation.
import type { z } from 'zod';
import { newBadRequest, newUnsupportedMediaType } from './errors.ts';
import { groupVersionString, type GroupVersionKind } from './gvk.ts';
import { decodeJsonObject } from './json.ts';
import { strictDecodingErrors } from './json-scan.ts';
import type { KubeObject } from './meta.ts';
import { decodeEnvelope, protobufContentType } from './protobuf.ts';
import { decodeMessage, type ProtoMessage } from './protobuf-message.ts';
import { nullsAsGoZero } from './json-null.ts';
import { omitEmptyFields } from './omit-empty.ts';
import { pruneUnknownFields, unknownFields } from './strict.ts';
import { decodeYamlObject } from './yaml.ts';
import { isStatusError } from './errors.ts';

/** What the scheme knows of a kind: its names, its shape and its protobuf message. */
export interface SchemeKind extends GroupVersionKind {
  readonly schema: z.ZodType;
  readonly proto?: ProtoMessage;
  /**
   * Sets kube's defaults in place (SetDefaults_*). Decoding does not call it: the registry runs it
   * on every create and update, where kube's decoder would, before prepare and validation.
   */
  readonly defaults?: (obj: KubeObject) => void;
}

/** How a request treats unknown and duplicate fields (`fieldValidation`). Warn is kube's default. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

export interface DecodeOptions {
  fieldValidation?: FieldValidation;
  /** Receives the warnings of `Warn` (one per field). */
  warnings?: string[];
}

/** The duplicate fields of a JSON body and where they are, for the strict checks. */
interface JsonDuplicates {
  readonly body: Uint8Array | string;
  readonly paths: string[];
  readonly offsets: number[];
}

/** Media types request bodies may have. */
export const decodableMediaTypes = ['application/json', 'application/yaml', protobufContentType];

/** The kinds a server knows, looked up by group, version and kind. */
export interface Scheme {
  readonly kinds: readonly SchemeKind[];
  lookup(gvk: GroupVersionKind): SchemeKind | undefined;
}

export function createScheme(kinds: readonly SchemeKind[]): Scheme {
  const byKey = new Map(kinds.map((k) => [`${k.group}/${k.version}/${k.kind}`, k]));
  return { kinds, lookup: (gvk) => byKey.get(`${gvk.group}/${gvk.version}/${gvk.kind}`) };
}

function cannotHandle(kind: SchemeKind, why: string): never {
  throw newBadRequest(`${kind.kind} in version ${JSON.stringify(kind.version)} cannot be handled as a ${kind.kind}: ${why}`);
}

function typeError(kind: SchemeKind, issue: z.core.$ZodIssue): never {
  const path = issue.path.map(String).join('.');
  const expected = 'expected' in issue ? String(issue.expected) : 'value';
  cannotHandle(kind, `json: cannot unmarshal into Go struct field ${kind.kind}.${path} of type ${expected}`);
}

/**
 * Value types against the kind's schema: a wrongly typed value is a 400. A null is no wrong type:
 * Go's decoder reads it as the zero value (see json-null.ts), so nulls are read that way, in
 * place, when the object does not check as it is. The object is then left as a Go struct holds
 * it: zero values of omitempty fields are no values (omit-empty.ts).
 */
function checkTypes(kind: SchemeKind, obj: KubeObject): void {
  let parsed = kind.schema.safeParse(obj);
  if (!parsed.success && nullsAsGoZero(kind.schema, obj)) parsed = kind.schema.safeParse(obj);
  if (!parsed.success) typeError(kind, parsed.error.issues[0]!);
  omitEmptyFields(kind.schema, obj);
}

/**
 * Decodes a request body into `kind` (the kind of the URL). JSON bodies may leave out apiVersion
 * and kind; a different one is a 400, as are malformed bodies and values of the wrong type.
 */
export function decodeBody(kind: SchemeKind, contentType: string, body: Uint8Array, opts: DecodeOptions = {}): KubeObject {
  const type = contentType.split(';')[0]!.trim().toLowerCase() || 'application/json';
  if (type === protobufContentType) return checkObject(kind, decodeProtobufBody(kind, body), { fieldValidation: 'Ignore' });
  const mode = opts.fieldValidation ?? 'Warn';
  if (type === 'application/yaml') return decodeYamlBody(kind, body, mode, opts.warnings);
  if (type !== 'application/json') throw newUnsupportedMediaType(type, decodableMediaTypes);
  if (mode === 'Ignore') return checkObject(kind, decodeJsonObject(body), opts);
  let duplicates: JsonDuplicates | undefined;
  const obj = decodeJsonObject(body, { onDuplicates: (paths, offsets) => (duplicates = { body, paths, offsets }) });
  return checkFields(kind, checkTypeMeta(kind, obj), mode, opts.warnings, duplicates);
}

/**
 * A YAML body (kube's YAML serializer: YAML → JSON, then the JSON rules). Duplicate keys are found
 * by the strict YAML conversion; like duplicate JSON fields, they fail Strict and warn in Warn.
 */
function decodeYamlBody(kind: SchemeKind, body: Uint8Array, mode: FieldValidation, warnings: string[] | undefined): KubeObject {
  const obj = decodeYamlObject(body);
  let duplicateError: string | undefined;
  if (mode !== 'Ignore') {
    try {
      decodeYamlObject(body, { strict: true });
    } catch (err) {
      if (!isStatusError(err)) throw err;
      duplicateError = err.status.message;
    }
  }
  checkTypeMeta(kind, obj);
  checkTypes(kind, obj);
  const unknown = mode === 'Strict' ? unknownFields(kind.schema, obj) : pruneUnknownFields(kind.schema, obj);
  if (mode === 'Ignore') return obj;
  const errs = [...(duplicateError ? [duplicateError] : []), ...unknown.map((p) => `unknown field ${JSON.stringify(p)}`)];
  if (errs.length === 0) return obj;
  if (mode === 'Strict') cannotHandle(kind, `strict decoding error: ${errs.join(', ')}`);
  warnings?.push(...errs);
  return obj;
}

/** A protobuf body: the envelope's TypeMeta names the object's kind; raw is its message. */
function decodeProtobufBody(kind: SchemeKind, body: Uint8Array): KubeObject {
  if (!kind.proto) throw newUnsupportedMediaType(protobufContentType, ['application/json']);
  const env = decodeEnvelope(body);
  if (env.contentEncoding !== '') throw newBadRequest(`unsupported protobuf content encoding ${JSON.stringify(env.contentEncoding)}`);
  let obj: KubeObject;
  try {
    obj = decodeMessage(kind.proto, env.raw) as KubeObject;
  } catch (err) {
    cannotHandle(kind, (err as Error).message);
  }
  if (env.apiVersion !== '') obj.apiVersion = env.apiVersion;
  if (env.kind !== '') obj.kind = env.kind;
  return obj;
}

/** Defaults apiVersion and kind from `kind` and rejects a different one. */
function checkTypeMeta(kind: SchemeKind, obj: KubeObject): KubeObject {
  const want = groupVersionString(kind);
  if (obj.apiVersion === undefined || obj.apiVersion === '') obj.apiVersion = want;
  if (obj.kind === undefined || obj.kind === '') obj.kind = kind.kind;
  if (obj.apiVersion !== want) {
    throw newBadRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`);
  }
  if (obj.kind !== kind.kind) {
    cannotHandle(kind, `the kind in the data (${String(obj.kind)}) does not match the kind of the resource (${kind.kind})`);
  }
  return obj;
}

/**
 * Checks an object built in memory (a patched object, a decoded body) against `kind`: TypeMeta,
 * value types, and unknown fields by `fieldValidation` (default Ignore here: patches carry the
 * stored object's fields).
 */
export function checkObject(kind: SchemeKind, obj: KubeObject, opts: DecodeOptions = {}): KubeObject {
  return checkFields(kind, checkTypeMeta(kind, obj), opts.fieldValidation ?? 'Ignore', opts.warnings, undefined);
}

/**
 * Types first (a wrongly typed value is a 400 whatever the mode), then unknown fields (dropped, as
 * decoding into kube's types does) and repeated fields: Strict rejects them all in one 400 in
 * document order, Warn reports each, Ignore says nothing.
 */
function checkFields(kind: SchemeKind, obj: KubeObject, mode: FieldValidation, warnings: string[] | undefined, duplicates: JsonDuplicates | undefined): KubeObject {
  checkTypes(kind, obj);
  const unknown = mode === 'Strict' ? unknownFields(kind.schema, obj) : pruneUnknownFields(kind.schema, obj);
  if (mode === 'Ignore' || (unknown.length === 0 && (duplicates?.paths.length ?? 0) === 0)) return obj;
  const errs = strictDecodingErrors(duplicates?.body ?? '', unknown, duplicates?.paths ?? [], duplicates?.offsets ?? []);
  if (errs.length === 0) return obj;
  if (mode === 'Strict') cannotHandle(kind, `strict decoding error: ${errs.join(', ')}`);
  warnings?.push(...errs);
  return obj;
}
