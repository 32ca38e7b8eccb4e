// The endpoints and EndpointSlice controllers inside startTestServer(), driven by kubectl (issue 15):
// a Service over pods without a Deployment; a pod's status patched Ready with an IP shows in
// `kubectl get endpoints` and `kubectl get endpointslices -l kubernetes.io/service-name=…` as
// kube-controller-manager writes them; not-ready, terminating and deleted pods and Services follow.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';
import { eventually, kubectl, kubectlPath, type KubectlResult } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the endpoints controllers kubectl tests are skipped');

const ok = (r: KubectlResult) => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

interface Slice {
  metadata: { name: string; generateName?: string; labels?: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: unknown[] };
  addressType: string;
  endpoints?: { addresses: string[]; conditions: Record<string, boolean>; nodeName?: string; zone?: string; targetRef?: { name: string } }[] | null;
  ports?: { name?: string; port?: number; protocol?: string }[] | null;
}

describe.skipIf(!kubectlPath)('endpoints and EndpointSlices with kubectl', () => {
  let server: TestServer;
  let dir: string;
  const k = (...args: string[]) => kubectl(server.kubeconfigPath, args);
  const apply = async (name: string, yaml: string) => {
    const p = join(dir, `${name}.yaml`);
    writeFileSync(p, yaml);
    return ok(await k('apply', '-f', p));
  };
  const json = async <T>(...args: string[]): Promise<T> => JSON.parse(ok(await k('get', ...args, '-o', 'json'))) as T;
  const slices = async (svc: string, ns = 'default') => (await json<{ items: Slice[] }>('endpointslices', '-n', ns, '-l', `kubernetes.io/service-name=${svc}`)).items;
  /** Waits until `check` holds, reading through kubectl (the controllers write asynchronously). */
  const until = async (what: string, check: () => Promise<boolean>) => {
    if (!(await eventually(check, 30_000))) throw new Error(`never: ${what}`);
  };
  const podStatus = (ready: boolean, ip?: string, since = '2025-05-01T12:00:00Z') =>
    JSON.stringify({
      status: {
        phase: 'Running',
        ...(ip ? { podIP: ip, podIPs: [{ ip }] } : {}),
        conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: since }],
      },
    });
  const patchStatus = async (pod: string, body: string, ns = 'default') => ok(await k('patch', 'pod', pod, '-n', ns, '--subresource=status', '--type=merge', '-p', body));

  beforeAll(async () => {
    // An advertised address, so the apiserver writes the `kubernetes` Endpoints and EndpointSlice.
    server = await startTestServer({ advertiseAddress: '192.0.2.1' });
    dir = mkdtempSync(join(tmpdir(), 'kapi-endpoints-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const pod = (name: string, app: string, node = 'node-a') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, labels: {app: ${app}}}
spec:
  nodeName: ${node}
  containers: [{name: c, image: nginx, ports: [{name: http, containerPort: 8080}]}]
`;

  it("a pod patched Ready with an IP appears in its Service's Endpoints and EndpointSlice, as kube writes them", async () => {
    await apply('node', `apiVersion: v1\nkind: Node\nmetadata: {name: node-a, labels: {topology.kubernetes.io/zone: zone-1}}\n`);
    await apply(
      'web',
      `apiVersion: v1
kind: Service
metadata: {name: web, labels: {tier: front}}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
---
${pod('web-1', 'web')}---
${pod('web-2', 'web')}`,
    );
    // No pod has an IP: Endpoints without subsets, and the placeholder slice.
    await until('the Endpoints and the placeholder slice', async () => (await k('get', 'endpoints', 'web')).code === 0 && (await slices('web')).length === 1);
    expect(ok(await k('get', 'endpoints', 'web'))).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nweb\s+<none>\s+\S+\n$/);
    const [placeholder] = await slices('web');
    expect(placeholder!.metadata.generateName).toBe('web-');
    expect(placeholder!.metadata.labels).toEqual({
      tier: 'front',
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    expect(placeholder!.addressType).toBe('IPv4');
    expect(placeholder!.endpoints ?? []).toEqual([]);

    await patchStatus('web-1', podStatus(true, '10.244.0.5', '2025-05-01T12:00:00Z'));
    await until('web-1 in the Endpoints', async () => (await k('get', 'endpoints', 'web', '-o', 'jsonpath={.subsets[*].addresses[*].ip}')).stdout === '10.244.0.5');
    expect(ok(await k('get', 'endpoints', 'web'))).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nweb\s+10\.244\.0\.5:8080\s+\S+\n$/);
    const ep = await json<{ metadata: { labels: Record<string, string>; annotations: Record<string, string> }; subsets: unknown[] }>('endpoints', 'web');
    expect(ep.metadata.labels).toEqual({ tier: 'front', 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' });
    expect(ep.metadata.annotations).toEqual({ 'endpoints.kubernetes.io/last-change-trigger-time': '2025-05-01T12:00:00Z' });
    const web1 = await json<{ metadata: { uid: string } }>('pod', 'web-1');
    expect(ep.subsets).toEqual([
      {
        addresses: [{ ip: '10.244.0.5', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: web1.metadata.uid } }],
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      },
    ]);

    await until('web-1 in the slice', async () => ((await slices('web'))[0]?.endpoints ?? []).length === 1);
    const [slice] = await slices('web');
    // The placeholder was filled in place.
    expect(slice!.metadata.name).toBe(placeholder!.metadata.name);
    expect(slice!.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Service', name: 'web', uid: (await json<{ metadata: { uid: string } }>('service', 'web')).metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(slice!.endpoints).toEqual([
      {
        addresses: ['10.244.0.5'],
        conditions: { ready: true, serving: true, terminating: false },
        targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: web1.metadata.uid },
        nodeName: 'node-a',
        zone: 'zone-1',
      },
    ]);
    expect(slice!.ports).toEqual([{ name: 'http', protocol: 'TCP', port: 8080 }]);
    expect(ok(await k('get', 'endpointslices', '-l', 'kubernetes.io/service-name=web'))).toMatch(new RegExp(`^NAME\\s+ADDRESSTYPE\\s+PORTS\\s+ENDPOINTS\\s+AGE\\n${slice!.metadata.name}\\s+IPv4\\s+8080\\s+10\\.244\\.0\\.5\\s+\\S+\\n$`));
  });

  it('not-ready pods are notReadyAddresses and ready:false endpoints; a deleted pod is terminating, then gone', async () => {
    await patchStatus('web-2', podStatus(false, '10.244.0.6'));
    await until('web-2 not ready in the Endpoints', async () => (await k('get', 'endpoints', 'web', '-o', 'jsonpath={.subsets[*].notReadyAddresses[*].ip}')).stdout === '10.244.0.6');
    await until('web-2 in the slice', async () => ((await slices('web'))[0]?.endpoints ?? []).length === 2);
    const byName = async () => Object.fromEntries(((await slices('web'))[0]!.endpoints ?? []).map((e) => [e.targetRef!.name, e.conditions]));
    expect(await byName()).toEqual({ 'web-1': { ready: true, serving: true, terminating: false }, 'web-2': { ready: false, serving: false, terminating: false } });

    // web-1 turns not ready: it moves to notReadyAddresses.
    await patchStatus('web-1', podStatus(false, '10.244.0.5', '2025-05-01T12:05:00Z'));
    await until('web-1 not ready', async () => (await k('get', 'endpoints', 'web', '-o', 'jsonpath={.subsets[*].notReadyAddresses[*].ip}')).stdout === '10.244.0.5 10.244.0.6');
    // Subsets with not-ready addresses only: kube's printer leaves the column empty (`<none>` is for no subsets).
    expect(ok(await k('get', 'endpoints', 'web'))).toMatch(/^NAME\s+ENDPOINTS\s+AGE\nweb\s+\d+s\n$/);
    await patchStatus('web-1', podStatus(true, '10.244.0.5', '2025-05-01T12:06:00Z'));

    // A pod on a node being deleted gracefully (no kubelet finishes it): terminating, serving, not ready.
    ok(await k('delete', 'pod', 'web-1', '--wait=false'));
    await until('web-1 terminating in the slice', async () => (await byName())['web-1']?.terminating === true);
    expect((await byName())['web-1']).toEqual({ ready: false, serving: true, terminating: true });
    await until('web-1 out of the Endpoints', async () => !(await k('get', 'endpoints', 'web', '-o', 'jsonpath={.subsets[*].addresses[*].ip} {.subsets[*].notReadyAddresses[*].ip}')).stdout.includes('10.244.0.5'));
    // kubectl warns on stderr that a forced deletion does not wait for the kubelet.
    expect((await k('delete', 'pod', 'web-1', '--grace-period=0', '--force')).code).toBe(0);
    await until('web-1 out of the slice', async () => (await byName())['web-1'] === undefined);
  });

  it('a headless Service is labelled so; a Service without a selector keeps the Endpoints its user writes', async () => {
    await apply(
      'headless',
      `apiVersion: v1
kind: Service
metadata: {name: db}
spec:
  clusterIP: None
  selector: {app: db}
  ports: [{port: 5432}]
---
${pod('db-0', 'db')}---
apiVersion: v1
kind: Service
metadata: {name: external}
spec:
  ports: [{port: 443}]
---
apiVersion: v1
kind: Endpoints
metadata: {name: external}
subsets: [{addresses: [{ip: 192.0.2.10}], ports: [{port: 443}]}]
`,
    );
    await patchStatus('db-0', podStatus(true, '10.244.1.7'));
    await until('db-0 in the headless Endpoints', async () => (await k('get', 'endpoints', 'db', '-o', 'jsonpath={.subsets[*].addresses[*].ip}')).stdout === '10.244.1.7');
    const db = await json<{ metadata: { labels: Record<string, string> } }>('endpoints', 'db');
    expect(db.metadata.labels).toEqual({ 'endpoints.kubernetes.io/managed-by': 'endpoint-controller', 'service.kubernetes.io/headless': '' });
    await until('the headless slice', async () => ((await slices('db'))[0]?.endpoints ?? []).length === 1);
    expect((await slices('db'))[0]!.metadata.labels?.['service.kubernetes.io/headless']).toBe('');

    await server.controllers.idle();
    const external = await json<{ metadata: { labels?: Record<string, string> }; subsets: unknown[] }>('endpoints', 'external');
    expect(external.metadata.labels).toBeUndefined();
    expect(external.subsets).toEqual([{ addresses: [{ ip: '192.0.2.10' }], ports: [{ port: 443, protocol: 'TCP' }] }]);
    expect(await slices('external')).toEqual([]);
  });

  it('deleting the Service deletes its Endpoints, and its slices go with it (garbage collector)', async () => {
    ok(await k('delete', 'service', 'web'));
    await until('no web Endpoints', async () => (await k('get', 'endpoints', 'web', '--ignore-not-found', '-o', 'name')).stdout.trim() === '');
    await until('no web slices', async () => (await slices('web')).length === 0);
  });

  it('leaves the kubernetes Service (no selector) to the apiserver', async () => {
    await server.controllers.idle();
    const eps = await json<{ metadata: { labels?: Record<string, string> }; subsets: unknown[] }>('endpoints', 'kubernetes');
    expect(eps.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
    expect(eps.subsets).toEqual([{ addresses: [{ ip: '192.0.2.1' }], ports: [{ name: 'https', port: expect.any(Number), protocol: 'TCP' }] }]);
    const kubernetesSlices = await slices('kubernetes');
    expect(kubernetesSlices.map((s) => [s.metadata.name, s.metadata.labels])).toEqual([['kubernetes', { 'kubernetes.io/service-name': 'kubernetes' }]]);
  });
});
