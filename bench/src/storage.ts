// `pnpm bench storage`: the Store over each backend next to the same operations done without it, in
// the same run (the limits: ./storage-limits.ts).
// Both sides are measured interleaved (limit, kapi, kapi, limit) so load from other processes falls
// on both alike: compare the ratios, not the figures.
import { accessSync, constants as fsConstants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore, everything, type KV, type StorageInterface } from '@kapi/storage';
import { createSqliteKv } from '@kapi/storage-sqlite';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { startEtcd } from '@kapi/storage-etcd3/testing';
import { rawEtcdLimit, sqliteKvLimit, type Limit } from './storage-limits.ts';

/** One line of a storage table. */
export interface StorageRow {
  what: string;
  unit: 'ops/s' | 'events/s' | 'ms';
  /** The kapi figure. */
  value: number;
  limitName: string;
  limitValue: number;
  /** kapi's speed over the limit's: ops/s ÷ ops/s, or limit ms ÷ kapi ms. */
  ratio: number;
  /** CPU time of this Node process per operation, kapi and limit (µs); absent for ms rows. */
  cpuUsPerOp?: number;
  limitCpuUsPerOp?: number;
  /** The target for this row, and whether this run met it. */
  target?: { text: string; met: boolean };
}

/** The rows of one backend with what the reader needs to know to read them. */
export interface StorageTable {
  title: string;
  notes: string[];
  rows: StorageRow[];
}

/** Options of {@link benchStorage}. */
export interface StorageBenchOptions {
  /** Length of one measured slot of a time-based measurement (each side gets 2 × 4 of them). Default 400 ms. */
  slotMs?: number;
  /** Progress lines (default: stderr). */
  progress?: (line: string) => void;
}

const LIST_SIZE = 10_000;
const PAGE = 500;
const UPDATE_KEYS = 100;
const CONCURRENCY = 16;
const UPDATE_CONCURRENCY = [1, 16, 64] as const;
const STORE_PREFIX = '/registry';

interface Sample {
  ops: number;
  seconds: number;
  cpuUs: number;
}
interface Pair {
  limit: Sample;
  kapi: Sample;
}

const sum = (a: Sample, b: Sample): Sample => ({ ops: a.ops + b.ops, seconds: a.seconds + b.seconds, cpuUs: a.cpuUs + b.cpuUs });

async function sample(ops: () => Promise<number>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const n = await ops();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { ops: n, seconds, cpuUs: used.user + used.system };
}

/** `concurrency` workers call op(worker) back to back for `ms`; ops counted until the last one returns. */
function runFor(ms: number, concurrency: number, op: (worker: number) => Promise<unknown>): Promise<Sample> {
  return sample(async () => {
    const end = performance.now() + ms;
    let ops = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (performance.now() < end) {
          await op(w);
          ops++;
        }
      }),
    );
    return ops;
  });
}

/** op() exactly n times with `concurrency` in flight. */
function runCount(n: number, concurrency: number, op: () => Promise<unknown>): Promise<Sample> {
  return sample(async () => {
    let started = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, n) }, async () => {
        while (started < n) {
          started++;
          await op();
        }
      }),
    );
    return n;
  });
}

/**
 * Runs each runner 2 × `blocks` times, in the order A B C, C B A per block, and adds up each one's
 * samples: drift in the machine's load hits every side alike.
 */
async function interleave(blocks: number, ...runners: (() => Promise<Sample>)[]): Promise<Sample[]> {
  const totals = runners.map((): Sample => ({ ops: 0, seconds: 0, cpuUs: 0 }));
  const order = [...runners.keys(), ...[...runners.keys()].reverse()];
  for (let b = 0; b < blocks; b++) for (const i of order) totals[i] = sum(totals[i]!, await runners[i]!());
  return totals;
}

