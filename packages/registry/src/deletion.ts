// Behaviour of k8s.io/apiserver/pkg/registry/rest/delete.go (BeforeDelete) and the deletion half of
// pkg/registry/generic/registry/store.go (deletionFinalizersForGarbageCollection, markAsDeleting)
// (v1.33): what a DELETE does to an object before, or instead of, removing it.
import { metaOf, newConflict, type DeleteOptions, type KubeObject } from '@kapi/apimachinery';
import type { RESTStrategy } from './strategy.ts';

/** metav1.FinalizerOrphanDependents: the garbage collector orphans the dependents, then removes it. */
export const finalizerOrphanDependents = 'orphan';
/** metav1.FinalizerDeleteDependents: the garbage collector deletes the blocking dependents first. */
export const finalizerDeleteDependents = 'foregroundDeletion';

/** Thrown inside the marking update: the object has no reason to stay, delete it now. */
export const deleteImmediately = Symbol('delete immediately');
/** Thrown inside the marking update: a graceful deletion is already under way. */
export const alreadyDeleting = Symbol('already deleting');

export interface DeletionPlan {
  /** A graceful deletion is pending and this delete does not shorten it: nothing to change. */
  pending: boolean;
  /** The object gets (or keeps, shortened) a grace period: `apply` sets deletionTimestamp and the period. */
  graceful: boolean;
  apply(obj: KubeObject): KubeObject;
  /** The object's finalizers once the garbage collector's are set as the options say; undefined when unchanged. */
  finalizers: string[] | undefined;
}

const nowPlus = (seconds: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + seconds * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Decides what deleting `obj` with `opts` does (rest.BeforeDelete with the GC finalizers, which a
 * store without garbage collection never sets): preconditions are checked against it first (a 409
 * that names the kind, as kube's early check does).
 */
export function planDeletion(
  strategy: RESTStrategy,
  obj: KubeObject,
  opts: DeleteOptions,
  gr: { group: string; kind: string },
  garbageCollection: boolean,
): DeletionPlan {
  const meta = obj.metadata ?? {};
  const kindGR = { group: gr.group, resource: gr.kind };
  const name = meta.name ?? '';
  const pre = opts.preconditions;
  if (pre?.uid !== undefined && pre.uid !== (meta.uid ?? '')) {
    throw newConflict(kindGR, name, `the UID in the precondition (${pre.uid}) does not match the UID in record (${meta.uid ?? ''}). The object might have been deleted and then recreated`);
  }
  if (pre?.resourceVersion !== undefined && pre.resourceVersion !== (meta.resourceVersion ?? '')) {
    throw newConflict(
      kindGR,
      name,
      `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${meta.resourceVersion ?? ''}). The object might have been modified`,
    );
  }
  const finalizers = garbageCollection ? gcFinalizers(strategy, meta.finalizers ?? [], opts) : undefined;
  const plan = (pending: boolean, graceful: boolean, apply: (o: KubeObject) => KubeObject = (o) => o): DeletionPlan => ({ pending, graceful, apply, finalizers });
  if (!strategy.gracePeriodOnDelete) return plan(false, false);
  const existingGrace = meta.deletionGracePeriodSeconds === undefined ? undefined : Math.max(meta.deletionGracePeriodSeconds, meta.deletionGracePeriodSeconds < 0 ? 1 : 0);
  if (meta.deletionTimestamp) {
    // Being deleted: a period of 0 (or none) finishes it; otherwise only a shorter one is taken.
    if (existingGrace === undefined || existingGrace === 0) return plan(false, false);
    if (opts.gracePeriodSeconds === undefined || opts.gracePeriodSeconds >= existingGrace) return plan(true, false);
    const requested = opts.gracePeriodSeconds;
    return plan(false, true, (o) => {
      const m = metaOf(o);
      const started = Date.parse(m.deletionTimestamp ?? '') - existingGrace * 1000;
      let at = started + requested * 1000;
      let period = requested;
      // Never into the past: an expired period becomes the shortest graceful one.
      if (at < Date.now()) {
        at = Date.now();
        if (period !== 0) period = 1;
      }
      m.deletionTimestamp = new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
      m.deletionGracePeriodSeconds = period;
      return o;
    });
  }
  const period = strategy.gracePeriodOnDelete(obj, opts.gracePeriodSeconds);
  return plan(false, true, (o) => {
    const m = metaOf(o);
    m.deletionTimestamp = nowPlus(period);
    m.deletionGracePeriodSeconds = period;
    if ((m.generation ?? 0) > 0) m.generation = m.generation! + 1;
    return o;
  });
}

/**
 * The finalizers an object has once a delete sets the garbage collector's as the options (or the
 * kind's default policy, or the finalizers already there) say; undefined when they do not change.
 */
function gcFinalizers(strategy: RESTStrategy, current: readonly string[], opts: DeleteOptions): string[] | undefined {
  const policy = strategy.gcPolicy;
  if (policy === 'Unsupported') return undefined;
  const orphan = shouldOrphan(policy, current, opts);
  const foreground = shouldDeleteInForeground(current, opts);
  const next = current.filter((f) => f !== finalizerOrphanDependents && f !== finalizerDeleteDependents);
  if (orphan) next.push(finalizerOrphanDependents);
  if (foreground) next.push(finalizerDeleteDependents);
  const same = new Set(next).size === new Set(current).size && next.every((f) => current.includes(f));
  return same ? undefined : next;
}

function shouldOrphan(policy: RESTStrategy['gcPolicy'], finalizers: readonly string[], opts: DeleteOptions): boolean {
  if (opts.orphanDependents !== undefined) return opts.orphanDependents;
  if (opts.propagationPolicy !== undefined) return opts.propagationPolicy === 'Orphan';
  for (const f of finalizers) {
    if (f === finalizerOrphanDependents) return true;
    if (f === finalizerDeleteDependents) return false;
  }
  return policy === 'OrphanDependents';
}

function shouldDeleteInForeground(finalizers: readonly string[], opts: DeleteOptions): boolean {
  if (opts.orphanDependents !== undefined) return false;
  if (opts.propagationPolicy !== undefined) return opts.propagationPolicy === 'Foreground';
  for (const f of finalizers) {
    if (f === finalizerDeleteDependents) return true;
    if (f === finalizerOrphanDependents) return false;
  }
  return false;
}

/**
 * markAsDeleting: an object that stays for its finalizers gets deletionTimestamp now (kept when
 * already set earlier) and a grace period of 0; its generation moves on the first mark.
 */
export function markAsDeleting(obj: KubeObject): void {
  const m = metaOf(obj);
  if (!m.deletionTimestamp && (m.generation ?? 0) > 0) m.generation = m.generation! + 1;
  const now = nowPlus(0);
  if (!m.deletionTimestamp || Date.parse(m.deletionTimestamp) > Date.parse(now)) m.deletionTimestamp = now;
  m.deletionGracePeriodSeconds = 0;
}
