// Behaviour of k8s.io/endpointslice utils.go, util/endpointset.go and util/controller_utils.go
// (NewPortMapKey, EndpointsEqualBeyondHash) (v1.33): the EndpointSlice a Service's pods make — one
// endpoint per pod with its conditions, target, node and zone; the ports; the slice's name prefix,
// labels and owner reference.
import { nameIsDNSSubdomain } from '@kapi/apimachinery';
import type { EndpointSlice, Node, ObjectReference, Pod, Service, SliceEndpoint, SliceEndpointPort } from './internal/core-types.ts';
import { fnv128aHex, spewSlicePort } from './internal/go-hash.ts';
import { ipString, isIPv6String, isV4, parseIPSloppy } from './internal/ip.ts';
import { findPort, isPodReady, podIPs, shouldSetHostname } from './endpoints-pods.ts';

export const labelServiceName = 'kubernetes.io/service-name';
export const labelManagedBy = 'endpointslice.kubernetes.io/managed-by';
export const labelHeadless = 'service.kubernetes.io/headless';
export const annotationTriggerTime = 'endpoints.kubernetes.io/last-change-trigger-time';
const labelTopologyZone = 'topology.kubernetes.io/zone';

/** The value of managed-by on the slices of kube-controller-manager's EndpointSlice controller. */
export const controllerQualifiedName = 'endpointslice-controller.k8s.io';

/** A cluster IP other than None and empty (helper.IsServiceIPSet). */
export const isServiceIPSet = (svc: Service): boolean => (svc.spec?.clusterIP ?? '') !== '' && svc.spec?.clusterIP !== 'None';

/** The ready/serving/terminating endpoint of a pod for one address type. */
export function podToEndpoint(pod: Pod, node: Node | undefined, service: Service, addressType: string): SliceEndpoint {
  const serving = isPodReady(pod);
  const terminating = Boolean(pod.metadata?.deletionTimestamp);
  // A terminating pod is never ready unless the Service publishes not-ready addresses.
  const ready = (service.spec?.publishNotReadyAddresses ?? false) || (serving && !terminating);
  const ep: SliceEndpoint = { addresses: endpointAddresses(pod, addressType), conditions: { ready, serving, terminating } };
  if (shouldSetHostname(pod, service)) ep.hostname = pod.spec?.hostname ?? '';
  const m = pod.metadata ?? {};
  ep.targetRef = { kind: 'Pod', namespace: m.namespace ?? '', name: m.name ?? '', uid: m.uid ?? '' };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata?.labels?.[labelTopologyZone];
  if (zone) ep.zone = zone;
  return ep;
}

/** The pod's IPs of the address type, parsed and printed again (a sloppy IP comes out canonical). */
function endpointAddresses(pod: Pod, addressType: string): string[] {
  const out: string[] = [];
  for (const raw of podIPs(pod)) {
    const ip = parseIPSloppy(raw);
    // An unparsable IP is neither family's: Go's nil IP prints "<nil>" and counts as IPv4.
    const v6 = ip !== undefined && !isV4(ip);
    if (v6 && addressType === 'IPv6') out.push(ipString(ip));
    if (!v6 && addressType === 'IPv4') out.push(ip ? ipString(ip) : '<nil>');
  }
  return out;
}

/** The slice ports of the pod for the Service: each Service port whose target the pod has (none for a headless Service without ports). */
export function endpointPorts(service: Service, pod: Pod): SliceEndpointPort[] {
  const ports: SliceEndpointPort[] = [];
  const svcPorts = service.spec?.ports ?? [];
  if (svcPorts.length === 0 && service.spec?.clusterIP === 'None') return ports;
  for (const sp of svcPorts) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const p: SliceEndpointPort = { name: sp.name ?? '', protocol: sp.protocol ?? 'TCP', port };
    if (sp.appProtocol !== undefined) p.appProtocol = sp.appProtocol;
    ports.push(p);
  }
  return ports;
}

/**
 * NewPortMapKey: sorts the ports in place by the fnv128a of their Go representation (the order a
 * slice's ports are written in) and answers a key equal for equal port lists.
 */
export function portMapKey(ports: SliceEndpointPort[]): string {
  const hashes = new Map<SliceEndpointPort, string>();
  const hash = (p: SliceEndpointPort) => {
    let h = hashes.get(p);
    if (h === undefined) hashes.set(p, (h = fnv128aHex(spewSlicePort(p))));
    return h;
  };
  ports.sort((a, b) => (hash(a) < hash(b) ? -1 : hash(a) > hash(b) ? 1 : 0));
  return JSON.stringify(ports.map((p) => [p.name ?? null, p.protocol ?? null, p.port ?? null, p.appProtocol ?? null]));
}

/** The identity of an endpoint within a slice: its addresses, hostname and target (endpointset.go's hashEndpoint). */
export function endpointKey(ep: SliceEndpoint): string {
  return JSON.stringify([[...ep.addresses].sort(), ep.hostname ?? '', ep.targetRef?.namespace ?? '', ep.targetRef?.name ?? '']);
}

const sameRef = (a: ObjectReference | undefined, b: ObjectReference | undefined) =>
  a === undefined || b === undefined
    ? a === b
    : (a.kind ?? '') === (b.kind ?? '') &&
      (a.namespace ?? '') === (b.namespace ?? '') &&
      (a.name ?? '') === (b.name ?? '') &&
      (a.uid ?? '') === (b.uid ?? '') &&
      (a.apiVersion ?? '') === (b.apiVersion ?? '') &&
      (a.fieldPath ?? '') === (b.fieldPath ?? '');

