// Services get cluster IPs and node ports as kube-apiserver allocates them.
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';

let registry: Registry;
const svcs = () => registry.lookup('', 'v1', 'services')!.store;
const ctx = { namespace: 'default' };
type Svc = KubeObject & { spec: { clusterIP?: string; clusterIPs?: string[]; ipFamilies?: string[]; ports: { port: number; nodePort?: number }[] } };

beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
});

const inServiceCIDR = (ip: string) => {
  const [a, b] = ip.split('.').map(Number);
  return a === 10 && b! >= 96 && b! < 112;
};

describe('services: address allocation', () => {
  it('gives each ClusterIP service its own address in 10.96.0.0/12', async () => {
    const ips = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const svc = (await svcs().create(ctx, { metadata: { name: `s${i}` }, spec: { ports: [{ port: 80 }] } })) as Svc;
      expect(inServiceCIDR(svc.spec.clusterIP!)).toBe(true);
      expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
      expect(svc.spec.ipFamilies).toEqual(['IPv4']);
      ips.add(svc.spec.clusterIP!);
    }
    expect(ips.size).toBe(20);
  });

  it('keeps None for headless services and refuses an address that is taken or out of range', async () => {
    const headless = (await svcs().create(ctx, { metadata: { name: 'h' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } })) as Svc;
    expect(headless.spec.clusterIP).toBe('None');
    const first = (await svcs().create(ctx, { metadata: { name: 'a' }, spec: { clusterIP: '10.96.0.10', ports: [{ port: 80 }] } })) as Svc;
    expect(first.spec.clusterIP).toBe('10.96.0.10');
    let err: unknown;
    try {
      await svcs().create(ctx, { metadata: { name: 'b' }, spec: { clusterIP: '10.96.0.10', ports: [{ port: 80 }] } });
    } catch (e) {
      err = e;
    }
    const status = statusFromError(err);
    expect(status.code).toBe(422);
    expect(status.details?.causes?.[0]).toMatchObject({ field: 'spec.clusterIPs', message: expect.stringContaining('provided IP is already allocated') });
    await expect(svcs().create(ctx, { metadata: { name: 'c' }, spec: { clusterIP: '192.168.1.1', ports: [{ port: 80 }] } })).rejects.toMatchObject({
      status: { code: 422 },
    });
  });

  it('allocates node ports in 30000-32767 for NodePort services, unique across services', async () => {
    const a = (await svcs().create(ctx, { metadata: { name: 'np1' }, spec: { type: 'NodePort', ports: [{ port: 80, name: 'http' }, { port: 443, name: 'https' }] } })) as Svc;
    const ports = a.spec.ports.map((p) => p.nodePort!);
    for (const p of ports) expect(p >= 30000 && p <= 32767).toBe(true);
    expect(new Set(ports).size).toBe(2);
    await expect(svcs().create(ctx, { metadata: { name: 'np2' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: ports[0] }] } })).rejects.toMatchObject({
      status: { code: 422 },
    });
  });
});

const ipAddresses = () => registry.lookup('networking.k8s.io', 'v1', 'ipaddresses')!.store;
const ipNames = async () => (await ipAddresses().list({})).items.map((i) => i.metadata!.name!).sort();
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return statusFromError(e);
  }
  throw new Error('expected the call to fail');
};

