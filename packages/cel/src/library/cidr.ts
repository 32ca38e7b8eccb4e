// Follows k8s.io/apiserver/pkg/cel/library/cidr.go and pkg/cel/cidr.go (v0.33): cidr(), isCIDR and the CIDR
// accessors (containsIP, containsCIDR, ip, prefixLength, masked).
import { celFunc, CelScalar, type CelValue } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque, mustPayload } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';
import { maskPrefix, parsePrefix, prefixContains, prefixString, type Addr, type Prefix } from './netaddr.ts';
import { ipValue, parseIP } from './ip.ts';

/** kube's parseCIDR: netip.ParsePrefix without IPv4-mapped IPv6 addresses. */
export function parseCIDR(raw: string): Prefix {
  let p: Prefix;
  try {
    p = parsePrefix(raw);
  } catch (e) {
    throw new Error(`network address parse error during conversion from string: ${(e as Error).message}`);
  }
  if (p.addr.mapped4) throw new Error(`IPv4-mapped IPv6 address ${JSON.stringify(raw)} is not allowed`);
  return p;
}

/** A CEL CIDR value. */
export function cidrValue(p: Prefix) {
  return opaque('cidr', p, prefixString(p));
}

const asAddr = (v: CelValue): Addr => (typeof v === 'string' ? parseIP(v) : mustPayload<Addr>(v, 'ip', 'containsIP'));
const asPrefix = (v: CelValue): Prefix => (typeof v === 'string' ? parseCIDR(v) : mustPayload<Prefix>(v, 'cidr', 'containsCIDR'));

/** kube's cidr library. */
export const cidrLibrary: Library = {
  name: 'k8s.cidr',
  decls: [
    fn('cidr', [T.string], T.cidr),
    fn('isCIDR', [T.string], T.bool),
    fn('string', [T.cidr], T.string),
    method('containsIP', T.cidr, [T.string], T.bool),
    method('containsIP', T.cidr, [T.ip], T.bool),
    method('containsCIDR', T.cidr, [T.string], T.bool),
    method('containsCIDR', T.cidr, [T.cidr], T.bool),
    method('ip', T.cidr, [], T.ip),
    method('prefixLength', T.cidr, [], T.int),
    method('masked', T.cidr, [], T.cidr),
  ],
  funcs: [
    celFunc('cidr', [CelScalar.STRING], CelScalar.DYN, (s: string) => {
      try {
        return cidrValue(parseCIDR(s));
      } catch (e) {
        // stringToCIDR wraps parseCIDR's error once more
        throw new Error(`network address parse error during conversion from string: ${(e as Error).message}`);
      }
    }),
    celFunc('isCIDR', [CelScalar.STRING], CelScalar.BOOL, (s: string) => {
      try {
        parseCIDR(s);
        return true;
      } catch {
        return false;
      }
    }),
  ],
  opaque: [
    opaqueOverload<Prefix>('string', false, 'cidr', 0, (p) => prefixString(p)),
    opaqueOverload<Prefix>('containsIP', true, 'cidr', 1, (p, v) => prefixContains(p, asAddr(v!))),
    opaqueOverload<Prefix>('containsCIDR', true, 'cidr', 1, (p, v) => {
      const o = asPrefix(v!);
      return o.addr.bytes.length === p.addr.bytes.length && p.bits <= o.bits && prefixContains(p, o.addr);
    }),
    opaqueOverload<Prefix>('ip', true, 'cidr', 0, (p) => ipValue(p.addr)),
    opaqueOverload<Prefix>('prefixLength', true, 'cidr', 0, (p) => BigInt(p.bits)),
    opaqueOverload<Prefix>('masked', true, 'cidr', 0, (p) => cidrValue(maskPrefix(p))),
  ],
};
