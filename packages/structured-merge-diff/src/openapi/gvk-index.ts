// Behaviour of k8s.io/apimachinery/pkg/util/managedfields/internal/typeconverter.go (v0.33)
//
// Which schema type an object of a given group/version/kind is parsed as: kube indexes every
// definition carrying `x-kubernetes-group-version-kind` (`indexModels`).

/** A group/version/kind as the `x-kubernetes-group-version-kind` extension lists it. */
export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/**
 * The key of {@link gvkIndexFromOpenAPI}: `group/version/Kind`, always three segments; the core
 * group is the empty string, so a Pod is `/v1/Pod` and a Deployment `apps/v1/Deployment`.
 */
export function gvkKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

/**
 * The group/version/kinds of one definition's `x-kubernetes-group-version-kind`. Entries that
 * are not objects with string `group`, `version` and `kind` are skipped (the core group must be
 * given as `""`); a missing or non-list extension yields none.
 */
export function parseGroupVersionKinds(schema: { readonly [key: string]: unknown }): GroupVersionKind[] {
  const ext = schema['x-kubernetes-group-version-kind'];
  if (!Array.isArray(ext)) return [];
  const out: GroupVersionKind[] = [];
  for (const entry of ext as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { group, version, kind } = entry as Record<string, unknown>;
    if (typeof group !== 'string' || typeof version !== 'string' || typeof kind !== 'string') continue;
    out.push({ group, version, kind });
  }
  return out;
}

/**
 * Maps {@link gvkKey} → definition name (the schema type name, as `schemaFromOpenAPI` names it)
 * for every definition with `x-kubernetes-group-version-kind`; entries with an empty kind are
 * left out. When two definitions claim the same GVK the later one in the map's order wins (Go's
 * map order is random there; kube's own documents have no such clash).
 */
export function gvkIndexFromOpenAPI(
  schemas: Readonly<Record<string, { readonly [key: string]: unknown }>>,
): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (typeof schema !== 'object' || schema === null) continue;
    for (const gvk of parseGroupVersionKinds(schema)) {
      if (gvk.kind.length > 0) index.set(gvkKey(gvk.group, gvk.version, gvk.kind), name);
    }
  }
  return index;
}
