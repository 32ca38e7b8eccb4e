// Follows k8s.io/apiserver/pkg/cel/types.go (v0.33) DeclType and cel-go's checker types: the static types the checker
// works with. Sizes (`maxSize`) carry the schema's maxLength / maxItems / maxProperties for cost estimation.

/** A static CEL type. `param` is a type parameter inside a function declaration. */
export type CelT =
  | { readonly kind: 'prim'; readonly name: PrimName; readonly maxSize?: number }
  | { readonly kind: 'dyn'; readonly maxSize?: number }
  | { readonly kind: 'list'; readonly elem: CelT; readonly maxSize?: number; readonly listType?: 'set' | 'map'; readonly mapKeys?: readonly string[] }
  | { readonly kind: 'map'; readonly key: CelT; readonly value: CelT; readonly maxSize?: number }
  | { readonly kind: 'object'; readonly name: string; readonly fields: ReadonlyMap<string, CelT>; readonly maxSize?: number }
  | { readonly kind: 'opaque'; readonly name: string; readonly params: readonly CelT[] }
  | { readonly kind: 'param'; readonly name: string };

/** Names of CEL's primitive and well-known types. */
export type PrimName = 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'null_type' | 'timestamp' | 'duration' | 'type';

const prim = (name: PrimName): CelT => ({ kind: 'prim', name });

/** Shorthands for the types used in declarations. */
export const T = {
  bool: prim('bool'),
  int: prim('int'),
  uint: prim('uint'),
  double: prim('double'),
  string: prim('string'),
  bytes: prim('bytes'),
  null: prim('null_type'),
  timestamp: prim('timestamp'),
  duration: prim('duration'),
  type: prim('type'),
  dyn: { kind: 'dyn' } as CelT,
  A: { kind: 'param', name: 'A' } as CelT,
  B: { kind: 'param', name: 'B' } as CelT,
  list: (elem: CelT, maxSize?: number): CelT => (maxSize === undefined ? { kind: 'list', elem } : { kind: 'list', elem, maxSize }),
  map: (key: CelT, value: CelT, maxSize?: number): CelT =>
    maxSize === undefined ? { kind: 'map', key, value } : { kind: 'map', key, value, maxSize },
  opaque: (name: string, ...params: CelT[]): CelT => ({ kind: 'opaque', name, params }),
  optional: (t: CelT): CelT => ({ kind: 'opaque', name: 'optional_type', params: [t] }),
  quantity: { kind: 'opaque', name: 'kubernetes.Quantity', params: [] } as CelT,
  url: { kind: 'opaque', name: 'kubernetes.URL', params: [] } as CelT,
  ip: { kind: 'opaque', name: 'net.IP', params: [] } as CelT,
  cidr: { kind: 'opaque', name: 'net.CIDR', params: [] } as CelT,
  format: { kind: 'opaque', name: 'kubernetes.NamedFormat', params: [] } as CelT,
  semver: { kind: 'opaque', name: 'kubernetes.Semver', params: [] } as CelT,
} as const;

/** cel-go's display form of a type: `int`, `list(string)`, `map(string, int)`, `optional_type(int)`. */
export function typeString(t: CelT): string {
  switch (t.kind) {
    case 'prim':
      return t.name === 'timestamp' ? 'google.protobuf.Timestamp' : t.name === 'duration' ? 'google.protobuf.Duration' : t.name === 'null_type' ? 'null' : t.name;
    case 'dyn':
      return 'dyn';
    case 'list':
      return `list(${typeString(t.elem)})`;
    case 'map':
      return `map(${typeString(t.key)}, ${typeString(t.value)})`;
    case 'object':
      return t.name;
    case 'opaque':
      return t.params.length ? `${t.name}(${t.params.map(typeString).join(', ')})` : t.name;
    case 'param':
      return t.name === freeName ? 'dyn' : t.name;
  }
}

const freeName = '_free';

/** The element type of an empty list or map literal, which unifies with any type. */
export const freeType: CelT = { kind: 'param', name: freeName };

