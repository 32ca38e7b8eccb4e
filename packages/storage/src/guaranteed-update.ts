// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go GuaranteedUpdate and conditionalDelete (v1.33).
import type { KubeObject, Preconditions } from '@kapi/apimachinery';
import { isUpdateResult, type DeleteOptions, type GuaranteedUpdateOptions } from './interfaces.ts';
import { newInternalError, newStorageError } from './errors.ts';
import type { KeyValue } from './kv.ts';
import { bytesEqual, decodeServed, deepCopy, fromStorage, readState, stateFromKv, toStorage, type ObjectState, type StoreContext } from './internal.ts';

/** Checks uid/resourceVersion preconditions against the current object (kube's Preconditions.Check). */
export function checkPreconditions(key: string, pre: Preconditions | undefined, obj: KubeObject): void {
  if (!pre) return;
  const meta = obj.metadata ?? {};
  if (pre.uid !== undefined && pre.uid !== meta.uid) {
    throw newStorageError('InvalidObj', key, 0, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${meta.uid ?? ''}`);
  }
  if (pre.resourceVersion !== undefined && pre.resourceVersion !== meta.resourceVersion) {
    throw newStorageError(
      'InvalidObj',
      key,
      0,
      `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion ?? ''}`,
    );
  }
}

/**
 * The state of a cached object. The object is the caller's and is only read: tryUpdate gets a
 * copy, and paths that return or change it copy it first.
 */
function stateFromCached(ctx: StoreContext, obj: KubeObject): ObjectState {
  return { obj, data: undefined, rev: ctx.versioner.objectResourceVersion(obj), stale: false };
}

/**
 * The object as it is encoded for storage (no resourceVersion, no selfLink): a copy of its top
 * level and metadata only, since preparing it touches nothing else. Much cheaper than a deep copy.
 */
export function storageForm(ctx: StoreContext, obj: KubeObject): KubeObject {
  const out: KubeObject = { ...obj };
  if (obj.metadata) out.metadata = { ...obj.metadata };
  ctx.versioner.prepareObjectForStorage(out);
  return out;
}

// ---- Per-key serialization of guaranteedUpdate (an optimisation; begin) ----------------------

/**
 * FIFO queues of async tasks by key. A task starts once the task queued before it for the same key
 * has settled, fulfilled or rejected (a failing task never blocks the next), or once it has waited
 * `maxWaitMs`, whichever comes first: a stuck task delays the ones behind it by at most that. A
 * key with nothing queued starts its task at once; a key's entry is dropped when its last task
 * settles.
 */
export class KeyedQueue<T> {
  private readonly tails = new Map<string, Promise<T | undefined>>();

  constructor(private readonly maxWaitMs: number) {}

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }

  /**
   * Queues `task` behind the earlier tasks of `key`. It is handed `handoff(value)` of the task just
   * before it when that one fulfilled with `value` in time (handoff runs only when a task is
   * queued behind, before anyone else sees the value), else undefined.
   */
  run(key: string, task: (previous: T | undefined) => Promise<T>, handoff?: (value: T) => T): Promise<T> {
    const prev = this.tails.get(key);
    const result = prev === undefined ? startTask(task) : waitAtMost(prev, this.maxWaitMs).then(task);
    const tail: Promise<T | undefined> = result
      .then(
        (value) => (handoff !== undefined && this.tails.get(key) !== tail ? handoff(value) : undefined),
        () => undefined,
      )
      .catch(() => undefined)
      .then((passed) => {
        if (this.tails.get(key) === tail) this.tails.delete(key);
        return passed;
      });
    this.tails.set(key, tail);
    return result;
  }
}

function startTask<T>(task: (previous: T | undefined) => Promise<T>): Promise<T> {
  try {
    return task(undefined);
  } catch (err) {
    return Promise.reject(err);
  }
}

/** `p`'s value, or undefined once `ms` have passed (`p` never rejects). */
function waitAtMost<V>(p: Promise<V | undefined>, ms: number): Promise<V | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    void p.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * How long a queued guaranteedUpdate waits for the one before it on the same key before it runs
 * anyway. Long enough for hundreds of queued updates in a healthy store; short enough that a KV
 * that stopped answering, or a slow tryUpdate, adds at most this to the calls queued behind it.
 */
export const maxUpdateQueueWaitMs = 1000;

/** One queue per Store (its context), so Stores never wait for each other. */
const updateQueues = new WeakMap<StoreContext, KeyedQueue<KubeObject>>();

/**
 * kube's GuaranteedUpdate, with concurrent calls for the same key in the same Store run one after
 * another (FIFO) instead of racing each other.
 *
 * This is an optimisation with unchanged semantics: every call still runs tryUpdate on the
 * current state and writes with a compare on the key's modRevision, retrying on a conflict, so
 * writes through other Stores or processes are handled exactly as before. It only stops
 * same-process writers from wasting KV round trips on races that all but one of them lose: N
 * concurrent updates of one key cost N writes instead of up to N²/2 attempts. A queued call takes
 * the object the call before it stored as its cached existing object (unless the caller's is
 * newer), which saves it the read; like any cached object it is verified by the write's compare.
 * A call that fails (tryUpdate throws, the KV is unreachable) lets the next one start, and a call
 * that is still running after {@link maxUpdateQueueWaitMs} lets it start too (racing, as without
 * the queue), so no call waits long for another. Calls for different keys never wait for each
 * other. tryUpdate must not itself update the same key through the same Store (its contract
 * already forbids side effects): that call would wait for its caller until the bound.
 */
export function guaranteedUpdate(ctx: StoreContext, key: string, opts: GuaranteedUpdateOptions): Promise<KubeObject> {
  let queue = updateQueues.get(ctx);
  if (queue === undefined) {
    queue = new KeyedQueue(maxUpdateQueueWaitMs);
    updateQueues.set(ctx, queue);
  }
  return queue.run(key, (previous) => guaranteedUpdateNow(ctx, key, withSuggestion(ctx, opts, previous)), deepCopy);
}

/** The options with `previous` as the cached object, unless the caller's own is as new. */
function withSuggestion(ctx: StoreContext, opts: GuaranteedUpdateOptions, previous: KubeObject | undefined): GuaranteedUpdateOptions {
  if (previous === undefined) return opts;
  const own = opts.cachedExistingObject;
  if (own !== undefined && ctx.versioner.objectResourceVersion(own) >= ctx.versioner.objectResourceVersion(previous)) return opts;
  return { ...opts, cachedExistingObject: previous };
}

// ---- Per-key serialization of guaranteedUpdate (end) ---------------------------------------

async function guaranteedUpdateNow(ctx: StoreContext, key: string, opts: GuaranteedUpdateOptions): Promise<KubeObject> {
  let state = opts.cachedExistingObject ? stateFromCached(ctx, opts.cachedExistingObject) : await readState(ctx, key);
  // A cached object may be stale: any failure computed from it is verified against a fresh read once.
  let isCurrent = opts.cachedExistingObject === undefined;
  const refresh = async () => {
    state = await readState(ctx, key);
    isCurrent = true;
  };

  for (;;) {
    if (state.obj === undefined && !opts.ignoreNotFound) {
      if (!isCurrent) {
        await refresh();
        continue;
      }
      throw newStorageError('KeyNotFound', key, 0);
    }
    const current = state.obj ?? {};
    if (state.obj !== undefined) {
      try {
        checkPreconditions(key, opts.preconditions, current);
      } catch (err) {
        if (isCurrent) throw err;
        await refresh();
        continue;
      }
    }
    let next: KubeObject;
    let ttl = 0;
    try {
      const result = await opts.tryUpdate(deepCopy(current), { resourceVersion: state.rev, ttl: 0 });
      if (isUpdateResult(result)) {
        next = result.object;
        ttl = result.ttl;
      } else {
        next = result;
      }
    } catch (err) {
      if (isCurrent) throw err;
      // Retry only when the cached object was in fact stale; otherwise its error stands.
      const cachedRev = state.rev;
      await refresh();
      if (state.rev === cachedRev) throw err;
      continue;
    }

    const data = ctx.conversion === undefined ? encodeStored(ctx, next) : await encodeConverted(ctx, next);

    // Unchanged bytes: no write, no new resourceVersion, no event — unless the transformer reported
    // the stored value stale (e.g. encrypted with an older key): then it is written again.
    if (state.obj !== undefined && !state.stale) {
      const stored = state.data ?? (ctx.conversion === undefined ? encodeStored(ctx, state.obj) : await encodeConverted(ctx, state.obj));
      if (bytesEqual(stored, data)) {
        if (!isCurrent) {
          await refresh();
          continue;
        }
        // A state read here is private; a cached one (data undefined) is the caller's.
        return state.data === undefined ? deepCopy(state.obj) : state.obj;
      }
    }

    const value = toStorage(ctx, key, data);
    // Every attempt asks for its lease, as kube's does; a write without one detaches the key from its old lease.
    const lease = ttl !== 0 ? await ctx.leases.getLease(ttl) : 0;
    const res = await ctx.kv.update(key, value, state.rev, lease !== 0 ? { lease } : {});
    if (!res.succeeded) {
      state = await stateFromKv(ctx, key, res.kv);
      isCurrent = true;
      continue;
    }
    return decodeServed(ctx, key, data, res.revision);
  }
}

/** The bytes an object is stored as, by a Store without conversion. */
function encodeStored(ctx: StoreContext, obj: KubeObject): Uint8Array {
  return ctx.codec.encode(storageForm(ctx, obj));
}

/** The bytes an object is stored as, by a Store that converts: into the stored version first. */
async function encodeConverted(ctx: StoreContext, obj: KubeObject): Promise<Uint8Array> {
  return ctx.codec.encode(await ctx.conversion!.toStorage(storageForm(ctx, obj)));
}

/**
 * kube's conditionalDelete. With `ignoreStoreReadError` (honoured when the Store allows unsafe
 * deletion) values are not read: the key is deleted at the revision it was found at, whatever it
 * holds.
 */
export async function conditionalDelete(ctx: StoreContext, key: string, opts: DeleteOptions): Promise<KubeObject> {
  const skipRead = opts.ignoreStoreReadError === true && ctx.allowUnsafeMalformedObjectDeletion;
  const read = async () => (skipRead ? unreadState((await ctx.kv.range(key)).kvs[0]) : readState(ctx, key));
  let state = opts.cachedExistingObject ? stateFromCached(ctx, opts.cachedExistingObject) : await read();
  let isCurrent = opts.cachedExistingObject === undefined;

  for (;;) {
    if (state.obj === undefined && !state.unread) {
      if (!isCurrent) {
        state = await read();
        isCurrent = true;
        continue;
      }
      throw newStorageError('KeyNotFound', key, 0);
    }
    try {
      if (state.obj !== undefined) {
        checkPreconditions(key, opts.preconditions, state.obj);
        await opts.validateDeletion?.(deepCopy(state.obj));
      } else if (opts.preconditions !== undefined) {
        // kube's Preconditions.Check of a nil object.
        throw newInternalError(`can't enforce preconditions ${JSON.stringify(opts.preconditions)} on un-introspectable object <nil>`);
      }
    } catch (err) {
      if (isCurrent) throw err;
      // Retry only when the cached object was in fact stale; otherwise its error stands.
      const cachedRev = state.rev;
      state = await read();
      isCurrent = true;
      if (state.rev === cachedRev) throw err;
      continue;
    }
    const res = await ctx.kv.delete(key, state.rev);
    if (!res.succeeded) {
      state = skipRead ? unreadState(res.kv) : await stateFromKv(ctx, key, res.kv);
      isCurrent = true;
      continue;
    }
    // Nothing was read (kube leaves the output object empty).
    if (skipRead) return {};
    // The value deleted is the one read (its modRevision matched); a cached state has only the object.
    const last = state.data ?? (res.kv ? fromStorage(ctx, key, res.kv.value).data : undefined);
    // The deleted object is returned at the revision of the delete.
    if (last !== undefined) return decodeServed(ctx, key, last, res.revision);
    const obj = deepCopy(state.obj!);
    ctx.versioner.updateObject(obj, res.revision);
    return obj;
  }
}

/** The state of a key whose value is not read (an unsafe delete): only whether it exists, and its revision. */
function unreadState(kv: KeyValue | undefined): ObjectState {
  if (kv === undefined) return { obj: undefined, data: undefined, rev: 0, stale: false };
  return { obj: undefined, data: undefined, rev: kv.modRevision, stale: true, unread: true };
}
