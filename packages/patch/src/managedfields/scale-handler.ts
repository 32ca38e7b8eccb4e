// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/scalehandler.go (v0.33): ownership of a
// workload's replicas seen through its autoscaling/v1 Scale, and back.
import type { ManagedFieldsEntry } from '@kapi/apimachinery';
import { FieldSet, newVersionedSet, type ManagedFields, type Path } from '@kapi/structured-merge-diff';
import { decodeManagedFields, encodeManagedFields, type Managed } from './managed.ts';

const scaleApiVersion = 'autoscaling/v1';
const replicasPathInScale: Path = [{ fieldName: 'spec' }, { fieldName: 'replicas' }];

/** Maps managedFields between a workload and its Scale. */
export interface ScaleHandler {
  /** The Scale's managedFields: each manager owning the replicas path owns the Scale's spec.replicas. */
  toSubresource(): ManagedFieldsEntry[];
  /** The workload's managedFields after a write of the Scale whose managedFields are `scaleEntries`. */
  toParent(scaleEntries: readonly ManagedFieldsEntry[] | undefined): ManagedFieldsEntry[];
}

/**
 * A scale handler for a workload with managedFields `parentEntries`, served at `apiVersion`;
 * `mappings` gives the replicas path per apiVersion (null: that version has none).
 */
export function createScaleHandler(
  parentEntries: readonly ManagedFieldsEntry[] | undefined,
  apiVersion: string,
  mappings: ReadonlyMap<string, Path | null>,
): ScaleHandler {
  const encode = (fields: ManagedFields, times: Map<string, string | undefined>): ManagedFieldsEntry[] =>
    encodeManagedFields({ fields, times } satisfies Managed) ?? [];
  return {
    toSubresource() {
      const managed = decodeManagedFields(parentEntries);
      const fields: ManagedFields = new Map();
      const times = new Map<string, string | undefined>();
      for (const [manager, vs] of managed.fields) {
        const path = mappings.get(vs.apiVersion);
        if (!path || !vs.set.has(path)) continue;
        fields.set(manager, newVersionedSet(FieldSet.of(replicasPathInScale), scaleApiVersion, vs.applied));
        times.set(manager, managed.times.get(manager));
      }
      return encode(fields, times);
    },
    toParent(scaleEntries) {
      const parent = decodeManagedFields(parentEntries);
      const scaleFields = new Map(decodeManagedFields(scaleEntries).fields);
      const fields: ManagedFields = new Map();
      const times = new Map<string, string | undefined>();
      for (const [manager, vs] of parent.fields) {
        if (!mappings.has(vs.apiVersion)) continue;
        const path = mappings.get(vs.apiVersion) ?? null;
        if (path === null || !vs.set.has(path)) {
          fields.set(manager, vs);
          times.set(manager, parent.times.get(manager));
          continue;
        }
        if (!scaleFields.has(manager)) {
          const set = vs.set.difference(FieldSet.of(path));
          if (!set.empty()) {
            fields.set(manager, newVersionedSet(set, vs.apiVersion, vs.applied));
            times.set(manager, parent.times.get(manager));
          }
        } else {
          fields.set(manager, vs);
          times.set(manager, parent.times.get(manager));
          scaleFields.delete(manager);
        }
      }
      const own = mappings.get(apiVersion);
      for (const [manager, vs] of scaleFields) {
        if (!vs.set.has(replicasPathInScale) || !own) continue;
        fields.set(manager, newVersionedSet(FieldSet.of(own), apiVersion, vs.applied));
        // kube takes the time from the parent's entries, where a new manager has none.
        times.set(manager, parent.times.get(manager));
      }
      return encode(fields, times);
    },
  };
}
