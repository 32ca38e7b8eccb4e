// Follows k8s.io/apiserver/pkg/cel/library/semverlib.go and pkg/cel/semver.go (v0.33, SemverVersion(1)) with the
// parsing and ordering of github.com/blang/semver/v4: semver(), isSemver, major/minor/patch, isLessThan,
// isGreaterThan, compareTo.
import { celFunc, CelScalar, type CelValue } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque, mustPayload } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';

/** A semantic version. */
export interface Semver {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly pre: readonly (string | bigint)[];
  readonly build: readonly string[];
}

const num = (s: string, what: string): bigint => {
  if (!/^[0-9]+$/.test(s)) throw new Error(`Invalid character(s) found in ${what} number ${JSON.stringify(s)}`);
  if (s.length > 1 && s.startsWith('0')) throw new Error(`${what[0]!.toUpperCase()}${what.slice(1)} number must not contain leading zeroes ${JSON.stringify(s)}`);
  return BigInt(s);
};

/** blang/semver Parse. */
export function parseSemver(s: string): Semver {
  if (s === '') throw new Error('Version string empty');
  const parts = s.split('.');
  if (parts.length < 3) throw new Error('No Major.Minor.Patch elements found');
  const rest = parts.slice(2).join('.');
  const m = /^([^+-]*)(?:-([^+]*))?(?:\+(.*))?$/.exec(rest)!;
  const major = num(parts[0]!, 'major');
  const minor = num(parts[1]!, 'minor');
  const patch = num(m[1]!, 'patch');
  const pre = m[2] === undefined ? [] : m[2].split('.').map((p) => {
    if (p === '' || !/^[0-9A-Za-z-]+$/.test(p)) throw new Error(`Invalid character(s) found in prerelease ${JSON.stringify(p)}`);
    if (/^[0-9]+$/.test(p)) {
      if (p.length > 1 && p.startsWith('0')) throw new Error(`Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`);
      return BigInt(p);
    }
    return p;
  });
  const build = m[3] === undefined ? [] : m[3].split('.').map((b) => {
    if (b === '') throw new Error(`Build meta data can not be empty ${JSON.stringify(b)}`);
    if (!/^[0-9A-Za-z-]+$/.test(b)) throw new Error(`Invalid character(s) found in build meta data ${JSON.stringify(b)}`);
    return b;
  });
  return { major, minor, patch, pre, build };
}

/** semverlib.go normalizeAndParse: drops a leading v, leading zeros, fills missing minor/patch. */
export function normalizeAndParseSemver(input: string): Semver {
  const parts = input.replace(/^v/, '').split('.');
  const head = parts.slice(0, 2);
  const tail = parts.slice(2).join('.');
  const all = parts.length > 2 ? [...head, tail] : head;
  const fixed = all.map((p) => {
    if (p.length <= 1) return p;
    let q = p.replace(/^0+/, '');
    if (q.length === 0 || !/[0-9]/.test(q[0]!)) q = `0${q}`;
    return q;
  });
  if (fixed.length < 3) {
    if (/[+-]/.test(fixed[fixed.length - 1]!)) throw new Error('short version cannot contain PreRelease/Build meta data');
    while (fixed.length < 3) fixed.push('0');
  }
  return parseSemver(fixed.join('.'));
}

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/** blang/semver Version.Compare. */
export function compareSemver(a: Semver, b: Semver): number {
  const c = cmp(a.major, b.major) || cmp(a.minor, b.minor) || cmp(a.patch, b.patch);
  if (c) return c;
  if (a.pre.length === 0 && b.pre.length === 0) return 0;
  if (a.pre.length === 0) return 1;
  if (b.pre.length === 0) return -1;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    if (typeof x === 'bigint' && typeof y === 'bigint') {
      if (x !== y) return cmp(x, y);
    } else if (typeof x === 'bigint') return -1;
    else if (typeof y === 'bigint') return 1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return cmp(BigInt(a.pre.length), BigInt(b.pre.length));
}

function semverString(v: Semver): string {
  let s = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre.length) s += `-${v.pre.join('.')}`;
  if (v.build.length) s += `+${v.build.join('.')}`;
  return s;
}

/** A CEL Semver value. */
export function semverValue(v: Semver) {
  return opaque('semver', v, semverString(v));
}

const other = (v: CelValue | undefined, f: string) => mustPayload<Semver>(v, 'semver', f);
const tryParse = (s: string, normalize: boolean) => {
  try {
    (normalize ? normalizeAndParseSemver : parseSemver)(s);
    return true;
  } catch {
    return false;
  }
};

/** kube's semver library (version 1, with the normalize argument). */
export const semverLibrary: Library = {
  name: 'k8s.semver',
  decls: [
    fn('semver', [T.string], T.semver),
    fn('semver', [T.string, T.bool], T.semver),
    fn('isSemver', [T.string], T.bool),
    fn('isSemver', [T.string, T.bool], T.bool),
    method('isGreaterThan', T.semver, [T.semver], T.bool),
    method('isLessThan', T.semver, [T.semver], T.bool),
    method('compareTo', T.semver, [T.semver], T.int),
    method('major', T.semver, [], T.int),
    method('minor', T.semver, [], T.int),
    method('patch', T.semver, [], T.int),
  ],
  funcs: [
    celFunc('semver', [CelScalar.STRING], CelScalar.DYN, (s: string) => semverValue(parseSemver(s))),
    celFunc('semver', [CelScalar.STRING, CelScalar.BOOL], CelScalar.DYN, (s: string, n: boolean) =>
      semverValue(n ? normalizeAndParseSemver(s) : parseSemver(s)),
    ),
    celFunc('isSemver', [CelScalar.STRING], CelScalar.BOOL, (s: string) => tryParse(s, false)),
    celFunc('isSemver', [CelScalar.STRING, CelScalar.BOOL], CelScalar.BOOL, (s: string, n: boolean) => tryParse(s, n)),
  ],
  opaque: [
    opaqueOverload<Semver>('isGreaterThan', true, 'semver', 1, (v, o) => compareSemver(v, other(o, 'isGreaterThan')) === 1),
    opaqueOverload<Semver>('isLessThan', true, 'semver', 1, (v, o) => compareSemver(v, other(o, 'isLessThan')) === -1),
    opaqueOverload<Semver>('compareTo', true, 'semver', 1, (v, o) => BigInt(compareSemver(v, other(o, 'compareTo')))),
    opaqueOverload<Semver>('major', true, 'semver', 0, (v) => v.major),
    opaqueOverload<Semver>('minor', true, 'semver', 0, (v) => v.minor),
    opaqueOverload<Semver>('patch', true, 'semver', 0, (v) => v.patch),
  ],
};
