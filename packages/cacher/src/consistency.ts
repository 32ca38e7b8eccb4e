// Behaviour of k8s.io/apiserver/pkg/storage/cacher/delegator.go consistencyChecker (v1.33): the cache and
// the store compared by a digest of every object's namespace, name and resourceVersion at one revision.
import { createHash } from 'node:crypto';
import type { KubeList } from '@kapi/apimachinery';
import type { StorageInterface } from '@kapi/storage';

/** The outcome of one consistency check. */
export interface ConsistencyResult {
  /** The revision both sides were read at. */
  resourceVersion: string;
  cacheDigest: string;
  storageDigest: string;
  consistent: boolean;
}

/** A digest of `namespace/name/resourceVersion` of every item, in list order (kube hashes the same with FNV-64). */
export function listDigest(list: KubeList): string {
  const h = createHash('sha256');
  for (const item of list.items) {
    const meta = item.metadata ?? {};
    h.update(`${meta.namespace ?? ''}/${meta.name ?? ''}/${meta.resourceVersion ?? ''}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * Lists the resource from the cache (any recent state) and from the store at exactly the cache's
 * revision, and compares their digests.
 */
export async function checkConsistency(cache: StorageInterface, store: StorageInterface, prefix: string): Promise<ConsistencyResult> {
  const fromCache = await cache.getList(prefix, { recursive: true, resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' });
  const resourceVersion = fromCache.metadata.resourceVersion ?? '';
  const fromStore = await store.getList(prefix, { recursive: true, resourceVersion, resourceVersionMatch: 'Exact' });
  const cacheDigest = listDigest(fromCache);
  const storageDigest = listDigest(fromStore);
  return { resourceVersion, cacheDigest, storageDigest, consistent: cacheDigest === storageDigest };
}
