// Behaviour of k8s.io/endpointslice/reconciler.go and trafficdist/trafficdist.go (v1.33): turns the
// pods a Service selects into EndpointSlices — per address type, per distinct port set, at most
// maxEndpointsPerSlice endpoints a slice, changing as few slices as it can (endpoints updated in
// place, new ones filling the fullest changed slice, then an unchanged one that fits, then new
// slices; creates turned into updates of slices about to be deleted) and keeping one empty
// placeholder slice for a Service without endpoints.
import { isNotFound, type KubeObject } from '@kapi/apimachinery';
import type { ResourceClient } from './client.ts';
import { hasStatusCause, namespaceTerminatingCause } from './internal/errors.ts';
import type { EndpointSlice, Node, Pod, Service, SliceEndpoint, SliceEndpointPort } from './internal/core-types.ts';
import { shouldPodBeInEndpoints } from './endpoints-pods.ts';
import type { EndpointSliceTracker } from './endpointslice-tracker.ts';
import {
  addressTypesForService,
  endpointKey,
  endpointPorts,
  endpointSliceLabels,
  endpointsEqualBeyondHash,
  hintsEnabled,
  labelManagedBy,
  newEndpointSlice,
  ownedBy,
  podToEndpoint,
  portMapKey,
  serviceKeyOfSlice,
  setTriggerTimeAnnotation,
  sliceToFill,
} from './endpointslice-utils.ts';

