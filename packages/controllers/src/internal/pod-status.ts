// Behaviour of k8s.io/kubernetes/pkg/api/v1/pod/util.go (UpdatePodCondition) and pkg/util/pod/pod.go
// (PatchPodStatus, preparePatchBytesForPodStatus) (v1.33): a pod status change sent as the strategic
// merge patch kube computes, with the pod's uid as a precondition.

export interface PodCondition {
  type: string;
  status: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

export interface PodStatus {
  phase?: string;
  reason?: string;
  conditions?: PodCondition[];
  [field: string]: unknown;
}

/** metav1.Now() as it is written: RFC 3339, whole seconds. */
export const metaNow = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * UpdatePodCondition: sets `condition` in `status` (appended when its type is new), with the
 * transition time now unless the status is unchanged. Returns whether anything changed.
 */
export function updatePodCondition(status: PodStatus, condition: PodCondition, now = metaNow()): boolean {
  const next: PodCondition = { ...condition, lastTransitionTime: now };
  const conditions = (status.conditions ??= []);
  const i = conditions.findIndex((c) => c.type === next.type);
  if (i < 0) {
    conditions.push(next);
    return true;
  }
  const old = conditions[i]!;
  if (next.status === old.status) next.lastTransitionTime = old.lastTransitionTime ?? null;
  const equal =
    next.status === old.status &&
    (next.reason ?? '') === (old.reason ?? '') &&
    (next.message ?? '') === (old.message ?? '') &&
    (next.lastProbeTime ?? null) === (old.lastProbeTime ?? null) &&
    (next.lastTransitionTime ?? null) === (old.lastTransitionTime ?? null);
  conditions[i] = next;
  return !equal;
}

/** A condition as Go marshals a v1.PodCondition: the times always present (null when zero), the strings when set. */
function goCondition(c: PodCondition): Record<string, unknown> {
  const out: Record<string, unknown> = { lastProbeTime: c.lastProbeTime ?? null, lastTransitionTime: c.lastTransitionTime ?? null };
  if (c.message) out.message = c.message;
  if (c.reason) out.reason = c.reason;
  out.status = c.status;
  out.type = c.type;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * preparePatchBytesForPodStatus: the two-way strategic merge patch from `{status: old}` to
 * `{metadata: {uid}, status: new}` for the fields PodGC changes (the phase and the conditions, a
 * list merged by `type` with its `$setElementOrder`), and whether it holds nothing but the uid.
 */
export function podStatusPatch(uid: string, oldStatus: PodStatus, newStatus: PodStatus): { patch: Record<string, unknown>; unchanged: boolean } {
  const status: Record<string, unknown> = {};
  const oldConditions = oldStatus.conditions ?? [];
  const newConditions = newStatus.conditions ?? [];
  const changed: Record<string, unknown>[] = [];
  for (const c of newConditions) {
    const old = oldConditions.find((o) => o.type === c.type);
    const full = goCondition(c);
    if (!old) {
      changed.push(full);
      continue;
    }
    const was = goCondition(old);
    const diff: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(full)) if (!same(v, was[k])) diff[k] = v;
    for (const k of Object.keys(was)) if (!(k in full)) diff[k] = null;
    if (Object.keys(diff).length > 0) changed.push(Object.fromEntries(Object.entries({ ...diff, type: c.type }).sort(([a], [b]) => (a < b ? -1 : 1))));
  }
  if (changed.length > 0) {
    status['$setElementOrder/conditions'] = newConditions.map((c) => ({ type: c.type }));
    status.conditions = changed;
  }
  for (const key of ['message', 'phase', 'reason'] as const) if (!same(oldStatus[key], newStatus[key])) status[key] = newStatus[key] ?? null;
  const patch: Record<string, unknown> = { metadata: { uid } };
  if (Object.keys(status).length > 0) patch.status = status;
  return { patch, unchanged: patch.status === undefined };
}
