// The OpenAPI and protobuf names of apiextensions.k8s.io/v1 types
// (k8s.io/apiextensions-apiserver pkg/apis/apiextensions/v1, package
// k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1 in generated.proto).

export const apiextensionsGroup = 'apiextensions.k8s.io';

/** The OpenAPI definition name of an apiextensions.k8s.io/v1 type. */
export function apiextensionsV1Id(name: string): string {
  return `io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.${name}`;
}

/** The names of an apiextensions/v1 type; `kind` marks a top-level kind. */
export function apiextensionsV1(name: string, description: string, kind = false) {
  return {
    id: apiextensionsV1Id(name),
    protoName: `k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.${name}`,
    description,
    ...(kind ? { gvk: { group: apiextensionsGroup, version: 'v1', kind: name } } : {}),
  };
}
