// Request bodies of create, update and patch, decoded into the resource's kind by the scheme rules
// of @kapi/apimachinery (decodeBody / checkObject).
import { checkObject, decodeBody, decodableMediaTypes, type FieldValidation, type KubeObject } from '@kapi/apimachinery';
import type { ResourceEntry } from '@kapi/registry';

/** Media types accepted as bodies of create and update. */
export const bodyMediaTypes = decodableMediaTypes;

/** Decodes the body of a create or update for `entry`, collecting fieldValidation warnings. */
export function decodeObject(entry: ResourceEntry, contentType: string | undefined, body: Uint8Array, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  return decodeBody(entry.definition, contentType ?? '', body, { fieldValidation, warnings });
}

/** Checks an object computed by the server (a patch result) against the resource's kind. */
export function checkDecoded(entry: ResourceEntry, obj: KubeObject, fieldValidation: FieldValidation, warnings: string[]): KubeObject {
  return checkObject(entry.definition, obj, { fieldValidation, warnings });
}
