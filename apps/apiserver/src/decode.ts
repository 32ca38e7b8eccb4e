// Request bodies of create, update and patch, decoded into the resource's kind by the scheme rules
// of @kapi/apimachinery (decodeBody / checkObject).
import {
  checkObject,
  decodeBody,
  decodableMediaTypes,
  decodeJsonObject,
  decodeYamlObject,
  newBadRequest,
  newUnsupportedMediaType,
  omitEmptyFields,
  unknownFieldsMessage,
  type FieldValidation,
  type KubeObject,
} from '@kapi/apimachinery';
import { prune } from '@kapi/apiextensions';
import type { ResourceEntry } from '@kapi/registry';

/** Media types accepted as bodies of create and update. */
export const bodyMediaTypes = decodableMediaTypes;

/** Decodes the body of a create or update for `entry`, collecting fieldValidation warnings. */
export function decodeObject(entry: ResourceEntry, contentType: string | undefined, body: Uint8Array, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  if (entry.customResource) return decodeCustomResource(entry, contentType ?? '', body, fieldValidation, warnings);
  return decodeBody(entry.definition, contentType ?? '', body, { fieldValidation, warnings });
}

/** Custom resources are JSON or YAML only (no protobuf form), of the resource's group, version and kind. */
const customResourceMediaTypes = ['application/json', 'application/yaml'];

function decodeCustomResource(entry: ResourceEntry, contentType: string, body: Uint8Array, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  const type = contentType.split(';')[0]!.trim().toLowerCase() || 'application/json';
  if (!customResourceMediaTypes.includes(type)) throw newUnsupportedMediaType(type, customResourceMediaTypes);
  const obj = type === 'application/yaml' ? decodeYamlObject(body) : decodeJsonObject(body);
  const def = entry.definition;
  const want = def.group === '' ? def.version : `${def.group}/${def.version}`;
  if (obj.apiVersion === undefined || obj.apiVersion === '') obj.apiVersion = want;
  if (obj.kind === undefined || obj.kind === '') obj.kind = def.kind;
  if (obj.apiVersion !== want) throw newBadRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`);
  if (obj.kind !== def.kind) {
    throw newBadRequest(`${def.kind} in version ${JSON.stringify(def.version)} cannot be handled as a ${def.kind}: the kind in the data (${String(obj.kind)}) does not match the kind of the resource (${def.kind})`);
  }
  return checkCustomResource(entry, obj, fieldValidation, warnings);
}

/**
 * The fields a custom resource's schema does not specify are pruned later (with defaulting); here
 * they are reported as kube's field validation reports them: an error with Strict, warnings with Warn.
 */
function checkCustomResource(entry: ResourceEntry, obj: KubeObject, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  const cr = entry.customResource!;
  if (fieldValidation === 'Ignore' || cr.preserveUnknownFields) return obj;
  const unknown = prune(structuredClone(obj), cr.structural, { isResourceRoot: true, trackUnknownFieldPaths: true });
  if (unknown.length === 0) return obj;
  if (fieldValidation === 'Strict') {
    const { kind, version } = entry.definition;
    throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: strict decoding error: ${unknownFieldsMessage(unknown)}`);
  }
  warnings.push(...unknown.map((p) => `unknown field ${JSON.stringify(p)}`));
  return obj;
}

/** Checks an object computed by the server (a patch result) against the resource's kind. */
export function checkDecoded(entry: ResourceEntry, obj: KubeObject, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  if (entry.customResource) return checkCustomResource(entry, obj, fieldValidation, warnings);
  return checkObject(entry.definition, obj, { fieldValidation, warnings });
}

/**
 * Defaults as kube's decoder applies them, before the field manager sees the object: the kind's
 * strategy defaults, or the subresource kind's own (an autoscaling/v1 Scale). The defaulted object
 * is then held as its Go struct would hold it (a default of 0 or "" in an omitempty field is no
 * value), so that the field manager, the generation and the store's unchanged-bytes check compare
 * it with the stored object as kube compares Go structs. `entry` is the one serving the write (a
 * subresource's, with its own definition when it has a kind of its own).
 */
export function defaultAsDecoded(entry: ResourceEntry, obj: KubeObject): void {
  if ((entry.store as { definition?: unknown }).definition !== undefined) entry.definition.defaults(obj as never);
  else entry.store.strategy.defaults(obj);
  if (!entry.customResource) omitEmptyFields(entry.definition.schema, obj);
}
