// startTestServer(): what envtest is for Go controllers, in-process and in well under a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { ensureBootstrapObjects } from '../bootstrap/index.ts';
import { startFlowSchemaStatusController } from '../bootstrap/flowcontrol.ts';
import { startCustomResourceController } from '../crd-controller.ts';
import { composeStack, type StorageBackend } from '../compose.ts';
import { writeKubeconfig } from '../kubeconfig.ts';
import { goDurationSeconds } from '../go-duration.ts';
import { createApiServer } from '../server.ts';
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
  /** Keep managedFields and serve server-side apply (default true; false only to measure their cost). */
  trackManagedFields?: boolean;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A kubeconfig file pointing at the server (removed by stop()). */
  kubeconfigPath: string;
  registry: Registry;
  /** The server's KV: the values exactly as stored (under `/registry/...`). */
  kv: KV;
  stop(): Promise<void>;
}

/** Starts a kapi server on a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const backend: StorageBackend = options.storage ?? { kind: 'sqlite-memory' };
  const encryption = options.encryptionProviderConfig === undefined ? undefined : loadEncryptionConfig(options.encryptionProviderConfig);
  const eventTTLSeconds = options.eventTTL === undefined ? undefined : goDurationSeconds(options.eventTTL);
  const stack = await composeStack(backend, { ...(encryption ? { encryption } : {}), ...(eventTTLSeconds !== undefined ? { eventTTLSeconds } : {}) });
  const logger = pino({ level: options.logLevel ?? 'silent' });
  const server = createApiServer({ registry: stack.registry, logger, ...(options.trackManagedFields === false ? { trackManagedFields: false } : {}) });
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
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'kapi-test-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  writeKubeconfig(kubeconfigPath, url);
  return {
    url,
    kubeconfigPath,
    registry: stack.registry,
    kv: stack.kv,
    async stop() {
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
