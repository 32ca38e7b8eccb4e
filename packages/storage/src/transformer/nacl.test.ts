// XSalsa20-Poly1305 against published vectors: NaCl's tests (core1/core2, onetimeauth, secretbox),
// Go's x/crypto nacl/secretbox TestSecretBox, RFC 8439 §2.5.2; Poly1305 against a BigInt reference.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hsalsa20, poly1305, secretboxOpen, secretboxSeal } from './nacl.ts';

const hex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/[\s,]|0x/g, ''), 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

// NaCl tests/core1.c … secretbox.c.
const shared = hex('4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742');
const firstkey = hex('1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389');
const nonceprefix = hex('69696ee955b62b73cd62bda875fc73d6');
const secondkey = hex('dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4');
const nonce = hex('69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37');
const message = hex(`
  be075fc53c81f2d5cf141316ebeb0c7b5228c52a4c62cbd44b66849b64244ffc
  e5ecbaaf33bd751a1ac728d45e6c61296cdc3c01233561f41db66cce314adb31
  0e3be8250c46f06dceea3a7fa1348057e2f6556ad6b1318a024a838f21af1fde
  048977eb48f59ffd4924ca1c60902e52f0a089bc76897040e082f93776384864
  5e0705`);
const box = hex(`
  f3ffc7703f9400e52a7dfb4b3d3305d9
  8e993b9f48681273c29650ba32fc76ce48332ea7164d96a4476fb8c531a1186a
  c0dfc17c98dce87b4da7f011ec48c97271d2c20f9b928fe2270d6fb863d51738
  b48eeee314a7cc8ab932164548e526ae90224368517acfeabd6bb3732bc0e9da
  99832b61ca01b6de56244a9e88d5f9b37973f622a43d14a6599b1f654cb45a74
  e355a5`);

describe('HSalsa20', () => {
  it('derives NaCl’s firstkey from the shared secret (core1)', () => {
    expect(toHex(hsalsa20(shared, new Uint8Array(16)))).toBe(toHex(firstkey));
  });
  it('derives NaCl’s secondkey from firstkey and the nonce prefix (core2)', () => {
    expect(toHex(hsalsa20(firstkey, nonceprefix))).toBe(toHex(secondkey));
  });
});

/** Poly1305 written the slow, obvious way. */
function poly1305Reference(key: Uint8Array, msg: Uint8Array): Uint8Array {
  const le = (b: Uint8Array) => b.reduceRight((acc, v) => (acc << 8n) | BigInt(v), 0n);
  const p = (1n << 130n) - 5n;
  const r = le(key.subarray(0, 16)) & 0x0ffffffc0ffffffc0ffffffc0fffffffn;
  const s = le(key.subarray(16, 32));
  let acc = 0n;
  for (let i = 0; i < msg.length; i += 16) {
    const block = msg.subarray(i, i + 16);
    acc = ((acc + le(block) + (1n << BigInt(8 * block.length))) * r) % p;
  }
  let tag = (acc + s) & ((1n << 128n) - 1n);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++, tag >>= 8n) out[i] = Number(tag & 0xffn);
  return out;
}

describe('Poly1305', () => {
  it('RFC 8439 §2.5.2', () => {
    const key = hex('85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b');
    const tag = poly1305(key, new TextEncoder().encode('Cryptographic Forum Research Group'));
    expect(toHex(tag)).toBe('a8061dc1305136c6c22b8baf0c0127a9');
  });

  it('NaCl onetimeauth: the tag of the secretbox vector', () => {
    const key = hex('eea6a7251c1e72916d11c2cb214d3c252539121d8e234e652d651fa4c8cff880');
    expect(toHex(poly1305(key, box.subarray(16)))).toBe(toHex(box.subarray(0, 16)));
  });

  it('agrees with a BigInt reference on random and extreme inputs', () => {
    const inputs: [Uint8Array, Uint8Array][] = [
      [new Uint8Array(32).fill(0xff), new Uint8Array(64).fill(0xff)],
      [new Uint8Array(32).fill(0xff), new Uint8Array(0)],
      // r = 0 and s = 0xff…: the tag is s.
      [hex('00'.repeat(16) + 'ff'.repeat(16)), new Uint8Array(17).fill(0xff)],
      // Accumulators just above and below p.
      [hex('02' + '00'.repeat(15) + '00'.repeat(16)), hex('fb' + 'ff'.repeat(15) + '03')],
      [hex('01' + '00'.repeat(15) + '00'.repeat(16)), hex('fb' + 'ff'.repeat(15))],
    ];
    for (let n = 0; n < 300; n++) inputs.push([randomBytes(32), randomBytes(n % 90)]);
    for (const [key, msg] of inputs) expect(toHex(poly1305(key, msg)), `key ${toHex(key)} msg ${toHex(msg)}`).toBe(toHex(poly1305Reference(key, msg)));
  });
});

describe('secretbox (XSalsa20-Poly1305)', () => {
  it('seals NaCl’s secretbox vector', () => {
    expect(toHex(secretboxSeal(message, nonce, firstkey))).toBe(toHex(box));
  });

  it('opens NaCl’s secretbox vector', () => {
    expect(toHex(secretboxOpen(box, nonce, firstkey)!)).toBe(toHex(message));
  });

  it('Go’s TestSecretBox: key 0x01…, nonce 0x02…, 64 bytes of 0x03', () => {
    const sealed = secretboxSeal(new Uint8Array(64).fill(3), new Uint8Array(24).fill(2), new Uint8Array(32).fill(1));
    expect(toHex(sealed)).toBe(
      '8442bc313f4626f1359e3b50122b6ce6fe66ddfe7d39d14e637eb4fd5b45beadab55198df6ab5368439792a23c87db70acb6156dc5ef957ac04f6276cf6093b84be77ff0849cc33e34b7254d5a8f65ad',
    );
  });

  it('round-trips every length across block boundaries, and refuses any flipped bit (Go’s TestSealOpen)', () => {
    const key = randomBytes(32);
    const n = randomBytes(24);
    let last: Uint8Array = new Uint8Array(0);
    for (let len = 0; len < 200; len += 17) {
      const msg = randomBytes(len);
      last = secretboxSeal(msg, n, key);
      expect(last.length).toBe(len + 16);
      expect(toHex(secretboxOpen(last, n, key)!)).toBe(toHex(msg));
    }
    for (let i = 0; i < last.length; i++) {
      const bad = new Uint8Array(last);
      bad[i]! ^= 0x20;
      expect(secretboxOpen(bad, n, key), `byte ${i} flipped`).toBeUndefined();
    }
    expect(secretboxOpen(last, n, randomBytes(32))).toBeUndefined();
    expect(secretboxOpen(last.subarray(0, 15), n, key)).toBeUndefined();
  });
});