async function pair(blocks: number, limit: () => Promise<Sample>, kapi: () => Promise<Sample>): Promise<Pair> {
  const [l, k] = await interleave(blocks, limit, kapi);
  return { limit: l!, kapi: k! };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function rateRow(what: string, limitName: string, p: Pair, unit: 'ops/s' | 'events/s' = 'ops/s', minRatio?: number): StorageRow {
  const value = p.kapi.ops / p.kapi.seconds;
  const limitValue = p.limit.ops / p.limit.seconds;
  const ratio = value / limitValue;
  return {
    what,
    unit,
    value,
    limitName,
    limitValue,
    ratio,
    cpuUsPerOp: p.kapi.cpuUs / p.kapi.ops,
    limitCpuUsPerOp: p.limit.cpuUs / p.limit.ops,
    ...(minRatio !== undefined ? { target: { text: `≥ ${minRatio}× limit`, met: ratio >= minRatio } } : {}),
  };
}

// ---- the objects -------------------------------------------------------------------------------

/** A ConfigMap as the registry stores it, 1 KiB once encoded; `counter` changes on each update. */
function configMap(namespace: string, name: string): KubeObject {
  const obj: KubeObject = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace,
      uid: '6c1f3e4a-2b7d-4f7e-9a51-0d2c8e7b3f10',
      creationTimestamp: '2025-01-01T00:00:00Z',
      labels: { app: 'bench', tier: 'storage' },
    },
    data: { counter: '0'.repeat(10), 'settings.conf': '' },
  };
  const pad = 1024 - jsonCodec.encode(obj).length;
  (obj['data'] as Record<string, string>)['settings.conf'] = 'k=v;'.repeat(Math.ceil(pad / 4)).slice(0, Math.max(0, pad));
  return obj;
}

const cmName = (i: number) => `cm-${String(i).padStart(5, '0')}`;
const storeKey = (namespace: string, name: string) => `/configmaps/${namespace}/${name}`;
const kvKey = (namespace: string, name: string) => `${STORE_PREFIX}${storeKey(namespace, name)}`;
const kvPrefix = (namespace: string) => `${STORE_PREFIX}/configmaps/${namespace}/`;

/** Worker w of c owns keys w, w+c, w+2c…: no two writes of one key are ever in flight. */
function keyCycler(keys: readonly string[], concurrency: number): (worker: number) => string {
  const owned = Array.from({ length: concurrency }, (_, w) => keys.filter((_, i) => i % concurrency === w));
  const next = new Array<number>(concurrency).fill(0);
  return (w) => {
    const own = owned[w]!;
    const key = own[next[w]! % own.length]!;
    next[w]!++;
    return key;
  };
}

// ---- one backend -------------------------------------------------------------------------------

async function storeWatch(store: StorageInterface, key: string, resourceVersion: number, n: number): Promise<{ done: Promise<void> }> {
  const watcher = await store.watch(key, { recursive: true, resourceVersion: String(resourceVersion) });
  const done = (async () => {
    let seen = 0;
    try {
      for await (const ev of watcher) {
        if (ev.type === 'ERROR') throw new Error(`store watch: ${JSON.stringify(ev.object)}`);
        if (ev.type !== 'BOOKMARK') seen++;
        if (seen >= n) break;
      }
      if (seen < n) throw new Error(`store watch ended after ${seen} of ${n} events`);
    } finally {
      watcher.stop();
    }
  })();
  return { done };
}

interface BackendRun {
  label: string;
  kv: KV;
  limit: Limit;
  /** Also measure the KV without the Store (for etcd: where between client and Store the time goes). */
  kvAlone: boolean;
  slotMs: number;
  /** Events per watch measurement. */
  watchEvents: number;
  progress: (line: string) => void;
}

/** Time-based pairs: blocks of (limit, kapi, kapi, limit). */
const BLOCKS = 4;
/** Watches: each run is N writes, so fewer blocks. */
const WATCH_BLOCKS = 2;

