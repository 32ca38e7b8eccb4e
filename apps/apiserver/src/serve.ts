// `kapi serve`: a kube-apiserver on loopback over embedded SQLite or etcd.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { destination, pino, type Logger } from 'pino';
import { z } from 'zod';
import { loadEncryptionConfig } from '@kapi/storage';
import { isIP } from 'node:net';
import { ensureBootstrapObjects } from './bootstrap/index.ts';
import { startFlowSchemaStatusController } from './bootstrap/flowcontrol.ts';
import { startCustomResourceController } from './crd-controller.ts';
import { composeStack, type Stack, type StorageBackend } from './compose.ts';
import { goDurationSeconds, parseGoDuration } from './go-duration.ts';
import { writeKubeconfig } from './kubeconfig.ts';
import { createApiServer } from './server.ts';
import { createFieldManagers } from './field-managers.ts';
import { createOpenAPIV3 } from './openapi.ts';
import { defaultLeaderElection, garbageCollectorEnabled, knownControllers, singleServerNamespaceGracePeriodMs, startControllers } from './controllers.ts';
import { namespaceDeletionGracePeriodMs } from '@kapi/controllers';
import { loadRootCA } from './root-ca.ts';
import type { ControllerManager } from '@kapi/controllers';

/** A Go duration flag (`15s`), in milliseconds. */
function goDuration(defaultMs: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return defaultMs;
      try {
        const ms = Number(parseGoDuration(v)) / 1e6;
        if (ms > 0) return ms;
        ctx.addIssue({ code: 'custom', message: 'must be greater than zero' });
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
      return z.NEVER;
    });
}

/** kapi's default port: next to kube-apiserver's 6443, free of the usual development ports. */
export const defaultPort = 6446;

export const ServeOptions = z
  .object({
    dataDir: z.string().min(1).default('./.kapi'),
    port: z.coerce.number().int().min(0).max(65535).default(defaultPort),
    storage: z.enum(['sqlite', 'etcd']).default('sqlite'),
    etcdServers: z
      .string()
      .default('http://127.0.0.1:2379')
      .transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== '')),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seconds between compactions of the store (kube's --etcd-compaction-interval, 5m); 0 disables. */
    compactionInterval: z.coerce.number().int().min(0).default(300),
    /** An EncryptionConfiguration file (kube's --encryption-provider-config): encryption at rest. */
    encryptionProviderConfig: z.string().min(1).optional(),
    /**
     * The address the `kubernetes` Service's Endpoints and EndpointSlice name (kube's
     * --advertise-address). Without it none are written: kapi listens on loopback, and kube's
     * validation refuses loopback endpoints.
     */
    advertiseAddress: z.string().refine((v) => isIP(v) !== 0, 'must be an IP address').optional(),
    /**
     * The CA bundle published in every namespace's `kube-root-ca.crt` (kube-controller-manager's
     * --root-ca-file). Without it kapi makes a CA once in `<data-dir>/pki` and publishes that.
     */
    rootCAFile: z.string().min(1).optional(),
    /** Attribute each request's time to the layers it crosses, served at /debug/kapi/request-profile (`pnpm bench -- server --profile`). */
    requestProfile: z.boolean().default(false),
    /** Terminated pods kept before PodGC deletes the oldest (--terminated-pod-gc-threshold, 12500; 0 = none). */
    terminatedPodGCThreshold: z.coerce.number().int().min(0).optional(),
    /** How long Events are kept after each write: a Go duration (kube's --event-ttl, 1h), parsed to whole seconds. */
    eventTTL: z
      .string()
      .default('1h0m0s')
      .transform((v, ctx) => {
        try {
          return goDurationSeconds(v);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * The controllers to run (kube-controller-manager's --controllers): `*` for all, a name to
     * enable one, `-name` to switch one off; comma-separated.
     */
    controllers: z
      .string()
      .default('*')
      .transform((v) => v.split(',').map((x) => x.trim()).filter((x) => x !== ''))
      .superRefine((names, ctx) => {
        const known = new Set(knownControllers());
        for (const n of names) {
          const bare = n.startsWith('-') ? n.slice(1) : n;
          if (n !== '*' && !known.has(bare)) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(bare)} is not in the list of known controllers` });
        }
      }),
    /** Run the controllers under a Lease (--leader-elect); default: over etcd, where several servers may share the store. */
    leaderElect: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    leaderElectLeaseDuration: goDuration(defaultLeaderElection.leaseDurationMs),
    leaderElectRenewDeadline: goDuration(defaultLeaderElection.renewDeadlineMs),
    leaderElectRetryPeriod: goDuration(defaultLeaderElection.retryPeriodMs),
  })
  .strict();
export type ServeOptions = z.output<typeof ServeOptions>;

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

/** Starts the server: opens storage, listens, writes the kubeconfig. */
export async function startServer(options: ServeOptions, logger: Logger = pino({ level: options.logLevel }, destination(2))): Promise<RunningServer> {
  // A bad configuration stops the server before it opens anything, as kube-apiserver does.
  const encryption = options.encryptionProviderConfig === undefined ? undefined : loadEncryptionConfig(options.encryptionProviderConfig);
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
  const server = createApiServer({ registry: stack.registry, logger, fieldManagers, storageHealth: stack.storageHealth, requestProfile: options.requestProfile });
  let port: number;
  try {
    port = await listen(server, options.port);
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
