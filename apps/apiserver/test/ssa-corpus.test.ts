// Acceptance evidence for server-side apply: everything plain `kubectl apply` accepts is accepted by
// `kubectl apply --server-side`, and leaves the same object in storage (managedFields aside).
//
// The corpus (fixtures/ssa-corpus/, sources in its README) is the real install manifests of
// well-known projects: every object of a built-in kind in them (custom resources aside). Two
// `kapi serve` processes on SQLite get the same files, one through client-side apply and one through
// server-side apply; every object is then read back from both and compared after removing what each
// write records on its own (uid, resourceVersion, creationTimestamp, managedFields, kubectl's
// last-applied-configuration) and what the server allocates or times (Service cluster IPs and node
// ports, a Job's controller-uid selector, condition times, a PersistentVolume's phase transition
// time). generation is not removed: both writes are a create, so both are generation 1.
// Finally every file is applied server-side a second time. That must succeed; and where the manifest
// holds every value as stored (no integer where a Quantity string is kept), kube's field manager
// finds nothing to merge and returns no new object, so nothing is defaulted again, nothing is
// written and the resourceVersion stays (structured-merge-diff merge/update.go Apply).
//
// The corpus holds only what kube 1.33 accepts: a failing plain `kubectl apply` is a deviation of
// kapi too, reported with the rest.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeYamlDocuments } from '@kapi/apimachinery';
import { kubectl, kubectlPath, startKapiServe, type ServeProcess } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the server-side apply corpus test is skipped');

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ssa-corpus');
const systemNamespaces = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
/** The kinds the server serves without a namespace, read from its discovery in beforeAll (`kubectl api-resources`). */
const clusterScoped = new Set<string>();

interface CorpusObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

interface CorpusFile {
  name: string;
  path: string;
  /** Where the file's objects without metadata.namespace go: the context namespace of its kubeconfig. */
  namespace: string;
  objects: CorpusObject[];
}

const corpus: CorpusFile[] = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => {
    const path = join(corpusDir, f);
    const text = readFileSync(path, 'utf8');
    const namespace = /^# Objects without metadata\.namespace go to namespace (\S+) /m.exec(text)?.[1];
    if (!namespace) throw new Error(`${f} does not say where its objects without a namespace go`);
    return { name: basename(f, '.yaml'), path, namespace, objects: decodeYamlDocuments(text) as CorpusObject[] };
  });

const nsOf = (file: CorpusFile, o: CorpusObject) => (clusterScoped.has(o.kind) ? '' : (o.metadata.namespace ?? file.namespace));
const idOf = (file: CorpusFile, o: CorpusObject) => `${file.name}: ${o.kind} ${nsOf(file, o) ? `${nsOf(file, o)}/` : ''}${o.metadata.name}`;
const keyOf = (kind: string, namespace: string, name: string) => `${kind}/${namespace}/${name}`;

type Json = Record<string, any>;

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
const jobUidLabels = ['controller-uid', 'batch.kubernetes.io/controller-uid'];

/** The object without what each write records on its own and what the server allocates. */
function comparable(obj: Json): Json {
  const o = structuredClone(obj);
  const m = o.metadata ?? {};
  for (const k of ['managedFields', 'uid', 'resourceVersion', 'creationTimestamp']) delete m[k];
  if (m.annotations) {
    delete m.annotations[lastApplied];
    if (Object.keys(m.annotations).length === 0) delete m.annotations;
  }
  if (o.kind === 'Service' && o.spec) {
    delete o.spec.clusterIP;
    delete o.spec.clusterIPs;
    delete o.spec.healthCheckNodePort;
    for (const p of o.spec.ports ?? []) delete p.nodePort;
  }
  if (o.kind === 'Job' && o.spec) {
    for (const labels of [o.spec.selector?.matchLabels, o.spec.template?.metadata?.labels]) for (const k of jobUidLabels) if (labels) delete labels[k];
  }
  for (const c of o.status?.conditions ?? []) delete c.lastTransitionTime;
  if (o.kind === 'PersistentVolume') delete o.status?.lastPhaseTransitionTime;
  return o;
}

/**
 * The managedFields entries an object created by `kubectl apply --server-side` has. kube strips
 * apiVersion, kind, metadata.name and metadata.namespace from every manager's set and drops a
 * manager whose set is then empty (stripmeta.go), so a manifest with nothing else leaves no entry.
 * The corpus's Namespaces are applied twice (namespaces first, then with their file); an apply to
 * an object without managedFields first records its fields under `before-first-apply`
 * (skipnonapplied.go), which is all that remains of a bare Namespace.
 */
