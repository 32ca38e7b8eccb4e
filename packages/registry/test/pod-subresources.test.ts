// The subresources of pods beyond status (binding, eviction, ephemeralcontainers, resize, and the
// connect ones that need a kubelet), nodes/proxy and services/proxy, and the `bindings` resource:
// what kube-apiserver 1.33 answers, Status for Status.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject, type Status } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, isConnectSubresource, type Registry, type Subresource } from '../src/index.ts';

let registry: Registry;
const ctx = { namespace: 'default' };
const pods = () => registry.lookup('', 'v1', 'pods')!;
const sub = (name: string): Subresource => pods().subresources[name]!;
const pdbs = () => registry.lookup('policy', 'v1', 'poddisruptionbudgets')!;

async function failure(p: Promise<unknown>): Promise<Status> {
  try {
    await p;
  } catch (err) {
    return statusFromError(err);
  }
  throw new Error('expected a failure');
}

const pod = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  metadata: { name, labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx' }], ...extra },
});

const binding = (name: string, node = 'n1', extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Binding',
  metadata: { name, annotations: { 'scheduled-by': 'test' }, ...extra },
  target: { kind: 'Node', name: node },
});

async function createPod(name: string, extra: Record<string, unknown> = {}) {
  return pods().store.create(ctx, pod(name, extra));
}

/** Sets a pod's status (phase, conditions, IPs) through pods/status. */
async function setPodStatus(name: string, status: Record<string, unknown>) {
  await pods().subresources.status!.update(ctx, name, (old) => ({ ...old!, status: { ...(old!.status ?? {}), ...status } }));
}

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
});

describe('pod subresources as discovery lists them', () => {
  it('serves kube 1.33\'s pod subresources with their verbs and body kinds', () => {
    const verbs = Object.fromEntries(Object.entries(pods().subresources).map(([n, s]) => [n, [...s.verbs].sort()]));
    expect(verbs).toEqual({
      attach: ['create', 'get'],
      binding: ['create'],
      ephemeralcontainers: ['get', 'patch', 'update'],
      eviction: ['create'],
      exec: ['create', 'get'],
      log: ['get'],
      portforward: ['create', 'get'],
      proxy: ['create', 'delete', 'get', 'patch', 'update'],
      resize: ['get', 'patch', 'update'],
      status: ['get', 'patch', 'update'],
    });
    expect(sub('binding').definition).toMatchObject({ group: '', version: 'v1', kind: 'Binding' });
    expect(sub('eviction').definition).toMatchObject({ group: 'policy', version: 'v1', kind: 'Eviction' });
    // Discovery names the connect subresources by their options kinds; the log by Pod.
    const kinds = Object.fromEntries(['exec', 'attach', 'portforward', 'proxy', 'log'].map((n) => [n, sub(n).definition?.kind ?? 'Pod']));
    expect(kinds).toEqual({ exec: 'PodExecOptions', attach: 'PodAttachOptions', portforward: 'PodPortForwardOptions', proxy: 'PodProxyOptions', log: 'Pod' });
    expect(registry.lookup('', 'v1', 'nodes')!.subresources.proxy!.definition?.kind).toBe('NodeProxyOptions');
    expect(registry.lookup('', 'v1', 'services')!.subresources.proxy!.definition?.kind).toBe('ServiceProxyOptions');
    expect(Object.keys(registry.lookup('', 'v1', 'nodes')!.subresources).sort()).toEqual(['proxy', 'status']);
    expect(Object.keys(registry.lookup('', 'v1', 'services')!.subresources).sort()).toEqual(['proxy', 'status']);
    expect(registry.lookup('', 'v1', 'bindings')!.store.verbs).toEqual(['create']);
    // No token subresource without a service-account issuer (kube installs none).
    expect(registry.lookup('', 'v1', 'serviceaccounts')!.subresources.token).toBeUndefined();
  });
});

