// Registry semantics real clients hit (issue 15), with kubectl and raw HTTP against a test server:
// a null for an optional field is unset, not a 400; a write that changes nothing writes nothing;
// a Node keeps the status it is created with; Services get and release node ports and health check
// node ports as kube allocates them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
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

/** The first event of a watch from `rv`, read after `act` (a real change) ran. */
async function firstEventAfter(path: string, rv: string, act: () => Promise<void>): Promise<any> {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}watch=true&resourceVersion=${rv}`, { signal: ctrl.signal });
  expect(res.status).toBe(200);
  await act();
  const reader = res.body!.getReader();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the watch ended without an event');
      buf += new TextDecoder().decode(value);
      const nl = buf.indexOf('\n');
      if (nl >= 0) return JSON.parse(buf.slice(0, nl));
    }
  } finally {
    ctrl.abort();
  }
}

describe('a patch or update that changes nothing once defaulted writes nothing', () => {
  const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;
  const deployPath = '/apis/apps/v1/namespaces/default/deployments';
  const state = async (path: string) => {
    const got = await call('GET', path);
    return { rv: got.json.metadata.resourceVersion as string, generation: got.json.metadata.generation as number | undefined, object: got.json };
  };

  it.skipIf(!kubectlPath)('Deployment: kubectl patch (strategic, merge, JSON, $retainKeys) and replace of zero values are no change; no watch event', async () => {
    expect((await k('apply', '-f', file('web.yaml', deployment))).stdout).toBe('deployment.apps/web created\n');
    const created = await state(`${deployPath}/web`);
    const noChange = 'deployment.apps/web patched (no change)\n';
    expect((await k('patch', 'deploy', 'web', '-p', '{"spec":{"minReadySeconds":0}}')).stdout).toBe(noChange);
    expect((await k('patch', 'deploy', 'web', '--type=merge', '-p', '{"spec":{"minReadySeconds":0,"paused":false,"template":{"spec":{"hostNetwork":false}}}}')).stdout).toBe(noChange);
    expect((await k('patch', 'deploy', 'web', '--type=json', '-p', '[{"op":"add","path":"/spec/minReadySeconds","value":0}]')).stdout).toBe(noChange);
    const retain = '{"spec":{"strategy":{"$retainKeys":["type","rollingUpdate"],"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}}}';
    expect((await k('patch', 'deploy', 'web', '-p', retain)).stdout).toBe(noChange);
    // A second client-side apply of the same manifest sends an empty patch.
    expect((await k('apply', '-f', file('web.yaml', deployment))).stdout).toBe('deployment.apps/web unchanged\n');
    // A PUT of the object as read (kubectl replace would rewrite its last-applied annotation).
    expect((await call('PUT', `${deployPath}/web`, created.object)).json.metadata.resourceVersion).toBe(created.rv);
    const after = await state(`${deployPath}/web`);
    expect(after.rv).toBe(created.rv);
    expect(after.generation).toBe(1);
    // The first event after the create is the first real change.
    const event = await firstEventAfter(`${deployPath}?fieldSelector=metadata.name%3Dweb`, created.rv, async () => {
      expect((await k('annotate', 'deploy', 'web', 'changed=yes')).stdout).toBe('deployment.apps/web annotated\n');
    });
    expect(event.type).toBe('MODIFIED');
    expect(event.object.metadata.annotations).toMatchObject({ changed: 'yes' });
    expect(event.object.metadata.generation).toBe(1);
    // A real spec change still counts.
    const changed = await k('patch', 'deploy', 'web', '-p', '{"spec":{"minReadySeconds":5}}');
    expect(changed.stdout).toBe('deployment.apps/web patched\n');
    expect((await state(`${deployPath}/web`)).generation).toBe(2);
  });

  it('Service and Pod: zero-valued patches and a PUT of the object as read keep the resourceVersion', async () => {
    const svcPath = `${ns}/services/zeros`;
    expect((await call('POST', `${ns}/services`, { metadata: { name: 'zeros' }, spec: { selector: { app: 'z' }, ports: [{ port: 80 }] } })).status).toBe(201);
    const svc = await state(svcPath);
    expect((await call('PATCH', svcPath, { spec: { publishNotReadyAddresses: false, externalName: '', ports: [{ port: 80, nodePort: 0 }] } }, 'application/strategic-merge-patch+json')).status).toBe(200);
    expect((await call('PATCH', svcPath, { spec: { publishNotReadyAddresses: false } }, 'application/merge-patch+json')).json.metadata.resourceVersion).toBe(svc.rv);
    expect((await call('PUT', svcPath, svc.object)).json.metadata.resourceVersion).toBe(svc.rv);
    expect(await state(svcPath)).toMatchObject({ rv: svc.rv, generation: undefined });

    const podPath = `${ns}/pods/zeros`;
    expect((await call('POST', `${ns}/pods`, { metadata: { name: 'zeros' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } })).status).toBe(201);
    const pod = await state(podPath);
    const patched = await call('PATCH', podPath, { spec: { hostNetwork: false, containers: [{ name: 'c', stdin: false, tty: false, workingDir: '' }] } }, 'application/strategic-merge-patch+json');
    expect(patched.json.metadata.resourceVersion).toBe(pod.rv);
    expect((await call('PUT', podPath, pod.object)).json.metadata.resourceVersion).toBe(pod.rv);
    expect((await state(podPath)).rv).toBe(pod.rv);
  });

  it.skipIf(!kubectlPath)('a custom resource: a 0 or {} where nothing was is a change (unstructured comparison); the same patch again is none', async () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, singular: gadget, kind: Gadget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
`;
    expect((await k('apply', '-f', file('gadgets.yaml', crd))).stderr).toBe('');
    expect((await k('wait', '--for', 'condition=established', 'crd/gadgets.example.com', '--timeout=10s')).stderr).toBe('');
    const path = '/apis/example.com/v1/namespaces/default/gadgets';
    let created = await call('POST', path, { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: { color: 'red' } });
    // The resource may take a moment to be served after the CRD is established.
    for (let i = 0; i < 100 && created.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 50));
      created = await call('POST', path, { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: { color: 'red' } });
    }
    expect(created.status).toBe(201);
    const merge = (patch: unknown) => call('PATCH', `${path}/g`, patch, 'application/merge-patch+json');
    const zero = await merge({ spec: { size: 0 } });
    expect(zero.json.metadata.generation).toBe(2);
    expect(zero.json.metadata.resourceVersion).not.toBe(created.json.metadata.resourceVersion);
    const empty = await merge({ spec: { tags: {} } });
    expect(empty.json.spec).toEqual({ color: 'red', size: 0, tags: {} });
    expect(empty.json.metadata.generation).toBe(3);
    const again = await merge({ spec: { size: 0, tags: {} } });
    expect(again.json.metadata).toMatchObject({ generation: 3, resourceVersion: empty.json.metadata.resourceVersion });
    // A PUT of the custom resource as read, its keys in another order at every level: no write.
    const reversed = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reversed) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).reverse().map(([k2, x]) => [k2, reversed(x)])) : v;
    const read = await call('GET', `${path}/g`);
    for (let i = 0; i < 3; i++) {
      const put = await call('PUT', `${path}/g`, reversed(read.json));
      expect(put.status).toBe(200);
      expect(put.json.metadata.resourceVersion).toBe(read.json.metadata.resourceVersion);
    }
  });
});

