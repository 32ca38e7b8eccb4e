// Behaviour of k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go (v1.33):
// nothing is created in a namespace that does not exist or is being terminated.
import { failureStatus, isNotFound, newStatusError, type KubeObject } from '@kapi/apimachinery';
import type { Registry } from '@kapi/registry';

type Namespace = KubeObject & { status?: { phase?: string } };

/** How long a namespace whose deletion this process admitted is looked up live (kube's forceLiveLookupTTL). */
const forceLiveLookupTtlMs = 30_000;

/** Per registry: namespaces recently deleted through it, and until when they are looked up live. */
const forceLiveLookup = new WeakMap<Registry, Map<string, number>>();

/**
 * Records that `name` is about to be deleted (kube's lifecycle plugin on a namespace DELETE): for
 * the next 30 s creates in it read the namespace from storage, not from the watch cache, which may
 * not have seen it Terminating yet. Call it before the namespace store's delete.
 */
export function admitNamespaceDeletion(registry: Registry, name: string, now = Date.now()): void {
  let recent = forceLiveLookup.get(registry);
  if (recent === undefined) forceLiveLookup.set(registry, (recent = new Map()));
  for (const [ns, until] of recent) if (until <= now) recent.delete(ns);
  recent.set(name, now + forceLiveLookupTtlMs);
}

function mustLookUpLive(registry: Registry, name: string): boolean {
  const until = forceLiveLookup.get(registry)?.get(name);
  return until !== undefined && until > Date.now();
}

/**
 * Rejects creating `obj` (of `resource`) in `namespace` when the namespace is missing (404) or
 * terminating (403). The namespace is read from the watch cache, as kube reads it from its
 * informer; a namespace the cache does not hold, holds Terminating, or that this process is
 * deleting is read from storage (kube's live lookup), so the cache's lag never admits into a
 * namespace this process deleted, nor refuses one created meanwhile.
 */
export async function admitNamespaceLifecycle(registry: Registry, resource: string, namespace: string, obj: KubeObject): Promise<void> {
  const namespaces = registry.lookup('', 'v1', 'namespaces');
  // Access reviews are always admitted: answering about the namespace would leak it.
  if (!namespaces || namespace === '' || resource === 'localsubjectaccessreviews') return;
  let ns: Namespace | undefined;
  if (!mustLookUpLive(registry, namespace)) {
    try {
      ns = await namespaces.store.get({}, namespace, { resourceVersion: '0' });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (ns !== undefined && terminating(ns)) ns = undefined;
  }
  ns ??= await namespaces.store.get({}, namespace);
  if (terminating(ns)) {
    const name = obj.metadata?.name || obj.metadata?.generateName || 'Unknown';
    throw newStatusError(
      failureStatus(403, 'Forbidden', `${resource} ${JSON.stringify(name)} is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, {
        name,
        kind: resource,
        causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
      }),
    );
  }
}

function terminating(ns: Namespace): boolean {
  return ns.metadata?.deletionTimestamp !== undefined || ns.status?.phase === 'Terminating';
}
