// A watch's limits as a client sees them: how long it runs (timeoutSeconds as kube's Go duration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
