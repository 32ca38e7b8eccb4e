// Follows cel-go ext/strings.go at StringsVersion(2) (v0.23, as enabled by k8s.io/apiserver/pkg/cel/environment
// base.go since 1.29): charAt, indexOf, lastIndexOf, lowerAscii, upperAscii, replace, split, substring, trim, join,
// format, strings.quote. Implementations are @bufbuild/cel's `strings` extension plus strings.quote.
import { celFunc, celMethod, CelScalar } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { T } from '../types.ts';
import { fn, method, type Library } from './library.ts';

const { string: s, int: i, dyn } = T;

/** strings.quote: a double-quoted CEL string literal with escapes. */
export function quote(v: string): string {
  let out = '"';
  for (const ch of v) {
    switch (ch) {
      case '\x07':
        out += '\\a';
        break;
      case '\b':
        out += '\\b';
        break;
      case '\f':
        out += '\\f';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\v':
        out += '\\v';
        break;
      case '\\':
        out += '\\\\';
        break;
      case '"':
        out += '\\"';
        break;
      default:
        out += ch;
    }
  }
  return `${out}"`;
}

/** Go strings.SplitN (cel-go's split): n < 0 all parts, 0 none, else at most n with the remainder last. */
export function splitN(s: string, sep: string, n: bigint): string[] {
  if (n === 0n) return [];
  if (sep === '') {
    const chars = [...s];
    if (n < 0n || BigInt(chars.length) <= n) return chars;
    const k = Number(n) - 1;
    return [...chars.slice(0, k), chars.slice(k).join('')];
  }
  const parts = s.split(sep);
  if (n < 0n || BigInt(parts.length) <= n) return parts;
  const k = Number(n) - 1;
  return [...parts.slice(0, k), parts.slice(k).join(sep)];
}

/** The strings extension kube enables. */
export const stringsLibrary: Library = {
  name: 'cel.lib.ext.strings',
  decls: [
    method('charAt', s, [i], s),
    method('indexOf', s, [s], i),
    method('indexOf', s, [s, i], i),
    method('lastIndexOf', s, [s], i),
    method('lastIndexOf', s, [s, i], i),
    method('lowerAscii', s, [], s),
    method('upperAscii', s, [], s),
    method('replace', s, [s, s], s),
    method('replace', s, [s, s, i], s),
    method('split', s, [s], T.list(s)),
    method('split', s, [s, i], T.list(s)),
    method('substring', s, [i], s),
    method('substring', s, [i, i], s),
    method('trim', s, [], s),
    method('join', T.list(s), [], s),
    method('join', T.list(s), [s], s),
    method('format', s, [T.list(dyn)], s),
    fn('strings.quote', [s], s),
  ],
  funcs: [
    ...strings,
    // @bufbuild/cel 0.6.1 drops the remainder when split has a limit; this later registration replaces it
    celMethod('split', CelScalar.STRING, [CelScalar.STRING, CelScalar.INT], CelScalar.DYN, function (this: string, sep: string, n: bigint) {
      return splitN(this, sep, n);
    }),
    celFunc('strings.quote', [CelScalar.STRING], CelScalar.STRING, quote),
  ],
};