describe('a Node keeps the status it is created with', () => {
  const node = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'worker-1', labels: { 'kubernetes.io/hostname': 'worker-1' } },
    spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'] },
    status: {
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '3800m', memory: '7Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: '2025-01-01T00:00:00Z', lastTransitionTime: '2025-01-01T00:00:00Z' }],
      addresses: [
        { type: 'InternalIP', address: '10.0.0.11' },
        { type: 'Hostname', address: 'worker-1' },
      ],
      nodeInfo: { kubeletVersion: 'v1.33.0', osImage: 'Debian GNU/Linux 12', kernelVersion: '6.1.0', containerRuntimeVersion: 'containerd://1.7.0', architecture: 'amd64', operatingSystem: 'linux', machineID: '', systemUUID: '', bootID: '', kubeProxyVersion: '' },
    },
  };

  it('registers a node as a kubelet does (client-node), keeps status on create, and only /status changes it', async () => {
    const kc = new k8s.KubeConfig();
    kc.loadFromFile(server.kubeconfigPath);
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const created = await core.createNode({ body: node as unknown as k8s.V1Node });
    expect(created.status?.capacity).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
    expect(created.status?.allocatable).toEqual({ cpu: '3800m', memory: '7Gi', pods: '110' });
    expect(created.status?.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([['Ready', 'True', 'KubeletReady']]);
    expect(created.status?.addresses).toEqual(node.status.addresses);
    expect(created.status?.nodeInfo?.kubeletVersion).toBe('v1.33.0');
    // Nodes have no generation (kube's node strategy sets none).
    expect(created.metadata?.generation).toBeUndefined();

    // An update of the node keeps the stored status; /status writes it.
    const read = await core.readNode({ name: 'worker-1' });
    const updated = await core.replaceNode({ name: 'worker-1', body: { ...read, spec: { ...read.spec, unschedulable: true }, status: { ...read.status, capacity: { cpu: '1' } } } });
    expect(updated.spec?.unschedulable).toBe(true);
    expect(updated.status?.capacity).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
    const status = await call('PATCH', '/api/v1/nodes/worker-1/status', { status: { capacity: { cpu: '8' } }, spec: { unschedulable: false } }, 'application/merge-patch+json');
    expect(status.status).toBe(200);
    expect(status.json.status.capacity).toEqual({ cpu: '8', memory: '8Gi', pods: '110' });
    expect(status.json.spec.unschedulable).toBe(true);
  });

  it.skipIf(!kubectlPath)('kubectl shows the created status: Ready, internal IP, version, OS image', async () => {
    const rows = (await k('get', 'node', 'worker-1', '-o', 'wide')).stdout.trim().split('\n').map((l) => l.trim().split(/\s{2,}/));
    expect(rows[0]).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION', 'INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME']);
    expect(rows[1]).toEqual(['worker-1', 'Ready,SchedulingDisabled', '<none>', expect.stringMatching(/^\d+s$/), 'v1.33.0', '10.0.0.11', '<none>', 'Debian GNU/Linux 12', '6.1.0', 'containerd://1.7.0']);
  });
});

