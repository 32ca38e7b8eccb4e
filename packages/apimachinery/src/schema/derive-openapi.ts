// OpenAPI v3 component schemas derived from declared structs (declare.ts), shaped as
// kube-apiserver publishes them (k8s.io/kube-openapi): `allOf: [{$ref}]` wrappers with a
// description, `default: {}` on non-pointer structs, and the x-kubernetes-* extensions that kubectl
// reads for validation, `explain` and client-side apply patches.
import type { z } from 'zod';
import { customTypeOf, defOf, leafRegistry, structFields, structRegistry, unwrap, type FieldMeta, type LeafKind, type LeafMeta } from './declare.ts';
import { leafOf } from './derive-proto.ts';

export type OpenAPISchema = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Schemas of well-known leaf types that kube publishes as components of their own. */
const leafComponents: Partial<Record<LeafKind, { id: string; schema: OpenAPISchema }>> = {
  time: {
    id: 'io.k8s.apimachinery.pkg.apis.meta.v1.Time',
    schema: { description: 'A wrapper of time that serializes as RFC 3339 in UTC.', type: 'string', format: 'date-time' },
  },
  microTime: {
    id: 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime',
    schema: { description: 'A time with microsecond precision, serialized as RFC 3339.', type: 'string', format: 'date-time' },
  },
  quantity: {
    id: 'io.k8s.apimachinery.pkg.api.resource.Quantity',
    schema: { description: 'A fixed-point number with a suffix (1Gi, 500m, 2).', oneOf: [{ type: 'string' }, { type: 'number' }] },
  },
  intOrString: {
    id: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString',
    schema: { description: 'An int32 or a string.', format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
  },
  fieldsV1: {
    id: 'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1',
    schema: { description: 'A set of fields in the FieldsV1 trie format.', type: 'object' },
  },
  rawExtension: {
    id: 'io.k8s.apimachinery.pkg.runtime.RawExtension',
    schema: { description: 'An embedded object in any serialization.', type: 'object' },
  },
};

/** The leaf metadata of a schema, looking through optional/nullable wrappers. */
function leafMetaOf(schema: z.ZodType): LeafMeta | undefined {
  let s: z.ZodType | undefined = schema;
  while (s) {
    const meta = leafRegistry.get(s);
    if (meta) return meta;
    const d = defOf(s);
    s = d.type === 'optional' || d.type === 'nullable' || d.type === 'default' ? d.innerType : undefined;
  }
  return undefined;
}

function plainLeaf(kind: LeafKind): OpenAPISchema {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'bytes':
      return { type: 'string', format: 'byte' };
    case 'bool':
      return { type: 'boolean' };
    case 'int32':
      return { type: 'integer', format: 'int32' };
    case 'int64':
      return { type: 'integer', format: 'int64' };
    case 'double':
      return { type: 'number', format: 'double' };
    default:
      return {};
  }
}

/** The zero value of a plain scalar leaf (strings, booleans, numbers), the default kube publishes. */
function zeroOf(kind: LeafKind | undefined): unknown {
  switch (kind) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
    case 'double':
      return 0;
    default:
      return undefined;
  }
}

const typeMetaDescriptions: Record<string, string> = {
  apiVersion: 'The versioned schema of this representation of an object; servers convert recognized schemas to the latest internal value.',
  kind: 'The REST resource this object represents, in CamelCase; servers infer it from the endpoint the client submits requests to.',
};

function extensions(meta: FieldMeta | undefined): OpenAPISchema {
  const out: OpenAPISchema = {};
  if (!meta) return out;
  if (meta.listMapKeys) out['x-kubernetes-list-map-keys'] = [...meta.listMapKeys];
  if (meta.listType) out['x-kubernetes-list-type'] = meta.listType;
  if (meta.mapType) out['x-kubernetes-map-type'] = meta.mapType;
  if (meta.patchMergeKey) out['x-kubernetes-patch-merge-key'] = meta.patchMergeKey;
  if (meta.patchStrategy) out['x-kubernetes-patch-strategy'] = meta.patchStrategy;
  return out;
}

/** Collects component schemas while walking declared types. */
class Collector {
  readonly components: Record<string, OpenAPISchema> = {};