describe('pods/binding and bindings', () => {
  it('binds an unbound pod: nodeName, the binding\'s annotations, PodScheduled=True; answers a Success Status with code 201', async () => {
    await createPod('web');
    const out = await sub('binding').create(ctx, binding('web'), { name: 'web' });
    expect(out).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    const got = await pods().store.get(ctx, 'web');
    expect(got.spec).toMatchObject({ nodeName: 'n1' });
    expect(got.metadata?.annotations).toEqual({ 'scheduled-by': 'test' });
    expect((got.status as { conditions?: unknown[] }).conditions).toEqual([
      expect.objectContaining({ type: 'PodScheduled', status: 'True', lastTransitionTime: expect.stringMatching(/Z$/) }),
    ]);
  });

  it('refuses a pod already bound with kube\'s 409 on pods/binding', async () => {
    await createPod('web', { nodeName: 'n0' });
    const err = await failure(sub('binding').create(ctx, binding('web'), { name: 'web' }));
    expect(err).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "n0"',
      details: { name: 'web', kind: 'pods/binding' },
    });
  });

  it('refuses a pod with scheduling gates', async () => {
    await createPod('gated', { schedulingGates: [{ name: 'wait' }] });
    expect((await failure(sub('binding').create(ctx, binding('gated'), { name: 'gated' }))).message).toBe(
      'Operation cannot be fulfilled on pods/binding "gated": pod gated has non-empty .spec.schedulingGates',
    );
  });

  it('checks the name in the URL, the target (a plain 500, as kube answers an aggregate) and the pod', async () => {
    await createPod('web');
    expect(await failure(sub('binding').create(ctx, binding('web'), { name: 'other' }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'name in URL does not match name in Binding object',
    });
    const bad = { ...binding('web'), target: { kind: 'Pod', name: '' } };
    const err = await failure(sub('binding').create(ctx, bad, { name: 'web' }));
    expect(err.code).toBe(500);
    expect(err.reason).toBeUndefined();
    expect(err.message).toBe('[target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]');
    expect(await failure(sub('binding').create(ctx, binding('nope'), { name: 'nope' }))).toMatchObject({ code: 404, message: 'pods "nope" not found' });
  });

  it('takes the binding\'s uid and resourceVersion as preconditions on pods/binding', async () => {
    const p = await createPod('web');
    const err = await failure(sub('binding').create(ctx, binding('web', 'n1', { uid: 'not-the-uid' }), { name: 'web' }));
    // kube's InterpretUpdateError wraps the storage error's whole text.
    expect(err).toMatchObject({
      code: 409,
      message: `Operation cannot be fulfilled on pods "web": StorageError: invalid object, Code: 4, Key: /registry/pods/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: not-the-uid, UID in object meta: ${p.metadata!.uid}`,
    });
    await sub('binding').create(ctx, binding('web', 'n1', { uid: p.metadata!.uid, resourceVersion: p.metadata!.resourceVersion }), { name: 'web' });
  });

  it('does not write on a dry run', async () => {
    await createPod('web');
    await sub('binding').create(ctx, binding('web'), { name: 'web', dryRun: true });
    expect((await pods().store.get(ctx, 'web')).spec).not.toHaveProperty('nodeName');
  });

  it('binds through the bindings resource by the body\'s name', async () => {
    await createPod('web');
    const out = await registry.lookup('', 'v1', 'bindings')!.store.create(ctx, binding('web', 'n2'));
    expect(out).toMatchObject({ status: 'Success', code: 201 });
    expect((await pods().store.get(ctx, 'web')).spec).toMatchObject({ nodeName: 'n2' });
    expect(await failure(registry.lookup('', 'v1', 'bindings')!.store.get(ctx, 'web'))).toMatchObject({ code: 405 });
  });
});

