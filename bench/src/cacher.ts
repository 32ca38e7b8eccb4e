// The watch cache against the store it wraps, in one run: lists and gets from memory vs from the Store
// over etcd and over SQLite, and the fan-out of one write per millisecond to 1,000 watchers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { configMapKind, messageCodecOf } from '@kapi/api';
import { apiObjectVersioner, jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createCacher, DecodedPool, defaultDecodedObjects, type Cacher } from '@kapi/cacher';
import { CacheStore, WatchCache } from '@kapi/cacher/testing';
import { createStore, defaultAttrs, everything, type KV, type StorageInterface } from '@kapi/storage';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { startEtcd } from '@kapi/storage-etcd3/testing';
import { measure as rate } from './measure.ts';
import { createSqliteKv } from '@kapi/storage-sqlite';

/** A row of the cacher table: the cache's figure next to the store's (the limit), as main.ts prints them. */
export interface CacherRow {
  what: string;
  opsPerSec: number;
  limitName: string;
  limitOpsPerSec: number;
}

const objects = 10_000;
const prefix = '/configmaps';
const watchers = 1_000;
const fanOutWrites = 3_000;

/** A ConfigMap of about 1 KiB as JSON. */
function configMap(i: number): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${String(i).padStart(5, '0')}`, namespace: `ns-${i % 10}`, labels: { app: 'bench' } }, data: { payload: 'x'.repeat(900) } };
}

async function fill(store: StorageInterface): Promise<void> {
  await rate(objects, 32, (i) => {
    const o = configMap(i);
    return store.create(`${prefix}/${o.metadata!.namespace}/${o.metadata!.name}`, o);
  });
}

async function newCacher(store: StorageInterface): Promise<Cacher> {
  const cacher = createCacher(store, { resourcePrefix: prefix, consistencyCheckIntervalMs: 0 });
  await cacher.waitUntilReady();
  return cacher;
}

/** List and get, from the cache and from the Store, over one backend. */
async function readRows(backend: string, kv: KV): Promise<CacherRow[]> {
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
  await fill(store);
  const cacher = await newCacher(createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  try {
    const list = (s: StorageInterface, resourceVersion: string) => async () => {
      const out = await s.getList(prefix, { recursive: true, resourceVersion, predicate: everything() });
      if (out.items.length !== objects) throw new Error(`listed ${out.items.length} objects`);
    };
    const storageList = await rate(5, 1, list(store, ''));
    const cacheList = await rate(50, 1, list(cacher, ''));
    const cacheList0 = await rate(50, 1, list(cacher, '0'));
    const key = (i: number) => {
      const o = configMap((i * 7919) % objects);
      return `${prefix}/${o.metadata!.namespace}/${o.metadata!.name}`;
    };
    const storageGet = await rate(5_000, 16, (i) => store.get(key(i)));
    const cacheGet = await rate(50_000, 16, (i) => cacher.get(key(i), { resourceVersion: '0' }));
    const from = `Store over ${backend}`;
    return [
      { what: `${backend}: list 10,000 × 1 KiB from the cache (consistent)`, opsPerSec: cacheList, limitName: `${from}, same list`, limitOpsPerSec: storageList },
      { what: `${backend}: list 10,000 × 1 KiB from the cache (resourceVersion=0)`, opsPerSec: cacheList0, limitName: `${from}, consistent list`, limitOpsPerSec: storageList },
      { what: `${backend}: get from the cache (resourceVersion=0)`, opsPerSec: cacheGet, limitName: `${from}, get`, limitOpsPerSec: storageGet },
    ];
  } finally {
    await cacher.close();
  }
}

const storeSizes = [1_000, 10_000, 100_000];
const storeWrites = 20_000;

/**
 * The cache's store on its own: writes (a create then a delete of a new key, at a spread of positions)
 * with 1k, 10k and 100k objects cached. Each figure is the median of 3; the limit is the same writes
 * with 1k cached, so the ratio shows how a write's cost grows with the cache.
 */
export function storeWriteRows(): CacherRow[] {
  const object = configMap(0);
  const key = (i: number, suffix = '') => `${prefix}/ns-${i % 10}/cm-${String(i).padStart(6, '0')}${suffix}`;
  const rates = storeSizes.map((size) => {
    const store = new CacheStore([]);
    for (let i = 0; i < size; i++) store.put({ key: key(i), object, attrs: undefined });
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      for (let w = 0; w < storeWrites; w++) {
        const k = key((w * 7919) % size, '-new');
        store.put({ key: k, object, attrs: undefined });
        store.delete(k);
      }
      runs.push((2 * storeWrites) / ((performance.now() - start) / 1000));
    }
    return runs.sort((a, b) => a - b)[1]!;
  });
  const at1k = rates[0]!;
  return storeSizes.map((size, i) => ({
    what: `cache store: writes (create, delete) with ${whole(size)} cached`,
    opsPerSec: rates[i]!,
    limitName: `same with ${whole(storeSizes[0]!)} cached`,
    limitOpsPerSec: at1k,
  }));
}

const compactObjects = 50_000;
const compactOps = 50_000;

/**
 * What holding objects as bytes costs the watch cache (kapi serve's cache: ConfigMaps as bare
 * protobuf messages, a pool of decoded ones that writes keep full): events applied (a MODIFIED of an
 * object at a spread of keys; each needs the previous object, and puts one written object back into
 * bytes) and gets of objects read once (a decode each), next to the same with every object decoded.
 */
export function compactCacheRows(): CacherRow[] {
  const newCache = (compact: boolean) => {
    const cache = new WatchCache({
      keyFunc: (o) => `${prefix}/${o.metadata!.namespace}/${o.metadata!.name}`,
      getAttrs: defaultAttrs,
      indexedFields: [],
      versioner: apiObjectVersioner,
      eventFreshDurationMs: 75_000,
      lowerBoundCapacity: 100,
      upperBoundCapacity: 100,
      now: () => 0,
      freeze: true,
      ...(compact ? { compact: { codec: messageCodecOf(configMapKind), pool: new DecodedPool(defaultDecodedObjects) } } : {}),
      onEvent: () => {},
    });
    cache.replace(
      Array.from({ length: compactObjects }, (_, i) => {
        const o = configMap(i);
        o.metadata!.resourceVersion = String(i + 1);
        return o;
      }),
      compactObjects,
    );
    return cache;
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  const events = (compact: boolean) => {
    const cache = newCache(compact);
    let rv = compactObjects;
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      for (let w = 0; w < compactOps; w++) {
        const o = configMap((w * 7919) % compactObjects);
        o.metadata!.resourceVersion = String(++rv);
        cache.processEvent('MODIFIED', o);
      }
      runs.push(compactOps / ((performance.now() - start) / 1000));
    }
    return median(runs);
  };
  const gets = (compact: boolean) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      // A new cache each run: every get reads an object not read before.
      const cache = newCache(compact);
      const start = performance.now();
      for (let g = 0; g < compactObjects; g++) {
        const o = configMap((g * 7919) % compactObjects);
        if (cache.store.get(`${prefix}/${o.metadata!.namespace}/${o.metadata!.name}`)?.object === undefined) throw new Error('missing');
      }
      runs.push(compactObjects / ((performance.now() - start) / 1000));
    }
    return median(runs);
  };
  return [
    { what: `watch cache: events applied, objects held as bytes (pool full)`, opsPerSec: events(true), limitName: 'same, every object decoded', limitOpsPerSec: events(false) },
    { what: `watch cache: first gets of objects held as bytes (a decode each)`, opsPerSec: gets(true), limitName: 'same, every object decoded', limitOpsPerSec: gets(false) },
  ];
}

/** The garbage collector, when V8 lets us expose it (for heap figures). */
function gc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

function heapUsed(collect: (() => void) | undefined): number {
  collect?.();
  collect?.();
  return process.memoryUsage().heapUsed;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One write per millisecond (paced by the clock) to 1,000 watchers of the resource, over SQLite.
 * Every object carries the time it was sent; each watcher records when it received it.
 */
async function fanOut(kv: KV): Promise<{ row: CacherRow; notes: string[] }> {
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
  const cacher = await newCacher(store);
  const collect = gc();
  try {
    const before = heapUsed(collect);
    const start = String(await cacher.getCurrentResourceVersion());
    const ws = await Promise.all(Array.from({ length: watchers }, () => cacher.watch(prefix, { recursive: true, resourceVersion: start })));
    const perWatcher = (heapUsed(collect) - before) / watchers;

    const latencies = new Float64Array(watchers * fanOutWrites);
    let samples = 0;
    let delivered = 0;
    const reading = ws.map(async (w) => {
      for await (const ev of w) {
        const sent = Number((ev.object as KubeObject).metadata?.annotations?.sent);
        latencies[samples++] = performance.now() - sent;
        delivered++;
        if ((ev.object as KubeObject).metadata?.name === 'last') break;
      }
    });
    const t0 = performance.now();
    let peakHeap = 0;
    for (let i = 0; i < fanOutWrites; i++) {
      // Pace: write i is due at t0 + i ms.
      const due = t0 + i - performance.now();
      if (due > 1) await sleep(due);
      const name = i === fanOutWrites - 1 ? 'last' : `fan-${i}`;
      const o: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'fan', annotations: { sent: String(performance.now()) } }, data: { payload: 'x'.repeat(900) } };
      await store.create(`${prefix}/fan/${name}`, o);
      if (i % 500 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
    const writeSeconds = (performance.now() - t0) / 1000;
    await Promise.race([Promise.all(reading), sleep(30_000)]);
    const seconds = (performance.now() - t0) / 1000;
    const sorted = latencies.subarray(0, samples).sort();
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
    const busyPerWatcher = (peakHeap - before) / watchers;
    return {
      row: {
        what: `sqlite: fan-out of 1 write/ms to ${whole(watchers)} watchers (events delivered/s)`,
        opsPerSec: delivered / seconds,
        limitName: 'events offered (writes/s × watchers)',
        limitOpsPerSec: (fanOutWrites / writeSeconds) * watchers,
      },
      notes: [
        `fan-out: ${whole(delivered)} of ${whole(fanOutWrites * watchers)} events delivered; ${cacher.metrics.watchersTerminated} watchers closed as too slow; writes ran at ${whole(fanOutWrites / writeSeconds)}/s`,
        `fan-out latency, write sent → event received: p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, max ${pct(1).toFixed(1)} ms`,
        `memory per watcher: ${(perWatcher / 1024).toFixed(1)} KiB idle (heap after GC${collect ? '' : ' unavailable'}); heap growth at the peak of the run ÷ watchers: ${(busyPerWatcher / 1024).toFixed(1)} KiB (queued events and garbage not yet collected)`,
      ],
    };
  } finally {
    await cacher.close();
  }
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Lists of 10,000 1-KiB objects and gets from the watch cache vs from the Store over etcd and over
 * SQLite (the target: lists ≥ 10× faster from the cache over etcd), and the fan-out of one write per
 * millisecond to 1,000 watchers. Prints the fan-out's latency and memory figures; returns the rows.
 */
export async function benchCacher(): Promise<CacherRow[]> {
  const rows: CacherRow[] = [];
  const notes: string[] = [];
  rows.push(...storeWriteRows());
  rows.push(...compactCacheRows());
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-cacher-'));
  const etcd = await startEtcd();
  try {
    const etcdKv = createEtcd3Kv({ endpoints: etcd.endpoints });
    try {
      rows.push(...(await readRows('etcd', etcdKv)));
    } finally {
      await etcdKv.close();
    }
    const sqliteKv = createSqliteKv({ path: join(dir, 'reads.db') });
    try {
      rows.push(...(await readRows('sqlite', sqliteKv)));
    } finally {
      await sqliteKv.close();
    }
    const fanKv = createSqliteKv({ path: join(dir, 'fan-out.db') });
    try {
      const f = await fanOut(fanKv);
      rows.push(f.row);
      notes.push(...f.notes);
    } finally {
      await fanKv.close();
    }
  } finally {
    await etcd.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const etcdList = rows.find((r) => r.what.startsWith('etcd: list'))!;
  notes.unshift(`target: a list from the cache ≥ 10× the Store over etcd: ${(etcdList.opsPerSec / etcdList.limitOpsPerSec).toFixed(1)}× ${etcdList.opsPerSec >= 10 * etcdList.limitOpsPerSec ? '✓' : '✗'}`);
  process.stdout.write(`\nCacher notes\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`);
  return rows;
}
