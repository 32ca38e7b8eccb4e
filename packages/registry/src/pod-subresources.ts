// Behaviour of k8s.io/kubernetes pkg/registry/core/pod/storage/storage.go (BindingREST,
// LegacyBindingREST), pkg/registry/core/pod/strategy.go (podEphemeralContainersStrategy,
// podResizeStrategy) and pkg/apis/core/validation/validation.go (ValidatePodBinding,
// ValidatePodEphemeralContainersUpdate, ValidatePodResize) (v1.33): the subresources of a pod that
// change it (binding, eviction, ephemeralcontainers, resize), beside the connect ones.
import { bindingKind, validatePodBinding, validatePodCreate, type Binding, type KindDefinition, type Pod } from '@kapi/api';
import {
  FieldPath,
  aggregateFieldErrors,
  fieldErrors,
  metaOf,
  newBadRequest,
  newConflict,
  newMethodNotSupported,
  now,
  validateObjectMetaUpdate,
  type FieldError,
  type KubeObject,
  type Status,
} from '@kapi/apimachinery';
import type { StorageInterface } from '@kapi/storage';
import { createGenericStore, type GenericStore } from './generic-store.ts';
import { groupResourceOf, type ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';
import { semanticEqual } from './semantic-equal.ts';
import { interpretStorageError } from './storage-errors.ts';
import { nodeConnectSubresources, plainError, podConnectSubresources, serviceConnectSubresources, type ConnectStores } from './connect-subresources.ts';
import { createEvictionSubresource } from './eviction.ts';

export type { RegistryView } from './registry-view.ts';
import type { RegistryView } from './registry-view.ts';

function lookup(registry: RegistryView, group: string, resource: string) {
  const e = registry().find((x) => x.info.group === group && x.info.resource === resource);
  if (!e) throw new Error(`the ${group}/${resource} resource is not served`);
  return e;
}

/** The core/v1 stores the connect subresources read. */
export function connectStores(registry: RegistryView): ConnectStores {
  return {
    pods: () => lookup(registry, '', 'pods').store,
    nodes: () => lookup(registry, '', 'nodes').store,
    endpoints: () => lookup(registry, '', 'endpoints').store,
    services: () => lookup(registry, '', 'services').store,
  };
}

/** metav1.Status{Status: Success} as the create handler completes it (code 201). */
function createdStatus(): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
}

