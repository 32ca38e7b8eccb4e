// The one place that composes the stack: backend KV → Store → cacher → registry.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonCodec, isAlreadyExists, type Codec } from '@kapi/apimachinery';
import { builtinKinds, storageCodecOf } from '@kapi/api';
import { createCacher } from '@kapi/cacher';
import { createBuiltinRegistry, type Registry, type ResourceInfo } from '@kapi/registry';
import { createStore, defaultCompactionIntervalMs, startCompactor, type KV, type ResourceTransformers } from '@kapi/storage';
import { createEtcd3Kv } from '@kapi/storage-etcd3';
import { createSqliteKv } from '@kapi/storage-sqlite';

export type StorageBackend = { kind: 'sqlite'; dataDir: string } | { kind: 'sqlite-memory' } | { kind: 'etcd'; endpoints: string[] };

export interface Stack {
  kv: KV;
  registry: Registry;
  close(): Promise<void>;
}

/** kube-apiserver's etcd prefix. */
export const registryPathPrefix = '/registry';

/** Namespaces kube-apiserver creates at start. */
export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

function openKv(backend: StorageBackend): KV {
  switch (backend.kind) {
    case 'sqlite':
      mkdirSync(backend.dataDir, { recursive: true });
      return createSqliteKv({ path: join(backend.dataDir, 'kapi.db') });
    case 'sqlite-memory':
      return createSqliteKv({ path: ':memory:' });
    case 'etcd':
      return createEtcd3Kv({ endpoints: backend.endpoints });
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
}

const builtinByGvk = new Map(builtinKinds.map((k) => [`${k.group}/${k.version}/${k.kind}`, k]));

/** Built-in kinds are stored as protobuf, as kube-apiserver stores them; anything else as JSON. */
function storageCodecFor(info: ResourceInfo): Codec {
  const def = builtinByGvk.get(`${info.group}/${info.version}/${info.kind}`);
  return def ? storageCodecOf(def) : jsonCodec;
}

/** Opens the backend and builds the registry over it; creates the system namespaces when missing. */
export async function composeStack(backend: StorageBackend, options: StackOptions = {}): Promise<Stack> {
  const kv = openKv(backend);
  const { encryption } = options;
  const registry = createBuiltinRegistry((info) => {
    const transformer = encryption?.transformerForResource({ group: info.group, resource: info.resource });
    const store = createStore(kv, { codec: storageCodecFor(info), pathPrefix: registryPathPrefix, ...(transformer ? { transformer } : {}) });
    return createCacher(store, { resourcePrefix: info.keyPrefix });
  });
  try {
    const namespaces = registry.lookup('', 'v1', 'namespaces');
    for (const name of systemNamespaces) {
      await namespaces?.store.create({}, { metadata: { name } }).catch((err: unknown) => {
        if (!isAlreadyExists(err)) throw err;
      });
    }
  } catch (err) {
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
    close: () => {
      compactor.stop();
      return kv.close();
    },
  };
}
