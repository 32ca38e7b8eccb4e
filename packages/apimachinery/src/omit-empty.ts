// Behaviour of encoding/json's `omitempty` on kube's Go types (k8s.io/api, v1.33), applied to a
// decoded object: a Go struct cannot tell an absent non-pointer field from its zero value, so `0`,
// `""`, `false` and empty lists and maps in such fields are no values at all. This is the form an
// object has once it went through a Go struct (or kapi's protobuf storage, decodeMessage), so that
// comparisons with a stored object (the generation bump, the unchanged-bytes check, managedFields)
// see what kube sees.
import type { z } from 'zod';
import { ObjectMeta } from './meta.ts';
import { customTypeOf, defOf, fieldRegistry, leafRegistry, type FieldMeta } from './schema/declare.ts';

/** Scalars whose zero value a field without omitempty (`required`) keeps. */
const alwaysKinds: ReadonlySet<string> = new Set(['string', 'bytes', 'bool', 'int32', 'int64', 'double']);

/** Leaves that hold other JSON (unstructured to us): never descended into. */
const opaqueLeaves: ReadonlySet<string> = new Set(['fieldsV1', 'rawExtension', 'json']);

/** The schema under optional/nullable/default wrappers and lazy references, with the leaf kind met on the way. */
function inner(schema: z.ZodType): { schema: z.ZodType; leaf: string | undefined } {
  let s = schema;
  for (;;) {
    const leaf = leafRegistry.get(s)?.leaf;
    if (leaf !== undefined) return { schema: s, leaf };
    const d = defOf(s);
    if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'readonly') s = d.innerType!;
    else if (d.type === 'lazy') s = d.getter!();
    else return { schema: s, leaf: undefined };
  }
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false;
}

/**
 * Whether a field holding `v` is left out: an empty list or map, or a zero in a non-pointer field
 * with omitempty. `f` is the field's type under its wrappers.
 */
function omitted(meta: FieldMeta, f: { schema: z.ZodType; leaf: string | undefined }, v: unknown): boolean {
  // A nil pointer, or a zero metav1.Time (which storage does not keep); JSON leaves hold null as a value.
  if (v === null) return f.leaf === undefined || !opaqueLeaves.has(f.leaf);
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object' && v !== null) {
    // Structs (and the leaves that are structs in Go) are written even when empty.
    return f.leaf === undefined && defOf(f.schema).type === 'record' && Object.keys(v).length === 0;
  }
  if (meta.pointer || !isZero(v)) return false;
  return !(meta.required === true && f.leaf !== undefined && alwaysKinds.has(f.leaf));
}

function walk(schema: z.ZodType, value: unknown): void {
  // Frozen parts are shared with a stored object (the watch cache's), which is in this form already.
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (customTypeOf(schema)) return;
  const { schema: s, leaf } = inner(schema);
  if (leaf !== undefined && opaqueLeaves.has(leaf)) return;
  if (customTypeOf(s)) return;
  const def = defOf(s);
  switch (def.type) {
    case 'object': {
      if (Array.isArray(value)) return;
      const shape = def.shape ?? {};
      const o = value as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        if (!Object.hasOwn(shape, key)) continue;
        const fieldSchema = shape[key]!;
        const meta = fieldRegistry.get(fieldSchema);
        const v = o[key];
        // An empty managedFields list is a request to clear them, which the field manager reads
        // from the Go slice (empty, not nil): kept.
        const clearsManagedFields = s === ObjectMeta && key === 'managedFields';
        if (meta !== undefined && !clearsManagedFields) {
          if (omitted(meta, inner(fieldSchema), v)) {
            delete o[key];
            continue;
          }
        }
        walk(fieldSchema, v);
      }
      return;
    }
    case 'array':
      if (Array.isArray(value)) for (const item of value) walk(def.element!, item);
      return;
    case 'record':
      if (!Array.isArray(value)) for (const item of Object.values(value)) walk(def.valueType!, item);
      return;
    default:
      return;
  }
}

/**
 * Leaves out, in place, what Go's JSON of `schema`'s type leaves out (see the file comment): the
 * zero values of non-pointer fields with omitempty, empty lists and maps. Pointer fields keep
 * their zero values (nil is absence), fields without omitempty (declared `required`) keep theirs,
 * structs are kept even when empty; undeclared fields and custom types are left as they are.
 */
export function omitEmptyFields(schema: z.ZodType, value: unknown): void {
  walk(schema, value);
}
