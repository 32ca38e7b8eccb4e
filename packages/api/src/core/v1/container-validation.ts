// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/validation.go (v1.33): the rules for the
// containers of a PodSpec (regular, init and ephemeral): names, images, ports, environment,
// probes, lifecycle handlers, pull and restart policies, resize policies. Not ported yet: resource
// requirements (names, quantities, requests ≤ limits), security contexts, resource claims.
import { FieldPath, fieldErrors, type FieldError } from '@kapi/apimachinery';
import type { Container, ContainerPort, EphemeralContainer } from './container.ts';
import type { Lifecycle, LifecycleHandler, Probe } from './probe.ts';
import type { Volume } from './volume.ts';
import { validateEnv, validateEnvFrom } from './env-validation.ts';
import { validateVolumeDevices, validateVolumeMounts } from './volume-validation.ts';
import {
  inclusiveRangeError,
  invalidEach,
  isValidPortName,
  isValidPortNum,
  notSupported,
  validateDNS1123Label,
  validateNonnegative,
} from './validation-helpers.ts';

const supportedPortProtocols = ['SCTP', 'TCP', 'UDP'];

/** validateContainerPorts */
export function validateContainerPorts(ports: readonly ContainerPort[] | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const p = path.index(i);
    const name = port.name ?? '';
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length > 0) errs.push(...invalidEach(p.child('name'), name, msgs));
      else if (names.has(name)) errs.push(fieldErrors.duplicate(p.child('name'), name));
      else names.add(name);
    }
    const containerPort = port.containerPort ?? 0;
    if (containerPort === 0) errs.push(fieldErrors.required(p.child('containerPort'), ''));
    else errs.push(...invalidEach(p.child('containerPort'), containerPort, isValidPortNum(containerPort)));
    const hostPort = port.hostPort ?? 0;
    if (hostPort !== 0) errs.push(...invalidEach(p.child('hostPort'), hostPort, isValidPortNum(hostPort)));
    const protocol = port.protocol ?? '';
    if (protocol === '') errs.push(fieldErrors.required(p.child('protocol'), ''));
    else if (!supportedPortProtocols.includes(protocol)) errs.push(notSupported(p.child('protocol'), protocol, supportedPortProtocols));
  });
  return errs;
}

/** ValidatePortNumOrName */
export function validatePortNumOrName(port: number | string | undefined, path: FieldPath): FieldError[] {
  if (typeof port === 'string') return invalidEach(path, port, isValidPortName(port));
  const n = port ?? 0;
  return invalidEach(path, n, isValidPortNum(n));
}

const handlerKinds = ['exec', 'httpGet', 'tcpSocket', 'grpc', 'sleep'] as const;

/** validateHandler over a probe's or a lifecycle handler's actions. */
function validateHandler(h: Probe | LifecycleHandler, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  const handler = h as Record<string, unknown> & Probe & LifecycleHandler;
  for (const kind of handlerKinds) {
    if (handler[kind] == null) continue;
    const p = path.child(kind);
    if (n > 0) {
      errs.push(fieldErrors.forbidden(p, 'may not specify more than 1 handler type'));
      continue;
    }
    n++;
    switch (kind) {
      case 'exec':
        if ((handler.exec!.command ?? []).length === 0) errs.push(fieldErrors.required(p.child('command'), ''));
        break;
      case 'httpGet': {
        const g = handler.httpGet!;
        if (!g.path) errs.push(fieldErrors.required(p.child('path'), ''));
        errs.push(...validatePortNumOrName(g.port, p.child('port')));
        if (g.scheme !== 'HTTP' && g.scheme !== 'HTTPS') errs.push(notSupported(p.child('scheme'), g.scheme ?? '', ['HTTP', 'HTTPS']));
        for (const header of g.httpHeaders ?? []) {
          if (!/^[-A-Za-z0-9]+$/.test(header.name ?? '')) {
            errs.push(
              fieldErrors.invalid(
                p.child('httpHeaders'),
                header.name ?? '',
                "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')",
              ),
            );
          }
        }
        break;
      }
      case 'tcpSocket':
        errs.push(...validatePortNumOrName(handler.tcpSocket!.port, p.child('port')));
        break;
      case 'grpc':
        errs.push(...validatePortNumOrName(handler.grpc!.port ?? 0, p.child('port')));
        break;
      case 'sleep': {
        const seconds = handler.sleep!.seconds ?? 0;
        // PodLifecycleSleepActionAllowZero is beta and on in v1.33.
        if (gracePeriod !== undefined && (seconds < 0 || seconds > gracePeriod)) {
          errs.push(fieldErrors.invalid(p, seconds, `must be non-negative and less than terminationGracePeriodSeconds (${gracePeriod})`));
        }
        break;
      }
    }
  }
  if (n === 0) errs.push(fieldErrors.required(path, 'must specify a handler type'));
  return errs;
}

