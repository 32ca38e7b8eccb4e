// What the registry knows about one served resource: the REST mapping of its kind.
import type { KindDefinition } from '@kapi/api';
import type { GroupResource, GroupVersionKind } from '@kapi/apimachinery';

/** Names, scope and storage location of one resource in one group version. */
export interface ResourceInfo {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly listKind: string;
  readonly resource: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly namespaced: boolean;
  /** Key prefix in storage, below the store's path prefix: `/configmaps` → `/registry/configmaps/<ns>/<name>`. */
  readonly keyPrefix: string;
}

export function resourceInfoOf(def: KindDefinition, keyPrefix?: string): ResourceInfo {
  return {
    group: def.group,
    version: def.version,
    kind: def.kind,
    listKind: def.listKind,
    resource: def.resource,
    singular: def.singular,
    shortNames: def.shortNames,
    categories: def.categories,
    namespaced: def.namespaced,
    // Built-in kinds live under their plural alone (`/registry/deployments/...`), as in kube-apiserver's etcd layout.
    keyPrefix: keyPrefix ?? `/${def.resource}`,
  };
}

export function groupResourceOf(info: ResourceInfo): GroupResource {
  return { group: info.group, resource: info.resource };
}

export function gvkOfResource(info: ResourceInfo): GroupVersionKind {
  return { group: info.group, version: info.version, kind: info.kind };
}

/** `v1` or `group/version`. */
export function apiVersionOf(info: ResourceInfo): string {
  return info.group === '' ? info.version : `${info.group}/${info.version}`;
}
