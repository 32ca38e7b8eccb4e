// The `kapi` command line.
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ServeOptions, startServer } from './serve.ts';
import { serveFlags, usage } from './cli-usage.ts';
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

  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(options);
  } catch (err) {
    process.stderr.write(`kapi serve: ${(err as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`export KUBECONFIG=${running.kubeconfigPath}\n`);
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