function validateProbe(probe: Probe, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs = validateHandler(probe, gracePeriod, path);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    errs.push(...validateNonnegative(probe[f] ?? 0, path.child(f)));
  }
  const tgps = probe.terminationGracePeriodSeconds;
  if (tgps != null && tgps <= 0) errs.push(fieldErrors.invalid(path.child('terminationGracePeriodSeconds'), tgps, 'must be greater than 0'));
  return errs;
}

function validateProbes(c: Container, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (c.livenessProbe) {
    errs.push(...validateProbe(c.livenessProbe, gracePeriod, path.child('livenessProbe')));
    if (c.livenessProbe.successThreshold !== 1) errs.push(fieldErrors.invalid(path.child('livenessProbe', 'successThreshold'), c.livenessProbe.successThreshold ?? 0, 'must be 1'));
  }
  if (c.readinessProbe) {
    errs.push(...validateProbe(c.readinessProbe, gracePeriod, path.child('readinessProbe')));
    const tgps = c.readinessProbe.terminationGracePeriodSeconds;
    if (tgps != null) errs.push(fieldErrors.invalid(path.child('readinessProbe', 'terminationGracePeriodSeconds'), tgps, 'must not be set for readinessProbes'));
  }
  if (c.startupProbe) {
    errs.push(...validateProbe(c.startupProbe, gracePeriod, path.child('startupProbe')));
    if (c.startupProbe.successThreshold !== 1) errs.push(fieldErrors.invalid(path.child('startupProbe', 'successThreshold'), c.startupProbe.successThreshold ?? 0, 'must be 1'));
  }
  return errs;
}

function validateLifecycle(l: Lifecycle, gracePeriod: number | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (l.postStart) errs.push(...validateHandler(l.postStart, gracePeriod, path.child('postStart')));
  if (l.preStop) errs.push(...validateHandler(l.preStop, gracePeriod, path.child('preStop')));
  return errs;
}

function validatePullPolicy(policy: string | undefined, path: FieldPath): FieldError[] {
  if (!policy) return [fieldErrors.required(path, '')];
  const valid = ['Always', 'IfNotPresent', 'Never'];
  return valid.includes(policy) ? [] : [notSupported(path, policy, valid)];
}

