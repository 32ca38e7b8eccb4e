// Behaviour of kube-controller-manager's composition (cmd/kube-controller-manager/app: the
// controllers it starts by default, --controllers, --leader-elect and its durations) (v1.33): which
// controllers of @kapi/controllers run inside this server, over its loopback client.
import type { Logger } from 'pino';
import {
  clusterRoleAggregationController,
  endpointSliceController,
  endpointsController,
  garbageCollectorController,
  isControllerEnabled,
  namespaceController,
  podGCController,
  rootCACertPublisher,
  serviceAccountsController,
  startControllerManager,
  type ControllerDescriptor,
  type ControllerManager,
} from '@kapi/controllers';
import type { Registry } from '@kapi/registry';
import type { FieldManagers } from './field-managers.ts';
import { createLoopbackClient } from './loopback-client.ts';

export { defaultLeaderElection } from './controller-flags.ts';

export interface ControllersOptions {
  /** kube's --controllers: `*` (default), `name`, `-name`. */
  enabled?: readonly string[];
  /** Run the controllers under a Lease, one replica at a time (over etcd, where several servers may share the store). */
  leaderElection?: { leaseDurationMs: number; renewDeadlineMs: number; retryPeriodMs: number } | false;
  /**
   * The CA bundle (PEM) the root CA publisher writes into every namespace's `kube-root-ca.crt`
   * (kube's --root-ca-file; see loadRootCA in root-ca.ts). Without it the publisher does not run.
   */
  rootCA?: string | Promise<string>;
  /** kube's --terminated-pod-gc-threshold: terminated pods PodGC keeps (default 12500; 0 or less keeps them all). */
  terminatedPodGCThreshold?: number;
  /**
   * How long a deleted namespace waits before it is emptied: kube's 5 s by default, which lets
   * several servers see the deletion first (see namespaceDeletionGracePeriodMs).
   */
  namespaceDeletionGracePeriodMs?: number;
}

/**
 * The namespace deletion grace period of a single server over its own store: nothing to wait for
 * but the client deleting what it listed with the namespace (`kubectl delete -f`), which 1 s covers.
 */
export const singleServerNamespaceGracePeriodMs = 1_000;

/** The controllers this server runs, in kube's order of names. */
export function controllerDescriptors(options: Pick<ControllersOptions, 'rootCA' | 'terminatedPodGCThreshold' | 'namespaceDeletionGracePeriodMs'> = {}): ControllerDescriptor[] {
  return [
    endpointsController(),
    endpointSliceController(),
    podGCController(options.terminatedPodGCThreshold !== undefined ? { terminatedPodThreshold: options.terminatedPodGCThreshold } : {}),
    garbageCollectorController(),
    namespaceController(options.namespaceDeletionGracePeriodMs !== undefined ? { deletionGracePeriodMs: options.namespaceDeletionGracePeriodMs } : {}),
    serviceAccountsController(),
    clusterRoleAggregationController(),
    ...(options.rootCA !== undefined ? [rootCACertPublisher(options.rootCA)] : []),
  ];
}

/** The names --controllers knows (names and aliases). */
export const knownControllers = (): string[] => controllerDescriptors({ rootCA: '' }).flatMap((c) => [c.name, ...(c.aliases ?? [])]);

/** Whether the garbage collector runs, and so whether deletes set its finalizers (kube's --enable-garbage-collector). */
export function garbageCollectorEnabled(enabled: readonly string[] = ['*']): boolean {
  return isControllerEnabled(garbageCollectorController(), enabled);
}

/** Starts the controllers over the registry, writing through the server's field managers. */
export function startControllers(registry: Registry, fieldManagers: FieldManagers, logger: Logger, options: ControllersOptions = {}): ControllerManager {
  const client = createLoopbackClient({ registry, fieldManagers });
  const log = logger.child({ component: 'kube-controller-manager' });
  return startControllerManager({
    client,
    controllers: controllerDescriptors(options),
    ...(options.enabled ? { enabled: options.enabled } : {}),
    ...(options.leaderElection ? { leaderElection: options.leaderElection } : {}),
    log: { info: (obj, msg) => log.info(obj, msg), warn: (obj, msg) => log.warn(obj, msg) },
  });
}
