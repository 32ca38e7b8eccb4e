// Request paths as kube-apiserver reads them (Go's URL.Path: decoded once, never cleaned) and the
// routes of kube's installer (404 where no route is, go-restful's 405 for another method). Requests
// go out through node:http with the path as written: fetch would resolve `..` before sending.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'x' }, data: { a: '1' } });
  await call('POST', '/api/v1/namespaces/kube-system/secrets', { metadata: { name: 'system-secret' }, stringData: { token: 's3cr3t' } });
});
afterAll(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** Sends `path` byte for byte as the request target. */
function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: payload !== undefined ? { 'Content-Type': contentType } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const notFound = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server could not find the requested resource',
  reason: 'NotFound',
  details: {},
  code: 404,
};

/** kube's serviceErrorHandler on go-restful's 405: a generic Status, no Allow header. */
const methodNotAllowed = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server does not allow this method on the requested resource',
  reason: 'MethodNotAllowed',
  details: {},
  code: 405,
};

describe('dot segments and escapes in the path', () => {
  it('a DELETE climbing out of a configmap with `..` is 404 and deletes nothing', async () => {
    const r = await call('DELETE', '/api/v1/namespaces/default/configmaps/x/../../../../namespaces/kube-public');
    expect(r.status).toBe(404);
    expect(r.json).toEqual(notFound);
    const ns = await call('GET', '/api/v1/namespaces/kube-public');
    expect(ns.status).toBe(200);
    expect(ns.json.metadata.deletionTimestamp).toBeUndefined();
    expect(ns.json.status.phase).toBe('Active');
  });

  it.each([
    '/api/v1/namespaces/default/secrets/../../kube-system/secrets',
    '/api/v1/namespaces/default/secrets/%2e%2e/%2E%2E/kube-system/secrets',
    '/api/v1/namespaces/default/secrets/./../../kube-system/secrets/system-secret',
  ])('%s does not read another namespace: 404', async (path) => {
    const r = await call('GET', path);
    expect(r.status).toBe(404);
    expect(r.json).toEqual(notFound);
    expect(r.text).not.toContain('system-secret');
  });

  it.each([
    ['GET', '..'],
    ['DELETE', '.'],
    ['GET', '%2E%2E'],
  ])('%s of an object named %s is the registry key check: 400 BadRequest', async (method, segment) => {
    const r = await call(method, `/api/v1/namespaces/default/configmaps/${segment}`);
    const name = decodeURIComponent(segment);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400, message: `Name parameter invalid: "${name}": may not be '${name}'` });
    // The namespace `default` (what `configmaps/..` resolves to) is untouched.
    expect((await call('GET', '/api/v1/namespaces/default')).json.metadata.deletionTimestamp).toBeUndefined();
  });

  it('`%2F` is a slash, as in Go`s URL.Path: the same object, no name with a slash in it', async () => {
    const r = await call('GET', '/api/v1/namespaces/default%2Fconfigmaps%2Fx');
    expect(r.status).toBe(200);
    expect(r.json.metadata).toMatchObject({ name: 'x', namespace: 'default' });
    const nested = await call('GET', '/api/v1/namespaces/default/configmaps/x%2F..%2F..%2F..%2Fkube-system%2Fsecrets');
    expect(nested.status).toBe(404);
    expect(nested.json).toEqual(notFound);
  });

  it('a malformed escape is Go`s plain 400 before any handler', async () => {
    const r = await call('GET', '/api/v1/namespaces/default/configmaps/x%zz');
    expect(r.status).toBe(400);
    expect(r.text).toBe('400 Bad Request');
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('methods at the wrong level of a path', () => {
  it.each([
    ['POST', '/api/v1/namespaces/default/configmaps/x', { metadata: { name: 'x' } }],
    ['PUT', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'x' } }],
    ['PATCH', '/api/v1/namespaces/default/configmaps', {}],
    ['DELETE', '/api/v1/configmaps', undefined],
    ['PUT', '/api/v1/configmaps', { metadata: { name: 'x' } }],
    ['POST', '/api/v1/configmaps', { metadata: { name: 'y', namespace: 'default' } }],
    ['PATCH', '/api/v1/configmaps', {}],
    ['HEAD', '/api/v1/namespaces/default/configmaps', undefined],
    ['OPTIONS', '/api/v1/namespaces/default/configmaps/x', undefined],
    // Namespaces have no DELETECOLLECTION route; their collection takes GET and POST.
    ['DELETE', '/api/v1/namespaces', undefined],
    ['POST', '/api/v1/namespaces/default', { metadata: { name: 'default' } }],
    // Subresources take the methods of their verbs: eviction only POST, finalize only PUT.
    ['GET', '/api/v1/namespaces/default/pods/p/eviction', undefined],
    ['GET', '/api/v1/namespaces/default/finalize', undefined],
    ['DELETE', '/apis/apps/v1/namespaces/default/deployments/d/status', undefined],
  ])('%s %s is 405 with go-restful`s Status', async (method, path, body) => {
    const r = await call(method, path, body);
    expect(r.status).toBe(405);
    if (method !== 'HEAD') expect(r.json).toEqual(methodNotAllowed);
    expect(r.headers.allow).toBeUndefined();
  });

  it('DELETE across namespaces deletes nothing', async () => {
    await call('DELETE', '/api/v1/configmaps');
    const list = await call('GET', '/api/v1/namespaces/default/configmaps');
    expect(list.json.items.map((i: any) => i.metadata.name)).toContain('x');
  });

  it.each([
    ['POST', '/api/v1/namespaces/default/configmaps/x/status'],
    ['PUT', '/api/v1/namespaces/default/configmaps/x/a/b'],
    ['GET', '/api/v1/configmaps/x'],
    ['DELETE', '/api/v1/namespaces/default/nodes/n'],
    ['GET', '/api/v1/namespaces/default/namespaces/default'],
    ['GET', '/api/v1/namespaces/default/nosuchresources'],
  ])('%s %s has no route: 404', async (method, path) => {
    const r = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(r.status).toBe(404);
    expect(r.json).toEqual(notFound);
  });

  it('the routed methods still work', async () => {
    expect((await call('GET', '/api/v1/configmaps')).status).toBe(200);
    expect((await call('PUT', '/api/v1/namespaces/default/configmaps/x', { metadata: { name: 'x' }, data: { a: '2' } })).status).toBe(200);
    expect((await call('PATCH', '/api/v1/namespaces/default/configmaps/x', { data: { b: '3' } }, 'application/merge-patch+json')).json.data).toEqual({ a: '2', b: '3' });
    expect((await call('POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'z' } })).status).toBe(201);
    expect((await call('DELETE', '/api/v1/namespaces/default/configmaps/z')).status).toBe(200);
    expect((await call('GET', '/api/v1/namespaces/default/status')).json.metadata.name).toBe('default');
  });
});
