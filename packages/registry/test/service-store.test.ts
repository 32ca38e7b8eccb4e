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

describe('service address allocation', () => {
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
