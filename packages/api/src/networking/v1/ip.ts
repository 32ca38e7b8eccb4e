// Behaviour of k8s.io/apimachinery/pkg/util/validation/ip.go (v0.33.9), k8s.io/utils/net
// (ParseIPSloppy, ParseCIDRSloppy, IPFamilyOf) and Go's net.IP / netip text forms, as the
// networking and discovery validations use them. StrictIPCIDRValidation is alpha (off) in v1.33, so
// the "legacy field" checks parse sloppily (IPv4 octets may have leading zeros).
import { fieldErrors, ipText, type FieldError, type FieldPath } from '@kapi/apimachinery';
import { isIPv4, isIPv6 } from '../../core/v1/validation-helpers.ts';

/** A parsed address: 16 bytes (IPv4 as ::ffff:a.b.c.d), and whether the text was IPv4 notation. */
export interface ParsedIP {
  readonly bytes: readonly number[];
  /** The text was dotted IPv4 (Go's 4-byte form). */
  readonly v4Text: boolean;
}

const v4MappedPrefix = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function v4Bytes(s: string): number[] {
  return s.split('.').map((p) => Number(p));
}

function v6Bytes(s: string): number[] {
  let text = s;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tail = v4Bytes(text.slice(lastColon + 1));
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (h: string | undefined) => (h ? h.split(':') : []);
  const a = groups(head);
  const b = groups(rest);
  const all = rest === undefined ? a : [...a, ...Array<string>(8 - a.length - b.length).fill('0'), ...b];
  const bytes = all.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** netutils.ParseIPSloppy: undefined unless `s` is an IPv4 (leading zeros allowed) or IPv6 address. */
export function parseIPSloppy(s: string): ParsedIP | undefined {
  if (!s.includes(':')) return isIPv4(s) ? { bytes: [...v4MappedPrefix, ...v4Bytes(s)], v4Text: true } : undefined;
  return isIPv6(s) ? { bytes: v6Bytes(s), v4Text: false } : undefined;
}

/** Go's ip.To4() != nil: an IPv4 address, or an IPv4-mapped IPv6 one. */
export function isV4(ip: ParsedIP): boolean {
  return v4MappedPrefix.every((b, i) => ip.bytes[i] === b);
}

/** Go's net.IP.String(): dotted IPv4 (also for IPv4-mapped addresses), else RFC 5952 IPv6. */
export function ipString(ip: ParsedIP): string {
  return ipText(ip.bytes);
}

/** Whether netip.ParseAddr would refuse text ParseIPSloppy accepts: an IPv4 octet with a leading zero. */
function hasLeadingZeroOctet(s: string): boolean {
  const lastColon = s.lastIndexOf(':');
  const v4 = s.slice(lastColon + 1);
  if (!v4.includes('.')) return false;
  return v4.split('.').some((o) => o.length > 1 && o.startsWith('0'));
}

const invalidIPMsg = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

/** validation.IsValidIPForLegacyField with strict validation off: an address ParseIPSloppy reads, or one of `validOld`. */
export function validateIPForLegacyField(path: FieldPath, value: string, validOld: readonly string[] = []): FieldError[] {
  if (validOld.includes(value)) return [];
  return parseIPSloppy(value) ? [] : [fieldErrors.invalid(path, value, invalidIPMsg)];
}

/** validation.IsValidIP: a strictly parsed address (no leading zeros, not IPv4-mapped) in canonical form. */
export function validateIP(path: FieldPath, value: string): FieldError[] {
  const ip = parseIPSloppy(value);
  if (!ip) return [fieldErrors.invalid(path, value, invalidIPMsg)];
  const errs: FieldError[] = [];
  if (hasLeadingZeroOctet(value)) errs.push(fieldErrors.invalid(path, value, 'must not have leading 0s'));
  else if (!ip.v4Text && isV4(ip)) errs.push(fieldErrors.invalid(path, value, 'must not be an IPv4-mapped IPv6 address'));
  if (errs.length > 0) return errs;
  const canonical = ipString(ip);
  return value === canonical ? [] : [fieldErrors.invalid(path, value, `must be in canonical form (${JSON.stringify(canonical)})`)];
}

/** A CIDR as ParseCIDRSloppy reads it. */
export interface ParsedCIDR {
  readonly ip: ParsedIP;
  /** Address width of the notation: 32 for IPv4 text, 128 for IPv6 text. */
  readonly bits: 32 | 128;
  readonly prefix: number;
  readonly prefixText: string;
  readonly ipText: string;
}

/** netutils.ParseCIDRSloppy: an address, a slash and a decimal prefix length within its width. */
export function parseCIDRSloppy(s: string): ParsedCIDR | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const ipText = s.slice(0, slash);
  const prefixText = s.slice(slash + 1);
  const ip = parseIPSloppy(ipText);
  if (!ip || !/^[0-9]+$/.test(prefixText) || prefixText.length > 7) return undefined;
  const bits = ip.v4Text ? 32 : 128;
  const prefix = Number(prefixText);
  if (prefix > bits) return undefined;
  return { ip, bits, prefix, prefixText, ipText };
}