function validateResizePolicy(c: Container, restartPolicy: string | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (c.resizePolicy ?? []).forEach((p, i) => {
    const name = p.resourceName ?? '';
    if (seen.has(name)) errs.push(fieldErrors.duplicate(path.index(i), name));
    seen.add(name);
    if (name === '') errs.push(fieldErrors.required(path, ''));
    else if (name !== 'cpu' && name !== 'memory') errs.push(notSupported(path, name, ['cpu', 'memory']));
    const policy = p.restartPolicy ?? '';
    if (policy === '') errs.push(fieldErrors.required(path, ''));
    else if (policy !== 'NotRequired' && policy !== 'RestartContainer') errs.push(notSupported(path, policy, ['NotRequired', 'RestartContainer']));
    if (restartPolicy === 'Never' && policy !== 'NotRequired') errs.push(fieldErrors.invalid(path, policy, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
  });
  return errs;
}

/** What the container rules need from the PodSpec. */
export interface ContainerContext {
  volumes: ReadonlyMap<string, Volume>;
  gracePeriod: number | undefined;
  restartPolicy: string | undefined;
}

/** validateContainerCommon */
function validateContainerCommon(c: Container, ctx: ContainerContext, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(fieldErrors.required(path.child('name'), ''));
  else errs.push(...validateDNS1123Label(c.name, path.child('name')));
  if (!c.image) errs.push(fieldErrors.required(path.child('image'), ''));
  const tmp = c.terminationMessagePolicy ?? '';
  if (tmp === '') errs.push(fieldErrors.required(path.child('terminationMessagePolicy'), ''));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') errs.push(notSupported(path.child('terminationMessagePolicy'), tmp, ['File', 'FallbackToLogsOnError']));
  errs.push(...validateContainerPorts(c.ports, path.child('ports')));
  errs.push(...validateEnv(c.env, path.child('env')));
  errs.push(...validateEnvFrom(c.envFrom, path.child('envFrom')));
  errs.push(...validateVolumeMounts(c, ctx.volumes, path.child('volumeMounts')));
  errs.push(...validateVolumeDevices(c, ctx.volumes, path.child('volumeDevices')));
  errs.push(...validatePullPolicy(c.imagePullPolicy, path.child('imagePullPolicy')));
  errs.push(...validateResizePolicy(c, ctx.restartPolicy, path.child('resizePolicy')));
  return errs;
}

/** AccumulateUniqueHostPorts over some containers. */
function checkHostPortConflicts(containers: readonly Container[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((c, ci) => {
    (c.ports ?? []).forEach((p, pi) => {
      if (!p.hostPort) return;
      const key = `${p.protocol ?? ''}/${p.hostIP ?? ''}/${p.hostPort}`;
      if (seen.has(key)) errs.push(fieldErrors.duplicate(path.index(ci).child('ports').index(pi).child('hostPort'), key));
      else seen.add(key);
    });
  });
  return errs;
}

/** validateContainers: the regular containers. */
export function validateContainers(containers: readonly Container[] | undefined, ctx: ContainerContext, path: FieldPath): FieldError[] {
  const list = containers ?? [];
  if (list.length === 0) return [fieldErrors.required(path, '')];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((c, i) => {
    const p = path.index(i);
    errs.push(...validateContainerCommon(c, ctx, p));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(fieldErrors.duplicate(p.child('name'), name));
    else names.add(name);
    if (c.lifecycle) errs.push(...validateLifecycle(c.lifecycle, ctx.gracePeriod, p.child('lifecycle')));
    errs.push(...validateProbes(c, ctx.gracePeriod, p));
    if (c.restartPolicy != null) errs.push(fieldErrors.forbidden(p.child('restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...checkHostPortConflicts(list, path));
  return errs;
}

/** validateInitContainers */
export function validateInitContainers(
  containers: readonly Container[] | undefined,
  regular: readonly Container[] | undefined,
  ctx: ContainerContext,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((regular ?? []).map((c) => c.name ?? ''));
  (containers ?? []).forEach((c, i) => {
    const p = path.index(i);
    errs.push(...validateContainerCommon(c, ctx, p));
    let restartAlways = false;
    if (c.restartPolicy != null) {
      if (c.restartPolicy !== 'Always') errs.push(notSupported(p.child('restartPolicy'), c.restartPolicy, ['Always']));
      restartAlways = c.restartPolicy === 'Always';
    }
    const name = c.name ?? '';
    if (names.has(name)) errs.push(fieldErrors.duplicate(p.child('name'), name));
    else if (name.length > 0) names.add(name);
    errs.push(...checkHostPortConflicts([c], path));
    if (restartAlways) {
      if (c.lifecycle) errs.push(...validateLifecycle(c.lifecycle, ctx.gracePeriod, p.child('lifecycle')));
      errs.push(...validateProbes(c, ctx.gracePeriod, p));
    } else {
      const msg = 'may not be set for init containers without restartPolicy=Always';
      if (c.lifecycle) errs.push(fieldErrors.forbidden(p.child('lifecycle'), msg));
      if (c.livenessProbe) errs.push(fieldErrors.forbidden(p.child('livenessProbe'), msg));
      if (c.readinessProbe) errs.push(fieldErrors.forbidden(p.child('readinessProbe'), msg));
      if (c.startupProbe) errs.push(fieldErrors.forbidden(p.child('startupProbe'), msg));
    }
  });
  return errs;
}

// The fields of EphemeralContainerCommon an ephemeral container may not set.
const ephemeralForbidden = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

function isZeroValue(v: unknown): boolean {
  if (v == null || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return false;
  // A struct (Resources) is zero when every field is.
  if (typeof v === 'object') return Object.values(v).every((x) => x == null);
  return false;
}

/** validateEphemeralContainers */
export function validateEphemeralContainers(
  ephemeral: readonly EphemeralContainer[] | undefined,
  regular: readonly Container[] | undefined,
  init: readonly Container[] | undefined,
  ctx: ContainerContext,
  path: FieldPath,
): FieldError[] {
  const list = ephemeral ?? [];
  if (list.length === 0) return [];
  const errs: FieldError[] = [];
  const others = new Set([...(regular ?? []), ...(init ?? [])].map((c) => c.name ?? ''));
  const all = new Set(others);
  list.forEach((ec, i) => {
    const p = path.index(i);
    errs.push(...validateContainerCommon(ec, ctx, p));
    errs.push(...validateContainerOnlyForPod(ec, p));
    const name = ec.name ?? '';
    if (all.has(name)) errs.push(fieldErrors.duplicate(p.child('name'), name));
    else all.add(name);
    if (ec.targetContainerName && !others.has(ec.targetContainerName)) errs.push(fieldErrors.notFound(p.child('targetContainerName'), ec.targetContainerName));
    for (const f of ephemeralForbidden) {
      if (!isZeroValue(ec[f])) errs.push(fieldErrors.forbidden(p.child(f), 'cannot be set for an Ephemeral Container'));
    }
    (ec.volumeMounts ?? []).forEach((vm, j) => {
      if (vm.subPath) errs.push(fieldErrors.forbidden(p.child('volumeMounts').index(j).child('subPath'), 'cannot be set for an Ephemeral Container'));
      if (vm.subPathExpr) errs.push(fieldErrors.forbidden(p.child('volumeMounts').index(j).child('subPathExpr'), 'cannot be set for an Ephemeral Container'));
    });
  });
  return errs;
}

/** validateContainerOnlyForPod: pods (not templates) may not have images with surrounding spaces. */
export function validateContainerOnlyForPod(c: Container, path: FieldPath): FieldError[] {
  const image = c.image ?? '';
  return image.length !== image.trim().length ? [fieldErrors.invalid(path.child('image'), image, 'must not have leading or trailing whitespace')] : [];
}

/** activeDeadlineSeconds on create: 1 to MaxInt32. */
export function validateActiveDeadlineSeconds(value: number, path: FieldPath): FieldError[] {
  return value < 1 || value > 2147483647 ? [fieldErrors.invalid(path, value, inclusiveRangeError(1, 2147483647))] : [];
}
