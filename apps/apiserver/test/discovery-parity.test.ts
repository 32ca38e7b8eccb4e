// kapi's discovery against kube-apiserver 1.33's own API, as its published OpenAPI v3 documents
// describe it (kubernetes/kubernetes api/openapi-spec/v3 on release-1.33; read from
// ../shared/vectors/kubernetes-openapi-spec/v3 or KAPI_KUBE_OPENAPI_DIR, skipped visibly without
// them): every GA group version's resources and subresources, with kube's verbs, kinds (incl. a
// subresource's own group and version) and scope, in legacy and aggregated discovery alike.
// `serviceaccounts/token` is the one exception: kube installs it only with a token signing key, and
// kapi has none yet.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.env.KAPI_KUBE_OPENAPI_DIR ?? resolve(here, '../../../../shared/vectors/kubernetes-openapi-spec/v3');
const have = existsSync(dir);
if (!have) console.warn(`skipped: kube-apiserver 1.33's OpenAPI v3 documents are not at ${dir}`);

/** Not served until kapi can sign service account tokens. */
const notYet = new Set(['v1 serviceaccounts/token']);

interface Expected {
  verbs: Set<string>;
  kind: string;
  namespaced: boolean;
}

/** The verb of an operation, as discovery names it. */
function verbOf(method: string, action: string): string | undefined {
  if (action === 'connect') return ({ get: 'get', post: 'create', put: 'update', patch: 'patch', delete: 'delete' } as Record<string, string>)[method];
  return ({ list: 'list', watch: 'watch', watchlist: 'watch', post: 'create', get: 'get', put: 'update', patch: 'patch', delete: 'delete', deletecollection: 'deletecollection' } as Record<string, string>)[action];
}

/** The resources of one group version as kube's document describes them, by discovery name. */
function expectedOf(gvPath: string, doc: { paths: Record<string, Record<string, { 'x-kubernetes-action'?: string; 'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string } }>> }): Map<string, Expected> {
  const prefix = `/${gvPath}/`;
  const out = new Map<string, Expected>();
  for (const [path, item] of Object.entries(doc.paths)) {
    let rest = path.slice(prefix.length);
    if (rest === '') continue;
    rest = rest.replace(/^watch\//, '');
    const namespaced = rest.startsWith('namespaces/{namespace}/');
    if (namespaced) rest = rest.slice('namespaces/{namespace}/'.length);
    const parts = rest.split('/');
    const sub = parts[1] === '{name}' && parts[2] && parts[2] !== '{path}' ? parts[2] : '';
    const name = sub ? `${parts[0]}/${sub}` : parts[0]!;
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const action = op['x-kubernetes-action'] ?? '';
      const verb = verbOf(method, action);
      if (verb === undefined) continue;
      const e = out.get(name) ?? { verbs: new Set<string>(), kind: '', namespaced: false };
      e.verbs.add(verb);
      if (namespaced) e.namespaced = true;
      const gvk = op['x-kubernetes-group-version-kind'];
      if (gvk && action !== 'list' && action !== 'deletecollection') e.kind = `${gvk.group}/${gvk.version}/${gvk.kind}`;
      out.set(name, e);
    }
  }
  return out;
}

describe.skipIf(!have)('discovery parity with kube-apiserver 1.33', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const files = have ? readdirSync(dir).filter((f) => /__v\d+_openapi\.json$/.test(f)) : [];
  it.each(files.map((f) => [f.replace(/_openapi\.json$/, '').replace(/__/g, '/'), f]))('%s: legacy and aggregated discovery list kube\'s resources, verbs, kinds and scope', async (gvPath, file) => {
    const want = expectedOf(gvPath, JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const [group, version] = gvPath.startsWith('api/') ? ['', gvPath.slice(4)] : gvPath.slice(5).split('/');
    const gv = group === '' ? version! : `${group}/${version}`;
    const describeLegacy = (r: { name: string; kind: string; group?: string; version?: string; namespaced: boolean; verbs: string[] }) =>
      `${r.name} ${r.group ?? group}/${r.version ?? version}/${r.kind} ${r.namespaced ? 'namespaced' : 'cluster'} ${[...r.verbs].sort().join(',')}`;
    const expected = [...want]
      .filter(([name]) => !notYet.has(`${gv} ${name}`))
      .map(([name, e]) => `${name} ${e.kind} ${e.namespaced ? 'namespaced' : 'cluster'} ${[...e.verbs].sort().join(',')}`)
      .sort();
    const legacy = (await (await fetch(`${server.url}/${gvPath}`)).json()) as { resources: Parameters<typeof describeLegacy>[0][] };
    expect(legacy.resources.map(describeLegacy).sort()).toEqual(expected);

    const agg = (await (await fetch(`${server.url}/${group === '' ? 'api' : 'apis'}`, { headers: { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } })).json()) as {
      items: { metadata: { name?: string }; versions: { version: string; resources: { resource: string; scope: string; verbs: string[]; responseKind: { group: string; version: string; kind: string }; subresources?: { subresource: string; verbs: string[]; responseKind?: { group: string; version: string; kind: string } }[] }[] }[] }[];
    };
    const v = agg.items.find((g) => (g.metadata.name ?? '') === group)?.versions.find((x) => x.version === version);
    const fromAgg = (v?.resources ?? []).flatMap((r) => {
      const scope = r.scope === 'Namespaced' ? 'namespaced' : 'cluster';
      const kind = (k: { group: string; version: string; kind: string }) => `${k.group}/${k.version}/${k.kind}`;
      return [
        `${r.resource} ${kind(r.responseKind)} ${scope} ${[...r.verbs].sort().join(',')}`,
        ...(r.subresources ?? []).map((s) => `${r.resource}/${s.subresource} ${s.responseKind ? kind(s.responseKind) : kind(r.responseKind)} ${scope} ${[...s.verbs].sort().join(',')}`),
      ];
    });
    expect(fromAgg.sort()).toEqual(expected);
  });
});
