// Behaviour of k8s.io/kubernetes/pkg/controller/namespace (namespace_controller.go,
// deletion/namespaced_resources_deleter.go, deletion/status_condition_utils.go) (v1.33): a namespace
// marked for deletion has its content deleted through every served namespaced resource, its status
// conditions kept, and its `kubernetes` finalizer removed through `namespaces/finalize` once
// nothing is left.
import { isConflict, isNotFound, type KubeObject } from '@kapi/apimachinery';
import { preferredResources, type ControllerClient, type ResourceType } from './client.ts';
import type { ControllerDescriptor } from './manager.ts';
import { createWorkQueue } from './queue.ts';

const finalizerKubernetes = 'kubernetes';
/** How long content held by finalizers is given before the namespace is looked at again (kube's finalizerEstimateSeconds). */
export const finalizerEstimateSeconds = 15;
/** How soon a namespace whose content waits only for finalizers is looked at again. */
export const finalizerRetryMs = 1000;
/** Deletes in flight per resource while a namespace is emptied. */
const deleteConcurrency = 16;

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}
type NamespaceObject = KubeObject & { spec?: { finalizers?: string[] }; status?: { phase?: string; conditions?: Condition[] } };

const conditionTypes = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;
const okMessages: Record<string, string> = {
  NamespaceDeletionDiscoveryFailure: 'All resources successfully discovered',
  NamespaceDeletionGroupVersionParsingFailure: 'All legacy kube types successfully parsed',
  NamespaceDeletionContentFailure: 'All content successfully deleted, may be waiting on finalization',
  NamespaceContentRemaining: 'All content successfully removed',
  NamespaceFinalizersRemaining: 'All content successfully removed',
};
const okReasons: Record<string, string> = {
  NamespaceDeletionDiscoveryFailure: 'ResourcesDiscovered',
  NamespaceDeletionGroupVersionParsingFailure: 'ParsedGroupVersions',
  NamespaceDeletionContentFailure: 'ContentDeleted',
  NamespaceContentRemaining: 'ContentRemoved',
  NamespaceFinalizersRemaining: 'ContentRemoved',
};

const nowTime = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const errText = (err: unknown) => (err as { status?: { message?: string } }).status?.message ?? (err instanceof Error ? err.message : String(err));

/** More content remains; look again after `estimate` seconds (kube's ResourcesRemainingError). */
class ResourcesRemaining extends Error {
  constructor(readonly estimate: number) {
    super(`some content remains in the namespace, estimate ${estimate} seconds before it is removed`);
  }
}

/**
 * updateConditions: every condition the deleter keeps is present, the "ok" variant where nothing
 * failed; the transition time moves only with the status. Returns whether anything changed.
 */
function updateConditions(ns: NamespaceObject, failing: Condition[]): boolean {
  const status = (ns.status ??= {});
  const conditions = (status.conditions ??= []);
  let changed = false;
  for (const type of conditionTypes) {
    const next = failing.find((c) => c.type === type) ?? { type, status: 'False', lastTransitionTime: nowTime(), reason: okReasons[type]!, message: okMessages[type]! };
    const old = conditions.find((c) => c.type === type);
    if (!old) {
      conditions.push(next);
      changed = true;
    } else if (old.status !== next.status || old.message !== next.message || old.reason !== next.reason) {
      if (old.status !== next.status) old.lastTransitionTime = nowTime();
      old.status = next.status;
      if (next.reason !== undefined) old.reason = next.reason;
      if (next.message !== undefined) old.message = next.message;
      changed = true;
    }
  }
  return changed;
}

interface ContentTotals {
  estimate: number;
  remaining: Map<string, number>;
  finalizers: Map<string, number>;
  errors: string[];
}

/** Deletes what a namespace holds of one resource; counts what stays (kube's deleteAllContentForGroupVersionResource). */
async function deleteContentOf(client: ControllerClient, type: ResourceType, namespace: string, totals: ContentTotals): Promise<void> {
  const rc = client.resource(type.group, type.version, type.resource);
  if (!rc) return;
  const list = await rc.list(namespace);
  const items = list.items.filter((o) => !o.metadata?.deletionTimestamp);
  for (let i = 0; i < items.length; i += deleteConcurrency) {
    await Promise.all(
      items.slice(i, i + deleteConcurrency).map((item) =>
        rc.delete(namespace, item.metadata?.name ?? '', { propagationPolicy: 'Background' }).catch((err: unknown) => {
          if (!isNotFound(err)) throw err;
        }),
      ),
    );
  }
  const left = (await rc.list(namespace)).items;
  if (left.length === 0) return;
  let estimate = 0;
  let held = 0;
  for (const item of left) {
    const finalizers = item.metadata?.finalizers ?? [];
    for (const f of finalizers) totals.finalizers.set(f, (totals.finalizers.get(f) ?? 0) + 1);
    if (finalizers.length > 0) held++;
    // A pod terminating gracefully goes once its period ends (kube estimates from the pods' grace periods).
    const at = Date.parse(item.metadata?.deletionTimestamp ?? '');
    if (type.group === '' && type.resource === 'pods' && Number.isFinite(at)) estimate = Math.max(estimate, Math.ceil((at - Date.now()) / 1000));
  }
  totals.remaining.set(`${type.resource}.${type.group}`, left.length);
  if (held > 0) estimate = Math.max(estimate, finalizerEstimateSeconds);
  if (estimate > 0) totals.estimate = Math.max(totals.estimate, estimate);
  else throw new Error(`unexpected items still remain in namespace: ${namespace} for gvr: ${type.group}/${type.version}, Resource=${type.resource}`);
}

