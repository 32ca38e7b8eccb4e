// `pnpm bench [-- storage|http|codecs|patch|cacher|controllers|server|scale]` (every section when none is named): throughput of
// each layer next to the limit measured in the same run, as ratios. Limits: the raw `etcd3` client
// making the KV's own calls for the Store over etcd, the SQLite KV for the Store over SQLite, a bare
// Node HTTP server for the API server (and a ConfigMap create for a Service's or a custom resource's),
// V8's JSON for the codecs. Figures vary with the machine and its load; the ratios are what to compare.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeYamlObject, encodeYaml } from '@kapi/apimachinery';
import { startTestServer } from '@kapi/apiserver/testing';
import { benchCodecs } from './codecs.ts';
import { benchControllers } from './controllers.ts';
import { benchCrdToFirstCr, benchCustomResourceCreate, type CrdLatency } from './custom-resources.ts';
import { benchScale } from './scale.ts';
import { benchServer } from './server.ts';
import { benchStorage, type StorageRow, type StorageTable } from './storage.ts';
import { measure } from './measure.ts';

/** A row of the ops/s sections (http, patch, cacher). */
interface Row {
  what: string;
  opsPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
}

function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return `${fmt(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${lines.map(fmt).join('\n')}\n`;
}

function printTable(title: string, rows: Row[]) {
  const header = ['operation', 'ops/s', 'limit', 'limit ops/s', 'ratio'];
  const lines = rows.map((r) => [r.what, r.opsPerSec.toFixed(0), r.limitName, r.limitOpsPerSec.toFixed(0), (r.opsPerSec / r.limitOpsPerSec).toFixed(2)]);
  process.stdout.write(`\n${title}\n\n${markdownTable(header, lines)}`);
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const figure = (unit: StorageRow['unit'], n: number) => (unit === 'ms' ? `${n.toFixed(0)} ms` : `${whole(n)} ${unit}`);

function printStorageTable(t: StorageTable) {
  const header = ['operation', 'kapi', 'limit', 'limit figure', 'ratio', 'target', 'CPU µs/op kapi / limit'];
  const lines = t.rows.map((r) => [
    r.what,
    figure(r.unit, r.value),
    r.limitName,
    figure(r.unit, r.limitValue),
    `${r.ratio.toFixed(2)}×`,
    r.target ? `${r.target.text} ${r.target.met ? '✓' : '✗'}` : '',
    r.cpuUsPerOp !== undefined && r.limitCpuUsPerOp !== undefined ? `${r.cpuUsPerOp.toFixed(0)} / ${r.limitCpuUsPerOp.toFixed(0)}` : '',
  ]);
  process.stdout.write(`\n${t.title}\n\n${markdownTable(header, lines)}\n${t.notes.map((n) => `- ${n}`).join('\n')}\n`);
}

async function benchHttp() {
  const kapi = await startTestServer();
  const path = '/api/v1/namespaces/default/configmaps/bench';
  await fetch(kapi.url + '/api/v1/namespaces/default/configmaps', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'bench' }, data: { k: 'v' } }),
  });
  const body = await (await fetch(kapi.url + path)).text();
  const bare: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${path}`;
  try {
    const limit = await measure(3000, 16, async () => (await fetch(bareUrl)).text());
    const get = await measure(3000, 16, async () => (await fetch(kapi.url + path)).text());
    // A Service create also writes the IPAddress of its cluster IP (kube 1.33's allocator): its cost
    // next to a ConfigMap create through the same server.
    const post = (collection: string, body: (i: number) => object) => async (i: number) => {
      const res = await fetch(`${kapi.url}/api/v1/namespaces/default/${collection}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(i)) });
      if (res.status !== 201) throw new Error(`create ${collection}: ${res.status} ${await res.text()}`);
    };
    const cmCreate = await measure(2000, 16, post('configmaps', (i) => ({ metadata: { name: `cm-${i}` }, data: { k: 'v' } })));
    const svcCreate = await measure(2000, 16, post('services', (i) => ({ metadata: { name: `svc-${i}` }, spec: { ports: [{ port: 80 }] } })));
    const cr = await benchCustomResourceCreate(kapi.url);
    const sizes = cr.crBytes === cr.cmBytes ? `${cr.crBytes} B each` : `${cr.crBytes} B / ${cr.cmBytes} B`;
    printTable('API server (target, issue 14: custom resource POST ≥ 0.5× the configmap POST of its size)', [
      { what: 'HTTP GET configmap', opsPerSec: get, limitName: 'bare Node HTTP, same bytes', limitOpsPerSec: limit },
      { what: 'HTTP POST service (ClusterIP + its IPAddress)', opsPerSec: svcCreate, limitName: 'HTTP POST configmap', limitOpsPerSec: cmCreate },
      { what: `HTTP POST custom resource (20 CEL rules, ${sizes})`, opsPerSec: cr.crOpsPerSec, limitName: 'HTTP POST configmap, same JSON size', limitOpsPerSec: cr.cmOpsPerSec },
    ]);
    await printCrdLatency(kapi.url);
  } finally {
    bare.close();
    await kapi.stop();
  }
}

/**
 * CRD create → first custom resource create (a latency, not a throughput: its own table, with the
 * issue's target), on the server of the http table and on one over a SQLite file as `kapi serve`
 * runs. Both have served a write before: the first write of a server builds its managedFields type
 * converter from the whole OpenAPI, a cost of the server's start that the note under the table gives.
 */
