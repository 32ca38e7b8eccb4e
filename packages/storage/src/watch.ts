// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/watcher.go (v1.33): store watches over KV watches.
import { createWatchChannel, failureStatus, newResourceExpired, newInternalError, type KubeObject, type Status, type WatchEvent, type Watcher } from '@kapi/apimachinery';
import type { ListOptions } from './interfaces.ts';
import { isKvCompactedError, type KvEvent, type KvWatch } from './kv.ts';
import { everything, predicateMatches, selectsEverything, type SelectionPredicate } from './predicate.ts';
import { corruptObjectMessage, decodeStored, prepareKey, type StoreContext } from './internal.ts';
import { getList } from './list.ts';

const expiredWatch = 'The resourceVersion for the provided watch is too old.';

/**
 * Turns one KV event into the watch event a predicate lets through, if any. Values go through the
 * transformer; the previous value is read only when the event needs it (a delete, or a predicate
 * that selects less than everything), as kube's watcher does.
 */
export function transformKvEvent(ctx: StoreContext, pred: SelectionPredicate, ev: KvEvent): WatchEvent | undefined {
  const key = ev.kv.key;
  if (ev.type === 'delete') {
    if (!ev.prevKv) return undefined;
    // A deleted object is reported in its last state, at the revision of the delete.
    let old: KubeObject;
    try {
      old = decodeStored(ctx, key, ev.prevKv.value, ev.kv.modRevision);
    } catch (err) {
      const corrupt = ctx.allowUnsafeMalformedObjectDeletion ? corruptObjectMessage(err, ev.kv.modRevision) : undefined;
      if (corrupt !== undefined) throw new CorruptObjectDeletedError(corrupt);
      throw err;
    }
    return predicateMatches(pred, old) ? { type: 'DELETED', object: old } : undefined;
  }
  const cur = decodeStored(ctx, key, ev.kv.value, ev.kv.modRevision);
  const created = ev.kv.createRevision === ev.kv.modRevision;
  if (created || !ev.prevKv) {
    if (!predicateMatches(pred, cur)) return undefined;
    return { type: created ? 'ADDED' : 'MODIFIED', object: cur };
  }
  if (selectsEverything(pred)) return { type: 'MODIFIED', object: cur };
  const curPasses = predicateMatches(pred, cur);
  const old = decodeStored(ctx, key, ev.prevKv.value, ev.kv.modRevision);
  const oldPasses = predicateMatches(pred, old);
  if (curPasses && oldPasses) return { type: 'MODIFIED', object: cur };
  if (curPasses) return { type: 'ADDED', object: cur };
  if (oldPasses) return { type: 'DELETED', object: old };
  return undefined;
}

const corruptDeletedBrand = Symbol.for('@kapi/storage.CorruptObjectDeletedError');

/** A DELETED event of an object whose last value is corrupt: the watch cannot report it (kube's corruptObjectDeletedError). */
class CorruptObjectDeletedError extends Error {
  readonly [corruptDeletedBrand] = true;
  constructor(reason: string) {
    super(`saw a DELETED event, but object data is corrupt - ${reason}`);
  }
}

/** The Status of the ERROR event that ends a watch on `err` (kube's transformErrorToEvent). */
function watchErrorStatus(err: Error): Status {
  if (isKvCompactedError(err)) return newResourceExpired(expiredWatch).status;
  if ((err as unknown as Record<symbol, unknown>)[corruptDeletedBrand] === true) return failureStatus(500, 'StorageReadError', err.message);
  return newInternalError(err).status;
}

/**
 * Starts a watch. resourceVersion '' or '0' first sends the current state as ADDED events (what
 * kube's etcd watcher does for 0), then live changes; 'N' sends every change after N.
 */
export async function watch(ctx: StoreContext, key: string, opts: ListOptions): Promise<Watcher> {
  const pred = opts.predicate ?? everything();
  const recursive = opts.recursive ?? false;
  let watchKey = prepareKey(ctx, key);
  if (recursive && !watchKey.endsWith('/')) watchKey += '/';
  const rv = ctx.versioner.parseResourceVersion(opts.resourceVersion ?? '');

  const handle: { kv?: KvWatch } = {};
  const { watcher, sink } = createWatchChannel(() => handle.kv?.cancel());

  let startRevision: number;
  if (rv === 0) {
    const initial = await getList(ctx, key, { recursive, predicate: { ...pred, limit: 0 } });
    for (const item of initial.items) sink.send({ type: 'ADDED', object: item });
    startRevision = ctx.versioner.parseResourceVersion(initial.metadata.resourceVersion ?? '0') + 1;
  } else {
    startRevision = rv + 1;
  }

  const fail = (err: Error) => {
    sink.send({ type: 'ERROR', object: watchErrorStatus(err) });
    sink.close();
  };

  if (sink.isClosed) return watcher;
  const kvWatch = ctx.kv.watch(
    watchKey,
    { prefix: recursive, startRevision, prevKv: true, progressNotify: opts.progressNotify ?? false },
    {
      onEvents(events) {
        for (const ev of events) {
          let out: WatchEvent | undefined;
          try {
            out = transformKvEvent(ctx, pred, ev);
          } catch (err) {
            fail(err as Error);
            return;
          }
          if (out) sink.send(out);
        }
      },
      // kube's etcd watcher turns every progress notification into a BOOKMARK, whatever the
      // predicate: the KV sends them only to watches that asked with progressNotify.
      onProgress(revision) {
        if (opts.progressNotify === true || pred.allowWatchBookmarks) {
          const bookmark: KubeObject = { metadata: { resourceVersion: String(revision) } };
          sink.send({ type: 'BOOKMARK', object: bookmark });
        }
      },
      onError: fail,
    },
  );
  handle.kv = kvWatch;
  if (sink.isClosed) kvWatch.cancel();
  return watcher;
}
