// Follows k8s.io/apiserver/pkg/cel/types.go and value.go (v0.33): kube's opaque CEL types (Quantity, URL, IP, CIDR,
// Format, Semver, optional). @bufbuild/cel only knows scalars, lists, maps and protobuf messages, so an opaque value
// is carried as a one-entry CelMap `{'<type name>': <canonical form>}` tagged with its decoded payload. Two values of
// one opaque type are equal when their canonical forms are (kube compares Quantities by value, IPs by address).
import { celMap, isCelMap, type CelMap, type CelValue } from '@bufbuild/cel';

const payloadKey: unique symbol = Symbol('@kapi/cel/opaque');

/** The names kube gives its opaque CEL types (`type(x)` prints these in cel-go). */
export const opaqueTypeNames = {
  quantity: 'kubernetes.Quantity',
  url: 'kubernetes.URL',
  ip: 'net.IP',
  cidr: 'net.CIDR',
  format: 'kubernetes.NamedFormat',
  semver: 'kubernetes.Semver',
  optional: 'optional_type',
} as const;

/** One of kube's opaque type kinds. */
export type OpaqueKind = keyof typeof opaqueTypeNames;

interface Tagged {
  readonly kind: OpaqueKind;
  readonly payload: unknown;
}

/** Wraps a payload as an opaque CEL value of the given kind; `canonical` decides equality. */
export function opaque(kind: OpaqueKind, payload: unknown, canonical: CelValue | string): CelMap {
  const m = celMap(new Map<string, CelValue>([[opaqueTypeNames[kind], canonical]]));
  Object.defineProperty(m, payloadKey, { value: { kind, payload } satisfies Tagged, enumerable: false });
  return m;
}

/** The payload of an opaque value of the given kind, or undefined when `v` is something else. */
export function opaquePayload<T>(v: unknown, kind: OpaqueKind): T | undefined {
  if (!isCelMap(v)) return undefined;
  const t = (v as unknown as { [payloadKey]?: Tagged })[payloadKey];
  return t !== undefined && t.kind === kind ? (t.payload as T) : undefined;
}

/** The kind of an opaque value, if it is one. */
export function opaqueKind(v: unknown): OpaqueKind | undefined {
  if (!isCelMap(v)) return undefined;
  return (v as unknown as { [payloadKey]?: Tagged })[payloadKey]?.kind;
}

/** Like opaquePayload but throws cel-go's "no such overload" when the value is of another type. */
export function mustPayload<T>(v: unknown, kind: OpaqueKind, fn: string): T {
  const p = opaquePayload<T>(v, kind);
  if (p === undefined) throw new Error(`no such overload: ${fn}`);
  return p;
}
