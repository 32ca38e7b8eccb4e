// Behaviour of k8s.io/apiserver/pkg/storage/cacher/delegator.go, delegator/interface.go and cacher.go
// Get/GetList (v1.33, with 1.34's lists from cache snapshots): which reads the cache answers, and how.
import { newBadRequest, type KubeList, type KubeObject, type Versioner } from '@kapi/apimachinery';
import {
  decodeContinue,
  encodeContinue,
  everything,
  newStorageError,
  selectsEverything,
  tooLargeResourceVersion,
  type GetOptions,
  type ListOptions,
  type SelectionPredicate,
  type StorageInterface,
} from '@kapi/storage';
import type { StoreElement } from './cache-store.ts';
import type { Readiness } from './ready.ts';
import { matchesElement, matchesWith } from './util.ts';
import type { WatchCache } from './watch-cache.ts';

/** Counters of where reads were served. */
export interface ReadMetrics {
  /** Gets and lists answered from the cache. */
  readsFromCache: number;
  /** Gets and lists passed to the store. */
  readsFromStorage: number;
  /** Consistent reads answered from the cache. */
  consistentReadsFromCache: number;
  /** Consistent reads passed to the store because the cache had not caught up in time. */
  consistentReadFallbacks: number;
}

/** What the read paths need from the cacher. */
export interface ReadContext {
  readonly store: StorageInterface;
  readonly cache: WatchCache;
  readonly ready: Readiness;
  readonly versioner: Versioner;
  readonly consistentReadsFromCache: boolean;
  readonly waitForFreshTimeoutMs: number;
  readonly consistentReadWaitMs: number;
  readonly metrics: ReadMetrics;
  /** Whether a key belongs to the cached resource. */
  covers(key: string): boolean;
  /** Waits (asking the store for progress when it can) until the cache reaches rv; false on timeout. */
  waitFresh(rv: number, timeoutMs: number): Promise<boolean>;
  /** How long to wait for a consistent read (longer when the store answers progress requests). */
  consistentWaitMs(): number;
}

/**
 * get: resourceVersion '' reads the store (kube serves unversioned gets from etcd); '0' and 'N'
 * (not older than N) read the cache once it is ready and has reached N: 504 after waiting
 * waitForFreshTimeoutMs. While the cache is not ready, gets go to the store.
 */
export async function cachedGet(ctx: ReadContext, key: string, checked: string, opts: GetOptions = {}): Promise<KubeObject | undefined> {
  const rvString = opts.resourceVersion ?? '';
  if (rvString === '' || !ctx.covers(checked) || !ctx.ready.isReady) return fromStorage(ctx, () => ctx.store.get(key, opts));
  const rv = ctx.versioner.parseResourceVersion(rvString);
  if (!(await ctx.waitFresh(rv, ctx.waitForFreshTimeoutMs))) throw tooLargeResourceVersion(rv, ctx.cache.resourceVersion);
  ctx.metrics.readsFromCache++;
  const elem = ctx.cache.store.get(checked);
  if (elem !== undefined) return elem.object;
  if (opts.ignoreNotFound) return undefined;
  throw newStorageError('KeyNotFound', checked, ctx.cache.resourceVersion);
}

async function fromStorage<T>(ctx: ReadContext, read: () => Promise<T>): Promise<T> {
  ctx.metrics.readsFromStorage++;
  return read();
}

/** storage.ValidateListOptions: what the Store rejects, rejected before the cache is consulted. */
function validateListOptions(opts: ListOptions, pred: SelectionPredicate, rv: number): void {
  const rvString = opts.resourceVersion ?? '';
  const match = opts.resourceVersionMatch ?? '';
  if ((opts.recursive ?? false) && pred.continue) {
    if (rvString !== '' && rvString !== '0') throw newBadRequest('specifying resource version is not allowed when using continue');
  } else if (match === 'Exact') {
    if (rv === 0) throw newBadRequest('resourceVersionMatch "Exact" is forbidden for resourceVersion "0"');
  } else if (match !== '' && match !== 'NotOlderThan') {
    throw newBadRequest(`unknown ResourceVersionMatch value: ${match}`);
  }
}

