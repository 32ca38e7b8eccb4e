// Behaviour of k8s.io/kubernetes/pkg/controller/endpoint/endpoints_controller.go (v1.33): the
// Endpoints of every Service with a selector — its pods' addresses (ready, or not ready unless the
// Service publishes them) by port, the Service's labels plus `endpoints.kubernetes.io/managed-by`
// and the headless label, the last-change-trigger-time annotation, and at most 1000 addresses
// (`endpoints.kubernetes.io/over-capacity: truncated`). Endpoints of deleted Services are deleted.
import { isNotFound, type KubeObject } from '@kapi/apimachinery';
import type { ResourceClient } from './client.ts';
import type { EventRecorder } from './events.ts';
import type { Informer } from './informer.ts';
import type { ControllerContext, ControllerDescriptor, RunningController } from './manager.ts';
import { createWorkQueue, defaultBackoff } from './queue.ts';
import { keyOf, splitKey, type EndpointAddress, type EndpointPort, type Endpoints, type EndpointSubset, type Pod, type Service } from './internal/core-types.ts';
import { isIPv6String } from './internal/ip.ts';
import { isPodReady, podIPs, podServiceMemberships, selectorMatches, servicesToUpdateOnPodChange, shouldPodBeInEndpoints, shouldSetHostname, findPort } from './endpoints-pods.ts';
import { repackSubsets } from './endpoints-subsets.ts';
import { hasStatusCause, namespaceTerminatingCause } from './internal/errors.ts';
import { createTriggerTimeTracker, formatRFC3339Nano } from './trigger-time-tracker.ts';

/** The label marking the Endpoints this controller manages, and its value. */
export const endpointsLabelManagedBy = 'endpoints.kubernetes.io/managed-by';
export const endpointsControllerName = 'endpoint-controller';
const labelHeadless = 'service.kubernetes.io/headless';
const annotationTriggerTime = 'endpoints.kubernetes.io/last-change-trigger-time';
const annotationOverCapacity = 'endpoints.kubernetes.io/over-capacity';
const annotationLeader = 'control-plane.alpha.kubernetes.io/leader';
/** The most addresses an Endpoints holds. */
export const maxEndpointsCapacity = 1000;
/** Retries of a failing Service before it is dropped from the queue. */
const maxRetries = 15;

export interface EndpointsControllerOptions {
  /** kube's --concurrent-endpoint-syncs (5). */
  workers?: number;
  /** kube's --endpoint-updates-batch-period (0): how long pod changes wait to be synced together. */
  batchPeriodMs?: number;
}

/** The address of a pod for the Service: its IP of the Service's (first) family, with the pod as target. */
export function podToEndpointAddress(svc: Service, pod: Pod): EndpointAddress | undefined {
  let v6: boolean;
  const families = svc.spec?.ipFamilies ?? [];
  const clusterIP = svc.spec?.clusterIP ?? '';
  if (families.length > 0) v6 = families[0] === 'IPv6';
  else if (clusterIP !== '' && clusterIP !== 'None') v6 = isIPv6String(clusterIP);
  else v6 = isIPv6String(pod.status?.podIP ?? '');
  const ip = podIPs(pod).find((x) => isIPv6String(x) === v6);
  if (ip === undefined) return undefined;
  const m = pod.metadata ?? {};
  return { ip, nodeName: pod.spec?.nodeName ?? '', targetRef: { kind: 'Pod', namespace: m.namespace ?? '', name: m.name ?? '', uid: m.uid ?? '' } };
}

/**
 * The Endpoints' subsets for the Service's pods, repacked: each pod that belongs (not terminal, with
 * an IP, not terminating unless not-ready addresses are published) once per Service port it has.
 */
