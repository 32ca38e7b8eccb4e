/**
 * @kapi/cacher — the watch cache: a storage.Interface decorator that serves gets, lists and
 * watches from memory and fans events out to many watchers without letting a slow one hold the
 * others back. It knows only @kapi/storage (DESIGN.md rule 3); writes pass through to the store it
 * wraps, with the cached object as the suggestion.
 */
export { createCacher, type Cacher, type CacherMetrics } from './cacher.ts';
export { isPollableWatcher, type PollableWatcher } from './cache-watcher.ts';
export {
  defaultConsistencyCheckIntervalMs,
  defaultConsistentReadWaitMs,
  defaultWaitForFreshTimeoutMs,
  type CacherLogger,
  type CacherOptions,
} from './options.ts';
export { isCacheNotReady } from './ready.ts';
export { DecodedPool, defaultDecodedObjects } from './compact.ts';
export { listDigest, type ConsistencyResult } from './consistency.ts';
export { capacityUpperBound, defaultBookmarkFrequencyMs, defaultEventFreshDurationMs, defaultLowerBoundCapacity, defaultUpperBoundCapacity } from './watch-cache.ts';
