// NaCl's crypto_secretbox (XSalsa20-Poly1305), as golang.org/x/crypto/nacl/secretbox implements it:
// Node's crypto has neither Salsa20 nor a standalone Poly1305. Checked against NaCl's and Go's vectors.
import { timingSafeEqual } from 'node:crypto';

/** Bytes secretbox adds to a message: the Poly1305 tag. */
export const secretboxOverhead = 16;
export const secretboxKeySize = 32;
export const secretboxNonceSize = 24;

// "expand 32-byte k"
const sigma = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

const readU32 = (b: Uint8Array, i: number): number => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

function writeU32(b: Uint8Array, i: number, v: number): void {
  b[i] = v & 0xff;
  b[i + 1] = (v >>> 8) & 0xff;
  b[i + 2] = (v >>> 16) & 0xff;
  b[i + 3] = (v >>> 24) & 0xff;
}

/** The Salsa20 input block: constants, a 32-byte key and 16 bytes of nonce/counter. */
function initState(key: Uint8Array, input: Uint8Array): Uint32Array {
  const s = new Uint32Array(16);
  s[0] = sigma[0];
  s[5] = sigma[1];
  s[10] = sigma[2];
  s[15] = sigma[3];
  for (let i = 0; i < 4; i++) {
    s[1 + i] = readU32(key, 4 * i);
    s[11 + i] = readU32(key, 16 + 4 * i);
    s[6 + i] = readU32(input, 4 * i);
  }
  return s;
}

/** Twenty rounds of Salsa20 over `x`, in place. */
function rounds(x: Uint32Array): void {
  let x0 = x[0]!, x1 = x[1]!, x2 = x[2]!, x3 = x[3]!, x4 = x[4]!, x5 = x[5]!, x6 = x[6]!, x7 = x[7]!;
  let x8 = x[8]!, x9 = x[9]!, x10 = x[10]!, x11 = x[11]!, x12 = x[12]!, x13 = x[13]!, x14 = x[14]!, x15 = x[15]!;
  let u: number;
  for (let i = 0; i < 20; i += 2) {
    // Column round.
    u = (x0 + x12) | 0; x4 ^= (u << 7) | (u >>> 25);
    u = (x4 + x0) | 0; x8 ^= (u << 9) | (u >>> 23);
    u = (x8 + x4) | 0; x12 ^= (u << 13) | (u >>> 19);
    u = (x12 + x8) | 0; x0 ^= (u << 18) | (u >>> 14);
    u = (x5 + x1) | 0; x9 ^= (u << 7) | (u >>> 25);
    u = (x9 + x5) | 0; x13 ^= (u << 9) | (u >>> 23);
    u = (x13 + x9) | 0; x1 ^= (u << 13) | (u >>> 19);
    u = (x1 + x13) | 0; x5 ^= (u << 18) | (u >>> 14);
    u = (x10 + x6) | 0; x14 ^= (u << 7) | (u >>> 25);
    u = (x14 + x10) | 0; x2 ^= (u << 9) | (u >>> 23);
    u = (x2 + x14) | 0; x6 ^= (u << 13) | (u >>> 19);
    u = (x6 + x2) | 0; x10 ^= (u << 18) | (u >>> 14);
    u = (x15 + x11) | 0; x3 ^= (u << 7) | (u >>> 25);
    u = (x3 + x15) | 0; x7 ^= (u << 9) | (u >>> 23);
    u = (x7 + x3) | 0; x11 ^= (u << 13) | (u >>> 19);
    u = (x11 + x7) | 0; x15 ^= (u << 18) | (u >>> 14);
    // Row round.
    u = (x0 + x3) | 0; x1 ^= (u << 7) | (u >>> 25);
    u = (x1 + x0) | 0; x2 ^= (u << 9) | (u >>> 23);
    u = (x2 + x1) | 0; x3 ^= (u << 13) | (u >>> 19);
    u = (x3 + x2) | 0; x0 ^= (u << 18) | (u >>> 14);
    u = (x5 + x4) | 0; x6 ^= (u << 7) | (u >>> 25);
    u = (x6 + x5) | 0; x7 ^= (u << 9) | (u >>> 23);
    u = (x7 + x6) | 0; x4 ^= (u << 13) | (u >>> 19);
    u = (x4 + x7) | 0; x5 ^= (u << 18) | (u >>> 14);
    u = (x10 + x9) | 0; x11 ^= (u << 7) | (u >>> 25);
    u = (x11 + x10) | 0; x8 ^= (u << 9) | (u >>> 23);
    u = (x8 + x11) | 0; x9 ^= (u << 13) | (u >>> 19);
    u = (x9 + x8) | 0; x10 ^= (u << 18) | (u >>> 14);
    u = (x15 + x14) | 0; x12 ^= (u << 7) | (u >>> 25);
    u = (x12 + x15) | 0; x13 ^= (u << 9) | (u >>> 23);
    u = (x13 + x12) | 0; x14 ^= (u << 13) | (u >>> 19);
    u = (x14 + x13) | 0; x15 ^= (u << 18) | (u >>> 14);
  }
  x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3; x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
  x[8] = x8; x[9] = x9; x[10] = x10; x[11] = x11; x[12] = x12; x[13] = x13; x[14] = x14; x[15] = x15;
}

