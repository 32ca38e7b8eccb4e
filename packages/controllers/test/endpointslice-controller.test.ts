// The EndpointSlice controller against the fake client, through the controller manager: the cases
// of kube's pkg/controller/endpointslice/endpointslice_controller_test.go and
// k8s.io/endpointslice/reconciler_test.go (v1.33), observed through the API.
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { endpointSliceController, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';
import { node, pod, service, settle } from './endpoints-fixtures.ts';

let manager: ControllerManager | undefined;
afterEach(async () => {
  await manager?.stop();
  manager = undefined;
});

type Slice = KubeObject & { addressType: string; endpoints?: Record<string, unknown>[]; ports?: Record<string, unknown>[] };

function setup(...objects: [string, KubeObject][]): { client: FakeClient; start: (options?: { settle?: boolean }) => Promise<ControllerManager> } {
  const client = createFakeClient();
  client.seed('namespaces', { metadata: { name: 'ns' } });
  for (const [resource, obj] of objects) client.seed(resource, obj);
  return {
    client,
    async start(options = {}) {
      manager = startControllerManager({ client, controllers: [endpointSliceController()] });
      // A Service being retried keeps the controller busy (its backoff timer is pending work).
      if (options.settle ?? true) await settle(manager);
      return manager;
    },
  };
}
const slicesOf = (client: FakeClient, svc: string) => client.all('endpointslices').filter((s) => s.metadata?.labels?.['kubernetes.io/service-name'] === svc) as Slice[];
const sliceWrites = (client: FakeClient) => client.writes().filter((a) => a.resource === 'endpointslices');
const labels = (svc: string, extra: Record<string, string> = {}) => ({
  ...extra,
  'kubernetes.io/service-name': svc,
  'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
});
const owner = (svc: string) => [{ apiVersion: 'v1', kind: 'Service', name: svc, uid: `uid-svc-${svc}`, controller: true, blockOwnerDeletion: true }];
const endpoint = (name: string, ip: string, o: { ready?: boolean; serving?: boolean; terminating?: boolean; node?: string; zone?: string } = {}) => ({
  addresses: [ip],
  conditions: { ready: o.ready ?? true, serving: o.serving ?? o.ready ?? true, terminating: o.terminating ?? false },
  targetRef: { kind: 'Pod', namespace: 'ns', name, uid: `uid-${name}` },
  ...(o.node ? { nodeName: o.node } : {}),
  ...(o.zone ? { zone: o.zone } : {}),
});
const httpPort = { name: 'http', protocol: 'TCP', port: 8080 };

describe('endpointslice-controller', () => {
  it("creates a Service's slice as kube does: generateName, labels, owner, address type, endpoints, ports", async () => {
    const { client, start } = setup(
      ['nodes', node('n1', 'zone-a')],
      ['nodes', node('n2')],
      ['services', service('ns', 'web', { labels: { tier: 'front' } })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })],
      ['pods', pod('ns', 'b', { ip: '10.0.0.2', node: 'n2', ready: false })],
      ['pods', pod('ns', 'no-ip', { node: 'n1' })],
    );
    await start();
    const creates = sliceWrites(client).filter((a) => a.verb === 'create');
    expect(creates.map((a) => a.body)).toEqual([
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: {
          generateName: 'web-',
          namespace: 'ns',
          labels: labels('web', { tier: 'front' }),
          ownerReferences: owner('web'),
          annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '2024-12-31T00:00:00Z' },
        },
        addressType: 'IPv4',
        endpoints: [endpoint('a', '10.0.0.1', { node: 'n1', zone: 'zone-a' }), endpoint('b', '10.0.0.2', { node: 'n2', ready: false })],
        ports: [httpPort],
      },
    ]);
    expect(sliceWrites(client).length).toBe(1);
    expect(slicesOf(client, 'web')[0]!.metadata?.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('writes a placeholder slice for a Service without endpoints, and fills it in place when a pod comes', async () => {
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web', { clusterIP: 'None' })]);
    const m = await start();
    const [placeholder] = slicesOf(client, 'web');
    expect(placeholder).toMatchObject({
      metadata: { generateName: 'web-', labels: labels('web', { 'service.kubernetes.io/headless': '' }), ownerReferences: owner('web') },
      addressType: 'IPv4',
      endpoints: [],
      ports: [],
    });
    await settle(m);
    expect(sliceWrites(client).length).toBe(1);
    const created = await client.resource('', 'v1', 'pods')!.create('ns', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' }));
    await eventually(() => expect(slicesOf(client, 'web')[0]!.endpoints).toHaveLength(1));
    const [filled] = slicesOf(client, 'web');
    // The placeholder is updated (same name), not replaced.
    expect(filled!.metadata?.name).toBe(placeholder!.metadata?.name);
    expect(filled!.ports).toEqual([httpPort]);
    expect(filled!.endpoints).toEqual([{ ...endpoint('a', '10.0.0.1', { node: 'n1' }), targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: created.metadata?.uid } }]);
    expect(sliceWrites(client).map((a) => a.verb)).toEqual(['create', 'update']);
  });

  it('moves a pod from not ready to ready when its Ready condition turns True', async () => {
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web')], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1', ready: false })]);
    await start();
    expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([endpoint('a', '10.0.0.1', { node: 'n1', ready: false })]);
    await client.resource('', 'v1', 'pods')!.patch('ns', 'a', 'application/merge-patch+json', { status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2025-03-01T00:00:00Z' }] } }, 'status');
    await eventually(() => expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([endpoint('a', '10.0.0.1', { node: 'n1' })]));
    expect(slicesOf(client, 'web')[0]!.metadata?.annotations).toEqual({ 'endpoints.kubernetes.io/last-change-trigger-time': '2025-03-01T00:00:00Z' });
  });

  it('a terminating pod is not ready, serving as its Ready condition says, terminating; ready with publishNotReadyAddresses', async () => {
    const { client, start } = setup(
      ['nodes', node('n1')],
      ['services', service('ns', 'web')],
      ['services', service('ns', 'pub', { publishNotReadyAddresses: true })],
      ['pods', pod('ns', 'going', { ip: '10.0.0.1', node: 'n1', deleting: true })],
      ['pods', pod('ns', 'done', { ip: '10.0.0.2', node: 'n1', phase: 'Succeeded' })],
    );
    await start();
    expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([endpoint('going', '10.0.0.1', { node: 'n1', ready: false, serving: true, terminating: true })]);
    expect(slicesOf(client, 'pub')[0]!.endpoints).toEqual([endpoint('going', '10.0.0.1', { node: 'n1', ready: true, serving: true, terminating: true })]);
  });

  it('leaves out a pod whose Node does not exist and says so in an event (kept with publishNotReadyAddresses)', async () => {
    const { client, start } = setup(
      ['services', service('ns', 'web')],
      ['services', service('ns', 'pub', { publishNotReadyAddresses: true })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'missing' })],
    );
    await start({ settle: false });
    await eventually(() => expect(slicesOf(client, 'web')).toHaveLength(1));
    await eventually(() => expect(slicesOf(client, 'pub')).toHaveLength(1));
    expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([]);
    expect(slicesOf(client, 'pub')[0]!.endpoints).toEqual([endpoint('a', '10.0.0.1', { node: 'missing' })]);
    await eventually(() =>
      expect(client.all('events').map((e) => [e.reason, e.message, (e.involvedObject as { kind: string }).kind])).toContainEqual([
        'FailedToUpdateEndpointSlices',
        'Error updating Endpoint Slices for Service ns/web: skipping Pod a for Service ns/web: Node missing Not Found',
        'Service',
      ]),
    );
    // The retry (1 s later) finds the Node once it exists.
    await client.resource('', 'v1', 'nodes')!.create('', node('missing'));
    await eventually(() => expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([endpoint('a', '10.0.0.1', { node: 'missing' })]), { timeoutMs: 45_000 });
  }, 60_000);

  it('puts at most 100 endpoints in a slice', async () => {
    const pods: [string, KubeObject][] = Array.from({ length: 250 }, (_, i) => ['pods', pod('ns', `p${i}`, { ip: `10.1.${Math.floor(i / 256)}.${i % 256}`, node: 'n1' })]);
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web')], ...pods);
    await start();
    expect(slicesOf(client, 'web').map((s) => s.endpoints!.length).sort((a, b) => a - b)).toEqual([50, 100, 100]);
  });

  it('one slice per address type of a dual-stack Service, one per distinct port set', async () => {
    const { client, start } = setup(
      ['nodes', node('n1')],
      ['services', service('ns', 'dual', { ipFamilies: ['IPv4', 'IPv6'] })],
      ['services', service('ns', 'named', { ports: [{ name: 'http', port: 80, targetPort: 'web' }] })],
      ['pods', pod('ns', 'a', { ip: ['10.0.0.1', 'fd00::0001'], node: 'n1', ports: [{ name: 'web', containerPort: 8080 }] })],
      ['pods', pod('ns', 'b', { ip: ['10.0.0.2', 'fd00::2'], node: 'n1', ports: [{ name: 'web', containerPort: 9000 }] })],
    );
    await start();
    const dual = slicesOf(client, 'dual');
    expect(dual.map((s) => [s.addressType, s.endpoints!.map((e) => (e.addresses as string[])[0])]).sort()).toEqual([
      ['IPv4', ['10.0.0.1', '10.0.0.2']],
      ['IPv6', ['fd00::1', 'fd00::2']],
    ]);
    const named = slicesOf(client, 'named');
    expect(named.map((s) => [s.ports, s.endpoints!.map((e) => (e.targetRef as { name: string }).name)]).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual([
      [[{ ...httpPort, port: 8080 }], ['a']],
      [[{ ...httpPort, port: 9000 }], ['b']],
    ]);
  });

  it('follows the Service labels on its slices', async () => {
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web', { labels: { a: '1' } })], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })]);
    await start();
    await client.resource('', 'v1', 'services')!.patch('ns', 'web', 'application/merge-patch+json', { metadata: { labels: { a: null, b: '2' } } });
    await eventually(() => expect(slicesOf(client, 'web')[0]!.metadata?.labels).toEqual(labels('web', { b: '2' })));
  });

  it('puts a managed slice deleted by someone else back, and leaves unmanaged slices alone', async () => {
    const mirrored = { metadata: { namespace: 'ns', name: 'web-mirror', labels: { 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'someone-else' } }, addressType: 'IPv4', endpoints: [], ports: [] };
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web')], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })], ['endpointslices', mirrored]);
    await start();
    const [mine] = slicesOf(client, 'web').filter((s) => s.metadata?.name !== 'web-mirror');
    await client.resource('discovery.k8s.io', 'v1', 'endpointslices')!.delete('ns', mine!.metadata!.name!);
    await eventually(() => expect(slicesOf(client, 'web').filter((s) => s.metadata?.name !== 'web-mirror').map((s) => s.endpoints)).toEqual([[endpoint('a', '10.0.0.1', { node: 'n1' })]]));
    expect(client.peek('endpointslices', 'ns', 'web-mirror')).toMatchObject({ endpoints: [] });
  });

  it('writes nothing for a Service without a selector, or of type ExternalName', async () => {
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'manual', { selector: null })], ['services', service('ns', 'ext', { type: 'ExternalName', clusterIP: '' })], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })]);
    await start();
    expect(sliceWrites(client)).toEqual([]);
  });

  it('replaces a slice owned by another Service of the same name (a create, never an update of it)', async () => {
    const stale = { metadata: { namespace: 'ns', name: 'web-old', labels: labels('web'), ownerReferences: [{ ...owner('web')[0]!, uid: 'uid-of-an-older-web' }] }, addressType: 'IPv4', endpoints: [], ports: [] };
    const { client, start } = setup(['nodes', node('n1')], ['services', service('ns', 'web')], ['endpointslices', stale], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })]);
    await start();
    expect(sliceWrites(client).map((a) => a.verb)).toEqual(['create', 'delete']);
    expect(slicesOf(client, 'web').map((s) => [s.metadata?.ownerReferences, s.endpoints])).toEqual([[owner('web'), [endpoint('a', '10.0.0.1', { node: 'n1' })]]]);
  });

  it("keeps an empty slice of the Service's labels as its placeholder, whoever owns it (kube compares labels only)", async () => {
    const stale = { metadata: { namespace: 'ns', name: 'web-old', labels: labels('web'), ownerReferences: [{ ...owner('web')[0]!, uid: 'uid-of-an-older-web' }] }, addressType: 'IPv4', endpoints: [], ports: [] };
    const { client, start } = setup(['services', service('ns', 'web')], ['endpointslices', stale]);
    await start();
    expect(sliceWrites(client)).toEqual([]);
  });

  it('sets zone hints for PreferClose traffic distribution', async () => {
    const { client, start } = setup(['nodes', node('n1', 'zone-a')], ['services', service('ns', 'web', { trafficDistribution: 'PreferClose' })], ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })], ['pods', pod('ns', 'b', { ip: '10.0.0.2', node: 'n1', ready: false })]);
    await start();
    expect(slicesOf(client, 'web')[0]!.endpoints).toEqual([
      { ...endpoint('a', '10.0.0.1', { node: 'n1', zone: 'zone-a' }), hints: { forZones: [{ name: 'zone-a' }] } },
      endpoint('b', '10.0.0.2', { node: 'n1', zone: 'zone-a', ready: false }),
    ]);
    await client.resource('', 'v1', 'services')!.patch('ns', 'web', 'application/merge-patch+json', { spec: { trafficDistribution: null } });
    await eventually(() => expect(slicesOf(client, 'web')[0]!.endpoints!.map((e) => e.hints)).toEqual([undefined, undefined]));
  });

  it('orders ports as kube hashes them', async () => {
    const { client, start } = setup(
      ['nodes', node('n1')],
      ['services', service('ns', 'web', { ports: [{ name: 'metrics', port: 9090 }, { name: 'dns', port: 53, protocol: 'UDP' }, { name: 'http', port: 8080 }] })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1', node: 'n1' })],
    );
    await start();
    expect(slicesOf(client, 'web')[0]!.ports!.map((p) => p.name)).toEqual(['http', 'dns', 'metrics']);
  });
});
