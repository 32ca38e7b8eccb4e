// Start-up: `kapi serve` listens before it has loaded the API server. /version answers at once (as
// kube-apiserver's does while its post-start hooks run); every other request is held and answered,
// once the server is ready, exactly as it would have been then.
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerNames } from '../src/controller-flags.ts';
import { knownControllers } from '../src/controllers.ts';
import { listenEarly, type ListeningServer } from '../src/listen-early.ts';
import { createOpenAPIV3 } from '../src/openapi.ts';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { startKapiServe } from './kubectl.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(port: number, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: body === undefined ? {} : { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const answered = (a: Answer) => ({ status: a.status, type: a.headers['content-type'], length: a.headers['content-length'], body: a.body });

describe('a server listening before its API is built', () => {
  let api: TestServer;
  let early: ListeningServer;
  beforeAll(async () => {
    api = await startTestServer({ controllers: [] });
    early = await listenEarly(0);
  });
  afterAll(async () => {
    await early.close();
    await api.stop();
  });

  it('answers GET /version at once, with the bytes the API server answers it with; holds everything else', async () => {
    const apiPort = Number(new URL(api.url).port);
    const held = [
      call(early.port, 'GET', '/api/v1/namespaces/default'),
      call(early.port, 'POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'held' }, data: { a: 'b' } })),
      call(early.port, 'GET', '/version?timeout=x'),
      call(early.port, 'GET', '/readyz'),
    ];
    let settled = 0;
    for (const h of held) void h.then(() => settled++);
    const version = await call(early.port, 'GET', '/version');
    expect(answered(version)).toEqual(answered(await call(apiPort, 'GET', '/version')));
    expect(JSON.parse(version.body)).toMatchObject({ major: '1', minor: '33' });
    expect(answered(await call(early.port, 'HEAD', '/version/'))).toEqual(answered(await call(apiPort, 'HEAD', '/version/')));
    // Another round trip on the held server: the held requests are still unanswered.
    await call(early.port, 'GET', '/version');
    expect(settled).toBe(0);

    // The handler of the test server, reached through a proxy of its own: every held request is answered by it.
    early.serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = chunks.length > 0 ? Buffer.concat(chunks).toString() : undefined;
        void call(apiPort, req.method!, req.url!, body).then((a) => {
          res.writeHead(a.status, { 'Content-Type': a.headers['content-type'] ?? '' });
          res.end(a.body);
        });
      });
    });
    const [namespace, created, badTimeout, ready] = await Promise.all(held);
    expect(namespace!.status).toBe(200);
    expect(JSON.parse(namespace!.body)).toMatchObject({ kind: 'Namespace', metadata: { name: 'default' } });
    expect(created!.status).toBe(201);
    expect(JSON.parse(created!.body)).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'held', namespace: 'default' }, data: { a: 'b' } });
    expect(badTimeout!.status).toBe(400);
    expect(JSON.parse(badTimeout!.body)).toMatchObject({ kind: 'Status', reason: 'BadRequest' });
    expect(ready).toMatchObject({ status: 200, body: 'ok' });
  });
});

describe('the schemas a field manager types with', () => {
  it('are, for each built-in resource, the components every kind’s type converter held for it', async () => {
    const server = await startTestServer({ controllers: [] });
    try {
      const openapi = createOpenAPIV3(server.registry);
      const all = openapi.builtinSchemas();
      const builtin = server.registry.resources.filter((e) => !e.customResource);
      for (const resource of new Set(builtin.map((e) => e.info.resource))) {
        const schemas = openapi.resourceSchemas(resource);
        // The kinds served as the resource are there, in each group version, and their subresources' kinds.
        const kinds = builtin.filter((e) => e.info.resource === resource).flatMap((e) => [e.definition, ...Object.values(e.subresources).flatMap((s) => (s.definition ? [s.definition] : []))]);
        for (const def of kinds) {
          const gvks = Object.values(schemas).flatMap((s) => ((s as Record<string, unknown>)['x-kubernetes-group-version-kind'] ?? []) as { group: string; version: string; kind: string }[]);
          expect(gvks, `${resource}: ${def.group}/${def.version} ${def.kind}`).toContainEqual({ group: def.group, version: def.version, kind: def.kind });
        }
        for (const [id, schema] of Object.entries(schemas)) expect(schema, `${resource}: ${id}`).toEqual(all[id]);
      }
    } finally {
      await server.stop();
    }
  });
});

describe('startTestServer', () => {
  it('logs through pino when given a level, and serves as with the default silent logger', async () => {
    for (const logLevel of ['error', undefined]) {
      const server = await startTestServer({ controllers: [], ...(logLevel ? { logLevel } : {}) });
      try {
        const res = await fetch(`${server.url}/api/v1/namespaces/default`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ kind: 'Namespace', metadata: { name: 'default' } });
      } finally {
        await server.stop();
      }
    }
  });
});

describe('kapi serve', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-start-up-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints its kubeconfig once it listens; the first requests are answered once it is ready, bootstrap objects present', async () => {
    const serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0', '--log-level', 'warn']);
    try {
      const port = Number(/server: http:\/\/127\.0\.0\.1:(\d+)/.exec(readFileSync(serve.kubeconfig, 'utf8'))![1]);
      const [role, ns, version] = await Promise.all([
        call(port, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/cluster-admin'),
        call(port, 'GET', '/api/v1/namespaces/kube-system'),
        call(port, 'GET', '/version'),
      ]);
      expect(version.status).toBe(200);
      expect(role.status).toBe(200);
      expect(JSON.parse(role.body)).toMatchObject({ kind: 'ClusterRole', metadata: { name: 'cluster-admin' } });
      expect(ns.status).toBe(200);
      expect((await call(port, 'GET', '/readyz')).body).toBe('ok');
    } finally {
      expect(await serve.interrupt()).toBe(0);
    }
  });

  it('refuses a bad --root-ca-file before it listens: no kubeconfig line, exit 1', async () => {
    const bad = join(dir, 'bad-ca.crt');
    writeFileSync(bad, 'not a certificate\n');
    await expect(startKapiServe(['--root-ca-file', bad, '--data-dir', join(dir, 'bad-data'), '--port', '0'])).rejects.toThrow(
      `kapi serve exited with 1: kapi serve: error parsing root-ca-file at ${bad}: data does not contain any valid RSA or ECDSA certificates`,
    );
  });

  it('checks --controllers against the names the controllers have', () => {
    expect([...controllerNames]).toEqual(knownControllers());
  });
});
