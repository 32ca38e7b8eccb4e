// The OpenAPI and protobuf names of meta/v1 types declared in this package (those
// k8s.io/apimachinery owns upstream but only the API types use).

/** The OpenAPI and protobuf names of a meta/v1 type. */
export function metaV1(name: string, description: string) {
  return {
    id: `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`,
    protoName: `k8s.io.apimachinery.pkg.apis.meta.v1.${name}`,
    description,
  };
}
