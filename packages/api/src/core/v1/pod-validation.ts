// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/validation.go (v1.33): ValidatePodCreate,
// ValidatePodUpdate, ValidatePodSpec and ValidatePodTemplateSpec, with v1.33's default feature
// gates. Not ported yet: affinity terms, topology spread label selectors, sysctls, seccomp and
// AppArmor profiles and their annotations, Windows host-process rules, resource requirements and
// pod-level resources, resource claim statuses.
import {
  FieldPath,
  fieldErrors,
  isValidLabelValue,
  nameIsDNSSubdomain,
  validateAnnotations,
  validateLabelName,
  validateLabels,
  type FieldError,
  type ObjectMeta,
} from '@kapi/apimachinery';
import type { Container } from './container.ts';
import type { Toleration } from './affinity.ts';
import type { PodSpec } from './pod-spec.ts';
import type { Pod, PodTemplateSpec } from './pod.ts';
import {
  validateActiveDeadlineSeconds,
  validateContainerOnlyForPod,
  validateContainers,
  validateEphemeralContainers,
  validateInitContainers,
  type ContainerContext,
} from './container-validation.ts';
import { validateVolumes } from './volume-validation.ts';
import {
  inclusiveRangeError,
  invalidEach,
  notSupported,
  validateCoreObjectMeta,
  validateCoreObjectMetaUpdate,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateIP,
  validateQualifiedName,
} from './validation-helpers.ts';

/** Options of pod validation that depend on where the PodSpec lives. */
export interface PodValidationOptions {
  /** The PodSpec is a pod's, not a template's. */
  resourceIsPod: boolean;
}

const subdomainErrs = (value: string, path: FieldPath) => invalidEach(path, value, nameIsDNSSubdomain(value, false));

function validateRestartPolicy(policy: string | undefined, path: FieldPath): FieldError[] {
  const valid = ['Always', 'OnFailure', 'Never'];
  if (!policy) return [fieldErrors.required(path, '')];
  return valid.includes(policy) ? [] : [notSupported(path, policy, valid)];
}

function validateDNSPolicy(policy: string | undefined, path: FieldPath): FieldError[] {
  const valid = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
  if (!policy) return [fieldErrors.required(path, '')];
  return valid.includes(policy) ? [] : [notSupported(path, policy, valid)];
}

