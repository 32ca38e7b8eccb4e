// Behaviour of k8s.io/kubernetes/pkg/registry/core/namespace/storage/storage.go (Delete, StatusREST,
// FinalizeREST), core/namespace/strategy.go and the namespace lifecycle controller (v1.33),
// condensed: deleting a namespace marks it Terminating (deletionTimestamp + status.phase), removes
// its content, then removes the namespace.
import { FieldPath, fieldErrors, metaOf, newForbidden, now, validateFinalizerName, validateObjectMetaUpdate, type FieldError, type KubeObject } from '@kapi/apimachinery';
import { finalizerKubernetes, type Namespace } from '@kapi/api';
import type { StorageInterface } from '@kapi/storage';
import { createGenericStore, type DeleteResult, type GenericStore } from './generic-store.ts';
import { groupResourceOf, type ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';
import { interpretStorageError } from './storage-errors.ts';

/** Namespaces that can never be deleted. */
export const immortalNamespaces: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

/** How long a Terminating namespace waits before its content is deleted again (doubling, up to the max). */
export const namespaceRetryMs = { initial: 1_000, max: 30_000 };

/**
 * Wraps the generic namespace store with kube's deletion flow. A DELETE marks the namespace
 * Terminating, then does what kube's namespace controller does: deletes the content, and once none
 * is left (objects with finalizers wait for them), removes the `kubernetes` finalizer and the
 * namespace itself. When content or other spec finalizers remain, the DELETE answers with the
 * Terminating namespace and the work is retried in the background until it is done; `resume`
 * starts that for namespaces found Terminating (after a restart).
 *
 * `deleteContent` deletes what it can in the namespace and returns how many objects remain.
 */
export function createNamespaceStore(
  generic: GenericStore,
  storage: StorageInterface,
  deleteContent: (namespace: string) => Promise<number>,
): GenericStore & { resume(): Promise<void> } {
  const gr = groupResourceOf(generic.info);
  const keyOf = (name: string) => `${generic.info.keyPrefix}/${name}`;
  const retrying = new Map<string, NodeJS.Timeout>();

  /** One pass of the namespace controller; returns the result of the final delete when it happened. */
  const finalizeOnce = async (name: string): Promise<DeleteResult | undefined> => {
    if ((await deleteContent(name)) > 0) return undefined;
    const ns = (await storage.guaranteedUpdate(keyOf(name), {
      tryUpdate: (cur: KubeObject & { spec?: { finalizers?: string[] } }) => {
        const finalizers = cur.spec?.finalizers ?? [];
        if (!finalizers.includes(finalizerKubernetes)) return cur;
        cur.spec = { ...(cur.spec ?? {}), finalizers: finalizers.filter((f) => f !== finalizerKubernetes) };
        return cur;
      },
    })) as KubeObject & { spec?: { finalizers?: string[] } };
    // Other finalizers are removed by whoever owns them, through namespaces/finalize.
    if ((ns.spec?.finalizers ?? []).length > 0) return undefined;
    return generic.delete({}, name, {});
  };

  const schedule = (name: string, delayMs: number) => {
    if (retrying.has(name)) return;
    const timer = setTimeout(() => {
      retrying.delete(name);
      finalizeOnce(name)
        .then((done) => {
          if (!done) schedule(name, Math.min(delayMs * 2, namespaceRetryMs.max));
        })
        .catch((err: unknown) => {
          // Gone already: nothing left to do. Anything else (storage down): try again later.
          if ((err as { status?: { code?: number } }).status?.code !== 404) schedule(name, Math.min(delayMs * 2, namespaceRetryMs.max));
        });
    }, delayMs);
    timer.unref();
    retrying.set(name, timer);
  };

  return {
    ...generic,
    // kube's namespace REST deletes one namespace at a time: no deletecollection.
    verbs: generic.verbs.filter((v) => v !== 'deletecollection'),
    async delete(ctx, name, opts = {}) {
      if (immortalNamespaces.has(name)) throw newForbidden(gr, name, 'this namespace may not be deleted');
      // Validates the name and answers NotFound / preconditions like any delete would.
      const current = await generic.get(ctx, name);
      if (opts.dryRun) return { object: current, deleted: false };
      let terminating: KubeObject;
      try {
        terminating = await storage.guaranteedUpdate(keyOf(name), {
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
      const done = await finalizeOnce(name).catch((err: unknown) => {
        if ((err as { status?: { code?: number } }).status?.code === 404) throw err;
        return undefined;
      });
      if (done) return done;
      schedule(name, namespaceRetryMs.initial);
      return { object: { ...terminating, kind: generic.info.kind, apiVersion: 'v1' }, deleted: false };
    },
    async resume() {
      const list = await generic.list({}, {});
      for (const ns of list.items) if (ns.metadata?.deletionTimestamp && ns.metadata.name) schedule(ns.metadata.name, 0);
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
