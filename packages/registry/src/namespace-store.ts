// Behaviour of k8s.io/kubernetes/pkg/registry/core/namespace/storage/storage.go (Delete, StatusREST,
// FinalizeREST) and core/namespace/strategy.go (v1.33): deleting a namespace marks it Terminating
// (deletionTimestamp, status.phase, the garbage collector's finalizers as the options say); the
// namespace controller then removes its content and its `kubernetes` finalizer, and the update that
// empties spec.finalizers deletes it.
import { FieldPath, fieldErrors, metaOf, newConflict, newForbidden, now, validateFinalizerName, validateObjectMetaUpdate, type FieldError, type KubeObject } from '@kapi/apimachinery';
import type { DeleteOptions } from '@kapi/apimachinery';
import type { Namespace } from '@kapi/api';
import type { StorageInterface } from '@kapi/storage';
import { finalizerDeleteDependents, finalizerOrphanDependents } from './deletion.ts';
import { createGenericStore, type GenericStore } from './generic-store.ts';
import { groupResourceOf, type ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';
import { interpretStorageError } from './storage-errors.ts';

/** Namespaces that can never be deleted (kube's NamespaceLifecycle admission). */
export const immortalNamespaces: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** The namespace's GC finalizers after a delete with these options (shouldHaveOrphanFinalizer / shouldHaveDeleteDependentsFinalizer). */
function namespaceFinalizers(current: readonly string[], opts: DeleteOptions): string[] | undefined {
  const has = (f: string) => current.includes(f);
  const orphan = opts.orphanDependents ?? (opts.propagationPolicy !== undefined ? opts.propagationPolicy === 'Orphan' : has(finalizerOrphanDependents));
  const foreground =
    opts.orphanDependents !== undefined ? !opts.orphanDependents : opts.propagationPolicy !== undefined ? opts.propagationPolicy === 'Foreground' : has(finalizerDeleteDependents);
  if (orphan === has(finalizerOrphanDependents) && foreground === has(finalizerDeleteDependents)) return undefined;
  const next = current.filter((f) => f !== finalizerOrphanDependents && f !== finalizerDeleteDependents);
  if (orphan) next.push(finalizerOrphanDependents);
  if (foreground) next.push(finalizerDeleteDependents);
  return next;
}

/**
 * Wraps the generic namespace store with kube's namespace REST: the first DELETE marks the
 * namespace Terminating and answers with it; a later one deletes it once spec.finalizers is empty
 * (until then it answers with the namespace, still there).
 */
export function createNamespaceStore(generic: GenericStore, storage: StorageInterface): GenericStore {
  const gr = groupResourceOf(generic.info);
  const keyOf = (name: string) => `${generic.info.keyPrefix}/${name}`;
  return {
    ...generic,
    // kube's namespace REST deletes one namespace at a time: no deletecollection.
    verbs: generic.verbs.filter((v) => v !== 'deletecollection'),
    async delete(ctx, name, opts = {}) {
      if (immortalNamespaces.has(name)) throw newForbidden(gr, name, 'this namespace may not be deleted');
      const current = (await generic.get(ctx, name)) as Namespace;
      const meta = current.metadata ?? {};
      const pre = opts.preconditions;
      if (pre?.uid !== undefined && pre.uid !== meta.uid) {
        throw newConflict(gr, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${meta.uid ?? ''}`);
      }
      if (pre?.resourceVersion !== undefined && pre.resourceVersion !== meta.resourceVersion) {
        throw newConflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion ?? ''}`);
      }
      if (!meta.deletionTimestamp) {
        const mark = (ns: KubeObject) => {
          const m = metaOf(ns);
          m.deletionTimestamp ??= now();
          ns.status = { ...((ns.status as object | undefined) ?? {}), phase: 'Terminating' };
          const finalizers = namespaceFinalizers(m.finalizers ?? [], opts);
          if (finalizers !== undefined) m.finalizers = finalizers;
          return ns;
        };
        if (opts.dryRun) return { object: mark(structuredClone(current)), deleted: false };
        try {
          const out = await storage.guaranteedUpdate(keyOf(name), {
            preconditions: { uid: meta.uid ?? '', ...(pre?.resourceVersion !== undefined ? { resourceVersion: pre.resourceVersion } : {}) },
            tryUpdate: mark,
          });
          return { object: { ...out, kind: generic.info.kind, apiVersion: 'v1' }, deleted: false };
        } catch (err) {
          throw interpretStorageError(err, gr, name, 'delete');
        }
      }
      // The final delete waits for the namespace's finalizers (the namespace controller's first).
      if ((current.spec?.finalizers ?? []).length > 0) return { object: current, deleted: false };
      return generic.delete(ctx, name, opts);
    },
  };
}

/** helper.IsStandardFinalizerName: the finalizers kube knows without a domain. */
const standardFinalizers: ReadonlySet<string> = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

/** ValidateNamespaceStatusUpdate: the phase must agree with deletionTimestamp. */
function validateNamespaceStatusUpdate(ns: Namespace, old: Namespace): FieldError[] {
  const errs = validateObjectMetaUpdate(ns.metadata ?? {}, old.metadata ?? {});
  const phase = ns.status?.phase ?? '';
  const path = FieldPath.of('status', 'Phase');
  if (!ns.metadata?.deletionTimestamp) {
    if (phase !== 'Active') errs.push(fieldErrors.invalid(path, phase, "may only be 'Active' if `deletionTimestamp` is empty"));
  } else if (phase !== 'Terminating') {
    errs.push(fieldErrors.invalid(path, phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"));
  }
  return errs;
}

/**
 * A namespace's `status` (get, patch, update: the status only) and `finalize` (update: spec.finalizers
 * and metadata, never status) subresources, with kube's strategies and validation.
 */
export function namespaceSubresources(info: ResourceInfo, storage: StorageInterface, base: RESTStrategy): Record<string, Subresource> {
  const status = createGenericStore({
    info,
    storage,
    strategy: {
      ...base,
      resetFields: [['spec']],
      prepareForUpdate(obj, old) {
        if (old.spec !== undefined) obj.spec = old.spec;
        else delete obj.spec;
      },
      validateUpdate: (obj, old) => validateNamespaceStatusUpdate(obj as Namespace, old as Namespace),
    },
  });
  const finalize = createGenericStore({
    info,
    storage,
    strategy: {
      ...base,
      resetFields: [['status']],
      prepareForUpdate(obj, old) {
        if (old.status !== undefined) obj.status = old.status;
        else delete obj.status;
      },
      // ValidateNamespaceFinalizeUpdate: metadata rules and finalizer names.
      validateUpdate: (obj, old) => [
        ...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}),
        ...((obj as Namespace).spec?.finalizers ?? []).flatMap((f, i) => {
          const path = FieldPath.of('spec', 'finalizers').index(i);
          const errs = validateFinalizerName(f, path);
          if (!f.includes('/') && !standardFinalizers.has(f)) {
            errs.push(fieldErrors.invalid(path, f, 'name is neither a standard finalizer name nor is it fully qualified'));
          }
          return errs;
        }),
      ],
    },
  });
  return { status: { ...status, verbs: ['get', 'patch', 'update'] }, finalize: { ...finalize, verbs: ['update'] } };
}
