// The root CA: made as kubeadm makes its CA, kept in the data dir, reused; a --root-ca-file published verbatim.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSelfSignedCA, loadRootCA, parseCertsPEM } from './root-ca.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kapi-root-ca-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('createSelfSignedCA', () => {
  it('is a CA as kubeadm makes one: CN and DNS name kubernetes, ten years, self-signed, CA:TRUE with cert signing', async () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const { certPEM, keyPEM } = await createSelfSignedCA('kubernetes', now);
    expect(certPEM).toMatch(/^-----BEGIN CERTIFICATE-----\n([A-Za-z0-9+/=]{64}\n)*[A-Za-z0-9+/=]{1,64}\n-----END CERTIFICATE-----\n$/);
    expect(keyPEM).toMatch(/^-----BEGIN EC PRIVATE KEY-----\n/);
    const cert = new X509Certificate(certPEM);
    expect(cert.ca).toBe(true);
    expect(cert.subject).toBe('CN=kubernetes');
    expect(cert.issuer).toBe('CN=kubernetes');
    expect(cert.subjectAltName).toBe('DNS:kubernetes');
    expect(new Date(cert.validFrom).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(new Date(cert.validTo).toISOString()).toBe('2035-12-31T03:04:05.000Z'); // 10 × 365 days
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(keyPEM))).toBe(true);
    const serial = BigInt(`0x${cert.serialNumber}`);
    expect(serial > 0n && serial < (1n << 63n) - 1n).toBe(true);
  });

  it.runIf(hasOpenssl)('openssl reads it as a CA with kubeadm’s key usages', async () => {
    const dir = tempDir();
    const { certPEM } = await createSelfSignedCA();
    writeFileSync(join(dir, 'ca.crt'), certPEM);
    const text = execFileSync('openssl', ['x509', '-in', join(dir, 'ca.crt'), '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Key Encipherment, Certificate Sign/);
    expect(text).toMatch(/X509v3 Subject Key Identifier:/);
    expect(text).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(execFileSync('openssl', ['verify', '-CAfile', join(dir, 'ca.crt'), join(dir, 'ca.crt')], { encoding: 'utf8' })).toContain('OK');
  });
});

describe('loadRootCA', () => {
  it('makes the CA in <data-dir>/pki once (key 0600) and reads the same one back on the next start', async () => {
    const dataDir = tempDir();
    const first = await loadRootCA({ dataDir });
    expect(first.source).toBe('data-dir');
    expect(readFileSync(join(dataDir, 'pki', 'ca.crt'), 'utf8')).toBe(first.certPEM);
    expect(readFileSync(join(dataDir, 'pki', 'ca.key'), 'utf8')).toBe(first.keyPEM);
    expect(statSync(join(dataDir, 'pki', 'ca.key')).mode & 0o777).toBe(0o600);
    const second = await loadRootCA({ dataDir });
    expect(second.certPEM).toBe(first.certPEM);
    expect(second.keyPEM).toBe(first.keyPEM);
  });

  it('refuses a data dir holding a cert without its key, or a key that is not the cert’s, and overwrites neither', async () => {
    const dataDir = tempDir();
    const made = await loadRootCA({ dataDir });
    rmSync(join(dataDir, 'pki', 'ca.key'));
    await expect(loadRootCA({ dataDir })).rejects.toThrow(/ca\.key is missing while .*ca\.crt exists/);
    writeFileSync(join(dataDir, 'pki', 'ca.key'), (await createSelfSignedCA()).keyPEM);
    await expect(loadRootCA({ dataDir })).rejects.toThrow(/ca\.key is not the key of/);
    expect(readFileSync(join(dataDir, 'pki', 'ca.crt'), 'utf8')).toBe(made.certPEM);
  });

  it('gives an in-memory server one CA per process', async () => {
    const a = await loadRootCA();
    const b = await loadRootCA();
    expect(a.source).toBe('memory');
    expect(b.certPEM).toBe(a.certPEM);
    expect(new X509Certificate(a.certPEM).ca).toBe(true);
  });

  it('publishes a --root-ca-file verbatim, a bundle included', async () => {
    const dir = tempDir();
    const one = await createSelfSignedCA('one');
    const two = await createSelfSignedCA('two');
    const bundle = `# a comment kube leaves in place\n${one.certPEM}${two.certPEM}`;
    writeFileSync(join(dir, 'bundle.crt'), bundle);
    const ca = await loadRootCA({ rootCAFile: join(dir, 'bundle.crt'), dataDir: tempDir() });
    expect(ca).toEqual({ certPEM: bundle, source: 'file' });
    expect(parseCertsPEM(ca.certPEM).map((c) => c.subject)).toEqual(['CN=one', 'CN=two']);
  });

  it('refuses a --root-ca-file without certificates with kube’s message', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'key-only.pem'), (await createSelfSignedCA()).keyPEM);
    await expect(loadRootCA({ rootCAFile: join(dir, 'key-only.pem') })).rejects.toThrow(
      `error parsing root-ca-file at ${join(dir, 'key-only.pem')}: data does not contain any valid RSA or ECDSA certificates`,
    );
    await expect(loadRootCA({ rootCAFile: join(dir, 'missing.pem') })).rejects.toThrow(`error parsing root-ca-file at ${join(dir, 'missing.pem')}: open ${join(dir, 'missing.pem')}: no such file or directory`);
  });
});
