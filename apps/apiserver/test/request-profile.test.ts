// `--request-profile` (issue 16): where a request's time goes, per layer, from a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ requestProfile: true, controllers: [] });
});
afterAll(async () => {
  await server.stop();
});

describe('the request profile', () => {
  it('sums the layers of creates and gets per verb and resource, and starts over on reset', async () => {
    await fetch(`${server.url}/debug/kapi/request-profile?reset=true`);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name: `p-${i}` } }) });
      expect(res.status).toBe(201);
    }
    expect((await fetch(`${server.url}/api/v1/namespaces/default/configmaps/p-0`)).status).toBe(200);
    const { requests } = (await (await fetch(`${server.url}/debug/kapi/request-profile`)).json()) as { requests: { request: string; count: number; microsPerRequest: Record<string, number> }[] };
    const create = requests.find((r) => r.request === 'create configmaps')!;
    expect(create.count).toBe(5);
    expect(Object.keys(create.microsPerRequest).sort()).toEqual(['admission', 'decode', 'encode', 'managedFields', 'other', 'storage', 'total']);
    expect(create.microsPerRequest.other).toBeGreaterThanOrEqual(0);
    expect(requests.find((r) => r.request === 'get configmaps')).toMatchObject({ count: 1 });
    await fetch(`${server.url}/debug/kapi/request-profile?reset=true`);
    const after = (await (await fetch(`${server.url}/debug/kapi/request-profile`)).json()) as { requests: { request: string }[] };
    // Only the reset request itself has been counted since.
    expect(after.requests.map((r) => r.request)).toEqual(['GET /debug/kapi/request-profile']);
  });

  it('is not served without --request-profile', async () => {
    const plain = await startTestServer({ controllers: [] });
    try {
      expect((await fetch(`${plain.url}/debug/kapi/request-profile`)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});
