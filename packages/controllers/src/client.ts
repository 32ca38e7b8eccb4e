// The narrow client the controllers use: kube's dynamic/metadata clients and discovery, as the
// controllers of kube-controller-manager see the API (k8s.io/client-go dynamic, discovery). The
// server implements it over its registry, in process; nothing here knows how.
import type { DeleteOptions, KubeList, KubeObject, Watcher } from '@kapi/apimachinery';

/** A served resource, as discovery lists it. */
export interface ResourceType {
  readonly group: string;
  readonly version: string;
  /** The plural resource name (`deployments`). */
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

export interface ListParams {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  limit?: number;
  continue?: string;
}

export interface WatchParams {
  resourceVersion: string;
  labelSelector?: string;
  fieldSelector?: string;
  allowWatchBookmarks?: boolean;
}

/** The patch types a controller sends (server-side apply included: kube's controllers apply with their own field manager). */
export type PatchType = 'application/merge-patch+json' | 'application/json-patch+json' | 'application/strategic-merge-patch+json' | 'application/apply-patch+yaml';

/** PatchOptions: the field manager of the write (absent: the client's own), and `force` for apply. */
export interface PatchOptions {
  fieldManager?: string;
  force?: boolean;
}

/** One resource, at one version. `namespace` is '' for cluster-scoped resources (and for lists across namespaces). */
export interface ResourceClient {
  readonly type: ResourceType;
  get(namespace: string, name: string): Promise<KubeObject>;
  list(namespace: string, params?: ListParams): Promise<KubeList>;
  watch(namespace: string, params: WatchParams): Promise<Watcher>;
  create(namespace: string, obj: KubeObject): Promise<KubeObject>;
  /** A PUT of the object (with its resourceVersion: a 409 when it moved on), or of one of its subresources. */
  update(namespace: string, obj: KubeObject, subresource?: string): Promise<KubeObject>;
  /** A patch of the object or a subresource; an apply (`application/apply-patch+yaml`) creates a missing object. */
  patch(namespace: string, name: string, type: PatchType, patch: unknown, subresource?: string, options?: PatchOptions): Promise<KubeObject>;
  delete(namespace: string, name: string, options?: DeleteOptions): Promise<void>;
}

/** The API as controllers reach it. */
export interface ControllerClient {
  /** The resources served now (preferred and other versions alike). */
  resources(): readonly ResourceType[];
  /** Calls `listener` when the set of served resources changes (a CRD served or removed); returns the unsubscribe. */
  onResourcesChanged(listener: () => void): () => void;
  /** The resource at `group/version`, or undefined when it is not served. */
  resource(group: string, version: string, resource: string): ResourceClient | undefined;
}

/** The kind's resource at an apiVersion (kube's RESTMapper over discovery), or undefined. */
export function resourceForKind(client: ControllerClient, apiVersion: string, kind: string): ResourceType | undefined {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return client.resources().find((r) => r.group === group && r.version === version && r.kind === kind && !r.resource.includes('/'));
}

/** `group/version`, or `version` for the core group. */
export const apiVersionOf = (t: Pick<ResourceType, 'group' | 'version'>): string => (t.group === '' ? t.version : `${t.group}/${t.version}`);

/**
 * The resources as kube's ServerPreferredResources lists them: each group's resources at the
 * group's preferred version (the first one served), and those only served at other versions at
 * the first version serving them. Subresources are left out.
 */
export function preferredResources(resources: readonly ResourceType[]): ResourceType[] {
  const chosen = new Map<string, ResourceType>();
  const versionRank = new Map<string, string[]>();
  for (const r of resources) {
    const versions = versionRank.get(r.group) ?? [];
    if (!versions.includes(r.version)) versions.push(r.version);
    versionRank.set(r.group, versions);
  }
  for (const r of resources) {
    if (r.resource.includes('/')) continue;
    const key = `${r.group}/${r.resource}`;
    const have = chosen.get(key);
    const rank = versionRank.get(r.group)!;
    if (!have || rank.indexOf(r.version) < rank.indexOf(have.version)) chosen.set(key, r);
  }
  return [...chosen.values()];
}
