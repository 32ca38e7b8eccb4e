// The controllers inside the server (issue 15): how long a namespace holding 1,000 objects of 10
// kinds (nine built-in, one custom) takes to be deleted (goal ≤ 2 s on SQLite), how soon a new
// namespace has its `default` ServiceAccount and `kube-root-ca.crt` (goal ≤ 100 ms), how long the
// garbage collector takes to remove 1,000 dependents of a deleted owner, and what the controllers
// cost the write path (ConfigMap creates with every controller running, next to none).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@kapi/apiserver/testing';
import { measure } from './measure.ts';

const json = { 'Content-Type': 'application/json' };

export interface ControllerRow {
  what: string;
  figure: string;
  goal: string;
  met: boolean | undefined;
}

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method, headers: json, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

async function create(url: string, body: unknown): Promise<void> {
  const r = await call(url, 'POST', body);
  if (r.status !== 201) throw new Error(`POST ${url}: ${r.status} ${JSON.stringify(r.json)}`);
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** 100 objects of each of ten kinds in `ns`, created 16 at a time. */
async function fillNamespace(base: string, ns: string): Promise<number> {
  const kinds: [string, (i: number) => object][] = [
    ['/api/v1/namespaces/NS/configmaps', (i) => ({ metadata: { name: `cm-${i}` }, data: { k: 'v'.repeat(256) } })],
    ['/api/v1/namespaces/NS/secrets', (i) => ({ metadata: { name: `s-${i}` }, stringData: { k: 'v' } })],
    ['/api/v1/namespaces/NS/serviceaccounts', (i) => ({ metadata: { name: `sa-${i}` } })],
    ['/api/v1/namespaces/NS/services', (i) => ({ metadata: { name: `svc-${i}` }, spec: { ports: [{ port: 80 }], selector: { app: `a${i}` } } })],
    ['/apis/apps/v1/namespaces/NS/deployments', (i) => ({ metadata: { name: `d-${i}` }, spec: { selector: { matchLabels: { app: `d${i}` } }, template: { metadata: { labels: { app: `d${i}` } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } })],
    ['/apis/rbac.authorization.k8s.io/v1/namespaces/NS/roles', (i) => ({ metadata: { name: `r-${i}` }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] })],
    ['/apis/rbac.authorization.k8s.io/v1/namespaces/NS/rolebindings', (i) => ({ metadata: { name: `rb-${i}` }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: `r-${i}` }, subjects: [{ kind: 'ServiceAccount', name: `sa-${i}`, namespace: ns }] })],
    ['/apis/policy/v1/namespaces/NS/poddisruptionbudgets', (i) => ({ metadata: { name: `pdb-${i}` }, spec: { minAvailable: 1, selector: { matchLabels: { app: `p${i}` } } } })],
    ['/apis/networking.k8s.io/v1/namespaces/NS/networkpolicies', (i) => ({ metadata: { name: `np-${i}` }, spec: { podSelector: {} } })],
    ['/apis/bench.kapi.dev/v1/namespaces/NS/tokens', (i) => ({ apiVersion: 'bench.kapi.dev/v1', kind: 'Token', metadata: { name: `t-${i}` }, spec: { value: i } })],
  ];
  let n = 0;
  for (const [path, body] of kinds) {
    const url = base + path.replace('NS', ns);
    for (let i = 0; i < 100; i += 16) await Promise.all(Array.from({ length: Math.min(16, 100 - i) }, (_, j) => create(url, body(i + j))));
    n += 100;
  }
  return n;
}

const tokenCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'tokens.bench.kapi.dev' },
  spec: {
    group: 'bench.kapi.dev',
    scope: 'Namespaced',
    names: { plural: 'tokens', singular: 'token', kind: 'Token' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { value: { type: 'integer' } } } } } } }],
  },
};

