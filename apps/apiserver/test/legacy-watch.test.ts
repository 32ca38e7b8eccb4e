// kube's deprecated watch paths (`/api/v1/watch/...`, `/apis/<group>/<version>/watch/...`): the
// same stream as `?watch=true`, a path name as a metadata.name field selector, kube's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['lw', 'lw2']) await call('POST', '/api/v1/namespaces', { metadata: { name } });
});
afterAll(async () => {
  await server.stop();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const merge = { 'Content-Type': 'application/merge-patch+json' };
const cmPath = (ns: string) => `/api/v1/namespaces/${ns}/configmaps`;

/** Opens a watch, runs `act`, and collects `count` newline-delimited events. */
async function readEvents(path: string, count: number, act: () => Promise<void> = async () => {}) {
  const ctrl = new AbortController();
  const res = await fetch(server.url + path, { signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const events: any[] = [];
  let buf = '';
  const reading = (async () => {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        events.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
    }
  })();
  await act();
  await reading;
  ctrl.abort();
  return { events, headers: res.headers };
}

async function currentRV(path: string): Promise<string> {
  return (await call('GET', path)).json.metadata.resourceVersion as string;
}

const typesAndNames = (events: any[]) => events.map((e) => [e.type, e.object.metadata.name]);

describe('legacy watch paths stream like ?watch=true', () => {
  it('/api/v1/watch/namespaces/<ns>/<resource>: changes in the namespace, in the same framing', async () => {
    const rv = await currentRV(cmPath('lw'));
    const legacy = await readEvents(`/api/v1/watch/namespaces/lw/configmaps?resourceVersion=${rv}`, 3, async () => {
      await call('POST', cmPath('lw2'), { metadata: { name: 'elsewhere' } });
      await call('POST', cmPath('lw'), { metadata: { name: 'a1' } });
      await call('PATCH', `${cmPath('lw')}/a1`, { data: { k: 'v' } }, merge);
      await call('DELETE', `${cmPath('lw')}/a1`);
    });
    expect(typesAndNames(legacy.events)).toEqual([
      ['ADDED', 'a1'],
      ['MODIFIED', 'a1'],
      ['DELETED', 'a1'],
    ]);
    expect(legacy.events[0].object).toMatchObject({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { namespace: 'lw' } });
    // The very same events and headers as the query form from the same resourceVersion.
    const query = await readEvents(`${cmPath('lw')}?watch=true&resourceVersion=${rv}`, 3);
    expect(query.events).toEqual(legacy.events);
    for (const h of ['content-type', 'cache-control', 'transfer-encoding']) expect(legacy.headers.get(h)).toBe(query.headers.get(h));
  });

  it('/api/v1/watch/<resource>: changes in every namespace', async () => {
    const rv = await currentRV('/api/v1/configmaps');
    const { events } = await readEvents(`/api/v1/watch/configmaps?resourceVersion=${rv}`, 2, async () => {
      await call('POST', cmPath('lw'), { metadata: { name: 'all1' } });
      await call('POST', cmPath('lw2'), { metadata: { name: 'all2' } });
    });
    expect(events.map((e) => [e.type, e.object.metadata.namespace, e.object.metadata.name])).toEqual([
      ['ADDED', 'lw', 'all1'],
      ['ADDED', 'lw2', 'all2'],
    ]);
  });

  it('/api/v1/watch/namespaces/<ns>/<resource>/<name>: only that object', async () => {
    await call('POST', cmPath('lw'), { metadata: { name: 'one' } });
    await call('POST', cmPath('lw'), { metadata: { name: 'two' } });
    const rv = await currentRV(cmPath('lw'));
    const { events } = await readEvents(`/api/v1/watch/namespaces/lw/configmaps/one?resourceVersion=${rv}`, 2, async () => {
      await call('PATCH', `${cmPath('lw')}/two`, { data: { k: 'v' } }, merge);
      await call('PATCH', `${cmPath('lw')}/one`, { data: { k: 'v' } }, merge);
      await call('DELETE', `${cmPath('lw')}/two`);
      await call('DELETE', `${cmPath('lw')}/one`);
    });
    expect(typesAndNames(events)).toEqual([
      ['MODIFIED', 'one'],
      ['DELETED', 'one'],
    ]);
  });

  it('a watch of one object from resourceVersion=0 starts with it as ADDED', async () => {
    await call('POST', cmPath('lw'), { metadata: { name: 'zero' } });
    await call('POST', cmPath('lw'), { metadata: { name: 'zero-other' } });
    const { events } = await readEvents('/api/v1/watch/namespaces/lw/configmaps/zero?resourceVersion=0', 2, async () => {
      await call('PATCH', `${cmPath('lw')}/zero`, { data: { k: 'v' } }, merge);
    });
    expect(typesAndNames(events)).toEqual([
      ['ADDED', 'zero'],
      ['MODIFIED', 'zero'],
    ]);
  });

  it('/api/v1/watch/<cluster-scoped-resource>[/<name>]: namespaces, all or one', async () => {
    const rv = await currentRV('/api/v1/namespaces');
    const one = readEvents(`/api/v1/watch/namespaces/lw-one?resourceVersion=${rv}`, 1);
    const { events } = await readEvents(`/api/v1/watch/namespaces?resourceVersion=${rv}`, 2, async () => {
      await call('POST', '/api/v1/namespaces', { metadata: { name: 'lw-other' } });
      await call('POST', '/api/v1/namespaces', { metadata: { name: 'lw-one' } });
    });
    expect(typesAndNames(events)).toEqual([
      ['ADDED', 'lw-other'],
      ['ADDED', 'lw-one'],
    ]);
    expect(typesAndNames((await one).events)).toEqual([['ADDED', 'lw-one']]);
    expect((await one).events[0].object).toMatchObject({ kind: 'Namespace', apiVersion: 'v1' });
  });

  it('/apis/<group>/<version>/watch/...: collection and object forms', async () => {
    const deploys = '/apis/apps/v1/namespaces/lw/deployments';
    const deployment = (name: string) => ({
      metadata: { name },
      spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
    const rv = await currentRV(deploys);
    const one = readEvents(`/apis/apps/v1/watch/namespaces/lw/deployments/d2?resourceVersion=${rv}`, 1);
    const all = readEvents(`/apis/apps/v1/watch/deployments?resourceVersion=${rv}`, 2);
    const { events } = await readEvents(`/apis/apps/v1/watch/namespaces/lw/deployments?resourceVersion=${rv}`, 2, async () => {
      await call('POST', deploys, deployment('d1'));
      await call('POST', deploys, deployment('d2'));
    });
    expect(typesAndNames(events)).toEqual([
      ['ADDED', 'd1'],
      ['ADDED', 'd2'],
    ]);
    expect(events[0].object).toMatchObject({ kind: 'Deployment', apiVersion: 'apps/v1' });
    expect(typesAndNames((await all).events)).toEqual(typesAndNames(events));
    expect(typesAndNames((await one).events)).toEqual([['ADDED', 'd2']]);
  });

  it('honours labelSelector and fieldSelector', async () => {
    const rv = await currentRV(cmPath('lw'));
    const { events } = await readEvents(`/api/v1/watch/namespaces/lw/configmaps?resourceVersion=${rv}&labelSelector=pick%3Dyes`, 1, async () => {
      await call('POST', cmPath('lw'), { metadata: { name: 'unlabelled' } });
      await call('POST', cmPath('lw'), { metadata: { name: 'labelled', labels: { pick: 'yes' } } });
    });
    expect(typesAndNames(events)).toEqual([['ADDED', 'labelled']]);
    const rv2 = await currentRV(cmPath('lw'));
    const byField = await readEvents(`/api/v1/watch/namespaces/lw/configmaps?resourceVersion=${rv2}&fieldSelector=metadata.name%3Dfielded`, 1, async () => {
      await call('POST', cmPath('lw'), { metadata: { name: 'unfielded' } });
      await call('POST', cmPath('lw'), { metadata: { name: 'fielded' } });
    });
    expect(typesAndNames(byField.events)).toEqual([['ADDED', 'fielded']]);
  });

  it('a fieldSelector naming the same object is allowed on an object watch', async () => {
    await call('POST', cmPath('lw'), { metadata: { name: 'same' } });
    const { events } = await readEvents('/api/v1/watch/namespaces/lw/configmaps/same?resourceVersion=0&fieldSelector=metadata.name%3Dsame', 1);
    expect(typesAndNames(events)).toEqual([['ADDED', 'same']]);
  });

  it('serves watch-list (sendInitialEvents) with watch=true, with its initial-events-end bookmark', async () => {
    await call('POST', cmPath('lw2'), { metadata: { name: 'wl' } });
    const count = (await call('GET', cmPath('lw2'))).json.items.length as number;
    const { events } = await readEvents(
      '/api/v1/watch/namespaces/lw2/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true',
      count + 1,
    );
    expect(events.slice(0, count).every((e) => e.type === 'ADDED')).toBe(true);
    expect(events[count].type).toBe('BOOKMARK');
    expect(events[count].object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
  });

  it('validates the options as kube does: without watch=true they are a list’s', async () => {
    const r = await call('GET', '/api/v1/watch/namespaces/lw2/configmaps?sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=1');
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ kind: 'Status', reason: 'Invalid', details: { kind: 'ListOptions', group: 'meta.k8s.io' } });
    expect(r.json.message).toContain('sendInitialEvents is forbidden for list');
  });

  it('ends the stream at timeoutSeconds', async () => {
    const started = Date.now();
    const r = await call('GET', `/api/v1/watch/namespaces/lw/configmaps?timeoutSeconds=1&resourceVersion=${await currentRV(cmPath('lw'))}`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('legacy watch paths: kube’s errors', () => {
  it('400 when a fieldSelector contradicts the name in the path', async () => {
    const r = await call('GET', '/api/v1/watch/namespaces/lw/configmaps/one?fieldSelector=metadata.name%3Dother');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "fieldSelector metadata.name doesn't match requested name",
      reason: 'BadRequest',
      code: 400,
    });
    // A selector on another field only is a contradiction too (it does not pin the name).
    expect((await call('GET', '/api/v1/watch/namespaces/lw/configmaps/one?fieldSelector=metadata.namespace%3Dlw')).status).toBe(400);
  });

  it.each([
    ['a subresource', '/api/v1/watch/namespaces/lw/configmaps/one/status'],
    ['a namespace subresource', '/api/v1/watch/namespaces/lw/status'],
    ['an unknown resource', '/api/v1/watch/namespaces/lw/widgets'],
    ['a namespaced object without its namespace', '/api/v1/watch/configmaps/one'],
    ['a cluster-scoped resource under a namespace', '/api/v1/watch/namespaces/lw/nodes'],
    ['the removed proxy verb', '/api/v1/proxy/namespaces/lw/pods/p'],
    ['a group resource under the wrong version', '/apis/apps/v2/watch/deployments'],
  ])('404 (no route) for %s', async (_what, path) => {
    const r = await call('GET', path);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('405 for %s on a watch path', async (method) => {
    const r = await call(method, '/api/v1/watch/namespaces/lw/configmaps', method === 'DELETE' ? undefined : {});
    expect(r.status).toBe(405);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server does not allow this method on the requested resource',
      reason: 'MethodNotAllowed',
      details: {},
      code: 405,
    });
  });

  it('500 in plain text for a watch prefix with nothing after it (RequestInfo fails)', async () => {
    const r = await call('GET', '/api/v1/watch?a=1&b=2');
    expect(r.status).toBe(500);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.text).toBe(
      'Internal Server Error: "/api/v1/watch?a=1&amp;b=2": failed to create RequestInfo: unable to determine kind and namespace from url, /api/v1/watch?a=1&amp;b=2\n',
    );
  });

  it('a GET of one object with ?watch=true is a get, as in kube', async () => {
    await call('POST', cmPath('lw'), { metadata: { name: 'plain' } });
    const r = await call('GET', `${cmPath('lw')}/plain?watch=true`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'plain' } });
  });
});

describe.skipIf(!kubectlPath)('kubectl get --raw on a legacy watch path', () => {
  it('prints the events until timeoutSeconds ends the stream', async () => {
    await call('POST', cmPath('default'), { metadata: { name: 'raw-watched' }, data: { a: 'b' } });
    const r = await kubectl(server.kubeconfigPath, ['get', '--raw', '/api/v1/watch/namespaces/default/configmaps?timeoutSeconds=1&resourceVersion=0']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(events.map(() => 'ADDED'));
    expect(events.find((e) => e.object.metadata.name === 'raw-watched').object).toMatchObject({ kind: 'ConfigMap', data: { a: 'b' } });
  });
});
