// Behaviour of k8s.io/apiserver/pkg/endpoints/discovery (legacy.go, group.go, version.go and
// aggregated/handler.go) (v1.33): what kubectl and client-node read to map kinds to resources.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { aggregatedDiscoveryMediaType } from '@kapi/apimachinery';
import { conversionOf, type Registry, type ResourceEntry } from '@kapi/registry';
import { parseAccept, type MediaType } from './media.ts';
import { encodeJson, writeJson } from './responses.ts';

/** kube's storageVersionHash: base64 of the first 8 bytes of sha256("group/version/kind"). */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

function sortedVerbs(e: ResourceEntry): string[] {
  return [...e.store.verbs].sort();
}

/** One group's versions, resources in URL order. */
interface GroupInfo {
  name: string;
  versions: { version: string; resources: ResourceEntry[] }[];
}

function groupsOf(registry: Registry): GroupInfo[] {
  const groups = new Map<string, GroupInfo>();
  for (const e of registry.resources) {
    let g = groups.get(e.info.group);
    if (!g) groups.set(e.info.group, (g = { name: e.info.group, versions: [] }));
    let v = g.versions.find((x) => x.version === e.info.version);
    if (!v) g.versions.push((v = { version: e.info.version, resources: [] }));
    v.resources.push(e);
  }
  for (const g of groups.values()) for (const v of g.versions) v.resources.sort((a, b) => (a.info.resource < b.info.resource ? -1 : 1));
  return [...groups.values()].sort((a, b) => groupPriority(b.name) - groupPriority(a.name) || (a.name < b.name ? -1 : 1));
}

/**
 * The order kube-apiserver lists groups in: by the group priority of each built-in group's
 * APIService (kube-aggregator's apiVersionPriorities), highest first, then by name; groups it does
 * not know (custom resources) come last.
 */
const groupPriorities: Readonly<Record<string, number>> = {
  '': 18000,
  'apiregistration.k8s.io': 17800,
  apps: 17800,
  'events.k8s.io': 17750,
  'authentication.k8s.io': 17700,
  'authorization.k8s.io': 17600,
  autoscaling: 17500,
  batch: 17400,
  'certificates.k8s.io': 17300,
  'networking.k8s.io': 17200,
  policy: 17100,
  'rbac.authorization.k8s.io': 17000,
  'storage.k8s.io': 16800,
  'admissionregistration.k8s.io': 16700,
  'apiextensions.k8s.io': 16700,
  'scheduling.k8s.io': 16600,
  'coordination.k8s.io': 16500,
  'node.k8s.io': 16300,
  'discovery.k8s.io': 16200,
  'flowcontrol.apiserver.k8s.io': 16100,
};

function groupPriority(group: string): number {
  return groupPriorities[group] ?? 1000;
}

/** APIResourceList of one group version (`/api/v1`, `/apis/<g>/<v>`). */
export function apiResourceList(registry: Registry, group: string, version: string): object | undefined {
  const entries = registry.resources.filter((e) => e.info.group === group && e.info.version === version);
  if (entries.length === 0) return undefined;
  const resources = entries
    .sort((a, b) => (a.info.resource < b.info.resource ? -1 : 1))
    .map((e) => {
      const r: Record<string, unknown> = {
        name: e.info.resource,
        singularName: e.info.singular,
        namespaced: e.info.namespaced,
        kind: e.info.kind,
        verbs: sortedVerbs(e),
      };
      if (e.info.shortNames.length) r.shortNames = e.info.shortNames;
      if (e.info.categories.length) r.categories = e.info.categories;
      // Only stored resources have a storage version (not bindings, the reviews, componentstatuses); a
      // version served by conversion names the version its objects are stored in.
      if (e.store.verbs.includes('create') && e.store.verbs.includes('get')) {
        const stored = conversionOf(e.store)?.storageApiVersion ?? (e.storageVersion && (e.info.group === '' ? e.storageVersion : `${e.info.group}/${e.storageVersion}`));
        const [sg, sv] = stored === undefined ? [e.info.group, e.info.version] : stored.includes('/') ? stored.split('/') : ['', stored];
        r.storageVersionHash = storageVersionHash(sg!, sv!, e.info.kind);
      }
      return r;
    })
    .flatMap((r, i) => {
      const e = entries[i]!;
      const subs = Object.entries(e.subresources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([sub, store]) => ({
        name: `${e.info.resource}/${sub}`,
        singularName: '',
        namespaced: e.info.namespaced,
        ...(store.definition && (store.definition.group !== e.info.group || store.definition.version !== e.info.version) ? { group: store.definition.group, version: store.definition.version } : {}),
        kind: store.definition?.kind ?? e.info.kind,
        verbs: [...store.verbs].sort(),
      }));
      return [r, ...subs];
    });
  const gv = group === '' ? version : `${group}/${version}`;
  // The legacy group's list carries no apiVersion, as kube-apiserver writes it.
  return group === ''
    ? { kind: 'APIResourceList', groupVersion: gv, resources }
    : { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources };
}

