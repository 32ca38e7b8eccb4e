// The `kapi` command line.
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { defaultPort, ServeOptions, startServer } from './serve.ts';
import { versionInfo } from './version.ts';

const usage = `Usage: kapi <command> [flags]

Commands:
  serve     Serve the Kubernetes API on 127.0.0.1
  version   Print the version

Flags of serve:
  --data-dir DIR          where data and the kubeconfig live (default ./.kapi)
  --port N                port on 127.0.0.1 (default ${defaultPort}; 0 picks a free one)
  --storage sqlite|etcd   embedded SQLite (default) or an etcd cluster
  --etcd-servers URLS     comma-separated etcd client URLs (default http://127.0.0.1:2379)
  --log-level LEVEL       fatal|error|warn|info|debug|trace|silent (default info)
  --compaction-interval S seconds between compactions of the store's history (default 300; 0 = never)
  --encryption-provider-config FILE
                          encrypt resources at rest as an EncryptionConfiguration
                          (apiserver.config.k8s.io/v1) file says: aesgcm, aescbc, secretbox, identity
  --event-ttl DURATION    how long events are kept after each write (default 1h0m0s; 0 = for ever)
  --advertise-address IP  the address the kubernetes Service's Endpoints name (none by default:
                          kapi listens on 127.0.0.1, which Endpoints may not hold)
  --controllers LIST      controllers to run, comma-separated: * (all, the default), NAME, -NAME
                          (garbage-collector-controller, namespace-controller, ... or their aliases:
                          garbagecollector, namespace, ...)
  --leader-elect BOOL     run the controllers under a Lease, one server at a time (default: true
                          over etcd, false over SQLite)
  --leader-elect-lease-duration D, --leader-elect-renew-deadline D, --leader-elect-retry-period D
                          the Lease's timing (default 15s, 10s, 2s)
`;

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
      options: {
        'data-dir': { type: 'string' },
        port: { type: 'string' },
        storage: { type: 'string' },
        'etcd-servers': { type: 'string' },
        'log-level': { type: 'string' },
        'compaction-interval': { type: 'string' },
        'encryption-provider-config': { type: 'string' },
        'advertise-address': { type: 'string' },
        'event-ttl': { type: 'string' },
        controllers: { type: 'string' },
        'leader-elect': { type: 'string' },
        'leader-elect-lease-duration': { type: 'string' },
        'leader-elect-renew-deadline': { type: 'string' },
        'leader-elect-retry-period': { type: 'string' },
      },
      strict: true,
    });
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
