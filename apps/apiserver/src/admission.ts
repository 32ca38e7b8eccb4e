// Behaviour of k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go (v1.33):
// nothing is created in a namespace that does not exist or is being terminated.
import { failureStatus, newStatusError, type KubeObject } from '@kapi/apimachinery';
import type { Registry } from '@kapi/registry';

/** Rejects creating `obj` (of `resource`) in `namespace` when the namespace is missing (404) or terminating (403). */
export async function admitNamespaceLifecycle(registry: Registry, resource: string, namespace: string, obj: KubeObject): Promise<void> {
  const namespaces = registry.lookup('', 'v1', 'namespaces');
  // Access reviews are always admitted: answering about the namespace would leak it.
  if (!namespaces || namespace === '' || resource === 'localsubjectaccessreviews') return;
  const ns = (await namespaces.store.get({}, namespace)) as KubeObject & { status?: { phase?: string } };
  if (ns.metadata?.deletionTimestamp || ns.status?.phase === 'Terminating') {
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