function discoveryResources(v: { resources: ResourceEntry[] }): object[] {
  return v.resources.map((e) => {
    const r: Record<string, unknown> = {
      resource: e.info.resource,
      responseKind: { group: e.info.group, version: e.info.version, kind: e.info.kind },
      scope: e.info.namespaced ? 'Namespaced' : 'Cluster',
      singularResource: e.info.singular,
      verbs: sortedVerbs(e),
    };
    if (e.info.shortNames.length) r.shortNames = e.info.shortNames;
    if (e.info.categories.length) r.categories = e.info.categories;
    const subs = Object.entries(e.subresources).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (subs.length > 0) {
      r.subresources = subs.map(([sub, store]) => ({
        subresource: sub,
        responseKind: store.definition
          ? { group: store.definition.group, version: store.definition.version, kind: store.definition.kind }
          : { group: e.info.group, version: e.info.version, kind: e.info.kind },
        verbs: [...store.verbs].sort(),
      }));
    }
    return r;
  });
}

/** The aggregated discovery document of `/api` (legacy) or `/apis` (named groups). */
function aggregatedList(registry: Registry, legacy: boolean, apiVersion: string): object {
  const items = groupsOf(registry)
    .filter((g) => (g.name === '') === legacy)
    .map((g) => ({
      metadata: g.name === '' ? { creationTimestamp: null } : { name: g.name, creationTimestamp: null },
      versions: g.versions.map((v) => ({ version: v.version, resources: discoveryResources(v), freshness: 'Current' })),
    }));
  return { kind: 'APIGroupDiscoveryList', apiVersion, metadata: {}, items };
}

/** The aggregated discovery version the client asked for first, if any. */
function aggregatedVersion(accept: MediaType[]): { version: 'v2' | 'v2beta1'; mediaType: string } | undefined {
  for (const m of accept) {
    if (m.type === 'application' && m.subtype === 'json' && m.params.g === 'apidiscovery.k8s.io' && m.params.as === 'APIGroupDiscoveryList') {
      if (m.params.v === 'v2' || m.params.v === 'v2beta1') {
        return { version: m.params.v, mediaType: aggregatedDiscoveryMediaType(m.params.v) };
      }
      continue;
    }
    // A plain JSON entry earlier in the list wins over aggregated entries after it.
    if (m.params.as === undefined && ((m.type === 'application' && m.subtype === 'json') || m.type === '*')) return undefined;
  }
  return undefined;
}

/** Serves `/api` and `/apis`, aggregated (v2, v2beta1) or plain, as negotiated. */
export function serveDiscoveryRoot(req: IncomingMessage, res: ServerResponse, registry: Registry, legacy: boolean, serverAddress: string): void {
  const agg = aggregatedVersion(parseAccept(req.headers.accept));
  if (agg) {
    const doc = aggregatedList(registry, legacy, `apidiscovery.k8s.io/${agg.version}`);
    const body = encodeJson(doc);
    const etag = `"${createHash('sha512').update(body).digest('hex').toUpperCase()}"`;
    const headers = { 'Content-Type': agg.mediaType, Vary: 'Accept', ETag: etag, 'Cache-Control': 'public' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  if (legacy) {
    writeJson(res, 200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] });
    return;
  }
  const groups = groupsOf(registry)
    .filter((g) => g.name !== '')
    .map((g) => {
      const versions = g.versions.map((v) => ({ groupVersion: `${g.name}/${v.version}`, version: v.version }));
      return { name: g.name, versions, preferredVersion: versions[0] };
    });
  writeJson(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups });
}

/** `/apis/<group>`: the APIGroup, or undefined when the group is not served. */
export function apiGroup(registry: Registry, group: string): object | undefined {
  const g = groupsOf(registry).find((x) => x.name === group && group !== '');
  if (!g) return undefined;
  const versions = g.versions.map((v) => ({ groupVersion: `${g.name}/${v.version}`, version: v.version }));
  return { kind: 'APIGroup', apiVersion: 'v1', name: g.name, versions, preferredVersion: versions[0] };
}
