// The declaration language of Kubernetes types: zod schemas with the facts Kubernetes attaches to
// each field (protobuf number, Go pointer-ness, patch and list metadata, description). One
// declaration per type; TS types (z.infer), decoding checks, protobuf descriptors and OpenAPI
// documents are derived from it (derive-proto.ts, derive-openapi.ts).
import { z } from 'zod';

/** The wire type of a leaf, where JSON alone does not say it. */
export type LeafKind =
  | 'string'
  | 'bytes'
  | 'bool'
  | 'int32'
  | 'int64'
  | 'double'
  | 'time'
  | 'microTime'
  | 'quantity'
  | 'intOrString'
  | 'fieldsV1'
  | 'rawExtension'
  | 'json';

export interface LeafMeta {
  readonly leaf: LeafKind;
  /** OpenAPI format override. */
  readonly format?: string;
  /** The OpenAPI component the leaf is published as, where its declaring package names it. */
  readonly component?: { readonly id: string; readonly schema: Record<string, unknown> };
}

/** What Kubernetes says about one field of a struct. */
export interface FieldMeta {
  /** Protobuf field number (k8s.io/api generated.proto). */
  readonly no: number;
  readonly description?: string;
  /** A Go pointer: absence is nil; zero values are kept and written. */
  readonly pointer?: boolean;
  /** Required in the OpenAPI schema (`+required`). Decoding never requires a field. */
  readonly required?: boolean;
  /** The value kube-apiserver defaults (static defaults only; conditional ones live in defaulters). */
  readonly default?: unknown;
  readonly patchStrategy?: string;
  readonly patchMergeKey?: string;
  readonly listType?: 'atomic' | 'set' | 'map';
  readonly listMapKeys?: readonly string[];
  readonly mapType?: 'atomic' | 'granular';
}

/** What Kubernetes says about a struct type. */
export interface StructMeta {
  /** OpenAPI definition name, e.g. `io.k8s.api.core.v1.Container`. */
  readonly id: string;
  /** Fully qualified protobuf message name, e.g. `k8s.io.api.core.v1.Container`. */
  readonly protoName: string;
  readonly description: string;
  /** The kind this struct is, for top-level types (x-kubernetes-group-version-kind). */
  readonly gvk?: { group: string; version: string; kind: string };
  readonly preserveUnknownFields?: boolean;
  readonly mapType?: 'atomic' | 'granular';
}

export const leafRegistry = z.registry<LeafMeta>();
export const fieldRegistry = z.registry<FieldMeta>();
export const structRegistry = z.registry<StructMeta>();

const leaf = <T extends z.ZodType>(schema: T, meta: LeafMeta): T => {
  leafRegistry.add(schema, meta);
  return schema;
};

export const types = {
  string: () => leaf(z.string(), { leaf: 'string' }),
  bytes: () => leaf(z.string(), { leaf: 'bytes', format: 'byte' }),
  bool: () => leaf(z.boolean(), { leaf: 'bool' }),
  int32: () => leaf(z.number().int(), { leaf: 'int32', format: 'int32' }),
  int64: () => leaf(z.number().int(), { leaf: 'int64', format: 'int64' }),
  double: () => leaf(z.number(), { leaf: 'double', format: 'double' }),
  /** metav1.Time: RFC 3339 seconds in JSON, {seconds} in protobuf; null is the zero time. */
  time: () => leaf(z.string().nullable(), { leaf: 'time', format: 'date-time' }),
  microTime: () => leaf(z.string().nullable(), { leaf: 'microTime', format: 'date-time' }),
  /** resource.Quantity: a string in JSON (numbers accepted on input). */
  quantity: () => leaf(z.union([z.string(), z.number()]), { leaf: 'quantity' }),
  /** intstr.IntOrString. */
  intOrString: () => leaf(z.union([z.number().int(), z.string()]), { leaf: 'intOrString', format: 'int-or-string' }),
  fieldsV1: () => leaf(z.record(z.string(), z.unknown()), { leaf: 'fieldsV1' }),
  /** runtime.RawExtension: any JSON object. */
  rawExtension: () => leaf(z.looseObject({}), { leaf: 'rawExtension' }),
  /**
   * Any JSON value (apiextensions' JSON): protobuf holds it as JSON bytes in field 1 of a message of
   * its own, written as Go's encoding/json writes it; `component` is its OpenAPI definition.
   */
  json: (component: { id: string; schema: Record<string, unknown> }) => leaf(z.unknown(), { leaf: 'json', component }),
  list: <T extends z.ZodType>(of: T) => z.array(of),
  map: <T extends z.ZodType>(of: T) => z.record(z.string(), of),
};

