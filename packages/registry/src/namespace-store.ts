// Behaviour of k8s.io/kubernetes/pkg/registry/core/namespace/storage/storage.go Delete and the
// namespace lifecycle controller (v1.33), condensed: deleting a namespace marks it Terminating
// (deletionTimestamp + status.phase), removes its content, then removes the namespace.
import { metaOf, newForbidden, now, type KubeObject } from '@kapi/apimachinery';
import type { StorageInterface } from '@kapi/storage';
import type { GenericStore } from './generic-store.ts';
import { groupResourceOf } from './resource.ts';
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