describe('services: the IPAddress of each cluster IP (MultiCIDRServiceAllocator)', () => {
  it('writes one IPAddress per cluster IP, as kube\'s ipallocator does, and none for headless or ExternalName services', async () => {
    const svc = (await svcs().create(ctx, { metadata: { name: 'web' }, spec: { ports: [{ port: 80 }] } })) as Svc;
    const ip = svc.spec.clusterIP!;
    // Random allocation prefers the range above the first 256 addresses (KEP-3070).
    expect(ip).not.toMatch(/^10\.96\.0\.\d+$/);
    expect(await ipAddresses().get({}, ip)).toMatchObject({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'IPAddress',
      metadata: { name: ip, labels: { 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } },
      spec: { parentRef: { group: '', resource: 'services', namespace: 'default', name: 'web' } },
    });
    await svcs().create(ctx, { metadata: { name: 'h' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } });
    await svcs().create(ctx, { metadata: { name: 'x' }, spec: { type: 'ExternalName', externalName: 'example.com' } });
    const named = (await svcs().create(ctx, { metadata: { generateName: 'gen-' }, spec: { ports: [{ port: 80 }] } })) as Svc;
    expect(await ipAddresses().get({}, named.spec.clusterIP!)).toMatchObject({ spec: { parentRef: { name: named.metadata!.name } } });
    expect(await ipNames()).toEqual([ip, named.spec.clusterIP!].sort());
  });

  it('refuses an IP whose IPAddress exists, even with no Service holding it, with kube\'s message', async () => {
    await ipAddresses().create({}, { metadata: { name: '10.96.0.10' }, spec: { parentRef: { group: '', resource: 'services', namespace: 'other', name: 'gone' } } });
    const status = await failure(svcs().create(ctx, { metadata: { name: 'b' }, spec: { clusterIP: '10.96.0.10', ports: [{ port: 80 }] } }));
    expect(status.code).toBe(422);
    expect(status.message).toBe('Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated');
    const outside = await failure(svcs().create(ctx, { metadata: { name: 'c' }, spec: { clusterIP: '192.168.1.1', ports: [{ port: 80 }] } }));
    expect(outside.message).toBe('Service "c" is invalid: spec.clusterIPs: Invalid value: []string{"192.168.1.1"}: failed to allocate IP 192.168.1.1: the provided network does not match the current range');
    expect(await ipNames()).toEqual(['10.96.0.10']);
  });

  it('writes nothing on dry run: an asked IP is only checked against the range, a random one is the network address', async () => {
    const dry = (await svcs().create(ctx, { metadata: { name: 'd' }, spec: { ports: [{ port: 80 }] } }, { dryRun: true })) as Svc;
    expect(dry.spec.clusterIPs).toEqual(['10.96.0.0']);
    const asked = (await svcs().create(ctx, { metadata: { name: 'd' }, spec: { clusterIP: '10.96.0.20', ports: [{ port: 80 }] } }, { dryRun: true })) as Svc;
    expect(asked.spec.clusterIP).toBe('10.96.0.20');
    const outside = await failure(svcs().create(ctx, { metadata: { name: 'd' }, spec: { clusterIP: '192.168.1.1', ports: [{ port: 80 }] } }, { dryRun: true }));
    expect(outside.message).toContain('failed to allocate IP 192.168.1.1: the provided IP (192.168.1.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12');
    const real = (await svcs().create(ctx, { metadata: { name: 'e' }, spec: { clusterIP: '10.96.0.30', ports: [{ port: 80 }] } })) as Svc;
    await svcs().delete(ctx, 'e', { dryRun: true });
    await svcs().update(ctx, 'e', (old) => ({ ...old!, spec: { ...(old!.spec as object), type: 'ExternalName', externalName: 'example.com' } }), { dryRun: true });
    expect(await ipNames()).toEqual([real.spec.clusterIP]);
  });

  it('removes the IPAddress it wrote when the Service is not written (a taken name, a failed validation, a taken node port)', async () => {
    await svcs().create(ctx, { metadata: { name: 'a' }, spec: { clusterIP: '10.96.0.40', ports: [{ port: 80 }] } });
    const exists = await failure(svcs().create(ctx, { metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } }));
    expect(exists.reason).toBe('AlreadyExists');
    const invalid = await failure(svcs().create(ctx, { metadata: { name: 'bad' }, spec: { ports: [{ port: 80, protocol: 'SCTPX' } as { port: number }] } }));
    expect(invalid.code).toBe(422);
    const np = (await svcs().create(ctx, { metadata: { name: 'np' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } })) as Svc;
    const taken = await failure(svcs().create(ctx, { metadata: { name: 'np2' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: np.spec.ports[0]!.nodePort! }] } }));
    expect(taken.message).toContain('provided port is already allocated');
    expect(await ipNames()).toEqual(['10.96.0.40', np.spec.clusterIP!].sort());
  });

  it('deletes the IPAddress with the Service, or when the Service becomes ExternalName; allocates one when it stops being ExternalName', async () => {
    const a = (await svcs().create(ctx, { metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } })) as Svc;
    const b = (await svcs().create(ctx, { metadata: { name: 'b' }, spec: { ports: [{ port: 80 }] } })) as Svc;
    await svcs().delete(ctx, 'a');
    expect(await ipNames()).toEqual([b.spec.clusterIP]);
    // The address is free again.
    await svcs().create(ctx, { metadata: { name: 'a2' }, spec: { clusterIP: a.spec.clusterIP!, ports: [{ port: 80 }] } });
    const external = await svcs().update(ctx, 'b', (old) => ({ ...old!, spec: { ...(old!.spec as object), type: 'ExternalName', externalName: 'example.com' } }));
    expect((external.object as Svc).spec.clusterIP).toBeUndefined();
    expect((external.object as Svc).spec.ipFamilies).toBeUndefined();
    expect(await ipNames()).toEqual([a.spec.clusterIP]);
    const back = await svcs().update(ctx, 'b', (old) => {
      const spec: Record<string, unknown> = { ...(old!.spec as Record<string, unknown>), type: 'ClusterIP', ports: [{ port: 80 }] };
      delete spec.externalName;
      return { ...old!, spec };
    });
    const ip = (back.object as Svc).spec.clusterIP!;
    expect(inServiceCIDR(ip)).toBe(true);
    expect(await ipNames()).toEqual([a.spec.clusterIP, ip].sort());
  });

  it('keeps the cluster IP an update leaves out, and refuses a changed one', async () => {
    const a = (await svcs().create(ctx, { metadata: { name: 'a' }, spec: { ports: [{ port: 80 }] } })) as Svc;
    const kept = await svcs().update(ctx, 'a', (old) => ({ ...old!, spec: { ...(old!.spec as object), clusterIP: '', clusterIPs: [] } }));
    expect((kept.object as Svc).spec.clusterIPs).toEqual([a.spec.clusterIP]);
    const moved = await failure(svcs().update(ctx, 'a', (old) => ({ ...old!, spec: { ...(old!.spec as object), clusterIP: '10.96.0.50', clusterIPs: ['10.96.0.50'] } })));
    expect(moved.message).toBe(`Service "a" is invalid: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.50"}: may not change once set`);
    expect(await ipNames()).toEqual([a.spec.clusterIP]);
  });

  it('releases the IPAddress when the last finalizer of a deleted Service goes', async () => {
    const a = (await svcs().create(ctx, { metadata: { name: 'a', finalizers: ['example.com/hold'] }, spec: { ports: [{ port: 80 }] } })) as Svc;
    await svcs().delete(ctx, 'a');
    expect(await ipNames()).toEqual([a.spec.clusterIP]);
    await svcs().update(ctx, 'a', (old) => ({ ...old!, metadata: { ...old!.metadata, finalizers: [] } }));
    expect(await ipNames()).toEqual([]);
  });
});

