// The OpenAPI and protobuf names of networking.k8s.io/v1 types (k8s.io/api networking/v1).

export const networkingGroupName = 'networking.k8s.io';

/** The names of a networking/v1 type; `kind` marks a top-level kind. */
export function networkingV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.networking.v1.${name}`,
    protoName: `k8s.io.api.networking.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: networkingGroupName, version: 'v1', kind: name } } : {}),
  };
}