/** How a list is answered. */
type Plan =
  /** The state at exactly rv (Exact, a legacy paged read, a continue token). */
  | { kind: 'exact'; rv: number; fromKey?: string }
  /** The latest state once the cache has reached the store's current revision. */
  | { kind: 'consistent'; fromKey?: string }
  /** The latest state once the cache has reached rv. */
  | { kind: 'notOlderThan'; rv: number };

/**
 * getList, kube's delegator: Exact reads, continue tokens and legacy paged reads at a
 * resourceVersion are served at exactly that revision when the window still reaches it (else by
 * the store); consistent reads once the cache caught up with the store (else by the store);
 * NotOlderThan and '0' from the cache (504 when it cannot reach the revision in time). While the
 * cache is not ready, exact reads and unfiltered paged reads go to the store and the rest get 429.
 */
export async function cachedList(ctx: ReadContext, key: string, checked: string, opts: ListOptions): Promise<KubeList> {
  const pred = opts.predicate ?? everything();
  const recursive = opts.recursive ?? false;
  const rvString = opts.resourceVersion ?? '';
  const rv = ctx.versioner.parseResourceVersion(rvString);
  validateListOptions(opts, pred, rv);
  if (!ctx.covers(checked)) return fromStorage(ctx, () => ctx.store.getList(key, opts));

  const prefix = recursive && !checked.endsWith('/') ? `${checked}/` : checked;
  const match = opts.resourceVersionMatch ?? '';
  const pagedLimit = recursive && pred.limit !== undefined && pred.limit > 0 ? pred.limit : 0;
  let plan: Plan;
  if (match === 'Exact') {
    plan = { kind: 'exact', rv };
  } else if (match === 'NotOlderThan') {
    plan = { kind: 'notOlderThan', rv };
  } else if (recursive && pred.continue) {
    const token = decodeContinue(pred.continue, prefix);
    plan = token.resourceVersion > 0 ? { kind: 'exact', rv: token.resourceVersion, fromKey: token.fromKey } : { kind: 'consistent', fromKey: token.fromKey };
  } else if (pagedLimit > 0 && rvString !== '' && rvString !== '0') {
    plan = { kind: 'exact', rv };
  } else if (rvString === '') {
    plan = { kind: 'consistent' };
  } else {
    plan = { kind: 'notOlderThan', rv };
  }

  const delegate = () => fromStorage(ctx, () => ctx.store.getList(key, opts));
  if (!ctx.ready.isReady) {
    // kube's shouldDelegateListOnNotReadyCache: only reads the store can answer cheaply.
    if (plan.kind === 'exact' || (selectsEverything(pred) && pagedLimit > 0)) return delegate();
    throw ctx.ready.check()!;
  }
  // kube's computeListLimit: resourceVersion=0 lists everything in one page (a continue token still pages).
  const limit = rvString === '0' && !pred.continue ? 0 : pagedLimit;

  switch (plan.kind) {
    case 'exact': {
      if (ctx.cache.resourceVersion < plan.rv && !(await ctx.waitFresh(plan.rv, ctx.consistentWaitMs()))) return delegate();
      if (!ctx.ready.isReady || !ctx.cache.canServeFrom(plan.rv)) return delegate();
      return serve(ctx, { prefix, recursive, pred, limit, at: plan.rv, fromKey: plan.fromKey });
    }
    case 'consistent': {
      if (!ctx.consistentReadsFromCache) return delegate();
      const current = await ctx.store.getCurrentResourceVersion();
      if (ctx.cache.resourceVersion < current && !(await ctx.waitFresh(current, ctx.consistentWaitMs()))) {
        ctx.metrics.consistentReadFallbacks++;
        return delegate();
      }
      if (!ctx.ready.isReady) return delegate();
      ctx.metrics.consistentReadsFromCache++;
      return serve(ctx, { prefix, recursive, pred, limit, fromKey: plan.fromKey });
    }
    case 'notOlderThan': {
      if (!(await ctx.waitFresh(plan.rv, ctx.waitForFreshTimeoutMs))) throw tooLargeResourceVersion(plan.rv, ctx.cache.resourceVersion);
      if (!ctx.ready.isReady) throw ctx.ready.check()!;
      return serve(ctx, { prefix, recursive, pred, limit });
    }
  }
}

