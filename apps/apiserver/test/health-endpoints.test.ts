// /healthz, /livez and /readyz as kube-apiserver 1.33 serves them (pkg/server/healthz/healthz.go,
// the etcd checks of storagebackend/factory/etcd3.go): the checks in order, ?verbose, ?exclude,
// one path per check, and a 500 listing what failed while etcd is unreachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

async function get(server: TestServer, path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

/** Asks again until `done` holds (each answer takes as long as the server's checks do); fails after `limitMs`. */
async function until<T>(ask: () => Promise<T>, done: (v: T) => boolean, what: string, limitMs = 60_000): Promise<T> {
  const stopAt = Date.now() + limitMs;
  for (;;) {
    const v = await ask();
    if (done(v)) return v;
    if (Date.now() > stopAt) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readyzPassed = '[+]ping ok\n[+]log ok\n[+]etcd ok\n[+]etcd-readiness ok\n[+]shutdown ok\nreadyz check passed\n';

describe('over SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each([
    ['/readyz', readyzPassed],
    ['/livez', '[+]ping ok\n[+]log ok\n[+]etcd ok\nlivez check passed\n'],
    ['/healthz', '[+]ping ok\n[+]log ok\n[+]etcd ok\nhealthz check passed\n'],
  ])('%s is ok, and lists kube`s checks with ?verbose', async (path, verbose) => {
    expect(await get(server, path)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', text: 'ok' });
    expect(await get(server, `${path}?verbose`)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', text: verbose });
  });

  it('serves each check at its own path, only under the endpoints that run it', async () => {
    for (const path of ['/readyz/etcd', '/readyz/etcd-readiness', '/readyz/shutdown', '/livez/etcd', '/healthz/ping']) {
      expect(await get(server, path), path).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', text: 'ok' });
    }
    expect((await get(server, '/livez/etcd-readiness')).status).toBe(404);
    expect((await get(server, '/readyz/nope')).status).toBe(404);
  });

  it('excludes a check by name, and warns about unknown ones', async () => {
    expect((await get(server, '/readyz?verbose&exclude=etcd&exclude=nope')).text).toBe(
      '[+]ping ok\n[+]log ok\n[+]etcd excluded: ok\n[+]etcd-readiness ok\n[+]shutdown ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nreadyz check passed\n',
    );
  });
});

describe('over etcd that goes away', () => {
  let etcd: EtcdServer;
  let server: TestServer;
  beforeAll(async () => {
    etcd = await startEtcd();
    server = await startTestServer({ storage: { kind: 'etcd', endpoints: etcd.endpoints } });
  });
  afterAll(async () => {
    await server?.stop();
    await etcd?.stop();
  });

  it('fails /readyz, /livez and /healthz while etcd is down, and passes again once it is back', async () => {
    expect(await get(server, '/readyz?verbose')).toMatchObject({ status: 200, text: readyzPassed });

    etcd.kill();
    const failed = '[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n[-]etcd-readiness failed: reason withheld\n[+]shutdown ok\nreadyz check failed\n';
    // Probes run at most once a second per check: until then a check answers with its last probe.
    const readyz = await until(() => get(server, '/readyz'), (r) => r.text === failed, '/readyz with etcd killed');
    expect(readyz).toEqual({ status: 500, contentType: 'text/plain; charset=utf-8', text: failed });
    expect(await get(server, '/readyz?verbose')).toMatchObject({ status: 500, text: failed });
    for (const name of ['livez', 'healthz']) {
      expect(await get(server, `/${name}`)).toEqual({
        status: 500,
        contentType: 'text/plain; charset=utf-8',
        text: `[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n${name} check failed\n`,
      });
    }
    // The check's own path gives the reason.
    const single = await get(server, '/readyz/etcd');
    expect(single.status).toBe(500);
    expect(single.text).toMatch(/^internal server error: error getting data from etcd: .+\n$/);
    // Excluding the failing checks is how an operator looks past them.
    expect(await get(server, '/readyz?exclude=etcd&exclude=etcd-readiness')).toMatchObject({ status: 200, text: 'ok' });
    if (kubectlPath) {
      const r = await kubectl(server.kubeconfigPath, ['get', '--raw', '/readyz']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('[-]etcd failed: reason withheld');
    }

    await etcd.restart();
    await until(() => get(server, '/readyz?verbose'), (r) => r.status === 200, '/readyz with etcd back');
    expect(await get(server, '/readyz?verbose')).toMatchObject({ status: 200, text: readyzPassed });
    expect(await get(server, '/livez')).toMatchObject({ status: 200, text: 'ok' });
  });
});
