// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/customresource_handler.go
// (buildOpenAPIModelsForApply, the deduced fallback) and pkg/controller/openapi/builder/builder.go
// (buildKubeNative: TypeMeta, ObjectMeta and embedded-resource properties) (v0.33): the type
// converter server-side apply uses for the custom resources of one CRD version.
import { ObjectMeta, openAPIComponents, openAPIName, type OpenAPISchema } from '@kapi/apimachinery';
import { createDeducedTypeConverter, createTypeConverter, type TypeConverter } from './type-converter.ts';

/** The version of a CRD whose custom resources are converted. */
export interface CustomResourceVersion {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** The version's `schema.openAPIV3Schema`; undefined when it has none. */
  readonly schema?: Record<string, unknown>;
  /** The CRD's `spec.preserveUnknownFields` (v1 CRDs: false). */
  readonly preserveUnknownFields?: boolean;
}

const objectMetaName = openAPIName(ObjectMeta);
const objectMetaRef = { $ref: `#/components/schemas/${objectMetaName}` };
const typeMeta = {
  apiVersion: { type: 'string', description: 'The versioned schema of this representation of an object.' },
  kind: { type: 'string', description: 'The REST resource this object represents.' },
};

/** `cert-manager.io` → `io.cert-manager`: how kube names a CRD's definitions. */
function reverseGroup(group: string): string {
  return group.split('.').reverse().join('.');
}

/** Adds apiVersion, kind and metadata to every object marked x-kubernetes-embedded-resource (a copy). */
function withEmbeddedProperties(s: unknown): unknown {
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return s;
  const schema = { ...(s as Record<string, unknown>) };
  if (schema.properties && typeof schema.properties === 'object') {
    schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, withEmbeddedProperties(v)]));
  }
  if (schema.items !== undefined) schema.items = withEmbeddedProperties(schema.items);
  if (typeof schema.additionalProperties === 'object') schema.additionalProperties = withEmbeddedProperties(schema.additionalProperties);
  if (schema['x-kubernetes-embedded-resource'] === true) {
    schema.properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}), ...typeMeta, metadata: objectMetaRef };
  }
  return schema;
}

/**
 * The OpenAPI components of one CRD version as server-side apply sees them: the version's schema
 * with apiVersion, kind and metadata (ObjectMeta) added at the top and in embedded resources,
 * named `<reversed group>.<version>.<Kind>` and tagged with its group, version and kind, plus
 * ObjectMeta's own definitions. Undefined when the version has no schema.
 */
export function customResourceSchemas(v: CustomResourceVersion): Record<string, OpenAPISchema> | undefined {
  if (v.schema === undefined) return undefined;
  const top = withEmbeddedProperties(v.schema) as Record<string, unknown>;
  const definition = {
    ...top,
    properties: { ...((top.properties as Record<string, unknown> | undefined) ?? {}), ...typeMeta, metadata: objectMetaRef },
    'x-kubernetes-group-version-kind': [{ group: v.group, version: v.version, kind: v.kind }],
  };
  return openAPIComponents([ObjectMeta], { [`${reverseGroup(v.group)}.${v.version}.${v.kind}`]: definition as OpenAPISchema });
}

/**
 * The type converter of a CRD version's custom resources: from its schema (keeping unknown fields
 * when the CRD preserves them), or deduced from the objects themselves when it has none.
 */
export function createCustomResourceTypeConverter(v: CustomResourceVersion): TypeConverter {
  const schemas = customResourceSchemas(v);
  if (schemas === undefined) return createDeducedTypeConverter();
  return createTypeConverter(schemas, { preserveUnknownFields: v.preserveUnknownFields ?? false });
}