describe.skipIf(!kubectlPath)('node ports and health check node ports of Services', () => {
  const inRange = (p: unknown) => typeof p === 'number' && p >= 30000 && p <= 32767;
  const svcJson = async (name: string) => JSON.parse((await k('get', 'svc', name, '-o', 'json')).stdout);

  it('kubectl: a LoadBalancer turned Local gets a health check node port; turned ClusterIP it releases its ports', async () => {
    expect((await k('create', 'service', 'loadbalancer', 'web-lb', '--tcp=80:8080')).stdout).toBe('service/web-lb created\n');
    const created = await svcJson('web-lb');
    expect(created.metadata.generation).toBeUndefined();
    const nodePort = created.spec.ports[0].nodePort;
    expect(inRange(nodePort)).toBe(true);
    expect(created.spec.healthCheckNodePort).toBeUndefined();

    expect((await k('patch', 'svc', 'web-lb', '-p', '{"spec":{"externalTrafficPolicy":"Local"}}')).stdout).toBe('service/web-lb patched\n');
    const local = await svcJson('web-lb');
    expect(inRange(local.spec.healthCheckNodePort)).toBe(true);
    expect(local.spec.healthCheckNodePort).not.toBe(nodePort);
    expect(local.spec.ports[0].nodePort).toBe(nodePort);
    const described = (await k('describe', 'svc', 'web-lb')).stdout;
    expect(described).toMatch(new RegExp(`HealthCheck NodePort:\\s+${local.spec.healthCheckNodePort}\\n`));
    expect(described).toMatch(/External Traffic Policy:\s+Local\n/);

    // A requested port held by another Service is refused with the allocator's message.
    const clash = await k('create', '-f', file('clash.json', JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'clash' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: local.spec.healthCheckNodePort }] } })));
    expect(clash.stderr).toContain(`spec.ports[0].nodePort: Invalid value: ${local.spec.healthCheckNodePort}: provided port is already allocated`);

    expect((await k('patch', 'svc', 'web-lb', '-p', '{"spec":{"type":"ClusterIP"}}')).stdout).toBe('service/web-lb patched\n');
    const plain = await svcJson('web-lb');
    expect(plain.spec.ports).toEqual([{ name: '80-8080', port: 80, protocol: 'TCP', targetPort: 8080 }]);
    expect(plain.spec).not.toHaveProperty('healthCheckNodePort');
    expect(plain.spec).not.toHaveProperty('externalTrafficPolicy');
    const rows = (await k('get', 'svc', 'web-lb')).stdout.trim().split('\n').map((l) => l.trim().split(/\s{2,}/));
    expect(rows[1]!.slice(0, 5)).toEqual(['web-lb', 'ClusterIP', plain.spec.clusterIP, '<none>', '80/TCP']);
    // The released ports are free again.
    const reuse = await k('create', '-f', file('reuse.json', JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'reuse' }, spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: local.spec.healthCheckNodePort, ports: [{ port: 80, nodePort }] } })));
    expect(reuse.stderr).toBe('');
  });

  it('kubectl apply of a LoadBalancer manifest again keeps the ports it was given', async () => {
    const manifest = `apiVersion: v1
kind: Service
metadata:
  name: applied-lb
spec:
  type: LoadBalancer
  externalTrafficPolicy: Local
  selector: {app: web}
  ports:
  - name: http
    port: 80
`;
    expect((await k('apply', '-f', file('applied-lb.yaml', manifest))).stdout).toBe('service/applied-lb created\n');
    const first = await svcJson('applied-lb');
    expect(inRange(first.spec.healthCheckNodePort)).toBe(true);
    expect((await k('apply', '-f', file('applied-lb.yaml', manifest))).stdout).toBe('service/applied-lb unchanged\n');
    expect((await k('apply', '--server-side', '-f', file('applied-lb.yaml', manifest))).stderr).toBe('');
    const again = await svcJson('applied-lb');
    expect([again.spec.ports[0].nodePort, again.spec.healthCheckNodePort]).toEqual([first.spec.ports[0].nodePort, first.spec.healthCheckNodePort]);
  });
});