export function endpointSubsetsFor(service: Service, pods: readonly Pod[]): EndpointSubset[] {
  const publishNotReady = service.spec?.publishNotReadyAddresses ?? false;
  const subsets: EndpointSubset[] = [];
  const add = (pod: Pod, addr: EndpointAddress, port: EndpointPort | undefined) => {
    const ports = port ? [port] : [];
    if (publishNotReady || isPodReady(pod)) subsets.push({ addresses: [addr], ports });
    else subsets.push({ notReadyAddresses: [addr], ports });
  };
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, publishNotReady)) continue;
    const addr = podToEndpointAddress(service, pod);
    if (!addr) continue;
    if (shouldSetHostname(pod, service)) addr.hostname = pod.spec?.hostname ?? '';
    const svcPorts = service.spec?.ports ?? [];
    // A headless Service may have no ports.
    if (svcPorts.length === 0) {
      if (service.spec?.clusterIP === 'None') add(pod, addr, undefined);
      continue;
    }
    for (const sp of svcPorts) {
      const portNum = findPort(pod, sp);
      if (portNum === undefined) continue;
      const port: EndpointPort = { name: sp.name ?? '', port: portNum, protocol: sp.protocol ?? 'TCP' };
      if (sp.appProtocol !== undefined) port.appProtocol = sp.appProtocol;
      add(pod, addr, port);
    }
  }
  return repackSubsets(subsets);
}

/** One address as compared: every field, the target's resourceVersion aside ('' and absent alike for strings). */
const addressForCompare = (a: EndpointAddress) => [
  a.ip ?? '',
  a.hostname ?? '',
  a.nodeName ?? null,
  a.targetRef === undefined ? null : [a.targetRef.kind ?? '', a.targetRef.namespace ?? '', a.targetRef.name ?? '', a.targetRef.uid ?? '', a.targetRef.apiVersion ?? '', a.targetRef.fieldPath ?? ''],
];
const subsetsForCompare = (subsets: readonly EndpointSubset[] | null | undefined) =>
  JSON.stringify(
    (subsets ?? []).map((s) => [
      (s.addresses ?? []).map(addressForCompare),
      (s.notReadyAddresses ?? []).map(addressForCompare),
      (s.ports ?? []).map((p) => [p.name ?? '', p.port ?? 0, p.protocol ?? '', p.appProtocol ?? null]),
    ]),
  );

/** endpointSubsetsEqualIgnoreResourceVersion: semantically equal, the pods' resourceVersions aside. */
export const subsetsEqualIgnoringResourceVersion = (a: readonly EndpointSubset[] | null | undefined, b: readonly EndpointSubset[] | null | undefined): boolean =>
  subsetsForCompare(a) === subsetsForCompare(b);

/**
 * The Endpoints' labels are the Service's: managed-by this controller, and every other label but the
 * headless one equal to the Service's.
 */
export function labelsCorrectForEndpoints(epLabels: Readonly<Record<string, string>>, svcLabels: Readonly<Record<string, string>>): boolean {
  if (epLabels[endpointsLabelManagedBy] !== endpointsControllerName) return false;
  let skipped = 0;
  for (const [k, v] of Object.entries(epLabels)) {
    if (k === labelHeadless || k === endpointsLabelManagedBy) skipped++;
    else if (svcLabels[k] !== v) return false;
  }
  return Object.keys(svcLabels).length === Object.keys(epLabels).length - skipped;
}

const countAddresses = (subsets: readonly EndpointSubset[] | null | undefined) =>
  (subsets ?? []).reduce((n, s) => n + (s.addresses ?? []).length + (s.notReadyAddresses ?? []).length, 0);

/** Under capacity and without the over-capacity annotation (over capacity is never correct: it must be truncated). */
export function capacityAnnotationSetCorrectly(annotations: Readonly<Record<string, string>> | undefined, subsets: readonly EndpointSubset[] | null | undefined): boolean {
  if (countAddresses(subsets) > maxEndpointsCapacity) return false;
  return annotations?.[annotationOverCapacity] === undefined;
}

/**
 * Truncates to maxEndpointsCapacity addresses, ready ones first, each subset keeping its share
 * (rounded up) of the addresses truncated; false when nothing had to go.
 */
