// The OpenAPI and protobuf names of batch/v1 types (k8s.io/api batch/v1).

/** The names of a batch/v1 type; `kind` marks a top-level kind. */
export function batchV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.batch.v1.${name}`,
    protoName: `k8s.io.api.batch.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: 'batch', version: 'v1', kind: name } } : {}),
  };
}