  /** The schema of a value of `type`; struct and well-known leaf types become references. */
  valueSchema(type: z.ZodType, pointer: boolean): OpenAPISchema {
    const custom = customTypeOf(type);
    if (custom?.inlineOpenAPI) return structuredClone(custom.openAPI);
    if (custom) {
      // Go structs with their own JSON form: a component of their own, like a struct's.
      this.components[custom.id] ??= custom.openAPI;
      return pointer ? { allOf: [ref(custom.id)] } : { allOf: [ref(custom.id)], default: {} };
    }
    const leaf = leafOf(type);
    if (leaf) {
      const own = leafMetaOf(type)?.component;
      if (own) {
        // A leaf its package publishes (apiextensions' JSON, a Go struct): referenced like a struct.
        this.components[own.id] ??= own.schema;
        return pointer ? { allOf: [ref(own.id)] } : { allOf: [ref(own.id)], default: {} };
      }
      const comp = leafComponents[leaf];
      if (comp) {
        this.components[comp.id] ??= comp.schema;
        return { allOf: [ref(comp.id)] };
      }
      return plainLeaf(leaf);
    }
    const inner = unwrap(type);
    const d = defOf(inner);
    if (d.type === 'array') return { type: 'array', items: this.itemSchema(d.element!) };
    if (d.type === 'record') return { type: 'object', additionalProperties: this.itemSchema(d.valueType!) };
    if (d.type === 'object' && structRegistry.get(inner)) {
      const id = this.struct(inner);
      return pointer ? { allOf: [ref(id)] } : { allOf: [ref(id)], default: {} };
    }
    return {};
  }

  /**
   * Items of lists and values of maps, as kube-openapi writes them: a well-known leaf type is a bare
   * reference (nothing beside it needs the allOf wrapper), a struct is wrapped with `default: {}`,
   * and a scalar has its zero value as default (Go's elements are never nil).
   */
  private itemSchema(type: z.ZodType): OpenAPISchema {
    const s = this.valueSchema(type, false);
    const keys = Object.keys(s);
    if (keys.length === 1 && keys[0] === 'allOf') return (s.allOf as OpenAPISchema[])[0]!;
    const zero = zeroOf(leafOf(type));
    return zero === undefined ? s : { ...s, default: zero };
  }

  /** Adds a struct's component (once) and returns its id. */
  struct(schema: z.ZodType): string {
    const inner = unwrap(schema);
    const meta = structRegistry.get(inner)!;
    if (this.components[meta.id]) return meta.id;
    const component: OpenAPISchema = { description: meta.description, type: 'object' };
    this.components[meta.id] = component;
    const properties: Record<string, OpenAPISchema> = {};
    const required: string[] = [];
    for (const f of structFields(inner)) {
      if (!f.meta) {
        properties[f.name] = { description: typeMetaDescriptions[f.name] ?? '', ...this.valueSchema(f.type, true) };
        continue;
      }
      const value = this.valueSchema(f.type, f.meta.pointer ?? false);
      const prop: OpenAPISchema = { ...(f.meta.description ? { description: f.meta.description } : {}), ...value, ...extensions(f.meta) };
      if (f.meta.default !== undefined) prop.default = f.meta.default;
      // kube-openapi gives a required (non-omitempty) value field its zero value as default.
      else if (f.meta.required && !f.meta.pointer) {
        const zero = zeroOf(leafOf(f.type));
        if (zero !== undefined) prop.default = zero;
      }
      if (f.meta.required) required.push(f.name);
      properties[f.name] = prop;
    }
    component.properties = properties;
    if (required.length > 0) component.required = required;
    if (meta.gvk) component['x-kubernetes-group-version-kind'] = [{ group: meta.gvk.group, kind: meta.gvk.kind, version: meta.gvk.version }];
    if (meta.mapType) component['x-kubernetes-map-type'] = meta.mapType;
    if (meta.preserveUnknownFields) component['x-kubernetes-preserve-unknown-fields'] = true;
    return meta.id;
  }
}

/** The OpenAPI v3 component schemas of the given structs and everything they reference. */
export function openAPIComponents(roots: readonly z.ZodType[], extra: Record<string, OpenAPISchema> = {}): Record<string, OpenAPISchema> {
  const c = new Collector();
  for (const r of roots) c.struct(r);
  const all = { ...c.components, ...extra };
  return Object.fromEntries(Object.keys(all).sort().map((k) => [k, all[k]!]));
}

/** The OpenAPI definition name of a declared struct. */
export function openAPIName(schema: z.ZodType): string {
  const meta = structRegistry.get(unwrap(schema));
  if (!meta) throw new Error('openAPIName: not a declared struct');
  return meta.id;
}
