// The OpenAPI and protobuf names of flowcontrol.apiserver.k8s.io/v1 types (k8s.io/api flowcontrol/v1).

export const flowcontrolGroupName = 'flowcontrol.apiserver.k8s.io';

/** The names of a flowcontrol/v1 type; `kind` marks a top-level kind. */
export function flowcontrolV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.flowcontrol.v1.${name}`,
    protoName: `k8s.io.api.flowcontrol.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: flowcontrolGroupName, version: 'v1', kind: name } } : {}),
  };
}
