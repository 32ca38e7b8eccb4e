// Behaviour of k8s.io/kubernetes/pkg/controller/endpointslice/endpointslice_controller.go (v1.33):
// the EndpointSlices of every Service with a selector, reconciled from the Service's pods and the
// slices labelled `endpointslice.kubernetes.io/managed-by: endpointslice-controller.k8s.io`; changes
// to those slices by others are put right a second later. Topology-aware hints
// (service.kubernetes.io/topology-mode: Auto) are not computed: such slices carry no hints.
import type { KubeObject } from '@kapi/apimachinery';
import type { Informer } from './informer.ts';
import type { ControllerContext, ControllerDescriptor, RunningController } from './manager.ts';
import { createWorkQueue } from './queue.ts';
import { keyOf, splitKey, type EndpointSlice, type Node, type Pod, type Service } from './internal/core-types.ts';
import type { EventRecorder } from './events.ts';
import { podServiceMemberships, selectorMatches, servicesToUpdateOnPodChange } from './endpoints-pods.ts';
import { createReconciler, serviceKeyOfSlice, type Reconciler } from './endpointslice-reconciler.ts';
import { createEndpointSliceTracker, type EndpointSliceTracker } from './endpointslice-tracker.ts';
import { controllerQualifiedName, labelManagedBy, labelServiceName } from './endpointslice-utils.ts';
import { createTriggerTimeTracker, formatRFC3339Nano } from './trigger-time-tracker.ts';

/** Retries of a failing Service before it is dropped from the queue. */
const maxRetries = 15;
/** The least delay before a sync after a slice changed, so changes to several slices are handled together. */
const endpointSliceChangeMinSyncDelayMs = 1000;

export interface EndpointSliceControllerOptions {
  /** kube's --max-endpoints-per-slice (100). */
  maxEndpointsPerSlice?: number;
  /** kube's --concurrent-service-endpoint-syncs (5). */
  workers?: number;
  /** kube's --endpointslice-updates-batch-period (0). */
  batchPeriodMs?: number;
}

export interface EndpointSliceSyncer {
  readonly reconciler: Reconciler;
  readonly tracker: EndpointSliceTracker;
  /** syncService: converges the slices of the Service under `namespace/name`; throws to be retried. */
  sync(key: string): Promise<void>;
}

/** The sync of the EndpointSlice controller over its listers, client and recorder (exported for tests). */
export function createEndpointSliceSyncer(deps: {
  services: Informer;
  pods: Informer;
  nodes: Informer;
  slices: Informer;
  client: NonNullable<ReturnType<ControllerContext['client']['resource']>>;
  recorder: EventRecorder;
  maxEndpointsPerSlice?: number;
}): EndpointSliceSyncer {
  const tracker = createEndpointSliceTracker();
  const triggerTimes = createTriggerTimeTracker();
  const reconciler = createReconciler({
    client: deps.client,
    nodes: (name) => deps.nodes.get('', name) as Node | undefined,
    maxEndpointsPerSlice: deps.maxEndpointsPerSlice ?? 100,
    tracker,
    controllerName: controllerQualifiedName,
  });
  return {
    reconciler,
    tracker,
    async sync(key) {
      const { namespace, name } = splitKey(key);
      const service = deps.services.get(namespace, name) as Service | undefined;
      if (!service) {
        // Deleted: its slices go with it through their owner reference.
        triggerTimes.deleteService(namespace, name);
        tracker.deleteService(namespace, name);
        return;
      }
      if (service.spec?.type === 'ExternalName') return;
      const selector = service.spec?.selector;
      if (selector === undefined || selector === null) return;

      const pods = (deps.pods.list(namespace) as Pod[]).filter((p) => selectorMatches(selector, p.metadata?.labels));
      const slices = (deps.slices.list(namespace) as EndpointSlice[]).filter((s) => {
        const labels = s.metadata?.labels ?? {};
        // Slices being deleted are left alone, so the controller does not get stuck on them.
        return labels[labelServiceName] === name && labels[labelManagedBy] === controllerQualifiedName && !s.metadata?.deletionTimestamp;
      });
      if (tracker.staleSlices(service, slices)) throw new Error('EndpointSlice informer cache is out of date');

      const triggerTime = triggerTimes.compute(namespace, service, pods);
      try {
        await reconciler.reconcile(service, pods, slices, triggerTime === undefined ? undefined : formatRFC3339Nano(triggerTime));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        deps.recorder.event({ apiVersion: 'v1', kind: 'Service', ...service }, 'Warning', 'FailedToUpdateEndpointSlices', `Error updating Endpoint Slices for Service ${namespace}/${name}: ${message}`);
        throw err;
      }
    },
  };
}