async function printCrdLatency(memoryUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kapi-bench-crd-'));
  const onFile = await startTestServer({ storage: { kind: 'sqlite', dataDir } });
  const runs: [string, CrdLatency][] = [];
  const firstWrite = async (name: string) => {
    const started = performance.now();
    const res = await fetch(`${onFile.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ metadata: { name } }) });
    if (res.status !== 201) throw new Error(`create configmap: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  let first: number, second: number;
  try {
    first = await firstWrite('first');
    second = await firstWrite('second');
    runs.push(['in-memory SQLite', await benchCrdToFirstCr(memoryUrl)]);
    runs.push(['SQLite file', await benchCrdToFirstCr(onFile.url)]);
  } finally {
    await onFile.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines = runs.map(([storage, l]) => [`CRD create → first custom resource create (20 CEL rules), ${storage}`, ms(l.medianMs), ms(l.maxMs), `${l.iterations}`, `${l.retries}`, `max ≤ 100 ms ${l.maxMs <= 100 ? '✓' : '✗'}`]);
  process.stdout.write(
    `\nCustom resources: time until a new CRD serves (target, issue 14: ≤ 100 ms)\n\n${markdownTable(['operation', 'median', 'max', 'runs', 'POSTs refused (404)', 'target'], lines)}\n` +
      `- The first write of a fresh server (a ConfigMap POST) took ${ms(first)}, the second ${ms(second)}: not counted above.\n`,
  );
}

function printCodecTable() {
  const rows = benchCodecs([{ name: 'YAML', encode: encodeYaml, decode: (d) => decodeYamlObject(d) }]);
  const header = ['codec: object: operation', 'ops/s', 'MiB/s', 'limit', 'limit ops/s', 'ratio'];
  const lines = rows.map((r) => [r.what, r.opsPerSec.toFixed(0), r.mbPerSec.toFixed(0), r.limitName, r.limitOpsPerSec.toFixed(0), (r.opsPerSec / r.limitOpsPerSec).toFixed(2)]);
  process.stdout.write(`\nCodecs\n\n${markdownTable(header, lines)}`);
}

/**
 * A section another file provides (`bench/src/<name>.ts` exporting `fn`), run when the file exists:
 * the entry works before and after it lands.
 */
async function optionalSection(name: string, fn: string, title: string) {
  const url = new URL(`./${name}.ts`, import.meta.url);
  const mod = existsSync(url) ? ((await import(url.href)) as Record<string, unknown>) : {};
  const run = mod[fn];
  if (typeof run !== 'function') {
    process.stdout.write(`\n${name}: (section not available yet)\n`);
    return;
  }
  printTable(title, await (run as () => Row[] | Promise<Row[]>)());
}

const sections = ['storage', 'http', 'codecs', 'patch', 'apply', 'cacher', 'controllers', 'server', 'scale'] as const;
// `pnpm bench -- http` passes the `--` on to the script with pnpm 10: skip it.
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (only !== undefined && !(sections as readonly string[]).includes(only)) {
  process.stderr.write(`usage: pnpm bench [-- ${sections.join('|')}]\n`);
  process.exit(2);
}
const wanted = (s: (typeof sections)[number]) => only === undefined || only === s;

if (wanted('storage')) for (const t of await benchStorage()) printStorageTable(t);
if (wanted('http')) await benchHttp();
if (wanted('codecs')) printCodecTable();
if (wanted('patch')) await optionalSection('patch', 'benchPatch', 'Patch engines');
if (wanted('apply')) await optionalSection('apply', 'benchApply', 'Server-side apply and managedFields (targets: apply ≥ 0.5× the patch; tracked updates ≥ 0.8× untracked)');
if (wanted('cacher')) await optionalSection('cacher', 'benchCacher', 'Cacher');
if (wanted('controllers')) {
  const { rows, notes } = await benchControllers();
  const lines = rows.map((r) => [r.what, r.figure, r.goal, r.met === undefined ? '' : r.met ? '✓' : '✗']);
  process.stdout.write(`\nControllers (issue 15)\n\n${markdownTable(['operation', 'kapi', 'goal', ''], lines)}\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
if (wanted('server')) {
  const { machine, rows, notes, profile } = await benchServer();
  const lines = rows.map((r) => [r.what, r.kapi, r.limit, r.ratio, r.met === undefined ? r.goal : `${r.goal} ${r.met ? '✓' : '✗'}`]);
  process.stdout.write(
    `\nThe HTTP path next to the storage under it (issue 16)\n\n${machine}\n\n${markdownTable(['operation', 'kapi', 'limit measured in the same run', 'ratio', 'goal'], lines)}\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  // `--profile`: each server's requests by layer (µs per request, the server's wall time).
  for (const { server, report } of profile ?? []) {
    const layers = ['decode', 'admission', 'managedFields', 'storage', 'encode', 'other', 'total'];
    const shown = report.filter((r) => r.count >= 10).sort((a, b) => b.count - a.count);
    const table = markdownTable(['request', 'count', ...layers.map((l) => `${l} µs`)], shown.map((r) => [r.request, String(r.count), ...layers.map((l) => String(r.microsPerRequest[l] ?? 0))]));
    process.stdout.write(`\nWhere a request's time goes, ${server} (--request-profile; µs per request)\n\n${table}`);
  }
}
if (wanted('scale')) {
  const { machine, header, rows, notes } = await benchScale();
  process.stdout.write(`\nScale: kapi serve over SQLite from 1k to 1M objects (issue 16)\n\n${machine}\n\n${markdownTable(header, rows)}\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
}
