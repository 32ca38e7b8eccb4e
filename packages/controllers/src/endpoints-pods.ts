// Behaviour of k8s.io/endpointslice/util/controller_utils.go and k8s.io/kubernetes/pkg/api/v1/pod
// (IsPodReady, FindPort) (v1.33): which pods a Service's endpoints hold, and which Services a pod
// change concerns. Shared by the endpoints and EndpointSlice controllers.
import type { KubeObject } from '@kapi/apimachinery';
import { keyOf, type Pod, type Service, type ServicePort } from './internal/core-types.ts';

/** The Ready condition is True. */
export function isPodReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).find((c) => c.type === 'Ready')?.status === 'True';
}

/** The Ready condition's lastTransitionTime, the time a pod change triggered an endpoints change. */
export function podReadyTransitionTime(pod: Pod): string | undefined {
  return (pod.status?.conditions ?? []).find((c) => c.type === 'Ready')?.lastTransitionTime ?? undefined;
}

/**
 * The pod's IPs. kube's API converts `status.podIP` alone into `status.podIPs: [{ip}]` (and the
 * first of podIPs into podIP); a pod stored with podIP only reads here as kube would have stored it.
 */
export function podIPs(pod: Pod): string[] {
  const ips = (pod.status?.podIPs ?? []).map((p) => p.ip ?? '');
  const primary = pod.status?.podIP ?? '';
  if (primary !== '' && (ips.length === 0 || ips[0] !== primary)) return [primary];
  return ips;
}

/** Succeeded or Failed: a terminal pod never serves again. */
const isPodTerminal = (pod: Pod) => pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';

/**
 * ShouldPodBeInEndpoints: not terminal, has an IP, and (unless `includeTerminating`) is not being
 * deleted.
 */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  if (isPodTerminal(pod)) return false;
  if ((pod.status?.podIP ?? '') === '' && (pod.status?.podIPs ?? []).length === 0) return false;
  if (!includeTerminating && pod.metadata?.deletionTimestamp) return false;
  return true;
}

/** The pod's hostname names it in the Service's DNS: hostname set, subdomain = the Service, same namespace. */
export function shouldSetHostname(pod: Pod, svc: Service): boolean {
  return (pod.spec?.hostname ?? '') !== '' && pod.spec?.subdomain === svc.metadata?.name && svc.metadata?.namespace === pod.metadata?.namespace;
}

/**
 * FindPort: the container port a Service port targets — the number itself, or the port of that name
 * and protocol among the containers and the sidecar (restartPolicy Always) init containers.
 */
export function findPort(pod: Pod, svcPort: ServicePort): number | undefined {
  const target = svcPort.targetPort ?? svcPort.port ?? 0;
  if (typeof target === 'number') return target;
  const protocol = svcPort.protocol ?? 'TCP';
  const sidecars = (pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always');
  for (const c of [...(pod.spec?.containers ?? []), ...sidecars]) {
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort ?? 0;
  }
  return undefined;
}

/** A Service selector as a set selector: every pair present in the labels. */
export function selectorMatches(selector: Readonly<Record<string, string>>, labels: Readonly<Record<string, string>> | undefined): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

const sameLabels = (a: Record<string, string> | undefined, b: Record<string, string> | undefined) => {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => b?.[k] === a?.[k]);
};

/**
 * podEndpointsChanged: [whether the pod changed in a way its endpoints show (deletion, readiness,
 * IPs), whether it may match other Services now (labels, hostname, subdomain)]. kube compares the
 * deletionTimestamp pointers, so two decoded pods with one each count as changed.
 */
export function podEndpointsChanged(oldPod: Pod, newPod: Pod): [boolean, boolean] {
  const labelsChanged =
    !sameLabels(oldPod.metadata?.labels, newPod.metadata?.labels) ||
    (oldPod.spec?.hostname ?? '') !== (newPod.spec?.hostname ?? '') ||
    (oldPod.spec?.subdomain ?? '') !== (newPod.spec?.subdomain ?? '');
  if (oldPod.metadata?.deletionTimestamp || newPod.metadata?.deletionTimestamp) return [true, labelsChanged];
  if (isPodReady(oldPod) !== isPodReady(newPod)) return [true, labelsChanged];
  const a = podIPs(oldPod);
  const b = podIPs(newPod);
  if (a.length !== b.length || a.some((ip, i) => ip !== b[i])) return [true, labelsChanged];
  return [false, labelsChanged];
}

/** GetPodServiceMemberships: the keys of the Services in the pod's namespace whose selector matches it. */
export function podServiceMemberships(services: readonly KubeObject[], pod: Pod): Set<string> {
  const keys = new Set<string>();
  for (const svc of services as Service[]) {
    if (svc.metadata?.namespace !== pod.metadata?.namespace) continue;
    // A nil selector selects nothing (an empty one, everything).
    const selector = svc.spec?.selector;
    if (selector === undefined || selector === null) continue;
    if (selectorMatches(selector, pod.metadata?.labels)) keys.add(keyOf(svc));
  }
  return keys;
}

/**
 * GetServicesToUpdateOnPodChange: nothing for a resync (same resourceVersion) or a change endpoints
 * do not show; the Services matching the pod now; with changed labels, also those it left (all of
 * both when the pod changed too, else those in one set only).
 */
export function servicesToUpdateOnPodChange(services: readonly KubeObject[], oldPod: Pod, newPod: Pod): Set<string> {
  if (newPod.metadata?.resourceVersion === oldPod.metadata?.resourceVersion) return new Set();
  const [podChanged, labelsChanged] = podEndpointsChanged(oldPod, newPod);
  if (!podChanged && !labelsChanged) return new Set();
  const now = podServiceMemberships(services, newPod);
  if (!labelsChanged) return now;
  const before = podServiceMemberships(services, oldPod);
  if (podChanged) return new Set([...now, ...before]);
  return new Set([...[...now].filter((k) => !before.has(k)), ...[...before].filter((k) => !now.has(k))]);
}
