// Follows cel-go ext/sets.go (v0.23, enabled by k8s.io/apiserver/pkg/cel/environment base.go since 1.29):
// sets.contains, sets.equivalent, sets.intersects.
import { celFunc, CelScalar, listType, type CelList } from '@bufbuild/cel';
import { T } from '../types.ts';
import { fn, type Library } from './library.ts';
import { valuesEqual } from './compare.ts';

const dynList = listType(CelScalar.DYN);
const has = (l: CelList, v: unknown) => [...l].some((x) => valuesEqual(x, v as never));
const contains = (a: CelList, b: CelList) => {
  return [...b].every((x) => has(a, x));
};

/** cel-go's sets extension. */
export const setsLibrary: Library = {
  name: 'cel.lib.ext.sets',
  decls: [
    fn('sets.contains', [T.list(T.A), T.list(T.A)], T.bool),
    fn('sets.equivalent', [T.list(T.A), T.list(T.A)], T.bool),
    fn('sets.intersects', [T.list(T.A), T.list(T.A)], T.bool),
  ],
  funcs: [
    celFunc('sets.contains', [dynList, dynList], CelScalar.BOOL, (a: CelList, b: CelList) => contains(a, b)),
    celFunc('sets.equivalent', [dynList, dynList], CelScalar.BOOL, (a: CelList, b: CelList) => contains(a, b) && contains(b, a)),
    celFunc('sets.intersects', [dynList, dynList], CelScalar.BOOL, (a: CelList, b: CelList) => {
      return [...b].some((x) => has(a, x));
    }),
  ],
};
