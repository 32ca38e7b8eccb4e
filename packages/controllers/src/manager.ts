// Behaviour of k8s.io/kubernetes/cmd/kube-controller-manager/app (controller descriptors, the
// --controllers flag with `*`, `foo` and `-foo`, the shared informer factory, leader election
// around them all) (v1.33): starts the controllers a control plane without a kubelet needs.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { KubeObject } from '@kapi/apimachinery';
import type { ControllerClient } from './client.ts';
import { createEventRecorder, type EventRecorder } from './events.ts';
import { createInformer, type Informer } from './informer.ts';
import { startLeaderElection, type LeaderElector } from './leader-election.ts';

/** What a controller gets to run with. */
export interface ControllerContext {
  readonly client: ControllerClient;
  /**
   * Informers shared by the controllers, by group, version and resource, and field selector: a
   * controller that follows a few objects by name keeps just those, not a copy of every one.
   */
  informer(group: string, version: string, resource: string, fieldSelector?: string): Informer;
  /** An event recorder reporting as `component`. */
  recorder(component: string): EventRecorder;
  readonly log: ControllerLogger;
}

export interface ControllerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RunningController {
  stop(): Promise<void> | void;
  /** Resolves once the controller has nothing queued (tests and benchmarks wait on it). */
  idle?(): Promise<void>;
}

/** A controller as kube-controller-manager describes one: its name for --controllers, and how it starts. */
export interface ControllerDescriptor {
  readonly name: string;
  /** Older names --controllers accepts too (kube 1.33's aliases: `garbagecollector`, `namespace` …). */
  readonly aliases?: readonly string[];
  /** Off unless named (kube's disabled-by-default controllers). */
  readonly disabledByDefault?: boolean;
  start(ctx: ControllerContext): RunningController;
}

/**
 * Whether a controller runs under --controllers (kube's IsControllerEnabled): `-name` disables it,
 * `name` enables it (by its name or an alias), `*` enables every controller not disabled by default.
 */
export function isControllerEnabled(c: Pick<ControllerDescriptor, 'name' | 'aliases' | 'disabledByDefault'>, flags: readonly string[]): boolean {
  const names = [c.name, ...(c.aliases ?? [])];
  let star = false;
  for (const f of flags) {
    if (names.includes(f)) return true;
    if (f.startsWith('-') && names.includes(f.slice(1))) return false;
    if (f === '*') star = true;
  }
  return star && !(c.disabledByDefault ?? false);
}

export interface ControllerManagerOptions {
  client: ControllerClient;
  controllers: readonly ControllerDescriptor[];
  /** kube's --controllers (default `*`). */
  enabled?: readonly string[];
  /** Run under a Lease (several replicas over one store); absent: run at once. */
  leaderElection?: { leaseDurationMs: number; renewDeadlineMs: number; retryPeriodMs: number; namespace?: string; name?: string; identity?: string };
  log?: ControllerLogger;
}

export interface ControllerManager {
  /** The names of the controllers that run when this replica leads. */
  readonly enabled: readonly string[];
  isLeader(): boolean;
  /**
   * Resolves once every running controller is idle: their informers have seen every write made
   * before the call, and nothing is queued (keys retrying after a failure aside).
   */
  idle(): Promise<void>;
  /** Resolves once this replica leads and its controllers have started. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

const quiet: ControllerLogger = { info: () => {}, warn: () => {} };

export function startControllerManager(options: ControllerManagerOptions): ControllerManager {
  const { client } = options;
  const log = options.log ?? quiet;
  const flags = options.enabled ?? ['*'];
  const enabled = options.controllers.filter((c) => isControllerEnabled(c, flags));
  const identity = options.leaderElection?.identity ?? `${hostname()}_${randomUUID()}`;
  let running: { controllers: RunningController[]; informers: Map<string, Informer> } | undefined;
  let resolveStarted!: () => void;
  const started = new Promise<void>((r) => (resolveStarted = r));

  const startAll = () => {
    const informers = new Map<string, Informer>();
    const ctx: ControllerContext = {
      client,
      log,
      informer(group, version, resource, fieldSelector) {
        const key = `${group}/${version}/${resource}${fieldSelector ? `?fieldSelector=${fieldSelector}` : ''}`;
        let inf = informers.get(key);
        if (!inf) {
          const rc = client.resource(group, version, resource);
          if (!rc) throw new Error(`${group}/${version}/${resource} is not served`);
          inf = createInformer<KubeObject>(rc, { ...(fieldSelector ? { fieldSelector } : {}), onError: (err) => log.warn({ err, resource: key }, 'informer failed; listing again') });
          informers.set(key, inf);
        }
        return inf;
      },
      recorder: (component) => createEventRecorder(client, component, hostname(), (err) => log.warn({ err, component }, 'event not recorded')),
    };
    const controllers: RunningController[] = [];
    for (const c of enabled) {
      try {
        controllers.push(c.start(ctx));
        log.info({ controller: c.name }, 'started controller');
      } catch (err) {
        log.warn({ err, controller: c.name }, 'controller failed to start');
      }
    }
    running = { controllers, informers };
    resolveStarted();
  };

  const stopAll = async () => {
    const r = running;
    running = undefined;
    if (!r) return;
    await Promise.all(r.controllers.map((c) => c.stop()));
    for (const inf of r.informers.values()) inf.stop();
  };

  let elector: LeaderElector | undefined;
  if (options.leaderElection) {
    const le = options.leaderElection;
    elector = startLeaderElection(client, {
      namespace: le.namespace ?? 'kube-system',
      name: le.name ?? 'kube-controller-manager',
      identity,
      leaseDurationMs: le.leaseDurationMs,
      renewDeadlineMs: le.renewDeadlineMs,
      retryPeriodMs: le.retryPeriodMs,
      onStartedLeading: () => {
        log.info({ identity }, 'became leader: starting controllers');
        startAll();
      },
      onStoppedLeading: () => {
        log.warn({ identity }, 'leader election lost: stopping controllers');
        void stopAll();
      },
      onError: (err) => log.warn({ err }, 'leader election attempt failed'),
    });
  } else startAll();

  return {
    enabled: enabled.map((c) => c.name),
    isLeader: () => (elector ? elector.isLeader() : true),
    started,
    async idle() {
      const r = running;
      if (!r) return;
      // The informers first see every write made so far; a controller's work may queue another's:
      // twice over.
      for (let i = 0; i < 2; i++) {
        await Promise.all([...r.informers.values()].map((inf) => inf.caughtUp()));
        await Promise.all(r.controllers.map((c) => c.idle?.()));
      }
    },
    async stop() {
      if (elector) await elector.stop();
      await stopAll();
    },
  };
}
