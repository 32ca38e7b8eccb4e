// A JSON Patch whose `test` operation fails, as kube-apiserver answers it: evanphx/json-patch v4
// fails with "testing value /data/a failed: test failed", and kube's jsonPatcher.applyJSPatch
// (pkg/endpoints/handlers/patch.go) turns every Apply error into
// NewGenericServerResponse(422, …), which keeps only the generic message: the operation is not named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

let server: TestServer;
const cmPath = '/api/v1/namespaces/default/configmaps';
beforeAll(async () => {
  server = await startTestServer();
  await fetch(server.url + cmPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'guarded' }, data: { a: '1' } }) });
});
afterAll(async () => {
  await server.stop();
});

async function get(): Promise<any> {
  return (await fetch(`${server.url}${cmPath}/guarded`)).json();
}

const patchFailed = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'the server rejected our request due to an error in our request',
  reason: 'Invalid',
  details: {},
  code: 422,
};

describe('a JSON Patch with a failing test operation', () => {
  it.each([
    ['a different value', [{ op: 'test', path: '/data/a', value: '2' }, { op: 'replace', path: '/data/a', value: '3' }]],
    ['a missing member', [{ op: 'replace', path: '/data/a', value: '3' }, { op: 'test', path: '/data/b', value: 'x' }]],
    ['a missing parent', [{ op: 'test', path: '/spec/x', value: 1 }]],
  ])('(%s) is 422 Invalid with kube`s generic Status and changes nothing', async (_what, patch) => {
    const before = await get();
    const res = await fetch(`${server.url}${cmPath}/guarded`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify(patch),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(`${JSON.stringify(patchFailed)}\n`);
    const after = await get();
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(after.data).toEqual({ a: '1' });
  });

  it.skipIf(!kubectlPath)('kubectl patch --type=json prints kube`s invalid-request line and exits 1', async () => {
    const r = await kubectl(server.kubeconfigPath, ['patch', 'configmap', 'guarded', '--type=json', '-p', '[{"op":"test","path":"/data/a","value":"2"},{"op":"replace","path":"/data/a","value":"3"}]']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('The request is invalid: the server rejected our request due to an error in our request\n');
    expect((await get()).data).toEqual({ a: '1' });
  });
});
