// The `kapi` command line. `kapi serve` checks its flags and listens before it loads the API server
// (listen-early.ts: /version answers at once, other requests wait until the server is ready).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ServeOptions } from './serve-options.ts';
import type { StartedEarly } from './serve.ts';
import { serveFlags, usage } from './cli-usage.ts';
import { writeKubeconfig } from './kubeconfig.ts';
import { listenEarly } from './listen-early.ts';
import { versionInfo } from './version.ts';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(usage);
    return command === undefined ? 1 : 0;
  }
  if (command === 'version') {
    process.stdout.write(`${versionInfo().gitVersion}\n`);
    return 0;
  }
  if (command !== 'serve') {
    process.stderr.write(`kapi: unknown command ${JSON.stringify(command)}\n\n${usage}`);
    return 1;
  }
  let options: ServeOptions;
  try {
    const { values } = parseArgs({
      args: rest,
      options: serveFlags,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(usage);
      return 0;
    }
    options = ServeOptions.parse({
      dataDir: values['data-dir'],
      port: values.port,
      storage: values.storage,
      etcdServers: values['etcd-servers'],
      logLevel: values['log-level'],
      compactionInterval: values['compaction-interval'],
      encryptionProviderConfig: values['encryption-provider-config'],
      advertiseAddress: values['advertise-address'],
      eventTTL: values['event-ttl'],
      controllers: values.controllers,
      leaderElect: values['leader-elect'],
      leaderElectLeaseDuration: values['leader-elect-lease-duration'],
      leaderElectRenewDeadline: values['leader-elect-renew-deadline'],
      leaderElectRetryPeriod: values['leader-elect-retry-period'],
      rootCAFile: values['root-ca-file'],
      terminatedPodGCThreshold: values['terminated-pod-gc-threshold'],
      requestProfile: values['request-profile'],
    });
  } catch (err) {
    const msg = err instanceof ZodError ? err.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n') : (err as Error).message;
    process.stderr.write(`kapi serve: ${msg}\n\n${usage}`);
    return 1;
  }

  // A bad configuration stops the server before it listens. Its files are read here, so that the
  // storage library loads only when encryption at rest is configured.
  let early: StartedEarly;
  const dataDir = resolve(options.dataDir);
  try {
    const encryption = options.encryptionProviderConfig === undefined ? undefined : (await import('@kapi/storage')).loadEncryptionConfig(options.encryptionProviderConfig);
    if (options.rootCAFile !== undefined) await (await import('./root-ca.ts')).loadRootCA({ rootCAFile: options.rootCAFile });
    mkdirSync(dataDir, { recursive: true });
    early = { listening: await listenEarly(options.port), ...(encryption ? { encryption } : {}) };
  } catch (err) {
    process.stderr.write(`kapi serve: ${(err as Error).message}\n`);
    return 1;
  }
  // The kubeconfig as soon as the server listens: a client's requests wait for it to be ready.
  const kubeconfigPath = join(dataDir, 'kubeconfig');
  writeKubeconfig(kubeconfigPath, `http://127.0.0.1:${early.listening.port}`);
  process.stdout.write(`export KUBECONFIG=${kubeconfigPath}\n`);
  let running: Awaited<ReturnType<typeof import('./serve.ts').startServer>>;
  try {
    const { startServer } = await import('./serve.ts');
    running = await startServer(options, undefined, early);
  } catch (err) {
    await early.listening.close();
    process.stderr.write(`kapi serve: ${(err as Error).message}\n`);
    return 1;
  }
  await new Promise<void>((resolve) => {
    const onSignal = (signal: string) => {
      running.logger.info({ signal }, 'stopping');
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      running.stop().then(resolve, (err: unknown) => {
        running.logger.error({ err }, 'error while stopping');
        resolve();
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`kapi: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