type NodePortSvc = KubeObject & {
  spec: { type?: string; externalTrafficPolicy?: string; healthCheckNodePort?: number; allocateLoadBalancerNodePorts?: boolean; ports: { name?: string; port: number; protocol?: string; nodePort?: number }[] };
  status?: { loadBalancer?: unknown };
};
const inRange = (p: number | undefined) => p !== undefined && p >= 30000 && p <= 32767;
const lbLocal = (name: string, extra: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local', ports: [{ name: 'http', port: 80 }], ...extra },
});
const retype = (spec: Record<string, unknown>) => (old: KubeObject | undefined) => ({ ...old!, spec: { ...(old!.spec as object), ...spec } });

describe('services: node ports and the health check node port (alloc.go, portallocator)', () => {
  it('gives a LoadBalancer with externalTrafficPolicy Local a health check node port beside its node ports', async () => {
    const svc = (await svcs().create(ctx, lbLocal('lb'))) as NodePortSvc;
    expect(inRange(svc.spec.healthCheckNodePort)).toBe(true);
    expect(inRange(svc.spec.ports[0]!.nodePort)).toBe(true);
    expect(svc.spec.healthCheckNodePort).not.toBe(svc.spec.ports[0]!.nodePort);
    // A port it holds is taken for others, as a node port and as a health check port.
    const taken = await failure(svcs().create(ctx, { metadata: { name: 'np' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: svc.spec.healthCheckNodePort }] } }));
    expect(taken.message).toBe(`Service "np" is invalid: spec.ports[0].nodePort: Invalid value: ${svc.spec.healthCheckNodePort}: provided port is already allocated`);
  });

  it('honours a requested health check node port, and answers a taken or out-of-range one with kube\'s internal error', async () => {
    const svc = (await svcs().create(ctx, lbLocal('lb', { healthCheckNodePort: 31000 }))) as NodePortSvc;
    expect(svc.spec.healthCheckNodePort).toBe(31000);
    const taken = await failure(svcs().create(ctx, lbLocal('lb2', { healthCheckNodePort: 31000 })));
    expect([taken.code, taken.reason, taken.message]).toEqual([500, 'InternalError', 'Internal error occurred: failed to allocate requested HealthCheck NodePort 31000: provided port is already allocated']);
    const outside = await failure(svcs().create(ctx, lbLocal('lb3', { healthCheckNodePort: 20000 })));
    expect(outside.message).toBe('Internal error occurred: failed to allocate requested HealthCheck NodePort 20000: provided port is not in the valid range. The range of valid ports is 30000-32767');
    const outsideNodePort = await failure(svcs().create(ctx, { metadata: { name: 'np' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort: 40000 }] } }));
    expect(outsideNodePort.message).toBe('Service "np" is invalid: spec.ports[0].nodePort: Invalid value: 40000: provided port is not in the valid range. The range of valid ports is 30000-32767');
  });

  it('allocates on a change of type, keeps what an update leaves out, and releases what a type no longer needs', async () => {
    await svcs().create(ctx, { metadata: { name: 's' }, spec: { ports: [{ name: 'http', port: 80 }] } });
    const np = (await svcs().update(ctx, 's', retype({ type: 'NodePort', externalTrafficPolicy: 'Cluster' }))).object as NodePortSvc;
    const nodePort = np.spec.ports[0]!.nodePort;
    expect(inRange(nodePort)).toBe(true);
    const lb = (await svcs().update(ctx, 's', retype({ type: 'LoadBalancer', externalTrafficPolicy: 'Local', allocateLoadBalancerNodePorts: true }))).object as NodePortSvc;
    expect(lb.spec.ports[0]!.nodePort).toBe(nodePort);
    const hc = lb.spec.healthCheckNodePort;
    expect(inRange(hc)).toBe(true);
    // An update that leaves the allocated values out (the manifest applied again) keeps them.
    const again = (await svcs().update(ctx, 's', (old) => ({ ...old!, spec: { ...(old!.spec as object), ports: [{ name: 'http', port: 80 }], healthCheckNodePort: 0 } }))).object as NodePortSvc;
    expect([again.spec.ports[0]!.nodePort, again.spec.healthCheckNodePort]).toEqual([nodePort, hc]);
    // Local → Cluster: the health check port goes, and is free for another Service.
    const cluster = (await svcs().update(ctx, 's', retype({ externalTrafficPolicy: 'Cluster' }))).object as NodePortSvc;
    expect(cluster.spec.healthCheckNodePort).toBeUndefined();
    await svcs().create(ctx, lbLocal('other', { healthCheckNodePort: hc }));
    // LoadBalancer → ClusterIP: node ports, the traffic policy and allocateLoadBalancerNodePorts go; the status with them.
    const clusterIP = (await svcs().update(ctx, 's', retype({ type: 'ClusterIP' }))).object as NodePortSvc;
    expect(clusterIP.spec.ports).toEqual([{ name: 'http', port: 80, protocol: 'TCP', targetPort: 80 }]);
    expect(clusterIP.spec).not.toHaveProperty('externalTrafficPolicy');
    expect(clusterIP.spec).not.toHaveProperty('allocateLoadBalancerNodePorts');
    expect(clusterIP.status).toEqual({ loadBalancer: {} });
    await svcs().create(ctx, { metadata: { name: 'reuse' }, spec: { type: 'NodePort', ports: [{ port: 80, nodePort }] } });
  });

  it('frees the ports of a deleted Service', async () => {
    const svc = (await svcs().create(ctx, lbLocal('lb'))) as NodePortSvc;
    await svcs().delete(ctx, 'lb');
    const again = (await svcs().create(ctx, lbLocal('lb2', { healthCheckNodePort: svc.spec.healthCheckNodePort, ports: [{ port: 80, nodePort: svc.spec.ports[0]!.nodePort }] }))) as NodePortSvc;
    expect([again.spec.ports[0]!.nodePort, again.spec.healthCheckNodePort]).toEqual([svc.spec.ports[0]!.nodePort, svc.spec.healthCheckNodePort]);
  });

  it('gives ports of one number one node port, LoadBalancers without node ports none but those asked for, dry runs dummies', async () => {
    const dns = (await svcs().create(ctx, { metadata: { name: 'dns' }, spec: { type: 'NodePort', ports: [{ name: 'u', port: 53, protocol: 'UDP' }, { name: 't', port: 53, protocol: 'TCP' }] } })) as NodePortSvc;
    expect(dns.spec.ports[0]!.nodePort).toBe(dns.spec.ports[1]!.nodePort);
    const bare = (await svcs().create(ctx, {
      metadata: { name: 'bare' },
      spec: { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: [{ name: 'a', port: 80 }, { name: 'b', port: 81, nodePort: 30081 }] },
    })) as NodePortSvc;
    expect(bare.spec.ports.map((p) => p.nodePort)).toEqual([undefined, 30081]);
    const dry = (await svcs().create(ctx, { metadata: { name: 'dry' }, spec: { type: 'NodePort', ports: [{ name: 'a', port: 80 }, { name: 'b', port: 81 }] } }, { dryRun: true })) as NodePortSvc;
    expect(dry.spec.ports.map((p) => p.nodePort)).toEqual([32769, 32770]);
  });

  it('has no generation, and a PUT may create a Service', async () => {
    const put = await svcs().update(ctx, 'made', () => ({ metadata: { name: 'made' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } }));
    expect(put.created).toBe(true);
    expect(put.object.metadata?.generation).toBeUndefined();
    expect(inRange((put.object as NodePortSvc).spec.ports[0]!.nodePort)).toBe(true);
  });
});
