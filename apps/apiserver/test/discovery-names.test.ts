// kapi's discovery names every GA resource as kube-apiserver 1.33 does: singularName, shortNames,
// categories, scope, kind (a subresource's own group and version too) and storageVersionHash, in
// legacy discovery (/api/v1, /apis/<group>/<version>) and in aggregated discovery (apidiscovery.k8s.io/v2
// on /api and /apis). kubectl resolves `kubectl get deploy`, `kubectl get all` and `kubectl api-resources`
// from these names; controllers compare storageVersionHash to decide when to migrate stored objects.
// The facts are kube's own discovery documents: fixtures/discovery/kube-resource-names.ts says which.
// Verbs are left to discovery-parity.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';
import { kubeResourceNames, type KubeResourceNames } from './fixtures/discovery/kube-resource-names.ts';

interface LegacyResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
}

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

interface AggregatedList {
  items: {
    metadata: { name?: string };
    versions: {
      version: string;
      resources: {
        resource: string;
        singularResource: string;
        scope: string;
        responseKind: GroupVersionKind;
        shortNames?: string[];
        categories?: string[];
        subresources?: { subresource: string; responseKind?: GroupVersionKind }[];
      }[];
    }[];
  }[];
}

const aggregatedAccept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/** `apps/v1` → ['apps', 'v1']; `v1` → ['', 'v1']. */
function splitGroupVersion(gv: string): [string, string] {
  const i = gv.indexOf('/');
  return i < 0 ? ['', gv] : [gv.slice(0, i), gv.slice(i + 1)];
}

/** The fields a row names, with an absent list or hash kept absent (kube omits them when empty). */
function optional(r: { shortNames?: string[] | undefined; categories?: string[] | undefined; storageVersionHash?: string | undefined }): Record<string, unknown> {
  return {
    ...(r.shortNames !== undefined ? { shortNames: r.shortNames } : {}),
    ...(r.categories !== undefined ? { categories: r.categories } : {}),
    ...(r.storageVersionHash !== undefined ? { storageVersionHash: r.storageVersionHash } : {}),
  };
}

/** A legacy APIResource as the fixture states it. */
function legacyExpected(row: KubeResourceNames): Record<string, unknown> {
  return {
    name: row.name,
    singularName: row.singularName,
    namespaced: row.namespaced,
    kind: row.kind,
    ...(row.kindGroupVersion !== undefined ? { kindGroupVersion: row.kindGroupVersion } : {}),
    ...optional(row),
  };
}

/** A legacy APIResource as kapi serves it, in the fixture's shape. */
function legacyActual(r: LegacyResource): Record<string, unknown> {
  return {
    name: r.name,
    singularName: r.singularName,
    namespaced: r.namespaced,
    kind: r.kind,
    ...(r.group !== undefined || r.version !== undefined ? { kindGroupVersion: r.group ? `${r.group}/${r.version ?? ''}` : (r.version ?? '') } : {}),
    ...optional(r),
  };
}

/** The aggregated entry (resource or `resource/subresource`) the fixture implies. */
function aggregatedExpected(row: KubeResourceNames): Record<string, unknown> {
  const [kindGroup, kindVersion] = splitGroupVersion(row.kindGroupVersion ?? row.groupVersion);
  const responseKind = { group: kindGroup, version: kindVersion, kind: row.kind };
  if (row.name.includes('/')) return { resource: row.name, responseKind };
  return {
    resource: row.name,
    singularResource: row.singularName,
    scope: row.namespaced ? 'Namespaced' : 'Cluster',
    responseKind,
    ...(row.shortNames !== undefined ? { shortNames: row.shortNames } : {}),
    ...(row.categories !== undefined ? { categories: row.categories } : {}),
  };
}

const byName = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const x = String(a.name ?? a.resource);
  const y = String(b.name ?? b.resource);
  return x < y ? -1 : x > y ? 1 : 0;
};

const groupVersions = [...new Set(kubeResourceNames.map((r) => r.groupVersion))];

describe("discovery names every GA resource as kube-apiserver 1.33's discovery does", () => {
  let server: TestServer;
  const aggregated = new Map<string, AggregatedList>();
  beforeAll(async () => {
    server = await startTestServer();
    for (const path of ['api', 'apis']) {
      const res = await fetch(`${server.url}/${path}`, { headers: { Accept: aggregatedAccept } });
      expect(res.status).toBe(200);
      aggregated.set(path, (await res.json()) as AggregatedList);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the fixture covers the GA group versions, each resource once', () => {
    expect(groupVersions.length).toBe(21);
    const keys = kubeResourceNames.map((r) => `${r.groupVersion} ${r.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    // kube gives a subresource no singular name and no storage version of its own.
    for (const r of kubeResourceNames.filter((x) => x.name.includes('/'))) expect([r.singularName, r.storageVersionHash, r.shortNames, r.categories]).toEqual(['', undefined, undefined, undefined]);
  });

  it.each(groupVersions)('%s: legacy discovery lists exactly these resources with kube\'s names', async (gv) => {
    const rows = kubeResourceNames.filter((r) => r.groupVersion === gv);
    const res = await fetch(`${server.url}/${gv.includes('/') ? 'apis' : 'api'}/${gv}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { groupVersion: string; resources: LegacyResource[] };
    expect(list.groupVersion).toBe(gv);
    expect(list.resources.map(legacyActual).sort(byName)).toEqual(rows.map(legacyExpected).sort(byName));
  });

  it.each(groupVersions)('%s: aggregated discovery gives the same names, scope and response kinds', (gv) => {
    const [group, version] = splitGroupVersion(gv);
    const rows = kubeResourceNames.filter((r) => r.groupVersion === gv);
    const list = aggregated.get(group === '' ? 'api' : 'apis')!;
    const entry = list.items.find((g) => (g.metadata.name ?? '') === group)?.versions.find((v) => v.version === version);
    expect(entry, `${gv} in aggregated discovery`).toBeDefined();
    const actual = entry!.resources.flatMap((r) => [
      {
        resource: r.resource,
        singularResource: r.singularResource,
        scope: r.scope,
        responseKind: r.responseKind,
        ...(r.shortNames !== undefined ? { shortNames: r.shortNames } : {}),
        ...(r.categories !== undefined ? { categories: r.categories } : {}),
      },
      ...(r.subresources ?? []).map((s) => ({ resource: `${r.resource}/${s.subresource}`, responseKind: s.responseKind })),
    ]);
    expect(actual.sort(byName)).toEqual(rows.map(aggregatedExpected).sort(byName));
  });
});
