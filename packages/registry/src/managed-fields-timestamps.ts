// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/fieldmanager/equality.go (v1.33)
// IgnoreManagedFieldsTimestampsTransformer: an update whose only change is the time of managedFields
// entries (a no-op apply, an update the strategy undid) keeps the stored times, so that nothing is
// written and the resourceVersion does not move.
import type { KubeObject, ManagedFieldsEntry } from '@kapi/apimachinery';
import { semanticEqual as equalValues } from './semantic-equal.ts';

function entriesEqualModuloTime(a: readonly ManagedFieldsEntry[], b: readonly ManagedFieldsEntry[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const { time: _t1, ...x } = a[i]!;
    const { time: _t2, ...y } = b[i]!;
    if (!equalValues(x, y)) return false;
  }
  return true;
}

/** When `next` differs from `old` only in managedFields times, puts the old times back (in place). */
export function ignoreManagedFieldsTimestamps(next: KubeObject, old: KubeObject): void {
  const newEntries = next.metadata?.managedFields;
  const oldEntries = old.metadata?.managedFields;
  if (!newEntries || !oldEntries || newEntries.length !== oldEntries.length) return;
  // Cheap first: the entries modulo times; then the whole objects.
  if (!entriesEqualModuloTime(oldEntries, newEntries)) return;
  const { managedFields: _m1, ...newMeta } = next.metadata ?? {};
  const { managedFields: _m2, ...oldMeta } = old.metadata ?? {};
  const { apiVersion: _v1, kind: _k1, ...newRest } = next;
  const { apiVersion: _v2, kind: _k2, ...oldRest } = old;
  if (!equalValues({ ...newRest, metadata: newMeta }, { ...oldRest, metadata: oldMeta })) return;
  for (let i = 0; i < oldEntries.length; i++) {
    const t = oldEntries[i]!.time;
    const entry = { ...newEntries[i]! };
    if (t === undefined || t === null) delete entry.time;
    else entry.time = t;
    newEntries[i] = entry;
  }
}
