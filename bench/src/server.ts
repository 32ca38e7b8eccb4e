// `pnpm bench -- server` (issue 16): the HTTP path next to the storage under it, end to end over
// HTTP. `kapi serve` runs in a child process (over etcd, and over SQLite), the load in another
// (server-load.ts: 64 keep-alive node:http connections, the raw `etcd3` client), etcd in a third;
// for each row kapi and its limit alternate (kapi, limit, kapi, limit, kapi, limit) and the medians
// of the three runs are compared. 1 KiB ConfigMaps throughout.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startEtcd, type EtcdServer } from '@kapi/storage-etcd3/testing';
import { compileEntry } from './compile-cli.ts';
import { dataDirParent } from './data-dir.ts';
import type { LoadCommand, WatchersResult, WatchLatencyResult } from './server-load.ts';

/** A row of the server table: kapi's figure, the limit of the same run, their ratio and the goal. */
export interface ServerRow {
  what: string;
  kapi: string;
  limit: string;
  ratio: string;
  goal: string;
  met?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
const benchDir = resolve(here, '..');
const apiserverDir = resolve(benchDir, '..', 'apps', 'apiserver');
const cliSource = join(apiserverDir, 'src', 'cli.ts');
const tsxArgs = ['--conditions=@kapi/source', '--import', 'tsx'];
const runs = 3;
/** Measured window of each throughput run (after ${warmMs} ms of warm-up). */
const windowMs = 1500;
/** The load generator's warm-up before each window (server-load.ts). */
const warmMs = 300;
const listObjects = 10_000;
/** `--rows=writes,get,list,watch,start`: only these groups of rows (all when absent). */
const rowGroups = ['writes', 'get', 'list', 'watch', 'start'] as const;
type RowGroup = (typeof rowGroups)[number];
const rowsArg = process.argv.find((a) => a.startsWith('--rows='))?.slice('--rows='.length);
const shown = (g: RowGroup) => rowsArg === undefined || rowsArg.split(',').includes(g);
for (const g of rowsArg?.split(',') ?? []) {
  if (!(rowGroups as readonly string[]).includes(g)) throw new Error(`--rows: ${g} is none of ${rowGroups.join(', ')}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : n.toFixed(0));
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`;
const x = (n: number) => `${n.toFixed(2)}×`;

/** The load generator: one child process, commands as JSON lines. */
function startLoad() {
  const child = spawn(process.execPath, [...tsxArgs, join(here, 'server-load.ts')], { cwd: benchDir, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const { id, result, error } = JSON.parse(line) as { id: number; result?: unknown; error?: string };
    const w = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) w?.reject(new Error(`load generator: ${error}`));
    else w?.resolve(result);
  });
  return {
    run<T>(command: LoadCommand): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolvePromise, reject) => {
        waiting.set(id, { resolve: resolvePromise as (v: unknown) => void, reject });
        child.stdin!.write(`${JSON.stringify({ id, ...command })}\n`);
      });
    },
    stop: () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.stdin!.end()))),
  };
}

