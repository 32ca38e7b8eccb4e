// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/watcher.go (v1.33): store watches over KV watches.
import { createWatchChannel, failureStatus, newResourceExpired, newInternalError, type KubeObject, type Status, type WatchEvent, type Watcher, type WatchSink } from '@kapi/apimachinery';
import type { ListOptions } from './interfaces.ts';
import { isKvCompactedError, type KvEvent, type KvWatch, type KvWatchHandlers } from './kv.ts';
import { everything, predicateMatches, selectsEverything, type SelectionPredicate } from './predicate.ts';
import { corruptObjectMessage, decodeConverted, decodeStored, fromStorage, prepareKey, type StoreContext } from './internal.ts';
import { getList } from './list.ts';

const expiredWatch = 'The resourceVersion for the provided watch is too old.';

/**
 * Turns one KV event into the watch event a predicate lets through, if any. Values go through the
 * transformer; the previous value is read only when the event needs it (a delete, or a predicate
 * that selects less than everything), as kube's watcher does. Only for a Store without conversion:
 * see transformKvEventConverted.
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
      throw corruptDeletion(ctx, err, ev.kv.modRevision);
    }
    return predicateMatches(pred, old) ? { type: 'DELETED', object: old } : undefined;
  }
  const cur = decodeStored(ctx, key, ev.kv.value, ev.kv.modRevision);
  const created = ev.kv.createRevision === ev.kv.modRevision;
  if (created || !ev.prevKv) return eventOf(pred, cur, created);
  if (selectsEverything(pred)) return { type: 'MODIFIED', object: cur };
  return eventOfChange(pred, cur, decodeStored(ctx, key, ev.prevKv.value, ev.kv.modRevision));
}

/** transformKvEvent for a Store that converts: every object it decodes is converted first. */
async function transformKvEventConverted(ctx: StoreContext, pred: SelectionPredicate, ev: KvEvent): Promise<WatchEvent | undefined> {
  const key = ev.kv.key;
  const decode = (value: Uint8Array) => decodeConverted(ctx, key, fromStorage(ctx, key, value).data, ev.kv.modRevision);
  if (ev.type === 'delete') {
    if (!ev.prevKv) return undefined;
    let old: KubeObject;
    try {
      old = await decode(ev.prevKv.value);
    } catch (err) {
      throw corruptDeletion(ctx, err, ev.kv.modRevision);
    }
    return predicateMatches(pred, old) ? { type: 'DELETED', object: old } : undefined;
  }
  const cur = await decode(ev.kv.value);
  const created = ev.kv.createRevision === ev.kv.modRevision;
  if (created || !ev.prevKv) return eventOf(pred, cur, created);
  if (selectsEverything(pred)) return { type: 'MODIFIED', object: cur };
  return eventOfChange(pred, cur, await decode(ev.prevKv.value));
}

/** The error a watch ends with when the last state of a deleted object cannot be read. */
function corruptDeletion(ctx: StoreContext, err: unknown, revision: number): unknown {
  const corrupt = ctx.allowUnsafeMalformedObjectDeletion ? corruptObjectMessage(err, revision) : undefined;
  return corrupt !== undefined ? new CorruptObjectDeletedError(corrupt) : err;
}

/** The event of a created object, or of a changed one whose previous state is not known. */
function eventOf(pred: SelectionPredicate, cur: KubeObject, created: boolean): WatchEvent | undefined {
  if (!predicateMatches(pred, cur)) return undefined;
  return { type: created ? 'ADDED' : 'MODIFIED', object: cur };
}

/** The event of a change as a predicate sees it: entering, leaving or staying in what it selects. */
function eventOfChange(pred: SelectionPredicate, cur: KubeObject, old: KubeObject): WatchEvent | undefined {
  const curPasses = predicateMatches(pred, cur);
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

  // kube's etcd watcher turns every progress notification into a BOOKMARK, whatever the
  // predicate: the KV sends them only to watches that asked with progressNotify.
  const progress = (revision: number) => {
    if (opts.progressNotify === true || pred.allowWatchBookmarks) {
      const bookmark: KubeObject = { metadata: { resourceVersion: String(revision) } };
      sink.send({ type: 'BOOKMARK', object: bookmark });
    }
  };

  if (sink.isClosed) return watcher;
  const handlers: KvWatchHandlers =
    ctx.conversion === undefined
      ? {
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
          onProgress: progress,
          onError: fail,
        }
      : convertingHandlers(ctx, pred, sink, progress, fail);
  const kvWatch = ctx.kv.watch(watchKey, { prefix: recursive, startRevision, prevKv: true, progressNotify: opts.progressNotify ?? false }, handlers);
  handle.kv = kvWatch;
  if (sink.isClosed) kvWatch.cancel();
  return watcher;
}

/**
 * The KV watch handlers of a Store that converts: events are converted one after the other, and
 * progress notifications and errors wait for the events before them, so that everything is
 * delivered in revision order. A conversion that fails ends the watch.
 */
function convertingHandlers(
  ctx: StoreContext,
  pred: SelectionPredicate,
  sink: WatchSink<KubeObject>,
  progress: (revision: number) => void,
  fail: (err: Error) => void,
): KvWatchHandlers {
  let chain: Promise<void> = Promise.resolve();
  const after = (step: () => Promise<void> | void) => {
    chain = chain
      .then(() => (sink.isClosed ? undefined : step()))
      .catch((err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));
  };
  return {
    onEvents(events) {
      after(async () => {
        for (const ev of events) {
          let out: WatchEvent | undefined;
          try {
            out = await transformKvEventConverted(ctx, pred, ev);
          } catch (err) {
            fail(err instanceof Error ? err : new Error(String(err)));
            return;
          }
          if (sink.isClosed) return;
          if (out) sink.send(out);
        }
      });
    },
    onProgress: (revision) => after(() => progress(revision)),
    onError: (err) => after(() => fail(err)),
  };
}
