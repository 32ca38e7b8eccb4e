// Responses in protobuf, as client-go asks for built-in kinds (`application/vnd.kubernetes.protobuf,
// */*`): objects, lists, Status errors, and watch streams of length-delimited WatchEvent frames.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLengthDelimitedReader, decodeEnvelope, decodeMessage, decodeWatchEventProto } from '@kapi/apimachinery';
import { configMapKind } from '@kapi/api';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { StatusProto, listProtoOf } from '../src/protobuf-output.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const clientGoAccept = 'application/vnd.kubernetes.protobuf, */*';
const cmPath = '/api/v1/namespaces/default/configmaps';

async function get(path: string, accept = clientGoAccept) {
  const res = await fetch(server.url + path, { headers: { Accept: accept } });
  return { status: res.status, contentType: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
}

describe('protobuf responses', () => {
  beforeAll(async () => {
    for (const name of ['pb1', 'pb2']) {
      const res = await fetch(server.url + cmPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name, labels: { app: 'pb' } }, data: { k: name } }) });
      expect(res.status).toBe(201);
    }
  });

  it('answers a get with the enveloped object, the same object as the JSON answer', async () => {
    const pb = await get(`${cmPath}/pb1`);
    expect(pb.status).toBe(200);
    expect(pb.contentType).toBe('application/vnd.kubernetes.protobuf');
    const env = decodeEnvelope(pb.body);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'ConfigMap']);
    const json = (await (await fetch(`${server.url}${cmPath}/pb1`)).json()) as Record<string, unknown>;
    const { apiVersion: _a, kind: _k, ...rest } = json;
    expect(decodeMessage(configMapKind.proto, env.raw)).toEqual(rest);
  });

  it('answers a list as a ConfigMapList message with ListMeta and the items', async () => {
    const pb = await get(`${cmPath}?labelSelector=app%3Dpb`);
    const env = decodeEnvelope(pb.body);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'ConfigMapList']);
    const list = decodeMessage(listProtoOf(configMapKind), env.raw) as { metadata: { resourceVersion: string }; items: { metadata: { name: string } }[] };
    expect(list.items.map((i) => i.metadata.name)).toEqual(['pb1', 'pb2']);
    expect(list.metadata.resourceVersion).toMatch(/^\d+$/);
  });

  it('answers an error with a protobuf Status', async () => {
    const pb = await get(`${cmPath}/missing`);
    expect(pb.status).toBe(404);
    expect(pb.contentType).toBe('application/vnd.kubernetes.protobuf');
    const env = decodeEnvelope(pb.body);
    expect([env.apiVersion, env.kind]).toEqual(['v1', 'Status']);
    expect(decodeMessage(StatusProto, env.raw)).toMatchObject({
      status: 'Failure',
      message: 'configmaps "missing" not found',
      reason: 'NotFound',
      details: { name: 'missing', kind: 'configmaps' },
      code: 404,
    });
  });

  it('keeps JSON for clients that prefer it', async () => {
    const res = await get(`${cmPath}/pb1`, 'application/json, application/vnd.kubernetes.protobuf');
    expect(res.contentType).toBe('application/json');
  });

  it('streams a watch as length-delimited WatchEvent frames holding enveloped objects', async () => {
    const list = decodeMessage(listProtoOf(configMapKind), decodeEnvelope((await get(cmPath)).body).raw) as { metadata: { resourceVersion: string } };
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}${cmPath}?watch=true&resourceVersion=${list.metadata.resourceVersion}`, { headers: { Accept: clientGoAccept }, signal: ctrl.signal });
    expect(res.headers.get('content-type')).toBe('application/vnd.kubernetes.protobuf;stream=watch');
    const reader = res.body!.getReader();
    const frames = createLengthDelimitedReader();
    const events: { type: string; name: string; kind: string }[] = [];
    const reading = (async () => {
      while (events.length < 2) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of frames.push(value)) {
          const ev = decodeWatchEventProto(frame);
          const env = decodeEnvelope(ev.object);
          const obj = decodeMessage(configMapKind.proto, env.raw) as { metadata: { name: string } };
          events.push({ type: ev.type, name: obj.metadata.name, kind: env.kind });
        }
      }
    })();
    await fetch(`${server.url}${cmPath}/pb1`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"data":{"k":"changed"}}' });
    await fetch(`${server.url}${cmPath}/pb2`, { method: 'DELETE' });
    await reading;
    ctrl.abort();
    expect(events).toEqual([
      { type: 'MODIFIED', name: 'pb1', kind: 'ConfigMap' },
      { type: 'DELETED', name: 'pb2', kind: 'ConfigMap' },
    ]);
  });
});
