// The OpenAPI and protobuf names of rbac.authorization.k8s.io/v1 types (k8s.io/api rbac/v1).

/** The API group of RBAC, also the apiGroup every roleRef and User/Group subject names. */
export const rbacGroupName = 'rbac.authorization.k8s.io';

/** The names of an rbac/v1 type; `kind` marks a top-level kind. */
export function rbacV1(name: string, description: string, kind = false) {
  return {
    id: `io.k8s.api.rbac.v1.${name}`,
    protoName: `k8s.io.api.rbac.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: rbacGroupName, version: 'v1', kind: name } } : {}),
  };
}
