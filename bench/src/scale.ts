// `pnpm bench -- scale` (issue 16): how a `kapi serve` over SQLite behaves as its objects grow from
// 1k to 100k to 1M 1 KiB ConfigMaps: start, the memory per cached object, and the cost of a create,
// a cached GET, a LIST page, a full LIST and a watch at each size. The objects are written straight
// through the storage layer (scale-fill.ts) before the server starts, so the server starts over them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { compileEntry } from './compile-cli.ts';
import { dataDirParent } from './data-dir.ts';
import { fillSqlite } from './scale-fill.ts';
import { configMap } from './server-load.ts';

const here = dirname(fileURLToPath(import.meta.url));
const apiserverDir = resolve(here, '..', '..', 'apps', 'apiserver');
const cliSource = join(apiserverDir, 'src', 'cli.ts');
const ns = 'scale';
/** `--sizes=1000,100000`: the steps (default 1k, 100k, 1M). */
const sizesArg = process.argv.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length);
const sizes = sizesArg !== undefined ? sizesArg.split(',').map(Number) : [1_000, 100_000, 1_000_000];
/** `KAPI_BENCH_SCALE_SERVE_ARGS`: more `kapi serve` flags (e.g. `--controllers=-garbagecollector`, to see the cache without the garbage collector's informers). */
const extraServeArgs = process.env.KAPI_BENCH_SCALE_SERVE_ARGS?.split(' ').filter((a) => a !== '') ?? [];
/** The server's V8 heap limit: a million cached 1 KiB objects (and the controllers' informers) take ~3.5 GB. */
const heapLimitMb = 8192;

/**
 * Loaded into the server before its entry (`--import`): on SIGUSR2 it collects garbage and prints
 * its memory as one line on stderr.
 */
const memoryProbe = `data:text/javascript,${encodeURIComponent(
  "process.on('SIGUSR2', () => { globalThis.gc?.(); globalThis.gc?.(); process.stderr.write('kapi-memory ' + JSON.stringify(process.memoryUsage()) + '\\n'); });",
)}`;

