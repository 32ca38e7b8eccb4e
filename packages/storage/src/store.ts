// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go (v1.33): the one Store, over any KV.
import { apiObjectVersioner, type Codec, type Versioner } from '@kapi/apimachinery';
import type { StorageInterface } from './interfaces.ts';
import type { KV } from './kv.ts';
import { newStorageError } from './errors.ts';
import { conditionalDelete, guaranteedUpdate, storageForm } from './guaranteed-update.ts';
import { getList } from './list.ts';
import { watch } from './watch.ts';
import { corruptObjectMessage, decodeAt, decodeConverted, defaultMaxValueBytes, decodeStored, fromStorage, prepareKey, toStorage, type StoreContext } from './internal.ts';
import type { ObjectConversion } from './conversion.ts';
import { createLeaseManager, type LeaseManagerConfig } from './lease-manager.ts';
import { identityTransformer } from './transformer/identity.ts';
import type { Transformer } from './transformer/transformer.ts';
import { prefixRangeEnd } from './kv.ts';
import { tooLargeResourceVersion } from './store-errors.ts';

export interface StoreOptions {
  /** Encodes objects for the KV (JSON for custom resources; protobuf for built-ins once available). */
  codec: Codec;
  /** Prefix of every key, e.g. `/registry` (kube's default). Default: '' (keys as given). */
  pathPrefix?: string;
  versioner?: Versioner;
  /**
   * Transforms every value written (with its key as authenticated data) and read: encryption at
   * rest. Default: the identity transformer, which refuses to read encrypted values.
   */
  transformer?: Transformer;
  /** How writes with a TTL share leases (kube's LeaseManagerConfig); the defaults are kube's. */
  leaseManager?: LeaseManagerConfig;
  /**
   * kube's AllowUnsafeMalformedObjectDeletion feature gate (alpha in 1.32 and 1.33, off by
   * default). On: `delete` honours `ignoreStoreReadError`, `get` of a value that cannot be
   * transformed or decoded fails with a CorruptObj storage error (what the registry checks before
   * it allows an unsafe delete), and a watch that sees such a value deleted ends with an ERROR of
   * reason StorageReadError. Lists still fail on the first unreadable item (kube's gate also
   * aggregates them into one StorageReadError; not ported). Default false.
   */
  allowUnsafeMalformedObjectDeletion?: boolean;
  /**
   * The largest value a write may store, in bytes after the transformer; larger ones fail with a
   * 413 RequestEntityTooLarge Status. Default 1.5 MiB, etcd's default --max-request-bytes, on
   * every backend, so what is stored could be stored in etcd; 0 for no limit.
   */
  maxValueBytes?: number;
  /**
   * Converts what the codec decodes into the version the Store serves, and back before encoding,
   * asynchronously (a CRD's conversion webhook; see ObjectConversion). Default: none — conversion
   * that can be done synchronously belongs in the codec, and costs the Store's paths nothing.
   */
  conversion?: ObjectConversion;
}

/** Plain errors the Store raises for misuse, as kube's etcd3 store does. */
export const errResourceVersionSetOnCreate = 'resourceVersion should not be set on objects to be created';

/** Creates the Store (storage.Interface) over a KV. The KV stays owned by the caller. */
export function createStore(kv: KV, options: StoreOptions): StorageInterface {
  const ctx: StoreContext = {
    kv,
    codec: options.codec,
    versioner: options.versioner ?? apiObjectVersioner,
    pathPrefix: (options.pathPrefix ?? '').replace(/\/+$/, ''),
    transformer: options.transformer ?? identityTransformer,
    leases: createLeaseManager(kv, options.leaseManager),
    allowUnsafeMalformedObjectDeletion: options.allowUnsafeMalformedObjectDeletion ?? false,
    maxValueBytes: options.maxValueBytes ?? defaultMaxValueBytes,
    conversion: options.conversion,
  };

  const requestProgress = kv.requestProgress?.bind(kv);

  const store: StorageInterface = {
    versioner: ctx.versioner,

    async create(key, obj, opts) {
      const k = prepareKey(ctx, key);
      if (obj.metadata?.resourceVersion) throw new Error(errResourceVersionSetOnCreate);
      const form = storageForm(ctx, obj);
      const data = ctx.codec.encode(ctx.conversion === undefined ? form : await ctx.conversion.toStorage(form));
      const lease = opts?.ttl ? await ctx.leases.getLease(opts.ttl) : 0;
      const res = await kv.create(k, toStorage(ctx, k, data), lease ? { lease } : {});
      if (!res.succeeded) throw newStorageError('KeyExists', k, 0);
      return ctx.conversion === undefined ? decodeAt(ctx, k, data, res.revision) : decodeConverted(ctx, k, data, res.revision);
    },

    // Async, so that a bad key rejects the promise instead of throwing at the call.
    async delete(key, opts) {
      return conditionalDelete(ctx, prepareKey(ctx, key), opts ?? {});
    },

    watch(key, opts) {
      return watch(ctx, key, opts);
    },

    async get(key, opts) {
      const k = prepareKey(ctx, key);
      const minRV = ctx.versioner.parseResourceVersion(opts?.resourceVersion ?? '');
      const res = await kv.range(k);
      if (minRV > res.revision) throw tooLargeResourceVersion(minRV, res.revision);
      const found = res.kvs[0];
      if (!found) {
        if (opts?.ignoreNotFound) return undefined;
        throw newStorageError('KeyNotFound', k, 0);
      }
      try {
        if (ctx.conversion !== undefined) return await decodeConverted(ctx, k, fromStorage(ctx, k, found.value).data, found.modRevision);
        return decodeStored(ctx, k, found.value, found.modRevision);
      } catch (err) {
        const corrupt = ctx.allowUnsafeMalformedObjectDeletion ? corruptObjectMessage(err, found.modRevision) : undefined;
        if (corrupt !== undefined) throw newStorageError('CorruptObj', k, 0, corrupt);
        throw err;
      }
    },

    getList(key, opts) {
      return getList(ctx, key, opts);
    },

    async guaranteedUpdate(key, opts) {
      return guaranteedUpdate(ctx, prepareKey(ctx, key), opts);
    },

    async count(key) {
      let prefix = prepareKey(ctx, key);
      if (!prefix.endsWith('/')) prefix += '/';
      const res = await kv.range(prefix, { end: prefixRangeEnd(prefix), countOnly: true });
      return res.count;
    },

    // kube's GetCurrentResourceVersion (added for the watch cache's consistent reads).
    getCurrentResourceVersion() {
      return kv.currentRevision();
    },

    async readinessCheck() {
      await kv.currentRevision();
    },

    async close() {
      // Watches are owned by their consumers; nothing else is held.
    },
  };
  // kube's RequestWatchProgress, offered only when the KV can ask its watches for progress: each
  // watch of this Store that asked for progressNotify then sends a BOOKMARK at the revision it has
  // delivered up to (see watch.ts).
  if (requestProgress !== undefined) {
    store.requestWatchProgress = async () => {
      await requestProgress();
    };
  }
  return store;
}
