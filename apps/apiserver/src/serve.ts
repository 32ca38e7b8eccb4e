// `kapi serve`: a kube-apiserver on loopback over embedded SQLite or etcd.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { destination, pino, type Logger } from 'pino';
import { loadEncryptionConfig, type ResourceTransformers } from '@kapi/storage';
import { ensureBootstrapObjects } from './bootstrap/index.ts';
import { startFlowSchemaStatusController } from './bootstrap/flowcontrol.ts';
import { startCustomResourceController } from './crd-controller.ts';
import { composeStack, type Stack, type StorageBackend } from './compose.ts';
import { writeKubeconfig } from './kubeconfig.ts';
import { createApiHandler, createApiServer } from './server.ts';
import { createFieldManagers } from './field-managers.ts';
import { createOpenAPIV3 } from './openapi.ts';
import { garbageCollectorEnabled, singleServerNamespaceGracePeriodMs, startControllers } from './controllers.ts';
import { namespaceDeletionGracePeriodMs } from '@kapi/controllers';
import { loadRootCA } from './root-ca.ts';
import type { ControllerManager } from '@kapi/controllers';
import type { ServeOptions } from './serve-options.ts';
import type { ListeningServer } from './listen-early.ts';

export { ServeOptions, defaultPort } from './serve-options.ts';

export interface RunningServer {
  url: string;
  port: number;
  kubeconfigPath: string;
  stack: Stack;
  server: Server;
  /** The controllers running in this server (garbage collector, namespace …). */
  controllers: ControllerManager;
  logger: Logger;
  stop(): Promise<void>;
}

/** Listens on 127.0.0.1 only; rejects when the port is taken. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

/** What the command line has done before it loads the server: its socket, the configuration files it read. */
export interface StartedEarly {
  /** The socket, listening on options.port: requests other than /version wait until the server is ready. */
  listening: ListeningServer;
  /** The encryption configuration read from options.encryptionProviderConfig. */
  encryption?: ResourceTransformers;
}

/**
 * Starts the server: opens storage, listens (or takes the socket `early` opened), writes the
 * bootstrap objects, starts the controllers, writes the kubeconfig; resolves once it serves.
 */
export async function startServer(options: ServeOptions, logger: Logger = pino({ level: options.logLevel }, destination(2)), early?: StartedEarly): Promise<RunningServer> {
  // A bad configuration stops the server before it opens anything, as kube-apiserver does.
  const encryption = early
    ? early.encryption
    : options.encryptionProviderConfig === undefined
      ? undefined
      : loadEncryptionConfig(options.encryptionProviderConfig);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const backend: StorageBackend = options.storage === 'sqlite' ? { kind: 'sqlite', dataDir } : { kind: 'etcd', endpoints: options.etcdServers };
  const stack = await composeStack(backend, {
    compactionIntervalMs: options.compactionInterval * 1000,
    onCompactionError: (err) => logger.warn({ err }, 'compaction failed; retrying at the next interval'),
    logger,
    garbageCollection: garbageCollectorEnabled(options.controllers),
    requestProfile: options.requestProfile,
    eventTTLSeconds: options.eventTTL,
    ...(encryption ? { encryption } : {}),
  });
  if (encryption) logger.info({ resources: encryption.configured }, 'encryption at rest configured');
  // One set of field managers for HTTP writes and the controllers' in-process ones.
  const fieldManagers = createFieldManagers(createOpenAPIV3(stack.registry), logger, true, stack.registry);
  const handlerOptions = { registry: stack.registry, logger, fieldManagers, storageHealth: stack.storageHealth, requestProfile: options.requestProfile };
  const server = early ? early.listening.server : createApiServer(handlerOptions);
  let port: number;
  try {
    port = early ? early.listening.port : await listen(server, options.port);
    // The bootstrap objects (RBAC policy, the `kubernetes` Service) before the server reports ready.
    await ensureBootstrapObjects(stack.registry, port, options.advertiseAddress);
  } catch (err) {
    server.close();
    server.closeAllConnections();
    await stack.close();
    throw err;
  }
  // The APF configuration controller's status half: FlowSchemas' Dangling condition follows their priority levels.
  const flowSchemaStatus = startFlowSchemaStatusController(stack.registry, (err) => logger.warn({ err }, 'flowschema status update failed'));
  // Custom resources: every CRD's served versions, and the CRDs' status.
  const customResources = startCustomResourceController(stack.registry, (err) => logger.warn({ err }, 'custom resource controller failed'));
  await customResources.ready;
  // kube-controller-manager's part: under a Lease where several servers may share the store.
  const leaderElect = options.leaderElect ?? options.storage === 'etcd';
  const rootCA = await loadRootCA({ ...(options.rootCAFile !== undefined ? { rootCAFile: options.rootCAFile } : {}), dataDir });
  const controllers = startControllers(stack.registry, fieldManagers, logger, {
    enabled: options.controllers,
    rootCA: rootCA.certPEM,
    // kube's 5 s lets other servers over the same etcd see a namespace's deletion before it is emptied.
    namespaceDeletionGracePeriodMs: leaderElect ? namespaceDeletionGracePeriodMs : singleServerNamespaceGracePeriodMs,
    ...(options.terminatedPodGCThreshold !== undefined ? { terminatedPodGCThreshold: options.terminatedPodGCThreshold } : {}),
    leaderElection: leaderElect
      ? { leaseDurationMs: options.leaderElectLeaseDuration, renewDeadlineMs: options.leaderElectRenewDeadline, retryPeriodMs: options.leaderElectRetryPeriod }
      : false,
  });
  const url = `http://127.0.0.1:${port}`;
  const kubeconfigPath = join(dataDir, 'kubeconfig');
  writeKubeconfig(kubeconfigPath, url);
  // Requests held since the socket opened are answered now, as if they had just arrived.
  early?.listening.serve(createApiHandler({ ...handlerOptions, shuttingDown: () => !server.listening }));
  logger.info({ url, storage: options.storage, dataDir }, 'kapi is serving');
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    kubeconfigPath,
    stack,
    server,
    logger,
    controllers,
    stop() {
      stopping ??= (async () => {
        await controllers.stop();
        await flowSchemaStatus.stop();
        await customResources.stop();
        await new Promise<void>((r) => {
          server.close(() => r());
          server.closeAllConnections();
        });
        await stack.close();
      })();
      return stopping;
    },
  };
}
