// The KV against an etcd that serves clients over TLS only and asks for client certificates
// (--client-cert-auth): reads and writes go over https with the CA, key and certificate of the
// options; without a client certificate etcd refuses the connection. Certificates made by openssl.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEtcd3Kv } from '../src/index.ts';
import { findEtcdBinary, freeLoopbackPort } from '../src/testing/index.ts';

let dir: string;
let etcd: ChildProcess | undefined;
let endpoint: string;
const pem = (name: string) => readFileSync(join(dir, name));

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kapi-etcd-tls-'));
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=kapi-test-ca');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n');
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const [name, ext] of [['server', 'server.ext'], ['client', 'client.ext']] as const) {
    openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '1', '-extfile', ext);
  }
  const [clientPort, peerPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  endpoint = `https://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  etcd = spawn(
    findEtcdBinary(),
    [
      '--name', 'tls', '--data-dir', join(dir, 'data'),
      '--listen-client-urls', endpoint, '--advertise-client-urls', endpoint,
      '--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer, '--initial-cluster', `tls=${peer}`,
      '--cert-file', join(dir, 'server.crt'), '--key-file', join(dir, 'server.key'),
      '--client-cert-auth', '--trusted-ca-file', join(dir, 'ca.crt'),
      '--log-level', 'error', '--logger', 'zap', '--heartbeat-interval', '10', '--election-timeout', '100',
    ],
    { stdio: 'ignore' },
  );
  // Ready once a TLS client can read.
  const kv = createEtcd3Kv({ endpoints: [endpoint], credentials: { rootCertificate: pem('ca.crt'), privateKey: pem('client.key'), certChain: pem('client.crt') }, requestTimeoutMs: 2_000 });
  try {
    for (let i = 0; ; i++) {
      try {
        await kv.health({ timeoutMs: 2_000 });
        break;
      } catch (err) {
        if (i > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await kv.close();
  }
}, 60_000);

afterAll(async () => {
  if (etcd && etcd.exitCode === null) {
    const exited = new Promise((r) => etcd!.once('exit', r));
    etcd.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('etcd over TLS with client certificates', () => {
  it('writes, reads and watches with the CA, key and certificate of the options', async () => {
    const kv = createEtcd3Kv({ endpoints: [endpoint], credentials: { rootCertificate: pem('ca.crt'), privateKey: pem('client.key'), certChain: pem('client.crt') } });
    try {
      const created = await kv.create('/registry/tls/a', Buffer.from('one'));
      expect(created.succeeded).toBe(true);
      const events: string[] = [];
      const seen = new Promise<void>((resolve) => {
        kv.watch('/registry/tls/', { prefix: true, startRevision: created.revision + 1, prevKv: true }, {
          onEvents: (evs) => {
            for (const e of evs) events.push(`${e.type} ${e.kv.key} ${Buffer.from(e.kv.value).toString()}`);
            if (events.length > 0) resolve();
          },
          onProgress: () => undefined,
          onError: () => undefined,
        });
      });
      const updated = await kv.update('/registry/tls/a', Buffer.from('two'), created.revision);
      expect(updated.succeeded).toBe(true);
      await seen;
      expect(events).toEqual(['put /registry/tls/a two']);
      expect((await kv.range('/registry/tls/a')).kvs.map((x) => Buffer.from(x.value).toString())).toEqual(['two']);
    } finally {
      await kv.close();
    }
  });

  it('without a client certificate a call fails at its deadline with etcd\'s TLS alert, never hangs', async () => {
    const kv = createEtcd3Kv({ endpoints: [endpoint], credentials: { rootCertificate: pem('ca.crt') }, requestTimeoutMs: 3_000 });
    try {
      const err = await kv.range('/registry/tls/a').then(
        () => undefined,
        (e: Error) => e,
      );
      // A read is retried until its deadline, then fails naming the last error: etcd's TLS alert.
      expect(err?.message).toMatch(/etcd range got no answer within 3000 ms from https:\/\/127\.0\.0\.1:\d+ \(last error: .*bad certificate/);
    } finally {
      await kv.close();
    }
  });
});
