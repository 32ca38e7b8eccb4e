// The OpenAPI and protobuf names of admissionregistration.k8s.io/v1 types (k8s.io/api admissionregistration/v1).

export const admissionregistrationGroupName = 'admissionregistration.k8s.io';

/** The names of an admissionregistration/v1 type; `kind` marks a top-level kind. */
export function admissionregistrationV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.admissionregistration.v1.${name}`,
    protoName: `k8s.io.api.admissionregistration.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: admissionregistrationGroupName, version: 'v1', kind: name } } : {}),
  };
}
