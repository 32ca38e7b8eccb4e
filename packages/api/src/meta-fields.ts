// Shared parts of kind declarations: TypeMeta fields and the names of core/v1 types.
import { types } from '@kapi/apimachinery';

/** apiVersion and kind: JSON only (protobuf carries them in the envelope), so no field numbers. */
export const typeMetaField = {
  apiVersion: types.string().optional(),
  kind: types.string().optional(),
};

/** The OpenAPI and protobuf names of a core/v1 type; `kind` marks a top-level kind. */
export function coreV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.core.v1.${name}`,
    protoName: `k8s.io.api.core.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: '', version: 'v1', kind: name } } : {}),
  };
}
