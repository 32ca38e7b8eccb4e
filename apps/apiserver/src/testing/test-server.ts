// startTestServer(): what envtest is for Go controllers, in-process and in well under a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ensureBootstrapObjects } from '../bootstrap/index.ts';
import { startFlowSchemaStatusController } from '../bootstrap/flowcontrol.ts';
import { startCustomResourceController } from '../crd-controller.ts';
import { composeStack, type StorageBackend } from '../compose.ts';
import { writeKubeconfig } from '../kubeconfig.ts';
import { goDurationSeconds } from '../go-duration.ts';
import { createApiServer } from '../server.ts';
import { createFieldManagers } from '../field-managers.ts';
import { createOpenAPIV3 } from '../openapi.ts';
import { garbageCollectorEnabled, singleServerNamespaceGracePeriodMs, startControllers } from '../controllers.ts';
import { namespaceDeletionGracePeriodMs } from '@kapi/controllers';
import { loadRootCA } from '../root-ca.ts';
import type { ControllerManager } from '@kapi/controllers';
import type { Registry } from '@kapi/registry';
import { loadEncryptionConfig, type KV } from '@kapi/storage';
import type { AddressInfo } from 'node:net';

export interface TestServerOptions {
  /** Default: in-memory SQLite. */
  storage?: { kind: 'sqlite-memory' } | { kind: 'sqlite'; dataDir: string } | { kind: 'etcd'; endpoints: string[] };
  /** Default 'silent'. */
  logLevel?: string;
  /** An EncryptionConfiguration file, as `kapi serve --encryption-provider-config`: encryption at rest. */
  encryptionProviderConfig?: string;
  /** The address of the `kubernetes` Service's endpoints (kube's --advertise-address); none by default. */
  advertiseAddress?: string;
  /** How long Events are kept after each write, a Go duration as `kapi serve --event-ttl` takes it ('2s'; default '1h'). */
  eventTTL?: string;
  /** Attribute each request's time to the layers it crosses, served at /debug/kapi/request-profile (as `kapi serve --request-profile`). */
  requestProfile?: boolean;
  /** Keep managedFields and serve server-side apply (default true; false only to measure their cost). */
  trackManagedFields?: boolean;
  /**
   * The controllers to run, as `kapi serve --controllers` takes them: `['*']` (default) runs the
   * garbage collector, the namespace controller and the others; `[]` runs none (envtest's bare API).
   */
  controllers?: readonly string[];
  /** A CA bundle to publish as every namespace's `kube-root-ca.crt` (kube's --root-ca-file); default: the data dir's CA (SQLite on a file), else one made once per process. */
  rootCAFile?: string;
  /**
   * How long a deleted namespace waits before the namespace controller empties it, in ms: 1 s on a
   * single server (enough for `kubectl delete -f` to delete what it listed), kube's 5 s under leader
   * election; 0 empties it at once.
   */
  namespaceDeletionGracePeriodMs?: number;
  /** Run the controllers under a Lease (several test servers over one etcd), with these durations in ms. */
  leaderElection?: { leaseDurationMs: number; renewDeadlineMs: number; retryPeriodMs: number };
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A kubeconfig file pointing at the server (removed by stop()). */
  kubeconfigPath: string;
  registry: Registry;
  /** The server's KV: the values exactly as stored (under `/registry/...`). */
  kv: KV;
  /** The controllers running in the server: `await controllers.idle()` waits until they have nothing queued. */
  controllers: ControllerManager;
  stop(): Promise<void>;
}

const noop = () => {};
/** The logger of a test server that logs nothing (the default): the logging library is not loaded for it. */
const silentLogger: Logger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
  isLevelEnabled: () => false,
} as unknown as Logger;

/** Starts a kapi server on a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const backend: StorageBackend = options.storage ?? { kind: 'sqlite-memory' };
  const encryption = options.encryptionProviderConfig === undefined ? undefined : loadEncryptionConfig(options.encryptionProviderConfig);
  const eventTTLSeconds = options.eventTTL === undefined ? undefined : goDurationSeconds(options.eventTTL);
  const enabled = options.controllers ?? ['*'];
  const stack = await composeStack(backend, {
    ...(encryption ? { encryption } : {}),
    ...(eventTTLSeconds !== undefined ? { eventTTLSeconds } : {}),
    garbageCollection: garbageCollectorEnabled(enabled),
    ...(options.requestProfile ? { requestProfile: true } : {}),
  });
  const level = options.logLevel ?? 'silent';
  const logger = level === 'silent' ? silentLogger : (await import('pino')).pino({ level });
  const fieldManagers = createFieldManagers(createOpenAPIV3(stack.registry), logger, options.trackManagedFields ?? true, stack.registry);
  const server = createApiServer({ registry: stack.registry, logger, fieldManagers, storageHealth: stack.storageHealth, ...(options.requestProfile ? { requestProfile: true } : {}) });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  try {
    await ensureBootstrapObjects(stack.registry, port, options.advertiseAddress);
  } catch (err) {
    server.close();
    server.closeAllConnections();
    await stack.close();
    throw err;
  }
  const flowSchemaStatus = startFlowSchemaStatusController(stack.registry);
  const customResources = startCustomResourceController(stack.registry);
  await customResources.ready;
  // The root CA every namespace's kube-root-ca.crt holds: the given file's, or one made per process.
  // A given CA file is read before the server reports ready (a bad one fails the start, as kube's
  // flag does); a CA to make is made while the controllers start (the publisher waits for it).
  const made = loadRootCA({
    ...(options.rootCAFile !== undefined ? { rootCAFile: options.rootCAFile } : {}),
    ...(backend.kind === 'sqlite' ? { dataDir: backend.dataDir } : {}),
  }).then((ca) => ca.certPEM);
  const rootCA = options.rootCAFile !== undefined ? await made : made;
  const controllers = startControllers(stack.registry, fieldManagers, logger, {
    enabled,
    rootCA,
    namespaceDeletionGracePeriodMs: options.namespaceDeletionGracePeriodMs ?? (options.leaderElection ? namespaceDeletionGracePeriodMs : singleServerNamespaceGracePeriodMs),
    ...(options.leaderElection ? { leaderElection: options.leaderElection } : {}),
  });
  // A test starts on a settled server, as on a cluster that has been up a while: the system
  // namespaces hold their ServiceAccounts and kube-root-ca.crt, the aggregated roles their rules.
  await controllers.idle();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'kapi-test-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeKubeconfig(kubeconfigPath, url);
  return {
    url,
    kubeconfigPath,
    registry: stack.registry,
    kv: stack.kv,
    controllers,
    async stop() {
      await controllers.stop();
      await flowSchemaStatus.stop();
      await customResources.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stack.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
