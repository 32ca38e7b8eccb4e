// The OpenAPI and protobuf names of apps/v1 types (k8s.io/api apps/v1).

/** The names of an apps/v1 type; `kind` marks a top-level kind. */
export function appsV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.apps.v1.${name}`,
    protoName: `k8s.io.api.apps.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: 'apps', version: 'v1', kind: name } } : {}),
  };
}
