// The OpenAPI and protobuf names of autoscaling/v1 types (k8s.io/api autoscaling/v1).

/** The names of an autoscaling/v1 type; `kind` marks a top-level kind. */
export function autoscalingV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.autoscaling.v1.${name}`,
    protoName: `k8s.io.api.autoscaling.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: 'autoscaling', version: 'v1', kind: name } } : {}),
  };
}
