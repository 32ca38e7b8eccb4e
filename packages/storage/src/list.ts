// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go GetList and storage.ValidateListOptions (v1.33).
import { newBadRequest, newResourceExpired, type KubeList, type KubeObject } from '@kapi/apimachinery';
import type { ListOptions } from './interfaces.ts';
import { isKvCompactedError, prefixRangeEnd, type KvRangeResult } from './kv.ts';
import { decodeContinue, encodeContinue } from './continue.ts';
import { everything, predicateMatches, selectsEverything } from './predicate.ts';
import { decodeAt, decodeConverted, prepareKey, type StoreContext } from './internal.ts';
import { newInternalError } from './errors.ts';
import { authenticatedDataString } from './transformer/transformer.ts';
import { tooLargeResourceVersion } from './store-errors.ts';

const expiredList = 'The resourceVersion for the provided list is too old.';
const continueExpired =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.';
const inconsistentContinue =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** Most keys read in one KV round trip while filtering a page. */
const maxPageFetch = 10_000;

/**
 * One KV range. A read at a revision the store has not reached yet is a TooLargeResourceVersion
 * (kube maps etcd's ErrFutureRev the same way); the KV port does not name that error, so the
 * current revision decides.
 */
async function rangeAt(ctx: StoreContext, key: string, end: string | undefined, revision: number, limit: number): Promise<KvRangeResult> {
  try {
    return await ctx.kv.range(key, { ...(end !== undefined ? { end } : {}), revision, limit });
  } catch (err) {
    if (revision > 0 && !isKvCompactedError(err)) {
      const current = await ctx.kv.currentRevision().catch(() => Number.MAX_SAFE_INTEGER);
      if (revision > current) throw tooLargeResourceVersion(revision, current);
    }
    throw err;
  }
}

/** A listed value through the transformer; a failure aborts the list, as kube's default aggregator does. */
function listItemData(ctx: StoreContext, key: string, value: Uint8Array): Uint8Array {
  try {
    return ctx.transformer.transformFromStorage(value, authenticatedDataString(key)).data;
  } catch (err) {
    throw newInternalError(new Error(`unable to transform key ${JSON.stringify(key)}: ${(err as Error).message}`, { cause: err }));
  }
}

export async function getList(ctx: StoreContext, key: string, opts: ListOptions): Promise<KubeList> {
  const pred = opts.predicate ?? everything();
  const recursive = opts.recursive ?? false;
  let keyPrefix = prepareKey(ctx, key);
  if (recursive && !keyPrefix.endsWith('/')) keyPrefix += '/';
  const rangeEnd = recursive ? prefixRangeEnd(keyPrefix) : undefined;
  const limit = recursive && pred.limit && pred.limit > 0 ? pred.limit : 0;
  const rvString = opts.resourceVersion ?? '';
  const match = opts.resourceVersionMatch ?? '';
  const fromRV = ctx.versioner.parseResourceVersion(rvString);

  let fromKey = keyPrefix;
  let withRev = 0;
  let paging = false;
  if (recursive && pred.continue) {
    if (rvString !== '' && rvString !== '0') throw newBadRequest('specifying resource version is not allowed when using continue');
    const token = decodeContinue(pred.continue, keyPrefix);
    fromKey = token.fromKey;
    withRev = token.resourceVersion > 0 ? token.resourceVersion : 0;
    paging = true;
  } else if (match === 'Exact') {
    if (fromRV === 0) throw newBadRequest('resourceVersionMatch "Exact" is forbidden for resourceVersion "0"');
    withRev = fromRV;
  } else if (match === '') {
    // The legacy case: a paged list with a resourceVersion is served at exactly that revision.
    if (limit > 0 && fromRV > 0) withRev = fromRV;
  } else if (match !== 'NotOlderThan') {
    throw newBadRequest(`unknown ResourceVersionMatch value: ${match}`);
  }

  const items: KubeObject[] = [];
  let lastKey = '';
  let hasMore = false;
  let revision = 0;
  let firstCount = -1;
  let fetchLimit = limit;
  const filtering = !selectsEverything(pred);

  try {
    for (;;) {
      const res = await rangeAt(ctx, fromKey, rangeEnd, withRev, fetchLimit);
      if (revision === 0) {
        if (withRev === 0 && fromRV > res.revision) throw tooLargeResourceVersion(fromRV, res.revision);
        // A list read at a revision reports that revision; otherwise the store's current one.
        revision = withRev > 0 ? withRev : res.revision;
      }
      if (firstCount < 0) firstCount = res.count;
      // Later pages of the same list are read at the same revision.
      withRev = revision;
      hasMore = res.more;
      for (const kv of res.kvs) {
        lastKey = kv.key;
        const data = listItemData(ctx, kv.key, kv.value);
        // Items are converted one by one, as kube's codec decodes them, before the predicate sees them.
        const obj = ctx.conversion === undefined ? decodeAt(ctx, kv.key, data, kv.modRevision) : await decodeConverted(ctx, kv.key, data, kv.modRevision);
        if (predicateMatches(pred, obj)) {
          items.push(obj);
          if (limit > 0 && items.length >= limit) break;
        }
      }
      if (limit > 0 && items.length >= limit) {
        // More when this page was cut by the limit, or keys remain after the last one consumed.
        hasMore = hasMore || lastKey !== res.kvs[res.kvs.length - 1]?.key;
        break;
      }
      if (!res.more || limit === 0) break;
      fromKey = `${lastKey}\0`;
      // Filtering: read wider pages so a selective predicate needs few round trips.
      if (filtering) fetchLimit = Math.min(maxPageFetch, fetchLimit * 2);
    }
  } catch (err) {
    if (isKvCompactedError(err)) {
      if (paging) {
        const e = newResourceExpired(inconsistentContinue);
        e.status.metadata.continue = encodeContinue(fromKey, keyPrefix, -1);
        throw e;
      }
      throw newResourceExpired(paging ? continueExpired : expiredList);
    }
    throw err;
  }

  const list: KubeList = { metadata: {}, items };
  let continueToken: string | undefined;
  let remaining: number | undefined;
  if (limit > 0 && hasMore && items.length >= limit) {
    continueToken = encodeContinue(`${lastKey}\0`, keyPrefix, revision);
    if (!filtering && firstCount >= 0) {
      const left = firstCount - items.length;
      if (left > 0) remaining = left;
    }
  }
  ctx.versioner.updateList(list.metadata, revision, continueToken, remaining);
  return list;
}
