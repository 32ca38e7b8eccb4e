// Follows k8s.io/apiserver/pkg/cel/common/values.go (v0.33) unstructuredSetList and unstructuredMapList: lists
// declared x-kubernetes-list-type set or map compare without regard to order (map lists by their keys) and
// concatenate as a union (map lists replacing entries with the same keys). The engine's `==` and `+` cannot be
// overridden, so the compiler rewrites those calls whose left operand is such a list into these functions.
import { celFunc, CelScalar, isCelList, isCelMap, listType, type CelList, type CelValue } from '@bufbuild/cel';
import { valuesEqual } from './compare.ts';

/** Function names the compiler rewrites `==`, `!=` and `+` into. */
export const listSemanticsFunctions = { eq: '__kapi_list_eq__', ne: '__kapi_list_ne__', add: '__kapi_list_add__' } as const;

const dynList = listType(CelScalar.DYN);

function keyOf(e: CelValue, keys: readonly string[]): CelValue[] | undefined {
  if (!isCelMap(e)) return undefined;
  return keys.map((k) => e.get(k) ?? null);
}

function sameKey(a: CelValue[] | undefined, b: CelValue[] | undefined): boolean {
  return a !== undefined && b !== undefined && a.every((x, i) => valuesEqual(x, b[i]!));
}

function keyList(keys: CelList): string[] {
  return [...keys].map(String);
}

/** unstructuredSetList.Equal / unstructuredMapList.Equal. */
export function listSemanticsEqual(kind: string, keys: readonly string[], a: CelList, b: CelValue): boolean {
  if (!isCelList(b)) throw new Error('no such overload');
  if (a.size !== b.size) return false;
  const as = [...a];
  for (const v of b) {
    if (kind === 'set') {
      if (!as.some((x) => valuesEqual(x, v))) return false;
    } else {
      const k = keyOf(v, keys);
      const match = as.find((x) => sameKey(keyOf(x, keys), k));
      if (match === undefined || !valuesEqual(match, v)) return false;
    }
  }
  return true;
}

/** unstructuredSetList.Add / unstructuredMapList.Add. */
export function listSemanticsAdd(kind: string, keys: readonly string[], a: CelList, b: CelValue): CelValue[] {
  if (!isCelList(b)) throw new Error('no such overload');
  const out = [...a];
  for (const v of b) {
    if (kind === 'set') {
      if (!out.some((x) => valuesEqual(x, v))) out.push(v);
    } else {
      const k = keyOf(v, keys);
      const i = out.findIndex((x) => sameKey(keyOf(x, keys), k));
      if (i >= 0) out[i] = v;
      else out.push(v);
    }
  }
  return out;
}

/** The engine functions behind the rewritten operators: (left, right, 'set' | 'map', map keys). */
export const listSemanticsFuncs = [
  celFunc(listSemanticsFunctions.eq, [dynList, CelScalar.DYN, CelScalar.STRING, dynList], CelScalar.BOOL, (a: CelList, b: CelValue, kind: string, keys: CelList) =>
    listSemanticsEqual(kind, keyList(keys), a, b),
  ),
  celFunc(listSemanticsFunctions.ne, [dynList, CelScalar.DYN, CelScalar.STRING, dynList], CelScalar.BOOL, (a: CelList, b: CelValue, kind: string, keys: CelList) =>
    !listSemanticsEqual(kind, keyList(keys), a, b),
  ),
  celFunc(listSemanticsFunctions.add, [dynList, CelScalar.DYN, CelScalar.STRING, dynList], CelScalar.DYN, (a: CelList, b: CelValue, kind: string, keys: CelList) =>
    listSemanticsAdd(kind, keyList(keys), a, b),
  ),
];
