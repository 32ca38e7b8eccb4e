// The one place that composes the stack: backend KV → Store → cacher → registry.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonCodec, isAlreadyExists, type Codec, type KubeObject } from '@kapi/apimachinery';
import { builtinKinds, messageCodecOf, storageCodecOf } from '@kapi/api';
import { createCacher, DecodedPool, defaultDecodedObjects, type Cacher, type CacherLogger, type CacherOptions } from '@kapi/cacher';
import { componentStatusResource, createBuiltinRegistry, type Registry, type ResourceInfo } from '@kapi/registry';
import { timed } from './request-profile.ts';
import { createStore, defaultCompactionIntervalMs, startCompactor, type KV, type ResourceTransformers, type StorageInterface } from '@kapi/storage';

export type StorageBackend = { kind: 'sqlite'; dataDir: string } | { kind: 'sqlite-memory' } | { kind: 'etcd'; endpoints: string[] };

export interface Stack {
  kv: KV;
  registry: Registry;
  /** kube's etcd health probe over the KV (the health endpoints' `etcd` checks); an embedded KV passes while open. */
  storageHealth(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** kube-apiserver's etcd prefix. */
export const registryPathPrefix = '/registry';

/** Namespaces kube-apiserver creates at start. */
export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/**
 * How often the SQLite KV tells quiet watches its current revision: the watch cache knows it is
 * current from these, so a consistent read of a resource nobody writes is served from memory.
 */
const sqliteProgressNotifyIntervalMs = 100;

/**
 * Opens the backend's KV. Each driver is imported when it is chosen: `etcd3` (with gRPC) takes
 * 70–200 ms to load, which a server on SQLite should not pay at start.
 */
async function openKv(backend: StorageBackend): Promise<KV> {
  switch (backend.kind) {
    case 'sqlite': {
      const { createSqliteKv } = await import('@kapi/storage-sqlite');
      mkdirSync(backend.dataDir, { recursive: true });
      return createSqliteKv({ path: join(backend.dataDir, 'kapi.db'), progressNotifyIntervalMs: sqliteProgressNotifyIntervalMs });
    }
    case 'sqlite-memory': {
      const { createSqliteKv } = await import('@kapi/storage-sqlite');
      return createSqliteKv({ path: ':memory:', progressNotifyIntervalMs: sqliteProgressNotifyIntervalMs });
    }
    case 'etcd': {
      const { createEtcd3Kv } = await import('@kapi/storage-etcd3');
      return createEtcd3Kv({ endpoints: backend.endpoints });
    }
  }
}

export interface StackOptions {
  /** Time between compactions of the KV (kube's --etcd-compaction-interval); 0 disables. Default 5 min. */
  compactionIntervalMs?: number;
  onCompactionError?: (err: unknown) => void;
  /**
   * Encryption at rest (kube's --encryption-provider-config): the transformer of each resource's
   * store. Default: none, values are stored as encoded (and encrypted ones are refused on read).
   */
  encryption?: ResourceTransformers;
  /** How long Events live after each write, in whole seconds (kube's --event-ttl); 0 for ever. Default 3600. */
  eventTTLSeconds?: number;
  /**
   * Deletes set the garbage collector's finalizers (kube's --enable-garbage-collector): true unless
   * the garbage collector controller is switched off. Default true.
   */
  garbageCollection?: boolean;
  /** Count the time requests spend in storage (the watch cache, the Store, the KV) for the request profile. */
  requestProfile?: boolean;
  /** Where the watch caches log (consistency mismatches, relists). */
  logger?: CacherLogger & { info(obj: object, msg?: string): void };
  /** Wraps the backend's KV before anything uses it (tests count its calls). Default: the KV as opened. */
  wrapKv?: (kv: KV) => KV;
}

/** Field indexes of the watch cache, as kube-apiserver declares them (pods by node, events by object). */
const cacheIndexes: Readonly<Record<string, Pick<CacherOptions, 'indexedFields' | 'watchTriggerField'>>> = {
  '/pods': { indexedFields: ['spec.nodeName'], watchTriggerField: 'spec.nodeName' },
  '/events': { indexedFields: ['involvedObject.name', 'involvedObject.uid'] },
};

/**
 * Whether consistent reads may be served from the watch cache: only when the backend's progress
 * notifications can be trusted (kube: etcd ≥ 3.4.31 / 3.5.13; SQLite's are exact).
 */
async function consistentReadsFromCache(backend: StorageBackend, kv: KV): Promise<{ fromCache: boolean; why: string }> {
  if (backend.kind !== 'etcd') return { fromCache: true, why: 'SQLite progress notifications are exact' };
  try {
    const version = await (kv as KV & { serverVersion(): Promise<string> }).serverVersion();
    const { progressNotifyIsReliable } = await import('@kapi/storage-etcd3');
    return progressNotifyIsReliable(version)
      ? { fromCache: true, why: `etcd ${version} has reliable progress notifications` }
      : { fromCache: false, why: `etcd ${version} is older than 3.4.31 / 3.5.13: consistent reads go to etcd` };
  } catch {
    return { fromCache: false, why: 'etcd version unknown: consistent reads go to etcd' };
  }
}

const builtinByGvk = new Map(builtinKinds.map((k) => [`${k.group}/${k.version}/${k.kind}`, k]));

/** Built-in kinds are stored as protobuf, as kube-apiserver stores them; anything else as JSON. */
function storageCodecFor(info: ResourceInfo): Codec {
  const def = builtinByGvk.get(`${info.group}/${info.version}/${info.kind}`);
  return def ? storageCodecOf(def) : jsonCodec;
}

/** What the watch cache holds objects as: a built-in kind's bare protobuf message; anything else JSON. */
function cacheCodecFor(info: ResourceInfo): Pick<Codec, 'encode' | 'decode'> {
  const def = builtinByGvk.get(`${info.group}/${info.version}/${info.kind}`);
  return def ? messageCodecOf(def) : jsonCodec;
}

/** The KV without its optional requestProgress (every other member bound to the KV). */
function withoutProgressRequests(kv: KV): KV {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === 'requestProgress') return undefined;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (target, prop) => prop !== 'requestProgress' && Reflect.has(target, prop),
  });
}

