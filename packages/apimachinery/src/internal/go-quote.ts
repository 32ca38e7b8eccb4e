// Behaviour of Go's strconv.Quote (the %q verb), which kube uses to quote names and values in messages.

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const shortEscapes: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * A double-quoted Go string literal: printable characters as they are, `\n`-style escapes, `\x01`
 * for other ASCII controls, `\u00a0` / `\U000e0001` for other non-printable characters.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\ufffd'; // a lone surrogate reaches Go as U+FFFD
    else if (printable.test(ch)) out += ch;
    else if (shortEscapes[ch] !== undefined) out += shortEscapes[ch];
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}
