// Follows cel-go's cel.OptionalTypes() library (v0.23, enabled by k8s.io/apiserver since 1.28): optional.of,
// optional.none, optional.ofNonZeroValue, hasValue, value, orValue, or. The `.?` and `[?` syntax is not supported
// by @bufbuild/cel 0.6.1's parser.
import { celFunc, CelScalar, isCelList, isCelMap, isCelUint, type CelValue } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';

/** An optional's payload. */
export interface Optional {
  readonly has: boolean;
  readonly value?: CelValue;
}

/** A CEL optional value; `optional.none()` when `value` is undefined. */
export function optionalValue(value: CelValue | undefined) {
  return value === undefined
    ? opaque('optional', { has: false } satisfies Optional, 'none')
    : opaque('optional', { has: true, value } satisfies Optional, value);
}

function isZero(v: CelValue): boolean {
  if (v === null || v === false || v === '' || v === 0 || v === 0n) return true;
  if (isCelUint(v)) return v.value === 0n;
  if (v instanceof Uint8Array) return v.length === 0;
  if (isCelList(v) || isCelMap(v)) return v.size === 0;
  // the zero timestamp (0001-01-01T00:00:00Z) and the zero duration
  const m = (v as { message?: { $typeName?: string; seconds?: bigint; nanos?: number } }).message;
  if (m?.$typeName === 'google.protobuf.Duration') return m.seconds === 0n && m.nanos === 0;
  if (m?.$typeName === 'google.protobuf.Timestamp') return m.seconds === -62135596800n && m.nanos === 0;
  return false;
}

/** cel-go's optional types library. */
export const optionalLibrary: Library = {
  name: 'cel.optional',
  decls: [
    fn('optional.of', [T.A], T.optional(T.A)),
    fn('optional.ofNonZeroValue', [T.A], T.optional(T.A)),
    fn('optional.none', [], T.optional(T.dyn)),
    method('hasValue', T.optional(T.A), [], T.bool),
    method('value', T.optional(T.A), [], T.A),
    method('orValue', T.optional(T.A), [T.A], T.A),
    method('or', T.optional(T.A), [T.optional(T.A)], T.optional(T.A)),
  ],
  funcs: [
    celFunc('optional.of', [CelScalar.DYN], CelScalar.DYN, (v: CelValue) => optionalValue(v)),
    celFunc('optional.ofNonZeroValue', [CelScalar.DYN], CelScalar.DYN, (v: CelValue) => optionalValue(isZero(v) ? undefined : v)),
    celFunc('optional.none', [], CelScalar.DYN, () => optionalValue(undefined)),
  ],
  opaque: [
    opaqueOverload<Optional>('hasValue', true, 'optional', 0, (o) => o.has),
    opaqueOverload<Optional>('value', true, 'optional', 0, (o) => {
      if (!o.has) throw new Error('optional.none() dereference');
      return o.value!;
    }),
    opaqueOverload<Optional>('orValue', true, 'optional', 1, (o, d) => (o.has ? o.value! : d!)),
    opaqueOverload<Optional>('or', true, 'optional', 1, (o, other) => (o.has ? optionalValue(o.value) : other!)),
  ],
};
