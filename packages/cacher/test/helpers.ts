// Fixtures of the cacher's integration tests: a Store over the in-memory KV, a store that fails on
// demand, and deadline-bound reads of a watch.
import { createWatchChannel, jsonCodec, type KubeObject, type Status, type WatchEvent, type WatchSink, type Watcher } from '@kapi/apimachinery';
import { createStore, type KV, type StorageInterface } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createCacher, type Cacher, type CacherOptions } from '../src/index.ts';

export const pod = (name: string, namespace = 'ns', extra: Partial<KubeObject> = {}): KubeObject => {
  const { metadata, ...rest } = extra;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, ...metadata }, ...rest };
};

export const rvOf = (o: unknown): number => Number((o as KubeObject).metadata?.resourceVersion);
export const nameOf = (e: WatchEvent): string => (e.object as KubeObject).metadata?.name ?? '';

/** A KV that counts the calls the Store makes. */
export function countingKv(kv: KV): KV & { calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  return new Proxy(kv, {
    get(target, prop, receiver) {
      if (prop === 'calls') return calls;
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls[String(prop)] = (calls[String(prop)] ?? 0) + 1;
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as KV & { calls: Record<string, number> };
}

/** A store whose lists fail or whose watches break when the test says so. */
export interface FaultyStore {
  store: StorageInterface;
  /** The next n lists fail. */
  failLists(n: number): void;
  /** Ends every open watch with this ERROR. */
  breakWatches(status: Status): void;
  /** Drops the watch events this returns true for (the cache then misses them). */
  drop: ((ev: WatchEvent) => boolean) | undefined;
  lists: number;
  watches: number;
}

export function faultyStore(inner: StorageInterface): FaultyStore {
  const sinks = new Set<WatchSink>();
  let failing = 0;
  const f: FaultyStore = {
    lists: 0,
    watches: 0,
    drop: undefined,
    failLists: (n) => void (failing = n),
    breakWatches(status) {
      for (const s of sinks) {
        s.send({ type: 'ERROR', object: status });
        s.close();
      }
      sinks.clear();
    },
    store: {
      ...inner,
      versioner: inner.versioner,
      async getList(key, opts) {
        f.lists++;
        if (failing > 0) {
          failing--;
          throw new Error('injected list failure');
        }
        return inner.getList(key, opts);
      },
      async watch(key, opts) {
        f.watches++;
        const w = await inner.watch(key, opts);
        const { watcher, sink } = createWatchChannel(() => w.stop());
        sinks.add(sink);
        void (async () => {
          for await (const ev of w) {
            if (f.drop?.(ev)) continue;
            if (!sink.send(ev)) break;
          }
          sink.close();
        })();
        return watcher;
      },
    },
  };
  return f;
}

/** A Store over a fresh in-memory KV, a cacher over it (ready), and the KV. */
export async function newCacher(options: Partial<CacherOptions> = {}, wrap: (s: StorageInterface) => StorageInterface = (s) => s) {
  const kv = countingKv(createMemoryKv({ progressNotifyIntervalMs: 20 }));
  const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
  const cacher = createCacher(wrap(store), { resourcePrefix: '/pods', consistencyCheckIntervalMs: 0, bookmarkTickMs: 20, relistBackoffMs: 50, ...options });
  await cacher.waitUntilReady();
  return {
    kv,
    store,
    cacher,
    async close() {
      await cacher.close();
      await kv.close();
    },
  };
}

/** Polls until the condition holds; fails after timeoutMs. */
export async function until(cond: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Reads a watch with deadlines. */
export function reader(w: Watcher) {
  const it = w[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<WatchEvent>> | undefined;
  const pull = async (ms: number) => {
    pending ??= it.next();
    const p = pending;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const r = await Promise.race([p, new Promise<'timeout'>((res) => (timer = setTimeout(() => res('timeout'), ms)))]);
    clearTimeout(timer);
    if (r !== 'timeout') pending = undefined;
    return r;
  };
  return {
    async next(ms = 5_000): Promise<WatchEvent> {
      const r = await pull(ms);
      if (r === 'timeout') throw new Error(`no event within ${ms} ms`);
      if (r.done) throw new Error('the watch ended');
      return r.value;
    },
    async take(n: number, ms = 5_000): Promise<WatchEvent[]> {
      const out: WatchEvent[] = [];
      for (let i = 0; i < n; i++) out.push(await this.next(ms));
      return out;
    },
    /** Every event until the stream ends. */
    async rest(ms = 5_000): Promise<WatchEvent[]> {
      const out: WatchEvent[] = [];
      for (;;) {
        const r = await pull(ms);
        if (r === 'timeout') throw new Error(`the watch did not end within ${ms} ms`);
        if (r.done) return out;
        out.push(r.value);
      }
    },
    async none(ms = 200, ignore?: (e: WatchEvent) => boolean): Promise<void> {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) return;
        const r = await pull(left);
        if (r === 'timeout') return;
        if (r.done) throw new Error('the watch ended');
        if (!ignore?.(r.value)) throw new Error(`unexpected event ${JSON.stringify(r.value)}`);
      }
    },
    stop: () => w.stop(),
  };
}

export type { Cacher };