/**
 * A Go type with a JSON form of its own (a union such as "a schema or a list of schemas") and a
 * protobuf message: the zod schema checks the JSON form, `wire` declares the message, and the
 * codec maps one form to the other, as the Go type's MarshalJSON/UnmarshalJSON and gogo's
 * generated code together do.
 */
export interface CustomTypeMeta {
  /** OpenAPI definition name. */
  readonly id: string;
  /** The OpenAPI component kube publishes for it (often a description alone). */
  readonly openAPI: Record<string, unknown>;
  /**
   * kube publishes no component and writes `openAPI` in place wherever the type is used (a named
   * slice such as `type ExtraValue []string`).
   */
  readonly inlineOpenAPI?: boolean;
  /** The struct declaring the protobuf message (never published in OpenAPI). */
  readonly wire: () => z.ZodType;
  /** The JSON form → the JSON form of the wire message. */
  toWire(value: unknown): Record<string, unknown>;
  /** The JSON form of a decoded wire message → the JSON form (what Go's MarshalJSON writes). */
  fromWire(message: Record<string, unknown>): unknown;
}

const customTypes = new WeakMap<z.core.$ZodType, CustomTypeMeta>();

/** Declares `schema` (the JSON form) as a custom type. */
export function customType<T extends z.ZodType>(schema: T, meta: CustomTypeMeta): T {
  customTypes.set(schema, meta);
  return schema;
}

/** The custom type of a schema, looking through optional/nullable/lazy wrappers. */
export function customTypeOf(schema: z.ZodType): CustomTypeMeta | undefined {
  let s: z.ZodType | undefined = schema;
  while (s) {
    const meta = customTypes.get(s);
    if (meta) return meta;
    const d = defOf(s);
    s = d.type === 'optional' || d.type === 'nullable' || d.type === 'default' ? d.innerType : d.type === 'lazy' ? d.getter!() : undefined;
  }
  return undefined;
}

/** Declares a field: optional for decoding, with its Kubernetes facts. */
export function field<T extends z.ZodType>(no: number, type: T, meta: Omit<FieldMeta, 'no'> = {}): z.ZodOptional<T> {
  const f = type.optional();
  fieldRegistry.add(f, { no, ...meta });
  return f;
}

/** Declares a struct. Unknown fields decode (and are then pruned or reported by fieldValidation). */
export function struct<S extends z.ZodRawShape>(meta: StructMeta, shape: S): z.ZodObject<S, z.core.$loose> {
  const s = z.looseObject(shape);
  structRegistry.add(s, meta);
  return s;
}

/** Where the fields of a Go-embedded struct (`json:",inline"`) live in protobuf. */
export interface Embedding {
  /** Field number of the embedded message in the parent (k8s.io/api generated.proto). */
  readonly no: number;
  /** Field name of the embedded message in generated.proto, e.g. `volumeSource`. */
  readonly protoName: string;
  /** The embedded struct. */
  readonly struct: z.ZodType;
}

const embeddings = new WeakMap<z.core.$ZodType, Embedding>();

/** The embedding a field schema comes from, when `embed` declared it. */
export function embeddingOf(schema: z.core.$ZodType): Embedding | undefined {
  return embeddings.get(schema);
}

/**
 * Go's inline embedding: the fields of `of`, to spread into the parent's shape. In JSON (and
 * OpenAPI) they are the parent's own fields; protobuf keeps them in one message field `no`.
 */
export function embed<S extends z.ZodRawShape>(no: number, protoName: string, of: z.ZodObject<S, z.core.$loose>): S {
  const group: Embedding = { no, protoName, struct: of };
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [name, type] of Object.entries(of.shape as Record<string, z.core.$ZodType>)) {
    const f: z.core.$ZodType = z.optional(type);
    const meta = fieldRegistry.get(type as z.ZodType);
    if (meta) fieldRegistry.add(f as z.ZodType, meta);
    embeddings.set(f, group);
    shape[name] = f;
  }
  return shape as unknown as S;
}

/** A struct reference that may be recursive. */
export function lazyStruct<T extends z.ZodType>(get: () => T): z.ZodLazy<T> {
  return z.lazy(get);
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
}

/** The zod internals the derivations read. */
export function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema under optional/nullable/lazy wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const d = defOf(s);
    if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'readonly') s = d.innerType!;
    else if (d.type === 'lazy') s = d.getter!();
    else return s;
  }
}

/** The declared fields of a struct, in declaration order, with their metadata. */
export function structFields(schema: z.ZodType): { name: string; type: z.ZodType; meta: FieldMeta | undefined }[] {
  const d = defOf(unwrap(schema));
  if (d.type !== 'object') throw new Error('not a struct');
  return Object.entries(d.shape ?? {}).map(([name, type]) => ({ name, type, meta: fieldRegistry.get(type) }));
}