interface PodCondition {
  type?: string;
  status?: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

/** podutil.UpdatePodCondition: add the condition, or replace it keeping the transition time when the status stays. */
function updatePodCondition(status: { conditions?: PodCondition[] }, condition: PodCondition): void {
  const next: PodCondition = { ...condition, lastProbeTime: null, lastTransitionTime: now() };
  const conditions = [...(status.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === condition.type);
  if (i < 0) conditions.push(next);
  else {
    if (conditions[i]!.status === next.status) next.lastTransitionTime = conditions[i]!.lastTransitionTime ?? null;
    conditions[i] = next;
  }
  status.conditions = conditions;
}

/**
 * The `binding` of pods (BindingREST): sets spec.nodeName of an unbound pod straight in storage (no
 * pod strategy, no managedFields), merges the binding's annotations and sets PodScheduled=True.
 * `preserveSystemFields`: the binding's uid and resourceVersion are preconditions on the pod
 * (pods/binding); the `bindings` resource keeps only the resourceVersion (WipeObjectMetaSystemFields).
 */
export function createBindingSubresource(podInfo: ResourceInfo, storage: StorageInterface, strategy: RESTStrategy): Subresource & { bind(ctx: { namespace?: string }, name: string, binding: Binding, dryRun: boolean, preserveUID: boolean): Promise<Status> } {
  const podsGR = groupResourceOf(podInfo);
  const bindingGR = { group: '', resource: 'pods/binding' };
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(bindingGR, verb));

  const bind = async (ctx: { namespace?: string }, name: string, binding: Binding, dryRun: boolean, preserveUID: boolean): Promise<Status> => {
    const meta = binding.metadata ?? {};
    if (name !== (meta.name ?? '')) throw newBadRequest('name in URL does not match name in Binding object');
    const errs = validatePodBinding(binding);
    // ValidatePodBinding's errors reach the client as a plain error (ToAggregate), not as a 422.
    if (errs.length > 0) throw plainError(aggregateFieldErrors(errs));
    if (name === '') throw newBadRequest('Name parameter required.');
    const ns = ctx.namespace ?? '';
    const key = `${podInfo.keyPrefix}/${ns}/${name}`;
    const preconditions: { uid?: string; resourceVersion?: string } = {};
    if (preserveUID && meta.uid) preconditions.uid = meta.uid;
    if (meta.resourceVersion) preconditions.resourceVersion = meta.resourceVersion;
    const assign = (pod: KubeObject): KubeObject => {
      const p = pod as Pod;
      const conflict = (why: string) => newConflict(bindingGR, name, why);
      if (p.metadata?.deletionTimestamp) throw conflict(`pod ${name} is being deleted, cannot be assigned to a host`);
      if (p.spec?.nodeName) throw conflict(`pod ${name} is already assigned to node ${JSON.stringify(p.spec.nodeName)}`);
      if ((p.spec?.schedulingGates ?? []).length > 0) throw conflict(`pod ${name} has non-empty .spec.schedulingGates`);
      p.spec = { ...(p.spec ?? {}), nodeName: binding.target?.name ?? '' };
      const pm = metaOf(p);
      pm.annotations = { ...(pm.annotations ?? {}), ...(meta.annotations ?? {}) };
      const status = { ...(p.status ?? {}) } as { conditions?: PodCondition[] };
      updatePodCondition(status, { type: 'PodScheduled', status: 'True' });
      p.status = status as Pod['status'];
      return p;
    };
    try {
      if (dryRun) {
        const current = await storage.get(key);
        const cm = current!.metadata ?? {};
        if (preconditions.uid !== undefined && preconditions.uid !== cm.uid) {
          throw newConflict(podsGR, name, `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${cm.uid ?? ''}`);
        }
        if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== cm.resourceVersion) {
          throw newConflict(podsGR, name, `Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${cm.resourceVersion ?? ''}`);
        }
        assign(structuredClone(current!));
      } else {
        await storage.guaranteedUpdate(key, {
          ...(Object.keys(preconditions).length > 0 ? { preconditions } : {}),
          tryUpdate: (pod) => assign(pod),
        });
      }
    } catch (err) {
      throw interpretStorageError(err, podsGR, name, 'update');
    }
    return createdStatus();
  };

