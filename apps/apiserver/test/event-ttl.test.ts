// Events expire --event-ttl after their last write, as kube-apiserver's do (issue 15): over SQLite
// and etcd, created through core/v1 or events.k8s.io/v1 with @kubernetes/client-node, and with
// kubectl against `kapi serve --event-ttl`. The tests wait for what a client observes — the watch's
// DELETED events, a read that answers 404 — never for a span of time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServeOptions } from '../src/serve.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../src/testing/index.ts';
import { kubectl, kubectlPath, startKapiServe, type ServeProcess } from './kubectl.ts';

/** Generous: a 2 s TTL, etcd's lease checks every 500 ms, a loaded CI machine. */
const expiryTimeoutMs = 30_000;

const coreEvent = (name: string): k8s.CoreV1Event => ({
  metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', apiVersion: 'v1' },
  reason: 'Started',
  message: 'started',
  type: 'Normal',
});

const eventsV1Event = (name: string): k8s.EventsV1Event => ({
  metadata: { name, namespace: 'default' },
  eventTime: new Date('2026-01-01T00:00:00Z'),
  reportingController: 'example.com/ctl',
  reportingInstance: 'ctl-1',
  action: 'Start',
  reason: 'Started',
  regarding: { kind: 'Pod', name: 'web', namespace: 'default', apiVersion: 'v1' },
  note: 'started',
  type: 'Normal',
});

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return (err as { code: number }).code;
  }
}

/** A promise with its resolve and reject (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Watches the default namespace's Events from `resourceVersion` and resolves each name's DELETED event. */
async function watchDeletions(kc: k8s.KubeConfig, resourceVersion: string, names: readonly string[]) {
  const pending = new Map(names.map((n) => [n, deferred<k8s.CoreV1Event>()]));
  const req = await new k8s.Watch(kc).watch(
    '/api/v1/namespaces/default/events',
    { resourceVersion },
    (type: string, obj: k8s.CoreV1Event) => {
      if (type === 'DELETED') pending.get(obj.metadata?.name ?? '')?.resolve(obj);
    },
    (err: unknown) => {
      for (const p of pending.values()) p.reject(err ?? new Error('the watch ended'));
    },
  );
  // Failures surface through all(); none is left unhandled when a test stops early.
  for (const p of pending.values()) p.promise.catch(() => undefined);
  return {
    all: () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no DELETED events within ${expiryTimeoutMs} ms`)), expiryTimeoutMs);
      });
      return Promise.race([Promise.all([...pending.values()].map((p) => p.promise)), timeout]).finally(() => clearTimeout(timer));
    },
    stop: () => req.abort(),
  };
}

function backendSuite(name: string, storage: () => TestServerOptions['storage']) {
  describe(`Event TTL over ${name}`, () => {
    let server: TestServer;
    let kc: k8s.KubeConfig;
    let core: k8s.CoreV1Api;
    let eventsV1: k8s.EventsV1Api;

    beforeAll(async () => {
      const s = storage();
      server = await startTestServer({ eventTTL: '2s', ...(s ? { storage: s } : {}) });
      kc = new k8s.KubeConfig();
      kc.loadFromFile(server.kubeconfigPath);
      core = kc.makeApiClient(k8s.CoreV1Api);
      eventsV1 = kc.makeApiClient(k8s.EventsV1Api);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('Events of both API versions disappear after the TTL, and a watch delivers their deletion', { timeout: expiryTimeoutMs + 10_000 }, async () => {
      const list = await core.listNamespacedEvent({ namespace: 'default' });
      const watch = await watchDeletions(kc, list.metadata!.resourceVersion!, ['legacy', 'modern']);
      try {
        const legacy = await core.createNamespacedEvent({ namespace: 'default', body: coreEvent('legacy') });
        const modern = await eventsV1.createNamespacedEvent({ namespace: 'default', body: eventsV1Event('modern') });
        const deleted = await watch.all();
        expect(deleted.map((e) => e.metadata?.uid)).toEqual([legacy.metadata?.uid, modern.metadata?.uid]);
        for (const e of deleted) expect(Number(e.metadata?.resourceVersion)).toBeGreaterThan(Number(modern.metadata?.resourceVersion));
        expect(await status(core.readNamespacedEvent({ name: 'legacy', namespace: 'default' }))).toBe(404);
        expect(await status(eventsV1.readNamespacedEvent({ name: 'modern', namespace: 'default' }))).toBe(404);
        const after = await core.listNamespacedEvent({ namespace: 'default' });
        expect(after.items.map((e) => e.metadata?.name)).not.toContain('legacy');
      } finally {
        watch.stop();
      }
    });

    it('leaves other kinds alone', async () => {
      await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'kept' } } });
      const key = '/registry/configmaps/default/kept';
      expect((await server.kv.range(key)).kvs[0]?.lease).toBe(0);
    });
  });
}

backendSuite('SQLite', () => undefined);

let etcd: EtcdServer | undefined;
describe('etcd', () => {
  beforeAll(async () => {
    etcd = await startEtcd();
  });
  afterAll(async () => {
    await etcd?.stop();
  });
  backendSuite('etcd', () => ({ kind: 'etcd', endpoints: etcd!.endpoints }));
});

describe('the --event-ttl setting', () => {
  it('is a Go duration, 1h by default, taken in whole seconds', () => {
    expect(ServeOptions.parse({}).eventTTL).toBe(3600);
    expect(ServeOptions.parse({ eventTTL: '1h30m' }).eventTTL).toBe(5400);
    expect(ServeOptions.parse({ eventTTL: '0' }).eventTTL).toBe(0);
    expect(() => ServeOptions.parse({ eventTTL: '1d' })).toThrow('time: unknown unit \\"d\\" in duration \\"1d\\"');
  });

  it('holds Events on an hour-long lease by default', async () => {
    const server = await startTestServer();
    try {
      const kc = new k8s.KubeConfig();
      kc.loadFromFile(server.kubeconfigPath);
      await kc.makeApiClient(k8s.CoreV1Api).createNamespacedEvent({ namespace: 'default', body: coreEvent('hourly') });
      expect((await server.kv.range('/registry/events/default/hourly')).kvs[0]?.lease).not.toBe(0);
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(!kubectlPath)('kubectl against kapi serve --event-ttl 2s', () => {
  let serve: ServeProcess;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-event-ttl-'));
    serve = await startKapiServe(['--data-dir', dir, '--port', '0', '--event-ttl', '2s', '--log-level', 'warn']);
  });
  afterAll(async () => {
    await serve?.interrupt();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an Event created with kubectl is gone after the TTL', { timeout: expiryTimeoutMs + 10_000 }, async () => {
    const file = join(dir, 'event.yaml');
    writeFileSync(
      file,
      `apiVersion: v1
kind: Event
metadata:
  name: from-kubectl
  namespace: default
involvedObject:
  kind: Pod
  name: web
  namespace: default
reason: Started
message: started
type: Normal
`,
    );
    const created = await kubectl(serve.kubeconfig, ['create', '-f', file]);
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toBe('event/from-kubectl created');
    const deadline = Date.now() + expiryTimeoutMs;
    for (;;) {
      const got = await kubectl(serve.kubeconfig, ['get', 'event', 'from-kubectl', '-o', 'name']);
      if (got.code !== 0) {
        expect(got.stderr.trim()).toBe('Error from server (NotFound): events "from-kubectl" not found');
        break;
      }
      expect(got.stdout.trim()).toBe('event/from-kubectl');
      if (Date.now() > deadline) throw new Error(`the Event was still there after ${expiryTimeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