function validatePodDNSConfig(spec: PodSpec, path: FieldPath): FieldError[] {
  const cfg = spec.dnsConfig;
  if (spec.dnsPolicy === 'None') {
    if (!cfg) return [fieldErrors.required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if ((cfg.nameservers ?? []).length === 0) return [fieldErrors.required(path.child('nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!cfg) return [];
  const errs: FieldError[] = [];
  const nameservers = cfg.nameservers ?? [];
  if (nameservers.length > 3) errs.push(fieldErrors.invalid(path.child('nameservers'), nameservers, 'must not have more than 3 nameservers'));
  nameservers.forEach((ns, i) => errs.push(...validateIP(path.child('nameservers').index(i), ns)));
  const searches = cfg.searches ?? [];
  if (searches.length > 32) errs.push(fieldErrors.invalid(path.child('searches'), searches, 'must not have more than 32 search paths'));
  if (searches.join(' ').length > 2048) {
    errs.push(fieldErrors.invalid(path.child('searches'), searches, 'must not have more than 2048 characters (including spaces) in the search list'));
  }
  // RelaxedDNSSearchValidation is beta and on in v1.33: "." and underscores are allowed.
  searches.forEach((search, i) => {
    if (search === '.') return;
    const s = search.endsWith('.') ? search.slice(0, -1) : search;
    errs.push(...invalidEach(path.child('searches').index(i), s, subdomainWithUnderscoreErrs(s)));
  });
  (cfg.options ?? []).forEach((o, i) => {
    if (!o.name) errs.push(fieldErrors.required(path.child('options').index(i), 'must not be empty'));
  });
  return errs;
}

const labelWithUnderscore = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const subdomainWithUnderscoreRe = new RegExp(`^${labelWithUnderscore}(\\.${labelWithUnderscore})*$`);

/** IsDNS1123SubdomainWithUnderscore (its message names the plain subdomain pattern, as upstream's does). */
function subdomainWithUnderscoreErrs(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value, 'utf8') > 253) errs.push('must be no more than 253 characters');
  if (!subdomainWithUnderscoreRe.test(value)) {
    errs.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  }
  return errs;
}

function validateTaintEffect(effect: string, path: FieldPath): FieldError[] {
  const valid = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
  return valid.includes(effect) ? [] : [notSupported(path, effect, valid)];
}

/** ValidateTolerations */
export function validateTolerations(tolerations: readonly Toleration[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = path.index(i);
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    const effect = t.effect ?? '';
    if (key.length > 0) errs.push(...validateLabelName(key, p.child('key')));
    if (key.length === 0 && operator !== 'Exists') {
      errs.push(fieldErrors.invalid(p.child('operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    if (t.tolerationSeconds != null && effect !== 'NoExecute') {
      errs.push(fieldErrors.invalid(p.child('effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (operator === 'Equal' || operator === '') {
      const msgs = isValidLabelValue(value);
      if (msgs.length > 0) errs.push(fieldErrors.invalid(p.child('operator'), value, msgs.join(';')));
    } else if (operator === 'Exists') {
      if (value.length > 0) errs.push(fieldErrors.invalid(p.child('operator'), value, "value must be empty when `operator` is 'Exists'"));
    } else {
      errs.push(notSupported(p.child('operator'), operator, ['Equal', 'Exists']));
    }
    if (effect.length > 0) errs.push(...validateTaintEffect(effect, p.child('effect')));
  });
  return errs;
}

function validateSecurityContext(spec: PodSpec, path: FieldPath): FieldError[] {
  const sc = spec.securityContext;
  if (!sc) return [];
  const errs: FieldError[] = [];
  const idRange = (v: number) => (v < 0 || v > 2147483647 ? [inclusiveRangeError(0, 2147483647)] : []);
  if (sc.fsGroup != null) errs.push(...invalidEach(path.child('fsGroup'), sc.fsGroup, idRange(sc.fsGroup)));
  if (sc.runAsUser != null) errs.push(...invalidEach(path.child('runAsUser'), sc.runAsUser, idRange(sc.runAsUser)));
  if (sc.runAsGroup != null) errs.push(...invalidEach(path.child('runAsGroup'), sc.runAsGroup, idRange(sc.runAsGroup)));
  (sc.supplementalGroups ?? []).forEach((g, i) => errs.push(...invalidEach(path.child('supplementalGroups').index(i), g, idRange(g))));
  if (spec.shareProcessNamespace === true && spec.hostPID) {
    errs.push(fieldErrors.invalid(path.child('shareProcessNamespace'), true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  if (sc.fsGroupChangePolicy != null && !['Always', 'OnRootMismatch'].includes(sc.fsGroupChangePolicy)) {
    errs.push(notSupported(path.child('fsGroupChangePolicy'), sc.fsGroupChangePolicy, ['Always', 'OnRootMismatch']));
  }
  if (sc.supplementalGroupsPolicy != null && !['Merge', 'Strict'].includes(sc.supplementalGroupsPolicy)) {
    errs.push(notSupported(path.child('supplementalGroupsPolicy'), sc.supplementalGroupsPolicy, ['Merge', 'Strict']));
  }
  if (sc.seLinuxChangePolicy != null && !['MountOption', 'Recursive'].includes(sc.seLinuxChangePolicy)) {
    errs.push(notSupported(path.child('seLinuxChangePolicy'), sc.seLinuxChangePolicy, ['MountOption', 'Recursive']));
  }
  return errs;
}

function validateHostUsers(spec: PodSpec, path: FieldPath): FieldError[] {
  if (spec.securityContext?.hostUsers !== false) return [];
  const errs: FieldError[] = [];
  const msg = 'when `pod.Spec.HostUsers` is false';
  if (spec.hostNetwork) errs.push(fieldErrors.forbidden(path.child('hostNetwork'), msg));
  if (spec.hostPID) errs.push(fieldErrors.forbidden(path.child('HostPID'), msg));
  if (spec.hostIPC) errs.push(fieldErrors.forbidden(path.child('HostIPC'), msg));
  return errs;
}

function validateTopologySpreadConstraints(spec: PodSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  (spec.topologySpreadConstraints ?? []).forEach((c, i) => {
    const p = path.index(i);
    const maxSkew = c.maxSkew ?? 0;
    if (maxSkew <= 0) errs.push(fieldErrors.invalid(p.child('maxSkew'), maxSkew, 'must be greater than zero'));
    if (!c.topologyKey) errs.push(fieldErrors.required(p.child('topologyKey'), 'can not be empty'));
    else errs.push(...validateQualifiedName(c.topologyKey, p.child('topologyKey')));
    const when = c.whenUnsatisfiable ?? '';
    if (!['DoNotSchedule', 'ScheduleAnyway'].includes(when)) errs.push(notSupported(p.child('whenUnsatisfiable'), when, ['DoNotSchedule', 'ScheduleAnyway']));
  });
  return errs;
}

function validatePodResourceClaims(spec: PodSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (spec.resourceClaims ?? []).forEach((c, i) => {
    const p = path.index(i);
    const name = c.name ?? '';
    if (name === '') errs.push(fieldErrors.required(p.child('name'), ''));
    else if (names.has(name)) errs.push(fieldErrors.duplicate(p.child('name'), name));
    else {
      errs.push(...validateDNS1123Label(name, p.child('name')));
      names.add(name);
    }
    if (c.resourceClaimName != null) errs.push(...subdomainErrs(c.resourceClaimName, p.child('resourceClaimName')));
    if (c.resourceClaimTemplateName != null) errs.push(...subdomainErrs(c.resourceClaimTemplateName, p.child('resourceClaimTemplateName')));
  });
  return errs;
}

/** ValidatePodSpec */
export function validatePodSpec(spec: PodSpec, path: FieldPath, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.terminationGracePeriodSeconds == null) errs.push(fieldErrors.required(path.child('terminationGracePeriodSeconds'), ''));
  const { byName, errs: volumeErrs } = validateVolumes(spec.volumes, path.child('volumes'));
  errs.push(...volumeErrs);
  errs.push(...validatePodResourceClaims(spec, path.child('resourceClaims')));
  const ctx: ContainerContext = { volumes: byName, gracePeriod: spec.terminationGracePeriodSeconds, restartPolicy: spec.restartPolicy };
  errs.push(...validateContainers(spec.containers, ctx, path.child('containers')));
  errs.push(...validateInitContainers(spec.initContainers, spec.containers, ctx, path.child('initContainers')));
  errs.push(...validateEphemeralContainers(spec.ephemeralContainers, spec.containers, spec.initContainers, ctx, path.child('ephemeralContainers')));
  if (spec.hostNetwork) {
    (spec.containers ?? []).forEach((c: Container, i) => {
      (c.ports ?? []).forEach((port, j) => {
        const hp = port.hostPort ?? 0;
        if ((opts.resourceIsPod || hp !== 0) && hp !== (port.containerPort ?? 0)) {
          errs.push(fieldErrors.invalid(path.child('containers').index(i).child('ports').index(j).child('hostPort'), hp, 'must match `containerPort` when `hostNetwork` is true'));
        }
      });
    });
  }
  errs.push(...validateRestartPolicy(spec.restartPolicy, path.child('restartPolicy')));
  errs.push(...validateDNSPolicy(spec.dnsPolicy, path.child('dnsPolicy')));
  errs.push(...validateLabels(spec.nodeSelector, path.child('nodeSelector')));
  errs.push(...validateSecurityContext(spec, path.child('securityContext')));
  errs.push(...validatePodDNSConfig(spec, path.child('dnsConfig')));
  (spec.readinessGates ?? []).forEach((g, i) => errs.push(...validateQualifiedName(g.conditionType ?? '', path.child('readinessGates').index(i).child('conditionType'))));
  const gates = new Set<string>();
  (spec.schedulingGates ?? []).forEach((g, i) => {
    const name = g.name ?? '';
    errs.push(...validateQualifiedName(name, path.child('schedulingGates').index(i)));
    if (gates.has(name)) errs.push(fieldErrors.duplicate(path.child('schedulingGates').index(i), name));
    gates.add(name);
  });
  errs.push(...validateTopologySpreadConstraints(spec, path.child('topologySpreadConstraints')));
  errs.push(...validateHostUsers(spec, path));
  if (spec.serviceAccountName) errs.push(...subdomainErrs(spec.serviceAccountName, path.child('serviceAccountName')));
  if (spec.nodeName) errs.push(...subdomainErrs(spec.nodeName, path.child('nodeName')));
  if (spec.activeDeadlineSeconds != null) errs.push(...validateActiveDeadlineSeconds(spec.activeDeadlineSeconds, path.child('activeDeadlineSeconds')));
  if (spec.hostname) errs.push(...validateDNS1123Label(spec.hostname, path.child('hostname')));
  if (spec.subdomain) errs.push(...validateDNS1123Label(spec.subdomain, path.child('subdomain')));
  errs.push(...validateTolerations(spec.tolerations, path.child('tolerations')));
  (spec.hostAliases ?? []).forEach((a, i) => {
    const p = path.child('hostAliases').index(i);
    errs.push(...validateIP(p.child('ip'), a.ip ?? ''));
    (a.hostnames ?? []).forEach((h, j) => errs.push(...validateDNS1123Subdomain(h, p.child('hostnames').index(j))));
  });
  if (spec.priorityClassName) errs.push(...subdomainErrs(spec.priorityClassName, path.child('priorityClassName')));
  if (spec.runtimeClassName != null) errs.push(...subdomainErrs(spec.runtimeClassName, path.child('runtimeClassName')));
  if (spec.preemptionPolicy != null) {
    const valid = ['PreemptLowerPriority', 'Never'];
    if (spec.preemptionPolicy === '') errs.push(fieldErrors.required(path.child('preemptionPolicy'), ''));
    else if (!valid.includes(spec.preemptionPolicy)) errs.push(notSupported(path.child('preemptionPolicy'), spec.preemptionPolicy, valid));
  }
  if (spec.os) {
    const name = spec.os.name ?? '';
    if (name === '') errs.push(fieldErrors.required(path.child('os', 'name'), ''));
    else if (name !== 'linux' && name !== 'windows') errs.push(notSupported(path.child('os', 'name'), name, ['linux', 'windows']));
    else if (name === 'linux') {
      if (spec.securityContext?.windowsOptions) errs.push(fieldErrors.forbidden(path.child('securityContext', 'windowsOptions'), 'windows options cannot be set for a linux pod'));
      forEachContainer(spec, path, (c, p) => {
        if (c.securityContext?.windowsOptions) errs.push(fieldErrors.forbidden(p.child('securityContext', 'windowsOptions'), 'windows options cannot be set for a linux pod'));
      });
    }
  }
  return errs;
}

/** VisitContainersWithPath: init, regular, then ephemeral containers. */
function forEachContainer(spec: PodSpec, path: FieldPath, fn: (c: Container, p: FieldPath) => void): void {
  (spec.initContainers ?? []).forEach((c, i) => fn(c, path.child('initContainers').index(i)));
  (spec.containers ?? []).forEach((c, i) => fn(c, path.child('containers').index(i)));
  (spec.ephemeralContainers ?? []).forEach((c, i) => fn(c, path.child('ephemeralContainers').index(i)));
}

/** ValidatePodSpecificAnnotations, the parts that apply without feature gates. */
function validatePodSpecificAnnotations(annotations: Record<string, string> | undefined, spec: PodSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const mirror = annotations?.['kubernetes.io/config.mirror'];
  if (mirror !== undefined && !spec.nodeName) {
    errs.push(fieldErrors.invalid(path.key('kubernetes.io/config.mirror'), mirror, 'must set spec.nodeName if mirror pod annotation is set'));
  }
  const cost = annotations?.['controller.kubernetes.io/pod-deletion-cost'];
  if (cost !== undefined && !(/^[-+]?[0-9]+$/.test(cost) && Number(cost) >= -2147483648 && Number(cost) <= 2147483647)) {
    errs.push(fieldErrors.invalid(path.key('controller.kubernetes.io/pod-deletion-cost'), cost, 'must be a 32bit integer'));
  }
  return errs;
}

/** validatePodMetadataAndSpec */
function validatePodMetadataAndSpec(pod: Pod): FieldError[] {
  const meta = pod.metadata ?? {};
  const spec = pod.spec ?? {};
  const specPath = FieldPath.of('spec');
  const errs = validateCoreObjectMeta(meta, true, nameIsDNSSubdomain);
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, FieldPath.of('metadata', 'annotations')));
  errs.push(...validatePodSpec(spec, specPath, { resourceIsPod: true }));
  if (!spec.serviceAccountName) {
    (spec.volumes ?? []).forEach((v, vi) => {
      (v.projected?.sources ?? []).forEach((s, si) => {
        if (s.serviceAccountToken) {
          const p = specPath.child('volumes').index(vi).child('projected', 'sources').index(si).child('serviceAccountToken');
          errs.push(fieldErrors.forbidden(p, 'must not be specified when serviceAccountName is not set'));
        }
      });
    });
  }
  (spec.containers ?? []).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, specPath.child('containers').index(i))));
  (spec.initContainers ?? []).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, specPath.child('initContainers').index(i))));
  return errs;
}

/** ValidatePodCreate */
export function validatePodCreate(pod: Pod): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod);
  const spec = pod.spec ?? {};
  const specPath = FieldPath.of('spec');
  if ((spec.ephemeralContainers ?? []).length > 0) errs.push(fieldErrors.forbidden(specPath.child('ephemeralContainers'), 'cannot be set on create'));
  if (spec.nodeName && (spec.schedulingGates ?? []).length > 0) {
    errs.push(fieldErrors.forbidden(specPath.child('nodeName'), 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

const updatablePodSpecFields = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** Deep equality of JSON values, where absent, null, empty lists and empty maps are alike (as Go's nil and empty). */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v!).length === 0);
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  // A quantity written as a number (`cpu: 1`) is the same as its canonical string ("1").
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  return a === b || (isZero(a) && isZero(b));
}
const isZero = (v: unknown) => v == null || v === '' || v === 0 || v === false;

/** The fields of two specs that differ, as `path: old -> new` lines (kube prints a cmp.Diff here). */
function specDiff(a: unknown, b: unknown, path = 'spec'): string[] {
  if (sameValue(a, b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a) ? [...Array(Math.max(a.length, (b as unknown[]).length)).keys()].map(String) : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => specDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`));
  }
  return [`  ${path}: ${JSON.stringify(a ?? null)} -> ${JSON.stringify(b ?? null)}`];
}

function sameToleration(a: Toleration, b: Toleration): boolean {
  return sameValue({ ...a, tolerationSeconds: undefined }, { ...b, tolerationSeconds: undefined });
}

/** ValidatePodUpdate (the spec comparison after the updatable fields are set aside). */
export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod));
  const spec = pod.spec ?? {};
  const oldSpec = old.spec ?? {};
  const specPath = FieldPath.of('spec');
  for (const key of ['containers', 'initContainers'] as const) {
    const next = spec[key] ?? [];
    const prev = oldSpec[key] ?? [];
    if (next.length !== prev.length) {
      errs.push(fieldErrors.forbidden(specPath.child(key), 'pod updates may not add or remove containers'));
      return errs;
    }
    next.forEach((c, i) => {
      const image = c.image ?? '';
      if (image === '') errs.push(fieldErrors.required(specPath.child(key).index(i).child('image'), ''));
      if (image.trim().length !== image.length) errs.push(fieldErrors.invalid(specPath.child(key).index(i).child('image'), image, 'must not have leading or trailing whitespace'));
    });
  }
  const ads = spec.activeDeadlineSeconds;
  if (ads != null) {
    if (ads < 0 || ads > 2147483647) {
      errs.push(fieldErrors.invalid(specPath.child('activeDeadlineSeconds'), ads, inclusiveRangeError(0, 2147483647)));
      return errs;
    }
    if (oldSpec.activeDeadlineSeconds != null && oldSpec.activeDeadlineSeconds < ads) {
      errs.push(fieldErrors.invalid(specPath.child('activeDeadlineSeconds'), ads, 'must be less than or equal to previous value'));
      return errs;
    }
  } else if (oldSpec.activeDeadlineSeconds != null) {
    errs.push(fieldErrors.invalid(specPath.child('activeDeadlineSeconds'), null, 'must not update from a positive integer to nil value'));
  }
  const tolerations = spec.tolerations ?? [];
  if ((oldSpec.tolerations ?? []).some((t) => !tolerations.some((n) => sameToleration(t, n)))) {
    errs.push(fieldErrors.forbidden(specPath.child('tolerations'), 'existing toleration can not be modified except its tolerationSeconds'));
  } else {
    errs.push(...validateTolerations(tolerations, specPath.child('tolerations')));
  }
  const oldGates = new Set((oldSpec.schedulingGates ?? []).map((g) => g.name ?? ''));
  (spec.schedulingGates ?? []).forEach((g, i) => {
    if (!oldGates.has(g.name ?? '')) {
      errs.push(fieldErrors.forbidden(specPath.child('schedulingGates').index(i).child('name'), `only deletion is allowed, but found new scheduling gate '${g.name ?? ''}'`));
    }
  });
  // The spec with the updatable fields taken from the old one must equal the old spec.
  const munged: PodSpec = {
    ...spec,
    containers: (spec.containers ?? []).map((c, i) => ({ ...c, image: oldSpec.containers?.[i]?.image })),
    initContainers: (spec.initContainers ?? []).map((c, i) => ({ ...c, image: oldSpec.initContainers?.[i]?.image })),
    activeDeadlineSeconds: oldSpec.activeDeadlineSeconds,
    schedulingGates: oldSpec.schedulingGates,
    tolerations: oldSpec.tolerations,
  };
  if ((oldSpec.terminationGracePeriodSeconds ?? 0) < 0 && munged.terminationGracePeriodSeconds === 1) {
    munged.terminationGracePeriodSeconds = oldSpec.terminationGracePeriodSeconds;
  }
  if ((oldSpec.schedulingGates ?? []).length > 0) {
    // Gated pods may gain node selector entries and node affinity terms (checked upstream in detail).
    munged.nodeSelector = oldSpec.nodeSelector;
    if (munged.affinity || oldSpec.affinity) munged.affinity = { ...(munged.affinity ?? {}), nodeAffinity: oldSpec.affinity?.nodeAffinity };
  }
  if (!sameValue(munged, oldSpec)) {
    const diff = specDiff(oldSpec, munged).join('\n');
    errs.push(fieldErrors.forbidden(specPath, `pod updates may not change fields other than ${updatablePodSpecFields.join(',')}\n${diff}`));
  }
  return errs;
}

/** ValidatePodTemplateSpec, as the workload kinds run it on their template (at `path`). */
export function validatePodTemplateSpec(template: PodTemplateSpec, path: FieldPath): FieldError[] {
  const meta: ObjectMeta = template.metadata ?? {};
  const spec = template.spec ?? {};
  const errs = [...validateLabels(meta.labels, path.child('labels')), ...validateAnnotations(meta.annotations, path.child('annotations'))];
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, path.child('annotations')));
  errs.push(...validatePodSpec(spec, path.child('spec'), { resourceIsPod: false }));
  if ((spec.ephemeralContainers ?? []).length > 0) {
    errs.push(fieldErrors.forbidden(path.child('spec', 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
