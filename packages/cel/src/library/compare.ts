// Follows cel-go common/types (traits.Comparer / Equal) as used by k8s.io/apiserver/pkg/cel/library/lists.go (v0.33):
// ordering and equality of CEL values inside library functions.
import { isCelList, isCelMap, isCelUint, type CelValue } from '@bufbuild/cel';

function num(v: CelValue): number | bigint | undefined {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (isCelUint(v)) return v.value;
  return undefined;
}

function seconds(v: CelValue): number | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  // timestamps and durations are ReflectMessages with seconds / nanos
  const m = (v as { message?: { $typeName?: string; seconds?: bigint; nanos?: number } }).message;
  if (m && (m.$typeName === 'google.protobuf.Timestamp' || m.$typeName === 'google.protobuf.Duration')) {
    return Number(m.seconds ?? 0n) + (m.nanos ?? 0) / 1e9;
  }
  return undefined;
}

/** Orders two comparable CEL values; throws cel-go's "no such overload" for incomparable ones. */
export function compareValues(a: CelValue, b: CelValue): number {
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) {
    if (typeof na === 'bigint' && typeof nb === 'bigint') return na < nb ? -1 : na > nb ? 1 : 0;
    const x = Number(na);
    const y = Number(nb);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  const sa = seconds(a);
  const sb = seconds(b);
  if (sa !== undefined && sb !== undefined) return sa < sb ? -1 : sa > sb ? 1 : 0;
  throw new Error('no such overload');
}

/** CEL equality (heterogeneous numeric equality, deep lists and maps). */
export function valuesEqual(a: CelValue, b: CelValue): boolean {
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return typeof na === typeof nb ? na === nb : Number(na) === Number(nb);
  if (isCelList(a) && isCelList(b)) {
    if (a.size !== b.size) return false;
    for (let i = 0; i < a.size; i++) if (!valuesEqual(a.get(i)!, b.get(i)!)) return false;
    return true;
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined || !valuesEqual(v, w)) return false;
    }
    return true;
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.from(a).equals(Buffer.from(b));
  const sa = seconds(a);
  const sb = seconds(b);
  if (sa !== undefined && sb !== undefined) return sa === sb;
  return a === b;
}
