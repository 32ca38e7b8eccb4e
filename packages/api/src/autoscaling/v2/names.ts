// The OpenAPI and protobuf names of autoscaling/v2 types (k8s.io/api autoscaling/v2).

export const autoscalingGroupName = 'autoscaling';

/** The names of an autoscaling/v2 type; `kind` marks a top-level kind. */
export function autoscalingV2(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.autoscaling.v2.${name}`,
    protoName: `k8s.io.api.autoscaling.v2.${name}`,
    description,
    ...(kind ? { gvk: { group: autoscalingGroupName, version: 'v2', kind: name } } : {}),
  };
}