/** Starts the EndpointSlice controller in a controller manager. */
export function startEndpointSliceController(ctx: ControllerContext, options: EndpointSliceControllerOptions = {}): RunningController {
  const client = ctx.client.resource('discovery.k8s.io', 'v1', 'endpointslices');
  if (!client) throw new Error('discovery.k8s.io/v1 endpointslices are not served');
  const services = ctx.informer('', 'v1', 'services');
  const pods = ctx.informer('', 'v1', 'pods');
  const nodes = ctx.informer('', 'v1', 'nodes');
  const slices = ctx.informer('discovery.k8s.io', 'v1', 'endpointslices');
  const syncer = createEndpointSliceSyncer({
    services,
    pods,
    nodes,
    slices,
    client,
    recorder: ctx.recorder('endpoint-slice-controller'),
    ...(options.maxEndpointsPerSlice !== undefined ? { maxEndpointsPerSlice: options.maxEndpointsPerSlice } : {}),
  });
  const { reconciler, tracker } = syncer;
  const synced = Promise.all([services.synced, pods.synced, nodes.synced, slices.synced]);
  const batch = options.batchPeriodMs ?? 0;
  const retries = new Map<string, number>();

  const queue = createWorkQueue<string>(
    async (key) => {
      await synced;
      try {
        await syncer.sync(key);
        retries.delete(key);
      } catch (err) {
        const n = retries.get(key) ?? 0;
        if (n < maxRetries) {
          retries.set(key, n + 1);
          ctx.log.info({ key, err }, 'Error syncing endpoint slices for service, retrying');
          throw err;
        }
        retries.delete(key);
        ctx.log.warn({ key, err }, 'Retry budget exceeded, dropping service out of the queue');
      }
    },
    // kube's 1 s to 1000 s per-item backoff, capped here as the other controllers' is.
    { workers: options.workers ?? 5, backoff: { baseMs: 1000, maxMs: 30_000 } },
  );

  const queueForSlice = (slice: KubeObject) => {
    const key = serviceKeyOfSlice(slice as EndpointSlice);
    if (key !== undefined) queue.addAfter(key, Math.max(endpointSliceChangeMinSyncDelayMs, batch));
  };
  const enqueueForPod = (keys: Iterable<string>) => {
    for (const key of keys) queue.addAfter(key, batch);
  };

  services.addHandlers({ add: (s) => queue.add(keyOf(s)), update: (_old, s) => queue.add(keyOf(s)), delete: (s) => queue.add(keyOf(s)) });
  pods.addHandlers({
    add: (p) => enqueueForPod(podServiceMemberships(services.list(), p as Pod)),
    update: (old, p) => enqueueForPod(servicesToUpdateOnPodChange(services.list(), old as Pod, p as Pod)),
    delete: (p) => enqueueForPod(podServiceMemberships(services.list(), p as Pod)),
  });
  slices.addHandlers({
    // A slice this controller did not write (or newer than its write) brings its Service back.
    add: (s) => {
      const slice = s as EndpointSlice;
      if (reconciler.managedByController(slice) && tracker.shouldSync(slice)) queueForSlice(slice);
    },
    update: (o, s) => {
      const prev = o as EndpointSlice;
      const slice = s as EndpointSlice;
      if ((slice.metadata?.labels?.[labelServiceName] ?? '') !== (prev.metadata?.labels?.[labelServiceName] ?? '')) {
        queueForSlice(slice);
        queueForSlice(prev);
        return;
      }
      if (reconciler.managedByChanged(prev, slice) || (reconciler.managedByController(slice) && tracker.shouldSync(slice))) queueForSlice(slice);
    },
    delete: (s) => {
      const slice = s as EndpointSlice;
      if (reconciler.managedByController(slice) && tracker.has(slice) && !tracker.handleDeletion(slice)) queueForSlice(slice);
    },
  });

  return {
    stop: () => queue.stop(),
    async idle() {
      await synced;
      await queue.idle();
    },
  };
}

/** kube-controller-manager's `endpointslice-controller` (alias `endpointslice`). */
export const endpointSliceController = (options: EndpointSliceControllerOptions = {}): ControllerDescriptor => ({
  name: 'endpointslice-controller',
  aliases: ['endpointslice'],
  start: (ctx) => startEndpointSliceController(ctx, options),
});
