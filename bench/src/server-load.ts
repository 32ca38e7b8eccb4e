// The load generator of the server section, in a process of its own (neither the server's nor the
// bench's): node:http with one keep-alive Agent of 64 sockets per target, and the raw `etcd3` client
// for the limits over etcd. It reads one JSON command a line on stdin and answers one JSON line on
// stdout: `{ id, result }` or `{ id, error }`.
import { Agent, request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { prefixRangeEnd } from '@kapi/storage';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { rawEtcdLimit } from './storage-limits.ts';

/** The commands of the load generator; every figure it returns is measured here, in this process. */
export type LoadCommand =
  | { cmd: 'cpu' }
  | { cmd: 'ensureNamespace'; url: string; ns: string }
  | { cmd: 'fill'; url: string; ns: string; prefix: string; count: number }
  | { cmd: 'create'; url: string; ns: string; prefix: string; ms: number }
  | { cmd: 'update'; url: string; ns: string; prefix: string; ms: number }
  | { cmd: 'etcdCreate'; endpoints: string[]; prefix: string; ms: number }
  | { cmd: 'etcdUpdate'; endpoints: string[]; prefix: string; ms: number }
  | { cmd: 'get'; url: string; path: string; accept: string; ms: number }
  | { cmd: 'latency'; url: string; path: string; accept: string; n: number }
  | { cmd: 'etcdRange'; endpoints: string[]; prefix: string; n: number }
  | { cmd: 'kapiKvRange'; endpoints: string[]; prefix: string; n: number }
  | { cmd: 'watchers'; url: string; ns: string; prefix: string; watchers: number; writes: number }
  | { cmd: 'watchReplay'; url: string; ns: string; rv: string; watchers: number; events: number }
  | { cmd: 'watchLatency'; url: string; ns: string; prefix: string; perSecond: number; seconds: number }
  | { cmd: 'openIdleWatches'; url: string; ns: string; watchers: number; rv?: string }
  | { cmd: 'closeIdleWatches' };

/** Connections per target, as the method says. */
export const connections = 64;
const warmMs = 300;

const agents = new Map<string, Agent>();
const agentFor = (url: string) => {
  const origin = new URL(url).origin;
  let a = agents.get(origin);
  if (!a) agents.set(origin, (a = new Agent({ keepAlive: true, maxSockets: connections })));
  return a;
};

interface Answer {
  status: number;
  body: Buffer;
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: agentFor(url) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A ConfigMap of about 1 KiB of JSON. */
export function configMap(ns: string, name: string, resourceVersion?: string, salt = ''): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns, ...(resourceVersion !== undefined ? { resourceVersion } : {}) },
    data: { payload: `${salt}${'x'.repeat(900)}`.slice(0, 900) },
  });
}

const json = { 'Content-Type': 'application/json', Accept: 'application/json' };
const collection = (url: string, ns: string) => `${url}/api/v1/namespaces/${ns}/configmaps`;

async function create(url: string, ns: string, name: string): Promise<string> {
  const res = await send(collection(url, ns), 'POST', json, configMap(ns, name));
  if (res.status !== 201) throw new Error(`POST ${name}: ${res.status} ${res.body.toString().slice(0, 300)}`);
  return resourceVersionOf(res.body);
}

const rvPattern = /"resourceVersion":"(\d+)"/;
function resourceVersionOf(body: Buffer): string {
  const m = rvPattern.exec(body.toString('latin1'));
  if (!m) throw new Error('no resourceVersion in the answer');
  return m[1]!;
}

/**
 * Runs `op(worker, i)` on `connections` workers for `warmMs` (not counted) and then `ms`; returns the
 * operations per second that completed inside the measured window.
 */
async function timed(ms: number, op: (worker: number, i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  let counted = 0;
  const started = performance.now();
  const from = started + warmMs;
  const until = from + ms;
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      for (;;) {
        const now = performance.now();
        if (now >= until) return;
        await op(w, next++);
        const done = performance.now();
        if (done >= from && done < until) counted++;
      }
    }),
  );
  return (counted * 1000) / ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const etcdClients = new Map<string, ReturnType<typeof rawEtcdLimit>>();
const etcd = (endpoints: string[]) => {
  const k = endpoints.join(',');
  let c = etcdClients.get(k);
  if (!c) etcdClients.set(k, (c = rawEtcdLimit(endpoints)));
  return c;
};

async function currentListRv(url: string, ns: string): Promise<string> {
  const res = await send(`${collection(url, ns)}?limit=1`, 'GET', json);
  if (res.status !== 200) throw new Error(`LIST ${ns}: ${res.status}`);
  return resourceVersionOf(res.body);
}

