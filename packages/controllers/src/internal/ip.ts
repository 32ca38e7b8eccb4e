// Behaviour of k8s.io/utils/net (ParseIPSloppy, IsIPv6String: Go 1.16's net.ParseIP, which accepts
// leading zeros in IPv4 octets) and Go's net.IP.String() (v1.33): how the endpoint controllers
// read pod IPs and print them back.
import { ipText, isIPv4Mapped } from '@kapi/apimachinery';

/** The 16 bytes of an address (IPv4 as ::ffff:a.b.c.d), or undefined when `s` is not one. */
export function parseIPSloppy(s: string): Uint8Array | undefined {
  return s.includes(':') ? parseIPv6(s) : parseIPv4(s);
}

function parseIPv4(s: string): Uint8Array | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(16);
  out[10] = 0xff;
  out[11] = 0xff;
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^[0-9]+$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[12 + i] = n;
  }
  return out;
}

function parseIPv6(s: string): Uint8Array | undefined {
  const out = new Uint8Array(16);
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const fields = part.split(':');
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (i === fields.length - 1 && f.includes('.')) {
        const v4 = parseIPv4(f);
        if (!v4) return undefined;
        groups.push((v4[12]! << 8) | v4[13]!, (v4[14]! << 8) | v4[15]!);
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(f)) return undefined;
      groups.push(parseInt(f, 16));
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1 && head.length !== 8) return undefined;
  if (halves.length === 2 && head.length + tail.length > 7) return undefined;
  const groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  groups.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

/** Whether the address is IPv4 (or IPv4-mapped IPv6), as Go's To4() != nil. */
export const isV4 = (ip: Uint8Array): boolean => isIPv4Mapped(ip);

/** utilnet.IsIPv6String: parses, and is not IPv4. */
export function isIPv6String(s: string): boolean {
  const ip = parseIPSloppy(s);
  return ip !== undefined && !isV4(ip);
}

/** Go's net.IP.String(): dotted IPv4, or RFC 5952 IPv6. */
export const ipString = (ip: Uint8Array): string => ipText(ip);
