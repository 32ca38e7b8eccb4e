// Watch streams under a burst of writes, as clients read them: the events that arrive together are
// written together (one chunk per watcher per turn of the event loop), and every watcher still
// gets every event once, in resourceVersion order, in JSON and in protobuf.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLengthDelimitedReader, decodeEnvelope, decodeMessage, decodeWatchEventProto } from '@kapi/apimachinery';
import { configMapKind } from '@kapi/api';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const ns = 'burst';
const cmPath = `/api/v1/namespaces/${ns}/configmaps`;

async function post(path: string, body: unknown): Promise<any> {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return res.json();
}

/** Reads a watch until `count` events came (or it ends): each as its type, name and resourceVersion. */
async function readEvents(path: string, accept: string, count: number): Promise<{ events: string[]; opened: Promise<void> }> {
  const res = await fetch(server.url + path, { headers: { Accept: accept } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const events: string[] = [];
  const protobuf = accept.startsWith('application/vnd.kubernetes.protobuf');
  const frames = createLengthDelimitedReader();
  let text = '';
  const decoder = new TextDecoder();
  const done = (async () => {
    while (events.length < count) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      if (protobuf) {
        for (const frame of frames.push(value)) {
          const ev = decodeWatchEventProto(frame);
          const cm = decodeMessage(configMapKind.proto, decodeEnvelope(ev.object).raw) as any;
          events.push(`${ev.type} ${cm.metadata.name} ${cm.metadata.resourceVersion}`);
        }
      } else {
        text += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = text.indexOf('\n')) >= 0) {
          const ev = JSON.parse(text.slice(0, nl));
          text = text.slice(nl + 1);
          events.push(`${ev.type} ${ev.object.metadata.name} ${ev.object.metadata.resourceVersion}`);
        }
      }
    }
    await reader.cancel();
  })();
  return { events, opened: done };
}

describe('a burst of writes to many watchers', () => {
  it('every watcher gets every event once, in order, in JSON and in protobuf', async () => {
    await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const listed = (await (await fetch(server.url + cmPath)).json()) as { metadata: { resourceVersion: string } };
    const from = listed.metadata.resourceVersion;
    const writes = 120;
    const watches = await Promise.all([
      ...Array.from({ length: 8 }, () => readEvents(`${cmPath}?watch=true&resourceVersion=${from}`, 'application/json', writes)),
      ...Array.from({ length: 2 }, () => readEvents(`${cmPath}?watch=true&resourceVersion=${from}`, 'application/vnd.kubernetes.protobuf, */*', writes)),
    ]);
    // 32 writes in flight at a time: events reach the watchers in bursts.
    const created: any[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < writes) {
          const i = next++;
          created.push(await post(cmPath, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { i: String(i), pad: 'x'.repeat(800) } }));
        }
      }),
    );
    await Promise.all(watches.map((w) => w.opened));
    const expected = created
      .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
      .map((cm) => `ADDED ${cm.metadata.name} ${cm.metadata.resourceVersion}`);
    for (const w of watches) expect(w.events).toEqual(expected);
  });

  it('a client that stops reading holds back no one; once it reads again it gets the events in order, with no gap, until the server ends its watch for being slow', async () => {
    const slowNs = 'burst-slow';
    await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: slowNs } });
    const path = `/api/v1/namespaces/${slowNs}/configmaps`;
    const from = ((await (await fetch(server.url + path)).json()) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const writes = 60;
    // ~250 KiB each: 15 MB, more than the sockets buffer between the server and a client that does not read.
    const pad = 'y'.repeat(250 * 1024);
    const slowText: string[] = [];
    const slow = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(`${server.url}${path}?watch=true&resourceVersion=${from}`, (res) => resolve(res));
      req.on('error', reject);
      req.end();
    });
    slow.pause();
    const fast = await readEvents(`${path}?watch=true&resourceVersion=${from}`, 'application/json', writes);
    const created: any[] = [];
    for (let i = 0; i < writes; i++) created.push(await post(path, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${i}` }, data: { pad } }));
    await fast.opened;
    const expected = created.map((cm) => `ADDED ${cm.metadata.name} ${cm.metadata.resourceVersion}`);
    expect(fast.events).toEqual(expected);
    // Now the slow client reads what the server has for it.
    const ended = new Promise<void>((resolve) => {
      slow.on('end', resolve);
      slow.on('close', resolve);
    });
    slow.setEncoding('utf8');
    let text = '';
    slow.on('data', (chunk: string) => {
      text += chunk;
      let nl: number;
      while ((nl = text.indexOf('\n')) >= 0) {
        const ev = JSON.parse(text.slice(0, nl));
        text = text.slice(nl + 1);
        slowText.push(`${ev.type} ${ev.object.metadata.name} ${ev.object.metadata.resourceVersion}`);
        if (slowText.length === writes) slow.destroy();
      }
    });
    slow.resume();
    await ended;
    expect(slowText.length).toBeGreaterThan(0);
    expect(slowText).toEqual(expected.slice(0, slowText.length));
  });
});