/** Every measurement of one backend; rows in the order of the issue. */
async function benchBackend(run: BackendRun): Promise<StorageRow[]> {
  const { kv, limit, slotMs } = run;
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: STORE_PREFIX });
  const L = limit.name;
  const minRatio = run.label === 'etcd' ? 0.8 : undefined;
  const rows: StorageRow[] = [];
  const step = async (what: string) => {
    await limit.compact();
    run.progress(`storage: ${run.label}: ${what}`);
  };
  const value = jsonCodec.encode(configMap('raw', cmName(0)));
  const warm = (op: (w: number) => Promise<unknown>, concurrency: number) => runFor(Math.min(300, slotMs), concurrency, op);
  const timed = (concurrency: number, op: (w: number) => Promise<unknown>) => () => runFor(slotMs, concurrency, op);
  const kvAloneRow = (what: string, limitName: string, p: Pair) => {
    const row = rateRow(`${what}: the KV alone, without the Store`, limitName, p);
    rows.push({ ...row, what: `  ↳ ${row.what}` });
  };

  // create: exactly LIST_SIZE Store creates, into the namespace the list reads afterwards.
  await step('create');
  const counters = { raw: 0, kv: 0, store: 0, warmRaw: 0, warmStore: 0 };
  const rawCreate = (ns: string, c: 'raw' | 'warmRaw') => () => limit.create(kvKey(ns, cmName(counters[c]++)), value);
  const storeCreate = (ns: string, c: 'store' | 'warmStore') => () => {
    const name = cmName(counters[c]++);
    return store.create(storeKey(ns, name), configMap(ns, name));
  };
  await runCount(500, CONCURRENCY, rawCreate('warm-raw', 'warmRaw'));
  await runCount(500, CONCURRENCY, storeCreate('warm', 'warmStore'));
  const slot = LIST_SIZE / (2 * BLOCKS);
  const [rawC, storeC, kvC] = await interleave(
    BLOCKS,
    () => runCount(slot, CONCURRENCY, rawCreate('raw', 'raw')),
    () => runCount(slot, CONCURRENCY, storeCreate('list', 'store')),
    ...(run.kvAlone ? [() => runCount(slot / 2, CONCURRENCY, () => kv.create(kvKey('kv', cmName(counters.kv++)), value))] : []),
  );
  const createLimit = `${L}: txn create_revision=0 → put`;
  rows.push(rateRow(`create (c=${CONCURRENCY})`, createLimit, { limit: rawC!, kapi: storeC! }, 'ops/s', minRatio));
  if (kvC) kvAloneRow(`create (c=${CONCURRENCY})`, createLimit, { limit: rawC!, kapi: kvC });

  // guaranteedUpdate: UPDATE_KEYS keys per side, each worker owning its own keys.
  await step('guaranteedUpdate');
  const names = Array.from({ length: UPDATE_KEYS }, (_, i) => cmName(i));
  const revs = new Map<string, number>();
  const cached = new Map<string, KubeObject>();
  for (const name of names) {
    revs.set(kvKey('upd-raw', name), await limit.create(kvKey('upd-raw', name), value));
    revs.set(kvKey('upd-kv', name), await limit.create(kvKey('upd-kv', name), value));
    cached.set(storeKey('upd', name), await store.create(storeKey('upd', name), configMap('upd', name)));
  }
  let counter = 1;
  const bump = (cur: KubeObject): KubeObject => {
    (cur['data'] as Record<string, string>)['counter'] = String(counter++).padStart(10, '0');
    return cur;
  };
  const rawKeys = names.map((n) => kvKey('upd-raw', n));
  const kvKeys = names.map((n) => kvKey('upd-kv', n));
  const storeKeys = names.map((n) => storeKey('upd', n));
  const updateLimit = `${L}: txn mod_revision → put`;
  for (const c of UPDATE_CONCURRENCY) {
    const nextRaw = keyCycler(rawKeys, c);
    const nextKv = keyCycler(kvKeys, c);
    const nextStore = keyCycler(storeKeys, c);
    const rawOp = async (w: number) => {
      const key = nextRaw(w);
      revs.set(key, await limit.update(key, value, revs.get(key)!));
    };
    const kvOp = async (w: number) => {
      const key = nextKv(w);
      const res = await kv.update(key, value, revs.get(key)!);
      if (!res.succeeded) throw new Error(`kv update ${key}: conflict`);
      revs.set(key, res.revision);
    };
    const storeOp = async (w: number) => {
      const key = nextStore(w);
      cached.set(key, await store.guaranteedUpdate(key, { tryUpdate: bump, cachedExistingObject: cached.get(key)! }));
    };
    // The KV alone at the middle concurrency only: enough to see where the time goes.
    const withKv = run.kvAlone && c === CONCURRENCY;
    await warm(rawOp, c);
    await warm(storeOp, c);
    if (withKv) await warm(kvOp, c);
    const [rawU, storeU, kvU] = await interleave(BLOCKS, timed(c, rawOp), timed(c, storeOp), ...(withKv ? [timed(c, kvOp)] : []));
    rows.push(rateRow(`guaranteedUpdate (c=${c}, cached object)`, updateLimit, { limit: rawU!, kapi: storeU! }, 'ops/s', minRatio));
    if (kvU) kvAloneRow(`update (c=${c})`, updateLimit, { limit: rawU!, kapi: kvU });
    await limit.compact();
  }
  {
    // Without a cached object (no watch cache): a read, then the txn, on both sides.
    const c = CONCURRENCY;
    const nextRaw = keyCycler(rawKeys, c);
    const nextStore = keyCycler(storeKeys, c);
    const rawOp = async (w: number) => {
      const key = nextRaw(w);
      await limit.update(key, value, await limit.get(key));
    };
    const storeOp = (w: number) => store.guaranteedUpdate(nextStore(w), { tryUpdate: bump });
    await warm(rawOp, c);
    await warm(storeOp, c);
    const p = await pair(BLOCKS, timed(c, rawOp), timed(c, storeOp));
    rows.push(rateRow(`guaranteedUpdate (c=${c}, no cached object)`, `${L}: range, then txn`, p, 'ops/s', minRatio));
  }

  // get: objects of the list namespace in a scattered order, the same keys on both sides.
  await step('get');
  let g = 0;
  const pick = () => cmName((g++ * 7919) % LIST_SIZE);
  const rawGet = () => limit.get(kvKey('list', pick()));
  const storeGet = () => store.get(storeKey('list', pick()));
  await warm(rawGet, CONCURRENCY);
  await warm(storeGet, CONCURRENCY);
  rows.push(rateRow(`get (c=${CONCURRENCY})`, `${L}: range of one key`, await pair(BLOCKS, timed(CONCURRENCY, rawGet), timed(CONCURRENCY, storeGet))));

  // list: the LIST_SIZE objects, whole and paged; median of 5 alternating runs after one warm-up.
  await step('list');
  const timeMs = async (fn: () => Promise<number>) => {
    const start = performance.now();
    const n = await fn();
    if (n !== LIST_SIZE) throw new Error(`list returned ${n} objects, expected ${LIST_SIZE}`);
    return performance.now() - start;
  };
  const storeListPaged = async () => {
    let n = 0;
    let cont: string | undefined;
    do {
      const page = await store.getList('/configmaps/list', { recursive: true, predicate: { ...everything(), limit: PAGE, ...(cont ? { continue: cont } : {}) } });
      n += page.items.length;
      cont = page.metadata.continue;
    } while (cont);
    return n;
  };
  const storeList = async () => (await store.getList('/configmaps/list', { recursive: true })).items.length;
  const lists: [string, string, () => Promise<number>, () => Promise<number>][] = [
    [`list ${LIST_SIZE} × 1 KiB, whole`, `${L}: range of the prefix`, () => limit.list(kvPrefix('list')), storeList],
    [`list ${LIST_SIZE} × 1 KiB, paged by ${PAGE}`, `${L}: ranges with limit ${PAGE} at one revision`, () => limit.listPaged(kvPrefix('list'), PAGE), storeListPaged],
  ];
  for (const [what, limitName, rawList, kapiList] of lists) {
    await timeMs(rawList);
    await timeMs(kapiList);
    const lt: number[] = [];
    const kt: number[] = [];
    for (let i = 0; i < 5; i++) {
      lt.push(await timeMs(rawList));
      kt.push(await timeMs(kapiList));
    }
    const kapiMs = median(kt);
    const limitMs = median(lt);
    rows.push({ what, unit: 'ms', value: kapiMs, limitName, limitValue: limitMs, ratio: limitMs / kapiMs });
  }

  // watch: the same writer (the limit's conditional updates, c=64, over UPDATE_KEYS keys) while
  // one side watches the prefix; then each side replays events from history.
  await step('watch');
  const watchKeys = names.map((n) => kvKey('watch', n));
  for (const name of names) {
    const created = await store.create(storeKey('watch', name), configMap('watch', name));
    revs.set(kvKey('watch', name), Number(created.metadata?.resourceVersion));
  }
  const nextWatchKey = keyCycler(watchKeys, 64);
  const writer = async (n: number) => {
    let left = n;
    await Promise.all(
      Array.from({ length: 64 }, async (_, w) => {
        while (left > 0) {
          left--;
          const key = nextWatchKey(w);
          revs.set(key, await limit.update(key, value, revs.get(key)!));
        }
      }),
    );
  };
  const N = run.watchEvents;
  // The revision before the latest live run: exactly N events of history follow it.
  let replayFrom = 0;
  const live = (open: (rev: number, n: number) => Promise<{ done: Promise<void> }>, n = N) => async () => {
    const rev = await limit.currentRevision();
    replayFrom = rev;
    const w = await open(rev, n);
    return sample(async () => {
      await Promise.all([writer(n), w.done]);
      return n;
    });
  };
  const rawWatch = (rev: number, n: number) => limit.watch(kvPrefix('watch'), rev + 1, n);
  const storeWatchAt = (rev: number, n: number) => storeWatch(store, '/configmaps/watch', rev, n);
  await live(rawWatch, N / 4)();
  await live(storeWatchAt, N / 4)();
  const watchLimit = `${L}: watch stream with prev_kv`;
  rows.push(rateRow(`watch, live (${N} updates by ${L}, c=64)`, watchLimit, await pair(WATCH_BLOCKS, live(rawWatch), live(storeWatchAt)), 'events/s'));
  // Replays of the N events of the last live run.
  const replay = (open: (rev: number, n: number) => Promise<{ done: Promise<void> }>) => () => sample(async () => (await (await open(replayFrom, N)).done, N));
  rows.push(rateRow(`watch, replay of ${N} events from history`, watchLimit, await pair(WATCH_BLOCKS, replay(rawWatch), replay(storeWatchAt)), 'events/s'));
  return rows;
}

