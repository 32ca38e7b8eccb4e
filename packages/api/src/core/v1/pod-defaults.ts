// Behaviour of k8s.io/kubernetes pkg/apis/core/v1/defaults.go and zz_generated.defaults.go (v1.33)
// for pods and pod templates: SetDefaults_Pod, SetDefaults_PodSpec and the defaulters of everything
// a PodSpec holds (volumes, containers, probes, handlers, the +default markers of k8s.io/api).
// PodLevelResources is off by default in v1.33, so pod-level resources get no defaults; image
// volumes (ImageVolume, also off by default) get their pull policy as if the gate were on.
// Quantities are not rounded to milli precision (SetDefaults_ResourceList).
import type { Container, ContainerPort, EphemeralContainer } from './container.ts';
import type { PodSpec } from './pod-spec.ts';
import type { Pod, PodTemplateSpec } from './pod.ts';
import type { Lifecycle, LifecycleHandler, Probe } from './probe.ts';
import type { DownwardAPIVolumeFile } from './projected-volumes.ts';
import type { Volume } from './volume.ts';

/** v1.DefaultTerminationGracePeriodSeconds */
export const defaultTerminationGracePeriodSeconds = 30;
/** v1.DefaultSchedulerName */
export const defaultSchedulerName = 'default-scheduler';
/** v1.TerminationMessagePathDefault */
export const terminationMessagePathDefault = '/dev/termination-log';
/** Secret, config map, downward API and projected volumes: 0644. */
const defaultFileMode = 0o644;

