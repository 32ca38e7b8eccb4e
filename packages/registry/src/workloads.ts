// The built-in kinds beyond namespaces, configmaps and secrets: how each is served (printer, storage
// key, strategy hooks of k8s.io/kubernetes pkg/registry/<group>/<resource>/strategy.go, v1.33).
import { appsV1Kinds, batchV1Kinds, coordinationV1Kinds, coreV1Kinds, generateJobSelector, type Job, type KindDefinition } from '@kapi/api';
import { metaOf, type KubeObject } from '@kapi/apimachinery';
import { semanticEqual } from './semantic-equal.ts';
import { specStatusStrategy, statusStrategyKeeping, type BuiltinResource } from './builtin-resource.ts';
import { printers } from './printers/index.ts';
import { createServiceStore, serviceStrategy } from './service-store.ts';
import { nodeStatusStrategy, nodeStrategy } from './core-node.ts';
import { eventFieldSelectors, jobFieldSelectors, nodeFieldSelectors, podFieldSelectors, serviceFieldSelectors } from './field-labels.ts';
import type { RESTStrategy } from './strategy.ts';
import { createBindingsStore, nodeSubresources, podSubresources, serviceSubresources, type RegistryView } from './pod-subresources.ts';
import type { ResourceInfo } from './resource.ts';
import { eventTTL } from './events.ts';

/** Where kube-apiserver keeps a few resources in etcd (so that one etcd serves both). */
const keyPrefixes: Record<string, string> = {
  '/services': '/services/specs',
  '/endpoints': '/services/endpoints',
  '/nodes': '/minions',
};

type Container = { resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> } };

