// Follows k8s.io/apiserver/pkg/cel/library/regex.go (v0.33): find and findAll on strings.
import { celMethod, CelScalar } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';
import { T } from '../types.ts';
import { method, type Library } from './library.ts';

/** How many compiled patterns each cache keeps (rules mostly use constant patterns: a few per CRD). */
const regexCacheSize = 512;

/** A bounded cache: the oldest entry goes when it is full (patterns are compiled again when needed). */
function cached<T>(compile: (key: string) => T): (key: string) => T {
  const entries = new Map<string, T>();
  return (key) => {
    let v = entries.get(key);
    if (v === undefined) {
      v = compile(key);
      if (entries.size >= regexCacheSize) entries.delete(entries.keys().next().value!);
      entries.set(key, v);
    }
    return v;
  };
}

/**
 * The RE2 engine `matches` runs on (@bufbuild/cel's), with compiled patterns kept: kube compiles a
 * constant pattern once when the program is built, and compiling one per call costs more than matching.
 */
export const cachedRe2 = { compile: cached((pattern: string) => RE2JS.compile(pattern)) };

const regexCache = cached((key: string) => {
  const sep = key.indexOf('\0');
  return compileRegexUncached(key.slice(sep + 1), key.slice(0, sep));
});

/** Compiles an RE2 pattern as a JavaScript RegExp (kube: regexp.Compile), cached. RE2-only syntax is rejected. */
export function compileRegex(pattern: string, flags = ''): RegExp {
  const re = regexCache(`${flags}\0${pattern}`);
  re.lastIndex = 0;
  return re;
}

function compileRegexUncached(pattern: string, flags: string): RegExp {
  let p = pattern;
  let f = flags;
  // RE2's inline flags at the start (or right after ^) become RegExp flags; JavaScript has no inline flags
  const m = /^(\^?)\(\?([imsU]+)\)/.exec(p);
  if (m) {
    p = m[1]! + p.slice(m[0].length);
    for (const c of m[2]!) if (c !== 'U' && !f.includes(c)) f += c;
  }
  try {
    return new RegExp(p, `${f}u`);
  } catch (e) {
    throw new Error(`Illegal regex: ${(e as Error).message}`);
  }
}


function findAll(s: string, pattern: string, n: bigint): string[] {
  const re = compileRegex(pattern, 'g');
  const out: string[] = [];
  if (n === 0n) return out;
  let lastEnd = -1;
  for (const m of s.matchAll(re)) {
    // Go's FindAllString ignores empty matches abutting a preceding match
    if (m[0] === '' && m.index === lastEnd) continue;
    lastEnd = m.index + m[0].length;
    out.push(m[0]);
    if (n > 0n && BigInt(out.length) >= n) break;
  }
  return out;
}

/** kube's regex library. */
export const regexLibrary: Library = {
  name: 'k8s.regex',
  decls: [
    method('find', T.string, [T.string], T.string),
    method('findAll', T.string, [T.string], T.list(T.string)),
    method('findAll', T.string, [T.string, T.int], T.list(T.string)),
  ],
  funcs: [
    celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (this: string, pattern: string) {
      return compileRegex(pattern).exec(this)?.[0] ?? '';
    }),
    celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], CelScalar.DYN, function (this: string, pattern: string) {
      return findAll(this, pattern, -1n);
    }),
    celMethod('findAll', CelScalar.STRING, [CelScalar.STRING, CelScalar.INT], CelScalar.DYN, function (this: string, pattern: string, n: bigint) {
      return findAll(this, pattern, n);
    }),
  ],
};
