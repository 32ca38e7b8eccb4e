// Serving certificates for tests, made with the `openssl` command line: a throwaway CA and a leaf
// it signs for the given IP addresses and DNS names.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificateOptions {
  /** IP SANs of the serving certificate; default ['127.0.0.1']. */
  ipAddresses?: readonly string[];
  /** DNS SANs of the serving certificate; default ['localhost']. */
  dnsNames?: readonly string[];
  /**
   * The serving certificate's validity, as openssl's `YYYYMMDDHHMMSSZ` (e.g. one in the past, for an
   * expired certificate); default from now for a day.
   */
  validity?: { notBefore: string; notAfter: string };
}

export interface TestCertificates {
  /** The CA's certificate (PEM): what a client trusts. */
  caPem: string;
  /** The CA's certificate, base64 of its PEM: a webhook clientConfig's caBundle. */
  caBundle: string;
  /** The serving certificate (PEM), signed by the CA, and its key. */
  certPem: string;
  keyPem: string;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

/** Makes a CA and a serving certificate it signs (EC P-256, valid for a day). Needs `openssl` on PATH. */
export function createTestCertificates(options: TestCertificateOptions = {}): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-certs-'));
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(dir, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=kapi-test-ca']);
    openssl(dir, ['req', ...ec, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=kapi-test-webhook']);
    const sans = [...(options.ipAddresses ?? ['127.0.0.1']).map((ip) => `IP:${ip}`), ...(options.dnsNames ?? ['localhost']).map((d) => `DNS:${d}`)];
    writeFileSync(join(dir, 'ext.cnf'), sans.length > 0 ? `subjectAltName=${sans.join(',')}\n` : 'basicConstraints=CA:FALSE\n');
    if (options.validity) {
      // `openssl ca` is the one that takes explicit dates.
      writeFileSync(join(dir, 'index.txt'), '');
      writeFileSync(join(dir, 'serial'), '01\n');
      writeFileSync(
        join(dir, 'ca.cnf'),
        '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nserial = serial\nnew_certs_dir = .\ndefault_md = sha256\npolicy = p\n[p]\ncommonName = supplied\n',
      );
      const { notBefore, notAfter } = options.validity;
      openssl(dir, ['ca', '-config', 'ca.cnf', '-batch', '-notext', '-cert', 'ca.crt', '-keyfile', 'ca.key', '-in', 'tls.csr', '-out', 'tls.crt', '-startdate', notBefore, '-enddate', notAfter, '-extfile', 'ext.cnf']);
    } else {
      openssl(dir, ['x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tls.crt', '-days', '1', '-extfile', 'ext.cnf']);
    }
    const caPem = readFileSync(join(dir, 'ca.crt'), 'utf8');
    return { caPem, caBundle: Buffer.from(caPem).toString('base64'), certPem: readFileSync(join(dir, 'tls.crt'), 'utf8'), keyPem: readFileSync(join(dir, 'tls.key'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
