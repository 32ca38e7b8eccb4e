// Behaviour of Go's encoding/pem Decode, crypto/x509 ParseCertificateRequest + CheckSignature and
// ParseCertificates, as k8s.io/kubernetes pkg/apis/certificates/validation (v1.33) uses them: a PEM
// decoder, a small DER reader and signature checks on node:crypto. Errors carry Go's texts where
// kube users see them.
import { X509Certificate, createPublicKey, verify } from 'node:crypto';

/** One PEM block: its type, headers and decoded bytes; `rest` is what follows it. */
export interface PemBlock {
  type: string;
  headers: Record<string, string>;
  bytes: Buffer;
  rest: Buffer;
}

const beginRe = /-----BEGIN ([^\r\n-]*)-----\r?\n/;

/** pem.Decode: the first block in `data`, or undefined when there is none. */
export function decodePem(data: Buffer): PemBlock | undefined {
  let text = data.toString('latin1');
  for (;;) {
    const m = beginRe.exec(text);
    if (!m) return undefined;
    const type = m[1]!;
    const bodyStart = m.index + m[0].length;
    const endMarker = `-----END ${type}-----`;
    const end = text.indexOf(endMarker, bodyStart);
    if (end < 0) {
      text = text.slice(bodyStart);
      continue;
    }
    const lines = text.slice(bodyStart, end).split(/\r?\n/);
    const headers: Record<string, string> = {};
    let i = 0;
    for (; i < lines.length; i++) {
      const colon = lines[i]!.indexOf(':');
      if (colon < 0) break;
      headers[lines[i]!.slice(0, colon).trim()] = lines[i]!.slice(colon + 1).trim();
    }
    if (Object.keys(headers).length > 0 && lines[i]?.trim() === '') i++;
    const b64 = lines.slice(i).join('').replace(/[ \t]/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
      text = text.slice(bodyStart);
      continue;
    }
    let after = end + endMarker.length;
    if (text[after] === '\r') after++;
    if (text[after] === '\n') after++;
    return { type, headers, bytes: Buffer.from(b64, 'base64'), rest: Buffer.from(text.slice(after), 'latin1') };
  }
}

/** One DER TLV: its tag, content and the bytes of the whole element. */
interface Der {
  tag: number;
  content: Buffer;
  whole: Buffer;
}

class DerError extends Error {}

function readDer(buf: Buffer, at = 0): Der & { next: number } {
  if (at + 2 > buf.length) throw new DerError('asn1: syntax error: data truncated');
  const tag = buf[at]!;
  let len = buf[at + 1]!;
  let off = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || off + n > buf.length) throw new DerError('asn1: syntax error: data truncated');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[off + i]!;
    off += n;
  }
  if (off + len > buf.length) throw new DerError('asn1: syntax error: data truncated');
  return { tag, content: buf.subarray(off, off + len), whole: buf.subarray(at, off + len), next: off + len };
}

function children(d: Der): Der[] {
  const out: Der[] = [];
  for (let at = 0; at < d.content.length; ) {
    const c = readDer(d.content, at);
    out.push(c);
    at = c.next;
  }
  return out;
}

