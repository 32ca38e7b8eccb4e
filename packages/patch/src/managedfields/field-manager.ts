// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/fieldmanager.go and
// ../fieldmanager.go (v0.33): the field manager a resource's handlers call on every write.
import type { KubeObject } from '@kapi/apimachinery';
import { isConflictsError, type Filter } from '@kapi/structured-merge-diff';
import { newApplyConflictError } from './conflict.ts';
import { lastAppliedManager, lastAppliedUpdater } from './last-applied.ts';
import {
  decodeManagedFields,
  encodeObjectManagedFields,
  getManagedFields,
  isResetManagedFields,
  newEmptyManaged,
  removeObjectManagedFields,
  type Managed,
} from './managed.ts';
import {
  buildManagerInfoManager,
  capManagersManager,
  defaultMaxUpdateManagers,
  isUnchangedByApply,
  managedFieldsUpdater,
  skipNonAppliedManager,
  stripMetaManager,
  versionCheckManager,
  type Manager,
} from './manager.ts';
import { structuredMergeManager } from './structured-merge.ts';
import type { TypeConverter } from './type-converter.ts';

/** Records who owns which fields on every write of one resource (or subresource), and applies. */
export interface FieldManager {
  /**
   * The new object of a create, update or non-apply patch, with managedFields updated for `manager`.
   * `live` is the stored object (an empty object of the kind for a create). Throws on failure.
   */
  update(live: KubeObject, next: KubeObject, manager: string): KubeObject;
  /** {@link update}, but a failure drops managedFields (and is reported to `onError`) instead of failing the write. */
  updateNoErrors(live: KubeObject, next: KubeObject, manager: string): KubeObject;
  /**
   * The object after applying `applied` as `manager`; conflicts are kube's 409 unless `force`.
   * Throws Status errors for bad input (400) and plain errors for internal failures.
   */
  apply(live: KubeObject, applied: KubeObject, manager: string, force: boolean): KubeObject;
  /**
   * {@link apply}, also telling whether the merge changed the object (`changed: false`: only
   * managedFields may differ from `live`; kube then skips defaulting the result).
   */
  applyWithResult(live: KubeObject, applied: KubeObject, manager: string, force: boolean): { object: KubeObject; changed: boolean };
}

export interface FieldManagerOptions {
  readonly typeConverter: TypeConverter;
  /** The served version of the kind: `apiVersion` (`apps/v1`) and `kind`. */
  readonly apiVersion: string;
  readonly kind: string;
  /** `status`, `scale` …, or '' for the resource itself. */
  readonly subresource?: string;
  /** Fields the strategy resets (no manager may own them), by apiVersion. */
  readonly resetFields?: ReadonlyMap<string, Filter>;
  /**
   * An empty object of the kind, as the live object of a create (kube's scheme.New: the Go zero
   * value). The first apply to an object without managedFields compares against it to give the
   * fields already there to `before-first-apply`. Default: apiVersion, kind and empty metadata.
   */
  readonly emptyObject?: () => KubeObject;
  /** Update entries kept before the oldest merge (10). */
  readonly maxUpdateManagers?: number;
  /**
   * The object as kube-apiserver holds a built-in kind in memory (a Go struct: every non-pointer
   * struct field present), which field sets of live objects and updates are computed on. Must not
   * modify `obj` (return a copy when it adds fields). Identity (the default) for custom resources,
   * held as unstructured.
   */
  readonly asStructured?: (obj: KubeObject) => KubeObject;
  /**
   * The object in another served version of its kind (`apiVersion`), structured as
   * {@link asStructured} makes it, or undefined when that version is not served: how the managers
   * recorded at other versions are followed (kube's versionConverter). Without it they are dropped.
   */
  readonly convertObject?: (obj: KubeObject, apiVersion: string) => KubeObject | undefined;
  /** Told of failures that {@link FieldManager.updateNoErrors} swallowed. */
  readonly onError?: (err: unknown, obj: KubeObject) => void;
}

