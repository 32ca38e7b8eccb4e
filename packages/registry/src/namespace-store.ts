// Behaviour of k8s.io/kubernetes/pkg/registry/core/namespace/storage/storage.go (Delete, StatusREST,
// FinalizeREST), core/namespace/strategy.go and the namespace lifecycle controller (v1.33),
// condensed: deleting a namespace marks it Terminating (deletionTimestamp + status.phase), removes
// its content, then removes the namespace.
import { FieldPath, fieldErrors, metaOf, newForbidden, now, validateFinalizerName, validateObjectMetaUpdate, type FieldError, type KubeObject } from '@kapi/apimachinery';
import type { Namespace } from '@kapi/api';
import type { StorageInterface } from '@kapi/storage';
import { createGenericStore, type GenericStore } from './generic-store.ts';
import { groupResourceOf, type ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';
import { interpretStorageError } from './storage-errors.ts';

/** Namespaces that can never be deleted. */
export const immortalNamespaces: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** Wraps the generic namespace store with kube's deletion flow. */
export function createNamespaceStore(
  generic: GenericStore,
  storage: StorageInterface,
  deleteContent: (namespace: string) => Promise<void>,
): GenericStore {
  const gr = groupResourceOf(generic.info);
  return {
    ...generic,
    async delete(ctx, name, opts = {}) {
      if (immortalNamespaces.has(name)) throw newForbidden(gr, name, 'this namespace may not be deleted');
      // Validates the name and answers NotFound / preconditions like any delete would.
      const current = await generic.get(ctx, name);
      if (opts.dryRun) return { object: current, deleted: false };
      const key = `${generic.info.keyPrefix}/${name}`;
      try {
        await storage.guaranteedUpdate(key, {
          ...(opts.preconditions ? { preconditions: opts.preconditions } : {}),
          tryUpdate: (ns: KubeObject & { status?: { phase?: string } }) => {
            const meta = metaOf(ns);
            meta.deletionTimestamp ??= now();
            meta.deletionGracePeriodSeconds ??= 0;
            ns.status = { ...(ns.status ?? {}), phase: 'Terminating' };
            return ns;
          },
        });
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'delete');
      }
      await deleteContent(name);
      return generic.delete(ctx, name, {});
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