interface Server {
  url: string;
  child: ChildProcess;
  /** Resolves with process.memoryUsage() after a full collection, read through the probe. */
  memory(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

/** Starts `kapi serve` over dataDir; resolves once it printed its kubeconfig (the socket is open). */
function startServe(entry: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [`--max-old-space-size=${heapLimitMb}`, '--expose-gc', '--import', memoryProbe, entry, 'serve', '--port', '0', '--log-level', 'warn', '--data-dir', dataDir, ...extraServeArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  let stopping = false;
  const memoryWaiters: ((m: NodeJS.MemoryUsage) => void)[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => {
    if (l.startsWith('kapi-memory ')) memoryWaiters.shift()?.(JSON.parse(l.slice('kapi-memory '.length)) as NodeJS.MemoryUsage);
    else if (stderr.push(l) > 50) stderr.shift();
  });
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`kapi serve exited with ${code}: ${stderr.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^export KUBECONFIG=(.+)$/.exec(line);
      if (!m) return;
      child.removeAllListeners('exit');
      // An exit nobody asked for: say why (the requests in flight fail on their own).
      child.once('exit', (code, signal) => {
        if (!stopping) process.stderr.write(`kapi serve exited (${code ?? signal}):\n${stderr.join('\n')}\n`);
      });
      resolvePromise({
        url: /server: (\S+)/.exec(readFileSync(m[1]!, 'utf8'))![1]!,
        child,
        memory: () =>
          new Promise((r) => {
            memoryWaiters.push(r);
            child.kill('SIGUSR2');
          }),
        stop: () =>
          new Promise<void>((r) => {
            stopping = true;
            if (child.exitCode !== null || child.signalCode !== null) return r();
            child.once('exit', () => r());
            child.kill('SIGINT');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      });
    });
  });
}

/** The resident set of a process (bytes), from /proc. */
function rssOf(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with the status and the number of body bytes (the body is not kept). */
function send(url: string, method = 'GET', body?: string, fresh = false): Promise<{ status: number; bytes: number; firstByteMs: number }> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method, agent: fresh ? false : agent, headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const firstByteMs = performance.now() - started;
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, bytes, firstByteMs }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const r = await send(url);
  return { ms: performance.now() - started, bytes: r.bytes, status: r.status };
}

/** What failed, per step (shown under the table). */
const failures: string[] = [];

/** Runs one measurement; a failure is noted and its figure left out (NaN) instead of ending the section. */
async function attempt(objects: number, what: string, run: () => Promise<number>): Promise<number> {
  if (process.env.KAPI_SCALE_TRACE) process.stderr.write(`scale ${objects}: ${what}\n`);
  try {
    return await run();
  } catch (err) {
    failures.push(`${what} at ${objects.toLocaleString('en-US')} objects failed: ${(err as Error).message}`);
    return Number.NaN;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median latency of `n` sequential GETs of url (each must answer 200). */
async function medianMs(url: string, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await timed(url);
    if (r.status !== 200) throw new Error(`GET ${url}: ${r.status}`);
    times.push(r.ms);
  }
  return median(times);
}

/** Creates per second over `ms`, `inFlight` at a time. */
async function createRate(base: string, prefix: string, ms: number, inFlight = 32): Promise<number> {
  let done = 0;
  let i = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const name = `${prefix}-${i++}`;
      const r = await send(`${base}/api/v1/namespaces/${ns}/configmaps`, 'POST', configMap(ns, name));
      if (r.status !== 201) throw new Error(`create ${name}: ${r.status}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return (done * 1000) / (performance.now() - started);
}

/**
 * A watch of the namespace from `resourceVersion` (streamed, not kept): resolves `ready` once the
 * response started, counts event lines, and records when each line naming `${marker}-<i>` arrived.
 */
function watchLines(url: string, marker: string) {
  const arrived = new Map<string, number>();
  let lines = 0;
  let req: ReturnType<typeof request> | undefined;
  const ready = new Promise<void>((resolvePromise, reject) => {
    req = request(url, { agent: false }, (res) => {
      resolvePromise();
      let rest = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        const parts = (rest + chunk).split('\n');
        rest = parts.pop()!;
        for (const line of parts) {
          lines++;
          const m = new RegExp(`"name":"(${marker}-\\d+)"`).exec(line);
          if (m) arrived.set(m[1]!, now);
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end();
  });
  return { ready, arrived, lines: () => lines, stop: () => req?.destroy() };
}

/** A consistent list of one object: the namespace's resourceVersion and how many objects it holds. */
function firstPage(base: string): Promise<{ metadata: { resourceVersion: string; remainingItemCount?: number } }> {
  return new Promise((resolvePromise, reject) => {
    request(`${base}/api/v1/namespaces/${ns}/configmaps?limit=1`, { agent }, (res) => {
      let s = '';
      res.on('data', (c: Buffer) => (s += c.toString()));
      res.on('end', () => resolvePromise(JSON.parse(s) as { metadata: { resourceVersion: string; remainingItemCount?: number } }));
    })
      .on('error', reject)
      .end();
  });
}

async function until(cond: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!cond()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** One step's figures. */
interface Step {
  objects: number;
  fillMs: number;
  versionMs: number;
  pageMs: number;
  readyMs: number;
  rss: number;
  heapUsed: number;
  createPerSec: number;
  getUs: number;
  pageListMs: number;
  fullListMs: number;
  fullListBytes: number;
  watchP50Ms: number;
  watchInitialMs: number;
}

async function runStep(entry: string, parent: string, objects: number): Promise<Step> {
  const dataDir = mkdtempSync(join(parent, `kapi-bench-scale-${objects}-`));
  try {
    const fillMs = await fillSqlite(dataDir, ns, 'cm', 0, objects);
    const started = performance.now();
    const server = await startServe(entry, dataDir);
    try {
      const base = server.url;
      const version = await send(`${base}/version`, 'GET', undefined, true);
      const versionMs = performance.now() - started;
      if (version.status !== 200) throw new Error(`/version: ${version.status}`);
      // The first page, sent as soon as the socket is open: served by storage while the cache fills.
      const page = await send(`${base}/api/v1/namespaces/${ns}/configmaps?limit=500`, 'GET', undefined, true);
      const pageMs = performance.now() - started;
      if (page.status !== 200) throw new Error(`first page: ${page.status}`);
      // The cache is ready when a resourceVersion=0 list is answered (429 until then).
      for (;;) {
        const r = await send(`${base}/api/v1/namespaces/${ns}/configmaps?resourceVersion=0&fieldSelector=metadata.name%3Dcm-0`, 'GET', undefined, true);
        if (r.status === 200) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      const readyMs = performance.now() - started;
      // Memory once the start's garbage is gone: a few quiet seconds (the controllers' informers
      // finish their lists), then a full collection.
      await new Promise((r) => setTimeout(r, 3000));
      const mem = await server.memory();
      const rss = rssOf(server.child.pid);
      const getUs = await attempt(objects, 'GET', async () => (await medianMs(`${base}/api/v1/namespaces/${ns}/configmaps/cm-0?resourceVersion=0`, 500)) * 1000);
      const pageListMs = await attempt(objects, 'LIST page', () => medianMs(`${base}/api/v1/namespaces/${ns}/configmaps?limit=500`, 20));
      let fullListBytes = 0;
      const fullListMs = await attempt(objects, 'LIST all', async () => {
        const fullTimes: number[] = [];
        for (let i = 0; i < (objects >= 1_000_000 ? 2 : 5); i++) {
          const r = await timed(`${base}/api/v1/namespaces/${ns}/configmaps?resourceVersion=0`);
          if (r.status !== 200) throw new Error(`full list: ${r.status}`);
          fullListBytes = r.bytes;
          // The first list encodes every item; the later ones reuse their bytes.
          if (i > 0) fullTimes.push(r.ms);
        }
        return median(fullTimes);
      });
      const createPerSec = await attempt(objects, 'create', async () => {
        // The objects were written without their namespace (storage does not check it); creates over HTTP need it.
        const nsCreated = await send(`${base}/api/v1/namespaces`, 'POST', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
        if (nsCreated.status !== 201 && nsCreated.status !== 409) throw new Error(`create namespace: ${nsCreated.status}`);
        return createRate(base, 'new', 1500);
      });
      // Watch latency: one watcher of the namespace, 100 creates at ~50/s.
      const watchP50Ms = await attempt(objects, 'watch latency', async () => {
        const rv = (await firstPage(base)).metadata.resourceVersion;
        const w = watchLines(`${base}/api/v1/namespaces/${ns}/configmaps?watch=1&resourceVersion=${rv}`, 'lat');
        await w.ready;
        const sent = new Map<string, number>();
        try {
          for (let i = 0; i < 100; i++) {
            const name = `lat-${i}`;
            sent.set(name, performance.now());
            const r = await send(`${base}/api/v1/namespaces/${ns}/configmaps`, 'POST', configMap(ns, name));
            if (r.status !== 201) throw new Error(`create ${name}: ${r.status}`);
            await new Promise((res) => setTimeout(res, 20));
          }
          await until(() => w.arrived.size >= 100, 30_000);
        } finally {
          w.stop();
        }
        return median([...sent].map(([name, at]) => w.arrived.get(name)! - at));
      });
      // A watch from resourceVersion=0: every object as an ADDED event first.
      const watchInitialMs = await attempt(objects, 'watch from 0', async () => {
        const initialStarted = performance.now();
        const all = watchLines(`${base}/api/v1/namespaces/${ns}/configmaps?watch=1&resourceVersion=0`, 'none');
        try {
          await all.ready;
          // Every object the namespace holds now (the creates above included) comes as one line.
          const expected = ((await firstPage(base)).metadata.remainingItemCount ?? 0) + 1;
          await until(() => all.lines() >= expected, 600_000);
          return performance.now() - initialStarted;
        } finally {
          all.stop();
        }
      });
      return {
        objects,
        fillMs,
        versionMs,
        pageMs,
        readyMs,
        rss,
        heapUsed: mem.heapUsed,
        createPerSec,
        getUs,
        pageListMs,
        fullListMs,
        fullListBytes,
        watchP50Ms,
        watchInitialMs,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}


/** The scale table: one row per figure, one column per size. */
export async function benchScale(): Promise<{ machine: string; header: string[]; rows: string[][]; notes: string[] }> {
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg()[0]!.toFixed(1)} when the section started`;
  const parent = dataDirParent();
  const outDir = mkdtempSync(join(tmpdir(), 'kapi-bench-scale-cli-'));
  const steps: Step[] = [];
  try {
    const entry = await compileEntry(cliSource, apiserverDir, outDir, 'cli');
    for (const n of sizes) steps.push(await runStep(entry, parent, n));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    agent.destroy();
  }
  const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  const ms = (n: number) => (Number.isNaN(n) ? 'failed' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : n >= 10 ? `${n.toFixed(0)} ms` : `${n.toFixed(1)} ms`);
  const us = (n: number) => (Number.isNaN(n) ? 'failed' : `${n.toFixed(n < 10 ? 1 : 0)} µs`);
  const first = steps[0]!;
  const perObject = (s: Step, v: (x: Step) => number) => (s === first ? '—' : `${((v(s) - v(first)) / (s.objects - first.objects) / 1024).toFixed(2)} KB`);
  const row = (what: string, f: (s: Step) => string) => [what, ...steps.map(f)];
  const rows = [
    row('fill through the storage layer (not timed below)', (s) => `${Math.round((s.objects * 1000) / s.fillMs).toLocaleString('en-US')}/s`),
    row('start to first 200 of /version', (s) => ms(s.versionMs)),
    row('start to first LIST page (limit=500; goal at 1M ≤ 5 s)', (s) => ms(s.pageMs)),
    row('start to watch cache ready', (s) => `${ms(s.readyMs)} (${us((s.readyMs * 1000) / s.objects)}/object)`),
    row('RSS / V8 heap used, whole server', (s) => `${(s.rss / 2 ** 20).toFixed(0)} / ${(s.heapUsed / 2 ** 20).toFixed(0)} MB`),
    row(`RSS / heap per object added since ${k(first.objects)} (goal RSS ≤ 1.5 KB)`, (s) => (s === first ? '—' : `${perObject(s, (x) => x.rss)} / ${perObject(s, (x) => x.heapUsed)}`)),
    row('create over HTTP (32 in flight)', (s) => (Number.isNaN(s.createPerSec) ? 'failed' : `${Math.round(s.createPerSec).toLocaleString('en-US')}/s`)),
    row('GET ?resourceVersion=0, one at a time', (s) => us(s.getUs)),
    row('LIST page (limit=500, consistent)', (s) => ms(s.pageListMs)),
    row('LIST all, resourceVersion=0', (s) => `${ms(s.fullListMs)} (${us((s.fullListMs * 1000) / s.objects)}/object, ${(s.fullListBytes / 1e6).toFixed(0)} MB)`),
    row('watch: create → event, p50', (s) => ms(s.watchP50Ms)),
    row('watch from resourceVersion=0 (every object ADDED)', (s) => `${ms(s.watchInitialMs)} (${us((s.watchInitialMs * 1000) / s.objects)}/object)`),
  ];
  const notes = [
    `Each column: a fresh SQLite data dir in ${parent} filled with that many 1 KiB ConfigMaps in one namespace, written straight through the storage layer (the Store over the SQLite KV, as \`kapi serve\` stores them; not over HTTP, to keep the section to minutes), then a compiled \`kapi serve\` started over it (--max-old-space-size=${heapLimitMb}${extraServeArgs.length > 0 ? `, ${extraServeArgs.join(' ')}` : ', its default controllers'}).`,
    'Start: from spawning the process; the first LIST page is sent as soon as the socket is open and is served by storage while the watch cache fills in the background (kube 1.33\'s delegation); "ready" is when a resourceVersion=0 list with a field selector (never delegated to storage) stops answering 429.',
    'Memory: after the cache is ready and 3 quiet seconds, a full garbage collection in the server; per object is the growth over the smallest column divided by the objects added.',
    ...failures,
    'Sequential requests from this process (one keep-alive connection); LIST all: the median of the lists after the first (which encodes every item once); the watch rows count event lines as they arrive.',
  ];
  return { machine, header: ['figure', ...steps.map((s) => `${k(s.objects)} objects`)], rows, notes };
}