const scalars = new Set(['int', 'uint', 'double', 'bool', 'null_type', 'timestamp', 'duration']);

/**
 * The worst-case size of a value of type t, as cel-go's estimator sees it: the bound the schema gives (maxLength,
 * maxItems…; 0 for schema scalars), else 1 for scalars, else unknown (Infinity).
 */
export function sizeOf(t: CelT): number {
  if ('maxSize' in t && t.maxSize !== undefined) return t.maxSize;
  if (t.kind === 'prim' && scalars.has(t.name)) return 1;
  return Infinity;
}

/** The size cel-go gives a type without any schema bound: 1 for scalars, else unknown. */
export function unboundedSizeOf(t: CelT): number {
  return t.kind === 'prim' && scalars.has(t.name) ? 1 : Infinity;
}

/** Type-parameter bindings during overload resolution. */
export type Bindings = Map<string, CelT>;

/** Whether a value of type `actual` may be passed where `formal` is expected (binding type parameters). */
export function assignable(formal: CelT, actual: CelT, b: Bindings): boolean {
  // the element type of an empty list or map literal is free: it fits anything and binds nothing
  if (actual.kind === 'param') return true;
  if (formal.kind === 'param') {
    const bound = b.get(formal.name);
    if (bound === undefined) {
      b.set(formal.name, actual);
      return true;
    }
    if (bound.kind === 'dyn') return true;
    if (actual.kind === 'dyn') return true;
    if (assignable(bound, actual, new Map())) return true;
    if (assignable(actual, bound, new Map())) {
      b.set(formal.name, actual);
      return true;
    }
    return false;
  }
  if (formal.kind === 'dyn' || actual.kind === 'dyn') return true;
  if (actual.kind === 'prim' && actual.name === 'null_type') {
    // cel-go's legacy nullability: null fits opaque (optional, kube types), object, timestamp and duration types
    return (
      formal.kind === 'opaque' ||
      formal.kind === 'object' ||
      (formal.kind === 'prim' && (formal.name === 'null_type' || formal.name === 'timestamp' || formal.name === 'duration'))
    );
  }
  switch (formal.kind) {
    case 'prim':
      return actual.kind === 'prim' && actual.name === formal.name;
    case 'list':
      return actual.kind === 'list' && assignable(formal.elem, actual.elem, b);
    case 'map':
      return actual.kind === 'map' && assignable(formal.key, actual.key, b) && assignable(formal.value, actual.value, b);
    case 'object':
      return actual.kind === 'object' && actual.name === formal.name;
    case 'opaque':
      return (
        actual.kind === 'opaque' &&
        actual.name === formal.name &&
        actual.params.length === formal.params.length &&
        formal.params.every((p, i) => assignable(p, actual.params[i]!, b))
      );
  }
}

/** Replaces bound type parameters; unbound ones become dyn. */
export function substitute(t: CelT, b: Bindings): CelT {
  switch (t.kind) {
    case 'param': {
      const bound = b.get(t.name);
      return bound === undefined || bound.kind === 'param' ? T.dyn : bound;
    }
    case 'list':
      return T.list(substitute(t.elem, b));
    case 'map':
      return T.map(substitute(t.key, b), substitute(t.value, b));
    case 'opaque':
      return t.params.length ? { kind: 'opaque', name: t.name, params: t.params.map((p) => substitute(p, b)) } : t;
    default:
      return t;
  }
}

/** The common type of two types (list/map literals, ternaries): equal types stay, others become dyn. */
export function join(a: CelT, b: CelT): CelT {
  if (a.kind === 'param') return b;
  if (b.kind === 'param') return a;
  if (a.kind === 'list' && b.kind === 'list') return T.list(join(a.elem, b.elem));
  if (a.kind === 'map' && b.kind === 'map') return T.map(join(a.key, b.key), join(a.value, b.value));
  if (a.kind === 'prim' && a.name === 'null_type') return b;
  if (b.kind === 'prim' && b.name === 'null_type') return a;
  if (typeString(a) === typeString(b)) return a;
  return T.dyn;
}
