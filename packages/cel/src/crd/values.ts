// Follows k8s.io/apiserver/pkg/cel/common/values.go UnstructuredToVal (v0.33), as used by
// k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/values.go: a JSON value seen through its structural
// schema. Objects expose their declared properties under escaped names, integers become int, numbers double,
// strings with format byte / duration / date / date-time become bytes / duration / timestamp.
// Unlike kube, conversion is eager (cached per JSON node); set and map lists keep plain list semantics.
import { isCelError, parse, plan, type CelInput } from '@bufbuild/cel';
import { baseEnvironment } from '../environment.ts';
import { escapeName } from '../escaping.ts';
import { additionalPropertiesOf, itemsOf, withTypeAndObjectMeta, type CelSchema } from './schema.ts';

const toTimestamp = plan(baseEnvironment().cel, parse('timestamp(s)')) as unknown as (b: { s: string }) => CelInput;
const toDuration = plan(baseEnvironment().cel, parse('duration(s)')) as unknown as (b: { s: string }) => CelInput;

function viaEngine(f: (b: { s: string }) => CelInput, s: string): CelInput {
  const r = f({ s });
  return isCelError(r) ? s : r;
}

/** A JSON value without a schema (x-kubernetes-preserve-unknown-fields, int-or-string): integers become int. */
export function untypedToCel(v: unknown): CelInput {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'bigint' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(untypedToCel);
  if (typeof v === 'object') return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, untypedToCel(x)]));
  return null;
}

const cache = new WeakMap<object, Map<CelSchema, CelInput>>();

/** UnstructuredToVal: the CEL value of `v` under `schema`. */
export function unstructuredToCel(v: unknown, schema: CelSchema | undefined, isResourceRoot = false): CelInput {
  if (v === null || v === undefined) return null;
  if (!schema) return untypedToCel(v);
  if (schema['x-kubernetes-int-or-string']) return typeof v === 'number' ? (Number.isInteger(v) ? BigInt(v) : v) : untypedToCel(v);
  const s = isResourceRoot ? withTypeAndObjectMeta(schema) : schema;
  if (typeof v === 'object') {
    const hit = cache.get(v)?.get(s);
    if (hit !== undefined) return hit;
  }
  let out: CelInput;
  switch (s.type) {
    case 'object': {
      if (typeof v !== 'object' || Array.isArray(v)) return untypedToCel(v);
      const ap = additionalPropertiesOf(s);
      const obj = v as Record<string, unknown>;
      if (ap) {
        out = new Map(Object.entries(obj).map(([k, x]) => [k, unstructuredToCel(x, ap, ap['x-kubernetes-embedded-resource'] === true)]));
      } else {
        const m = new Map<string, CelInput>();
        for (const [k, prop] of Object.entries(s.properties ?? {})) {
          // null-valued fields of objects count as absent (kube's unstructuredMap.Find)
          if (!(k in obj) || obj[k] === null || obj[k] === undefined) continue;
          const name = escapeName(k);
          if (name === undefined || (prop.type === undefined && !prop['x-kubernetes-int-or-string'])) continue;
          m.set(name, unstructuredToCel(obj[k], prop, prop['x-kubernetes-embedded-resource'] === true));
        }
        out = m;
      }
      break;
    }
    case 'array': {
      if (!Array.isArray(v)) return untypedToCel(v);
      const items = itemsOf(s);
      out = v.map((x) => unstructuredToCel(x, items, items?.['x-kubernetes-embedded-resource'] === true));
      break;
    }
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : untypedToCel(v);
    case 'number':
      return typeof v === 'number' ? v : untypedToCel(v);
    case 'string':
      if (typeof v !== 'string') return untypedToCel(v);
      switch (s.format) {
        case 'byte':
          return new Uint8Array(Buffer.from(v, 'base64'));
        case 'duration':
          return viaEngine(toDuration, v);
        case 'date':
          return viaEngine(toTimestamp, `${v}T00:00:00Z`);
        case 'date-time':
          return viaEngine(toTimestamp, v);
      }
      return v;
    default:
      return untypedToCel(v);
  }
  if (typeof v === 'object') {
    let m = cache.get(v);
    if (!m) cache.set(v, (m = new Map()));
    m.set(s, out);
  }
  return out;
}