/** EndpointsEqualBeyondHash: node, zone, the three conditions and the target (its resourceVersion aside) are equal. */
export function endpointsEqualBeyondHash(a: SliceEndpoint, b: SliceEndpoint): boolean {
  return (
    a.nodeName === b.nodeName &&
    a.zone === b.zone &&
    a.conditions?.ready === b.conditions?.ready &&
    a.conditions?.serving === b.conditions?.serving &&
    a.conditions?.terminating === b.conditions?.terminating &&
    sameRef(a.targetRef, b.targetRef)
  );
}

/** The generateName of a Service's slices: `<service>-`, or the name alone when the dash would make it invalid. */
export function endpointSlicePrefix(serviceName: string): string {
  const prefix = `${serviceName}-`;
  return nameIsDNSSubdomain(prefix, true).length === 0 ? prefix : serviceName;
}

const isReservedLabel = (k: string) => k === labelServiceName || k === labelManagedBy || k === labelHeadless;

/**
 * setEndpointSliceLabels: the Service's labels (the reserved ones aside), the headless label when
 * the Service has no cluster IP, the service-name and managed-by labels; and whether the slice's
 * own non-reserved labels differ from the Service's.
 */
export function endpointSliceLabels(slice: EndpointSlice, service: Service, controllerName: string): [Record<string, string>, boolean] {
  const sliceLabels = Object.entries(slice.metadata?.labels ?? {}).filter(([k]) => !isReservedLabel(k));
  const svcLabels: Record<string, string> = {};
  for (const [k, v] of Object.entries(service.metadata?.labels ?? {})) if (!isReservedLabel(k)) svcLabels[k] = v;
  const changed = sliceLabels.length !== Object.keys(svcLabels).length || sliceLabels.some(([k, v]) => svcLabels[k] !== v);
  if (!isServiceIPSet(service)) svcLabels[labelHeadless] = '';
  svcLabels[labelServiceName] = service.metadata?.name ?? '';
  svcLabels[labelManagedBy] = controllerName;
  return [svcLabels, changed];
}

/** A new, empty slice of the Service for the ports and address type, owned by the Service. */
export function newEndpointSlice(service: Service, ports: SliceEndpointPort[], addressType: string, controllerName: string): EndpointSlice {
  const m = service.metadata ?? {};
  const slice: EndpointSlice = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: endpointSlicePrefix(m.name ?? ''),
      namespace: m.namespace ?? '',
      labels: {},
      ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: m.name ?? '', uid: m.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    addressType,
    endpoints: [],
    ports,
  };
  slice.metadata!.labels = endpointSliceLabels(slice, service, controllerName)[0];
  return slice;
}

/** The slice has an owner reference to this Service (by uid). */
export const ownedBy = (slice: EndpointSlice, service: Service): boolean =>
  (slice.metadata?.ownerReferences ?? []).some((o) => o.uid === service.metadata?.uid && o.kind === 'Service' && o.apiVersion === 'v1');

/** The slice that is closest to full once `n` endpoints are added, if one has room. */
export function sliceToFill(slices: readonly EndpointSlice[], n: number, max: number): EndpointSlice | undefined {
  let closestDiff = max;
  let closest: EndpointSlice | undefined;
  for (const s of slices) {
    const diff = max - (n + (s.endpoints ?? []).length);
    if (diff >= 0 && diff < closestDiff) {
      closestDiff = diff;
      closest = s;
      if (diff === 0) return closest;
    }
  }
  return closest;
}

/** Sets the trigger-time annotation, or removes it when there is no trigger time. */
export function setTriggerTimeAnnotation(slice: EndpointSlice, triggerTime: string | undefined): void {
  const m = (slice.metadata ??= {});
  const annotations = { ...m.annotations };
  if (triggerTime !== undefined) annotations[annotationTriggerTime] = triggerTime;
  else delete annotations[annotationTriggerTime];
  if (Object.keys(annotations).length > 0) m.annotations = annotations;
  else delete m.annotations;
}

/** The slice's `kubernetes.io/service-name` Service as a queue key, or undefined without the label. */
export function serviceKeyOfSlice(slice: EndpointSlice): string | undefined {
  const name = slice.metadata?.labels?.[labelServiceName];
  return name ? `${slice.metadata?.namespace ?? ''}/${name}` : undefined;
}

/**
 * The address types of the Service: its ipFamilies; without them (an old apiserver), the cluster
 * IP's family, or both for a headless Service.
 */
export function addressTypesForService(service: Service): Set<string> {
  const types = new Set<string>();
  for (const f of service.spec?.ipFamilies ?? []) {
    if (f === 'IPv4') types.add('IPv4');
    if (f === 'IPv6') types.add('IPv6');
  }
  if (types.size > 0) return types;
  const clusterIP = service.spec?.clusterIP ?? '';
  if (clusterIP !== '' && clusterIP !== 'None') return new Set([isIPv6String(clusterIP) ? 'IPv6' : 'IPv4']);
  return new Set(['IPv4', 'IPv6']);
}

/** The topology-mode (or deprecated topology-aware-hints) annotation asks for hints (`Auto`/`auto`). */
export function hintsEnabled(annotations: Readonly<Record<string, string>> | undefined): boolean {
  const value = annotations?.['service.kubernetes.io/topology-aware-hints'] ?? annotations?.['service.kubernetes.io/topology-mode'];
  return value === 'Auto' || value === 'auto';
}