describe('pods/eviction', () => {
  const eviction = (name: string, deleteOptions?: Record<string, unknown>): KubeObject => ({
    apiVersion: 'policy/v1',
    kind: 'Eviction',
    metadata: { name },
    ...(deleteOptions ? { deleteOptions } : {}),
  });
  const evict = (name: string, deleteOptions?: Record<string, unknown>) => sub('eviction').create(ctx, eviction(name, deleteOptions), { name });

  async function runningReadyPod(name: string) {
    await createPod(name);
    await setPodStatus(name, { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] });
  }

  async function budget(name: string, status: Record<string, unknown>, spec: Record<string, unknown> = {}) {
    await pdbs().store.create(ctx, { metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } }, ...spec } });
    await pdbs().subresources.status!.update(ctx, name, (old) => ({ ...old!, status: { observedGeneration: 1, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1, ...status } }));
  }

  it('deletes a pod no budget covers and answers Success with code 201', async () => {
    await runningReadyPod('web');
    expect(await evict('web')).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    expect(await failure(pods().store.get(ctx, 'web'))).toMatchObject({ code: 404 });
  });

  it('refuses with 429 and the DisruptionBudget cause when the budget allows no disruption', async () => {
    await runningReadyPod('web');
    await budget('pdb', { disruptionsAllowed: 0 });
    const err = await failure(evict('web'));
    expect(err).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget pdb needs 1 healthy pods and has 1 currently' }] },
      code: 429,
    });
    await pods().store.get(ctx, 'web');
  });

  it('spends a disruption: decrements disruptionsAllowed, records the pod, sets DisruptionAllowed=False at zero, deletes the pod', async () => {
    await runningReadyPod('web');
    await budget('pdb', { disruptionsAllowed: 1 });
    await evict('web');
    const st = (await pdbs().store.get(ctx, 'pdb')).status as Record<string, unknown>;
    expect(st.disruptionsAllowed).toBe(0);
    expect(Object.keys(st.disruptedPods as object)).toEqual(['web']);
    expect(st.conditions).toEqual([expect.objectContaining({ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', observedGeneration: 1 })]);
    expect(await failure(pods().store.get(ctx, 'web'))).toMatchObject({ code: 404 });
  });

  it('answers 429 "still being processed" (retry after 10 s) while the budget\'s status is behind its generation', async () => {
    await runningReadyPod('web');
    await pdbs().store.create(ctx, { metadata: { name: 'fresh' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } });
    expect(await failure(evict('web'))).toMatchObject({
      code: 429,
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget fresh is still being processed by the server.' }], retryAfterSeconds: 10 },
    });
  });

  it('evicts Pending and terminal pods without looking at budgets', async () => {
    await createPod('pending');
    await budget('pdb', { disruptionsAllowed: 0 });
    await evict('pending');
    await createPod('done');
    await setPodStatus('done', { phase: 'Succeeded' });
    await evict('done');
    expect((await pods().store.list(ctx)).items).toEqual([]);
  });

  it('evicts an unready pod without spending a disruption under AlwaysAllow, and under IfHealthyBudget when enough pods are healthy', async () => {
    await createPod('web');
    await setPodStatus('web', { phase: 'Running' });
    await budget('pdb', { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 1 }, { unhealthyPodEvictionPolicy: 'AlwaysAllow' });
    await evict('web');
    expect(((await pdbs().store.get(ctx, 'pdb')).status as { disruptionsAllowed: number }).disruptionsAllowed).toBe(0);
    await createPod('web2');
    await setPodStatus('web2', { phase: 'Running' });
    await pdbs().store.delete(ctx, 'pdb');
    await budget('pdb2', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1 });
    await evict('web2');
    await createPod('web3');
    await setPodStatus('web3', { phase: 'Running' });
    await pdbs().subresources.status!.update(ctx, 'pdb2', (old) => ({ ...old!, status: { ...(old!.status ?? {}), currentHealthy: 0 } }));
    expect(await failure(evict('web3'))).toMatchObject({ code: 429 });
  });

  it('answers more than one matching budget with a Failure Status of code 500 as the created object (kube\'s 201)', async () => {
    await runningReadyPod('web');
    await budget('a', { disruptionsAllowed: 1 });
    await budget('b', { disruptionsAllowed: 1 });
    expect(await evict('web')).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      code: 500,
    });
    await pods().store.get(ctx, 'web');
  });

  it('ignores budgets with an empty selector; checks the URL name; 404 for a missing pod', async () => {
    await runningReadyPod('web');
    await pdbs().store.create(ctx, { metadata: { name: 'empty' }, spec: { minAvailable: 1, selector: {} } });
    expect(await failure(sub('eviction').create(ctx, eviction('web'), { name: 'other' }))).toMatchObject({ code: 400, message: 'name in URL does not match name in Eviction object' });
    expect(await failure(evict('nope'))).toMatchObject({ code: 404, message: 'pods "nope" not found' });
    await evict('web');
  });

  it('keeps the pod and the budget on a dry run', async () => {
    await runningReadyPod('web');
    await budget('pdb', { disruptionsAllowed: 1 });
    await sub('eviction').create(ctx, eviction('web'), { name: 'web', dryRun: true });
    await pods().store.get(ctx, 'web');
    expect(((await pdbs().store.get(ctx, 'pdb')).status as { disruptionsAllowed: number }).disruptionsAllowed).toBe(1);
  });
});