/** HSalsa20: a 32-byte subkey from a 32-byte key and 16 bytes of input. */
export function hsalsa20(key: Uint8Array, input: Uint8Array): Uint8Array {
  const x = initState(key, input);
  rounds(x);
  const out = new Uint8Array(32);
  [0, 5, 10, 15, 6, 7, 8, 9].forEach((w, i) => writeU32(out, 4 * i, x[w]!));
  return out;
}

/**
 * XORs `src` into `dst` with the XSalsa20 keystream of (key, 24-byte nonce), starting `skip` bytes
 * into the stream. `dst` and `src` may be the same array.
 */
function xsalsa20Xor(dst: Uint8Array, src: Uint8Array, nonce: Uint8Array, key: Uint8Array, skip: number): void {
  const subkey = hsalsa20(key, nonce.subarray(0, 16));
  const input = new Uint8Array(16);
  input.set(nonce.subarray(16, 24), 0);
  const state = initState(subkey, input);
  const x = new Uint32Array(16);
  const block = new Uint8Array(64);
  let counter = 0;
  let pos = 0;
  let offset = skip;
  while (pos < src.length) {
    state[8] = counter >>> 0;
    state[9] = Math.floor(counter / 0x1_0000_0000) >>> 0;
    x.set(state);
    rounds(x);
    for (let i = 0; i < 16; i++) writeU32(block, 4 * i, (x[i]! + state[i]!) >>> 0);
    for (let i = offset; i < 64 && pos < src.length; i++, pos++) dst[pos] = src[pos]! ^ block[i]!;
    offset = 0;
    counter++;
  }
}

/** The first 32 bytes of the XSalsa20 stream: the one-time Poly1305 key of a secretbox. */
function xsalsa20PolyKey(nonce: Uint8Array, key: Uint8Array): Uint8Array {
  const polyKey = new Uint8Array(32);
  xsalsa20Xor(polyKey, polyKey, nonce, key, 0);
  return polyKey;
}

/**
 * Poly1305 one-time authenticator (RFC 8439 §2.5): a 16-byte tag of `msg` under a 32-byte key.
 * The 130-bit accumulator is held in ten 13-bit limbs so every product stays exact in a double.
 */
