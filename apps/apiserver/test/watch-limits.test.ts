// A watch's limits as a client sees them: how long it runs (timeoutSeconds as kube's Go duration),
// and how far back it may start (the watch cache's window: older is kube's ERROR 410 Expired).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLengthDelimitedReader, decodeEnvelope, decodeMessage, decodeWatchEventProto } from '@kapi/apimachinery';
import { StatusProto } from '../src/protobuf-output.ts';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const cmPath = '/api/v1/namespaces/default/configmaps';

async function post(path: string, body: unknown): Promise<any> {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}

/** A watch stream read line by line: `next()` is the next event, or undefined once the server ended it. */
async function openWatch(path: string) {
  const ctrl = new AbortController();
  const res = await fetch(server.url + path, { signal: ctrl.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  return {
    status: res.status,
    async next(): Promise<any> {
      for (;;) {
        const nl = buf.indexOf('\n');
        if (nl >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          return JSON.parse(line);
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buf += decoder.decode(value, { stream: true });
      }
    },
    close() {
      ctrl.abort();
    },
  };
}

async function currentRV(): Promise<string> {
  const res = await fetch(server.url + cmPath);
  return ((await res.json()) as any).metadata.resourceVersion;
}

describe('timeoutSeconds', () => {
  // 2^31 ms is Node's setTimeout limit; past it a plain timer fires at once.
  it.each([2_147_484, 31_536_000, 9_000_000_000])('a watch with timeoutSeconds=%i stays open and delivers what happens next', async (timeoutSeconds) => {
    const name = `long-${timeoutSeconds}`;
    const w = await openWatch(`${cmPath}?watch=true&timeoutSeconds=${timeoutSeconds}&resourceVersion=${await currentRV()}`);
    expect(w.status).toBe(200);
    await post(cmPath, { metadata: { name } });
    const ev = await w.next();
    expect([ev?.type, ev?.object?.metadata?.name]).toEqual(['ADDED', name]);
    w.close();
  });

  // kube's time.Duration(timeoutSeconds) * time.Second: negative, or past 2^63 ns (wrapping negative),
  // is a timer that has already fired: the stream ends with nothing in it.
  it.each([-1, 10_000_000_000])('a watch with timeoutSeconds=%i ends at once, empty', async (timeoutSeconds) => {
    const res = await fetch(`${server.url}${cmPath}?watch=true&timeoutSeconds=${timeoutSeconds}&resourceVersion=${await currentRV()}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('a watch from before the watch cache\'s window', () => {
  // A restarted server's caches start from a fresh list: their window begins at the list's revision.
  // kube's cacher answers an older resourceVersion with an error watcher: 200, one ERROR event with
  // the Expired Status (watch_cache.go getAllEventsSinceLocked), then the end of the stream.
  let dir: string;
  let restarted: TestServer;
  let before: number;
  let listed: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-watch-window-'));
    const first = await startTestServer({ storage: { kind: 'sqlite', dataDir: dir } });
    const created = await (
      await fetch(first.url + cmPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'old' } }) })
    ).json();
    before = Number((created as any).metadata.resourceVersion);
    await first.stop();
    restarted = await startTestServer({ storage: { kind: 'sqlite', dataDir: dir } });
    listed = Number(((await (await fetch(restarted.url + cmPath)).json()) as any).metadata.resourceVersion);
  });
  afterAll(async () => {
    await restarted.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a namespace', `${cmPath}?watch=true`],
    ['all namespaces', '/api/v1/configmaps?watch=true&allowWatchBookmarks=true'],
    ['one object', `${cmPath}?watch=true&fieldSelector=metadata.name%3Dold`],
    ['the legacy /watch/ path', '/api/v1/watch/namespaces/default/configmaps/old?'],
  ])('of %s is 200 with one ERROR 410 Expired event, then the end', async (_what, path) => {
    const res = await fetch(`${restarted.url}${path}&resourceVersion=${before - 1}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    const ev = JSON.parse(lines[0]!);
    expect(ev.type).toBe('ERROR');
    expect(ev.object).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: expect.stringMatching(new RegExp(`^too old resource version: ${before - 1} \\((\\d+)\\)$`)),
      reason: 'Expired',
      code: 410,
    });
    // The window starts right after the list: what is older than its revision is expired.
    const oldest = Number(/\((\d+)\)$/.exec(ev.object.message)![1]);
    expect(oldest).toBeGreaterThanOrEqual(before);
    expect(oldest).toBeLessThanOrEqual(listed);
    // Exact field order of kube's encoder.
    expect(lines[0]).toBe(`{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"too old resource version: ${before - 1} (${oldest})","reason":"Expired","code":410}}`);
  });

  it('in protobuf (client-go) is an ERROR frame holding the enveloped Status', async () => {
    const res = await fetch(`${restarted.url}${cmPath}?watch=true&resourceVersion=${before - 1}`, {
      headers: { Accept: 'application/vnd.kubernetes.protobuf, */*' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.kubernetes.protobuf;stream=watch');
    const frames = createLengthDelimitedReader().push(new Uint8Array(await res.arrayBuffer()));
    expect(frames).toHaveLength(1);
    const ev = decodeWatchEventProto(frames[0]!);
    expect(ev.type).toBe('ERROR');
    const env = decodeEnvelope(ev.object);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'Status']);
    expect(decodeMessage(StatusProto, env.raw)).toMatchObject({ status: 'Failure', reason: 'Expired', code: 410, message: expect.stringMatching(/^too old resource version: /) });
  });

  it('from the window\'s first revision on, delivers what happens next', async () => {
    const w = await fetch(`${restarted.url}${cmPath}?watch=true&resourceVersion=${listed}`);
    expect(w.status).toBe(200);
    const reader = w.body!.getReader();
    await fetch(restarted.url + cmPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'new' } }) });
    let buf = '';
    while (!buf.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
    }
    await reader.cancel();
    const ev = JSON.parse(buf.slice(0, buf.indexOf('\n')));
    expect([ev.type, ev.object.metadata.name]).toEqual(['ADDED', 'new']);
  });
});
