// Behaviour of k8s.io/apiserver/pkg/registry/rest/create.go, update.go, delete.go (v1.33): the hooks
// that make the generic Store behave like one kind.
import type { DeleteOptions, FieldError, KubeObject } from '@kapi/apimachinery';
import type { ObjectAttrs } from '@kapi/storage';

/**
 * How a kind behaves in the generic Store. Hooks run in this order:
 *
 * create: defaults → prepareForCreate → validate → canonicalize → storage
 * update: defaults → prepareForUpdate → validateUpdate → canonicalize → storage
 */
export interface RESTStrategy<T extends KubeObject = KubeObject> {
  readonly namespaced: boolean;
  /** PUT on a missing object creates it. */
  readonly allowCreateOnUpdate: boolean;
  /** PUT without metadata.resourceVersion overwrites instead of failing. */
  readonly allowUnconditionalUpdate: boolean;
  /** Sets defaults; may mutate obj. Runs on decode, before prepare. */
  defaults(obj: T): void;
  /** Clears what a client may not set on create (e.g. status); may mutate obj. */
  prepareForCreate(obj: T): void;
  /** Resets what a client may not change on update from `old`; may mutate obj, never old. */
  prepareForUpdate(obj: T, old: T): void;
  /** Field errors of a new object. Must not mutate. */
  validate(obj: T): FieldError[];
  /** Field errors of an update. Must not mutate. */
  validateUpdate(obj: T, old: T): FieldError[];
  /** Normalises an object after validation (e.g. kube's namespace label); may mutate obj. */
  canonicalize(obj: T): void;
  /** Labels and selectable fields for label/field selectors. */
  getAttrs(obj: T): ObjectAttrs;
  /**
   * Fields this strategy resets on the writes it serves (status on the main resource, spec on
   * `/status`), as paths of field names: no manager owns them through this endpoint (kube's
   * GetResetFields). Empty when none.
   */
  readonly resetFields?: readonly (readonly string[])[];
  /**
   * The labels a field selector may name for this kind: the ones its version's field label
   * conversion takes (kube's AddFieldLabelConversionFunc, else metadata.name and
   * metadata.namespace). A label getAttrs does not set reads as ''.
   */
  readonly selectableFields: readonly string[];
  /**
   * The message of the 400 for a label not in selectableFields; default kube's conversion funcs'
   * `field label not supported: <label>`.
   */
  readonly fieldLabelError?: (label: string) => string;
  /**
   * What a delete that names no propagation policy does to the object's dependents (kube's
   * DefaultGarbageCollectionPolicy): absent or `DeleteDependents`, background; `OrphanDependents`,
   * the `orphan` finalizer; `Unsupported`, no garbage-collection finalizer is ever set.
   */
  readonly gcPolicy?: GarbageCollectionPolicy;
  /**
   * Graceful deletion (kube's RESTGracefulDeleteStrategy.CheckGracefulDelete): the grace period in
   * seconds that deleting `obj` takes, given the requested one. Absent for kinds deleted at once.
   */
  gracePeriodOnDelete?(obj: T, requested: number | undefined): number;
  /**
   * Whether an object marked for deletion whose finalizers are gone may be deleted by the update
   * that removed them (kube's ShouldDeleteDuringUpdate; namespaces wait for spec.finalizers too).
   */
  readyToDelete?(obj: T): boolean;
  /** A warning a delete with these options answers with (kube's Job REST, which orphans by default). */
  deleteWarning?(options: DeleteOptions): string | undefined;
}

/** rest.GarbageCollectionPolicy. */
export type GarbageCollectionPolicy = 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';
