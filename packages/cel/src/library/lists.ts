// Follows k8s.io/apiserver/pkg/cel/library/lists.go (v0.33): isSorted, sum, min, max, indexOf, lastIndexOf on lists.
import { celEnv, celMethod, CelScalar, listType, isCelError, isCelList, isCelUint, celUint, parse, plan, type CelList, type CelValue } from '@bufbuild/cel';
import { T, type CelT } from '../types.ts';
import { method, type FuncDecl, type Library } from './library.ts';
import { compareValues, valuesEqual } from './compare.ts';

const comparable: CelT[] = [T.int, T.uint, T.double, T.bool, T.string, T.bytes, T.duration, T.timestamp];
const summable: CelT[] = [T.int, T.uint, T.double, T.duration];

const decls: FuncDecl[] = [];
for (const t of comparable) decls.push(method('isSorted', T.list(t), [], T.bool));
for (const t of summable) decls.push(method('sum', T.list(t), [], t));
for (const t of comparable) decls.push(method('min', T.list(t), [], t), method('max', T.list(t), [], t));
decls.push(method('indexOf', T.list(T.A), [T.A], T.int), method('lastIndexOf', T.list(T.A), [T.A], T.int));

function items(l: CelList): CelValue[] {
  return [...l];
}

const addValues = plan(celEnv(), parse('a + b')) as unknown as (b: { a: CelValue; b: CelValue }) => CelValue;

function sum(l: CelList): CelValue {
  const xs = items(l);
  if (xs.length === 0) return 0n; // cel-go returns the zero value of the element type; dyn lists give int 0
  let acc: CelValue = xs[0]!;
  for (const x of xs.slice(1)) {
    if (typeof acc === 'bigint' && typeof x === 'bigint') {
      acc = acc + x;
      if (acc > 9223372036854775807n || acc < -9223372036854775808n) throw new Error('integer overflow');
    } else if (typeof acc === 'number' && typeof x === 'number') acc = acc + x;
    else if (isCelUint(acc) && isCelUint(x)) {
      const v = acc.value + x.value;
      if (v > 18446744073709551615n) throw new Error('unsigned integer overflow');
      acc = celUint(v);
    } else {
      // durations (and anything else `+` accepts)
      const r = addValues({ a: acc, b: x });
      if (isCelError(r)) throw r;
      acc = r;
    }
  }
  return acc;
}

function minMax(name: 'min' | 'max', l: CelList): CelValue {
  const xs = items(l);
  if (xs.length === 0) throw new Error(`${name} called on empty list`);
  let best: CelValue = xs[0]!;
  for (const x of xs.slice(1)) {
    const c = compareValues(x, best);
    if ((name === 'min' && c < 0) || (name === 'max' && c > 0)) best = x;
  }
  return best;
}

const dynList = listType(CelScalar.DYN);

const funcs = [
  celMethod('isSorted', dynList, [], CelScalar.BOOL, function (this: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: isSorted');
    const xs = items(this);
    for (let i = 1; i < xs.length; i++) if (compareValues(xs[i - 1]!, xs[i]!) > 0) return false;
    return true;
  }),
  celMethod('sum', dynList, [], CelScalar.DYN, function (this: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: sum');
    return sum(this);
  }),
  celMethod('min', dynList, [], CelScalar.DYN, function (this: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: min');
    return minMax('min', this);
  }),
  celMethod('max', dynList, [], CelScalar.DYN, function (this: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: max');
    return minMax('max', this);
  }),
  celMethod('indexOf', dynList, [CelScalar.DYN], CelScalar.INT, function (this: CelValue, v: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: indexOf');
    const xs = items(this);
    return BigInt(xs.findIndex((x) => valuesEqual(x, v)));
  }),
  celMethod('lastIndexOf', dynList, [CelScalar.DYN], CelScalar.INT, function (this: CelValue, v: CelValue) {
    if (!isCelList(this)) throw new Error('no such overload: lastIndexOf');
    const xs = items(this);
    for (let i = xs.length - 1; i >= 0; i--) if (valuesEqual(xs[i]!, v)) return BigInt(i);
    return -1n;
  }),
];

/** kube's lists library. */
export const listsLibrary: Library = { name: 'k8s.lists', decls, funcs };