export function truncateEndpoints(subsets: EndpointSubset[]): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const s of subsets) {
    totalReady += (s.addresses ?? []).length;
    totalNotReady += (s.notReadyAddresses ?? []).length;
  }
  if (totalReady + totalNotReady <= maxEndpointsCapacity) return false;
  const truncateReady = totalReady > maxEndpointsCapacity;
  const max = truncateReady ? maxEndpointsCapacity : maxEndpointsCapacity - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  for (const s of subsets) {
    const inSubset = truncateReady ? (s.addresses ?? []).length : (s.notReadyAddresses ?? []).length;
    let toBeAdded = Math.ceil((inSubset / numTotal) * max);
    if (toBeAdded > canBeAdded) toBeAdded = canBeAdded;
    if (truncateReady) {
      if (s.addresses && s.addresses.length > toBeAdded) s.addresses = s.addresses.slice(0, toBeAdded);
      s.notReadyAddresses = [];
      canBeAdded -= (s.addresses ?? []).length;
    } else {
      if (s.notReadyAddresses && s.notReadyAddresses.length > toBeAdded) s.notReadyAddresses = s.notReadyAddresses.slice(0, toBeAdded);
      canBeAdded -= (s.notReadyAddresses ?? []).length;
    }
  }
  return true;
}

/** Drops empty lists and maps as Go's omitempty does when the object is sent. */
function omitEmpty(ep: Endpoints): Endpoints {
  const subsets = (ep.subsets ?? []).map((s) => {
    const out: EndpointSubset = {};
    if ((s.addresses ?? []).length > 0) out.addresses = s.addresses!;
    if ((s.notReadyAddresses ?? []).length > 0) out.notReadyAddresses = s.notReadyAddresses!;
    if ((s.ports ?? []).length > 0) out.ports = s.ports!;
    return out;
  });
  const out: Endpoints = { ...ep };
  if (subsets.length > 0) out.subsets = subsets;
  else delete out.subsets;
  const m = { ...out.metadata };
  if (m.annotations && Object.keys(m.annotations).length === 0) delete m.annotations;
  out.metadata = m;
  return out;
}

export interface EndpointsSyncer {
  /** syncService: converges the Endpoints of the Service under `namespace/name`; throws to be retried. */
  sync(key: string): Promise<void>;
}

/** The sync of the endpoints controller over its listers, client and recorder (exported for tests). */
export function createEndpointsSyncer(deps: {
  services: Informer;
  pods: Informer;
  endpoints: Informer;
  client: ResourceClient;
  recorder: EventRecorder;
}): EndpointsSyncer {
  const triggerTimes = createTriggerTimeTracker();
  // The resourceVersion of an Endpoints this controller has updated since: seeing it again means the cache lags.
  const stale = new Map<string, string>();

  return {
    async sync(key) {
      const { namespace, name } = splitKey(key);
      const service = deps.services.get(namespace, name) as Service | undefined;
      if (!service) {
        // The Service is gone: so are its Endpoints.
        try {
          await deps.client.delete(namespace, name);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
        triggerTimes.deleteService(namespace, name);
        stale.delete(key);
        return;
      }
      // ExternalName Services have no endpoints; selector-less ones have the user's.
      if (service.spec?.type === 'ExternalName') return;
      const selector = service.spec?.selector;
      if (selector === undefined || selector === null) return;

      const pods = (deps.pods.list(namespace) as Pod[]).filter((p) => selectorMatches(selector, p.metadata?.labels));
      // Computed even when nothing is written, so the tracker sees every sync.
      const triggerTime = triggerTimes.compute(namespace, service, pods);
      const subsets = endpointSubsetsFor(service, pods);

      let current = deps.endpoints.get(namespace, name) as Endpoints | undefined;
      if (!current) current = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name, ...(service.metadata?.labels ? { labels: service.metadata.labels } : {}) } };
      else if (stale.get(key) === current.metadata?.resourceVersion) {
        throw new Error(`endpoints informer cache is out of date, resource version ${current.metadata?.resourceVersion ?? ''} already processed for endpoints ${key}`);
      }
      const create = (current.metadata?.resourceVersion ?? '') === '';
      const svcLabels = service.metadata?.labels ?? {};
      if (
        !create &&
        subsetsEqualIgnoringResourceVersion(current.subsets, subsets) &&
        labelsCorrectForEndpoints(current.metadata?.labels ?? {}, svcLabels) &&
        capacityAnnotationSetCorrectly(current.metadata?.annotations, current.subsets)
      ) {
        return;
      }

      const next: Endpoints = structuredClone(current);
      next.subsets = subsets;
      const meta = (next.metadata ??= {});
      const annotations: Record<string, string> = { ...meta.annotations };
      if (triggerTime !== undefined) annotations[annotationTriggerTime] = formatRFC3339Nano(triggerTime);
      else delete annotations[annotationTriggerTime];
      if (truncateEndpoints(subsets)) annotations[annotationOverCapacity] = 'truncated';
      else delete annotations[annotationOverCapacity];
      meta.annotations = annotations;
      const labels: Record<string, string> = { ...svcLabels };
      if ((service.spec?.clusterIP ?? '') === '' || service.spec?.clusterIP === 'None') labels[labelHeadless] = '';
      else delete labels[labelHeadless];
      labels[endpointsLabelManagedBy] = endpointsControllerName;
      meta.labels = labels;

      const body = omitEmpty(next);
      let updated: KubeObject | undefined;
      try {
        if (create) await deps.client.create(namespace, body);
        else updated = await deps.client.update(namespace, body);
      } catch (err) {
        // A terminating namespace refuses creates for good: drop the Service.
        if (create && hasStatusCause(err, namespaceTerminatingCause)) return;
        const message = err instanceof Error ? err.message : String(err);
        const ref = { apiVersion: 'v1', kind: 'Endpoints', ...body };
        if (create) deps.recorder.event(ref, 'Warning', 'FailedToCreateEndpoint', `Failed to create endpoint for service ${namespace}/${name}: ${message}`);
        else deps.recorder.event(ref, 'Warning', 'FailedToUpdateEndpoint', `Failed to update endpoint ${namespace}/${name}: ${message}`);
        throw err;
      }
      // An update that moved the resourceVersion on: the cached one is stale until the watch brings the new.
      if (updated && updated.metadata?.resourceVersion !== current.metadata?.resourceVersion) stale.set(key, current.metadata?.resourceVersion ?? '');
    },
  };
}

