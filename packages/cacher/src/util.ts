// Behaviour of k8s.io/apiserver/pkg/storage/cacher/util.go (v1.33): key helpers and the Retry-After of an unready cache.
import type { KubeObject } from '@kapi/apimachinery';
import { newStorageError, type ObjectAttrs, type SelectionPredicate } from '@kapi/storage';

/**
 * True when `key` equals `prefix` or lies under it at a path segment boundary: `/pods/ns` covers
 * `/pods/ns/a` but not `/pods/ns-2/a`.
 */
export function hasPathPrefix(key: string, prefix: string): boolean {
  if (!key.startsWith(prefix)) return false;
  if (key.length === prefix.length || prefix.endsWith('/')) return true;
  return key[prefix.length] === '/';
}

/**
 * The Retry-After (seconds) of a request refused while the cache (re)initializes: grows with the
 * downtime, between 1 and 30 s (kube's calculateRetryAfterForUnreadyCache).
 */
export function retryAfterForUnreadyCache(downtimeMs: number): number {
  const result = Math.exp(0.06 * (downtimeMs / 1000));
  return Math.trunc(Math.min(30, Math.max(1, result)));
}

/**
 * Rejects keys the Store would reject (its prepareKey), with the same errors, and returns the key
 * with a leading slash. The cacher checks before it answers from memory.
 */
export function checkKey(key: string): string {
  if (key === '' || key === '/') throw newStorageError('InvalidArgument', key, 0, 'empty key');
  for (const seg of key.split('/')) {
    if (seg === '..' || seg === '.') throw newStorageError('InvalidArgument', key, 0, `invalid key: ${key}`);
  }
  return key.startsWith('/') ? key : `/${key}`;
}

/**
 * The storage key of an object by kube's layout (storage.NamespaceKeyFunc / NoNamespaceKeyFunc):
 * `<prefix>/<namespace>/<name>`, or `<prefix>/<name>` without a namespace.
 */
export function defaultKeyFunc(resourcePrefix: string): (obj: KubeObject) => string {
  return (obj) => {
    const meta = obj.metadata ?? {};
    const ns = meta.namespace ?? '';
    return ns === '' ? `${resourcePrefix}/${meta.name ?? ''}` : `${resourcePrefix}/${ns}/${meta.name ?? ''}`;
  };
}

/**
 * Whether an object passes a predicate, using the attributes the cache computed when it stored the
 * object (its own getAttrs), or the predicate's getAttrs when the cache has none.
 */
export function matchesWith(pred: SelectionPredicate, obj: KubeObject, attrs: ObjectAttrs | undefined): boolean {
  if (pred.label.isEmpty() && pred.field.isEmpty()) return true;
  const a = attrs ?? pred.getAttrs(obj);
  return pred.label.matches(a.labels) && pred.field.matches(a.fields);
}

/** matchesWith for a cached element, whose object is read (with `read`) only when the cache has no attributes for it. */
export function matchesElement(pred: SelectionPredicate, e: { readonly attrs: ObjectAttrs | undefined }, read: () => KubeObject): boolean {
  if (pred.label.isEmpty() && pred.field.isEmpty()) return true;
  const a = e.attrs ?? pred.getAttrs(read());
  return pred.label.matches(a.labels) && pred.field.matches(a.fields);
}

/** Freezes an object and everything it holds, so no reader can change what the cache shares. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const v of value) deepFreeze(v);
  } else {
    for (const k of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[k]);
  }
  return value;
}

/** Resolves after `ms` (unref'd: a pending sleep never keeps the process alive). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref?.();
  });
}

/** Lets the event loop run once (timers, I/O, and every consumer woken so far). */
export function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
