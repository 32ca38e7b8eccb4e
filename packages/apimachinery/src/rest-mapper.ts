// Behaviour of k8s.io/apimachinery/pkg/api/meta/restmapper.go (DefaultRESTMapper) and errors.go,
// with short names and categories as k8s.io/client-go/restmapper expands them (v1.33):
// kinds ↔ resources.
import type { GroupKind, GroupResource, GroupVersionKind, GroupVersionResource } from './gvk.ts';

/** How one kind is served: its resource, names and scope. */
export interface RESTMapping {
  readonly resource: GroupVersionResource;
  readonly groupVersionKind: GroupVersionKind;
  /** The singular resource name (`configmap`). */
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly namespaced: boolean;
}

/** A resource as a user names it: the group and version may be left out. */
export interface PartialResource {
  readonly group?: string;
  readonly version?: string;
  readonly resource: string;
}

const brand = Symbol.for('@kapi/apimachinery.RESTMapperError');

export type RESTMapperErrorKind = 'NoResourceMatch' | 'NoKindMatch' | 'AmbiguousResource';

/** A failed lookup; recognise with {@link isNoMatchError} / {@link isAmbiguousError}. */
export interface RESTMapperError extends Error {
  readonly reason: RESTMapperErrorKind;
}

function mapperError(reason: RESTMapperErrorKind, message: string): RESTMapperError {
  const err = new Error(message) as Error & { reason: RESTMapperErrorKind; [brand]: true };
  err.reason = reason;
  err[brand] = true;
  return err;
}

function isMapperError(err: unknown): err is RESTMapperError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[brand] === true;
}

/** True for "no matches" errors (kube's meta.IsNoMatchError). */
export function isNoMatchError(err: unknown): boolean {
  return isMapperError(err) && (err.reason === 'NoResourceMatch' || err.reason === 'NoKindMatch');
}

export function isAmbiguousError(err: unknown): boolean {
  return isMapperError(err) && err.reason === 'AmbiguousResource';
}

function gvrString(r: PartialResource): string {
  return `${r.group ?? ''}/${r.version ?? ''}, Resource=${r.resource}`;
}

export interface RESTMapper {
  /** Every mapping whose resource matches (plural, singular or short name; group and version when given). */
  resourcesFor(resource: PartialResource): RESTMapping[];
  /** The one mapping of a resource; NoResourceMatch or AmbiguousResource otherwise. */
  mappingForResource(resource: PartialResource): RESTMapping;
  /** The kind served by a resource. */
  kindFor(resource: PartialResource): GroupVersionKind;
  /** The mapping of a kind, in one of `versions` (the first listed version that serves it), or any. */
  restMapping(gk: GroupKind, ...versions: string[]): RESTMapping;
  /** The plural resource of a singular name or short name, as kubectl resolves it. */
  resourceSingularizer(resource: string): string;
  /** The resources in a category (`all`). */
  expandCategory(category: string): GroupResource[];
}

/**
 * A REST mapper over a fixed list of mappings. Earlier mappings win over later ones for the same
 * name in different groups only when the group is given; otherwise such names are ambiguous,
 * except that the legacy core group is preferred, as kubectl's priority mapper does.
 */
export function createRESTMapper(mappings: readonly RESTMapping[]): RESTMapper {
  const matches = (m: RESTMapping, r: PartialResource): boolean => {
    const name = r.resource.toLowerCase();
    if (r.group !== undefined && r.group !== '*' && m.resource.group !== r.group) return false;
    if (r.version !== undefined && r.version !== '' && r.version !== '*' && m.resource.version !== r.version) return false;
    return m.resource.resource === name || m.singular === name || m.shortNames.includes(name);
  };

  const resourcesFor = (r: PartialResource): RESTMapping[] => {
    // `deployments.apps` names a group in the resource, as kubectl allows.
    if (r.group === undefined && r.resource.includes('.')) {
      const dot = r.resource.indexOf('.');
      const withGroup = mappings.filter((m) => matches(m, { ...r, resource: r.resource.slice(0, dot), group: r.resource.slice(dot + 1) }));
      if (withGroup.length > 0) return withGroup;
    }
    return mappings.filter((m) => matches(m, r));
  };

  const mappingForResource = (r: PartialResource): RESTMapping => {
    const found = resourcesFor(r);
    if (found.length === 0) throw mapperError('NoResourceMatch', `no matches for ${gvrString(r)}`);
    const groups = new Set(found.map((m) => m.resource.group));
    if (groups.size > 1) {
      const core = found.filter((m) => m.resource.group === '');
      if (core.length > 0) return core[0]!;
      const names = found.map((m) => `${m.resource.group}/${m.resource.version}, Resource=${m.resource.resource}`).join(', ');
      throw mapperError('AmbiguousResource', `${gvrString(r)} matches multiple resources [${names}]`);
    }
    return found[0]!;
  };

  return {
    resourcesFor,
    mappingForResource,
    kindFor: (r) => mappingForResource(r).groupVersionKind,
    restMapping(gk, ...versions) {
      const ofKind = mappings.filter((m) => m.groupVersionKind.group === gk.group && m.groupVersionKind.kind === gk.kind);
      for (const v of versions) {
        const hit = ofKind.find((m) => m.groupVersionKind.version === v);
        if (hit) return hit;
      }
      if (versions.length === 0 && ofKind.length > 0) return ofKind[0]!;
      const where = versions.length > 0 ? `in version ${JSON.stringify(gk.group === '' ? versions[0]! : `${gk.group}/${versions[0]!}`)}` : `in group ${JSON.stringify(gk.group)}`;
      throw mapperError('NoKindMatch', `no matches for kind ${JSON.stringify(gk.kind)} ${where}`);
    },
    resourceSingularizer(resource) {
      const name = resource.toLowerCase();
      const hit = mappings.find((m) => m.resource.resource === name || m.singular === name || m.shortNames.includes(name));
      if (!hit) throw mapperError('NoResourceMatch', `no matches for ${gvrString({ resource })}`);
      return hit.singular;
    },
    expandCategory(category) {
      const seen = new Set<string>();
      const out: GroupResource[] = [];
      for (const m of mappings) {
        if (!m.categories.includes(category)) continue;
        const key = `${m.resource.group}/${m.resource.resource}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ group: m.resource.group, resource: m.resource.resource });
      }
      return out;
    },
  };
}