describe('pods/ephemeralcontainers', () => {
  const debugger_ = { name: 'dbg', image: 'busybox', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' };

  it('adds ephemeral containers and changes nothing else', async () => {
    await createPod('web');
    const { object } = await sub('ephemeralcontainers').update(ctx, 'web', (old) => ({
      ...old!,
      metadata: { ...old!.metadata, labels: { changed: 'yes' } },
      spec: { ...(old!.spec as object), activeDeadlineSeconds: 5, ephemeralContainers: [debugger_] },
    }));
    expect((object.spec as { ephemeralContainers: unknown[] }).ephemeralContainers).toEqual([debugger_]);
    expect(object.spec).not.toHaveProperty('activeDeadlineSeconds');
    expect(object.metadata?.labels).toEqual({ app: 'web' });
  });

  it('refuses removing or changing one, with kube\'s messages', async () => {
    await createPod('web');
    const add = (list: unknown[]) => sub('ephemeralcontainers').update(ctx, 'web', (old) => ({ ...old!, spec: { ...(old!.spec as object), ephemeralContainers: list } }));
    await add([debugger_]);
    expect((await failure(add([]))).message).toBe('Pod "web" is invalid: spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be removed\n');
    const changed = await failure(add([{ ...debugger_, image: 'alpine' }]));
    expect(changed.message).toMatch(/^Pod "web" is invalid: spec\.ephemeralContainers\[dbg\]: Forbidden: existing ephemeral containers "dbg" may not be changed\n/);
    expect(await failure(add([debugger_, { ...debugger_, name: 'd2', ports: [{ containerPort: 80 }] }]))).toMatchObject({
      code: 422,
      message: 'Pod "web" is invalid: spec.ephemeralContainers[1].ports: Forbidden: cannot be set for an Ephemeral Container',
    });
  });
});

describe('pods/resize', () => {
  const resources = { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '200m', memory: '128Mi' } };
  const resize = (change: (c: Record<string, unknown>) => Record<string, unknown>, meta: Record<string, unknown> = {}) =>
    sub('resize').update(ctx, 'rs', (old) => {
      const spec = old!.spec as { containers: Record<string, unknown>[] };
      return structuredClone({ ...old!, metadata: { ...old!.metadata, ...meta }, spec: { ...spec, containers: spec.containers.map(change) } });
    });

  beforeEach(async () => {
    await createPod('rs', { containers: [{ name: 'app', image: 'nginx', resources }] });
  });

  it('changes cpu and memory of a container, and only them', async () => {
    const { object } = await resize((c) => ({ ...c, image: 'busybox', resources: { ...resources, requests: { cpu: '150m', memory: '64Mi' } } }), { labels: { x: 'y' } });
    const c = (object.spec as { containers: { image: string; resources: unknown }[] }).containers[0]!;
    expect(c.resources).toEqual({ ...resources, requests: { cpu: '150m', memory: '64Mi' } });
    expect(c.image).toBe('nginx');
    expect(object.metadata?.labels).toEqual({ app: 'web' });
  });

  it('refuses a change of QoS class, other resources, and removed limits, with kube\'s messages', async () => {
    expect((await failure(resize((c) => ({ ...c, resources: { requests: resources.limits, limits: resources.limits } })))).message).toBe(
      'Pod "rs" is invalid: spec: Invalid value: "Burstable": Pod QOS Class may not change as a result of resizing',
    );
    expect((await failure(resize((c) => ({ ...c, resources: { ...resources, limits: { ...resources.limits, 'ephemeral-storage': '1Gi' } } })))).message).toBe(
      'Pod "rs" is invalid: spec: Forbidden: only cpu and memory resources are mutable',
    );
    expect((await failure(resize((c) => ({ ...c, resources: { requests: resources.requests, limits: { cpu: '200m' } } })))).message).toBe(
      'Pod "rs" is invalid: spec.containers[0].resources.limits: Forbidden: resource limits cannot be removed',
    );
  });
});

