// Follows k8s.io/apiserver/pkg/cel/library/quantity.go and pkg/cel/quantity.go (v0.33), with the parsing rules of
// k8s.io/apimachinery/pkg/api/resource (ParseQuantity). A quantity is kept as an exact fraction num/den.
import { celFunc, CelScalar, type CelValue } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque, mustPayload } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';

/** An exact quantity: num / den, den > 0, reduced. */
export interface Quantity {
  readonly num: bigint;
  readonly den: bigint;
}

const formatRe = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const errFormatWrong = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const binary: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const decimal: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}
function make(num: bigint, den: bigint): Quantity {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** resource.ParseQuantity; throws its error messages. */
export function parseQuantity(s: string): Quantity {
  const m = formatRe.exec(s);
  if (!m) throw new Error(errFormatWrong);
  const numStr = m[1]!;
  const suffix = m[2]!;
  if ((numStr.match(/\./g) ?? []).length > 1 || !/[0-9]/.test(numStr)) throw new Error('unable to parse numeric part of quantity');
  const neg = numStr.startsWith('-');
  const digits = numStr.replace(/^[+-]/, '');
  const [ip = '', fp = ''] = digits.split('.');
  let num = BigInt((ip + fp) || '0');
  if (neg) num = -num;
  let den = 10n ** BigInt(fp.length);
  if (suffix in binary) num *= binary[suffix]!;
  else if (suffix in decimal) {
    const e = decimal[suffix]!;
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  } else {
    const em = /^[eE]([-+]?[0-9]+)$/.exec(suffix);
    if (!em) throw new Error("unable to parse quantity's suffix");
    const e = Number(em[1]);
    if (e >= 0) num *= 10n ** BigInt(e);
    else den *= 10n ** BigInt(-e);
  }
  return make(num, den);
}

/** Orders two quantities. */
export function compareQuantity(a: Quantity, b: Quantity): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** A CEL Quantity value. */
export function quantityValue(q: Quantity) {
  return opaque('quantity', q, `${q.num}/${q.den}`);
}

const maxInt64 = 9223372036854775807n;
const minInt64 = -9223372036854775808n;
const other = (v: CelValue, fnName: string): Quantity =>
  typeof v === 'bigint' ? { num: v, den: 1n } : mustPayload<Quantity>(v, 'quantity', fnName);

/** kube's quantity library. */
export const quantityLibrary: Library = {
  name: 'k8s.quantity',
  decls: [
    fn('quantity', [T.string], T.quantity),
    fn('isQuantity', [T.string], T.bool),
    fn('sign', [T.quantity], T.int),
    method('sign', T.quantity, [], T.int),
    method('isGreaterThan', T.quantity, [T.quantity], T.bool),
    method('isLessThan', T.quantity, [T.quantity], T.bool),
    method('compareTo', T.quantity, [T.quantity], T.int),
    method('asApproximateFloat', T.quantity, [], T.double),
    method('asInteger', T.quantity, [], T.int),
    method('isInteger', T.quantity, [], T.bool),
    method('add', T.quantity, [T.quantity], T.quantity),
    method('add', T.quantity, [T.int], T.quantity),
    method('sub', T.quantity, [T.quantity], T.quantity),
    method('sub', T.quantity, [T.int], T.quantity),
  ],
  funcs: [
    celFunc('quantity', [CelScalar.STRING], CelScalar.DYN, (s: string) => quantityValue(parseQuantity(s))),
    celFunc('isQuantity', [CelScalar.STRING], CelScalar.BOOL, (s: string) => {
      try {
        parseQuantity(s);
        return true;
      } catch {
        return false;
      }
    }),
  ],
  opaque: [
    opaqueOverload<Quantity>('sign', false, 'quantity', 0, (q) => BigInt(q.num > 0n ? 1 : q.num < 0n ? -1 : 0)),
    opaqueOverload<Quantity>('sign', true, 'quantity', 0, (q) => BigInt(q.num > 0n ? 1 : q.num < 0n ? -1 : 0)),
    opaqueOverload<Quantity>('isGreaterThan', true, 'quantity', 1, (q, o) => compareQuantity(q, other(o!, 'isGreaterThan')) > 0),
    opaqueOverload<Quantity>('isLessThan', true, 'quantity', 1, (q, o) => compareQuantity(q, other(o!, 'isLessThan')) < 0),
    opaqueOverload<Quantity>('compareTo', true, 'quantity', 1, (q, o) => BigInt(compareQuantity(q, other(o!, 'compareTo')))),
    opaqueOverload<Quantity>('asApproximateFloat', true, 'quantity', 0, (q) => Number(q.num) / Number(q.den)),
    opaqueOverload<Quantity>('isInteger', true, 'quantity', 0, (q) => q.den === 1n && q.num <= maxInt64 && q.num >= minInt64),
    opaqueOverload<Quantity>('asInteger', true, 'quantity', 0, (q) => {
      if (q.den !== 1n || q.num > maxInt64 || q.num < minInt64) throw new Error('cannot convert value to integer');
      return q.num;
    }),
    opaqueOverload<Quantity>('add', true, 'quantity', 1, (q, o) => {
      const r = other(o!, 'add');
      return quantityValue(make(q.num * r.den + r.num * q.den, q.den * r.den));
    }),
    opaqueOverload<Quantity>('sub', true, 'quantity', 1, (q, o) => {
      const r = other(o!, 'sub');
      return quantityValue(make(q.num * r.den - r.num * q.den, q.den * r.den));
    }),
  ],
};
