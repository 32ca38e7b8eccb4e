// The options of `kapi serve` (its flags, parsed once at the edge). Kept apart from serve.ts and
// light to import: the command line checks its flags and listens before it loads the API server.
import { isIP } from 'node:net';
import { z } from 'zod';
import { controllerNames, defaultLeaderElection } from './controller-flags.ts';
import { goDurationSeconds, parseGoDuration } from './go-duration.ts';

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
        const known = new Set(controllerNames);
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