describe('connect subresources without kubelets', () => {
  const connect = (resource: string, name: string, subresource: string, query: Record<string, string> = {}, namespace = 'default') => {
    const s = registry.lookup('', 'v1', resource)!.subresources[subresource];
    if (!isConnectSubresource(s)) throw new Error(`${resource}/${subresource} is not a connect subresource`);
    return s.connect(resource === 'nodes' ? {} : { namespace }, name, { method: 'GET', query: new URLSearchParams(query), path: '' });
  };
  const createNode = (name: string, status: Record<string, unknown> = {}) => registry.lookup('', 'v1', 'nodes')!.store.create({}, { metadata: { name }, status });
  const setNodeStatus = (name: string, status: Record<string, unknown>) =>
    registry.lookup('', 'v1', 'nodes')!.subresources.status!.update({}, name, (old) => ({ ...old!, status }));

  it('answers a log of an unscheduled pod with 204 (no location) and checks the container first', async () => {
    await createPod('web');
    expect(await connect('pods', 'web', 'log')).toEqual({ code: 204 });
    expect(await failure(connect('pods', 'web', 'log', { container: 'nope' }))).toMatchObject({ code: 400, message: 'container nope is not valid for pod web' });
    expect(await failure(connect('pods', 'nope', 'log'))).toMatchObject({ code: 404, message: 'pods "nope" not found' });
    expect(await failure(connect('pods', 'web', 'log', { tailLines: '-1' }))).toMatchObject({
      code: 422,
      message: 'PodLogOptions "web" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0',
    });
  });

  it('asks for a container name when the pod has several', async () => {
    await createPod('two', { containers: [{ name: 'a', image: 'nginx' }, { name: 'b', image: 'nginx' }], initContainers: [{ name: 'i', image: 'busybox' }] });
    expect((await failure(connect('pods', 'two', 'exec'))).message).toBe('a container name must be specified for pod two, choose one of: [i a b]');
  });

  it('refuses exec, attach and port-forward on a pod with no host', async () => {
    await createPod('web');
    for (const s of ['exec', 'attach', 'portforward']) {
      expect(await failure(connect('pods', 'web', s))).toMatchObject({ code: 400, reason: 'BadRequest', message: 'pod web does not have a host assigned' });
    }
  });

  it('looks the node up: 404 when missing, kube\'s error without an address, a refused dial with one', async () => {
    await createPod('web', { nodeName: 'n1' });
    expect(await failure(connect('pods', 'web', 'exec'))).toMatchObject({ code: 404, reason: 'NotFound', message: 'nodes "n1" not found' });
    await createNode('n1');
    const noAddress = await failure(connect('pods', 'web', 'exec'));
    expect(noAddress).toMatchObject({ code: 500, message: 'no preferred addresses found; known addresses: []' });
    expect(noAddress.reason).toBeUndefined();
    await setNodeStatus('n1', { addresses: [{ type: 'InternalIP', address: '10.1.2.3' }], daemonEndpoints: { kubeletEndpoint: { Port: 10255 } } });
    expect((await failure(connect('pods', 'web', 'exec'))).message).toBe('error dialing backend: dial tcp 10.1.2.3:10255: connect: connection refused');
    expect((await failure(connect('pods', 'web', 'log', { tailLines: '5', follow: 'true' }))).message).toBe(
      'Get "https://10.1.2.3:10255/containerLogs/default/web/app?follow=true&tailLines=5": dial tcp 10.1.2.3:10255: connect: connection refused',
    );
  });

  it('proxies to nothing: pods need a global unicast IP, nodes a proxyable address, services endpoints', async () => {
    await createPod('web');
    expect(await failure(connect('pods', 'web', 'proxy'))).toMatchObject({ code: 400, message: 'address not allowed' });
    expect(await failure(connect('pods', 'a:b:c:d', 'proxy'))).toMatchObject({ code: 400, message: 'invalid pod request "a:b:c:d"' });
    await setPodStatus('web', { podIPs: [{ ip: '10.244.0.5' }] });
    expect((await failure(connect('pods', 'web:8080', 'proxy'))).message).toBe('dial tcp 10.244.0.5:8080: connect: connection refused');
    expect(await failure(connect('nodes', 'n9', 'proxy'))).toMatchObject({ code: 404, message: 'nodes "n9" not found' });
    await createNode('lo');
    await setNodeStatus('lo', { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }] });
    expect(await failure(connect('nodes', 'lo', 'proxy'))).toMatchObject({ code: 400, message: 'address not allowed' });
    expect(await failure(connect('services', 'svc', 'proxy'))).toMatchObject({ code: 404, message: 'endpoints "svc" not found' });
  });
});
