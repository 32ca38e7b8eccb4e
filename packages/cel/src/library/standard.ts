// Follows cel-go common/stdlib (v0.23, as vendored by k8s.io/apiserver v0.33): the declarations of CEL's standard
// library for the checker. Their implementations are @bufbuild/cel's own.
import { celMethod, CelScalar, objectType } from '@bufbuild/cel';
import { T, type CelT } from '../types.ts';
import { fn, method, type FuncDecl, type Library } from './library.ts';

const { bool, int, uint, double, string, bytes, timestamp, duration, dyn, A, B } = T;
const numeric: CelT[] = [int, uint, double];
const ordered: CelT[] = [int, uint, double, string, bytes, bool, timestamp, duration];
const d: FuncDecl[] = [];

for (const t of [int, uint, double, string, bytes]) d.push(fn('_+_', [t, t], t));
d.push(fn('_+_', [T.list(A), T.list(A)], T.list(A)), fn('_+_', [timestamp, duration], timestamp), fn('_+_', [duration, timestamp], timestamp), fn('_+_', [duration, duration], duration));
for (const t of numeric) d.push(fn('_-_', [t, t], t), fn('_*_', [t, t], t), fn('_/_', [t, t], t));
d.push(fn('_-_', [timestamp, timestamp], duration), fn('_-_', [timestamp, duration], timestamp), fn('_-_', [duration, duration], duration));
d.push(fn('_%_', [int, int], int), fn('_%_', [uint, uint], uint), fn('-_', [int], int), fn('-_', [double], double));
d.push(fn('!_', [bool], bool), fn('_&&_', [bool, bool], bool), fn('_||_', [bool, bool], bool), fn('@not_strictly_false', [bool], bool));
d.push(fn('_==_', [A, A], bool), fn('_!=_', [A, A], bool), fn('_?_:_', [bool, A, A], A));
for (const op of ['_<_', '_<=_', '_>_', '_>=_']) {
  for (const t of ordered) d.push(fn(op, [t, t], bool));
  // cross-type numeric comparisons (enabled by kube since 1.27)
  for (const a of numeric) for (const b of numeric) if (a !== b) d.push(fn(op, [a, b], bool));
}
d.push(fn('_[_]', [T.list(A), int], A), fn('_[_]', [T.list(A), uint], A), fn('_[_]', [T.list(A), double], A), fn('_[_]', [T.map(A, B), A], B));
d.push(fn('@in', [A, T.list(A)], bool), fn('@in', [A, T.map(A, B)], bool));
for (const t of [string, bytes, T.list(A), T.map(A, B)]) d.push(fn('size', [t], int), method('size', t, [], int));
d.push(method('contains', string, [string], bool), method('startsWith', string, [string], bool), method('endsWith', string, [string], bool));
d.push(fn('matches', [string, string], bool), method('matches', string, [string], bool));
for (const t of [int, uint, double, string, timestamp, duration]) d.push(fn('int', [t], int));
for (const t of [int, uint, double, string]) d.push(fn('uint', [t], uint));
for (const t of [int, uint, double, string]) d.push(fn('double', [t], double));
for (const t of [int, uint, double, string, bytes, bool, timestamp, duration]) d.push(fn('string', [t], string));
d.push(fn('bytes', [bytes], bytes), fn('bytes', [string], bytes), fn('bool', [bool], bool), fn('bool', [string], bool));
d.push(fn('timestamp', [string], timestamp), fn('timestamp', [int], timestamp), fn('timestamp', [timestamp], timestamp));
d.push(fn('duration', [string], duration), fn('duration', [duration], duration));
d.push(fn('dyn', [A], dyn), fn('type', [A], T.type));
for (const m of ['getFullYear', 'getMonth', 'getDayOfYear', 'getDayOfMonth', 'getDate', 'getDayOfWeek', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']) {
  d.push(method(m, timestamp, [], int), method(m, timestamp, [string], int));
}
for (const m of ['getHours', 'getMinutes', 'getSeconds', 'getMilliseconds']) d.push(method(m, duration, [], int));

/** CEL's standard library declarations; the implementations are @bufbuild/cel's, except as noted. */
export const standardLibrary: Library = {
  name: 'cel.stdlib',
  decls: d,
  funcs: [
    // cel-go's duration.getMilliseconds() is the whole duration in milliseconds (kube's tests rely on it);
    // @bufbuild/cel 0.6.1 returns only the milliseconds component
    celMethod('getMilliseconds', objectType('google.protobuf.Duration'), [], CelScalar.INT, function (this: unknown) {
      const m = (this as { message: { seconds: bigint; nanos: number } }).message;
      return m.seconds * 1000n + BigInt(Math.trunc(m.nanos / 1e6));
    }),
  ],
};