interface Serve {
  /** The listed prefix (ends with '/') or, not recursive, the key. */
  prefix: string;
  recursive: boolean;
  pred: SelectionPredicate;
  limit: number;
  /** Serve the state at exactly this revision; absent: the latest. */
  at?: number | undefined;
  fromKey?: string | undefined;
}

/** The field requirement whose index prefilters a list from its start, if any. */
function usableIndex(ctx: ReadContext, s: Serve): { field: string; value: string } | undefined {
  if (s.fromKey !== undefined) return undefined;
  for (const r of s.pred.field.requirements) if (r.operator === '=' && ctx.cache.store.hasIndex(r.field)) return r;
  return undefined;
}

/** The candidates of a list: the objects under the prefix, or those an index says may match. */
function candidates(ctx: ReadContext, s: Serve): StoreElement[] {
  if (s.at !== undefined) return ctx.cache.listAt(s.at, s.prefix, s.fromKey);
  // Prefiltering through an index: it must not miss anything; the predicate filters the rest.
  const r = usableIndex(ctx, s);
  if (r !== undefined) return ctx.cache.store.byIndex(r.field, r.value)!.filter((e) => e.key.startsWith(s.prefix));
  return ctx.cache.store.listPrefix(s.prefix, s.fromKey);
}

/**
 * A recursive list of the latest state, read straight from the store's tree up to its limit (a
 * page of a million objects reads 500 of them), paged like the Store pages: a continue token when
 * any object follows the last one taken, and the count of the rest when nothing is filtered out.
 */
function servePage(ctx: ReadContext, s: Serve, list: KubeList, listRV: number): KubeList {
  let lastKey = '';
  let hasMore = false;
  const read = ctx.cache.readerFor(s.prefix, s.fromKey, s.limit);
  ctx.cache.store.scanPrefix(s.prefix, s.fromKey, (e) => {
    if (s.limit > 0 && list.items.length >= s.limit) {
      hasMore = true;
      return true;
    }
    if (matchesElement(s.pred, e, () => read(e))) {
      list.items.push(read(e));
      lastKey = e.key;
    }
    return false;
  });
  let continueToken: string | undefined;
  let remaining: number | undefined;
  if (hasMore) {
    continueToken = encodeContinue(`${lastKey}\0`, s.prefix, listRV);
    if (selectsEverything(s.pred)) {
      const left = ctx.cache.store.countPrefix(s.prefix, s.fromKey) - s.limit;
      if (left > 0) remaining = left;
    }
  }
  ctx.versioner.updateList(list.metadata, listRV, continueToken, remaining);
  return list;
}

/** Builds the list from the cache, paged like the Store pages (same continue tokens and counts). */
function serve(ctx: ReadContext, s: Serve): KubeList {
  ctx.metrics.readsFromCache++;
  const listRV = s.at ?? ctx.cache.resourceVersion;
  const list: KubeList = { metadata: {}, items: [] };
  if (!s.recursive) {
    const elem = s.at !== undefined ? ctx.cache.getAt(s.at, s.prefix) : ctx.cache.store.get(s.prefix);
    if (elem !== undefined && matchesWith(s.pred, elem.object, elem.attrs)) list.items.push(elem.object);
    ctx.versioner.updateList(list.metadata, listRV);
    return list;
  }
  if (s.at === undefined && usableIndex(ctx, s) === undefined) return servePage(ctx, s, list, listRV);
  const elems = candidates(ctx, s);
  let lastKey = '';
  let hasMore = false;
  const read = ctx.cache.reader(s.limit > 0 ? Math.min(s.limit, elems.length) : elems.length);
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (matchesElement(s.pred, e, () => read(e))) {
      list.items.push(read(e));
      lastKey = e.key;
      if (s.limit > 0 && list.items.length >= s.limit) {
        hasMore = i < elems.length - 1;
        break;
      }
    }
  }
  let continueToken: string | undefined;
  let remaining: number | undefined;
  if (hasMore) {
    continueToken = encodeContinue(`${lastKey}\0`, s.prefix, listRV);
    // Like the Store: a count only when nothing is filtered out.
    if (selectsEverything(s.pred) && elems.length - s.limit > 0) remaining = elems.length - s.limit;
  }
  ctx.versioner.updateList(list.metadata, listRV, continueToken, remaining);
  return list;
}
