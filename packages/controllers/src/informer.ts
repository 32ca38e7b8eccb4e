// Behaviour of k8s.io/client-go/tools/cache (reflector: list, then watch from the list's
// resourceVersion, relist on expiry; the indexer; shared informer event handlers) (v0.33): a
// controller's local copy of one resource, kept current through the server's watch cache.
import { flatString, type KubeObject, type Status, type WatchEvent } from '@kapi/apimachinery';
import type { ResourceClient } from './client.ts';

export interface InformerHandlers<T> {
  add?(obj: T): void;
  update?(old: T, obj: T): void;
  delete?(obj: T): void;
}

export interface Informer<T extends KubeObject = KubeObject> {
  /** Resolves once the first list is in the store and its handlers have run. */
  readonly synced: Promise<void>;
  /** The object under `namespace/name` (or `name` for cluster-scoped ones). */
  get(namespace: string, name: string): T | undefined;
  list(namespace?: string): T[];
  /** Adds handlers; objects already in the store are sent to `add` at once. */
  addHandlers(handlers: InformerHandlers<T>): void;
  /**
   * Resolves once the events of every write made before the call have reached the handlers: a
   * consistent read brings the server's watch cache to the current revision, which has then sent
   * them down this informer's watch; they are handled before the next turn of the event loop.
   */
  caughtUp(): Promise<void>;
  stop(): void;
}

export interface InformerOptions<T> {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Keeps less than the whole object (kube's metadata informers, transform functions). */
  transform?: (obj: KubeObject) => T;
  /** How long to wait before listing again after a failure. */
  retryMs?: number;
  onError?: (err: unknown) => void;
}

export const objectKey = (namespace: string | undefined, name: string | undefined): string => (namespace ? `${namespace}/${name ?? ''}` : (name ?? ''));

/** Starts an informer over one resource. */
export function createInformer<T extends KubeObject = KubeObject>(client: ResourceClient, options: InformerOptions<T> = {}): Informer<T> {
  const transform = options.transform ?? ((o: KubeObject) => o as T);
  const namespace = options.namespace ?? '';
  const items = new Map<string, T>();
  const handlers: InformerHandlers<T>[] = [];
  let stopped = false;
  let current: { stop(): void } | undefined;
  let resolveSynced!: () => void;
  const synced = new Promise<void>((r) => (resolveSynced = r));
  const keyOf = (o: KubeObject) => objectKey(o.metadata?.namespace, o.metadata?.name);
  const emit = (fn: (h: InformerHandlers<T>) => void) => {
    for (const h of handlers) {
      try {
        fn(h);
      } catch (err) {
        options.onError?.(err);
      }
    }
  };

  const upsert = (raw: KubeObject) => {
    const obj = transform(raw);
    let key = keyOf(obj);
    const old = items.get(key);
    if (old === undefined) key = flatString(key);
    items.set(key, obj);
    if (old === undefined) emit((h) => h.add?.(obj));
    else emit((h) => h.update?.(old, obj));
  };
  const remove = (raw: KubeObject) => {
    const key = keyOf(raw);
    const old = items.get(key);
    items.delete(key);
    emit((h) => h.delete?.(old ?? transform(raw)));
  };

  /** One list (paged) and the watch that follows it; returns when the watch ends. */
  const listAndWatch = async () => {
    const seen = new Set<string>();
    let cont: string | undefined;
    let rv = '';
    do {
      const page = await client.list(namespace, {
        ...(options.labelSelector ? { labelSelector: options.labelSelector } : {}),
        ...(options.fieldSelector ? { fieldSelector: options.fieldSelector } : {}),
        limit: 500,
        ...(cont ? { continue: cont } : {}),
      });
      for (const item of page.items) {
        seen.add(keyOf(item));
        upsert(item);
      }
      cont = page.metadata?.continue || undefined;
      rv = page.metadata?.resourceVersion ?? rv;
    } while (cont !== undefined && !stopped);
    // What the relist no longer finds was deleted while no watch ran.
    for (const [key, obj] of [...items]) {
      if (!seen.has(key)) {
        items.delete(key);
        emit((h) => h.delete?.(obj));
      }
    }
    resolveSynced();
    // Watch from the last resourceVersion seen; a watch the server ends is started again from there,
    // one it cannot serve (410 Expired) is an error: list again.
    while (!stopped) {
      let watcher: Awaited<ReturnType<typeof client.watch>>;
      try {
        watcher = await client.watch(namespace, {
          resourceVersion: rv,
          allowWatchBookmarks: true,
          ...(options.labelSelector ? { labelSelector: options.labelSelector } : {}),
          ...(options.fieldSelector ? { fieldSelector: options.fieldSelector } : {}),
        });
      } catch (err) {
        // client-go's reflector retries a watch refused with 429 (a watch cache still filling:
        // the list was served by storage) after a pause, from the same resourceVersion, instead
        // of listing everything again.
        const status = (err as { status?: Status }).status;
        if (status?.code !== 429) throw err;
        await new Promise((r) => setTimeout(r, (status.details?.retryAfterSeconds ?? 1) * 1000).unref());
        continue;
      }
      current = watcher;
      if (stopped) watcher.stop();
      for await (const ev of watcher as AsyncIterable<WatchEvent>) {
        if (ev.type === 'ERROR') throw new Error((ev.object as Status).message ?? 'watch error');
        const obj = ev.object as KubeObject;
        rv = obj.metadata?.resourceVersion ?? rv;
        if (ev.type === 'ADDED' || ev.type === 'MODIFIED') upsert(obj);
        else if (ev.type === 'DELETED') remove(obj);
      }
    }
  };

  void (async () => {
    while (!stopped) {
      try {
        await listAndWatch();
      } catch (err) {
        if (stopped) break;
        options.onError?.(err);
        await new Promise((r) => setTimeout(r, options.retryMs ?? 1000).unref());
      }
    }
  })();

  return {
    synced,
    get: (ns, name) => items.get(objectKey(ns, name)),
    list: (ns) => (ns === undefined ? [...items.values()] : [...items.values()].filter((o) => (o.metadata?.namespace ?? '') === ns)),
    addHandlers(h) {
      handlers.push(h);
      for (const obj of items.values()) h.add?.(obj);
    },
    async caughtUp() {
      await synced;
      if (stopped) return;
      await client.list(namespace, { limit: 1 }).catch(() => undefined);
      await new Promise((r) => setImmediate(r));
    },
    stop() {
      stopped = true;
      current?.stop();
      resolveSynced();
    },
  };
}
