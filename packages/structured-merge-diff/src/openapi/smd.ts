// Behaviour of k8s.io/kube-openapi/pkg/schemaconv/smd.go (c8a335a9a2ff)
//
// The pieces of kube-openapi's converter that do not depend on the input format: the two
// built-in untyped types every converted schema ends with, primitive type mapping, and how the
// list / map extensions pick an element relationship. Go's proto-models path (`ToSchema`, with
// `x-kubernetes-unions`) is not ported: kube-apiserver converts through `ToSchemaFromOpenAPI`,
// which never reads unions.

import type { Atom, ElementRelationship, TypeDef } from '../schema/elements.ts';

/** Definition name kube hard-codes as an untyped scalar (a Quantity is a string or a number). */
export const QUANTITY_TYPE_NAME = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
/** Definition name kube hard-codes as {@link UNTYPED_ATOMIC_NAME}'s shape (any JSON, atomic). */
export const RAW_EXTENSION_TYPE_NAME = 'io.k8s.apimachinery.pkg.runtime.RawExtension';
/** Built-in type: any value, replaced as a whole on apply (lists and maps atomic). */
export const UNTYPED_ATOMIC_NAME = '__untyped_atomic_';
/** Built-in type: any value; maps merge key by key (separable), lists stay atomic. */
export const UNTYPED_DEDUCED_NAME = '__untyped_deduced_';

/** The atom of `__untyped_atomic_`; a fresh object on every call. */
export function untypedAtomicAtom(): Atom {
  return {
    scalar: 'untyped',
    list: { elementType: { namedType: UNTYPED_ATOMIC_NAME }, elementRelationship: 'atomic' },
    map: { elementType: { namedType: UNTYPED_ATOMIC_NAME }, elementRelationship: 'atomic' },
  };
}

/** The atom of `__untyped_deduced_`; a fresh object on every call. */
export function untypedDeducedAtom(): Atom {
  return {
    scalar: 'untyped',
    list: { elementType: { namedType: UNTYPED_ATOMIC_NAME }, elementRelationship: 'atomic' },
    map: { elementType: { namedType: UNTYPED_DEDUCED_NAME }, elementRelationship: 'separable' },
  };
}

/** The two type definitions Go appends after the converted ones (`addCommonTypes`). */
export function commonTypeDefs(): TypeDef[] {
  return [
    { name: UNTYPED_ATOMIC_NAME, ...untypedAtomicAtom() },
    { name: UNTYPED_DEDUCED_NAME, ...untypedDeducedAtom() },
  ];
}

/**
 * The scalar for an OpenAPI primitive type (`integer`, `number`, `boolean`, `string`): strings
 * with a format other than none or `byte` (`int-or-string`, `date-time`, ...) are untyped.
 */
export function convertPrimitive(type: string, format: string): Atom {
  switch (type) {
    case 'integer':
    case 'number':
      return { scalar: 'numeric' };
    case 'boolean':
      return { scalar: 'boolean' };
    case 'string':
      return format === '' || format === 'byte' ? { scalar: 'string' } : { scalar: 'untyped' };
    default:
      return { scalar: 'untyped' };
  }
}

/** A list's relationship and keys; `error` is set where Go returns one (the other fields still apply). */
export interface ListRelationship {
  relationship: ElementRelationship;
  keys?: string[];
  error?: string;
}

/**
 * The list relationship from a schema's extensions. `x-kubernetes-list-type` wins (`atomic`;
 * `set` → associative; `map` → associative keyed by `x-kubernetes-list-map-keys`); without it the
 * legacy strategic-merge markers decide (`x-kubernetes-patch-strategy: merge` with
 * `x-kubernetes-patch-merge-key` → associative with that key, without a key → a set;
 * `retainKeys` → atomic); otherwise atomic.
 */
export function listElementRelationship(ext: Record<string, unknown>): ListRelationship {
  if (Object.hasOwn(ext, 'x-kubernetes-list-type')) {
    const val = ext['x-kubernetes-list-type'];
    switch (val) {
      case 'atomic':
        return { relationship: 'atomic' };
      case 'set':
        return { relationship: 'associative' };
      case 'map': {
        if (!Object.hasOwn(ext, 'x-kubernetes-list-map-keys')) {
          return { relationship: 'associative', error: 'missing map keys' };
        }
        const keys = ext['x-kubernetes-list-map-keys'];
        if (!Array.isArray(keys)) {
          return { relationship: 'associative', error: `uninterpreted map keys: ${goSyntax(keys)}` };
        }
        // Go keeps the string members and drops the rest silently; no keys at all is "no keys".
        const names = keys.filter((k): k is string => typeof k === 'string');
        return names.length > 0 ? { relationship: 'associative', keys: names } : { relationship: 'associative' };
      }
      default:
        return { relationship: 'atomic', error: `unknown list type ${goValue(val)}` };
    }
  }
  if (Object.hasOwn(ext, 'x-kubernetes-patch-strategy')) {
    const val = ext['x-kubernetes-patch-strategy'];
    switch (val) {
      case 'merge':
      case 'merge,retainKeys': {
        if (!Object.hasOwn(ext, 'x-kubernetes-patch-merge-key')) return { relationship: 'associative' };
        const key = ext['x-kubernetes-patch-merge-key'];
        if (typeof key !== 'string') {
          return { relationship: 'associative', error: `uninterpreted merge key: ${goSyntax(key)}` };
        }
        return { relationship: 'associative', keys: [key] };
      }
      case 'retainKeys':
        return { relationship: 'atomic' };
      default:
        return { relationship: 'atomic', error: `unknown patch strategy ${goValue(val)}` };
    }
  }
  return { relationship: 'atomic' };
}

/**
 * The map relationship from `x-kubernetes-map-type` (`atomic`; `granular` → separable), or
 * `undefined` when the extension is absent (callers leave the relationship unset then).
 */
export function mapElementRelationship(
  ext: Record<string, unknown>,
): { relationship?: ElementRelationship; error?: string } {
  if (!Object.hasOwn(ext, 'x-kubernetes-map-type')) return {};
  const val = ext['x-kubernetes-map-type'];
  if (val === 'atomic') return { relationship: 'atomic' };
  if (val === 'granular') return { relationship: 'separable' };
  return { error: `unknown map type ${goValue(val)}` };
}

// Go's fmt verbs for the JSON values extensions hold, so error texts read as kube's do.

/** Go `%v` of a JSON-decoded value. */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return goFloat(v);
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o).sort().map((k) => `${k}:${goValue(o[k])}`).join(' ')}]`;
  }
  return String(v);
}

/** Go `%#v` of a JSON-decoded value. */
export function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntax).join(', ')}}`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const entries = Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${goSyntax(o[k])}`);
    return `map[string]interface {}{${entries.join(', ')}}`;
  }
  return String(v);
}

/** Go's `%v` of a float64: shortest digits, exponent form when the exponent is < -4 or ≥ 6. */
function goFloat(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mantissa = '', expText = '0'] = n.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const abs = Math.abs(exp);
    return `${mantissa}e${sign}${abs < 10 ? '0' : ''}${abs}`;
  }
  return String(n);
}