/** One pass over a namespace being deleted (kube's namespacedResourcesDeleter.Delete). */
export async function syncNamespace(client: ControllerClient, name: string): Promise<void> {
  const namespaces = client.resource('', 'v1', 'namespaces');
  if (!namespaces) return;
  let ns: NamespaceObject;
  try {
    ns = (await namespaces.get('', name)) as NamespaceObject;
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  if (!ns.metadata?.deletionTimestamp) return;
  if (ns.status?.phase !== 'Terminating') {
    ns = (await namespaces.update('', { ...ns, status: { ...(ns.status ?? {}), phase: 'Terminating' } }, 'status')) as NamespaceObject;
  }
  if (!(ns.spec?.finalizers ?? []).includes(finalizerKubernetes)) return;

  const totals: ContentTotals = { estimate: 0, remaining: new Map(), finalizers: new Map(), errors: [] };
  const deletable = preferredResources(client.resources()).filter((t) => t.namespaced && t.verbs.includes('delete') && t.verbs.includes('list'));
  for (const type of deletable) {
    try {
      await deleteContentOf(client, type, name, totals);
    } catch (err) {
      totals.errors.push(errText(err));
    }
  }
  const failing: Condition[] = [];
  if (totals.remaining.size > 0) {
    const list = [...totals.remaining].map(([gr, n]) => `${gr} has ${n} resource instances`).sort();
    failing.push({ type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: nowTime(), reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${list.join(', ')}` });
  }
  if (totals.finalizers.size > 0) {
    const list = [...totals.finalizers].map(([f, n]) => `${f} in ${n} resource instances`).sort();
    failing.push({ type: 'NamespaceFinalizersRemaining', status: 'True', lastTransitionTime: nowTime(), reason: 'SomeFinalizerRemain', message: `Some finalizers are remaining: ${list.join(', ')}` });
  }
  if (totals.errors.length > 0) {
    const msgs = [...totals.errors].sort();
    failing.push({
      type: 'NamespaceDeletionContentFailure',
      status: 'True',
      lastTransitionTime: nowTime(),
      reason: 'ContentDeletionFailed',
      message: `Failed to delete all resource types, ${msgs.length} remaining: ${msgs.join(', ')}`,
    });
  }
  if (updateConditions(ns, failing)) {
    try {
      ns = (await namespaces.update('', ns, 'status')) as NamespaceObject;
    } catch (err) {
      // The next pass writes them; a conflict means the namespace moved on.
      if (!isConflict(err) && !isNotFound(err)) throw err;
    }
  }
  if (totals.errors.length > 0) throw new Error(totals.errors.join('; '));
  if (totals.estimate > 0) throw new ResourcesRemaining(totals.estimate);
  // Nothing left: remove our finalizer (retrying on conflict with the latest namespace).
  for (;;) {
    const finalizers = (ns.spec?.finalizers ?? []).filter((f) => f !== finalizerKubernetes);
    try {
      await namespaces.update('', { ...ns, spec: { ...(ns.spec ?? {}), finalizers } }, 'finalize');
      return;
    } catch (err) {
      if (isNotFound(err)) return;
      if (!isConflict(err)) throw err;
      ns = (await namespaces.get('', name)) as NamespaceObject;
      if (!(ns.spec?.finalizers ?? []).includes(finalizerKubernetes)) return;
    }
  }
}

/**
 * How long after its deletion a namespace is first emptied (kube's namespaceDeletionGracePeriod,
 * 5 s): "to allow HA api servers to observe namespace deletion, and HA etcd servers to observe last
 * minute object creations inside the namespace" — and, as a client sees it, so that `kubectl delete -f`
 * of a manifest holding the namespace and its objects finds each object still there to delete.
 */
export const namespaceDeletionGracePeriodMs = 5_000;

export interface NamespaceControllerOptions {
  /** Default {@link namespaceDeletionGracePeriodMs}; a single server with nothing to wait for may take less. */
  deletionGracePeriodMs?: number;
}

/** kube's namespace controller (`namespace-controller`, alias `namespace`). */
export function namespaceController(options: NamespaceControllerOptions = {}): ControllerDescriptor {
  const grace = options.deletionGracePeriodMs ?? namespaceDeletionGracePeriodMs;
  return {
    name: 'namespace-controller',
    aliases: ['namespace'],
    start(ctx) {
      const queue = createWorkQueue<string>(
        async (name) => {
          try {
            await syncNamespace(ctx.client, name);
          } catch (err) {
            // Content that needs time: kube looks again after half the estimate plus a second. Content
            // held by finalizers only waits for their owners, which act at once here (no kubelet, no
            // slow node): kapi looks again every second instead of kube's 8 s.
            if (err instanceof ResourcesRemaining) {
              queue.addAfter(name, err.estimate === finalizerEstimateSeconds ? finalizerRetryMs : (Math.floor(err.estimate / 2) + 1) * 1000);
              return;
            }
            throw err;
          }
        },
        { workers: 4, onError: (name, err) => ctx.log.warn({ err, namespace: name }, 'namespace deletion failed; retrying') },
      );
      const informer = ctx.informer('', 'v1', 'namespaces');
      // A namespace seen being deleted is looked at after the grace period; one found Terminating
      // (after a restart) or changing while it terminates, once the period since its
      // deletionTimestamp has passed.
      const enqueue = (ns: KubeObject, seenDeleted: boolean) => {
        const at = Date.parse(ns.metadata?.deletionTimestamp ?? '');
        if (!Number.isFinite(at)) return;
        queue.addAfter(ns.metadata?.name ?? '', seenDeleted ? grace : Math.min(grace, Math.max(0, at + grace - Date.now())));
      };
      informer.addHandlers({
        add: (ns) => enqueue(ns, false),
        update: (old, ns) => enqueue(ns, !old.metadata?.deletionTimestamp),
      });
      return { stop: () => queue.stop(), idle: () => queue.idle() };
    },
  };
}
