// kapi's own measure of where a request's time goes (issue 16), in the spirit of kube-apiserver's
// apiserver_request_duration_seconds split by the layers a request crosses: when the server runs
// with `--request-profile`, each request's wall time is attributed to the layers it spends it in
// (decode, admission, managedFields, storage, encode; `other` is the rest: routing, the strategy,
// validation), nested layers counted once, and served summed per verb and resource at
// `GET /debug/kapi/request-profile` (`?reset=true` starts over).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Frame {
  readonly phase: string;
  readonly start: bigint;
  /** Time spent in layers entered from this one. */
  child: bigint;
}

interface RequestTimes {
  readonly stack: Frame[];
  readonly phases: Map<string, bigint>;
}

const current = new AsyncLocalStorage<RequestTimes>();

/**
 * Times `fn` as `phase` of the request being profiled; when none is, it is the call alone (no
 * promise of its own: this sits on every storage call).
 */
export function timed<T>(phase: string, fn: () => Promise<T>): Promise<T>;
export function timed<T>(phase: string, fn: () => Promise<T> | T): Promise<T> | T;
export function timed<T>(phase: string, fn: () => Promise<T> | T): Promise<T> | T {
  const times = current.getStore();
  if (!times) return fn();
  return timedNow(times, phase, fn);
}

async function timedNow<T>(times: RequestTimes, phase: string, fn: () => Promise<T> | T): Promise<T> {
  const frame: Frame = { phase, start: process.hrtime.bigint(), child: 0n };
  times.stack.push(frame);
  try {
    return await fn();
  } finally {
    close(times, frame);
  }
}

/** {@link timed} for a synchronous call. */
export function timedSync<T>(phase: string, fn: () => T): T {
  const times = current.getStore();
  if (!times) return fn();
  const frame: Frame = { phase, start: process.hrtime.bigint(), child: 0n };
  times.stack.push(frame);
  try {
    return fn();
  } finally {
    close(times, frame);
  }
}

function close(times: RequestTimes, frame: Frame): void {
  const duration = process.hrtime.bigint() - frame.start;
  const i = times.stack.lastIndexOf(frame);
  if (i >= 0) times.stack.splice(i, 1);
  times.phases.set(frame.phase, (times.phases.get(frame.phase) ?? 0n) + duration - frame.child);
  const parent = times.stack.at(-1);
  if (parent) parent.child += duration;
}

interface Summary {
  count: number;
  total: bigint;
  phases: Map<string, bigint>;
}

/** The profile of one server: requests summed by verb and resource. */
export interface RequestProfile {
  /** Runs `serve` as one profiled request, counted under `key` (e.g. `POST configmaps`) once it is answered. */
  run(req: IncomingMessage, res: ServerResponse, key: () => string, serve: () => Promise<void>): Promise<void>;
  /** µs per request of each layer, by request key. */
  report(): { request: string; count: number; microsPerRequest: Record<string, number> }[];
  reset(): void;
}

export function createRequestProfile(): RequestProfile {
  const summaries = new Map<string, Summary>();
  const us = (ns: bigint, n: number) => Math.round(Number(ns) / 1000 / n);
  return {
    run(_req, res, key, serve) {
      const times: RequestTimes = { stack: [], phases: new Map() };
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const k = key();
        let s = summaries.get(k);
        if (!s) summaries.set(k, (s = { count: 0, total: 0n, phases: new Map() }));
        s.count++;
        s.total += process.hrtime.bigint() - started;
        for (const [phase, ns] of times.phases) s.phases.set(phase, (s.phases.get(phase) ?? 0n) + ns);
      });
      return current.run(times, serve);
    },
    report() {
      return [...summaries].map(([request, s]) => {
        const measured = [...s.phases.values()].reduce((a, b) => a + b, 0n);
        const microsPerRequest: Record<string, number> = {};
        for (const [phase, ns] of [...s.phases].sort(([a], [b]) => (a < b ? -1 : 1))) microsPerRequest[phase] = us(ns, s.count);
        microsPerRequest.other = us(s.total - measured, s.count);
        microsPerRequest.total = us(s.total, s.count);
        return { request, count: s.count, microsPerRequest };
      });
    },
    reset() {
      summaries.clear();
    },
  };
}
