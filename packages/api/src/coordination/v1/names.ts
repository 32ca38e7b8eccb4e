// The OpenAPI and protobuf names of coordination.k8s.io/v1 types (k8s.io/api coordination/v1).

/** The names of a coordination/v1 type; `kind` marks a top-level kind. */
export function coordinationV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.coordination.v1.${name}`,
    protoName: `k8s.io.api.coordination.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: 'coordination.k8s.io', version: 'v1', kind: name } } : {}),
  };
}
