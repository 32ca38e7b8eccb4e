// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/typeconverter.go (v0.33): objects
// to typed values by their group, version and kind, with the schema built from OpenAPI.
import type { KubeObject } from '@kapi/apimachinery';
import {
  allowDuplicates,
  deducedParseableType,
  gvkIndexFromOpenAPI,
  ParseableType,
  Schema,
  schemaFromOpenAPI,
  type TypedValue,
} from '@kapi/structured-merge-diff';

/** Options of a conversion to a typed value. */
export interface ToTypedOptions {
  /** Accept duplicate items in associative lists and sets (live objects may hold them). */
  readonly allowDuplicates?: boolean;
}

/** Turns objects into typed values of their kind's schema and back. */
export interface TypeConverter {
  /** Throws when the object's kind has no type or the object does not match it. */
  objectToTyped(obj: KubeObject, options?: ToTypedOptions): TypedValue;
  typedToObject(value: TypedValue): KubeObject;
}

const missingType = Symbol.for('@kapi/patch.NoCorrespondingType');

/** `group/version, Kind=kind`, as Go prints a GroupVersionKind. */
export function gvkString(apiVersion: string, kind: string): string {
  const slash = apiVersion.indexOf('/');
  const gv = slash < 0 ? `/${apiVersion}` : apiVersion;
  return `${gv}, Kind=${kind}`;
}

/** kube's noCorrespondingTypeErr: the object's kind has no type in the schema. */
export function newNoCorrespondingTypeError(apiVersion: string, kind: string): Error {
  const err = new Error(`no corresponding type for ${gvkString(apiVersion, kind)}`);
  (err as unknown as Record<symbol, boolean>)[missingType] = true;
  return err;
}

/** True for errors of {@link newNoCorrespondingTypeError}. */
export function isNoCorrespondingTypeError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[missingType] === true;
}

function toTyped(type: ParseableType, obj: KubeObject, options: ToTypedOptions | undefined): TypedValue {
  return options?.allowDuplicates ? type.fromUnstructured(obj, allowDuplicates) : type.fromUnstructured(obj);
}

/**
 * A type converter over OpenAPI schemas (v3 `components.schemas` or v2 `definitions`): the kinds are
 * the schemas carrying `x-kubernetes-group-version-kind`. `preserveUnknownFields` keeps fields the
 * schema does not declare (custom resources that preserve them).
 */
export function createTypeConverter(schemas: Record<string, unknown>, options: { preserveUnknownFields?: boolean } = {}): TypeConverter {
  const schema = new Schema(schemaFromOpenAPI(schemas as never, options));
  const index = gvkIndexFromOpenAPI(schemas as never);
  const types = new Map<string, ParseableType>();
  for (const [gvk, name] of index) types.set(gvk, new ParseableType(schema, { namedType: name }));
  return {
    objectToTyped(obj, opts) {
      const apiVersion = obj.apiVersion ?? '';
      const kind = obj.kind ?? '';
      const slash = apiVersion.indexOf('/');
      const key = slash < 0 ? `/${apiVersion}/${kind}` : `${apiVersion}/${kind}`;
      const type = types.get(key);
      if (type === undefined) throw newNoCorrespondingTypeError(apiVersion, kind);
      return toTyped(type, obj, opts);
    },
    typedToObject: (value) => asObject(value),
  };
}

/** A type converter that deduces types from the values themselves (kube's DeducedTypeConverter). */
export function createDeducedTypeConverter(): TypeConverter {
  return {
    objectToTyped: (obj, opts) => toTyped(deducedParseableType, obj, opts),
    typedToObject: (value) => asObject(value),
  };
}

function asObject(value: TypedValue): KubeObject {
  const v = value.asValue();
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`failed to convert value to unstructured for type ${typeof v}`);
  return v as KubeObject;
}