/** Go's errors.NewAggregate(...).Error(): one error's message; several (nested ones flattened, duplicates dropped) in brackets. */
export class ErrorList extends Error {
  constructor(readonly errors: readonly Error[]) {
    const flat = (list: readonly Error[]): Error[] => list.flatMap((e) => (e instanceof ErrorList ? flat(e.errors) : [e]));
    const messages = [...new Set(flat(errors).map((e) => e.message))];
    super(errors.length === 1 ? errors[0]!.message : messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`);
  }
}

const aggregate = (errs: Error[]): Error | undefined => (errs.length === 0 ? undefined : new ErrorList(errs));
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface ReconcilerOptions {
  client: ResourceClient;
  nodes: (name: string) => Node | undefined;
  maxEndpointsPerSlice: number;
  tracker: EndpointSliceTracker;
  controllerName: string;
}

export interface Reconciler {
  /** Creates, updates and deletes the Service's slices so they hold `pods`; throws the (aggregated) errors. */
  reconcile(service: Service, pods: readonly Pod[], existing: readonly EndpointSlice[], triggerTime: string | undefined): Promise<void>;
  managedByController(slice: EndpointSlice): boolean;
  managedByChanged(a: EndpointSlice, b: EndpointSlice): boolean;
}

/** The ServiceTrafficDistribution values this release knows (PreferSameZone/PreferSameNode are alpha in v1.33). */
const validTrafficDistribution = (td: string | undefined) => td === 'PreferClose';

const copySlice = (s: EndpointSlice): EndpointSlice => structuredClone(s);

export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { client, tracker, controllerName } = options;
  const max = options.maxEndpointsPerSlice;

  const deleteSlice = async (service: Service, slice: EndpointSlice) => {
    try {
      await client.delete(service.metadata?.namespace ?? '', slice.metadata?.name ?? '');
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    tracker.expectDeletion(slice);
  };

  /** reconcileByPortMapping: the creates, updates and deletes of the slices sharing one port set. */
  const reconcileByPortMapping = (service: Service, existing: EndpointSlice[], desired: Map<string, SliceEndpoint>, ports: SliceEndpointPort[], addressType: string) => {
    const byName = new Map<string, EndpointSlice>();
    const unchanged = new Set<string>();
    const toUpdate = new Set<string>();
    const toDelete = new Set<string>();

    // 1. Drop endpoints no longer desired, update those that changed, follow the Service's labels.
    for (const slice of existing) {
      const name = slice.metadata?.name ?? '';
      byName.set(name, slice);
      const kept: SliceEndpoint[] = [];
      let endpointUpdated = false;
      for (const ep of slice.endpoints ?? []) {
        const key = endpointKey(ep);
        const got = desired.get(key);
        if (!got) continue;
        kept.push(got);
        if (!endpointsEqualBeyondHash(got, ep)) endpointUpdated = true;
        desired.delete(key);
      }
      const [labels, labelsChanged] = endpointSliceLabels(slice, service, controllerName);
      if (endpointUpdated || (slice.endpoints ?? []).length !== kept.length) {
        if (kept.length === 0) toDelete.add(name);
        else {
          const copy = copySlice(slice);
          copy.endpoints = kept;
          copy.metadata!.labels = labels;
          byName.set(name, copy);
          toUpdate.add(name);
        }
      } else if (labelsChanged) {
        const copy = copySlice(slice);
        copy.metadata!.labels = labels;
        byName.set(name, copy);
        toUpdate.add(name);
      } else unchanged.add(name);
    }

    const take = () => {
      const [key, ep] = desired.entries().next().value as [string, SliceEndpoint];
      desired.delete(key);
      return ep;
    };

    // 2. Fill the slices being updated anyway, the fullest first.
    if (desired.size > 0 && toUpdate.size > 0) {
      const slices = [...toUpdate].map((n) => byName.get(n)!).sort((a, b) => (b.endpoints ?? []).length - (a.endpoints ?? []).length);
      for (const slice of slices) {
        while (desired.size > 0 && (slice.endpoints ?? []).length < max) (slice.endpoints ??= []).push(take());
      }
    }

    // 3. Fit the rest into an unchanged slice with room, or new slices.
    const toCreate: EndpointSlice[] = [];
    while (desired.size > 0) {
      let fill: EndpointSlice | undefined;
      if (desired.size < max && unchanged.size > 0) fill = sliceToFill([...unchanged].map((n) => byName.get(n)!), desired.size, max);
      if (!fill) fill = newEndpointSlice(service, ports, addressType, controllerName);
      else {
        fill = copySlice(fill);
        byName.set(fill.metadata?.name ?? '', fill);
      }
      while (desired.size > 0 && (fill.endpoints ?? []).length < max) (fill.endpoints ??= []).push(take());
      const name = fill.metadata?.name ?? '';
      if (name !== '') {
        toUpdate.add(name);
        unchanged.delete(name);
      } else toCreate.push(fill);
    }
    return { toCreate, toUpdate: [...toUpdate].map((n) => byName.get(n)!), toDelete: [...toDelete].map((n) => byName.get(n)!) };
  };

  /** finalize: creates become updates of slices about to go; then creates, updates, deletes. */
  const finalize = async (service: Service, toCreate: EndpointSlice[], toUpdate: EndpointSlice[], toDelete: EndpointSlice[], triggerTime: string | undefined) => {
    for (let i = 0; i < toDelete.length; ) {
      if (toCreate.length === 0) break;
      const doomed = toDelete[i]!;
      const slice = toCreate[toCreate.length - 1]!;
      // Only slices of this Service with the same (immutable) address type are reused.
      if (doomed.addressType === slice.addressType && ownedBy(doomed, service)) {
        // kube only names the new slice after the doomed one: an update without a resourceVersion.
        slice.metadata = { ...slice.metadata, name: doomed.metadata?.name ?? '' };
        toCreate.pop();
        toUpdate.push(slice);
        toDelete.splice(i, 1);
      } else i++;
    }
    const namespace = service.metadata?.namespace ?? '';
    // No new slices for a Service being deleted: the garbage collector would race them.
    if (!service.metadata?.deletionTimestamp) {
      for (const slice of toCreate) {
        setTriggerTimeAnnotation(slice, triggerTime);
        let created: KubeObject;
        try {
          created = await client.create(namespace, slice);
        } catch (err) {
          // The namespace is terminating: creates keep failing, drop the item.
          if (hasStatusCause(err, namespaceTerminatingCause)) return;
          throw new Error(`failed to create EndpointSlice for Service ${namespace}/${service.metadata?.name ?? ''}: ${messageOf(err)}`);
        }
        tracker.update(created as EndpointSlice);
      }
    }
    for (const slice of toUpdate) {
      setTriggerTimeAnnotation(slice, triggerTime);
      let updated: KubeObject;
      try {
        updated = await client.update(namespace, slice);
      } catch (err) {
        throw new Error(`failed to update ${slice.metadata?.name ?? ''} EndpointSlice for Service ${namespace}/${service.metadata?.name ?? ''}: ${messageOf(err)}`);
      }
      tracker.update(updated as EndpointSlice);
    }
    for (const slice of toDelete) {
      try {
        await deleteSlice(service, slice);
      } catch (err) {
        throw new Error(`failed to delete ${slice.metadata?.name ?? ''} EndpointSlice for Service ${namespace}/${service.metadata?.name ?? ''}: ${messageOf(err)}`);
      }
    }
  };

  const reconcileByAddressType = async (service: Service, pods: readonly Pod[], existing: EndpointSlice[], triggerTime: string | undefined, addressType: string) => {
    const errs: Error[] = [];
    let toCreate: EndpointSlice[] = [];
    let toUpdate: EndpointSlice[] = [];
    const toDelete: EndpointSlice[] = [];

    const existingByPorts = new Map<string, EndpointSlice[]>();
    for (const slice of existing) {
      if (!ownedBy(slice, service)) {
        toDelete.push(slice);
        continue;
      }
      const key = portMapKey([...(slice.ports ?? [])]);
      existingByPorts.set(key, [...(existingByPorts.get(key) ?? []), slice]);
    }

    const desiredPorts = new Map<string, SliceEndpointPort[]>();
    const desiredEndpoints = new Map<string, Map<string, SliceEndpoint>>();
    const publishNotReady = service.spec?.publishNotReadyAddresses ?? false;
    for (const pod of pods) {
      if (!shouldPodBeInEndpoints(pod, true)) continue;
      const ports = endpointPorts(service, pod);
      const key = portMapKey(ports);
      if (!desiredEndpoints.has(key)) desiredEndpoints.set(key, new Map());
      if (!desiredPorts.has(key)) desiredPorts.set(key, ports);
      const nodeName = pod.spec?.nodeName ?? '';
      const node = options.nodes(nodeName);
      // A pod on a Node that does not exist is left out (and the Service retried), unless the
      // Service publishes not-ready addresses.
      if (!node && !publishNotReady) {
        errs.push(new Error(`skipping Pod ${pod.metadata?.name ?? ''} for Service ${service.metadata?.namespace ?? ''}/${service.metadata?.name ?? ''}: Node ${nodeName} Not Found`));
        continue;
      }
      const ep = podToEndpoint(pod, node, service, addressType);
      if (ep.addresses.length > 0) desiredEndpoints.get(key)!.set(endpointKey(ep), ep);
    }

    for (const [key, desired] of desiredEndpoints) {
      const r = reconcileByPortMapping(service, existingByPorts.get(key) ?? [], desired, desiredPorts.get(key)!, addressType);
      toCreate.push(...r.toCreate);
      toUpdate.push(...r.toUpdate);
      toDelete.push(...r.toDelete);
    }
    // Port sets no longer desired: their slices go.
    for (const [key, slices] of existingByPorts) if (!desiredEndpoints.has(key)) toDelete.push(...slices);

    // No slice would be left: keep (or make) an empty placeholder.
    if (existing.length === toDelete.length && toCreate.length < 1) {
      const placeholder = newEndpointSlice(service, [], addressType, controllerName);
      if (toDelete.length === 1 && placeholderEqual(toDelete[0]!, placeholder)) toDelete.length = 0;
      else toCreate.push(placeholder);
    }

    // Hints: PreferClose traffic distribution sets zone hints; otherwise none are kept.
    const td = service.spec?.trafficDistribution;
    const unchangedNow = () => unchangedSlices(existing, toUpdate, toDelete);
    if (validTrafficDistribution(td) && !hintsEnabled(service.metadata?.annotations)) {
      ({ toCreate, toUpdate } = reconcilePreferCloseHints(toCreate, toUpdate, unchangedNow()));
    } else {
      ({ toCreate, toUpdate } = removeHints(toCreate, toUpdate, unchangedNow()));
    }

    try {
      await finalize(service, toCreate, toUpdate, toDelete, triggerTime);
    } catch (err) {
      errs.push(err as Error);
    }
    return aggregate(errs);
  };

  const managedByController = (slice: EndpointSlice) => slice.metadata?.labels?.[labelManagedBy] === controllerName;

  return {
    async reconcile(service, pods, existing, triggerTime) {
      const errs: Error[] = [];
      const supported = addressTypesForService(service);
      const doomed: EndpointSlice[] = [];
      const byType = new Map<string, EndpointSlice[]>();
      for (const slice of existing) {
        if (!supported.has(slice.addressType)) doomed.push(slice);
        else byType.set(slice.addressType, [...(byType.get(slice.addressType) ?? []), slice]);
      }
      for (const addressType of supported) {
        const err = await reconcileByAddressType(service, pods, byType.get(addressType) ?? [], triggerTime, addressType);
        if (err) errs.push(err);
      }
      for (const slice of doomed) {
        try {
          await deleteSlice(service, slice);
        } catch (err) {
          errs.push(new Error(`error deleting ${slice.metadata?.name ?? ''} EndpointSlice for Service ${service.metadata?.namespace ?? ''}/${service.metadata?.name ?? ''}: ${messageOf(err)}`));
        }
      }
      const err = aggregate(errs);
      if (err) throw err;
    },
    managedByController,
    managedByChanged: (a, b) => managedByController(a) !== managedByController(b),
  };
}

/** placeholderSliceCompare: same namespace, labels, address type, endpoints and ports (other metadata aside). */
function placeholderEqual(a: EndpointSlice, b: EndpointSlice): boolean {
  const la = a.metadata?.labels ?? {};
  const lb = b.metadata?.labels ?? {};
  return (
    (a.metadata?.namespace ?? '') === (b.metadata?.namespace ?? '') &&
    Object.keys(la).length === Object.keys(lb).length &&
    Object.entries(la).every(([k, v]) => lb[k] === v) &&
    a.addressType === b.addressType &&
    (a.endpoints ?? []).length === 0 &&
    (b.endpoints ?? []).length === 0 &&
    JSON.stringify(a.ports ?? []) === JSON.stringify(b.ports ?? [])
  );
}

function unchangedSlices(existing: readonly EndpointSlice[], toUpdate: readonly EndpointSlice[], toDelete: readonly EndpointSlice[]): EndpointSlice[] {
  const changed = new Set([...toUpdate, ...toDelete].map((s) => s.metadata?.name ?? ''));
  return existing.filter((s) => !changed.has(s.metadata?.name ?? ''));
}

/** RemoveHintsFromSlices: no hints on the slices written; unchanged slices with hints are written without them. */
function removeHints(toCreate: EndpointSlice[], toUpdate: EndpointSlice[], unchanged: EndpointSlice[]) {
  for (const slice of [...toCreate, ...toUpdate]) for (const ep of slice.endpoints ?? []) delete ep.hints;
  for (const slice of unchanged) {
    if (!(slice.endpoints ?? []).some((ep) => ep.hints !== undefined && ep.hints !== null)) continue;
    const copy = copySlice(slice);
    for (const ep of copy.endpoints ?? []) delete ep.hints;
    toUpdate.push(copy);
  }
  return { toCreate, toUpdate };
}

const isReady = (ep: SliceEndpoint) => ep.conditions?.ready === true;

/** trafficdist's preferClose heuristic: a ready endpoint with a zone is hinted for its zone, others carry no zone hint. */
function reconcilePreferCloseHints(toCreate: EndpointSlice[], toUpdate: EndpointSlice[], unchanged: EndpointSlice[]) {
  const needsUpdate = (slice: EndpointSlice) =>
    (slice.endpoints ?? []).some((ep) => {
      if (!isReady(ep)) return false;
      const zones = ep.hints?.forZones ?? [];
      if (ep.zone !== undefined) return zones.length !== 1 || zones[0]!.name !== ep.zone;
      return zones.length > 0 || (ep.hints?.forNodes ?? []).length > 0;
    });
  for (const slice of unchanged) if (needsUpdate(slice)) toUpdate.push(copySlice(slice));
  for (const slice of [...toCreate, ...toUpdate]) {
    for (const ep of slice.endpoints ?? []) {
      if (!isReady(ep)) continue;
      if (ep.zone !== undefined) ep.hints = { forZones: [{ name: ep.zone }] };
      else delete ep.hints;
    }
  }
  return { toCreate, toUpdate };
}

export { serviceKeyOfSlice };
