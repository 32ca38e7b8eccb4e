// Behaviour of k8s.io/kubernetes pkg/registry/core/pod/storage/eviction.go (EvictionREST) and
// k8s.io/component-helpers/apps/poddisruptionbudget UpdateDisruptionAllowedCondition (v1.33): the
// `eviction` of pods. A pod is deleted unless its PodDisruptionBudget has no disruption to spare;
// the budget records the pod in status.disruptedPods and gives one disruption away.
import { Eviction, type KindDefinition } from '@kapi/api';
import {
  failureStatus,
  newBadRequest,
  newForbidden,
  newMethodNotSupported,
  newTimeoutError,
  newTooManyRequests,
  now,
  parseDeleteOptions,
  parseLabelSelector,
  protoMessageOf,
  type DeleteOptions,
  type KubeObject,
  type Status,
  type StatusError,
} from '@kapi/apimachinery';
import type { ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';
import { labelSelectorString, type LabelSelectorJson } from './printers/format.ts';
import type { RegistryView } from './registry-view.ts';

/** policy/v1 Eviction, the body of pods/eviction (discovery shows its group and version). */
export const evictionKind: KindDefinition = {
  group: 'policy',
  version: 'v1',
  kind: 'Eviction',
  listKind: 'EvictionList',
  resource: 'evictions',
  singular: 'eviction',
  shortNames: [],
  categories: [],
  namespaced: true,
  schema: Eviction as unknown as KindDefinition['schema'],
  proto: protoMessageOf(Eviction),
  description: 'Eviction evicts a pod from its node subject to certain policies and safety constraints.',
  defaults: () => {},
  validate: () => [],
  validateUpdate: () => [],
};

/** MaxDisruptedPodSize: evictions the disruption controller has not confirmed yet, at most. */
export const maxDisruptedPodSize = 2000;
/** EvictionsRetry: conflicts on the budget are retried this many times. */
const evictionRetries = 20;
const pdbGR = { group: 'policy', resource: 'poddisruptionbudget' };
const tooManyMessage = "Cannot evict pod as it would violate the pod's disruption budget.";

interface PodView extends KubeObject {
  status?: { phase?: string; conditions?: { type?: string; status?: string }[] };
}

interface Condition {
  type?: string;
  status?: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

interface PDB extends KubeObject {
  spec?: { selector?: LabelSelectorJson | null; unhealthyPodEvictionPolicy?: string };
  status?: {
    observedGeneration?: number;
    disruptedPods?: Record<string, string>;
    disruptionsAllowed?: number;
    currentHealthy?: number;
    desiredHealthy?: number;
    expectedPods?: number;
    conditions?: Condition[];
  };
}

/** A 429 carrying the DisruptionBudget cause. */
function tooManyRequests(retryAfter: number, cause: string): StatusError {
  const err = newTooManyRequests(tooManyMessage, retryAfter);
  // StatusDetails field order: causes before retryAfterSeconds.
  err.status.details = { causes: [{ reason: 'DisruptionBudget' as never, message: cause }], ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
  return err;
}

/** createTooManyRequestsError: the budget is not processed yet (retry after 10 s). */
function budgetBeingProcessed(name: string): StatusError {
  return tooManyRequests(10, `The disruption budget ${name} is still being processed by the server.`);
}

/** Succeeded, Failed and Pending pods, and pods being deleted, are evicted without a budget check. */
function canIgnorePDB(pod: PodView): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata?.deletionTimestamp;
}

function shouldEnforceResourceVersion(pod: PodView): boolean {
  const phase = pod.status?.phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || pod.metadata?.deletionTimestamp);
}

/** podutil.IsPodReady. */
function isPodReady(pod: PodView): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** UpdateDisruptionAllowedCondition (meta.SetStatusCondition of DisruptionAllowed). */
function updateDisruptionAllowedCondition(status: NonNullable<PDB['status']>): void {
  const allowed = (status.disruptionsAllowed ?? 0) > 0;
  const next: Condition = {
    type: 'DisruptionAllowed',
    status: allowed ? 'True' : 'False',
    reason: allowed ? 'SufficientPods' : 'InsufficientPods',
    message: '',
    observedGeneration: status.observedGeneration ?? 0,
  };
  const conditions = [...(status.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === next.type);
  if (i < 0) conditions.push({ ...next, lastTransitionTime: now() });
  else {
    const prev = conditions[i]!;
    conditions[i] = { ...prev, ...next, lastTransitionTime: prev.status !== next.status ? now() : (prev.lastTransitionTime ?? now()) };
  }
  status.conditions = conditions;
}

const isCode = (err: unknown, code: number) => (err as { status?: { code?: number } }).status?.code === code;

/** The `eviction` subresource of pods. */
export function createEvictionSubresource(podInfo: ResourceInfo, strategy: RESTStrategy, registry: RegistryView): Subresource {
  const gr = { group: '', resource: 'pods/eviction' };
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(gr, verb));
  const entry = (group: string, resource: string) => {
    const e = registry().find((x) => x.info.group === group && x.info.resource === resource);
    if (!e) throw new Error(`the ${group}/${resource} resource is not served`);
    return e;
  };

  /** getPodDisruptionBudgets: the budgets of the pod's namespace whose (non-empty, valid) selector selects it. */
  const budgetsOf = async (pod: PodView, namespace: string): Promise<PDB[]> => {
    const list = await entry('policy', 'poddisruptionbudgets').store.list({ namespace });
    return (list.items as PDB[]).filter((pdb) => {
      const text = labelSelectorString(pdb.spec?.selector ?? undefined);
      if (text === undefined || text === '') return false;
      return parseLabelSelector(text).matches(pod.metadata?.labels ?? {});
    });
  };

  /** checkAndDecrement, then the status write (UpdateStatus) unless dry-run. */
  const checkAndDecrement = async (namespace: string, podName: string, pdb: PDB, dryRun: boolean) => {
    const name = pdb.metadata?.name ?? '';
    const status = structuredClone(pdb.status ?? {});
    if ((status.observedGeneration ?? 0) < (pdb.metadata?.generation ?? 0)) throw budgetBeingProcessed(name);
    const allowed = status.disruptionsAllowed ?? 0;
    if (allowed < 0) throw newForbidden(pdbGR, name, 'pdb disruptions allowed is negative');
    if (Object.keys(status.disruptedPods ?? {}).length > maxDisruptedPodSize) {
      throw newForbidden(pdbGR, name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
    }
    if (allowed === 0) {
      throw tooManyRequests(0, `The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`);
    }
    status.disruptionsAllowed = allowed - 1;
    if (status.disruptionsAllowed === 0) updateDisruptionAllowedCondition(status);
    if (dryRun) return;
    status.disruptedPods = { ...(status.disruptedPods ?? {}), [podName]: now() };
    const statusStore = entry('policy', 'poddisruptionbudgets').subresources.status;
    if (!statusStore) throw new Error('poddisruptionbudgets/status is not served');
    await statusStore.update({ namespace }, name, () => ({ ...pdb, metadata: { ...(pdb.metadata ?? {}) }, status }));
  };

  return {
    info: podInfo,
    strategy,
    verbs: ['create'],
    definition: evictionKind,

    async create(ctx, obj, opts = {}) {
      const eviction = obj as Eviction & KubeObject;
      const name = opts.name ?? '';
      if (name !== (eviction.metadata?.name ?? '')) throw newBadRequest('name in URL does not match name in Eviction object');
      const namespace = ctx.namespace ?? '';
      // propagateDryRun: the request's dry-run goes into the eviction's delete options.
      const original: DeleteOptions = parseDeleteOptions(new URLSearchParams(), (eviction.deleteOptions ?? undefined) as Record<string, unknown> | undefined);
      if (opts.dryRun) original.dryRun = true;
      const rvUnset = original.preconditions?.resourceVersion === undefined;
      const pods = entry('', 'pods').store;
      const withRV = (rv: string | undefined): DeleteOptions => ({ ...original, preconditions: { ...(original.preconditions ?? {}), resourceVersion: rv ?? '' } });

      // Pods past disrupting anything are deleted at once (conflicts retried unless the client pinned a resourceVersion).
      let pod: PodView | undefined;
      for (let attempt = 0; ; attempt++) {
        pod = (await pods.get(ctx, name)) as PodView;
        if (!canIgnorePDB(pod)) break;
        const opts2 = shouldEnforceResourceVersion(pod) && rvUnset ? withRV(pod.metadata?.resourceVersion) : original;
        try {
          await pods.delete(ctx, name, opts2);
          return created();
        } catch (err) {
          if (!rvUnset || !isCode(err, 409) || attempt + 1 >= evictionRetries) throw err;
        }
      }

      const pdbs = await budgetsOf(pod, namespace);
      if (pdbs.length > 1) {
        // Answered as the created object, so with the create's 201 (kube's rtStatus).
        return { ...failureStatus(500, '' as never, 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.'), code: 500 } as KubeObject;
      }
      let updateDeletionOptions = false;
      let pdbName = '';
      if (pdbs.length === 1) {
        let pdb = pdbs[0]!;
        pdbName = pdb.metadata?.name ?? '';
        const st = pdb.status ?? {};
        // An unready pod does not count as healthy: evict it without spending a disruption when the
        // budget allows it (AlwaysAllow, or IfHealthyBudget with enough healthy pods).
        if (!isPodReady(pod) && (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow' || ((st.currentHealthy ?? 0) >= (st.desiredHealthy ?? 0) && (st.desiredHealthy ?? 0) > 0))) {
          updateDeletionOptions = true;
        } else {
          for (let attempt = 0; ; attempt++) {
            try {
              await checkAndDecrement(namespace, name, pdb, original.dryRun === true);
              break;
            } catch (err) {
              if (!isCode(err, 409)) throw err;
              if (attempt + 1 >= evictionRetries) throw newTimeoutError(`couldn't update PodDisruptionBudget ${JSON.stringify(pdbName)} due to conflicts`, 10);
              pdb = (await entry('policy', 'poddisruptionbudgets').store.get({ namespace }, pdbName)) as PDB;
            }
          }
        }
      }
      // The resourceVersion pins the pod as it was judged (not ready) when no precondition was given.
      const deleteOptions = updateDeletionOptions ? withRV(pod.metadata?.resourceVersion) : original;
      try {
        await pods.delete(ctx, name, deleteOptions);
      } catch (err) {
        if (isCode(err, 409) && updateDeletionOptions && rvUnset) throw budgetBeingProcessed(pdbName);
        throw err;
      }
      return created();
    },
    get: unsupported('get'),
    list: unsupported('list'),
    update: unsupported('update'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}

/** metav1.Status{Status: Success} as the create handler completes it (code 201). */
function created(): KubeObject {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  return status as KubeObject;
}

