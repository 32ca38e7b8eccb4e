// Go's text form of an IP address (net.IP.String, netip.Addr.String): dotted IPv4, else RFC 5952
// IPv6 with the longest run of two or more zero groups (the first of equals) written `::`.

/** The IPv6 text of 16 bytes (no IPv4 forms): groups in lower-case hex, the longest zero run as `::`. */
export function ipv6Text(bytes: ArrayLike<number>): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  return bestStart < 0 ? hex(groups) : `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
}

/** Whether 16 bytes hold an IPv4 address (::ffff:a.b.c.d), as Go's To4() != nil. */
export function isIPv4Mapped(bytes: ArrayLike<number>): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

/** net.IP.String() of 16 bytes: dotted IPv4 for an IPv4(-mapped) address, else {@link ipv6Text}. */
export function ipText(bytes: ArrayLike<number>): string {
  return isIPv4Mapped(bytes) ? `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}` : ipv6Text(bytes);
}
