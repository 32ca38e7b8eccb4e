// Behaviour of k8s.io/apimachinery/pkg/runtime/schema/group_version.go (v1.33).

/** A group and a resource (plural, lower case), e.g. `configmaps` or `deployments.apps`. */
export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

/** A group and a kind, e.g. `ConfigMap` or `Deployment.apps`. */
export interface GroupKind {
  readonly group: string;
  readonly kind: string;
}

export interface GroupVersion {
  readonly group: string;
  readonly version: string;
}

export interface GroupVersionKind extends GroupVersion {
  readonly kind: string;
}

export interface GroupVersionResource extends GroupVersion {
  readonly resource: string;
}

/** `resource` for the core group, else `resource.group`: the form error messages use. */
export function groupResourceString(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/** `Kind` for the core group, else `Kind.group`. */
export function groupKindString(gk: GroupKind): string {
  return gk.group === '' ? gk.kind : `${gk.kind}.${gk.group}`;
}

/** The `apiVersion` string: `v1` for the core group, else `group/version`. */
export function groupVersionString(gv: GroupVersion): string {
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

/** Parses an `apiVersion` string into group and version. */
export function parseGroupVersion(apiVersion: string): GroupVersion {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return { group: '', version: apiVersion };
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
