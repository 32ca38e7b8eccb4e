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

/** A field of a struct, as omitEmpty reads it. */
interface FieldPlan {
  readonly schema: z.ZodType;
  /** Undefined for fields without Kubernetes facts (TypeMeta): never left out. */
  readonly meta: FieldMeta | undefined;
  readonly leaf: string | undefined;
  readonly isMap: boolean;
}

/** What a schema is to the walk, computed once per schema. */
type Plan =
  | { readonly kind: 'skip' }
  | { readonly kind: 'struct'; readonly fields: ReadonlyMap<string, FieldPlan> }
  | { readonly kind: 'list' | 'map'; readonly of: z.ZodType };

const plans = new WeakMap<z.ZodType, Plan>();

function planOf(schema: z.ZodType): Plan {
  let plan = plans.get(schema);
  if (plan) return plan;
  plan = computePlan(schema);
  plans.set(schema, plan);
  return plan;
}

function computePlan(schema: z.ZodType): Plan {
  if (customTypeOf(schema)) return { kind: 'skip' };
  const { schema: s, leaf } = inner(schema);
  // Leaves hold scalars or other JSON (unstructured to us); custom types unmarshal themselves.
  if (leaf !== undefined || customTypeOf(s)) return { kind: 'skip' };
  const def = defOf(s);
  switch (def.type) {
    case 'object': {
      const fields = new Map<string, FieldPlan>();
      for (const [name, type] of Object.entries(def.shape ?? {})) {
        const f = inner(type);
        // An empty managedFields list is a request to clear them, which the field manager reads
        // from the Go slice (empty, not nil): kept, as a field without Kubernetes facts is.
        const meta = s === ObjectMeta && name === 'managedFields' ? undefined : fieldRegistry.get(type);
        fields.set(name, { schema: type, meta, leaf: f.leaf, isMap: f.leaf === undefined && defOf(f.schema).type === 'record' });
      }
      return { kind: 'struct', fields };
    }
    case 'array':
      return { kind: 'list', of: def.element! };
    case 'record':
      return { kind: 'map', of: def.valueType! };
    default:
      return { kind: 'skip' };
  }
}

/** Whether a field holding `v` is left out: an empty list or map, or a zero in a non-pointer field with omitempty. */
function omitted(f: FieldPlan, v: unknown): boolean {
  const meta = f.meta;
  if (meta === undefined) return false;
  // Leaves of other JSON hold any value, `[]`, `{}` and null among them (a set *JSON, a RawExtension).
  if (f.leaf !== undefined && opaqueLeaves.has(f.leaf)) return false;
  // A nil pointer, or a zero metav1.Time (which storage does not keep).
  if (v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  // Structs (and the leaves that are structs in Go) are written even when empty.
  if (typeof v === 'object') return f.isMap && Object.keys(v).length === 0;
  if (meta.pointer || !isZero(v)) return false;
  return !(meta.required === true && f.leaf !== undefined && alwaysKinds.has(f.leaf));
}

function walk(schema: z.ZodType, value: unknown): void {
  // Frozen parts are shared with a stored object (the watch cache's), which is in this form already.
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  const plan = planOf(schema);
  switch (plan.kind) {
    case 'struct': {
      if (Array.isArray(value)) return;
      const o = value as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        const f = plan.fields.get(key);
        if (f === undefined) continue;
        const v = o[key];
        if (omitted(f, v)) delete o[key];
        else walk(f.schema, v);
      }
      return;
    }
    case 'list':
      if (Array.isArray(value)) for (const item of value) walk(plan.of, item);
      return;
    case 'map':
      if (!Array.isArray(value)) for (const item of Object.values(value)) walk(plan.of, item);
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