/** Opens a watch of the namespace's ConfigMaps from `rv`; calls `onLine` with each complete line. */
function openWatch(url: string, ns: string, rv: string, agent: Agent, onChunk: (c: Buffer) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${collection(url, ns)}?watch=1&resourceVersion=${rv}`, { headers: { Accept: 'application/json' }, agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`watch: ${res.statusCode}`));
      res.on('data', onChunk);
      res.on('error', () => {});
      resolve(() => req.destroy());
    });
    req.on('error', (e) => reject(e));
    req.end();
  });
}

/** What the watchLatency command measured: from sending each create to its event, and to the create's own answer. */
export interface WatchLatencyResult {
  p99Ms: number;
  p50Ms: number;
  createP99Ms: number;
  createP50Ms: number;
}

/** What the watchers command measured. */
export interface WatchersResult {
  /** Events received by all the watchers per second, from the first write until the last event. */
  eventsPerSecond: number;
  /** The creates' own rate in the same run (the events cannot come faster than 100 × this). */
  createsPerSecond: number;
  /** Events per second to as many watches opened after the writes from the same revision (a replay). */
  replayPerSecond: number;
}

/**
 * Opens `watchers` watches from `rv`, runs `write` if given, and waits until every watcher has had
 * `events` events: the time from the start of the writes (without writes, from the opening of the
 * watches) until then, and how long the writes took.
 */
async function watchAll(url: string, ns: string, rv: string, watchers: number, events: number, write?: () => Promise<void>): Promise<{ ms: number; writesMs: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: watchers });
  const expected = watchers * events;
  let received = 0;
  let failed: string | undefined;
  let resolveAll!: () => void;
  const all = new Promise<void>((r) => (resolveAll = r));
  // One event a line: counting the newlines counts the events without decoding them.
  const onChunk = (c: Buffer) => {
    if (received === 0 && c.includes('"type":"ERROR"')) failed = c.toString().slice(0, 300);
    for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) received++;
    if (received >= expected || failed !== undefined) resolveAll();
  };
  const opening = performance.now();
  const stops = await Promise.all(Array.from({ length: watchers }, () => openWatch(url, ns, rv, agent, onChunk)));
  const started = write === undefined ? opening : performance.now();
  let writesMs = 0;
  if (write !== undefined) {
    await write();
    writesMs = performance.now() - started;
  }
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000).unref());
  const outcome = await Promise.race([all.then(() => 'ok' as const), timeout]);
  const ms = performance.now() - started;
  for (const stop of stops) stop();
  agent.destroy();
  if (failed !== undefined) throw new Error(`watchers: ${failed}`);
  if (outcome === 'timeout') throw new Error(`watchers: ${received} of ${expected} events after 60 s`);
  return { ms, writesMs };
}

/** The idle watches openIdleWatches holds open until closeIdleWatches. */
const idle: { stops: (() => void)[]; agent: Agent | undefined } = { stops: [], agent: undefined };

const commands: { [K in LoadCommand['cmd']]: (c: Extract<LoadCommand, { cmd: K }>) => Promise<unknown> } = {
  /** This process's CPU time so far and the clock, in ms: the share of a core it used between two calls. */
  cpu: () => {
    const u = process.cpuUsage();
    return Promise.resolve({ cpuMs: (u.user + u.system) / 1000, atMs: performance.now() });
  },
  async ensureNamespace({ url, ns }) {
    const res = await send(`${url}/api/v1/namespaces`, 'POST', json, JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }));
    if (res.status !== 201 && res.status !== 409) throw new Error(`namespace ${ns}: ${res.status}`);
    return null;
  },
  async fill({ url, ns, prefix, count }) {
    let next = 0;
    await Promise.all(Array.from({ length: connections }, async () => {
      while (next < count) await create(url, ns, `${prefix}-${next++}`);
    }));
    return null;
  },
  create: ({ url, ns, prefix, ms }) => timed(ms, (_, i) => create(url, ns, `${prefix}-${i}`)),
  async update({ url, ns, prefix, ms }) {
    const rvs = await Promise.all(Array.from({ length: connections }, (_, w) => create(url, ns, `${prefix}-${w}`)));
    return timed(ms, async (w, i) => {
      const res = await send(`${collection(url, ns)}/${prefix}-${w}`, 'PUT', json, configMap(ns, `${prefix}-${w}`, rvs[w], String(i)));
      if (res.status !== 200) throw new Error(`PUT: ${res.status} ${res.body.toString().slice(0, 300)}`);
      rvs[w] = resourceVersionOf(res.body);
    });
  },
  etcdCreate({ endpoints, prefix, ms }) {
    const c = etcd(endpoints);
    return timed(ms, (_, i) => c.create(`/bench-raw/configmaps/${prefix}-${i}`, Buffer.from(configMap('bench', `${prefix}-${i}`))));
  },
  async etcdUpdate({ endpoints, prefix, ms }) {
    const c = etcd(endpoints);
    const key = (w: number) => `/bench-raw/configmaps/${prefix}-${w}`;
    const revs = await Promise.all(Array.from({ length: connections }, (_, w) => c.create(key(w), Buffer.from(configMap('bench', `${prefix}-${w}`)))));
    return timed(ms, async (w, i) => {
      revs[w] = await c.update(key(w), Buffer.from(configMap('bench', `${prefix}-${w}`, String(revs[w]), String(i))), revs[w]!);
    });
  },
  get: ({ url, path, accept, ms }) =>
    timed(ms, async () => {
      const res = await send(url + path, 'GET', { Accept: accept });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    }),
  async latency({ url, path, accept, n }) {
    const times: number[] = [];
    for (let i = 0; i < n + 2; i++) {
      const started = performance.now();
      const res = await send(url + path, 'GET', { Accept: accept });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      if (i >= 2) times.push(performance.now() - started);
    }
    return { medianMs: median(times), bytes: 0 };
  },
  async etcdRange({ endpoints, prefix, n }) {
    const c = etcd(endpoints);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < n + 2; i++) {
      const started = performance.now();
      count = await c.list(prefix);
      if (i >= 2) times.push(performance.now() - started);
    }
    return { medianMs: median(times), count };
  },
  /** The same range through kapi's own etcd KV (what a consistent LIST reads before decoding). */
  async kapiKvRange({ endpoints, prefix, n }) {
    const kv = createEtcd3Kv({ endpoints });
    const times: number[] = [];
    let count = 0;
    try {
      for (let i = 0; i < n + 2; i++) {
        const started = performance.now();
        count = (await kv.range(prefix, { end: prefixRangeEnd(prefix) })).kvs.length;
        if (i >= 2) times.push(performance.now() - started);
      }
    } finally {
      await kv.close();
    }
    return { medianMs: median(times), count };
  },
  async watchers({ url, ns, prefix, watchers, writes }) {
    const rv = await currentListRv(url, ns);
    const live = await watchAll(url, ns, rv, watchers, writes, async () => {
      let next = 0;
      await Promise.all(Array.from({ length: connections }, async () => {
        while (next < writes) await create(url, ns, `${prefix}-${next++}`);
      }));
    });
    // The same events again, to as many new watches opened at once from the same revision: the
    // watch cache's window replays them, so no write paces the fan-out.
    const replay = await watchAll(url, ns, rv, watchers, writes);
    return {
      eventsPerSecond: (watchers * writes * 1000) / live.ms,
      createsPerSecond: (writes * 1000) / live.writesMs,
      replayPerSecond: (watchers * writes * 1000) / replay.ms,
    } satisfies WatchersResult;
  },
  /** Events per second to `watchers` watches opened at once from `rv`, each until it has had `events` events. */
  async watchReplay({ url, ns, rv, watchers, events }) {
    const replay = await watchAll(url, ns, rv, watchers, events);
    return (watchers * events * 1000) / replay.ms;
  },
  async watchLatency({ url, ns, prefix, perSecond, seconds }) {
    const rv = await currentListRv(url, ns);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const answered: number[] = [];
    let rest = '';
    const namePattern = /"name":"([^"]+)"/;
    const stop = await openWatch(url, ns, rv, agent, (c) => {
      const now = performance.now();
      const lines = (rest + c.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const name = namePattern.exec(line)?.[1];
        const at = name === undefined ? undefined : sentAt.get(name);
        if (at !== undefined) latencies.push(now - at);
      }
    });
    const n = perSecond * seconds;
    const started = performance.now();
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < n; i++) {
      const due = started + (i * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const name = `${prefix}-${i}`;
      const sent = performance.now();
      sentAt.set(name, sent);
      writes.push(create(url, ns, name).then(() => answered.push(performance.now() - sent)));
    }
    await Promise.all(writes);
    const until = performance.now() + 5000;
    while (latencies.length < n && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
    stop();
    agent.destroy();
    if (latencies.length < n) throw new Error(`watch latency: ${latencies.length} of ${n} events`);
    return { p99Ms: percentile(latencies, 99), p50Ms: percentile(latencies, 50), createP99Ms: percentile(answered, 99), createP50Ms: percentile(answered, 50) } satisfies WatchLatencyResult;
  },
  /** Opens `watchers` watches from `rv` (default: the namespace's current revision) and holds them until closeIdleWatches. */
  async openIdleWatches({ url, ns, watchers, rv: from }) {
    const rv = from ?? (await currentListRv(url, ns));
    const agent = (idle.agent = new Agent({ keepAlive: true, maxSockets: watchers }));
    // Opened a hundred at a time: the server's accept queue is not the figure measured.
    for (let i = 0; i < watchers; i += 100) {
      idle.stops.push(...(await Promise.all(Array.from({ length: Math.min(100, watchers - i) }, () => openWatch(url, ns, rv, agent, () => {})))));
    }
    return null;
  },
  closeIdleWatches() {
    for (const stop of idle.stops) stop();
    idle.stops = [];
    idle.agent?.destroy();
    idle.agent = undefined;
    return Promise.resolve(null);
  },
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, ...command } = JSON.parse(line) as LoadCommand & { id: number };
  const run = commands[command.cmd] as (c: LoadCommand) => Promise<unknown>;
  run(command).then(
    (result) => process.stdout.write(`${JSON.stringify({ id, result })}\n`),
    (err: unknown) => process.stdout.write(`${JSON.stringify({ id, error: (err as Error).stack ?? String(err) })}\n`),
  );
});
process.stdin.on('end', () => {
  for (const c of etcdClients.values()) c.close();
  for (const a of agents.values()) a.destroy();
});
