// Registry semantics real clients hit (issue 15), with kubectl and raw HTTP against a test server:
// a null for an optional field is unset, not a 400.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the kubectl parts of the registry semantics tests are skipped');

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'kapi-registry-semantics-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const k = (...args: string[]) => kubectl(server.kubeconfigPath, args);
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

async function call(method: string, path: string, body?: unknown, contentType = 'application/json') {
  const res = await fetch(server.url + path, {
    method,
    headers: body !== undefined ? { 'Content-Type': contentType } : {},
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as any };
}

const ns = '/api/v1/namespaces/default';

describe('null for an optional map, list or struct field is unset', () => {
  it('POST and PUT with nulls for maps, lists and structs (ConfigMap, Service, Pod)', async () => {
    const cm = await call('POST', `${ns}/configmaps`, { metadata: { name: 'nulls', labels: null, annotations: { a: null } }, data: null, binaryData: null });
    expect(cm.status).toBe(201);
    expect(cm.json.metadata.labels).toBeUndefined();
    // A null map value is the zero value of its type.
    expect(cm.json.metadata.annotations).toEqual({ a: '' });
    expect(cm.json).not.toHaveProperty('data');

    const svc = await call('POST', `${ns}/services`, { metadata: { name: 'nulls' }, spec: { selector: null, externalIPs: null, sessionAffinityConfig: null, ports: [{ port: 80, name: null }] } });
    expect(svc.status).toBe(201);
    expect(svc.json.spec).not.toHaveProperty('selector');
    expect(svc.json.spec.ports).toEqual([{ port: 80, protocol: 'TCP', targetPort: 80 }]);

    const pod = await call('POST', `${ns}/pods`, {
      metadata: { name: 'nulls' },
      spec: { volumes: null, nodeSelector: null, securityContext: null, containers: [{ name: 'c', image: 'busybox', env: null, resources: null, ports: null }] },
    });
    expect(pod.status).toBe(201);
    expect(pod.json.spec).not.toHaveProperty('volumes');
    expect(pod.json.spec.securityContext).toEqual({});

    const put = await call('PUT', `${ns}/configmaps/nulls`, { metadata: { name: 'nulls', labels: null }, data: null });
    expect(put.status).toBe(200);
    expect(put.json.metadata.labels).toBeUndefined();
  });

  it('patches whose result holds nulls: JSON patch, strategic merge patch, apply', async () => {
    await call('POST', `${ns}/configmaps`, { metadata: { name: 'patched', labels: { a: 'b' } }, data: { k: 'v' } });
    const jp = await call('PATCH', `${ns}/configmaps/patched`, [{ op: 'replace', path: '/data', value: null }], 'application/json-patch+json');
    expect(jp.status).toBe(200);
    expect(jp.json).not.toHaveProperty('data');
    const smp = await call('PATCH', `${ns}/configmaps/patched`, { metadata: { labels: null } }, 'application/strategic-merge-patch+json');
    expect(smp.status).toBe(200);
    expect(smp.json.metadata.labels).toBeUndefined();
    const applied = await call(
      'PATCH',
      `${ns}/services/applied?fieldManager=test`,
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'applied', labels: null }, spec: { selector: null, ports: [{ port: 81 }] } },
      'application/apply-patch+yaml',
    );
    expect(applied.status).toBe(201);
    expect(applied.json.spec).not.toHaveProperty('selector');
  });

  it.skipIf(!kubectlPath)('kubectl create and apply YAML with empty (null) values', async () => {
    const yaml = `apiVersion: v1
kind: ConfigMap
metadata:
  name: empty-values
  labels:
  annotations:
data:
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: empty-values
spec:
  selector:
    matchLabels: {app: e}
  template:
    metadata:
      labels: {app: e}
    spec:
      volumes:
      nodeSelector:
      containers:
      - name: c
        image: busybox
        env:
        args:
`;
    const created = await k('create', '-f', file('empty-values.yaml', yaml));
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe('configmap/empty-values created\ndeployment.apps/empty-values created\n');
    const applied = await k('apply', '--server-side', '-f', file('empty-values.yaml', yaml));
    expect(applied.stderr).toBe('');
    const svc = `apiVersion: v1
kind: Service
metadata:
  name: empty-selector
spec:
  selector:
  ports:
  - port: 80
`;
    const csa = await k('apply', '-f', file('empty-selector.yaml', svc));
    expect(csa.stderr).toBe('');
    expect(csa.stdout).toBe('service/empty-selector created\n');
  });
});