// ---- the two backends ---------------------------------------------------------------------------

/** Where startEtcd() puts etcd's data: /dev/shm when writable. SQLite gets the same medium. */
function dataParent(): string {
  try {
    accessSync('/dev/shm', fsConstants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** Runs the storage benchmark of both backends; one table each. */
export async function benchStorage(options: StorageBenchOptions = {}): Promise<StorageTable[]> {
  const slotMs = options.slotMs ?? 400;
  const progress = options.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  const common = [
    `Measured interleaved after a warm-up: ${BLOCKS} blocks of (limit, kapi, kapi, limit), each slot ${slotMs} ms or ${(LIST_SIZE / (2 * BLOCKS)).toLocaleString('en-US')} creates (${LIST_SIZE.toLocaleString('en-US')} per side); watches: ${WATCH_BLOCKS} blocks; lists: median of 5 alternating runs. Ratio = kapi's speed ÷ the limit's.`,
    `Objects: ConfigMaps of 1 KiB (JSON codec). guaranteedUpdate spreads over ${UPDATE_KEYS} keys, each worker owning its own keys: it measures throughput, not contention. "cached object" passes the last result as cachedExistingObject, as the watch cache does (no read); "no cached object" reads first, so its limit is a range then the txn.`,
    'CPU µs/op: CPU time of this Node process (user+system) per operation.',
  ];
  const tables: StorageTable[] = [];

  const parent = dataParent();
  const etcd = await startEtcd();
  const raw = rawEtcdLimit(etcd.endpoints);
  const etcdKv = createEtcd3Kv({ endpoints: etcd.endpoints });
  let etcdRows: StorageRow[];
  try {
    const version = await etcdKv.serverVersion();
    etcdRows = await benchBackend({ label: 'etcd', kv: etcdKv, limit: raw, kvAlone: true, slotMs, watchEvents: 3000, progress });
    tables.push({
      title: `Store over etcd ${version} (data in ${parent})`,
      notes: [
        ...common,
        'Limit: the raw `etcd3` client, configured as the KV configures its own (no retry policies, same gRPC limits), sending the requests the KV sends (same txn shapes, same concurrency). "↳ the KV alone" rows split the gap: client → KV, then KV → Store.',
        'etcd is compacted (physical) before each phase and after each update run: etcd 3.4 slows down after large writes until compaction.',
      ],
      rows: etcdRows,
    });
  } finally {
    await etcdKv.close();
    raw.close();
    await etcd.stop();
  }

  const dir = mkdtempSync(join(parent, 'kapi-bench-'));
  const sqlite = createSqliteKv({ path: join(dir, 'bench.db') });
  try {
    const rows = await benchBackend({ label: 'sqlite', kv: sqlite, limit: sqliteKvLimit(sqlite), kvAlone: false, slotMs, watchEvents: 10_000, progress });
    const create = rows[0]!;
    const etcdCreate = etcdRows[0]!;
    rows.splice(
      1,
      0,
      {
        what: create.what,
        unit: 'ops/s',
        value: create.value,
        limitName: 'target: 10,000 creates/s',
        limitValue: 10_000,
        ratio: create.value / 10_000,
        target: { text: '≥ 10,000/s', met: create.value >= 10_000 },
      },
      {
        what: create.what,
        unit: 'ops/s',
        value: create.value,
        limitName: 'Store over etcd, create (above)',
        limitValue: etcdCreate.value,
        ratio: create.value / etcdCreate.value,
        target: { text: '≥ 3× Store over etcd', met: create.value >= 3 * etcdCreate.value },
      },
    );
    tables.push({
      title: `Store over SQLite (file in ${parent}, WAL, synchronous=NORMAL)`,
      notes: [...common, 'Limit: the SQLite KV itself (createSqliteKv), the same calls the Store makes. Compacted before each phase, like etcd.'],
      rows,
    });
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return tables;
}