// The grammar of image references (github.com/distribution/reference), enough to find the tag.
const pathComponent = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domain = `(?:${domainComponent}(?:\\.${domainComponent})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const referenceRe = new RegExp(
  `^((?:${domain}/)?${pathComponent}(?:/${pathComponent})*)(?::([\\w][\\w.-]{0,127}))?(?:@([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}))?$`,
);

/**
 * The tag parsers.ParseImageName finds in an image reference: the tag when there is one, `latest`
 * for a bare name, '' for a digest without a tag or a reference that does not parse.
 */
export function imageTag(image: string): string {
  if (/^[a-f0-9]{64}$/.test(image)) return '';
  const m = referenceRe.exec(image);
  if (!m || m[1]!.length > 255) return '';
  if (m[2] !== undefined) return m[2];
  return m[3] !== undefined ? '' : 'latest';
}

/** Always for `:latest` or no tag, else IfNotPresent. */
export function defaultPullPolicy(image: string): string {
  return imageTag(image) === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultFieldRefs(items: DownwardAPIVolumeFile[] | undefined): void {
  for (const item of items ?? []) if (item.fieldRef && !item.fieldRef.apiVersion) item.fieldRef.apiVersion = 'v1';
}

/** SetDefaults_Volume and the defaulters of each volume source. */
function defaultVolume(v: Volume): void {
  const sources = Object.keys(v).filter((k) => k !== 'name' && (v as Record<string, unknown>)[k] != null);
  if (sources.length === 0) v.emptyDir = {};
  if (v.hostPath && v.hostPath.type == null) v.hostPath.type = '';
  if (v.secret && v.secret.defaultMode == null) v.secret.defaultMode = defaultFileMode;
  if (v.iscsi && !v.iscsi.iscsiInterface) v.iscsi.iscsiInterface = 'default';
  if (v.rbd) {
    v.rbd.pool ||= 'rbd';
    v.rbd.user ||= 'admin';
    v.rbd.keyring ||= '/etc/ceph/keyring';
  }
  if (v.downwardAPI) {
    if (v.downwardAPI.defaultMode == null) v.downwardAPI.defaultMode = defaultFileMode;
    defaultFieldRefs(v.downwardAPI.items);
  }
  if (v.configMap && v.configMap.defaultMode == null) v.configMap.defaultMode = defaultFileMode;
  if (v.azureDisk) {
    v.azureDisk.cachingMode ??= 'ReadWrite';
    v.azureDisk.fsType ??= 'ext4';
    v.azureDisk.readOnly ??= false;
    v.azureDisk.kind ??= 'Shared';
  }
  if (v.projected) {
    if (v.projected.defaultMode == null) v.projected.defaultMode = defaultFileMode;
    for (const s of v.projected.sources ?? []) {
      defaultFieldRefs(s.downwardAPI?.items);
      if (s.serviceAccountToken && s.serviceAccountToken.expirationSeconds == null) s.serviceAccountToken.expirationSeconds = 3600;
    }
  }
  if (v.scaleIO) {
    v.scaleIO.storageMode ||= 'ThinProvisioned';
    v.scaleIO.fsType ||= 'xfs';
  }
  const claim = v.ephemeral?.volumeClaimTemplate;
  if (claim) {
    const spec = (claim.spec ??= {});
    spec.volumeMode ??= 'Filesystem';
  }
  if (v.image && !v.image.pullPolicy) v.image.pullPolicy = defaultPullPolicy(v.image.reference ?? '');
}

function defaultHandler(h: LifecycleHandler | Probe | undefined): void {
  if (!h) return;
  if (h.httpGet) {
    h.httpGet.path ||= '/';
    h.httpGet.scheme ||= 'HTTP';
  }
}

/** SetDefaults_Probe and the defaults of its handler. */
function defaultProbe(p: Probe | undefined): void {
  if (!p) return;
  p.timeoutSeconds ||= 1;
  p.periodSeconds ||= 10;
  p.successThreshold ||= 1;
  p.failureThreshold ||= 3;
  defaultHandler(p);
  if (p.grpc && p.grpc.service == null) p.grpc.service = '';
}

function defaultLifecycle(l: Lifecycle | undefined): void {
  defaultHandler(l?.postStart);
  defaultHandler(l?.preStop);
}

/** SetDefaults_Container and the defaulters of what a container holds. */
function defaultContainer(c: Container | EphemeralContainer): void {
  if (!c.imagePullPolicy) c.imagePullPolicy = defaultPullPolicy(c.image ?? '');
  c.terminationMessagePath ||= terminationMessagePathDefault;
  c.terminationMessagePolicy ||= 'File';
  for (const p of c.ports ?? []) p.protocol ||= 'TCP';
  for (const e of c.env ?? []) if (e.valueFrom?.fieldRef && !e.valueFrom.fieldRef.apiVersion) e.valueFrom.fieldRef.apiVersion = 'v1';
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  defaultLifecycle(c.lifecycle);
}

/** SetDefaults_PodSpec: the defaults every PodSpec gets, in a pod or in a template. */
function setPodSpecDefaults(spec: PodSpec): void {
  spec.dnsPolicy ||= 'ClusterFirst';
  spec.restartPolicy ||= 'Always';
  spec.securityContext ??= {};
  spec.terminationGracePeriodSeconds ??= defaultTerminationGracePeriodSeconds;
  spec.schedulerName ||= defaultSchedulerName;
}

/** SetDefaults_PodSpec and the defaulters of the volumes and containers it holds. */
export function defaultPodSpec(spec: PodSpec): void {
  setPodSpecDefaults(spec);
  for (const v of spec.volumes ?? []) defaultVolume(v);
  for (const c of spec.initContainers ?? []) defaultContainer(c);
  for (const c of spec.containers ?? []) defaultContainer(c);
  for (const c of spec.ephemeralContainers ?? []) defaultContainer(c);
}

/** The defaults of a pod template in a workload (SetObjectDefaults_PodTemplate's template part). */
export function defaultPodTemplateSpec(template: PodTemplateSpec): void {
  defaultPodSpec((template.spec ??= {}));
}

function requestsFromLimits(containers: Container[] | undefined): void {
  for (const c of containers ?? []) {
    const limits = c.resources?.limits;
    if (!limits) continue;
    const requests = (c.resources!.requests ??= {});
    for (const [k, v] of Object.entries(limits)) if (!(k in requests)) requests[k] = v;
  }
}

function hostNetworkPorts(containers: Container[] | undefined): void {
  for (const c of containers ?? []) for (const p of (c.ports ?? []) as ContainerPort[]) if (!p.hostPort) p.hostPort = p.containerPort ?? 0;
}

/**
 * The round trip through kube's internal PodStatus (pkg/apis/core/v1/conversion.go), which keeps
 * only the plural fields: podIPs (hostIPs) from podIP (hostIP) when only that is given or when the
 * two disagree (the singular wins, for older kubelets), and podIP (hostIP) as the first of them.
 */
function convertPodStatusIPs(pod: Pod): void {
  const status = pod.status as { podIP?: string; podIPs?: { ip?: string }[]; hostIP?: string; hostIPs?: { ip?: string }[] } | undefined;
  if (!status) return;
  const sync = (one: 'podIP' | 'hostIP', many: 'podIPs' | 'hostIPs') => {
    const single = status[one];
    const list = status[many];
    if (single && (!list || list.length === 0 || list[0]?.ip !== single)) status[many] = [{ ip: single }];
    const first = status[many]?.[0]?.ip;
    if (first) status[one] = first;
  };
  sync('podIP', 'podIPs');
  sync('hostIP', 'hostIPs');
}

/** SetObjectDefaults_Pod: SetDefaults_Pod, then the PodSpec and everything in it. */
export function defaultPod(pod: Pod): void {
  convertPodStatusIPs(pod);
  const spec = (pod.spec ??= {});
  // SetDefaults_Pod: container requests default to limits; service links on; host network ports.
  requestsFromLimits(spec.containers);
  requestsFromLimits(spec.initContainers);
  spec.enableServiceLinks ??= true;
  if (spec.hostNetwork) {
    hostNetworkPorts(spec.containers);
    hostNetworkPorts(spec.initContainers);
  }
  defaultPodSpec(spec);
}
