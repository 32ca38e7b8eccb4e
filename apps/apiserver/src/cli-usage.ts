// The usage of the `kapi` command line and the flags `kapi serve` takes.
import { defaultPort } from './serve-options.ts';

/** The flags of `kapi serve`, as node:util parseArgs takes them; each one is described in {@link usage}. */
export const serveFlags = {
  help: { type: 'boolean', short: 'h' },
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
  'root-ca-file': { type: 'string' },
  'terminated-pod-gc-threshold': { type: 'string' },
  'request-profile': { type: 'boolean' },
} as const;

/** What `kapi --help` and `kapi serve --help` print. */
export const usage = `Usage: kapi <command> [flags]

Commands:
  serve     Serve the Kubernetes API on 127.0.0.1
  version   Print the version

Flags of serve:
  -h, --help              print this usage and exit
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
  --root-ca-file FILE     the CA bundle published as every namespace's kube-root-ca.crt (default: a
                          CA kapi makes once in DATA-DIR/pki)
  --terminated-pod-gc-threshold N
                          terminated pods kept before the oldest are deleted (default 12500; 0 = no limit)
  --request-profile       attribute each request's time to the layers it crosses (decode, admission,
                          managedFields, storage, encode), summed at GET /debug/kapi/request-profile
`;