function expectedManagers(o: CorpusObject): string[] | undefined {
  const { apiVersion: _v, kind: _k, metadata, ...rest } = o as CorpusObject & Json;
  const { name: _n, namespace: _ns, ...meta } = metadata as Json;
  const bare = Object.keys(rest).length === 0 && Object.keys(meta).length === 0;
  if (!bare) return ['kubectl/Apply'];
  return o.kind === 'Namespace' ? ['before-first-apply/Update'] : undefined;
}

/**
 * Whether applying `config` to `live` changes nothing in structured-merge-diff's eyes: every value
 * the config sets is already there, equal as JSON (an integer 1 is not the string "1" a Quantity
 * is stored as), lists item by item. Only then does kube's field manager return no object
 * (merge/update.go Apply), so that the managedFields time, and so storage, stay as they are.
 */
function setsNothingNew(config: unknown, live: unknown): boolean {
  if (config === null) return live === undefined || live === null;
  if (Array.isArray(config)) return Array.isArray(live) && live.length === config.length && config.every((c, i) => setsNothingNew(c, live[i]));
  if (typeof config === 'object') {
    if (typeof live !== 'object' || live === null || Array.isArray(live)) return false;
    return Object.entries(config).every(([k, v]) => setsNothingNew(v, (live as Json)[k]));
  }
  return config === live;
}

/** The paths where a and b differ, with both values (for a failure message a person can read). */
function differences(a: unknown, b: unknown, labels: [string, string], path = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Json)[k], (b as Json)[k], labels, `${path}${Array.isArray(a) ? `[${k}]` : `.${k}`}`));
  }
  return [`${path || '.'}: ${labels[0]} ${JSON.stringify(a)?.slice(0, 200)} / ${labels[1]} ${JSON.stringify(b)?.slice(0, 200)}`];
}

