// The JSON of a Go zero value, derived from declared structs (declare.ts): what k8s.io/apimachinery's
// unstructured converter makes of `scheme.New(kind)` — the live object kube-apiserver's field
// manager compares a create against. Go writes every non-pointer struct field (omitempty does not
// apply to structs), a zero metav1.Time as null, and fields without omitempty (declared `required`)
// as their zero value: "" / 0 / false for scalars, null for slices, maps and pointers.
import type { z } from 'zod';
import { customTypeOf, defOf, embeddingOf, leafRegistry, structFields, structRegistry, unwrap } from './declare.ts';
import { leafOf } from './derive-proto.ts';

const cache = new WeakMap<z.ZodType, Record<string, unknown>>();

function zeroOfLeaf(kind: string): unknown {
  switch (kind) {
    case 'string':
    case 'bytes':
      return kind === 'string' ? '' : null;
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

/**
 * The JSON object Go writes for the zero value of a declared struct (a fresh copy each call).
 * Fields of embedded structs (TypeMeta) are all omitempty and never appear.
 */
export function goZeroJson(schema: z.ZodType): Record<string, unknown> {
  const struct = unwrap(schema);
  const cached = cache.get(struct);
  if (cached) return structuredClone(cached);
  if (!structRegistry.get(struct)) throw new Error('goZeroJson: not a declared struct');
  const out: Record<string, unknown> = {};
  for (const f of structFields(struct)) {
    if (!f.meta || embeddingOf(f.type)) continue;
    const leaf = leafOf(f.type);
    if (leaf === 'time' || leaf === 'microTime') {
      // metav1.Time is a struct: written even with omitempty, as null when zero.
      if (!f.meta.pointer) out[f.name] = null;
      else if (f.meta.required) out[f.name] = null;
      continue;
    }
    if (leaf || customTypeOf(f.type) || leafRegistry.get(f.type)) {
      if (!f.meta.required) continue;
      if (f.meta.pointer) out[f.name] = null;
      else {
        const zero = leaf ? zeroOfLeaf(leaf) : undefined;
        if (zero !== undefined) out[f.name] = zero;
      }
      continue;
    }
    const inner = unwrap(f.type);
    const kind = defOf(inner).type;
    if (kind === 'array' || kind === 'record') {
      if (f.meta.required) out[f.name] = null;
      continue;
    }
    if (structRegistry.get(inner)) {
      if (f.meta.pointer) {
        if (f.meta.required) out[f.name] = null;
      } else out[f.name] = goZeroJson(inner);
    }
  }
  cache.set(struct, out);
  return structuredClone(out);
}

/** What to fill in one struct: its non-pointer struct fields, and where to descend. */
interface FillPlan {
  /** Non-pointer struct fields: written by Go even when absent from the input. */
  readonly structs: readonly { readonly name: string; readonly plan: FillPlan; readonly zero: () => Record<string, unknown> }[];
  /** Fields holding structs behind pointers, lists or maps: descended into when present. */
  readonly nested: readonly { readonly name: string; readonly plan: FillPlan; readonly shape: 'one' | 'list' | 'map' }[];
}

const plans = new WeakMap<z.ZodType, FillPlan>();

function planOf(schema: z.ZodType): FillPlan {
  const struct = unwrap(schema);
  const cached = plans.get(struct);
  if (cached) return cached;
  const structs: { name: string; plan: FillPlan; zero: () => Record<string, unknown> }[] = [];
  const nested: { name: string; plan: FillPlan; shape: 'one' | 'list' | 'map' }[] = [];
  const plan: FillPlan = { structs, nested };
  // Set before descending: recursive declarations (JSONSchemaProps) reach themselves.
  plans.set(struct, plan);
  for (const f of structFields(struct)) {
    if (!f.meta || embeddingOf(f.type) || leafOf(f.type) || customTypeOf(f.type)) continue;
    const inner = unwrap(f.type);
    const d = defOf(inner);
    if (d.type === 'array' || d.type === 'record') {
      const element = unwrap(d.type === 'array' ? d.element! : d.valueType!);
      if (structRegistry.get(element) && !leafOf(element) && !customTypeOf(element)) nested.push({ name: f.name, plan: planOf(element), shape: d.type === 'array' ? 'list' : 'map' });
      continue;
    }
    if (!structRegistry.get(inner)) continue;
    if (f.meta.pointer) nested.push({ name: f.name, plan: planOf(inner), shape: 'one' });
    else structs.push({ name: f.name, plan: planOf(inner), zero: () => goZeroStructs(inner) });
  }
  return plan;
}

const structZeros = new WeakMap<z.ZodType, Record<string, unknown>>();

/** A struct's zero value with only its nested non-pointer structs (what fillGoStructs adds for an absent struct). */
function goZeroStructs(struct: z.ZodType): Record<string, unknown> {
  let zero = structZeros.get(struct);
  if (!zero) {
    zero = {};
    for (const s of planOf(struct).structs) zero[s.name] = s.zero();
    structZeros.set(struct, zero);
  }
  return structuredClone(zero);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `obj` with its missing non-pointer structs filled in: `obj` itself when none is missing, else a copy sharing what did not change. */
function fill(obj: Record<string, unknown>, plan: FillPlan): Record<string, unknown> {
  let out = obj;
  const set = (name: string, value: unknown) => {
    if (out === obj) out = { ...obj };
    out[name] = value;
  };
  for (const s of plan.structs) {
    const v = obj[s.name];
    if (v === undefined || v === null) set(s.name, s.zero());
    else if (isObject(v)) {
      const filled = fill(v, s.plan);
      if (filled !== v) set(s.name, filled);
    }
  }
  for (const n of plan.nested) {
    const v = obj[n.name];
    if (typeof v !== 'object' || v === null) continue;
    if (n.shape === 'one') {
      if (!Array.isArray(v)) {
        const filled = fill(v as Record<string, unknown>, n.plan);
        if (filled !== v) set(n.name, filled);
      }
    } else if (n.shape === 'list') {
      if (!Array.isArray(v)) continue;
      let items: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (!isObject(item)) continue;
        const filled = fill(item, n.plan);
        if (filled !== item) (items ??= [...v])[i] = filled;
      }
      if (items) set(n.name, items);
    } else if (!Array.isArray(v)) {
      let values: Record<string, unknown> | undefined;
      for (const [k, item] of Object.entries(v)) {
        if (!isObject(item)) continue;
        const filled = fill(item, n.plan);
        if (filled !== item) (values ??= { ...(v as Record<string, unknown>) })[k] = filled;
      }
      if (values) set(n.name, values);
    }
  }
  return out;
}

/**
 * The object with every non-pointer struct field a Go object of this kind always has (`resources:
 * {}` in a container, `strategy: {}` in a Deployment's spec …) filled in where `obj` lacks it: the
 * object as kube-apiserver holds it in memory, which is what its field sets are computed on.
 * Scalars, pointers, lists and maps are left as they are. Never modifies `obj`: returns it when
 * nothing is missing, else a copy that shares every part that did not change.
 */
export function fillGoStructs<T extends Record<string, unknown>>(obj: T, schema: z.ZodType): T {
  return fill(obj, planOf(schema)) as T;
}
