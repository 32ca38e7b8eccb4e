// Cases of k8s.io/apiserver/pkg/server/healthz/healthz_test.go (v1.33) and factory/etcd3 checks.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHealthEndpoints, namedCheck, pingCheck, shutdownCheck, type HealthChecker } from './healthz.ts';
import { createStorageCheck } from './storage-health.ts';

interface Answer {
  code: number;
  headers: Record<string, string>;
  body: string;
}

async function serve(endpoints: ReturnType<typeof createHealthEndpoints>, target: string): Promise<Answer> {
  const [path, query = ''] = target.split('?');
  const answer: Answer = { code: 0, headers: {}, body: '' };
  const res = {
    writeHead(code: number, headers: Record<string, string>) {
      answer.code = code;
      answer.headers = headers;
      return res;
    },
    end(body: string) {
      answer.body = body;
      return res;
    },
  };
  expect(endpoints.handles(path!)).toBe(true);
  await endpoints.serve(res as unknown as ServerResponse, path!, new URLSearchParams(query));
  return answer;
}

const failing = (name: string, reason: string): HealthChecker => namedCheck(name, () => Promise.reject(new Error(reason)));
const passing = (name: string): HealthChecker => namedCheck(name, () => Promise.resolve());

describe('health endpoints', () => {
  const endpoints = createHealthEndpoints({
    '/healthz': [pingCheck, passing('log'), passing('etcd')],
    '/livez': [],
    '/readyz': [pingCheck, failing('etcd', 'etcd is down'), passing('bad')],
  });

  it('answers ok, or with ?verbose every check and "<name> check passed"', async () => {
    expect(await serve(endpoints, '/healthz')).toEqual({
      code: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: 'ok',
    });
    expect((await serve(endpoints, '/healthz?verbose')).body).toBe('[+]ping ok\n[+]log ok\n[+]etcd ok\nhealthz check passed\n');
  });

  it('installs ping alone when an endpoint has no checks', async () => {
    expect((await serve(endpoints, '/livez?verbose')).body).toBe('[+]ping ok\nlivez check passed\n');
    expect((await serve(endpoints, '/livez/ping')).body).toBe('ok');
  });

  it('fails with 500, the reasons withheld, verbose or not', async () => {
    for (const target of ['/readyz', '/readyz?verbose']) {
      expect(await serve(endpoints, target)).toEqual({
        code: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
        body: '[+]ping ok\n[-]etcd failed: reason withheld\n[+]bad ok\nreadyz check failed\n',
      });
    }
  });

  it('excludes checks by name, and warns about names it does not know (sorted, quoted)', async () => {
    expect((await serve(endpoints, '/readyz?exclude=etcd&verbose')).body).toBe('[+]ping ok\n[+]etcd excluded: ok\n[+]bad ok\nreadyz check passed\n');
    expect((await serve(endpoints, '/readyz?exclude=etcd&exclude=zz&exclude=aa')).body).toBe('ok');
    expect((await serve(endpoints, '/readyz?exclude=etcd&exclude=zz&exclude=aa&verbose')).body).toBe(
      '[+]ping ok\n[+]etcd excluded: ok\n[+]bad ok\nwarn: some health checks cannot be excluded: no matches for "aa","zz"\nreadyz check passed\n',
    );
  });

  it('serves each check at its own path, with the reason', async () => {
    expect(await serve(endpoints, '/healthz/etcd')).toEqual({ code: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'ok' });
    expect(await serve(endpoints, '/readyz/etcd')).toEqual({
      code: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: 'internal server error: etcd is down\n',
    });
    expect(endpoints.handles('/readyz/nope')).toBe(false);
    expect(endpoints.handles('/readyz/')).toBe(false);
  });

  it('has a shutdown check that fails once the server stops', async () => {
    let stopping = false;
    const check = shutdownCheck(() => stopping);
    await expect(check.check()).resolves.toBeUndefined();
    stopping = true;
    await expect(check.check()).rejects.toThrow('process is shutting down');
  });
});

describe('createStorageCheck', () => {
  it('probes with the timeout and wraps a failure as kube does', async () => {
    const timeouts: number[] = [];
    const check = createStorageCheck(async (ms) => {
      timeouts.push(ms);
      throw new Error('context deadline exceeded');
    });
    await expect(check()).rejects.toThrow('error getting data from etcd: context deadline exceeded');
    expect(timeouts).toEqual([2000]);
  });

  it('probes at most every half timeout; in between it answers with the last probe sent', async () => {
    let clock = 0;
    let healthy = true;
    let probes = 0;
    const check = createStorageCheck(
      async () => {
        probes++;
        if (!healthy) throw new Error('down');
      },
      2000,
      () => clock,
    );
    await check();
    healthy = false;
    clock = 999;
    // Rate limited: the last probe's answer (healthy), without probing.
    await expect(check()).resolves.toBeUndefined();
    expect(probes).toBe(1);
    clock = 1000;
    await expect(check()).rejects.toThrow('error getting data from etcd: down');
    expect(probes).toBe(2);
    healthy = true;
    clock = 1500;
    await expect(check()).rejects.toThrow('error getting data from etcd: down');
    expect(probes).toBe(2);
    clock = 2000;
    await expect(check()).resolves.toBeUndefined();
  });

  it('before any probe could run, fails with kube`s "not yet established"', async () => {
    let clock = 0;
    const check = createStorageCheck(() => new Promise<void>(() => undefined), 2000, () => clock);
    void check();
    clock = 10;
    await expect(check()).rejects.toThrow('etcd client connection not yet established');
  });
});
