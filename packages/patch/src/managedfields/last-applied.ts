// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/lastappliedmanager.go,
// lastappliedupdater.go and lastapplied.go (v0.33): server-side apply by kubectl keeps the
// client-side `last-applied-configuration` annotation in step, and may take over the fields that
// client-side apply last set.
import { goMarshalJson, totalAnnotationSizeLimitB, type KubeObject } from '@kapi/apimachinery';
import { ConflictsError, FieldSet, isConflictsError, type Conflict } from '@kapi/structured-merge-diff';
import type { Manager } from './manager.ts';
import type { TypeConverter } from './type-converter.ts';

/** The annotation client-side apply (kubectl apply) records its last configuration in. */
export const lastAppliedConfigAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

/** Sets the annotation, unless the annotations would then exceed their 256 KiB budget. */
export function setLastApplied(obj: KubeObject, value: string): void {
  const meta = (obj.metadata ??= {});
  const annotations: Record<string, string> = { ...(meta.annotations ?? {}), [lastAppliedConfigAnnotation]: value };
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) total += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (total > totalAnnotationSizeLimitB) delete annotations[lastAppliedConfigAnnotation];
  meta.annotations = annotations;
}

function lastAppliedOf(obj: KubeObject): string | undefined {
  const v = obj.metadata?.annotations?.[lastAppliedConfigAnnotation];
  return v === undefined || v === '' ? undefined : v;
}

/** The applied configuration as client-side apply records it: Go's JSON (sorted keys) and a newline. */
function buildLastApplied(applied: KubeObject): string {
  const obj = structuredClone(applied);
  const annotations = obj.metadata?.annotations;
  if (annotations) delete annotations[lastAppliedConfigAnnotation];
  return `${goMarshalJson(obj)}\n`;
}

/** After an apply by `kubectl` to an object that has the annotation, the annotation records the applied configuration. */
export function lastAppliedUpdater(next: Manager): Manager {
  return {
    update: (live, obj, managed, manager) => next.update(live, obj, managed, manager),
    apply(live, applied, managed, manager, force) {
      const r = next.apply(live, applied, managed, manager, force);
      if (manager === 'kubectl' && r.object !== null && lastAppliedOf(r.object) !== undefined) {
        setLastApplied(r.object, buildLastApplied(applied));
      }
      return r;
    },
  };
}

/**
 * An apply by `kubectl` whose conflicts are all fields that client-side apply last set (and still
 * holds the live values of) is forced: the upgrade path from `kubectl apply` to `--server-side`.
 */
export function lastAppliedManager(next: Manager, typeConverter: TypeConverter, apiVersion: string): Manager {
  const allowedConflicts = (live: KubeObject): FieldSet | undefined => {
    const text = lastAppliedOf(live);
    if (text === undefined) return undefined;
    try {
      const liveTyped = typeConverter.objectToTyped(live);
      const last = JSON.parse(text) as KubeObject;
      if (typeof last !== 'object' || last === null || last.apiVersion !== apiVersion) return undefined;
      const lastTyped = typeConverter.objectToTyped(last);
      const comparison = lastTyped.compare(liveTyped);
      return lastTyped.toFieldSet().difference(comparison.modified).difference(comparison.added).difference(comparison.removed);
    } catch {
      return undefined;
    }
  };
  return {
    update: (live, obj, managed, manager) => next.update(live, obj, managed, manager),
    apply(live, applied, managed, manager, force) {
      // The layers below may mutate `managed`: keep a copy for the forced retry.
      const original = { fields: new Map(managed.fields), times: new Map(managed.times) };
      try {
        return next.apply(live, applied, managed, manager, force);
      } catch (err) {
        if (manager !== 'kubectl' || !isConflictsError(err)) throw err;
        const allowed = allowedConflicts(live);
        if (allowed === undefined) throw err;
        const remaining: Conflict[] = err.conflicts.filter((c) => !allowed.has(c.path));
        if (remaining.length > 0) throw new ConflictsError(remaining);
        return next.apply(live, applied, original, manager, true);
      }
    },
  };
}