/** Deletes namespaces of 1,000 objects on `server`; the median of `runs` times from DELETE to 404. */
async function namespaceDeletion(server: TestServer, runs: number): Promise<number> {
  const base = server.url;
  await create(`${base}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, tokenCrd);
  await until(async () => (await call(`${base}/apis/bench.kapi.dev/v1/namespaces/default/tokens`, 'GET')).status === 200);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const ns = `bench-ns-${r}`;
    await create(`${base}/api/v1/namespaces`, { metadata: { name: ns } });
    await fillNamespace(base, ns);
    const started = performance.now();
    const del = await call(`${base}/api/v1/namespaces/${ns}`, 'DELETE');
    if (del.status !== 200) throw new Error(`DELETE namespace: ${del.status}`);
    await until(async () => (await call(`${base}/api/v1/namespaces/${ns}`, 'GET')).status === 404);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The median time from a namespace's create until both its `default` ServiceAccount and `kube-root-ca.crt` exist. */
async function namespaceDefaults(server: TestServer, runs: number): Promise<{ sa: number; ca: number | undefined }> {
  const sa: number[] = [];
  const ca: number[] = [];
  const publishesCA = server.controllers.enabled.includes('root-ca-certificate-publisher-controller');
  for (let r = 0; r < runs; r++) {
    const ns = `fresh-${r}`;
    const started = performance.now();
    await create(`${server.url}/api/v1/namespaces`, { metadata: { name: ns } });
    let saAt: number | undefined;
    let caAt: number | undefined;
    await until(async () => {
      if (saAt === undefined && (await call(`${server.url}/api/v1/namespaces/${ns}/serviceaccounts/default`, 'GET')).status === 200) saAt = performance.now();
      if (publishesCA && caAt === undefined && (await call(`${server.url}/api/v1/namespaces/${ns}/configmaps/kube-root-ca.crt`, 'GET')).status === 200) caAt = performance.now();
      return saAt !== undefined && (!publishesCA || caAt !== undefined);
    }, 10_000);
    sa.push(saAt! - started);
    if (caAt !== undefined) ca.push(caAt - started);
  }
  return { sa: median(sa), ca: ca.length > 0 ? median(ca) : undefined };
}

/** Deletes an owner of 1,000 ConfigMaps in the background: the time until the last dependent is gone. */
async function backgroundCascade(server: TestServer): Promise<number> {
  const base = `${server.url}/api/v1/namespaces/default/configmaps`;
  await create(base, { metadata: { name: 'owner' } });
  const owner = (await call(`${base}/owner`, 'GET')).json as { metadata: { uid: string } };
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid };
  for (let i = 0; i < 1000; i += 16) {
    await Promise.all(Array.from({ length: 16 }, (_, j) => create(base, { metadata: { name: `dep-${i + j}`, labels: { bench: 'dep' }, ownerReferences: [ref] } })));
  }
  const started = performance.now();
  await call(`${base}/owner?propagationPolicy=Background`, 'DELETE');
  await until(async () => ((await call(`${base}?labelSelector=bench%3Ddep&limit=1`, 'GET')).json as { items: unknown[] }).items.length === 0);
  return performance.now() - started;
}

async function configMapCreates(server: TestServer, run: number): Promise<number> {
  return measure(2000, 16, async (i) => create(`${server.url}/api/v1/namespaces/default/configmaps`, { metadata: { name: `w${run}-${i}` }, data: { k: 'v' } }));
}

export async function benchControllers(): Promise<{ rows: ControllerRow[]; notes: string[] }> {
  const rows: ControllerRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-controllers-'));
  try {
    const onFile = await startTestServer({ storage: { kind: 'sqlite', dataDir: dir } });
    try {
      const ms = await namespaceDeletion(onFile, 3);
      rows.push({ what: 'delete a namespace of 1,000 objects (10 kinds, one custom), SQLite file', figure: `${ms.toFixed(0)} ms`, goal: '≤ 2,000 ms', met: ms <= 2000 });
      const d = await namespaceDefaults(onFile, 20);
      rows.push({ what: 'new namespace → default ServiceAccount', figure: `${d.sa.toFixed(1)} ms`, goal: '≤ 100 ms', met: d.sa <= 100 });
      rows.push({ what: 'new namespace → kube-root-ca.crt', figure: d.ca === undefined ? 'not published' : `${d.ca.toFixed(1)} ms`, goal: '≤ 100 ms', met: d.ca === undefined ? undefined : d.ca <= 100 });
      const gc = await backgroundCascade(onFile);
      rows.push({ what: 'background cascade: owner of 1,000 dependents deleted → last one gone', figure: `${gc.toFixed(0)} ms`, goal: '', met: undefined });
    } finally {
      await onFile.stop();
    }
    const memory = await startTestServer();
    const bare = await startTestServer({ controllers: [] });
    try {
      // Interleaved, median of 3: the write path with every controller watching, and with none.
      const withC: number[] = [];
      const without: number[] = [];
      for (let i = 0; i < 3; i++) {
        withC.push(await configMapCreates(memory, i));
        without.push(await configMapCreates(bare, i));
      }
      const a = median(withC);
      const b = median(without);
      rows.push({ what: 'ConfigMap POST/s with the controllers / without', figure: `${a.toFixed(0)} / ${b.toFixed(0)} (${(a / b).toFixed(2)}×)`, goal: '≥ 0.9×', met: a / b >= 0.9 });
    } finally {
      await memory.stop();
      await bare.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    rows,
    notes: [
      'Times from the DELETE (or create) to the state a client sees, polled every 2 ms; medians of 3 namespace deletions and of 20 new namespaces.',
      'The controllers run in the server process (startTestServer), as in `kapi serve`.',
    ],
  };
}