/** kube's default field manager: the layers of NewDefaultFieldManager around structured-merge-diff. */
export function createFieldManager(options: FieldManagerOptions): FieldManager {
  const { typeConverter, apiVersion, kind } = options;
  const subresource = options.subresource ?? '';
  const newEmpty = (v: string, k: string): KubeObject => {
    const empty = options.emptyObject?.() ?? { metadata: {} };
    return { ...empty, apiVersion: v, kind: k };
  };
  const inner: Manager = structuredMergeManager({
    typeConverter,
    apiVersion,
    ...(options.resetFields ? { resetFields: options.resetFields } : {}),
    ...(options.asStructured ? { asStructured: options.asStructured } : {}),
    ...(options.convertObject ? { convertObject: options.convertObject } : {}),
  });
  const chain: Manager = versionCheckManager(
    lastAppliedUpdater(
      lastAppliedManager(
        skipNonAppliedManager(
          capManagersManager(buildManagerInfoManager(managedFieldsUpdater(stripMetaManager(inner)), apiVersion, subresource), options.maxUpdateManagers ?? defaultMaxUpdateManagers),
          newEmpty,
        ),
        typeConverter,
        apiVersion,
      ),
    ),
    apiVersion,
    kind,
  );

  return newFieldManager(chain, subresource, options.onError);
}

/**
 * The field manager around a chain of layers (kube's NewFieldManager): decodes the managedFields a
 * write starts from, runs the chain and encodes the result. {@link createFieldManager} builds the
 * default chain; tests build their own.
 */
export function newFieldManager(chain: Manager, subresource: string, onError?: (err: unknown, obj: KubeObject) => void): FieldManager {
  /** The managed fields an update starts from: the request's when it sends valid ones, else the live object's. */
  const decodeLiveOrNew = (live: KubeObject, next: KubeObject): Managed => {
    const fromLive = (): Managed => {
      try {
        return decodeManagedFields(getManagedFields(live));
      } catch {
        return newEmptyManaged();
      }
    };
    // A subresource never takes managedFields from its request body.
    if (subresource !== '') return fromLive();
    const sent = getManagedFields(next);
    if (isResetManagedFields(sent)) return newEmptyManaged();
    try {
      const managed = decodeManagedFields(sent);
      return managed.fields.size === 0 ? fromLive() : managed;
    } catch {
      return fromLive();
    }
  };

  const manager: FieldManager = {
    update(live, next, name) {
      const managed = decodeLiveOrNew(live, next);
      // The layers may change the map: keep the sets the write starts from.
      const previous = new Map(managed.fields);
      removeObjectManagedFields(next);
      const r = chain.update(live, next, managed, name);
      encodeObjectManagedFields(r.object, r.managed, previous);
      return r.object;
    },
    updateNoErrors(live, next, name) {
      try {
        return manager.update(live, next, name);
      } catch (err) {
        onError?.(err, next);
        removeObjectManagedFields(next);
        return next;
      }
    },
    apply: (live, applied, name, force) => manager.applyWithResult(live, applied, name, force).object,
    applyWithResult(live, applied, name, force) {
      let managed: Managed;
      try {
        managed = decodeManagedFields(getManagedFields(live));
      } catch (err) {
        throw new Error(`failed to decode managed fields: ${(err as Error).message}`);
      }
      const previous = new Map(managed.fields);
      let r: { object: KubeObject | null; managed: Managed };
      try {
        r = chain.apply(live, applied, managed, name, force);
      } catch (err) {
        if (isConflictsError(err)) throw newApplyConflictError(err.conflicts);
        throw err;
      }
      const object = r.object ?? structuredClone(live);
      const changed = r.object !== null && !isUnchangedByApply(r.object);
      encodeObjectManagedFields(object, r.managed, previous);
      return { object, changed };
    },
  };
  return manager;
}