describe.skipIf(!kubectlPath)('the server-side apply corpus: kubectl apply vs kubectl apply --server-side', () => {
  let dir: string;
  const servers: Record<'csa' | 'ssa', ServeProcess | undefined> = { csa: undefined, ssa: undefined };
  const caches: Record<'csa' | 'ssa', string> = { csa: '', ssa: '' };
  /** A kubeconfig per server and namespace, so that objects without a namespace land in the file's one. */
  const kubeconfigs = new Map<string, string>();

  const kubeconfigFor = (side: 'csa' | 'ssa', namespace: string) => {
    const key = `${side}/${namespace}`;
    let path = kubeconfigs.get(key);
    if (!path) {
      path = join(dir, `kubeconfig-${side}-${namespace}`);
      writeFileSync(path, readFileSync(servers[side]!.kubeconfig, 'utf8').replace(/namespace: default/, `namespace: ${namespace}`));
      kubeconfigs.set(key, path);
    }
    return path;
  };
  const k = (side: 'csa' | 'ssa', namespace: string, ...args: string[]) => kubectl(kubeconfigFor(side, namespace), args, kubectlPath!, caches[side]);

  /** The objects of a file the server has (`kubectl get -f`), by kind, namespace and name. */
  const getAll = async (side: 'csa' | 'ssa', file: CorpusFile): Promise<Map<string, Json>> => {
    const r = await k(side, file.namespace, 'get', '-f', file.path, '-o', 'json', '--show-managed-fields', '--ignore-not-found');
    expect(r.stderr, `${side} kubectl get -f ${file.name}`).toBe('');
    const out = r.stdout.trim() === '' ? { items: [] } : (JSON.parse(r.stdout) as Json);
    const items: Json[] = out.kind === 'List' || out.items ? out.items : [out];
    return new Map(items.map((o) => [keyOf(o.kind, o.metadata.namespace ?? '', o.metadata.name), o]));
  };
  const stored = (objects: Map<string, Json>, file: CorpusFile, o: CorpusObject) => objects.get(keyOf(o.kind, nsOf(file, o), o.metadata.name));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-ssa-corpus-'));
    caches.csa = mkdtempSync(join(dir, 'cache-csa-'));
    caches.ssa = mkdtempSync(join(dir, 'cache-ssa-'));
    [servers.csa, servers.ssa] = await Promise.all(
      (['csa', 'ssa'] as const).map((side) => startKapiServe(['--data-dir', join(dir, side), '--port', '0', '--log-level', 'warn'])),
    );
    // Scope from discovery: the last column of `kubectl api-resources` is the kind.
    const resources = await k('ssa', 'default', 'api-resources', '--namespaced=false', '--no-headers');
    expect(resources.code, resources.stderr).toBe(0);
    for (const line of resources.stdout.trim().split('\n')) clusterScoped.add(line.trim().split(/\s+/).at(-1)!);
    expect([...clusterScoped]).toEqual(expect.arrayContaining(['Namespace', 'Node', 'CustomResourceDefinition', 'ClusterRole', 'APIService', 'StorageClass']));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([servers.csa?.interrupt(), servers.ssa?.interrupt()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds more than 100 objects, none twice', () => {
    const ids = corpus.flatMap((f) => f.objects.map((o) => `${o.apiVersion}/${o.kind}/${nsOf(f, o)}/${o.metadata.name}`));
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('every file is accepted by kubectl apply and by kubectl apply --server-side', async () => {
    // Namespaces first: the corpus's own Namespace objects, applied each way; then the namespaces the
    // objects need that no file defines, created the same way on both servers.
    const namespaceDocs = corpus.flatMap((f) => f.objects.filter((o) => o.kind === 'Namespace'));
    const defined = new Set(namespaceDocs.map((o) => o.metadata.name));
    const nsFile = join(dir, 'namespaces.json');
    writeFileSync(nsFile, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: namespaceDocs }));
    const needed = new Set(corpus.flatMap((f) => f.objects.map((o) => nsOf(f, o)).filter((ns) => ns && !systemNamespaces.has(ns) && !defined.has(ns))));
    const setup = await Promise.all([
      k('csa', 'default', 'apply', '-f', nsFile),
      k('ssa', 'default', 'apply', '--server-side', '-f', nsFile),
      ...(['csa', 'ssa'] as const).flatMap((side) => [...needed].map((ns) => k(side, 'default', 'create', 'namespace', ns))),
    ]);
    expect(setup.filter((r) => r.code !== 0).map((r) => r.stderr)).toEqual([]);

    const failures: string[] = [];
    for (const file of corpus) {
      const [csa, ssa] = await Promise.all([
        k('csa', file.namespace, 'apply', '-f', file.path),
        k('ssa', file.namespace, 'apply', '--server-side', '-f', file.path),
      ]);
      if (csa.code !== 0) failures.push(`${file.name}: kubectl apply failed (kube accepts every object of the corpus):\n${csa.stderr}`);
      if (ssa.code !== 0) failures.push(`${file.name}: kubectl apply --server-side failed:\n${ssa.stderr}`);
      else expect(ssa.stdout.trim().split('\n')).toHaveLength(file.objects.length);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('stores the same objects both ways, managedFields and allocated values aside', async () => {
    const problems: string[] = [];
    for (const file of corpus) {
      const [csaObjects, ssaObjects] = await Promise.all([getAll('csa', file), getAll('ssa', file)]);
      for (const o of file.objects) {
        const csa = stored(csaObjects, file, o);
        const ssa = stored(ssaObjects, file, o);
        if (!csa || !ssa) {
          problems.push(`${idOf(file, o)}: not stored by ${[!csa && 'kubectl apply', !ssa && 'kubectl apply --server-side'].filter(Boolean).join(' nor ')}`);
          continue;
        }
        const operations = ssa.metadata.managedFields?.map((e: Json) => `${e.manager}/${e.operation}`);
        const want = expectedManagers(o);
        if (JSON.stringify(operations) !== JSON.stringify(want)) problems.push(`${idOf(file, o)}: managedFields ${JSON.stringify(operations)}, want ${JSON.stringify(want)}`);
        const diff = differences(comparable(csa), comparable(ssa), ['client-side', 'server-side']);
        if (diff.length > 0) problems.push(`${idOf(file, o)}\n    ${diff.join('\n    ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('a second kubectl apply --server-side of every file changes nothing, and writes nothing where the manifest holds stored values', async () => {
    const problems: string[] = [];
    for (const file of corpus) {
      const before = await getAll('ssa', file);
      const again = await k('ssa', file.namespace, 'apply', '--server-side', '-f', file.path);
      if (again.code !== 0) problems.push(`${file.name}: the second apply failed:\n${again.stderr}`);
      const after = await getAll('ssa', file);
      for (const o of file.objects) {
        const b = stored(before, file, o);
        const a = stored(after, file, o);
        if (!b || !a) continue; // reported by the first apply
        const withoutTimes = (x: Json) => ({ ...x, metadata: { ...x.metadata, resourceVersion: undefined, managedFields: x.metadata.managedFields?.map(({ time: _t, ...e }: Json) => e) } });
        // A manifest that holds values in another form than stored (an integer Quantity) makes a
        // new object in kube too, which is then defaulted again (structuredmerge.go Apply).
        if (!setsNothingNew(o, b)) continue;
        const changed = differences(withoutTimes(b), withoutTimes(a), ['before', 'after']);
        if (changed.length > 0) problems.push(`${idOf(file, o)}: the second apply changed the object\n    ${changed.join('\n    ')}`);
        else if (a.metadata.resourceVersion !== b.metadata.resourceVersion) {
          problems.push(`${idOf(file, o)}: the second apply wrote (resourceVersion ${b.metadata.resourceVersion} -> ${a.metadata.resourceVersion})\n    ${differences(b, a, ['before', 'after']).join('\n    ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
