// Behaviour of encoding/json's Unmarshal of a JSON null into Go values (as sigs.k8s.io/json, kube's
// decoder, keeps it; v1.33): null is never an error. It sets a pointer, map, slice or interface to
// nil and leaves any other value as it is (the zero value, in a freshly decoded object), except for
// types that read null themselves (resource.Quantity reads it as zero). A map entry or list item
// that is null becomes its type's zero value ("" in a map[string]string, {} in a []Container).
import type { z } from 'zod';
import { defOf, leafRegistry } from './schema/declare.ts';

/** Whether `schema` takes null as a value of its own (metav1.Time, unions with a null member, any JSON). */
function acceptsNull(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'nullable':
    case 'null':
    case 'unknown':
    case 'any':
      return true;
    case 'optional':
    case 'default':
    case 'readonly':
      return acceptsNull(def.innerType!);
    case 'lazy':
      return acceptsNull(def.getter!());
    case 'union':
      return (def.options ?? []).some(acceptsNull);
    default:
      return false;
  }
}

/** The JSON of the Go zero value of an item or map value of type `schema`. */
function zeroOf(schema: z.ZodType): unknown {
  const leaf = leafRegistry.get(schema)?.leaf;
  if (leaf === 'quantity') return '0';
  if (leaf === 'intOrString') return 0;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'readonly':
      return zeroOf(def.innerType!);
    case 'lazy':
      return zeroOf(def.getter!());
    case 'object':
    case 'record':
      return {};
    case 'array':
      return [];
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'union':
      return def.options?.[0] === undefined ? undefined : zeroOf(def.options[0]);
    default:
      return undefined;
  }
}

function walk(schema: z.ZodType, value: unknown): boolean {
  // Frozen parts are shared with a stored object (the watch cache's), which holds no nulls.
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return false;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return walk(def.innerType!, value);
    case 'lazy':
      return walk(def.getter!(), value);
    case 'union': {
      // A Go type that unmarshals itself (a schema or a list of schemas): the option of the value's shape.
      const shape = Array.isArray(value) ? 'array' : 'object';
      let changed = false;
      for (const o of def.options ?? []) {
        const t = defOf(unwrapped(o)).type;
        if ((shape === 'array' && t === 'array') || (shape === 'object' && (t === 'object' || t === 'record'))) changed = walk(o, value) || changed;
      }
      return changed;
    }
    case 'object': {
      if (Array.isArray(value)) return false;
      const shape = def.shape ?? {};
      const o = value as Record<string, unknown>;
      let changed = false;
      for (const key of Object.keys(o)) {
        const fieldSchema = Object.hasOwn(shape, key) ? shape[key]! : undefined;
        if (fieldSchema === undefined) continue;
        if (o[key] === null) {
          if (acceptsNull(fieldSchema)) continue;
          delete o[key];
          changed = true;
        } else changed = walk(fieldSchema, o[key]) || changed;
      }
      return changed;
    }
    case 'array': {
      if (!Array.isArray(value)) return false;
      return items(def.element!, value as unknown as Record<number, unknown>, value.keys());
    }
    case 'record': {
      if (Array.isArray(value)) return false;
      return items(def.valueType!, value as Record<string, unknown>, Object.keys(value));
    }
    default:
      return false;
  }
}

function items(of: z.ZodType, container: Record<string | number, unknown>, keys: Iterable<string | number>): boolean {
  let changed = false;
  const nullable = acceptsNull(of);
  for (const k of keys) {
    const v = container[k];
    if (v === null) {
      if (nullable) continue;
      const zero = zeroOf(of);
      if (zero === undefined) continue;
      container[k] = zero;
      changed = true;
    } else changed = walk(of, v) || changed;
  }
  return changed;
}

function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly') return unwrapped(def.innerType!);
  if (def.type === 'lazy') return unwrapped(def.getter!());
  return schema;
}

/**
 * Reads the nulls of a decoded JSON document as Go decoding into `schema`'s type does, in place:
 * a null field the type cannot hold is removed (it is the zero value, which kapi writes as
 * absence), a null list item or map value becomes its type's zero value. Fields the type takes
 * null in (a metav1.Time, any JSON) keep it; undeclared fields are left for the unknown-field
 * checks. Returns whether anything changed.
 */
export function nullsAsGoZero(schema: z.ZodType, value: unknown): boolean {
  return walk(schema, value);
}
