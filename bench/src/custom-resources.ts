// Custom resources through the API server (issue 14): creates of a custom resource whose CRD carries
// 20 x-kubernetes-validations rules next to creates of a ConfigMap of the same JSON size (goal
// ≥ 0.5×), and the time from a CRD's create to the first successful create of one of its objects
// (goal ≤ 100 ms). Both against a real server (`startTestServer()`, embedded SQLite).
import { measure } from './measure.ts';

type Obj = Record<string, unknown>;

const group = 'bench.kapi.dev';
const json = { 'Content-Type': 'application/json' };

const str = (maxLength: number, extra: Obj = {}) => ({ type: 'string', maxLength, ...extra });
const int = (minimum: number, maximum: number, extra: Obj = {}) => ({ type: 'integer', minimum, maximum, ...extra });
const rules = (...rs: string[]) => ({ 'x-kubernetes-validations': rs.map((rule) => ({ rule })) });

/**
 * A namespaced CRD of `bench.kapi.dev/v1` whose `spec` has 11 bounded properties and 20 CEL rules:
 * 12 on `spec`, 8 on its properties and list items. Every list, map and string is bounded, so the
 * cost estimator accepts every rule.
 */
export function gadgetCrd(plural: string, kind: string): Obj {
  const spec = {
    type: 'object',
    required: ['name', 'replicas', 'minReplicas', 'maxReplicas', 'image', 'tier', 'tags', 'ports', 'labels'],
    properties: {
      name: str(32, rules("self.matches('^[a-z][a-z0-9-]*$')", 'self.size() >= 3')),
      replicas: int(0, 1000),
      minReplicas: int(0, 1000),
      maxReplicas: int(0, 1000),
      image: str(128, rules("!self.endsWith(':latest')")),
      tier: str(16, { enum: ['frontend', 'backend', 'batch'] }),
      timeoutSeconds: int(1, 3600, rules('self % 5 == 0')),
      paused: { type: 'boolean' },
      tags: { type: 'array', maxItems: 16, items: str(32, rules("self.matches('^[a-z0-9-]+$')")), ...rules('self.size() <= 10') },
      ports: {
        type: 'array',
        maxItems: 8,
        items: {
          type: 'object',
          required: ['name', 'port'],
          properties: { name: str(15), port: int(1, 65535), protocol: str(3, { enum: ['TCP', 'UDP'] }) },
          ...rules('self.port != 22'),
        },
      },
      labels: { type: 'object', maxProperties: 16, additionalProperties: str(63), ...rules('self.size() <= 8') },
    },
    ...rules(
      'self.replicas <= 100',
      'self.minReplicas <= self.replicas',
      'self.replicas <= self.maxReplicas',
      "self.name.startsWith('g')",
      'self.tags.all(t, t.size() < 20)',
      "self.ports.all(p, p.port >= 1024 || self.tier == 'frontend')",
      '!has(self.paused) || !self.paused || self.replicas == 0',
      "self.image.contains(':')",
      'self.ports.all(p, self.ports.exists_one(q, q.name == p.name))',
      "!has(self.timeoutSeconds) || self.timeoutSeconds <= 600 || self.tier == 'batch'",
      "'app' in self.labels",
      'self.labels.all(k, k.size() <= 63)',
    ),
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, singular: plural.replace(/s$/, ''), kind, listKind: `${kind}List` },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

/** A custom resource that passes every rule of `gadgetCrd`. */
export function gadget(kind: string, name: string): Obj {
  return {
    apiVersion: `${group}/v1`,
    kind,
    metadata: { name },
    spec: {
      name: 'gadget-web',
      replicas: 3,
      minReplicas: 1,
      maxReplicas: 10,
      image: 'registry.example.com/team/gadget:1.4.2',
      tier: 'frontend',
      timeoutSeconds: 30,
      paused: false,
      tags: ['web', 'edge', 'blue'],
      ports: [
        { name: 'http', port: 80, protocol: 'TCP' },
        { name: 'metrics', port: 9090, protocol: 'TCP' },
      ],
      labels: { app: 'gadget', team: 'bench' },
    },
  };
}

/** A ConfigMap whose JSON is exactly `bytes` long (names of the same length as its peer's). */
function configMapOfSize(name: string, bytes: number): Obj {
  const empty = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: '' } }).length;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v'.repeat(Math.max(0, bytes - empty)) } };
}

