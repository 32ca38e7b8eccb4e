// Behaviour of kube-controller-manager's root CA (cmd/kube-controller-manager/app/certificates.go
// readCA / getKubeAPIServerCAFileContents: --root-ca-file read verbatim, refused unless it holds
// certificates) and of the CA kubeadm makes (k8s.io/client-go/util/cert NewSelfSignedCACert: CN and
// DNS name `kubernetes`, ten years, digitalSignature|keyEncipherment|keyCertSign, CA:TRUE; written as
// pki/ca.crt and pki/ca.key, the key 0600) (v1.33): the CA bundle the root CA publisher writes into
// every namespace's `kube-root-ca.crt`.
import { X509Certificate, createPrivateKey, generateKeyPair, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { selfSignedCADer } from './x509-der.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

/** The cluster's root CA as the controllers see it. */
export interface RootCA {
  /** The PEM bundle published as `ca.crt` (a --root-ca-file's bytes, verbatim). */
  readonly certPEM: string;
  /** The CA's private key (PEM), when kapi made the CA; absent for a --root-ca-file. */
  readonly keyPEM?: string;
  /** Where it came from: the file given, the data dir's pki/ca.crt, or made for this process. */
  readonly source: 'file' | 'data-dir' | 'memory';
}

export interface RootCAOptions {
  /** kube's --root-ca-file: a PEM bundle of one or more certificates, published as it is. */
  rootCAFile?: string;
  /** A server's data dir: the CA is kept in `pki/ca.crt` + `pki/ca.key`, made on first start. */
  dataDir?: string;
}

const tenYearsMs = 10 * 365 * 24 * 60 * 60 * 1000;

/** The certificates of a PEM bundle (client-go's ParseCertsPEM): CERTIFICATE blocks without headers; none is an error. */
export function parseCertsPEM(pem: string): X509Certificate[] {
  const certs: X509Certificate[] = [];
  for (const m of pem.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g)) {
    if (m[1] !== 'CERTIFICATE' || /^[\w-]+:/m.test(m[2]!)) continue;
    certs.push(new X509Certificate(`-----BEGIN CERTIFICATE-----\n${m[2]!.trim()}\n-----END CERTIFICATE-----\n`));
  }
  if (certs.length === 0) throw new Error('data does not contain any valid RSA or ECDSA certificates');
  return certs;
}

/** A self-signed CA as client-go's NewSelfSignedCACert makes one, with an ECDSA P-256 key. */
export async function createSelfSignedCA(commonName = 'kubernetes', now = new Date()): Promise<{ certPEM: string; keyPEM: string }> {
  const { publicKey, privateKey } = await generateKeyPairAsync('ec', { namedCurve: 'prime256v1' });
  // A serial uniform in [1, 2^63 - 1), as Go's cryptorand.Int(MaxInt64 - 1) + 1.
  let serial = 0n;
  while (serial === 0n || serial >= (1n << 63n) - 1n) serial = randomBytes(8).readBigUInt64BE() & ((1n << 63n) - 1n);
  const serialBytes = Buffer.alloc(8);
  serialBytes.writeBigUInt64BE(serial);
  const der = selfSignedCADer({ commonName, serial: serialBytes, notBefore: now, notAfter: new Date(now.getTime() + tenYearsMs), publicKey, privateKey });
  const keyPEM = privateKey.export({ type: 'sec1', format: 'pem' }) as string;
  // PEM as Go's pem.Encode writes it: 64-character lines, a final newline.
  return { certPEM: new X509Certificate(der).toString(), keyPEM };
}

/** Writes `data` to `path` through a temporary file, so a crash leaves the old file or the new one. */
function writeAtomic(path: string, data: string, mode: number): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data, { mode });
  renameSync(tmp, path);
}

/** The data dir's CA, made on first use and read back afterwards; a half-present or mismatched pair is an error, never overwritten. */
async function dataDirCA(dataDir: string): Promise<RootCA> {
  const dir = join(dataDir, 'pki');
  const certPath = join(dir, 'ca.crt');
  const keyPath = join(dir, 'ca.key');
  const haveCert = existsSync(certPath);
  const haveKey = existsSync(keyPath);
  if (haveCert !== haveKey) throw new Error(`${haveCert ? keyPath : certPath} is missing while ${haveCert ? certPath : keyPath} exists; restore it or remove both to make a new CA`);
  if (!haveCert) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const made = await createSelfSignedCA();
    // The key first: a cert without its key is never left behind.
    writeAtomic(keyPath, made.keyPEM, 0o600);
    writeAtomic(certPath, made.certPEM, 0o644);
    return { ...made, source: 'data-dir' };
  }
  const certPEM = readFileSync(certPath, 'utf8');
  const keyPEM = readFileSync(keyPath, 'utf8');
  const [cert] = parseCertsPEM(certPEM);
  if (!cert!.checkPrivateKey(createPrivateKey(keyPEM))) throw new Error(`${keyPath} is not the key of ${certPath}`);
  return { certPEM, keyPEM, source: 'data-dir' };
}

/** A file read's error as Go's os.ReadFile words it (`open <path>: no such file or directory`). */
function goFileError(err: unknown, file: string): string {
  const code = (err as { code?: string }).code;
  const words: Record<string, string> = { ENOENT: 'no such file or directory', EACCES: 'permission denied', ENOTDIR: 'not a directory' };
  if (code === 'EISDIR') return `read ${file}: is a directory`;
  if (code !== undefined && words[code] !== undefined) return `open ${file}: ${words[code]}`;
  return err instanceof Error ? err.message : String(err);
}

let memoryCA: Promise<RootCA> | undefined;

/**
 * The root CA: a --root-ca-file's bundle when given (its bytes, checked to hold certificates: kube's
 * `error parsing root-ca-file at <path>: …` otherwise); else the data dir's CA, made once and reused
 * on later starts; else (an in-memory server) one CA per process, made on first use.
 */
export async function loadRootCA(options: RootCAOptions = {}): Promise<RootCA> {
  if (options.rootCAFile !== undefined && options.rootCAFile !== '') {
    const file = options.rootCAFile;
    try {
      const certPEM = readFileSync(file, 'utf8');
      parseCertsPEM(certPEM);
      return { certPEM, source: 'file' };
    } catch (err) {
      throw new Error(`error parsing root-ca-file at ${file}: ${goFileError(err, file)}`, { cause: err });
    }
  }
  if (options.dataDir !== undefined) return dataDirCA(options.dataDir);
  memoryCA ??= createSelfSignedCA().then(
    (made) => ({ ...made, source: 'memory' as const }),
    (err: unknown) => {
      memoryCA = undefined;
      throw err;
    },
  );
  return memoryCA;
}
