// PodGC with kubectl against a test server: the pods a kubelet would have finished are removed as
// kube-controller-manager's PodGC removes them. Here it runs with short periods (kube: a run every
// 20 s, a missing node quarantined 40 s): a run every 100 ms, 2 s of quarantine (long enough for
// the test's own writes to an orphan to land first). The server's own PodGC runs with kube's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podGCController, startControllerManager, type ControllerManager } from '@kapi/controllers';
import { eventually } from '@kapi/controllers/testing';
import { createFieldManagers } from '../src/field-managers.ts';
import { createLoopbackClient } from '../src/loopback-client.ts';
import { createOpenAPIV3 } from '../src/openapi.ts';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubectl, kubectlPath, kubectlWatch } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the PodGC kubectl tests are skipped');

interface Pod {
  metadata: { name: string; deletionTimestamp?: string; managedFields?: { manager: string; operation: string; subresource?: string; fieldsV1?: unknown }[] };
  status: { phase: string; conditions?: { type: string; status: string; reason?: string; message?: string }[] };
}

describe.skipIf(!kubectlPath)('PodGC with kubectl', () => {
  let server: TestServer;
  let podgc: ControllerManager;
  let dir: string;
  const k = async (...args: string[]) => kubectl(server.kubeconfigPath, args);
  const create = async (name: string, obj: object) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(obj));
    const got = await k('create', '-f', file);
    expect(got.stderr).toBe('');
  };
  const getPod = async (name: string): Promise<Pod | undefined> => {
    const got = await k('get', 'pod', name, '-o', 'json', '--show-managed-fields');
    if (got.stderr.includes('NotFound')) return undefined;
    return JSON.parse(got.stdout) as Pod;
  };
  const node = (name: string, ready: boolean, taints: object[] = []) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    spec: { taints },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', reason: 'KubeletReady', message: 'test', lastHeartbeatTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }] },
  });
  const pod = (name: string, nodeName?: string, finalizers?: string[]) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(finalizers ? { finalizers } : {}) },
    spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx' }] },
  });
  const running = async (name: string) => {
    const got = await k('patch', 'pod', name, '--subresource=status', '--type=merge', '-p', JSON.stringify({ status: { phase: 'Running' } }));
    expect(got.stderr).toBe('');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-podgc-'));
    server = await startTestServer({ controllers: ['*', '-podgc'] });
    const logger = pino({ level: 'silent' });
    const client = createLoopbackClient({ registry: server.registry, fieldManagers: createFieldManagers(createOpenAPIV3(server.registry), logger, true, server.registry) });
    podgc = startControllerManager({ client, controllers: [podGCController({ gcCheckPeriodMs: 100, quarantineMs: 2000 })] });
    await podgc.idle();
  });
  afterAll(async () => {
    await podgc?.stop();
    await server?.stop();
  });

  it('a pod bound to a node that does not exist is marked Failed with DisruptionTarget, then deleted', async () => {
    await create('node-1', node('node-1', true));
    await create('bound', pod('bound', 'node-1'));
    const watch = kubectlWatch(server.kubeconfigPath, [
      'get',
      'pods',
      '--watch',
      '--output-watch-events',
      '-o',
      'jsonpath={.type} {.object.metadata.name} {.object.status.phase} {.object.status.conditions[?(@.type=="DisruptionTarget")].status} {.object.status.conditions[?(@.type=="DisruptionTarget")].reason} {.object.status.conditions[?(@.type=="DisruptionTarget")].message} {.object.metadata.deletionGracePeriodSeconds}{"\\n"}',
    ]);
    try {
      // The watch is up once it has listed `bound`.
      await watch.waitFor(1);
      await create('orphan', pod('orphan', 'ghost'));
      await running('orphan');
      await eventually(() => expect(watch.lines.filter((l) => l.includes(' orphan ')).at(-1)).toMatch(/^DELETED /));
      // The status patch, then the delete with grace 0: kube's store marks the pod (deletionTimestamp,
      // deletionGracePeriodSeconds 0) and removes it at once.
      expect(watch.lines.filter((l) => l.includes(' orphan '))).toEqual([
        'ADDED orphan Pending    ',
        'MODIFIED orphan Running    ',
        'MODIFIED orphan Failed True DeletionByPodGC PodGC: node no longer exists ',
        'MODIFIED orphan Failed True DeletionByPodGC PodGC: node no longer exists 0',
        'DELETED orphan Failed True DeletionByPodGC PodGC: node no longer exists 0',
      ]);
    } finally {
      watch.stop();
    }
    expect(await getPod('orphan')).toBeUndefined();
    await podgc.idle();
    expect((await getPod('bound'))?.status.phase).toBe('Pending');
  });

  it('a pod deleted gracefully stays Terminating on its node; once the node is gone PodGC removes it', async () => {
    expect((await k('delete', 'pod', 'bound', '--wait=false')).stdout.trim()).toBe('pod "bound" deleted');
    const terminating = await getPod('bound');
    expect(terminating?.metadata.deletionTimestamp).toBeDefined();
    await podgc.idle();
    expect(await getPod('bound')).toBeDefined();
    expect((await k('delete', 'node', 'node-1')).code).toBe(0);
    await eventually(async () => expect(await getPod('bound')).toBeUndefined());
  });

  it('a terminating pod on a node that is not ready and tainted out-of-service is force-deleted', async () => {
    await create('down', node('down', false, [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: 'NoExecute' }]));
    await create('stuck', pod('stuck', 'down'));
    await running('stuck');
    await k('delete', 'pod', 'stuck', '--wait=false');
    await eventually(async () => expect(await getPod('stuck')).toBeUndefined());
  });

  it('an unscheduled terminating pod held by a finalizer is marked Failed by kube-controller-manager through pods/status', async () => {
    await create('held', pod('held', undefined, ['example.com/hold']));
    await k('delete', 'pod', 'held', '--wait=false');
    const held = await eventually(async () => {
      const p = await getPod('held');
      expect(p?.status.phase).toBe('Failed');
      return p!;
    });
    expect(held.status.conditions ?? []).not.toContainEqual(expect.objectContaining({ type: 'DisruptionTarget' }));
    expect(held.metadata.managedFields).toContainEqual(
      expect.objectContaining({ manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', fieldsV1: { 'f:status': { 'f:phase': {} } } }),
    );
    await k('patch', 'pod', 'held', '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]');
    await eventually(async () => expect(await getPod('held')).toBeUndefined());
  });
});