/** kube's qos.GetPodQOS, for cpu and memory. */
export function podQOSClass(pod: KubeObject): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const spec = (pod.spec ?? {}) as { containers?: Container[]; initContainers?: Container[] };
  const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  let any = false;
  let guaranteed = containers.length > 0;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    for (const r of ['cpu', 'memory']) {
      if (req[r] !== undefined || lim[r] !== undefined) any = true;
      const want = req[r] ?? lim[r];
      if (lim[r] === undefined || String(want) !== String(lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** Field selectors kube takes beyond metadata.name/namespace (field-labels.ts). */
const fieldSelectors: Record<string, Partial<RESTStrategy>> = {
  '/pods': podFieldSelectors,
  '/events': eventFieldSelectors,
  '/nodes': nodeFieldSelectors,
  '/services': serviceFieldSelectors,
  'batch/jobs': jobFieldSelectors,
};

/** Kinds with spec and status (status is the controllers' to write, generation counts spec changes). */
const statusKinds: Record<string, () => Record<string, unknown>> = {
  'apps/deployments': () => ({}),
  'apps/replicasets': () => ({}),
  'apps/statefulsets': () => ({ replicas: 0 }),
  'apps/daemonsets': () => ({}),
  'batch/jobs': () => ({}),
  'batch/cronjobs': () => ({}),
};

/**
 * `/status` strategies that keep more than the spec (PrepareForUpdate and GetResetFields of
 * podStatusStrategy and deploymentStatusStrategy); the others keep the spec only.
 */
const statusStrategies: Record<string, Partial<RESTStrategy>> = {
  '/pods': {
    ...statusStrategyKeeping(['ownerReferences']),
    resetFields: [['spec'], ['metadata', 'deletionTimestamp'], ['metadata', 'ownerReferences']],
  },
  'apps/deployments': statusStrategyKeeping(['labels']),
  '/nodes': nodeStatusStrategy,
};

/** The annotation apps/v1 DaemonSets carry their internal spec.templateGeneration in. */
const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

/**
 * A DaemonSet's template generation (kube's daemonSetStrategy and the apps/v1 conversions): every
 * apps/v1 DaemonSet carries it in an annotation ("0" until created); a create starts it at 1, an
 * update that changes the template bumps it, and a client cannot set it.
 */
function daemonSetTemplateGeneration(def: KindDefinition): Partial<RESTStrategy> {
  const sameTemplate = (a: unknown, b: unknown) => semanticEqual(a ?? {}, b ?? {});
  const generationOf = (obj: KubeObject) => {
    const n = Number.parseInt(obj.metadata?.annotations?.[templateGenerationAnnotation] ?? '0', 10);
    return Number.isSafeInteger(n) ? n : 0;
  };
  const setGeneration = (obj: KubeObject, n: number) => {
    const meta = metaOf(obj);
    meta.annotations = { ...(meta.annotations ?? {}), [templateGenerationAnnotation]: String(n) };
  };
  return {
    defaults(obj) {
      def.defaults(obj as never);
      if (obj.metadata?.annotations?.[templateGenerationAnnotation] === undefined) setGeneration(obj, generationOf(obj));
    },
    prepareForCreate(obj) {
      obj.status = {};
      metaOf(obj).generation = 1;
      setGeneration(obj, Math.max(1, generationOf(obj)));
    },
    prepareForUpdate(obj, old) {
      if (old.status !== undefined) obj.status = old.status;
      else delete obj.status;
      const oldGen = old.metadata?.generation ?? 0;
      const spec = (o: KubeObject) => (o.spec ?? {}) as { template?: unknown };
      if (!sameTemplate(spec(obj).template, spec(old).template)) {
        setGeneration(obj, generationOf(old) + 1);
        metaOf(obj).generation = oldGen + 1;
        return;
      }
      setGeneration(obj, generationOf(old));
      metaOf(obj).generation = semanticEqual(obj.spec ?? {}, old.spec ?? {}) ? oldGen : oldGen + 1;
    },
  };
}

function strategyFor(def: KindDefinition): Partial<RESTStrategy> {
  const key = `${def.group}/${def.resource}`;
  let s: Partial<RESTStrategy> = fieldSelectors[key] ?? {};
  if (key === '/pods') {
    s = {
      ...s,
      resetFields: [['status']],
      prepareForCreate(pod) {
        pod.status = { phase: 'Pending', qosClass: podQOSClass(pod) };
      },
      prepareForUpdate(pod, old) {
        if (old.status !== undefined) pod.status = old.status;
        else delete pod.status;
      },
      gracePeriodOnDelete: podGracePeriodOnDelete,
    };
  } else if (key === '/nodes') {
    s = { ...s, ...nodeStrategy };
  } else if (key === '/services') {
    s = { ...s, ...serviceStrategy };
  } else if (key === '/events') {
    // kube's event strategy lets a PUT create a missing Event; events never hold dependents.
    s = { ...s, allowCreateOnUpdate: true, gcPolicy: 'Unsupported' };
  } else if (statusKinds[key]) {
    const base = specStatusStrategy(statusKinds[key]);
    s = key === 'batch/jobs' ? { ...s, ...base, prepareForCreate: (job) => (base.prepareForCreate!(job), generateJobSelector(job as Job)) } : { ...s, ...base };
    if (key === 'apps/daemonsets') s = { ...s, ...daemonSetTemplateGeneration(def) };
  }
  return { ...s, ...deletionPolicies[key] };
}

/**
 * DefaultGarbageCollectionPolicy of the workload kinds at the versions served: apps/v1 and batch/v1
 * CronJobs delete dependents in the background; batch/v1 Jobs orphan their pods unless asked, and
 * warn about it (kube's Job REST).
 */
const deletionPolicies: Record<string, Partial<RESTStrategy>> = {
  'apps/deployments': { gcPolicy: 'DeleteDependents' },
  'apps/replicasets': { gcPolicy: 'DeleteDependents' },
  'apps/statefulsets': { gcPolicy: 'DeleteDependents' },
  'apps/daemonsets': { gcPolicy: 'DeleteDependents' },
  'batch/cronjobs': { gcPolicy: 'DeleteDependents' },
  'batch/jobs': {
    gcPolicy: 'OrphanDependents',
    deleteWarning: (opts) =>
      opts.propagationPolicy === undefined && opts.orphanDependents === undefined
        ? 'child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning'
        : undefined,
  },
};

/**
 * The pod strategy's CheckGracefulDelete: the requested period, else the pod's
 * terminationGracePeriodSeconds (else 0); 0 for a pod on no node or one that has terminated.
 */
function podGracePeriodOnDelete(pod: KubeObject, requested: number | undefined): number {
  const spec = (pod.spec ?? {}) as { nodeName?: string; terminationGracePeriodSeconds?: number };
  const phase = (pod.status as { phase?: string } | undefined)?.phase;
  if (!spec.nodeName || phase === 'Failed' || phase === 'Succeeded') return 0;
  return requested ?? spec.terminationGracePeriodSeconds ?? 0;
}

/** Subresources beyond status and scale: the pods' (binding, eviction, exec, log …), nodes/proxy, services/proxy. */
const connectedSubresources: Record<string, NonNullable<BuiltinResource['subresources']>> = {
  '/pods': podSubresources(podQOSClass),
  '/nodes': nodeSubresources,
  '/services': serviceSubresources,
};

/** How the built-in kinds of core/v1 (beyond the first three), apps/v1, batch/v1 and coordination/v1 are served. */
export function workloadResources(): BuiltinResource[] {
  return [...coreV1Kinds, ...appsV1Kinds, ...batchV1Kinds, ...coordinationV1Kinds].map((def) => {
    const key = `${def.group}/${def.resource}`;
    const table = printers[key];
    const keyPrefix = keyPrefixes[key];
    const status = key === '/pods' || key === '/nodes' || key === '/services' || key in statusKinds;
    const scale = key === 'apps/deployments' || key === 'apps/replicasets' || key === 'apps/statefulsets';
    return {
      definition: def,
      strategy: strategyFor(def),
      ...(table ? { table } : {}),
      ...(keyPrefix ? { keyPrefix } : {}),
      ...(status ? { status } : {}),
      ...(scale ? { scale } : {}),
      ...(key === '/services' ? { wrapStore: createServiceStore } : {}),
      ...(key === '/events' ? { ttl: eventTTL } : {}),
      // kube's stores that answer a delete with the deleted object (ReturnDeletedObject).
      ...(key === '/pods' || key === '/services' || key === '/serviceaccounts' ? { returnDeletedObject: true } : {}),
      ...(connectedSubresources[key] ? { subresources: connectedSubresources[key] } : {}),
      // bindings keep nothing: a create binds the named pod (through pods/binding).
      ...(key === '/bindings' ? { rest: (info: ResourceInfo, registry: RegistryView) => ({ store: createBindingsStore(info, registry) }) } : {}),
      ...(statusStrategies[key] ? { statusStrategy: statusStrategies[key] } : {}),
    };
  });
}
