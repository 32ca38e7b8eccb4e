// Behaviour of k8s.io/kubernetes pkg/registry/discovery/endpointslice/strategy.go and storage (v1.33):
// how EndpointSlices are served. A create sets generation 1; an update bumps it when anything but
// metadata changes, or the labels do. Hints for nodes are dropped (PreferSameTrafficDistribution is
// alpha in v1.33) unless the stored slice has them, and deprecatedTopology is not writable through
// v1: it is cleared whenever the endpoints change, its hostname moving to nodeName where the stored
// slice had it. Slices live under `/registry/endpointslices`.
import { discoveryV1Kinds, type EndpointSlice } from '@kapi/api';
import { metaOf, nameIsDNSSubdomain, type KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { endpointSlicePrinter } from './printers/discovery.ts';
import { semanticEqual } from './semantic-equal.ts';
import type { RESTStrategy } from './strategy.ts';

const hostnameLabel = 'kubernetes.io/hostname';

/** dropDisabledFieldsOnCreate/OnUpdate: hints.forNodes go unless the stored slice has some. */
function dropNodeHints(eps: EndpointSlice, old: EndpointSlice | undefined): void {
  if ((old?.endpoints ?? []).some((ep) => ep.hints?.forNodes !== undefined && ep.hints.forNodes !== null)) return;
  for (const ep of eps.endpoints ?? []) if (ep.hints) delete ep.hints.forNodes;
}

/** dropTopologyOnV1: v1 writes never set deprecatedTopology. */
function dropTopology(eps: EndpointSlice, old: EndpointSlice | undefined): void {
  if (old && semanticEqual(old.endpoints ?? [], eps.endpoints ?? [])) return;
  const prevNodeNames = new Set<string>();
  for (const ep of old?.endpoints ?? []) {
    const name = ep.deprecatedTopology?.[hostnameLabel];
    if (name) prevNodeNames.add(name);
  }
  for (const ep of eps.endpoints ?? []) {
    const name = ep.deprecatedTopology?.[hostnameLabel];
    if ((ep.nodeName === undefined || ep.nodeName === null) && name !== undefined && prevNodeNames.has(name) && nameIsDNSSubdomain(name, false).length === 0) {
      ep.nodeName = name;
    }
    delete ep.deprecatedTopology;
  }
}

/** Everything but TypeMeta and metadata: what a change of bumps the generation. */
function content(obj: KubeObject): Record<string, unknown> {
  const { apiVersion: _a, kind: _k, metadata: _m, ...rest } = obj as Record<string, unknown>;
  return rest;
}

/** endpointSliceStrategy's PrepareForCreate and PrepareForUpdate. */
export const endpointSliceStrategy: Partial<RESTStrategy> = {
  prepareForCreate(obj) {
    metaOf(obj).generation = 1;
    dropNodeHints(obj as EndpointSlice, undefined);
    dropTopology(obj as EndpointSlice, undefined);
  },
  prepareForUpdate(obj, old) {
    const oldGen = old.metadata?.generation ?? 0;
    const changed = !semanticEqual(content(obj), content(old)) || !semanticEqual(obj.metadata?.labels ?? {}, old.metadata?.labels ?? {});
    metaOf(obj).generation = changed ? oldGen + 1 : oldGen;
    dropNodeHints(obj as EndpointSlice, old as EndpointSlice);
    dropTopology(obj as EndpointSlice, old as EndpointSlice);
  },
};

/** The resources of discovery.k8s.io/v1: EndpointSlices with kube's strategy and printer. */
export function discoveryResources(): BuiltinResource[] {
  return discoveryV1Kinds.map((definition) => ({ definition, strategy: endpointSliceStrategy, table: endpointSlicePrinter }));
}