async function post(url: string, body: Obj): Promise<Response> {
  return fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });
}

async function create(url: string, body: Obj): Promise<void> {
  const res = await post(url, body);
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** Polls the group's discovery until it lists `plural`. */
async function waitServed(base: string, plural: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/apis/${group}/v1`);
    if (res.ok && ((await res.json()) as { resources?: { name: string }[] }).resources?.some((r) => r.name === plural)) return;
    if (!res.ok) await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`${plural}.${group} not served after 10 s`);
}

export interface CustomResourceCreate {
  crOpsPerSec: number;
  cmOpsPerSec: number;
  /** The JSON body of each create, both sides. */
  crBytes: number;
  cmBytes: number;
}

/**
 * Creates the 20-rule CRD, waits until it is served, then creates custom resources and ConfigMaps
 * of the same body size, interleaved (ConfigMap, CR, CR, ConfigMap) so load falls on both.
 */
export async function benchCustomResourceCreate(base: string, perRun = 2000, concurrency = 16): Promise<CustomResourceCreate> {
  await create(`${base}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, gadgetCrd('gadgets', 'Gadget'));
  await waitServed(base, 'gadgets');
  const crUrl = `${base}/apis/${group}/v1/namespaces/default/gadgets`;
  const cmUrl = `${base}/api/v1/namespaces/default/configmaps`;
  const name = (prefix: string, i: number) => `${prefix}-${String(i).padStart(7, '0')}`;
  const crBytes = JSON.stringify(gadget('Gadget', name('gadget', 0))).length;
  const cm = (i: number) => configMapOfSize(name('sized', i), crBytes);
  const cmBytes = JSON.stringify(cm(0)).length;
  let crNext = 0;
  let cmNext = 0;
  const crRun = () => measure(perRun, concurrency, () => create(crUrl, gadget('Gadget', name('gadget', crNext++))));
  const cmRun = () => measure(perRun, concurrency, () => create(cmUrl, cm(cmNext++)));
  // Warm-up: the first creates compile paths the measured ones take.
  await measure(200, concurrency, () => create(crUrl, gadget('Gadget', name('gadget', crNext++))));
  await measure(200, concurrency, () => create(cmUrl, cm(cmNext++)));
  const cms = [await cmRun()];
  const crs = [await crRun(), await crRun()];
  cms.push(await cmRun());
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { crOpsPerSec: mean(crs), cmOpsPerSec: mean(cms), crBytes, cmBytes };
}

export interface CrdLatency {
  iterations: number;
  medianMs: number;
  maxMs: number;
  /** POSTs of the custom resource refused (404) before the first one succeeded, over all iterations. */
  retries: number;
}

/**
 * `iterations` times: creates a fresh CRD (the same 20-rule schema under a new name), then POSTs one
 * of its objects back to back until one is created; the time from sending the CRD to the 201.
 */
export async function benchCrdToFirstCr(base: string, iterations = 15): Promise<CrdLatency> {
  const times: number[] = [];
  let retries = 0;
  for (let i = 0; i < iterations; i++) {
    const plural = `latencies${i}`;
    const kind = `Latency${i}`;
    const url = `${base}/apis/${group}/v1/namespaces/default/${plural}`;
    const started = performance.now();
    await create(`${base}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, gadgetCrd(plural, kind));
    for (;;) {
      const res = await post(url, gadget(kind, 'first'));
      const text = await res.text();
      if (res.status === 201) break;
      if (res.status !== 404 || performance.now() - started > 10_000) throw new Error(`POST ${url}: ${res.status} ${text}`);
      retries++;
    }
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { iterations, medianMs, maxMs: sorted[sorted.length - 1]!, retries };
}
