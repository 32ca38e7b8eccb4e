// `pnpm bench`: throughput of each layer next to the limit measured in the same run, as ratios.
// Limits: the raw `etcd3` client for etcd, the raw KV for the Store, a bare Node HTTP server for
// the API server. Figures vary with the machine; the ratios are what to compare.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Etcd3 } from 'etcd3';
import { decodeYamlObject, encodeYaml, jsonCodec } from '@kapi/apimachinery';
import { createStore, type KV } from '@kapi/storage';
import { createSqliteKv } from '@kapi/storage-sqlite';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { startEtcd } from '@kapi/storage-etcd3/testing';
import { startTestServer } from '@kapi/apiserver/testing';
import { benchCodecs } from './codecs.ts';

interface Row {
  what: string;
  opsPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
}

const rows: Row[] = [];

/** Runs `op(i)` n times with `concurrency` in flight; returns ops/s. */
async function measure(n: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await op(next++);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return n / seconds;
}

const value = Buffer.from(JSON.stringify({ metadata: { name: 'x', namespace: 'default' }, data: { k: 'v'.repeat(900) } }));
const obj = () => ({ metadata: { name: 'x', namespace: 'default' }, data: { k: 'v'.repeat(900) } });

async function benchKvAndStore(label: string, kv: KV, limitName: string, limit: (i: number) => Promise<unknown>, n: number, concurrency: number) {
  const limitOps = await measure(n, concurrency, limit);
  const kvOps = await measure(n, concurrency, (i) => kv.create(`/bench/kv/${label}/${i}`, value));
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
  const storeOps = await measure(n, concurrency, (i) => store.create(`/configmaps/default/${label}-${i}`, obj()));
  const getOps = await measure(n, concurrency, (i) => store.get(`/configmaps/default/${label}-${i}`));
  const updOps = await measure(n, concurrency, (i) =>
    store.guaranteedUpdate(`/configmaps/default/${label}-${i % 100}`, {
      tryUpdate: (cur) => ({ ...cur, data: { k: String(i) } }),
    }),
  );
  rows.push({ what: `${label} KV create`, opsPerSec: kvOps, limitName, limitOpsPerSec: limitOps });
  rows.push({ what: `${label} Store create`, opsPerSec: storeOps, limitName, limitOpsPerSec: limitOps });
  rows.push({ what: `${label} Store get`, opsPerSec: getOps, limitName, limitOpsPerSec: limitOps });
  rows.push({ what: `${label} Store guaranteedUpdate (c=${concurrency})`, opsPerSec: updOps, limitName, limitOpsPerSec: limitOps });
}

async function benchSqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-'));
  const kv = createSqliteKv({ path: join(dir, 'bench.db') });
  try {
    // The limit: the KV's own conditional create, through which every Store write goes.
    await benchKvAndStore('sqlite', kv, 'sqlite KV create', (i) => kv.create(`/bench/limit/${i}`, value), 5000, 16);
  } finally {
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchEtcd() {
  const etcd = await startEtcd();
  const raw = new Etcd3({ hosts: etcd.endpoints });
  const kv = createEtcd3Kv({ endpoints: etcd.endpoints });
  try {
    await benchKvAndStore('etcd', kv, 'raw etcd3 put', (i) => raw.put(`/bench/raw/${i}`).value(value).exec(), 2000, 16);
  } finally {
    await kv.close();
    raw.close();
    await etcd.stop();
  }
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
    rows.push({ what: 'HTTP GET configmap', opsPerSec: get, limitName: 'bare Node HTTP, same bytes', limitOpsPerSec: limit });
  } finally {
    bare.close();
    await kapi.stop();
  }
}

function printTable() {
  const header = ['operation', 'ops/s', 'limit', 'limit ops/s', 'ratio'];
  const lines = rows.map((r) => [r.what, r.opsPerSec.toFixed(0), r.limitName, r.limitOpsPerSec.toFixed(0), (r.opsPerSec / r.limitOpsPerSec).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`${fmt(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${lines.map(fmt).join('\n')}\n`);
}

function printCodecTable() {
  const rows = benchCodecs([{ name: 'YAML', encode: encodeYaml, decode: (d) => decodeYamlObject(d) }]);
  const header = ['codec: object: operation', 'ops/s', 'MiB/s', 'limit', 'limit ops/s', 'ratio'];
  const lines = rows.map((r) => [r.what, r.opsPerSec.toFixed(0), r.mbPerSec.toFixed(0), r.limitName, r.limitOpsPerSec.toFixed(0), (r.opsPerSec / r.limitOpsPerSec).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${fmt(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${lines.map(fmt).join('\n')}\n`);
}

const only = process.argv[2];
if (!only || only === 'storage') {
  await benchSqlite();
  await benchEtcd();
}
if (!only || only === 'http') await benchHttp();
if (rows.length > 0) printTable();
if (!only || only === 'codecs') printCodecTable();
