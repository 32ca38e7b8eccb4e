// Follows Go's net/netip ParseAddr / ParsePrefix / Addr.String as used by k8s.io/apiserver/pkg/cel/library/ip.go and
// cidr.go (v0.33): strict parsing (no leading zeros in IPv4 octets), RFC 5952 printing.
import { ipv6Text } from '@kapi/apimachinery';

/** An IP address: 4 or 16 bytes, with the zone if one was given. */
export interface Addr {
  readonly bytes: readonly number[];
  readonly zone: string;
  /** True for an IPv6 address holding an IPv4 one (::ffff:a.b.c.d). */
  readonly mapped4: boolean;
}

class AddrError extends Error {
  constructor(
    readonly msg: string,
    readonly at = '',
  ) {
    super(msg);
  }
}

const isHex = (c: string) => /^[0-9a-fA-F]$/.test(c);

/** Go netip parseIPv4. */
function parse4(s: string): number[] {
  const fields = [0, 0, 0, 0];
  let val = 0;
  let pos = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c >= '0' && c <= '9') {
      if (digLen === 1 && val === 0) throw new AddrError('IPv4 field has octet with leading zero');
      val = val * 10 + Number(c);
      digLen++;
      if (val > 255) throw new AddrError('IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') throw new AddrError('IPv4 field must have at least one digit', s.slice(i));
      if (pos === 3) throw new AddrError('IPv4 address too long');
      fields[pos++] = val;
      val = 0;
      digLen = 0;
    } else {
      throw new AddrError('unexpected character', s.slice(i));
    }
  }
  if (pos < 3) throw new AddrError('IPv4 address too short');
  fields[3] = val;
  return fields;
}

/** Go netip parseIPv6 (without the zone). */
function parse6(in6: string): number[] {
  const ip = new Array<number>(16).fill(0);
  let s = in6;
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s[off]!;
      if (!isHex(c)) break;
      acc = acc * 16 + parseInt(c, 16);
      if (off > 3) throw new AddrError('each colon-separated field must have at most 4 hex digits', s);
      if (acc > 0xffff) throw new AddrError('IPv6 field has value >=2^16', s);
    }
    if (off === 0) throw new AddrError('each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) throw new AddrError('embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) throw new AddrError('too many hex fields to fit an embedded IPv4 at the end of the address', s);
      let v4: number[];
      try {
        v4 = parse4(s);
      } catch (e) {
        throw new AddrError((e as AddrError).msg, s);
      }
      ip.splice(i, 4, ...v4);
      i += 4;
      s = '';
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') throw new AddrError('unexpected character, want colon', s);
    if (s.length === 1) throw new AddrError('colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) throw new AddrError('multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw new AddrError('trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) throw new AddrError('address string too short');
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    throw new AddrError('the :: must expand to at least one field of zeros');
  }
  return ip;
}

/** netip.ParseAddr; throws `ParseAddr("<s>"): <reason> (at "<rest>")` as Go does. */
export function parseAddr(s: string): Addr {
  const q = JSON.stringify;
  try {
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (c === '.') return { bytes: parse4(s), zone: '', mapped4: false };
      if (c === ':') {
        const pct = s.indexOf('%');
        const zone = pct >= 0 ? s.slice(pct + 1) : '';
        if (pct >= 0 && zone === '') throw new AddrError('zone must be a non-empty string');
        const bytes = parse6(pct >= 0 ? s.slice(0, pct) : s);
        const mapped4 = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
        return { bytes, zone, mapped4 };
      }
      if (c === '%') throw new AddrError('missing IPv6 address');
    }
    throw new AddrError('unable to parse IP');
  } catch (e) {
    if (!(e instanceof AddrError)) throw e;
    throw new Error(`ParseAddr(${q(s)}): ${e.msg}${e.at ? ` (at ${q(e.at)})` : ''}`);
  }
}

/** Addr.String: dotted quad, or RFC 5952 IPv6 (with ::ffff:a.b.c.d for mapped addresses). */
export function addrString(a: Addr): string {
  if (a.bytes.length === 4) return a.bytes.join('.');
  if (a.mapped4) return `::ffff:${a.bytes.slice(12).join('.')}${a.zone ? `%${a.zone}` : ''}`;
  const s = ipv6Text(a.bytes);
  return a.zone ? `${s}%${a.zone}` : s;
}

/** A network prefix: an address and a prefix length. */
export interface Prefix {
  readonly addr: Addr;
  readonly bits: number;
}

/** netip.ParsePrefix; throws `netip.ParsePrefix("<s>"): <reason>`. */
export function parsePrefix(s: string): Prefix {
  const fail = (why: string): never => {
    throw new Error(`netip.ParsePrefix(${JSON.stringify(s)}): ${why}`);
  };
  const slash = s.lastIndexOf('/');
  if (slash < 0) fail("no '/'");
  let addr: Addr;
  try {
    addr = parseAddr(s.slice(0, slash));
  } catch (e) {
    return fail((e as Error).message);
  }
  if (addr.zone !== '') fail('IPv6 zones cannot be present in a prefix');
  const bitsStr = s.slice(slash + 1);
  if (!/^[0-9]+$/.test(bitsStr) || (bitsStr.length > 1 && bitsStr.startsWith('0'))) fail(`bad bits after slash: ${JSON.stringify(bitsStr)}`);
  const bits = Number(bitsStr);
  if (bits > addr.bytes.length * 8) fail(`prefix length out of range`);
  return { addr, bits };
}

/** The prefix with host bits cleared. */
export function maskPrefix(p: Prefix): Prefix {
  const bytes = p.addr.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, p.bits - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { addr: { ...p.addr, bytes }, bits: p.bits };
}

/** Whether the prefix contains the address (same family only, as netip). */
export function prefixContains(p: Prefix, a: Addr): boolean {
  if (a.bytes.length !== p.addr.bytes.length || a.zone !== '') return false;
  const m = maskPrefix(p).addr.bytes;
  const am = maskPrefix({ addr: a, bits: p.bits }).addr.bytes;
  return m.every((b, i) => b === am[i]);
}

/** `addr/bits`. */
export function prefixString(p: Prefix): string {
  return `${addrString(p.addr)}/${p.bits}`;
}
