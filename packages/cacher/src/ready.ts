// Behaviour of k8s.io/apiserver/pkg/storage/cacher/ready.go (v1.33): whether the cache may serve, and since when.
import { newTooManyRequests, type StatusError } from '@kapi/apimachinery';
import { retryAfterForUnreadyCache } from './util.ts';

const notReadyBrand = Symbol.for('@kapi/cacher.NotReady');

/**
 * True for the error a cacher answers with while it (re)initializes or after it stopped: a 429
 * TooManyRequests Status with `details.retryAfterSeconds` (kube's ResilientWatchCacheInitialization).
 * The API layer returns it as is (status 429, header `Retry-After`).
 */
export function isCacheNotReady(err: unknown): err is StatusError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[notReadyBrand] === true;
}

function notReady(message: string, downtimeMs: number): StatusError {
  const err = newTooManyRequests(message, retryAfterForUnreadyCache(downtimeMs));
  Object.defineProperty(err, notReadyBrand, { value: true });
  return err;
}

type State = 'pending' | 'ready' | 'stopped';

/**
 * The readiness of a cacher. `generation` counts the times it became ready: a watch registered
 * under one generation must not survive into the next (a relist replaced the state it started from).
 */
export class Readiness {
  private state: State = 'pending';
  private lastError: Error | undefined;
  private changedAt: number;
  private gen = 0;
  private waiters: { resolve: () => void; reject: (err: Error) => void }[] = [];

  constructor(private readonly now: () => number = Date.now) {
    this.changedAt = now();
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  get generation(): number {
    return this.gen;
  }

  /** Undefined when ready; otherwise the 429 to answer with. */
  check(): StatusError | undefined {
    const downtime = this.now() - this.changedAt;
    switch (this.state) {
      case 'ready':
        return undefined;
      case 'pending':
        return notReady(this.lastError ? `storage is (re)initializing: ${this.lastError.message}` : 'storage is (re)initializing', downtime);
      case 'stopped':
        return notReady('apiserver cacher is stopped', downtime);
    }
  }

  setReady(): void {
    if (this.state !== 'pending') return;
    this.state = 'ready';
    this.lastError = undefined;
    this.gen++;
    this.changedAt = this.now();
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.resolve();
  }

  /** Back to pending (a relist is needed), remembering why. */
  setError(err: Error): void {
    if (this.state === 'stopped') return;
    this.lastError = err;
    if (this.state === 'ready') {
      this.state = 'pending';
      this.changedAt = this.now();
    }
  }

  stop(): void {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.changedAt = this.now();
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(new Error('apiserver cacher is stopped'));
  }

  /** Resolves once ready (at once when it is); rejects if stopped first. */
  wait(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.state === 'stopped') return Promise.reject(new Error('apiserver cacher is stopped'));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }
}
