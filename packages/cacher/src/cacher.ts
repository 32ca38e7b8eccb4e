// The place of k8s.io/apiserver/pkg/storage/cacher/cacher.go (v1.33) in the stack. For now every
// call passes through to the wrapped store; the watch cache (sliding window, fan-out, bookmarks,
// consistent reads from cache) replaces the pass-through without changing this interface.
import type { StorageInterface } from '@kapi/storage';

export interface CacherOptions {
  /** The resource prefix this cacher serves (e.g. `/configmaps`); keys outside it are not cached. */
  resourcePrefix: string;
}

/** Wraps a store with the cacher. The result is a storage.Interface like any other. */
export function createCacher(store: StorageInterface, options: CacherOptions): StorageInterface {
  void options;
  return {
    versioner: store.versioner,
    create: (key, obj, opts) => store.create(key, obj, opts),
    delete: (key, opts) => store.delete(key, opts),
    watch: (key, opts) => store.watch(key, opts),
    get: (key, opts) => store.get(key, opts),
    getList: (key, opts) => store.getList(key, opts),
    guaranteedUpdate: (key, opts) => store.guaranteedUpdate(key, opts),
    count: (key) => store.count(key),
    readinessCheck: () => store.readinessCheck(),
    close: () => store.close(),
  };
}
