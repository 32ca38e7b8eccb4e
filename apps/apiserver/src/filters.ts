// Behaviour of k8s.io/apiserver/pkg/server/filters (v1.33): maxinflight.go (the in-flight limits
// of non-long-running requests) and timeout.go with endpoints/filters/request_deadline.go (the
// deadline of a request: `?timeout=` up to the 60 s maximum, then a 504 Status).
import type { ServerResponse } from 'node:http';
import { newBadRequest, newTimeoutError } from '@kapi/apimachinery';
import { parseGoDuration } from './go-duration.ts';

/** kube-apiserver's defaults: --max-requests-inflight, --max-mutating-requests-inflight, --request-timeout. */
export const defaultMaxReadInFlight = 400;
export const defaultMaxMutatingInFlight = 200;
export const defaultRequestTimeoutMs = 60_000;

/**
 * The deadline of a non-long-running request: the `timeout` query parameter when it is positive and
 * below the maximum, else the maximum. A malformed one is a 400.
 */
export function requestDeadlineMs(query: URLSearchParams, maximumMs: number): number {
  const value = query.get('timeout');
  if (value === null || value === '') return maximumMs;
  let ms: number;
  try {
    ms = Number(parseGoDuration(value)) / 1e6;
  } catch (err) {
    throw newBadRequest(`invalid timeout specified in the request URL - ${(err as Error).message}`);
  }
  return ms > 0 && ms < maximumMs ? ms : maximumMs;
}

/** The longest delay Node's setTimeout takes (2^31 − 1 ms); a longer one fires at once. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * A timer for any delay, as Go's time.NewTimer is: one longer than Node's setTimeout takes runs as a
 * chain of shorter ones, so it fires when due instead of at once. Unref'd: an open watch does not
 * keep the process alive. Returns the function that cancels it.
 */
export function setLongTimeout(fire: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout;
  const due = performance.now() + ms;
  const arm = (left: number) => {
    timer = setTimeout(() => {
      const rest = due - performance.now();
      if (rest > 0) arm(rest);
      else fire();
    }, Math.min(Math.max(left, 0), maxTimerMs));
    timer.unref();
  };
  arm(ms);
  return () => clearTimeout(timer);
}

/** Watches (and, once served, exec/attach/log/proxy) run for long and are not limited or timed out. */
export function isLongRunning(method: string, path: string, query: URLSearchParams): boolean {
  if (method !== 'GET') return false;
  if (query.get('watch') === 'true' || query.get('watch') === '1') return true;
  return /\/watch\//.test(path) || /\/(log|exec|attach|portforward|proxy)$/.test(path);
}

export interface InFlightLimits {
  maxReadInFlight: number;
  maxMutatingInFlight: number;
}

/** Counts requests in flight by kind; `acquire` says whether one more may start. */
export function createInFlightLimiter(limits: InFlightLimits) {
  let reads = 0;
  let mutating = 0;
  return {
    /** Returns a release function, or undefined when the limit is reached (answer 429). */
    acquire(method: string): (() => void) | undefined {
      const isMutating = !(method === 'GET' || method === 'HEAD' || method === 'OPTIONS');
      if (isMutating) {
        if (limits.maxMutatingInFlight > 0 && mutating >= limits.maxMutatingInFlight) return undefined;
        mutating++;
      } else {
        if (limits.maxReadInFlight > 0 && reads >= limits.maxReadInFlight) return undefined;
        reads++;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (isMutating) mutating--;
        else reads--;
      };
    },
    get inFlight() {
      return { reads, mutating };
    },
  };
}

/** maxinflight.go tooManyRequests: plain text, Retry-After 1; client-go retries on it. */
export function writeTooManyRequests(res: ServerResponse): void {
  const body = 'Too many requests, please try again later.\n';
  res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** The 504 written when a request's deadline passes before its handler answered. */
export function requestTimeoutError() {
  return newTimeoutError('request did not complete within requested timeout - context deadline exceeded', 0);
}

/**
 * After the deadline's 504 has been written, a handler that answers late must not fail on headers
 * already sent: its writes are dropped.
 */
export function dropLateWrites(res: ServerResponse): void {
  res.writeHead = (() => res) as typeof res.writeHead;
  res.setHeader = (() => res) as typeof res.setHeader;
  res.write = (() => true) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    const cb = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    cb?.();
    return res;
  }) as typeof res.end;
}
