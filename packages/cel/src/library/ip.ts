// Follows k8s.io/apiserver/pkg/cel/library/ip.go and pkg/cel/ip.go (v0.33): ip(), isIP, ip.isCanonical and the IP
// accessors.
import { celFunc, CelScalar } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';
import { addrString, parseAddr, type Addr } from './netaddr.ts';

/** kube's parseIPAddr: netip.ParseAddr without zones or IPv4-mapped IPv6 addresses. */
export function parseIP(raw: string): Addr {
  let a: Addr;
  try {
    a = parseAddr(raw);
  } catch (e) {
    throw new Error(`IP Address ${JSON.stringify(raw)} parse error during conversion from string: ${(e as Error).message}`);
  }
  if (a.zone !== '') throw new Error(`IP address ${JSON.stringify(raw)} with zone value is not allowed`);
  if (a.mapped4) throw new Error(`IPv4-mapped IPv6 address ${JSON.stringify(raw)} is not allowed`);
  return a;
}

/** A CEL IP value. */
export function ipValue(a: Addr) {
  return opaque('ip', a, addrString(a));
}

const b = (a: Addr, i: number) => a.bytes[i]!;
const is4 = (a: Addr) => a.bytes.length === 4;
const isUnspecified = (a: Addr) => a.bytes.every((x) => x === 0);
const isLoopback = (a: Addr) => (is4(a) ? b(a, 0) === 127 : a.bytes.slice(0, 15).every((x) => x === 0) && b(a, 15) === 1);
const isMulticast = (a: Addr) => (is4(a) ? (b(a, 0) & 0xf0) === 0xe0 : b(a, 0) === 0xff);
const isLinkLocalUnicast = (a: Addr) => (is4(a) ? b(a, 0) === 169 && b(a, 1) === 254 : b(a, 0) === 0xfe && (b(a, 1) & 0xc0) === 0x80);
const isLinkLocalMulticast = (a: Addr) => (is4(a) ? b(a, 0) === 224 && b(a, 1) === 0 && b(a, 2) === 0 : b(a, 0) === 0xff && (b(a, 1) & 0x0f) === 0x02);
const isGlobalUnicast = (a: Addr) =>
  !(is4(a) && a.bytes.every((x) => x === 255)) && !isUnspecified(a) && !isLoopback(a) && !isMulticast(a) && !isLinkLocalUnicast(a);

/** kube's ip library. */
export const ipLibrary: Library = {
  name: 'k8s.ip',
  decls: [
    fn('ip', [T.string], T.ip),
    fn('isIP', [T.string], T.bool),
    fn('ip.isCanonical', [T.string], T.bool),
    fn('string', [T.ip], T.string),
    method('family', T.ip, [], T.int),
    ...['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast'].map((m) => method(m, T.ip, [], T.bool)),
  ],
  funcs: [
    celFunc('ip', [CelScalar.STRING], CelScalar.DYN, (s: string) => ipValue(parseIP(s))),
    celFunc('isIP', [CelScalar.STRING], CelScalar.BOOL, (s: string) => {
      try {
        parseIP(s);
        return true;
      } catch {
        return false;
      }
    }),
    celFunc('ip.isCanonical', [CelScalar.STRING], CelScalar.BOOL, (s: string) => addrString(parseIP(s)) === s),
  ],
  opaque: [
    opaqueOverload<Addr>('string', false, 'ip', 0, (a) => addrString(a)),
    opaqueOverload<Addr>('family', true, 'ip', 0, (a) => (is4(a) ? 4n : 6n)),
    opaqueOverload<Addr>('isUnspecified', true, 'ip', 0, isUnspecified),
    opaqueOverload<Addr>('isLoopback', true, 'ip', 0, isLoopback),
    opaqueOverload<Addr>('isLinkLocalMulticast', true, 'ip', 0, isLinkLocalMulticast),
    opaqueOverload<Addr>('isLinkLocalUnicast', true, 'ip', 0, isLinkLocalUnicast),
    opaqueOverload<Addr>('isGlobalUnicast', true, 'ip', 0, isGlobalUnicast),
  ],
};
