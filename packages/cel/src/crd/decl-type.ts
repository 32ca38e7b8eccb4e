// Follows k8s.io/apiserver/pkg/cel/common/schemas.go SchemaDeclType (v0.33): the CEL type of a structural schema
// node, with the size bounds cost estimation uses (maxLength / maxItems / maxProperties, else what fits in a request).
import { T, type CelT } from '../types.ts';
import { escapeName } from '../escaping.ts';
import { maxRequestSizeBytes } from '../limits.ts';
import { additionalPropertiesOf, itemsOf, withTypeAndObjectMeta, type CelSchema } from './schema.ts';

/** A CEL type and the smallest JSON serialization of a value of it. */
export interface DeclType {
  readonly t: CelT;
  readonly minSerializedSize: number;
}

const maxDurationSizeJSON = 32;
const maxDatetimeSizeJSON = 32;
const minDurationSizeJSON = 3;
const jsonDateSize = 12;
const minDatetimeSizeJSON = 21;
const minStringSize = 2;
const zeroIfNegative = (n: number) => Math.max(0, n);

function maxStringLength(s: CelSchema): number {
  if (s['x-kubernetes-int-or-string']) return maxRequestSizeBytes - 2;
  switch (s.format) {
    case 'duration':
      return maxDurationSizeJSON;
    case 'date':
      return jsonDateSize;
    case 'date-time':
      return maxDatetimeSizeJSON;
    default:
      return maxRequestSizeBytes - 2;
  }
}

const prim = (name: 'string' | 'bytes' | 'timestamp' | 'duration', maxSize: number): CelT => ({ kind: 'prim', name, maxSize });

/** SchemaDeclType: undefined for nodes CEL cannot see (no type, or arrays without items). */
export function schemaDeclType(schema: CelSchema | undefined, isResourceRoot: boolean): DeclType | undefined {
  if (!schema) return undefined;
  if (schema['x-kubernetes-int-or-string']) return { t: { kind: 'dyn', maxSize: maxRequestSizeBytes - 2 }, minSerializedSize: 1 };
  const s = isResourceRoot ? withTypeAndObjectMeta(schema) : schema;
  switch (s.type) {
    case 'array': {
      const items = itemsOf(s);
      if (!items) return undefined;
      const it = schemaDeclType(items, items['x-kubernetes-embedded-resource'] === true);
      if (!it) return undefined;
      const max = s.maxItems !== undefined ? zeroIfNegative(s.maxItems) : Math.floor((maxRequestSizeBytes - 2) / (it.minSerializedSize + 1));
      const lt = s['x-kubernetes-list-type'];
      const t: CelT =
        lt === 'set'
          ? { kind: 'list', elem: it.t, maxSize: max, listType: 'set' }
          : lt === 'map'
            ? { kind: 'list', elem: it.t, maxSize: max, listType: 'map', mapKeys: (s['x-kubernetes-list-map-keys'] ?? []).map((k) => escapeName(k) ?? k) }
            : T.list(it.t, max);
      return { t, minSerializedSize: 2 };
    }
    case 'object': {
      const ap = additionalPropertiesOf(s);
      if (ap) {
        const vt = schemaDeclType(ap, ap['x-kubernetes-embedded-resource'] === true);
        if (!vt) return undefined;
        const max = s.maxProperties !== undefined ? zeroIfNegative(s.maxProperties) : Math.floor((maxRequestSizeBytes - 2) / (vt.minSerializedSize + 6));
        // map keys are kube's shared StringType, which has no size bound (MaxElements 0)
        return { t: T.map({ kind: 'prim', name: 'string', maxSize: 0 }, vt.t, max), minSerializedSize: 2 };
      }
      const fields = new Map<string, CelT>();
      const required = new Set(s.required ?? []);
      let min = 2;
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        const ft = schemaDeclType(prop, prop['x-kubernetes-embedded-resource'] === true);
        if (!ft) continue;
        const escaped = escapeName(name);
        if (escaped !== undefined) fields.set(escaped, ft.t);
        if (required.has(name) && prop.default === undefined) min += name.length + ft.minSerializedSize + 4;
      }
      return { t: { kind: 'object', name: 'object', fields, maxSize: 0 }, minSerializedSize: min };
    }
    case 'string':
      switch (s.format) {
        case 'byte':
          return { t: prim('bytes', s.maxLength !== undefined ? zeroIfNegative(s.maxLength) : maxStringLength(s)), minSerializedSize: minStringSize };
        case 'duration':
          return { t: prim('duration', maxStringLength(s)), minSerializedSize: minDurationSizeJSON };
        case 'date':
          return { t: prim('timestamp', maxStringLength(s)), minSerializedSize: jsonDateSize };
        case 'date-time':
          return { t: prim('timestamp', maxStringLength(s)), minSerializedSize: minDatetimeSizeJSON };
      }
      if (s.maxLength !== undefined) return { t: prim('string', zeroIfNegative(s.maxLength) * 4), minSerializedSize: minStringSize };
      if (s.enum && s.enum.length > 0) {
        const longest = Math.max(0, ...s.enum.map((e) => (typeof e === 'string' ? e.length : 0)));
        return { t: prim('string', longest), minSerializedSize: minStringSize };
      }
      return { t: prim('string', maxStringLength(s)), minSerializedSize: minStringSize };
    // schema scalars carry no size bound (DeclType.MaxElements 0), which the estimator reads as size 0
    case 'boolean':
      return { t: { kind: 'prim', name: 'bool', maxSize: 0 }, minSerializedSize: 4 };
    case 'number':
      return { t: { kind: 'prim', name: 'double', maxSize: 0 }, minSerializedSize: 1 };
    case 'integer':
      return { t: { kind: 'prim', name: 'int', maxSize: 0 }, minSerializedSize: 1 };
  }
  return undefined;
}