/** Opens the backend and builds the registry over it; creates the system namespaces when missing. */
export async function composeStack(backend: StorageBackend, options: StackOptions = {}): Promise<Stack> {
  const { encryption, logger, wrapKv } = options;
  const opened = await openKv(backend);
  const kv = wrapKv ? wrapKv(opened) : opened;
  const consistent = await consistentReadsFromCache(backend, kv);
  logger?.info({ consistentReadsFromCache: consistent.fromCache }, consistent.why);
  const cachers: Cacher[] = [];
  // The decoded objects of every resource's cache, at most defaultDecodedObjects of them; the rest are held as their stored bytes.
  const decodedPool = new DecodedPool(defaultDecodedObjects);
  // Below etcd 3.4.31 / 3.5.13 a requested progress notification may overtake a watch's events:
  // the stores then do not ask for progress, as kube does not trust it there.
  const storeKv = consistent.fromCache ? kv : withoutProgressRequests(kv);
  const registry = createBuiltinRegistry((info, { getAttrs, conversion, objectConversion }) => {
    const transformer = encryption?.transformerForResource({ group: info.group, resource: info.resource });
    const base = storageCodecFor(info);
    // A custom resource's version converts to and from its storage version in the codec, as kube's
    // does; a conversion webhook, which the codec cannot wait for, converts in the Store.
    const codec: Codec = conversion
      ? { contentType: base.contentType, encode: (obj) => base.encode(conversion.encode(obj as KubeObject)), decode: (data) => conversion.decode(base.decode(data)) }
      : base;
    const store = createStore(storeKv, {
      codec,
      pathPrefix: registryPathPrefix,
      ...(transformer ? { transformer } : {}),
      ...(objectConversion ? { conversion: objectConversion } : {}),
    });
    const cacher = createCacher(store, {
      resourcePrefix: info.keyPrefix,
      consistentReadsFromCache: consistent.fromCache,
      getAttrs,
      compactCodec: cacheCodecFor(info),
      decodedPool,
      ...(info.group === '' ? (cacheIndexes[info.keyPrefix] ?? {}) : {}),
      ...(logger ? { logger } : {}),
    });
    cachers.push(cacher);
    return options.requestProfile ? timedStorage(cacher) : cacher;
  }, [componentStatusResource({ storageProbe: () => kv.currentRevision() })], {
    ...(options.eventTTLSeconds !== undefined ? { eventTTLSeconds: options.eventTTLSeconds } : {}),
    garbageCollection: options.garbageCollection ?? true,
  });
  try {
    const namespaces = registry.lookup('', 'v1', 'namespaces');
    for (const name of systemNamespaces) {
      await namespaces?.store.create({}, { metadata: { name } }).catch((err: unknown) => {
        if (!isAlreadyExists(err)) throw err;
      });
    }
  } catch (err) {
    await Promise.all(cachers.map((c) => c.close()));
    await kv.close();
    throw err;
  }
  const compactor = startCompactor(kv, {
    intervalMs: options.compactionIntervalMs ?? defaultCompactionIntervalMs,
    ...(options.onCompactionError ? { onError: options.onCompactionError } : {}),
  });
  return {
    kv,
    registry,
    storageHealth: (timeoutMs) => (kv.health ? kv.health({ timeoutMs }) : kv.currentRevision().then(() => undefined)),
    close: async () => {
      compactor.stop();
      // The watch caches first: their reflectors would otherwise keep retrying against a closed KV.
      await Promise.all(cachers.map((c) => c.close()));
      await kv.close();
    },
  };
}

/** The storage with its reads and writes timed as the request profile's `storage` layer. */
function timedStorage(storage: StorageInterface): StorageInterface {
  return {
    versioner: storage.versioner,
    create: (key, obj, opts) => timed('storage', () => storage.create(key, obj, opts)),
    delete: (key, opts) => timed('storage', () => storage.delete(key, opts)),
    watch: (key, opts) => storage.watch(key, opts),
    get: (key, opts) => timed('storage', () => storage.get(key, opts)),
    getList: (key, opts) => timed('storage', () => storage.getList(key, opts)),
    guaranteedUpdate: (key, opts) => timed('storage', () => storage.guaranteedUpdate(key, opts)),
    count: (key) => storage.count(key),
    getCurrentResourceVersion: () => storage.getCurrentResourceVersion(),
    ...(storage.requestWatchProgress ? { requestWatchProgress: () => storage.requestWatchProgress!() } : {}),
    readinessCheck: () => storage.readinessCheck(),
    close: () => storage.close(),
  };
}
