// Behaviour of the body decoding in k8s.io/apiserver/pkg/endpoints/handlers/create.go and update.go
// (v1.33): bodies in any served encoding, apiVersion/kind defaulted from the URL, types checked.
import {
  decodeEnvelope,
  decodeJsonObject,
  decodeMessage,
  newBadRequest,
  protobufContentType,
  pruneUnknownFields,
  unknownFields,
  unknownFieldsMessage,
  newUnsupportedMediaType,
  type KubeObject,
} from '@kapi/apimachinery';
import { apiVersionOf, type ResourceEntry } from '@kapi/registry';
import type { z } from 'zod';
import { bareContentType } from './media.ts';
import type { FieldValidation } from './query.ts';

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
  const obj = decodeJsonObject(body);
  return checkDecoded(entry, obj, schema, fieldValidation, warnings);
}

/**
 * Unknown fields are dropped, as decoding into kube's types does; `Strict` rejects them with a 400,
 * `Warn` (the default) reports each as a warning, `Ignore` says nothing.
 */
function applyFieldValidation(entry: ResourceEntry, obj: KubeObject, schema: z.ZodType, mode: FieldValidation, warnings: string[]): void {
  const unknown = mode === 'Strict' ? unknownFields(schema, obj) : pruneUnknownFields(schema, obj);
  if (unknown.length === 0) return;
  if (mode === 'Strict') {
    const { kind, version } = entry.info;
    throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: strict decoding error: ${unknownFieldsMessage(unknown)}`);
  }
  if (mode === 'Warn') for (const path of unknown) warnings.push(unknownFieldsMessage([path]));
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

/** Defaults and checks TypeMeta against the URL, then checks value types against the schema. */
export function checkDecoded(
  entry: ResourceEntry,
  obj: KubeObject,
  schema: z.ZodType,
  fieldValidation: FieldValidation = 'Ignore',
  warnings: string[] = [],
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
  applyFieldValidation(entry, obj, schema, fieldValidation, warnings);
  return obj;
}
