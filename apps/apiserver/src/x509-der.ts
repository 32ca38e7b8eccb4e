// Behaviour of Go's crypto/x509 CreateCertificate and encoding/asn1 (go1.24), for the one certificate
// kapi makes (client-go's NewSelfSignedCACert): the DER of a self-signed ECDSA P-256 CA, written
// with node:crypto alone (an X.509 library takes ~80 ms to load, on every start of an in-memory server).
import { createHash, sign, type KeyObject } from 'node:crypto';

/** One DER value: tag, definite length, contents. */
function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (n: number, item: Buffer) => tlv(0xa0 + n, item);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0x00]));
const octets = (b: Buffer) => tlv(0x04, b);
/** A BIT STRING of whole bytes (no unused bits). */
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);

/** An OBJECT IDENTIFIER from its dotted form. */
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let v = arc >>> 7; v > 0; v >>>= 7) base128.unshift((v & 0x7f) | 0x80);
    out.push(...base128);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A non-negative INTEGER from its big-endian bytes: minimal, with a 0 byte when the top bit is set (Go's asn1). */
function unsigned(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  const trimmed = bytes.subarray(i);
  return tlv(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** Go's asn1 time: UTCTime before 2050, GeneralizedTime from then on. */
function time(d: Date): Buffer {
  const p = (n: number) => String(n).padStart(2, '0');
  const rest = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  const year = d.getUTCFullYear();
  return year < 2050 ? tlv(0x17, Buffer.from(`${p(year % 100)}${rest}`, 'ascii')) : tlv(0x18, Buffer.from(`${year}${rest}`, 'ascii'));
}

/** Go's asn1 string: a PrintableString when every character allows it, else UTF8String. */
function directoryString(s: string): Buffer {
  return /^[A-Za-z0-9 '()+,\-./:=?]*$/.test(s) ? tlv(0x13, Buffer.from(s, 'ascii')) : tlv(0x0c, Buffer.from(s, 'utf8'));
}

const ecdsaWithSHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** An extension: its OID, `critical` when true (Go omits false, the default), its DER value. */
const extension = (id: string, critical: boolean, value: Buffer) => sequence(oid(id), ...(critical ? [bool(true)] : []), octets(value));

export interface SelfSignedCAOptions {
  commonName: string;
  /** The serial number, big-endian (positive). */
  serial: Buffer;
  notBefore: Date;
  notAfter: Date;
  /** The CA's ECDSA P-256 key pair. */
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/**
 * The DER of a self-signed CA certificate as NewSelfSignedCACert has Go make it: v3, subject and
 * issuer `CN=<commonName>`, key usage digitalSignature | keyEncipherment | keyCertSign (critical),
 * basic constraints CA:TRUE (critical), the subject key identifier Go derives (SHA-1 of the public
 * key), the common name as a DNS subject alternative name; signed ecdsa-with-SHA256.
 */
export function selfSignedCADer(options: SelfSignedCAOptions): Buffer {
  const spki = options.publicKey.export({ type: 'spki', format: 'der' });
  // The subjectPublicKey BIT STRING's bytes: the uncompressed point, the last 65 bytes of a P-256 SPKI.
  const point = spki.subarray(spki.length - 65);
  const name = sequence(set(sequence(oid('2.5.4.3'), directoryString(options.commonName))));
  // digitalSignature (bit 0), keyEncipherment (bit 2), keyCertSign (bit 5): 0b10100100, its last 2 bits unused.
  const keyUsage = tlv(0x03, Buffer.from([2, 0xa4]));
  const tbs = sequence(
    explicit(0, tlv(0x02, Buffer.from([2]))),
    unsigned(options.serial),
    ecdsaWithSHA256,
    name,
    sequence(time(options.notBefore), time(options.notAfter)),
    name,
    Buffer.from(spki),
    explicit(
      3,
      sequence(
        extension('2.5.29.15', true, keyUsage),
        extension('2.5.29.19', true, sequence(bool(true))),
        extension('2.5.29.14', false, octets(createHash('sha1').update(point).digest())),
        extension('2.5.29.17', false, sequence(tlv(0x82, Buffer.from(options.commonName, 'ascii')))),
      ),
    ),
  );
  return sequence(tbs, ecdsaWithSHA256, bits(sign('sha256', tbs, options.privateKey)));
}
