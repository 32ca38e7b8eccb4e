// Behaviour of k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/algorithm.go and prunenulls.go (v0.33).
import type { Structural } from './structural.ts';
import { deepCopyJson, fieldSchema, isJsonObject } from './internal/json.ts';

const hasDefault = (s: Structural | undefined): boolean => s !== undefined && s.default !== undefined && s.default !== null;
const isNonNullableNull = (x: unknown, s: Structural | undefined): boolean => x === null && s !== undefined && !s.nullable;

/**
 * Applies the defaults of `s` to `value` in place: a property missing from an object, or null
 * where its schema is not nullable, gets a deep copy of its default; a null array item or
 * additionalProperties value that is not nullable gets the items' or additionalProperties'
 * default. Walks into the whole value, embedded resources included. Run after
 * {@link pruneNonNullableNullsWithoutDefaults}, which removes the nulls that have no default.
 */
export function applyDefaults(value: unknown, s: Structural | undefined): void {
  if (s === undefined) return;
  if (isJsonObject(value)) {
    for (const [k, prop] of Object.entries(s.properties ?? {})) {
      if (!hasDefault(prop)) continue;
      if (!Object.hasOwn(value, k) || isNonNullableNull(value[k], prop)) value[k] = deepCopyJson(prop.default);
    }
    for (const k of Object.keys(value)) {
      const prop = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (prop !== undefined) applyDefaults(value[k], prop);
      else if (s.additionalProperties !== undefined) {
        const ap = s.additionalProperties.structural;
        if (isNonNullableNull(value[k], ap)) value[k] = deepCopyJson(ap!.default ?? null);
        applyDefaults(value[k], ap);
      }
    }
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (isNonNullableNull(value[i], s.items)) value[i] = deepCopyJson(s.items!.default ?? null);
      applyDefaults(value[i], s.items);
    }
  }
}

/**
 * Removes, in place, the object fields that are null where the schema is neither nullable nor
 * has a default (those with a default are left for {@link applyDefaults}). Array items are never
 * removed.
 */
export function pruneNonNullableNullsWithoutDefaults(value: unknown, s: Structural | undefined): void {
  if (isJsonObject(value)) {
    for (const k of Object.keys(value)) {
      const schema = fieldSchema(s, k);
      if (value[k] === null && schema !== undefined && !schema.nullable && !hasDefault(schema)) delete value[k];
      else pruneNonNullableNullsWithoutDefaults(value[k], schema);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) pruneNonNullableNullsWithoutDefaults(v, s?.items);
  }
}