function oidOf(d: Der): string {
  const b = d.content;
  if (b.length === 0) return '';
  const parts = [Math.floor(b[0]! / 40), b[0]! % 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if (!(b[i]! & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** Signature algorithms x509 verifies on a CSR: the digest and the key family it needs. */
const signatureAlgorithms: Record<string, { hash: string | null; family: 'rsa' | 'ec' | 'ed25519'; name: string }> = {
  '1.2.840.113549.1.1.5': { hash: 'sha1', family: 'rsa', name: 'SHA1-RSA' },
  '1.2.840.113549.1.1.11': { hash: 'sha256', family: 'rsa', name: 'SHA256-RSA' },
  '1.2.840.113549.1.1.12': { hash: 'sha384', family: 'rsa', name: 'SHA384-RSA' },
  '1.2.840.113549.1.1.13': { hash: 'sha512', family: 'rsa', name: 'SHA512-RSA' },
  '1.2.840.10045.4.1': { hash: 'sha1', family: 'ec', name: 'ECDSA-SHA1' },
  '1.2.840.10045.4.3.2': { hash: 'sha256', family: 'ec', name: 'ECDSA-SHA256' },
  '1.2.840.10045.4.3.3': { hash: 'sha384', family: 'ec', name: 'ECDSA-SHA384' },
  '1.2.840.10045.4.3.4': { hash: 'sha512', family: 'ec', name: 'ECDSA-SHA512' },
  '1.3.101.112': { hash: null, family: 'ed25519', name: 'Ed25519' },
};

const rsaPss = '1.2.840.113549.1.1.10';

/**
 * certificates.ParseCSR followed by CheckSignature: undefined when `pemBytes` holds a PKCS#10
 * request in a "CERTIFICATE REQUEST" PEM block whose signature verifies, else Go's error text.
 * RSASSA-PSS signatures are parsed but not verified.
 */
export function checkCertificateRequest(pemBytes: Buffer): string | undefined {
  const block = decodePem(pemBytes);
  if (!block || block.type !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  let info: Der;
  let algOid: string;
  let signature: Buffer;
  let spki: Buffer;
  try {
    const top = readDer(block.bytes);
    if (top.tag !== 0x30) throw new DerError('asn1: structure error: tags don\'t match');
    const [infoEl, algEl, sigEl] = children(top);
    if (!infoEl || !algEl || !sigEl || infoEl.tag !== 0x30 || algEl.tag !== 0x30 || sigEl.tag !== 0x03) throw new DerError("asn1: structure error: tags don't match");
    info = infoEl;
    const infoParts = children(infoEl);
    const spkiEl = infoParts[2];
    if (!spkiEl || spkiEl.tag !== 0x30) throw new DerError("asn1: structure error: tags don't match");
    spki = spkiEl.whole;
    const algParts = children(algEl);
    if (!algParts[0] || algParts[0].tag !== 0x06) throw new DerError("asn1: structure error: tags don't match");
    algOid = oidOf(algParts[0]);
    signature = sigEl.content.subarray(1);
  } catch (err) {
    return err instanceof DerError ? err.message : 'x509: malformed certificate request';
  }
  if (algOid === rsaPss) return undefined;
  const alg = signatureAlgorithms[algOid];
  if (!alg) return 'x509: cannot verify signature: algorithm unimplemented';
  let key;
  try {
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  } catch {
    return 'x509: failed to parse public key';
  }
  const keyType = key.asymmetricKeyType;
  const family = keyType === 'rsa' ? 'rsa' : keyType === 'ec' ? 'ec' : keyType === 'ed25519' ? 'ed25519' : undefined;
  if (family !== alg.family) return `x509: signature algorithm specifies an ${alg.family === 'rsa' ? 'RSA' : alg.family === 'ec' ? 'ECDSA' : 'Ed25519'} public key, but have public key of type ${keyType === 'rsa' ? '*rsa.PublicKey' : keyType === 'ec' ? '*ecdsa.PublicKey' : 'ed25519.PublicKey'}`;
  let ok = false;
  try {
    ok = verify(alg.hash, info.whole, key, signature);
  } catch {
    ok = false;
  }
  if (ok) return undefined;
  return alg.family === 'rsa' ? 'crypto/rsa: verification error' : alg.family === 'ec' ? 'x509: ECDSA verification failure' : 'x509: Ed25519 verification failure';
}

/** validateCertificate: undefined for empty data or CERTIFICATE blocks only, each with certificates, else why not. */
export function checkCertificateChain(pemData: Buffer): string | undefined {
  if (pemData.length === 0) return undefined;
  let blocks = 0;
  let data = pemData;
  for (;;) {
    const block = decodePem(data);
    if (!block) break;
    if (block.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(block.type)}`;
    if (Object.keys(block.headers).length !== 0) return 'no PEM block headers are permitted';
    blocks++;
    if (block.bytes.length === 0) return 'found CERTIFICATE PEM block containing 0 certificates';
    try {
      new X509Certificate(block.bytes);
    } catch {
      return 'x509: malformed certificate';
    }
    data = block.rest;
  }
  if (blocks === 0) return 'must contain at least one CERTIFICATE PEM block';
  return undefined;
}
