// The controllers of two `kapi serve` replicas over one etcd (issue 15): one leads through the
// kube-system/kube-controller-manager Lease, and when it is killed the other takes over and finishes
// the garbage collection it left, with no dependent left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { eventually, kubectl, kubectlPath, startKapiServe, type ServeProcess } from './kubectl.ts';

describe.skipIf(!kubectlPath)('controllers of two kapi serve replicas over one etcd', () => {
  let etcd: EtcdServer | undefined;
  const dirs: string[] = [];
  const servers: ServeProcess[] = [];
  beforeAll(async () => {
    etcd = await startEtcd();
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'kapi-replica-'));
      dirs.push(dir);
      servers.push(
        await startKapiServe([
          '--data-dir', dir, '--port', '0', '--storage', 'etcd', '--etcd-servers', etcd.endpoints.join(','),
          // Short lease timings so that the takeover happens within the test.
          '--leader-elect-lease-duration', '2s', '--leader-elect-renew-deadline', '1500ms', '--leader-elect-retry-period', '250ms',
        ]),
      );
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.interrupt();
    await etcd?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const leads = (s: ServeProcess) => s.stderr.some((l) => l.includes('became leader'));

  it('one replica leads; killed, the other takes over and collects what the dead one left', async () => {
    const [a, b] = servers as [ServeProcess, ServeProcess];
    expect(await eventually(async () => leads(a) || leads(b))).toBe(true);
    expect(leads(a) && leads(b)).toBe(false);
    const [leader, follower] = leads(a) ? [a, b] : [b, a];
    const k = (...args: string[]) => kubectl(follower.kubeconfig, args);
    const lease = JSON.parse((await k('get', 'lease', '-n', 'kube-system', 'kube-controller-manager', '-o', 'json')).stdout) as { spec: { holderIdentity: string; leaseDurationSeconds: number } };
    expect(lease.spec.leaseDurationSeconds).toBe(2);
    expect(lease.spec.holderIdentity).toMatch(/_[0-9a-f-]{36}$/);

    // An owner with 30 dependents; the leader is killed as the owner is deleted.
    expect((await k('create', 'configmap', 'owner')).code).toBe(0);
    const uid = (await k('get', 'configmap', 'owner', '-o', 'jsonpath={.metadata.uid}')).stdout;
    const items = Array.from({ length: 30 }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `dep-${i}`, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid }] },
    }));
    const file = join(dirs[0]!, 'deps.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    expect((await k('create', '-f', file)).code).toBe(0);
    leader.child.kill('SIGKILL');
    expect((await k('delete', 'configmap', 'owner')).code).toBe(0);

    // The survivor takes the Lease once it expires, and collects every dependent.
    expect(await eventually(async () => leads(follower), 30_000)).toBe(true);
    expect(
      await eventually(async () => (await k('get', 'configmaps', '-o', 'name')).stdout.split('\n').filter((l) => l.startsWith('configmap/dep-')).length === 0, 30_000),
    ).toBe(true);
    const after = JSON.parse((await k('get', 'lease', '-n', 'kube-system', 'kube-controller-manager', '-o', 'json')).stdout) as { spec: { holderIdentity: string; leaseTransitions?: number } };
    expect(after.spec.holderIdentity).not.toBe(lease.spec.holderIdentity);
    expect(after.spec.leaseTransitions).toBe(1);
  });
});