/** The network address of a CIDR (host bits cleared). */
export function maskedIP(c: ParsedCIDR): ParsedIP {
  const ones = c.prefix + (c.bits === 32 ? 96 : 0);
  const bytes = c.ip.bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, ones - i * 8));
    return b & ((0xff << (8 - keep)) & 0xff);
  });
  return { bytes, v4Text: c.ip.v4Text };
}

/** IPNet.String() of a CIDR: its network address and prefix length. */
export function cidrString(c: ParsedCIDR): string {
  return `${ipString(maskedIP(c))}/${c.prefix}`;
}

const invalidCIDRMsg = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';

/** validation.IsValidCIDR: strictly parsed (no leading zeros, not IPv4-mapped, no host bits) and canonical. */
export function validateCIDR(path: FieldPath, value: string): FieldError[] {
  const c = parseCIDRSloppy(value);
  if (!c) return [fieldErrors.invalid(path, value, invalidCIDRMsg)];
  if (hasLeadingZeroOctet(c.ipText) || (c.prefixText.length > 1 && c.prefixText.startsWith('0'))) {
    return [fieldErrors.invalid(path, value, 'must not have leading 0s in IP or prefix length')];
  }
  if (!c.ip.v4Text && isV4(c.ip)) return [fieldErrors.invalid(path, value, 'must not have an IPv4-mapped IPv6 address')];
  const masked = maskedIP(c);
  if (masked.bytes.some((b, i) => b !== c.ip.bytes[i])) return [fieldErrors.invalid(path, value, 'must not have bits set beyond the prefix length')];
  const canonical = cidrString(c);
  return value === canonical ? [] : [fieldErrors.invalid(path, value, `must be in canonical form (${JSON.stringify(canonical)})`)];
}

/** netutils.IPFamilyOfCIDRString: 'IPv4' (also for IPv4-mapped), 'IPv6', or '' when `s` is no CIDR. */
export function ipFamilyOfCIDR(s: string): '' | 'IPv4' | 'IPv6' {
  const c = parseCIDRSloppy(s);
  if (!c) return '';
  return isV4(c.ip) ? 'IPv4' : 'IPv6';
}

/**
 * ValidateEndpointIP of pkg/apis/core/validation (v1.33): an address that is not unspecified,
 * loopback, link-local or link-local multicast.
 */
export function validateEndpointIP(value: string, path: FieldPath): FieldError[] {
  const ip = parseIPSloppy(value);
  if (!ip) return [fieldErrors.invalid(path, value, 'must be a valid IP address')];
  const b = ip.bytes;
  const v4 = isV4(ip);
  const errs: FieldError[] = [];
  const unspecified = v4 ? b.slice(12).every((x) => x === 0) : b.every((x) => x === 0);
  const loopback = v4 ? b[12] === 127 : b.slice(0, 15).every((x) => x === 0) && b[15] === 1;
  const linkLocal = v4 ? b[12] === 169 && b[13] === 254 : b[0] === 0xfe && (b[1]! & 0xc0) === 0x80;
  const linkLocalMulticast = v4 ? b[12] === 224 && b[13] === 0 && b[14] === 0 : b[0] === 0xff && (b[1]! & 0x0f) === 0x02;
  if (unspecified) errs.push(fieldErrors.invalid(path, value, `may not be unspecified (${value})`));
  if (loopback) errs.push(fieldErrors.invalid(path, value, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (linkLocal) errs.push(fieldErrors.invalid(path, value, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (linkLocalMulticast) errs.push(fieldErrors.invalid(path, value, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  return errs;
}
