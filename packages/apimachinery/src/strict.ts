// Behaviour of sigs.k8s.io/json strict decoding as used by k8s.io/apimachinery's JSON serializer
// (v1.33): the fields of a document its schema does not declare, by path.
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Marks an object schema whose unknown fields are kept and never reported (x-kubernetes-preserve-unknown-fields). */
const preserving = new WeakSet<object>();
export function preserveUnknownFields<T extends z.ZodType>(schema: T): T {
  preserving.add(schema);
  return schema;
}

/** `object` (structs and maps) or `array`, for a union's options. */
function shapeOf(schema: z.ZodType): string | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return shapeOf(def.innerType!);
    case 'lazy':
      return shapeOf(def.getter!());
    case 'object':
    case 'record':
      return 'object';
    case 'array':
      return 'array';
    default:
      return undefined;
  }
}

function walk(schema: z.ZodType, value: unknown, path: string, out: string[], prune: boolean): void {
  if (value === null || value === undefined) return;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      walk(def.innerType!, value, path, out, prune);
      return;
    case 'lazy':
      walk(def.getter!(), value, path, out, prune);
      return;
    case 'union': {
      // A union is a Go type with its own UnmarshalJSON (a schema or a list of schemas, a schema
      // or a bool): it decodes its content without strictness, so unknown fields inside are
      // dropped, whatever fieldValidation says, and never reported.
      const shape = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : undefined;
      const option = shape && def.options?.find((o) => shapeOf(o) === shape);
      if (option) walk(option, value, path, [], true);
      return;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const shape = def.shape ?? {};
      const keep = preserving.has(schema);
      for (const [key, v] of Object.entries(value)) {
        const child = path === '' ? key : `${path}.${key}`;
        const fieldSchema = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (fieldSchema) walk(fieldSchema, v, child, out, prune);
        else if (!keep) {
          out.push(child);
          if (prune) delete (value as Record<string, unknown>)[key];
        }
      }
      return;
    }
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => walk(def.element!, v, `${path}[${i}]`, out, prune));
      return;
    case 'record':
      if (typeof value === 'object' && !Array.isArray(value)) {
        // Map entries read like fields in kube's paths: `spec.byName.http.proto`.
        for (const [k, v] of Object.entries(value)) walk(def.valueType!, v, path === '' ? k : `${path}.${k}`, out, prune);
      }
      return;
    default:
      return;
  }
}

/**
 * The paths of fields in `value` that `schema` does not declare (`spec.foo`, `items[0].bar`), in
 * document order. TypeMeta fields are always known. Inside unions (Go types that unmarshal
 * themselves) unknown fields are removed, as Go drops them, and not reported.
 */
export function unknownFields(schema: z.ZodType, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, '', out, false);
  return out;
}

/**
 * Removes the fields `schema` does not declare from `value`, in place, as decoding into kube's Go
 * types drops them; returns their paths.
 */
export function pruneUnknownFields(schema: z.ZodType, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, '', out, true);
  return out;
}

/** kube's message for unknown fields: `unknown field "a", unknown field "b.c"`. */
export function unknownFieldsMessage(paths: readonly string[]): string {
  return paths.map((p) => `unknown field ${JSON.stringify(p)}`).join(', ');
}