/** A child process that prints its URL on one stdout line when it answers; stopped by `stop()`. */
interface Child {
  url: string;
  /** The process's CPU time so far (user + system, ms, from /proc; NaN elsewhere). */
  cpuMs(): number;
  signal(sig: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** CPU time of a process from /proc/<pid>/stat (utime + stime at 100 ticks a second). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Spawns `args`; resolves when `urlOf(line)` finds the URL in a line of its stdout. */
function spawnServing(args: string[], urlOf: (line: string) => string | undefined, signal: NodeJS.Signals | 'stdin' = 'SIGINT', env?: Record<string, string>): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, { cwd: benchDir, stdio: ['pipe', 'pipe', 'pipe'], ...(env ? { env: { ...process.env, ...env } } : {}) });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => stderr.push(l));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${stderr.join('\n')}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = urlOf(line);
      if (url === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolvePromise({
        url,
        cpuMs: () => processCpuMs(child.pid),
        signal: (sig) => child.kill(sig),
        stop: () =>
          new Promise<void>((r) => {
            if (child.exitCode !== null || child.signalCode !== null) return r();
            child.once('exit', () => r());
            if (signal === 'stdin') child.stdin!.end();
            else child.kill(signal);
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}

/** How `kapi serve` is run: the compiled bundle, else the sources under tsx. */
let serveEntry = [...tsxArgs, cliSource];
/** How the `startTestServer()` script is run: compiled, else under tsx. */
let startTestEntry = [...tsxArgs, join(here, 'server-start-test.ts')];

/** `pnpm bench -- server --profile`: the servers attribute each request's time to its layers. */
const profiling = process.argv.includes('--profile');

/** `kapi serve` with `args` (and node flags `nodeArgs`, environment `env`). */
function startServe(args: string[], nodeArgs: string[] = [], env?: Record<string, string>): Promise<Child> {
  const entry = serveEntry;
  return spawnServing([...nodeArgs, ...entry, 'serve', '--port', '0', '--log-level', 'warn', ...(profiling ? ['--request-profile'] : []), ...args], (line) => {
    const m = /^export KUBECONFIG=(.+)$/.exec(line);
    return m ? /server: (\S+)/.exec(readFileSync(m[1]!, 'utf8'))?.[1] : undefined;
  }, 'SIGINT', env);
}

/** A bare node:http server (plain `node`, no tsx) answering every request with the bytes of `file`. */
const bareSource = `
const { createServer } = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
const type = process.argv[2];
const s = createServer((req, res) => { res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length }); res.end(body); });
s.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + s.address().port + '\\n'));
process.stdin.resume(); process.stdin.on('end', () => process.exit(0));
`;
const startBare = (file: string, type: string) => spawnServing(['-e', bareSource, file, type], (l) => (l.startsWith('http://') ? l : undefined), 'stdin');

/** Runs kapi's and the limits' measurements alternately, `runs` times; the median of each. */
async function interleaved(sides: (() => Promise<number>)[]): Promise<number[]> {
  const figures: number[][] = sides.map(() => []);
  for (let r = 0; r < runs; r++) for (const [i, side] of sides.entries()) figures[i]!.push(await side());
  return figures.map(median);
}


/** Runs the section; returns the machine line, the rows and the notes under the table. */
/** A server's request profile (`--request-profile`): µs per request of each layer, by verb and resource. */
type RequestProfileReport = { request: string; count: number; microsPerRequest: Record<string, number> }[];

async function requestProfile(url: string): Promise<RequestProfileReport> {
  const res = await fetch(`${url}/debug/kapi/request-profile`);
  return ((await res.json()) as { requests: RequestProfileReport }).requests;
}

export async function benchServer(): Promise<{ machine: string; rows: ServerRow[]; notes: string[]; profile?: { server: string; report: RequestProfileReport }[] }> {
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()[0]!.toFixed(1)} when the section started`;
  const rows: ServerRow[] = [];
  const notes: string[] = [];
  const parent = dataDirParent();
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const d = mkdtempSync(join(parent, `kapi-bench-${name}-`));
    dirs.push(d);
    return d;
  };
  const profile: { server: string; report: RequestProfileReport }[] = [];
  let compiled = false;
  try {
    const out = tempDir('compiled');
    serveEntry = [await compileEntry(cliSource, apiserverDir, out, 'cli')];
    startTestEntry = [await compileEntry(join(here, 'server-start-test.ts'), apiserverDir, out, 'start-test-server')];
    compiled = true;
  } catch (err) {
    notes.push(`The CLI could not be compiled (${(err as Error).message.split('\n')[0]}): \`kapi serve\` runs from source under tsx.`);
  }
  notes.push(
    `\`kapi serve\` runs ${compiled ? 'compiled (as is the `startTestServer()` script): apps/apiserver/src/cli.ts and the workspace packages bundled by esbuild into ES modules (the entry and its lazily loaded chunks), npm dependencies imported from node_modules' : 'under tsx'}, with --log-level warn and its default controllers; SQLite and etcd data in ${parent}.`,
  );
  const load = startLoad();
  const stops: (() => Promise<void>)[] = [];
  let etcd: EtcdServer | undefined;
  let etcdSkipped: string | undefined;
  try {
    try {
      // KAPI_BENCH_ETCD_BINARY names another etcd (a missing path shows the section without etcd).
      const binary = process.env.KAPI_BENCH_ETCD_BINARY;
      etcd = await startEtcd(binary !== undefined ? { binary } : {});
      stops.push(() => etcd!.stop());
    } catch (err) {
      etcdSkipped = `etcd did not start: ${(err as Error).message.split('\n')[0]}`;
    }
    const sqlite = await startServe(['--data-dir', tempDir('sqlite')]);
    stops.push(() => sqlite.stop());
    const overEtcd = etcd ? await startServe(['--storage', 'etcd', '--etcd-servers', etcd.endpoints.join(','), '--data-dir', tempDir('etcd')]) : undefined;
    if (overEtcd) stops.push(() => overEtcd.stop());
    for (const url of [sqlite.url, ...(overEtcd ? [overEtcd.url] : [])]) {
      for (const ns of ['bench', 'list', 'watch']) await load.run({ cmd: 'ensureNamespace', url, ns });
    }
    // CPU per operation of each side, over the whole command (warm-up included): kapi's server
    // process from /proc, the raw etcd3 client's from the load generator's own account.
    const cpuPerOp = new Map<string, number[]>();
    const loadCpuMs = async () => (await load.run<{ cpuMs: number }>({ cmd: 'cpu' })).cpuMs;
    // `also`: other processes' CPU over the same run (etcd's, the load generator's), per operation.
    const withCpu =
      (label: string, cpuMs: () => number | Promise<number>, run: () => Promise<number>, also: [string, () => number | Promise<number>][] = []) =>
      async () => {
        const sources: [string, () => number | Promise<number>][] = [[label, cpuMs], ...also.map(([name, f]): [string, typeof f] => [`${name} (${label})`, f])];
        const before = await Promise.all(sources.map(([, f]) => f()));
        const figure = await run();
        const after = await Promise.all(sources.map(([, f]) => f()));
        for (const [i, [name]] of sources.entries()) cpuPerOp.set(name, [...(cpuPerOp.get(name) ?? []), ((after[i]! - before[i]!) * 1000) / ((figure * (windowMs + warmMs)) / 1000)]);
        return figure;
      };
    const etcdCpuMs = () => processCpuMs(etcd?.pid());
    // The same create through a `kapi serve` that runs no controllers (the garbage collector
    // follows every object), over an etcd of its own: what the controllers add to a create.
    let withoutControllers: Child | undefined;
    if (etcd) {
      const binary = process.env.KAPI_BENCH_ETCD_BINARY;
      const etcd2 = await startEtcd(binary !== undefined ? { binary } : {});
      stops.push(() => etcd2.stop());
      const server = await startServe(['--storage', 'etcd', '--etcd-servers', etcd2.endpoints.join(','), '--data-dir', tempDir('etcd-nc'), '--controllers=-garbagecollector']);
      stops.push(() => server.stop());
      await load.run({ cmd: 'ensureNamespace', url: server.url, ns: 'bench' });
      withoutControllers = server;
    }
    const skip = (what: string, goal: string) => rows.push({ what, kapi: 'skipped', limit: 'etcd did not start (the note below says why)', ratio: '', goal });

    // Writes.
    let run = 0;
    if (!shown('writes')) {
      // not asked for (--rows)
    } else if (overEtcd && etcd && withoutControllers) {
      const noControllers = withoutControllers;
      const [create, rawCreate, createNc] = await interleaved([
        withCpu('kapi create over etcd', overEtcd.cpuMs, () => load.run({ cmd: 'create', url: overEtcd.url, ns: 'bench', prefix: `c${run}`, ms: windowMs }), [
          ['etcd', etcdCpuMs],
          ['load generator', loadCpuMs],
        ]),
        withCpu('raw etcd3 create', loadCpuMs, () => load.run({ cmd: 'etcdCreate', endpoints: etcd!.endpoints, prefix: `c${run}`, ms: windowMs }), [['etcd', etcdCpuMs]]),
        withCpu('kapi create over etcd, no controllers', noControllers.cpuMs, () => load.run({ cmd: 'create', url: noControllers.url, ns: 'bench', prefix: `c${run++}`, ms: windowMs })),
      ]);
      notes.push(`Create over etcd through a \`kapi serve --controllers=-garbagecollector\` (every default controller but the garbage collector, which follows every object) over an etcd of its own, same runs: ${k(createNc!)}/s, ${x(createNc! / rawCreate!)} the raw client.`);
      rows.push({ what: 'create over etcd', kapi: `${k(create!)}/s`, limit: `raw \`etcd3\` txn (create_revision = 0) ${k(rawCreate!)}/s`, ratio: x(create! / rawCreate!), goal: '≥ 0.7×', met: create! / rawCreate! >= 0.7 });
      const [update, rawUpdate, sqliteUpdate] = await interleaved([
        withCpu('kapi update over etcd', overEtcd.cpuMs, () => load.run({ cmd: 'update', url: overEtcd.url, ns: 'bench', prefix: `u${run}`, ms: windowMs }), [
          ['etcd', etcdCpuMs],
          ['load generator', loadCpuMs],
        ]),
        withCpu('raw etcd3 update', loadCpuMs, () => load.run({ cmd: 'etcdUpdate', endpoints: etcd!.endpoints, prefix: `u${run}`, ms: windowMs }), [['etcd', etcdCpuMs]]),
        withCpu('kapi update over SQLite', sqlite.cpuMs, () => load.run({ cmd: 'update', url: sqlite.url, ns: 'bench', prefix: `u${run++}`, ms: windowMs })),
      ]);
      // On a machine of a few cores every process of a row shares them: when the row is CPU-bound,
      // its rate is the cores over the CPU all of them spend per operation, and the ratio to the
      // raw client is bounded by the two sums.
      const per = (name: string) => median(cpuPerOp.get(name) ?? [NaN]);
      for (const op of ['create', 'update']) {
        const kapiSide = ['kapi', 'etcd', 'load generator'].map((p) => per(p === 'kapi' ? `kapi ${op} over etcd` : `${p} (kapi ${op} over etcd)`));
        const rawSide = [per(`raw etcd3 ${op}`), per(`etcd (raw etcd3 ${op})`)];
        const kapiSum = kapiSide.reduce((a, b) => a + b, 0);
        const rawSum = rawSide.reduce((a, b) => a + b, 0);
        notes.push(
          `CPU per ${op} of every process, µs: kapi ${kapiSide[0]!.toFixed(0)} + etcd ${kapiSide[1]!.toFixed(0)} + load generator ${kapiSide[2]!.toFixed(0)} = ${kapiSum.toFixed(0)}, against raw client ${rawSide[0]!.toFixed(0)} + etcd ${rawSide[1]!.toFixed(0)} = ${rawSum.toFixed(0)}: on ${cpus().length} shared cores the CPU-bound ratio is at most ${x(rawSum / kapiSum)}; 0.7× needs kapi ≤ ${(rawSum / 0.7 - kapiSide[1]! - kapiSide[2]!).toFixed(0)} µs.`,
        );
      }
      rows.push({ what: 'update over etcd', kapi: `${k(update!)}/s`, limit: `raw \`etcd3\` txn (mod_revision = R) ${k(rawUpdate!)}/s`, ratio: x(update! / rawUpdate!), goal: '≥ 0.7×', met: update! / rawUpdate! >= 0.7 });
      rows.push({ what: 'update over SQLite', kapi: `${k(sqliteUpdate!)}/s`, limit: `kapi over etcd ${k(update!)}/s`, ratio: x(sqliteUpdate! / update!), goal: '≥ 3×', met: sqliteUpdate! / update! >= 3 });
    } else {
      skip('create over etcd', '≥ 0.7×');
      skip('update over etcd', '≥ 0.7×');
      skip('update over SQLite (vs kapi over etcd)', '≥ 3×');
    }

    // Cached reads: GET ?resourceVersion=0 of one ConfigMap, and the bare server sending its bytes.
    const pb = 'application/vnd.kubernetes.protobuf';
    const reader = overEtcd ?? sqlite;
    const bytesOf = async (path: string, accept: string) => Buffer.from(await (await fetch(reader.url + path, { headers: { Accept: accept } })).arrayBuffer());
    const payloadDir = tempDir('payloads');
    if (shown('get')) {
      const getPath = '/api/v1/namespaces/bench/configmaps/get-0';
      await load.run({ cmd: 'fill', url: reader.url, ns: 'bench', prefix: 'get', count: 1 });
      const jsonFile = join(payloadDir, 'get.json');
      const pbFile = join(payloadDir, 'get.pb');
      writeFileSync(jsonFile, await bytesOf(`${getPath}?resourceVersion=0`, 'application/json'));
      writeFileSync(pbFile, await bytesOf(`${getPath}?resourceVersion=0`, pb));
      const bareJson = await startBare(jsonFile, 'application/json');
      stops.push(() => bareJson.stop());
      const barePb = await startBare(pbFile, pb);
      stops.push(() => barePb.stop());
      // The share of a core the load generator used during each side's runs: near 100% means the
      // figure is the single-threaded client's ceiling, not the server's.
      const generatorCpu = new Map<string, number[]>();
      const get = (side: string, url: string, accept: string) => async () => {
        const before = await load.run<{ cpuMs: number; atMs: number }>({ cmd: 'cpu' });
        const query = () => load.run<number>({ cmd: 'get', url, path: `${getPath}?resourceVersion=0`, accept, ms: windowMs });
        const figure = await (url === reader.url ? withCpu(`kapi GET ${side.replace('kapi ', '')}`, reader.cpuMs, query) : query)();
        const after = await load.run<{ cpuMs: number; atMs: number }>({ cmd: 'cpu' });
        generatorCpu.set(side, [...(generatorCpu.get(side) ?? []), (after.cpuMs - before.cpuMs) / (after.atMs - before.atMs)]);
        return figure;
      };
      const [getJson, limitJson, getPb, limitPb] = await interleaved([
        get('kapi JSON', reader.url, 'application/json'),
        get('bare JSON', bareJson.url, 'application/json'),
        get('kapi protobuf', reader.url, pb),
        get('bare protobuf', barePb.url, pb),
      ]);
      notes.push(
        `The load generator's share of one core during the GET runs: ${[...generatorCpu].map(([side, shares]) => `${side} ${(median(shares) * 100).toFixed(0)}%`).join(', ')}.`,
      );
      const over = overEtcd ? 'etcd' : 'SQLite';
      rows.push({
        what: `GET \`?resourceVersion=0\` over ${over}, JSON / protobuf`,
        kapi: `${k(getJson!)} / ${k(getPb!)} req/s`,
        limit: `bare \`node:http\` sending the same bytes ${k(limitJson!)} / ${k(limitPb!)}`,
        ratio: `${x(getJson! / limitJson!)} / ${x(getPb! / limitPb!)}`,
        goal: '≥ 0.5×',
        met: getJson! / limitJson! >= 0.5 && getPb! / limitPb! >= 0.5,
      });
    }

    // LIST of 10k 1 KiB ConfigMaps: one request at a time, the median latency of 8 per run.
    if (shown('list')) {
      const servers = [...(overEtcd ? [overEtcd] : []), sqlite];
      for (const s of servers) await load.run({ cmd: 'fill', url: s.url, ns: 'list', prefix: 'cm', count: listObjects });
      const listPath = '/api/v1/namespaces/list/configmaps';
      const listBytes = await bytesOf(`${listPath}?resourceVersion=0`, 'application/json');
      const listFile = join(payloadDir, 'list.json');
      writeFileSync(listFile, listBytes);
      const bareList = await startBare(listFile, 'application/json');
      stops.push(() => bareList.stop());
      const latency = (url: string, path: string) => async () => (await load.run<{ medianMs: number }>({ cmd: 'latency', url, path, accept: 'application/json', n: 8 })).medianMs;
      const listRv0 = await interleaved([...servers.map((s) => latency(s.url, `${listPath}?resourceVersion=0`)), latency(bareList.url, listPath)]);
      const bareListMs = listRv0[listRv0.length - 1]!;
      const mb = `${(listBytes.length / 1e6).toFixed(1)} MB`;
      const listFigures = servers.map((s, i) => `${ms(listRv0[i]!)} (${s === overEtcd ? 'etcd' : 'SQLite'})`).join(', ');
      rows.push({
        what: `LIST 10k, \`resourceVersion=0\``,
        kapi: listFigures,
        limit: `bare \`node:http\`, same ${mb}: ${ms(bareListMs)}`,
        ratio: servers.map((_, i) => x(listRv0[i]! / bareListMs)).join(', '),
        goal: '≤ 30 ms',
        met: listRv0.slice(0, servers.length).every((m) => m <= 30),
      });
      // The same list as protobuf (what client-go asks for built-in kinds), next to a bare server sending its bytes.
      const listPbBytes = await bytesOf(`${listPath}?resourceVersion=0`, pb);
      const listPbFile = join(payloadDir, 'list.pb');
      writeFileSync(listPbFile, listPbBytes);
      const bareListPb = await startBare(listPbFile, pb);
      stops.push(() => bareListPb.stop());
      const latencyPb = (url: string, path: string) => async () => (await load.run<{ medianMs: number }>({ cmd: 'latency', url, path, accept: pb, n: 8 })).medianMs;
      const listPb = await interleaved([...servers.map((s) => latencyPb(s.url, `${listPath}?resourceVersion=0`)), latencyPb(bareListPb.url, listPath)]);
      const bareListPbMs = listPb[listPb.length - 1]!;
      rows.push({
        what: `LIST 10k, \`resourceVersion=0\`, protobuf`,
        kapi: servers.map((s, i) => `${ms(listPb[i]!)} (${s === overEtcd ? 'etcd' : 'SQLite'})`).join(', '),
        limit: `bare \`node:http\`, same ${(listPbBytes.length / 1e6).toFixed(1)} MB: ${ms(bareListPbMs)}`,
        ratio: servers.map((_, i) => x(listPb[i]! / bareListPbMs)).join(', '),
        goal: '≤ 30 ms',
        met: listPb.slice(0, servers.length).every((m) => m <= 30),
      });
      if (overEtcd && etcd) {
        const rawRange = async () => (await load.run<{ medianMs: number }>({ cmd: 'etcdRange', endpoints: etcd!.endpoints, prefix: '/registry/configmaps/list/', n: 8 })).medianMs;
        const kvRange = async () => (await load.run<{ medianMs: number }>({ cmd: 'kapiKvRange', endpoints: etcd!.endpoints, prefix: '/registry/configmaps/list/', n: 8 })).medianMs;
        const [consistent, raw, ownKv] = await interleaved([latency(overEtcd.url, listPath), rawRange, kvRange]);
        notes.push(
          `A consistent LIST over etcd 3.4.23 reads etcd, as kube-apiserver does below etcd 3.4.31 / 3.5.13 (whose progress notifications the watch cache cannot trust): of its ${ms(consistent!)}, the same range through kapi's own etcd KV takes ${ms(ownKv!)} (the raw etcd3 client: ${ms(raw!)}); the rest is decoding ${listObjects} objects and encoding the response.`,
        );
        rows.push({ what: 'LIST 10k, consistent, over etcd', kapi: ms(consistent!), limit: `raw etcd range ${ms(raw!)}`, ratio: `${x(consistent! / raw!)} slower`, goal: '≤ 1.5× raw', met: consistent! / raw! <= 1.5 });
      } else skip('LIST 10k, consistent, over etcd', '≤ 1.5× raw');
    }

    // Watch.
    if (!shown('watch')) {
      // not asked for (--rows)
    } else if (overEtcd) {
      const w: WatchersResult[] = [];
      for (let r = 0; r < runs; r++) w.push(await load.run({ cmd: 'watchers', url: overEtcd.url, ns: 'watch', prefix: `w${run++}`, watchers: 100, writes: 600 }));
      const events = median(w.map((r) => r.eventsPerSecond));
      const cap = 100 * median(w.map((r) => r.createsPerSecond));
      rows.push({
        what: '100 HTTP watchers, events/s over etcd',
        kapi: `${k(events)}/s`,
        limit: `100 × the creates/s of the same runs: ${k(cap)}/s`,
        ratio: x(events / cap),
        goal: '≥ 150k/s',
        met: events >= 150_000,
      });
      notes.push(
        `Watch fan-out alone: the same 600 events to 100 more watches opened at once from the same revision after the writes (the watch cache's window replays them; no write paces them): ${k(median(w.map((r) => r.replayPerSecond)))} events/s.`,
      );
      const p: WatchLatencyResult[] = [];
      for (let r = 0; r < runs; r++) p.push(await load.run({ cmd: 'watchLatency', url: overEtcd.url, ns: 'watch', prefix: `l${run++}`, perSecond: 100, seconds: 3 }));
      const p99 = median(p.map((l) => l.p99Ms));
      const createP99 = median(p.map((l) => l.createP99Ms));
      rows.push({
        what: 'watch latency p99 at 100 writes/s over etcd',
        kapi: `${ms(p99)} (p50 ${ms(median(p.map((l) => l.p50Ms)))})`,
        limit: `the create's own answer, same writes: p99 ${ms(createP99)} (p50 ${ms(median(p.map((l) => l.createP50Ms)))})`,
        ratio: x(p99 / createP99),
        goal: '≤ 5 ms',
        met: p99 <= 5,
      });
    } else {
      skip('100 HTTP watchers, events/s over etcd', '≥ 150k/s');
      skip('watch latency p99 at 100 writes/s over etcd', '≤ 5 ms');
    }
    if (shown('watch')) rows.push(await idleWatchRow(load, tempDir('idle-watch')));
    notes.push(
      `CPU per operation over each whole run (warm-up included; kapi's server process from /proc, the raw client's from the load generator, which pays for its own loop too): ${[...cpuPerOp]
        .map(([label, us]) => `${label} ${median(us).toFixed(0)} µs`)
        .join(', ')}.`,
    );
    if (profiling) {
      profile.push({ server: 'kapi serve over SQLite', report: await requestProfile(sqlite.url) });
      if (overEtcd) profile.push({ server: 'kapi serve over etcd', report: await requestProfile(overEtcd.url) });
    }
    for (const stop of stops.reverse()) await stop();
    stops.length = 0;
    if (shown('start')) {
      const start = await startRow(tempDir('start'), compiled);
      rows.push(start.row);
      notes.push(start.note);
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await load.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  notes.push(
    `Throughput rows: ${runs} runs of ${windowMs} ms (after ${warmMs} ms of warm-up) per side, 64 keep-alive connections from a load-generator process; LIST rows: the median of 8 sequential requests per run; figures are the medians of the ${runs} runs.`,
    `The watchers row: 100 watches of one namespace, 600 creates at 64 in flight through the same server, events counted (as lines) from the first write until every watcher has had every event; it cannot exceed 100 × the server's create rate.`,
    `Watch latency: one watcher, 300 creates at 100/s; the time from sending a create to its event arriving, next to the time to the create's own answer.`,
    `Memory per idle watch: the JS heap after a full GC (and RSS) of a \`kapi serve\` over SQLite (no controllers) with 1,000 HTTP watches of one namespace open and idle, less the same before they were opened (a first 1,000 opened and closed before, so that code and caches are warm), per watch; next to a bare \`node:http\` server holding 1,000 chunked responses open, measured the same way; median of ${runs}.`,
  );
  if (etcdSkipped) notes.push(`etcd rows skipped: ${etcdSkipped}.`);
  return { machine, rows, notes, ...(profiling ? { profile } : {}) };
}

/**
 * Asks a process started with heapProbeArgs for its heap after a full GC and its RSS (bytes): it
 * writes them to `file` on SIGUSR2.
 */
async function heapOf(child: Child, file: string): Promise<{ heapUsed: number; rss: number }> {
  rmSync(file, { force: true });
  child.signal('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 25));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { heapUsed: number; rss: number };
    } catch {
      // not written yet
    }
  }
  throw new Error('the heap probe did not answer');
}

/** Node flags that make a process write its heap after a full GC and its RSS to $KAPI_BENCH_HEAP_FILE on SIGUSR2. */
const heapProbeArgs = [
  '--expose-gc',
  '--import',
  `data:text/javascript,${encodeURIComponent(
    "import { writeFileSync } from 'node:fs'; process.on('SIGUSR2', () => { globalThis.gc(); globalThis.gc(); const m = process.memoryUsage(); writeFileSync(process.env.KAPI_BENCH_HEAP_FILE, JSON.stringify({ heapUsed: m.heapUsed, rss: m.rss })); });",
  )}`,
];

/** A bare node:http server holding every request's chunked response open (what an idle watch is to Node). */
const bareHoldSource = `
const s = require('node:http').createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }); res.flushHeaders(); });
s.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + s.address().port + '\\n'));
process.stdin.resume(); process.stdin.on('end', () => process.exit(0));
`;

/** Heap per idle HTTP watch: 1,000 watches held open by the load generator, kapi next to a bare node. */
async function idleWatchRow(load: ReturnType<typeof startLoad>, dir: string): Promise<ServerRow> {
  const watches = 1000;
  const kapiFile = join(dir, 'kapi-heap.json');
  const bareFile = join(dir, 'bare-heap.json');
  const kapi = await startServe(['--data-dir', join(dir, 'data'), '--controllers=-garbagecollector'], heapProbeArgs, { KAPI_BENCH_HEAP_FILE: kapiFile });
  const bare = await spawnServing([...heapProbeArgs, '-e', bareHoldSource], (l) => (l.startsWith('http://') ? l : undefined), 'stdin', { KAPI_BENCH_HEAP_FILE: bareFile });
  try {
    await load.run({ cmd: 'ensureNamespace', url: kapi.url, ns: 'idle' });
    const perWatch = async (child: Child, file: string) => {
      const before = await heapOf(child, file);
      // The bare server answers nothing: its watches start from a made-up revision.
      await load.run({ cmd: 'openIdleWatches', url: child.url, ns: 'idle', watchers: watches, ...(child === bare ? { rv: '1' } : {}) });
      const open = await heapOf(child, file);
      await load.run({ cmd: 'closeIdleWatches' });
      return { heap: (open.heapUsed - before.heapUsed) / watches, rss: (open.rss - before.rss) / watches };
    };
    // A first round warms both (code compiled, caches made); then kapi and bare alternate.
    await perWatch(kapi, kapiFile);
    await perWatch(bare, bareFile);
    const kapiRuns: { heap: number; rss: number }[] = [];
    const bareRuns: { heap: number; rss: number }[] = [];
    for (let r = 0; r < runs; r++) {
      kapiRuns.push(await perWatch(kapi, kapiFile));
      bareRuns.push(await perWatch(bare, bareFile));
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const kapiHeap = median(kapiRuns.map((m) => m.heap));
    const bareHeap = median(bareRuns.map((m) => m.heap));
    return {
      what: 'heap per idle HTTP watch (1,000 watches)',
      kapi: `${kb(kapiHeap)}, ${kb(kapiHeap - bareHeap)} over Node's own (RSS ${kb(median(kapiRuns.map((m) => m.rss)))})`,
      limit: `bare \`node:http\` holding 1,000 open responses: ${kb(bareHeap)} (RSS ${kb(median(bareRuns.map((m) => m.rss)))})`,
      ratio: x(kapiHeap / bareHeap),
      goal: '≤ 4 KB',
      met: kapiHeap <= 4096,
    };
  } finally {
    await kapi.stop();
    await bare.stop();
  }
}

/**
 * Start to first 200 of `/version`: `kapi serve`, `startTestServer()` in a fresh process, and a bare
 * node. `kapi serve` answers /version as soon as it listens and holds other requests until it is
 * ready, so the first 200 of a resource (GET the `default` Namespace) is timed too, for the notes.
 */
async function startRow(dir: string, compiled: boolean): Promise<{ row: ServerRow; note: string }> {
  const dataDir = join(dir, 'data');
  // The data dir is made by a first, untimed start, stopped once ready: the runs measure a restart
  // (no CA or bootstrap to write).
  const first = await startServe(['--data-dir', dataDir]);
  await (await fetch(`${first.url}/api/v1/namespaces/default`)).arrayBuffer();
  await first.stop();
  const bareVersion = `
const s = require('node:http').createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"major":"1","minor":"36"}'); });
s.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + s.address().port + '\\n'));
process.stdin.resume(); process.stdin.on('end', () => process.exit(0));
`;
  const readyMs: Record<'serve' | 'test', number[]> = { serve: [], test: [] };
  // startTestServer()'s own phases: its code loaded, and the server ready (ms from its process start).
  const testPhases: { loaded: number[]; ready: number[] } = { loaded: [], ready: [] };
  const testLine = (l: string): string | undefined => {
    const m = /^phases (\S+) (\S+)$/.exec(l);
    if (m) {
      testPhases.loaded.push(Number(m[1]));
      testPhases.ready.push(Number(m[2]));
    }
    return l.startsWith('http://') ? l : undefined;
  };
  const timeTo200 = (start: () => Promise<Child>, ready?: number[]) => async () => {
    const started = performance.now();
    const child = await start();
    const res = await fetch(`${child.url}/version`);
    await res.arrayBuffer();
    const elapsed = performance.now() - started;
    const served = ready ? await fetch(`${child.url}/api/v1/namespaces/default`) : undefined;
    await served?.arrayBuffer();
    if (ready) ready.push(performance.now() - started);
    await child.stop();
    if (res.status !== 200) throw new Error(`/version: ${res.status}`);
    if (served && served.status !== 200) throw new Error(`/api/v1/namespaces/default: ${served.status}`);
    return elapsed;
  };
  const [serve, test, bare] = await interleaved([
    timeTo200(() => startServe(['--data-dir', dataDir]), readyMs.serve),
    timeTo200(() => spawnServing(startTestEntry, testLine, 'stdin'), readyMs.test),
    timeTo200(() => spawnServing(['-e', bareVersion], (l) => (l.startsWith('http://') ? l : undefined), 'stdin')),
  ]);
  return {
    row: {
      what: `start to first 200: \`kapi serve\` ${compiled ? 'compiled' : 'under tsx'} / \`startTestServer()\` in a fresh process`,
      kapi: `${ms(serve!)} / ${ms(test!)}`,
      limit: `a bare \`node\` answering \`/version\`, same run: ${ms(bare!)}`,
      ratio: `${x(serve! / bare!)} / ${x(test! / bare!)}`,
      goal: '≤ 3× / ≤ 2×',
      met: serve! / bare! <= 3 && test! / bare! <= 2,
    },
    note: `Start: \`kapi serve\` (a restart over its SQLite data dir) answers /version as soon as it listens and holds every other request until it is ready (bootstrap objects checked, controllers started), as kube-apiserver serves while its post-start hooks run; its first 200 of a resource (GET the \`default\` Namespace) came ${ms(median(readyMs.serve))} after its start. \`startTestServer()\` (in-memory SQLite, so a first start: bootstrap objects written, a CA made) resolves only once the server is ready and its controllers are idle; its first 200 of a resource came ${ms(median(readyMs.test))} after its start. In its process: its code (the bundled apiserver and its dependencies, compiled by V8 on every start: Node 20 has no compile cache) was loaded ${ms(median(testPhases.loaded))} after the process started, ${x(median(testPhases.loaded) / bare!)} the bare node's whole start to its first 200, and startTestServer() resolved ${ms(median(testPhases.ready) - median(testPhases.loaded))} later.`,
  };
}
