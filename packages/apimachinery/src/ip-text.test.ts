import { describe, expect, it } from 'vitest';
import { ipText, ipv6Text, isIPv4Mapped } from './ip-text.ts';

const bytes = (groups: number[]) => groups.flatMap((g) => [g >> 8, g & 0xff]);

describe("Go's text form of an IP", () => {
  it('writes RFC 5952: lower-case hex, the longest run of two or more zero groups (the first of equals) as ::', () => {
    expect(ipv6Text(bytes([0, 0, 0, 0, 0, 0, 0, 0]))).toBe('::');
    expect(ipv6Text(bytes([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]))).toBe('2001:db8::1');
    expect(ipv6Text(bytes([1, 0, 0, 1, 0, 0, 0, 1]))).toBe('1:0:0:1::1');
    expect(ipv6Text(bytes([1, 0, 0, 2, 0, 0, 3, 4]))).toBe('1::2:0:0:3:4');
    expect(ipv6Text(bytes([1, 0, 2, 0, 3, 0, 4, 0]))).toBe('1:0:2:0:3:0:4:0');
    expect(ipv6Text(bytes([0xfd00, 0, 0, 0, 0, 0, 0, 0xabcd]))).toBe('fd00::abcd');
  });
  it('writes an IPv4(-mapped) address dotted', () => {
    const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 5];
    expect(isIPv4Mapped(mapped)).toBe(true);
    expect(ipText(mapped)).toBe('10.0.0.5');
    expect(ipText(bytes([0, 0, 0, 0, 0, 0xfffe, 0x0a00, 5]))).toBe('::fffe:a00:5');
  });
});