describe('field selectors as kube\'s field label conversions take them', () => {
  const names = async (...args: string[]) => (await k('get', ...args, '-o', 'name')).stdout.trim().split('\n').filter(Boolean).sort();
  const listError = async (path: string, selector: string) => {
    const r = await call('GET', `${path}?fieldSelector=${encodeURIComponent(selector)}`);
    return [r.status, r.json.message];
  };

  it.skipIf(!kubectlPath)('kubectl get secrets --field-selector type=…', async () => {
    const token = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'sa-token', annotations: { 'kubernetes.io/service-account.name': 'default' } },
      type: 'kubernetes.io/service-account-token',
    };
    expect((await k('create', '-f', file('sa-token.json', JSON.stringify(token)))).stderr).toBe('');
    expect((await k('create', 'secret', 'generic', 'plain', '--from-literal=a=b')).stderr).toBe('');
    expect(await names('secrets', '--field-selector', 'type=kubernetes.io/service-account-token')).toEqual(['secret/sa-token']);
    expect(await names('secrets', '--field-selector', 'type=Opaque,metadata.name=plain')).toEqual(['secret/plain']);
    expect(await names('secrets', '--field-selector', 'type!=Opaque')).toEqual(['secret/sa-token']);
    expect(await listError(`${ns}/secrets`, 'data.a=b')).toEqual([400, 'field label not supported: data.a']);
  });

  it.skipIf(!kubectlPath)('Services by spec.type and spec.clusterIP; Nodes, Pods and Jobs by fields Go prints as "false" and "0" when unset', async () => {
    expect((await k('create', 'service', 'nodeport', 'np-sel', '--tcp=80')).stderr).toBe('');
    expect((await k('create', 'service', 'clusterip', 'cip-sel', '--tcp=80')).stderr).toBe('');
    const ip = (await svcIP('cip-sel')) as string;
    expect(await names('svc', '--field-selector', 'spec.type=NodePort,metadata.name=np-sel')).toEqual(['service/np-sel']);
    expect(await names('svc', '--field-selector', `spec.clusterIP=${ip}`)).toEqual(['service/cip-sel']);

    expect((await call('POST', '/api/v1/nodes', { metadata: { name: 'sel-node' } })).status).toBe(201);
    expect(await names('nodes', '--field-selector', 'spec.unschedulable=false,metadata.name=sel-node')).toEqual(['node/sel-node']);
    expect(await listError('/api/v1/nodes', 'metadata.namespace=x')).toEqual([400, 'field label not supported: metadata.namespace']);

    expect((await call('POST', `${ns}/pods`, { metadata: { name: 'sel-pod' }, spec: { nodeName: 'sel-node', containers: [{ name: 'c', image: 'busybox' }] } })).status).toBe(201);
    expect(await names('pods', '--field-selector', 'spec.hostNetwork=false,spec.nodeName=sel-node')).toEqual(['pod/sel-pod']);
    // spec.host is the old clients' spec.nodeName; status.podIPs is taken and reads as ''.
    expect(await names('pods', '--field-selector', 'spec.host=sel-node,status.podIPs=')).toEqual(['pod/sel-pod']);

    expect((await k('create', 'job', 'sel-job', '--image=busybox')).stderr).toBe('');
    expect(await names('jobs', '--field-selector', 'status.successful=0')).toEqual(['job.batch/sel-job']);
    expect(await listError('/apis/batch/v1/namespaces/default/jobs', 'status.succeeded=0')).toEqual([400, 'field label "status.succeeded" not supported for batchv1.Job']);
  });

  it('kinds without a conversion of their own take metadata.name and metadata.namespace (cluster-scoped ones too), with kube\'s default message', async () => {
    expect(await listError('/apis/apps/v1/namespaces/default/deployments', 'spec.replicas=1')).toEqual([
      400,
      '"spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"',
    ]);
    expect(await listError('/api/v1/persistentvolumes', 'name=x')).toEqual([400, '"name" is not a known field selector: only "metadata.name", "metadata.namespace"']);
    const roles = await call('GET', `/apis/rbac.authorization.k8s.io/v1/clusterroles?fieldSelector=${encodeURIComponent('metadata.namespace=')}`);
    expect(roles.status).toBe(200);
    expect(roles.json.items.length).toBeGreaterThan(0);
    const none = await call('GET', `/apis/rbac.authorization.k8s.io/v1/clusterroles?fieldSelector=${encodeURIComponent('metadata.namespace=x')}`);
    expect(none.json.items).toEqual([]);
  });
});

async function svcIP(name: string): Promise<unknown> {
  return (await call('GET', `${ns}/services/${name}`)).json.spec.clusterIP;
}