/** Starts the endpoints controller in a controller manager. */
export function startEndpointsController(ctx: ControllerContext, options: EndpointsControllerOptions = {}): RunningController {
  const client = ctx.client.resource('', 'v1', 'endpoints');
  if (!client) throw new Error('v1 endpoints are not served');
  const services = ctx.informer('', 'v1', 'services');
  const pods = ctx.informer('', 'v1', 'pods');
  const endpoints = ctx.informer('', 'v1', 'endpoints');
  const syncer = createEndpointsSyncer({ services, pods, endpoints, client, recorder: ctx.recorder(endpointsControllerName) });
  const synced = Promise.all([services.synced, pods.synced, endpoints.synced]);
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
          ctx.log.info({ service: key, err }, 'Error syncing endpoints, retrying');
          throw err;
        }
        retries.delete(key);
        ctx.log.warn({ service: key, err }, 'Dropping service out of the queue');
      }
    },
    { workers: options.workers ?? 5, backoff: defaultBackoff },
  );
  const enqueueForPod = (keys: Iterable<string>) => {
    for (const key of keys) queue.addAfter(key, batch);
  };

  services.addHandlers({ add: (s) => queue.add(keyOf(s)), update: (_old, s) => queue.add(keyOf(s)), delete: (s) => queue.add(keyOf(s)) });
  pods.addHandlers({
    add: (p) => enqueueForPod(podServiceMemberships(services.list(), p as Pod)),
    update: (old, p) => enqueueForPod(servicesToUpdateOnPodChange(services.list(), old as Pod, p as Pod)),
    delete: (p) => enqueueForPod(podServiceMemberships(services.list(), p as Pod)),
  });
  endpoints.addHandlers({ delete: (e) => queue.add(keyOf(e)) });

  // checkLeftoverEndpoints: once synced, every Endpoints is looked at once, so those whose Service is
  // gone are deleted (the leader-election Endpoints of old control planes aside).
  void synced.then(() => {
    for (const ep of endpoints.list()) if (ep.metadata?.annotations?.[annotationLeader] === undefined) queue.add(keyOf(ep));
  });

  return {
    stop: () => queue.stop(),
    async idle() {
      await synced;
      await queue.idle();
    },
  };
}

/** kube-controller-manager's `endpoints-controller` (alias `endpoint`). */
export const endpointsController = (options: EndpointsControllerOptions = {}): ControllerDescriptor => ({
  name: 'endpoints-controller',
  aliases: ['endpoint'],
  start: (ctx) => startEndpointsController(ctx, options),
});
