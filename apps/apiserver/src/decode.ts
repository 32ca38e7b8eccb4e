// Behaviour of the body decoding in k8s.io/apiserver/pkg/endpoints/handlers/create.go and update.go
// (v1.33): bodies in any served encoding, apiVersion/kind defaulted from the URL, types checked.
import {
  decodeEnvelope,
  decodeJsonObject,
  decodeMessage,
  newBadRequest,
  protobufContentType,
  pruneUnknownFields,
  strictDecodingErrors,
  unknownFields,
  newUnsupportedMediaType,
  type KubeObject,
} from '@kapi/apimachinery';
import { apiVersionOf, type ResourceEntry } from '@kapi/registry';
import type { z } from 'zod';
import { bareContentType } from './media.ts';
import type { FieldValidation } from './query.ts';

/** The duplicate fields of a JSON body and the body they were found in, for the strict checks. */
export interface JsonDuplicates {
  readonly body: Uint8Array;
  readonly paths: string[];
  readonly offsets: number[];
}

/** Media types accepted as bodies of create and update. */
export const bodyMediaTypes = ['application/json', protobufContentType];

/** How a zod issue reads in kube's words for a wrongly typed field. */
function typeErrorMessage(kind: string, version: string, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  const expected = 'expected' in issue ? String(issue.expected) : 'value';
  return `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: json: cannot unmarshal into Go struct field ${kind}.${path} of type ${expected}`;
}

/**
 * Decodes the body of a create or update for `entry`: absent apiVersion/kind are taken from the
 * URL, a different one is a 400, and values of the wrong type are a 400.
 */
export function decodeObject(
  entry: ResourceEntry,
  contentType: string | undefined,
  body: Buffer,
  schema: z.ZodType,
  fieldValidation: FieldValidation,
  warnings: string[],
): KubeObject {
  const type = bareContentType(contentType) || 'application/json';
  if (type === protobufContentType) return checkDecoded(entry, decodeProtobuf(entry, body), schema);
  if (type !== 'application/json') throw newUnsupportedMediaType(type, bodyMediaTypes);
  if (fieldValidation === 'Ignore') return checkDecoded(entry, decodeJsonObject(body), schema, fieldValidation, warnings);
  let duplicates: JsonDuplicates | undefined;
  const obj = decodeJsonObject(body, { onDuplicates: (paths, offsets) => (duplicates = { body, paths, offsets }) });
  return checkDecoded(entry, obj, schema, fieldValidation, warnings, duplicates);
}

/**
 * Unknown fields are dropped, as decoding into kube's types does, and repeated fields keep their
 * last value. `Strict` rejects both with one 400 that lists them in document order, `Warn` (the
 * default) reports each as a warning, `Ignore` says nothing.
 */
function applyFieldValidation(
  entry: ResourceEntry,
  obj: KubeObject,
  schema: z.ZodType,
  mode: FieldValidation,
  warnings: string[],
  duplicates: JsonDuplicates | undefined,
): void {
  const unknown = mode === 'Strict' ? unknownFields(schema, obj) : pruneUnknownFields(schema, obj);
  if (mode === 'Ignore' || (unknown.length === 0 && (duplicates?.paths.length ?? 0) === 0)) return;
  const errs = strictDecodingErrors(duplicates?.body ?? '', unknown, duplicates?.paths ?? [], duplicates?.offsets ?? []);
  if (errs.length === 0) return;
  if (mode === 'Strict') {
    const { kind, version } = entry.info;
    throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: strict decoding error: ${errs.join(', ')}`);
  }
  warnings.push(...errs);
}

/** A protobuf body: the envelope's TypeMeta is the object's apiVersion and kind; raw is the kind's message. */
function decodeProtobuf(entry: ResourceEntry, body: Buffer): KubeObject {
  const env = decodeEnvelope(body);
  if (env.contentEncoding !== '') throw newBadRequest(`unsupported protobuf content encoding ${JSON.stringify(env.contentEncoding)}`);
  const want = apiVersionOf(entry.info);
  if ((env.apiVersion !== '' && env.apiVersion !== want) || (env.kind !== '' && env.kind !== entry.info.kind)) {
    throw newBadRequest(`the API version in the data (${env.apiVersion}) does not match the expected API version (${want})`);
  }
  let obj: KubeObject;
  try {
    obj = decodeMessage(entry.definition.proto, env.raw) as KubeObject;
  } catch (err) {
    throw newBadRequest(`${entry.info.kind} in version ${JSON.stringify(entry.info.version)} cannot be handled as a ${entry.info.kind}: ${(err as Error).message}`);
  }
  obj.apiVersion = env.apiVersion || want;
  obj.kind = env.kind || entry.info.kind;
  return obj;
}

/**
 * Defaults and checks TypeMeta against the URL, then checks value types against the schema, then
 * applies `fieldValidation` to unknown fields and to the `duplicates` of a JSON body.
 */
export function checkDecoded(
  entry: ResourceEntry,
  obj: KubeObject,
  schema: z.ZodType,
  fieldValidation: FieldValidation = 'Ignore',
  warnings: string[] = [],
  duplicates?: JsonDuplicates,
): KubeObject {
  const want = apiVersionOf(entry.info);
  if (obj.apiVersion === undefined || obj.apiVersion === '') obj.apiVersion = want;
  if (obj.kind === undefined || obj.kind === '') obj.kind = entry.info.kind;
  if (obj.apiVersion !== want) {
    throw newBadRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`);
  }
  if (obj.kind !== entry.info.kind) {
    throw newBadRequest(`${String(obj.kind)} in version ${JSON.stringify(entry.info.version)} cannot be handled as a ${entry.info.kind}: the kind in the data (${String(obj.kind)}) does not match the kind of the resource (${entry.info.kind})`);
  }
  const parsed = schema.safeParse(obj);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw newBadRequest(typeErrorMessage(entry.info.kind, entry.info.version, issue));
  }
  applyFieldValidation(entry, obj, schema, fieldValidation, warnings, duplicates);
  return obj;
}