  return {
    info: podInfo,
    strategy,
    verbs: ['create'],
    definition: bindingKind as KindDefinition,
    bind,
    create: (ctx, obj, opts = {}) => bind(ctx, opts.name ?? '', obj as Binding, opts.dryRun === true, true) as Promise<KubeObject>,
    get: unsupported('get'),
    list: unsupported('list'),
    update: unsupported('update'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}

/**
 * The `bindings` resource (LegacyBindingREST): a create whose body names the pod; served by the
 * pods' binding subresource, read from the registry when a request comes.
 */
export function createBindingsStore(info: ResourceInfo, registry: RegistryView): GenericStore {
  const gr = groupResourceOf(info);
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(gr, verb));
  const strategy: RESTStrategy = {
    namespaced: true,
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
    defaults: () => {},
    prepareForCreate: () => {},
    prepareForUpdate: () => {},
    validate: () => [],
    validateUpdate: () => [],
    canonicalize: () => {},
    getAttrs: () => ({ labels: {}, fields: {} }),
    selectableFields: [],
  };
  return {
    info,
    strategy,
    verbs: ['create'],
    async create(ctx, obj, opts = {}) {
      const sub = lookup(registry, '', 'pods').subresources.binding as ReturnType<typeof createBindingSubresource> | undefined;
      if (!sub) throw newMethodNotSupported(gr, 'create');
      const binding = obj as Binding;
      return sub.bind(ctx, binding.metadata?.name ?? '', binding, opts.dryRun === true, false) as Promise<KubeObject>;
    },
    get: unsupported('get'),
    list: unsupported('list'),
    update: unsupported('update'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}

/** The annotation of a static pod's mirror (kubernetes.io/config.mirror). */
const mirrorPodAnnotation = 'kubernetes.io/config.mirror';

/** Pod validation of metadata and spec (validatePodMetadataAndSpec): the create checks less the create-only ones. */
function validatePodMetadataAndSpec(pod: Pod): FieldError[] {
  return validatePodCreate(pod).filter(
    (e) =>
      !(e.field === 'spec.ephemeralContainers' && e.detail === 'cannot be set on create') &&
      !(e.field === 'spec.nodeName' && e.detail === 'cannot be set until all schedulingGates have been cleared'),
  );
}

/** dropPodUpdates: the stored pod, with the request's name, namespace, resourceVersion, uid (and managedFields, which the handler computed). */
function keepStoredPod(obj: KubeObject, old: KubeObject): void {
  const meta = metaOf(obj);
  const kept = { name: meta.name, namespace: meta.namespace, resourceVersion: meta.resourceVersion, uid: meta.uid, managedFields: meta.managedFields };
  const stored = structuredClone({ metadata: old.metadata ?? {}, spec: old.spec, status: old.status });
  obj.metadata = { ...stored.metadata };
  for (const [k, v] of Object.entries(kept)) {
    if (v !== undefined) (obj.metadata as Record<string, unknown>)[k] = v;
    else delete (obj.metadata as Record<string, unknown>)[k];
  }
  if (stored.spec !== undefined) obj.spec = stored.spec;
  else delete obj.spec;
  if (stored.status !== undefined) obj.status = stored.status;
  else delete obj.status;
}

/** A line per differing field, `path: old -> new` (kube prints a cmp.Diff here). */
function diffLines(a: unknown, b: unknown, path: string): string[] {
  if (semanticEqual(a, b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => diffLines((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`));
  }
  return [`  ${path}: ${JSON.stringify(a ?? null)} -> ${JSON.stringify(b ?? null)}`];
}

/** ValidatePodEphemeralContainersUpdate. */
export function validatePodEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pod.metadata ?? {}, old.metadata ?? {}), ...validatePodMetadataAndSpec(pod)];
  if (old.metadata?.annotations?.[mirrorPodAnnotation] !== undefined) return [fieldErrors.forbidden(FieldPath.of(''), 'static pods do not support ephemeral containers')];
  const specPath = FieldPath.of('spec', 'ephemeralContainers');
  const byName = new Map((pod.spec?.ephemeralContainers ?? []).map((c) => [c.name ?? '', c]));
  for (const prev of old.spec?.ephemeralContainers ?? []) {
    const name = prev.name ?? '';
    const next = byName.get(name);
    if (next === undefined) errs.push(fieldErrors.forbidden(specPath, `existing ephemeral containers ${JSON.stringify(name)} may not be removed\n`));
    else if (!semanticEqual(prev, next)) {
      errs.push(fieldErrors.forbidden(specPath.key(name), `existing ephemeral containers ${JSON.stringify(name)} may not be changed\n${diffLines(prev, next, name).join('\n')}`));
    }
  }
  return errs;
}

type ResourceList = Record<string, unknown>;
interface ContainerResources {
  name?: string;
  resources?: { requests?: ResourceList; limits?: ResourceList; claims?: unknown };
  resizePolicy?: unknown;
  restartPolicy?: string;
}

/** GetPodQOS: the recorded class, else the computed one. */
function podQOS(pod: Pod, compute: (p: KubeObject) => string): string {
  return (pod.status as { qosClass?: string } | undefined)?.qosClass || compute(pod as KubeObject);
}

/** ValidatePodResize. */
export function validatePodResize(pod: Pod, old: Pod, computeQOS: (p: KubeObject) => string): FieldError[] {
  const errs = [...validateObjectMetaUpdate(pod.metadata ?? {}, old.metadata ?? {}), ...validatePodMetadataAndSpec(pod)];
  const podResources = (pod.spec as { resources?: { requests?: ResourceList; limits?: ResourceList } } | undefined)?.resources;
  if (podResources && Object.keys(podResources.requests ?? {}).length + Object.keys(podResources.limits ?? {}).length > 0) {
    return [fieldErrors.forbidden(FieldPath.of(''), 'pods with pod-level resources cannot be resized')];
  }
  if (old.metadata?.annotations?.[mirrorPodAnnotation] !== undefined) return [fieldErrors.forbidden(FieldPath.of(''), 'static pods cannot be resized')];
  if ((old.spec as { os?: { name?: string } } | undefined)?.os?.name === 'windows') return [fieldErrors.forbidden(FieldPath.of(''), 'windows pods cannot be resized')];
  const specPath = FieldPath.of('spec');
  if (podQOS(old, computeQOS) !== computeQOS(pod as KubeObject)) {
    errs.push(fieldErrors.invalid(specPath, (pod.status as { qosClass?: string } | undefined)?.qosClass ?? '', 'Pod QOS Class may not change as a result of resizing'));
  }
  // isPodResizeRequestSupported: a running container without reported resources is on an old kubelet.
  const running = ((old.status as { containerStatuses?: { state?: { running?: unknown }; resources?: unknown }[] } | undefined)?.containerStatuses ?? []).find((c) => c.state?.running);
  if (running && running.resources == null) errs.push(fieldErrors.forbidden(specPath, 'Pod running on node without support for resize'));
  const removed = (next: ResourceList | undefined, prev: ResourceList | undefined) => Object.keys(prev ?? {}).some((k) => !(k in (next ?? {})));
  const newSpec = (pod.spec ?? {}) as { containers?: ContainerResources[]; initContainers?: ContainerResources[] };
  const oldSpec = (old.spec ?? {}) as { containers?: ContainerResources[]; initContainers?: ContainerResources[] };
  const check = (key: 'containers' | 'initContainers', only: (c: ContainerResources) => boolean) => {
    (oldSpec[key] ?? []).forEach((c, i) => {
      if (!only(c)) return;
      const next = newSpec[key]?.[i];
      const p = specPath.child(key).index(i).child('resources');
      if (removed(next?.resources?.requests, c.resources?.requests)) errs.push(fieldErrors.forbidden(p.child('requests'), 'resource requests cannot be removed'));
      if (removed(next?.resources?.limits, c.resources?.limits)) errs.push(fieldErrors.forbidden(p.child('limits'), 'resource limits cannot be removed'));
    });
  };
  const sidecar = (c: ContainerResources) => c.restartPolicy === 'Always';
  check('initContainers', sidecar);
  check('containers', () => true);
  // Only cpu and memory may change: put the stored cpu and memory (and resize policy) back and compare.
  const keepCPUMemory = (list: ResourceList | undefined, prev: ResourceList | undefined): ResourceList | undefined => {
    if (prev === undefined) return undefined;
    const out: ResourceList = { ...(list ?? {}) };
    delete out.cpu;
    delete out.memory;
    if ('cpu' in prev) out.cpu = prev.cpu;
    if ('memory' in prev) out.memory = prev.memory;
    return out;
  };
  const munge = (list: ContainerResources[] | undefined, prevList: ContainerResources[] | undefined, only: (c: ContainerResources) => boolean) =>
    (list ?? []).map((c, i) => {
      const prev = prevList?.[i];
      if (!prev || !only(prev)) return c;
      const limits = keepCPUMemory(c.resources?.limits, prev.resources?.limits);
      const requests = keepCPUMemory(c.resources?.requests, prev.resources?.requests);
      return { ...c, resources: { ...(limits ? { limits } : {}), ...(requests ? { requests } : {}) }, resizePolicy: prev.resizePolicy };
    });
  const munged = { ...newSpec, containers: munge(newSpec.containers, oldSpec.containers, () => true), initContainers: munge(newSpec.initContainers, oldSpec.initContainers, sidecar) };
  if (!semanticEqual(munged, oldSpec)) errs.push(fieldErrors.forbidden(specPath, 'only cpu and memory resources are mutable'));
  return errs;
}

/** The pods' `ephemeralcontainers` and `resize` stores over the pod storage. */
function podUpdateSubresources(info: ResourceInfo, storage: StorageInterface, base: RESTStrategy, computeQOS: (p: KubeObject) => string): Record<string, Subresource> {
  const ephemeral = createGenericStore({
    info,
    storage,
    strategy: {
      ...base,
      resetFields: [['status']],
      prepareForUpdate(obj, old) {
        const eph = (obj.spec as { ephemeralContainers?: unknown } | undefined)?.ephemeralContainers;
        keepStoredPod(obj, old);
        const spec = { ...((obj.spec ?? {}) as Record<string, unknown>) };
        if (eph !== undefined) spec.ephemeralContainers = eph;
        else delete spec.ephemeralContainers;
        obj.spec = spec;
      },
      validateUpdate: (obj, old) => validatePodEphemeralContainersUpdate(obj as Pod, old as Pod),
    },
  });
  const resize = createGenericStore({
    info,
    storage,
    strategy: {
      ...base,
      resetFields: [['status']],
      prepareForUpdate(obj, old) {
        const next = (obj.spec ?? {}) as { containers?: ContainerResources[]; initContainers?: ContainerResources[] };
        keepStoredPod(obj, old);
        const spec = obj.spec as { containers?: ContainerResources[]; initContainers?: ContainerResources[] } | undefined;
        if (!spec) return;
        // Containers matched by name take the request's resources and resize policy; a reordered or
        // renamed list is left for validation to refuse.
        for (const key of ['containers', 'initContainers'] as const) {
          for (const c of next[key] ?? []) {
            const i = (spec[key] ?? []).findIndex((s) => s.name === c.name);
            if (i < 0) continue;
            const target = { ...spec[key]![i]! };
            if (c.resources !== undefined) target.resources = c.resources;
            else delete target.resources;
            if (c.resizePolicy !== undefined) target.resizePolicy = c.resizePolicy;
            else delete target.resizePolicy;
            spec[key]![i] = target;
          }
        }
      },
      validateUpdate: (obj, old) => validatePodResize(obj as Pod, old as Pod, computeQOS),
    },
  });
  return {
    ephemeralcontainers: { ...ephemeral, verbs: ['get', 'patch', 'update'] },
    resize: { ...resize, verbs: ['get', 'patch', 'update'] },
  };
}

/** Every subresource of pods beside `status`: binding, eviction, ephemeralcontainers, resize, log, exec, attach, portforward, proxy. */
export function podSubresources(computeQOS: (p: KubeObject) => string) {
  return (info: ResourceInfo, storage: StorageInterface, strategy: RESTStrategy, registry: RegistryView): Record<string, Subresource> => ({
    binding: createBindingSubresource(info, storage, strategy),
    eviction: createEvictionSubresource(info, strategy, registry),
    ...podUpdateSubresources(info, storage, strategy, computeQOS),
    ...podConnectSubresources(info, strategy, connectStores(registry)),
  });
}

/** nodes/proxy. */
export function nodeSubresources(info: ResourceInfo, _storage: StorageInterface, strategy: RESTStrategy, registry: RegistryView): Record<string, Subresource> {
  return nodeConnectSubresources(info, strategy, connectStores(registry));
}

/** services/proxy. */
export function serviceSubresources(info: ResourceInfo, _storage: StorageInterface, strategy: RESTStrategy, registry: RegistryView): Record<string, Subresource> {
  return serviceConnectSubresources(info, strategy, connectStores(registry));
}