export function poly1305(key: Uint8Array, msg: Uint8Array): Uint8Array {
  const w16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
  const r = new Array<number>(10);
  let t0 = w16(key, 0), t1 = w16(key, 2), t2 = w16(key, 4), t3 = w16(key, 6);
  let t4 = w16(key, 8), t5 = w16(key, 10), t6 = w16(key, 12), t7 = w16(key, 14);
  // r, clamped (r &= 0x0ffffffc0ffffffc0ffffffc0fffffff) while it is split.
  r[0] = t0 & 0x1fff;
  r[1] = ((t0 >>> 13) | (t1 << 3)) & 0x1fff;
  r[2] = ((t1 >>> 10) | (t2 << 6)) & 0x1f03;
  r[3] = ((t2 >>> 7) | (t3 << 9)) & 0x1fff;
  r[4] = ((t3 >>> 4) | (t4 << 12)) & 0x00ff;
  r[5] = (t4 >>> 1) & 0x1ffe;
  r[6] = ((t4 >>> 14) | (t5 << 2)) & 0x1fff;
  r[7] = ((t5 >>> 11) | (t6 << 5)) & 0x1f81;
  r[8] = ((t6 >>> 8) | (t7 << 8)) & 0x1fff;
  r[9] = (t7 >>> 5) & 0x007f;
  const r5 = r.map((v) => v * 5);
  const h = new Array<number>(10).fill(0);
  const d = new Array<number>(10).fill(0);
  const last = new Uint8Array(16);

  for (let off = 0; off < msg.length; off += 16) {
    let m = msg;
    let at = off;
    let hibit = 1 << 11;
    if (msg.length - off < 16) {
      last.fill(0);
      last.set(msg.subarray(off));
      last[msg.length - off] = 1;
      m = last;
      at = 0;
      hibit = 0;
    }
    t0 = w16(m, at); t1 = w16(m, at + 2); t2 = w16(m, at + 4); t3 = w16(m, at + 6);
    t4 = w16(m, at + 8); t5 = w16(m, at + 10); t6 = w16(m, at + 12); t7 = w16(m, at + 14);
    h[0]! += t0 & 0x1fff;
    h[1]! += ((t0 >>> 13) | (t1 << 3)) & 0x1fff;
    h[2]! += ((t1 >>> 10) | (t2 << 6)) & 0x1fff;
    h[3]! += ((t2 >>> 7) | (t3 << 9)) & 0x1fff;
    h[4]! += ((t3 >>> 4) | (t4 << 12)) & 0x1fff;
    h[5]! += (t4 >>> 1) & 0x1fff;
    h[6]! += ((t4 >>> 14) | (t5 << 2)) & 0x1fff;
    h[7]! += ((t5 >>> 11) | (t6 << 5)) & 0x1fff;
    h[8]! += ((t6 >>> 8) | (t7 << 8)) & 0x1fff;
    h[9]! += (t7 >>> 5) | hibit;

    // h *= r (mod 2^130 - 5): limbs past the top wrap around multiplied by 5.
    let c = 0;
    for (let i = 0; i < 10; i++) {
      let s = c;
      for (let j = 0; j < 10; j++) s += h[j]! * (j <= i ? r[i - j]! : r5[i - j + 10]!);
      c = Math.floor(s / 8192);
      d[i] = s - c * 8192;
    }
    c = c * 5 + d[0]!;
    d[0] = c & 0x1fff;
    c = Math.floor(c / 8192);
    d[1]! += c;
    for (let i = 0; i < 10; i++) h[i] = d[i]!;
  }

  // Carry fully (limbs past 2^130 wrap around times 5) until every limb has 13 bits.
  for (;;) {
    let carry = 0;
    for (let i = 0; i < 10; i++) {
      h[i]! += carry;
      carry = h[i]! >>> 13;
      h[i]! &= 0x1fff;
    }
    if (carry === 0) break;
    h[0]! += carry * 5;
  }
  // Then reduce mod 2^130 - 5 by taking h - p when h ≥ p.
  const g = new Array<number>(10);
  let c = 5;
  for (let i = 0; i < 10; i++) {
    g[i] = h[i]! + c;
    c = g[i]! >>> 13;
    g[i]! &= 0x1fff;
  }
  // A carry out of the top limb means h + 5 ≥ 2^130, i.e. h ≥ p: take g = h - p.
  const f = c === 1 ? g : h;

  const words = [
    (f[0]! | (f[1]! << 13)) & 0xffff,
    ((f[1]! >>> 3) | (f[2]! << 10)) & 0xffff,
    ((f[2]! >>> 6) | (f[3]! << 7)) & 0xffff,
    ((f[3]! >>> 9) | (f[4]! << 4)) & 0xffff,
    ((f[4]! >>> 12) | (f[5]! << 1) | (f[6]! << 14)) & 0xffff,
    ((f[6]! >>> 2) | (f[7]! << 11)) & 0xffff,
    ((f[7]! >>> 5) | (f[8]! << 8)) & 0xffff,
    ((f[8]! >>> 8) | (f[9]! << 5)) & 0xffff,
  ];
  // tag = (h + s) mod 2^128, s being the key's second half.
  const tag = new Uint8Array(16);
  let carry = 0;
  for (let i = 0; i < 8; i++) {
    const v = words[i]! + w16(key, 16 + 2 * i) + carry;
    carry = v >>> 16;
    tag[2 * i] = v & 0xff;
    tag[2 * i + 1] = (v >>> 8) & 0xff;
  }
  return tag;
}

function checkSizes(nonce: Uint8Array, key: Uint8Array): void {
  if (key.length !== secretboxKeySize) throw new Error(`secretbox: key must be ${secretboxKeySize} bytes, got ${key.length}`);
  if (nonce.length !== secretboxNonceSize) throw new Error(`secretbox: nonce must be ${secretboxNonceSize} bytes, got ${nonce.length}`);
}

/** crypto_secretbox: the Poly1305 tag followed by the XSalsa20 ciphertext (Go's secretbox.Seal). */
export function secretboxSeal(message: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array {
  checkSizes(nonce, key);
  const out = new Uint8Array(secretboxOverhead + message.length);
  const body = out.subarray(secretboxOverhead);
  // The first 32 bytes of the stream key Poly1305; the message is XORed with the rest.
  xsalsa20Xor(body, message, nonce, key, 32);
  out.set(poly1305(xsalsa20PolyKey(nonce, key), body), 0);
  return out;
}

/** crypto_secretbox_open: the message, or undefined when the box was not sealed with this key and nonce. */
export function secretboxOpen(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array | undefined {
  checkSizes(nonce, key);
  if (box.length < secretboxOverhead) return undefined;
  const body = box.subarray(secretboxOverhead);
  const tag = poly1305(xsalsa20PolyKey(nonce, key), body);
  if (!timingSafeEqual(tag, box.subarray(0, secretboxOverhead))) return undefined;
  const out = new Uint8Array(body.length);
  xsalsa20Xor(out, body, nonce, key, 32);
  return out;
}
