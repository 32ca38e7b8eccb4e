// The endpoints controller against the fake client, through the controller manager: the cases of
// kube's pkg/controller/endpoint/endpoints_controller_test.go (v1.33), observed through the API.
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '@kapi/apimachinery';
import { endpointsController, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { createFakeClient, eventually, type FakeClient } from '@kapi/controllers/testing';
import { pod, service, settle } from './endpoints-fixtures.ts';

let manager: ControllerManager | undefined;
afterEach(async () => {
  await manager?.stop();
  manager = undefined;
});

const managedBy = { 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' };
const trigger = (t: string) => ({ 'endpoints.kubernetes.io/last-change-trigger-time': t });

function setup(...objects: [string, KubeObject][]): { client: FakeClient; start: () => Promise<ControllerManager> } {
  const client = createFakeClient();
  client.seed('namespaces', { metadata: { name: 'ns' } });
  for (const [resource, obj] of objects) client.seed(resource, obj);
  return {
    client,
    async start() {
      manager = startControllerManager({ client, controllers: [endpointsController()] });
      await settle(manager);
      return manager;
    },
  };
}
const epWrites = (client: FakeClient) => client.writes().filter((a) => a.resource === 'endpoints');
const addr = (name: string, ip: string, nodeName = '') => ({ ip, nodeName, targetRef: { kind: 'Pod', namespace: 'ns', name, uid: `uid-${name}` } });
const http = { name: 'http', port: 8080, protocol: 'TCP' };

describe('endpoints-controller', () => {
  it("creates a Service's Endpoints as kube does: ready and not-ready addresses, labels, trigger time", async () => {
    const { client, start } = setup(
      ['services', service('ns', 'web', { labels: { tier: 'front' } })],
      ['pods', pod('ns', 'b', { ip: '10.0.0.2', node: 'n1' })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1', ready: false })],
      ['pods', pod('ns', 'other', { ip: '10.0.0.3', labels: { app: 'db' } })],
      ['pods', pod('ns', 'no-ip')],
    );
    await start();
    expect(epWrites(client).map((a) => [a.verb, a.namespace, a.body])).toEqual([
      [
        'create',
        'ns',
        {
          apiVersion: 'v1',
          kind: 'Endpoints',
          metadata: { name: 'web', labels: { tier: 'front', ...managedBy }, annotations: trigger('2024-12-31T00:00:00Z') },
          subsets: [{ addresses: [addr('b', '10.0.0.2', 'n1')], notReadyAddresses: [addr('a', '10.0.0.1')], ports: [http] }],
        },
      ],
    ]);
  });

  it('a headless Service gets the headless label; one without ports keeps its addresses', async () => {
    const { client, start } = setup(['services', service('ns', 'web', { clusterIP: 'None', ports: [] })], ['pods', pod('ns', 'a', { ip: '10.0.0.1' })]);
    await start();
    const ep = client.peek('endpoints', 'ns', 'web');
    expect(ep?.metadata?.labels).toEqual({ ...managedBy, 'service.kubernetes.io/headless': '' });
    expect(ep?.subsets).toEqual([{ addresses: [addr('a', '10.0.0.1')] }]);
  });

  it('leaves Services without a selector and ExternalName Services alone', async () => {
    const userEndpoints = { metadata: { namespace: 'ns', name: 'manual' }, subsets: [{ addresses: [{ ip: '192.0.2.1' }], ports: [{ port: 80, protocol: 'TCP' }] }] };
    const { client, start } = setup(
      ['services', service('ns', 'manual', { selector: null })],
      ['endpoints', userEndpoints],
      ['services', service('ns', 'ext', { type: 'ExternalName', clusterIP: '' })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1' })],
    );
    await start();
    expect(epWrites(client)).toEqual([]);
    expect(client.peek('endpoints', 'ns', 'manual')?.subsets).toEqual(userEndpoints.subsets);
  });

  it('moves a pod to the ready addresses when its Ready condition turns True, with its transition as trigger time', async () => {
    const { client, start } = setup(['services', service('ns', 'web')], ['pods', pod('ns', 'a', { ip: '10.0.0.1', ready: false })]);
    await start();
    expect(client.peek('endpoints', 'ns', 'web')?.subsets).toEqual([{ notReadyAddresses: [addr('a', '10.0.0.1')], ports: [http] }]);
    await client.resource('', 'v1', 'pods')!.patch('ns', 'a', 'application/merge-patch+json', { status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2025-02-01T10:00:00Z' }] } }, 'status');
    const ep = await eventually(() => {
      const ep = client.peek('endpoints', 'ns', 'web');
      expect(ep?.subsets).toEqual([{ addresses: [addr('a', '10.0.0.1')], ports: [http] }]);
      return ep;
    });
    expect(ep?.metadata?.annotations).toEqual(trigger('2025-02-01T10:00:00Z'));
  });

  it('writes nothing when only a pod resourceVersion changes', async () => {
    const { client, start } = setup(['services', service('ns', 'web')], ['pods', pod('ns', 'a', { ip: '10.0.0.1' })]);
    const m = await start();
    const before = epWrites(client).length;
    await client.resource('', 'v1', 'pods')!.patch('ns', 'a', 'application/merge-patch+json', { metadata: { annotations: { touched: 'yes' } } });
    await settle(m);
    expect(epWrites(client).length).toBe(before);
  });

  it('leaves terminating and terminal pods out, unless not-ready addresses are published', async () => {
    const pods: [string, KubeObject][] = [
      ['pods', pod('ns', 'going', { ip: '10.0.0.1', deleting: true })],
      ['pods', pod('ns', 'done', { ip: '10.0.0.2', phase: 'Succeeded', ready: false })],
      ['pods', pod('ns', 'failed', { ip: '10.0.0.3', phase: 'Failed', ready: false })],
      ['pods', pod('ns', 'unready', { ip: '10.0.0.4', ready: false })],
    ];
    const { client, start } = setup(['services', service('ns', 'web')], ['services', service('ns', 'pub', { publishNotReadyAddresses: true })], ...pods);
    await start();
    expect(client.peek('endpoints', 'ns', 'web')?.subsets).toEqual([{ notReadyAddresses: [addr('unready', '10.0.0.4')], ports: [http] }]);
    expect(client.peek('endpoints', 'ns', 'pub')?.subsets).toEqual([{ addresses: [addr('going', '10.0.0.1'), addr('unready', '10.0.0.4')], ports: [http] }]);
  });

  it('resolves named target ports per pod; a pod without the port is not in that subset', async () => {
    const { client, start } = setup(
      ['services', service('ns', 'web', { ports: [{ name: 'http', port: 80, targetPort: 'web' }, { name: 'metrics', port: 9090, targetPort: 9090 }] })],
      ['pods', pod('ns', 'a', { ip: '10.0.0.1', ports: [{ name: 'web', containerPort: 8080 }] })],
      ['pods', pod('ns', 'b', { ip: '10.0.0.2', ports: [{ name: 'web', containerPort: 8081 }] })],
      ['pods', pod('ns', 'c', { ip: '10.0.0.3', ports: [] })],
    );
    await start();
    const metrics = { name: 'metrics', port: 9090, protocol: 'TCP' };
    // The subsets' order is the md5 order of their Go representation (checked against kube's RepackSubsets).
    expect(client.peek('endpoints', 'ns', 'web')?.subsets).toEqual([
      { addresses: [addr('a', '10.0.0.1')], ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] },
      { addresses: [addr('b', '10.0.0.2')], ports: [{ name: 'http', port: 8081, protocol: 'TCP' }] },
      { addresses: [addr('a', '10.0.0.1'), addr('b', '10.0.0.2'), addr('c', '10.0.0.3')], ports: [metrics] },
    ]);
  });

  it('follows the Service labels and keeps its managed-by label', async () => {
    const { client, start } = setup(['services', service('ns', 'web', { labels: { a: '1' } })], ['pods', pod('ns', 'a', { ip: '10.0.0.1' })]);
    await start();
    await client.resource('', 'v1', 'services')!.patch('ns', 'web', 'application/merge-patch+json', { metadata: { labels: { a: null, b: '2' } } });
    await eventually(() => expect(client.peek('endpoints', 'ns', 'web')?.metadata?.labels).toEqual({ b: '2', ...managedBy }));
  });

  it('deletes the Endpoints of a deleted Service, and leftovers without a Service at start', async () => {
    const leftover = { metadata: { namespace: 'ns', name: 'gone' }, subsets: [] };
    const leader = { metadata: { namespace: 'ns', name: 'old-leader', annotations: { 'control-plane.alpha.kubernetes.io/leader': '{}' } } };
    const { client, start } = setup(['services', service('ns', 'web')], ['endpoints', leftover], ['endpoints', leader]);
    await start();
    expect(client.peek('endpoints', 'ns', 'gone')).toBeUndefined();
    expect(client.peek('endpoints', 'ns', 'old-leader')).toBeDefined();
    expect(client.peek('endpoints', 'ns', 'web')).toBeDefined();
    await client.resource('', 'v1', 'services')!.delete('ns', 'web');
    await eventually(() => expect(client.peek('endpoints', 'ns', 'web')).toBeUndefined());
  });

  it('puts back Endpoints deleted under a Service', async () => {
    const { client, start } = setup(['services', service('ns', 'web')], ['pods', pod('ns', 'a', { ip: '10.0.0.1' })]);
    await start();
    const first = client.peek('endpoints', 'ns', 'web');
    await client.resource('', 'v1', 'endpoints')!.delete('ns', 'web');
    const again = await eventually(() => client.peek('endpoints', 'ns', 'web') ?? expect.fail('not re-created'));
    expect(again.metadata?.uid).not.toBe(first?.metadata?.uid);
    expect(again.subsets).toEqual(first?.subsets);
  });

  it('truncates past 1000 addresses with the over-capacity annotation, and drops it under', async () => {
    const pods: [string, KubeObject][] = Array.from({ length: 1001 }, (_, i) => ['pods', pod('ns', `p${i}`, { ip: `10.1.${Math.floor(i / 256)}.${i % 256}` })]);
    const { client, start } = setup(['services', service('ns', 'web')], ...pods);
    await start();
    const ep = client.peek('endpoints', 'ns', 'web');
    expect(ep?.metadata?.annotations?.['endpoints.kubernetes.io/over-capacity']).toBe('truncated');
    expect((ep?.subsets as { addresses: unknown[] }[])[0]!.addresses).toHaveLength(1000);
    await client.resource('', 'v1', 'pods')!.delete('ns', 'p0');
    await eventually(() => {
      const now = client.peek('endpoints', 'ns', 'web');
      expect(now?.metadata?.annotations?.['endpoints.kubernetes.io/over-capacity']).toBeUndefined();
      expect((now?.subsets as { addresses: unknown[] }[])[0]!.addresses).toHaveLength(1000);
    });
  });

  it('reads a pod with podIP only as kube stores it (podIPs from podIP), and picks the IP of the Service family', async () => {
    const only = pod('ns', 'a');
    (only.status as Record<string, unknown>).podIP = '10.0.0.1';
    const { client, start } = setup(
      ['services', service('ns', 'v6', { ipFamilies: ['IPv6'], clusterIP: 'fd00::10' })],
      ['services', service('ns', 'v4')],
      ['pods', only],
      ['pods', pod('ns', 'dual', { ip: ['10.0.0.2', 'fd00::2'] })],
    );
    await start();
    expect(client.peek('endpoints', 'ns', 'v4')?.subsets).toEqual([{ addresses: [addr('a', '10.0.0.1'), addr('dual', '10.0.0.2')], ports: [http] }]);
    expect(client.peek('endpoints', 'ns', 'v6')?.subsets).toEqual([{ addresses: [addr('dual', 'fd00::2')], ports: [http] }]);
  });

  it('records FailedToUpdateEndpoint and retries when a write fails', async () => {
    const { client, start } = setup(['services', service('ns', 'web')]);
    await start();
    let failures = 1;
    client.react((a) => (a.resource === 'endpoints' && a.verb === 'update' && failures-- > 0 ? new Error('etcd is sad') : undefined));
    const created = await client.resource('', 'v1', 'pods')!.create('ns', pod('ns', 'a', { ip: '10.0.0.1' }));
    const target = { ...addr('a', '10.0.0.1'), targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: created.metadata?.uid } };
    await eventually(() => expect(client.peek('endpoints', 'ns', 'web')?.subsets).toEqual([{ addresses: [target], ports: [http] }]));
    const events = client.all('events');
    expect(events.map((e) => [e.reason, e.message, e.type, (e.source as { component: string }).component])).toEqual([
      ['FailedToUpdateEndpoint', 'Failed to update endpoint ns/web: etcd is sad', 'Warning', 'endpoint-controller'],
    ]);
  });
});
