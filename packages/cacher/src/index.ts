/**
 * @kapi/cacher — the watch cache: a storage.Interface decorator that serves lists and watches from
 * memory and fans events out to many watchers. It knows only @kapi/storage. At this stage it passes
 * every call through to the store it wraps.
 */
export { createCacher, type CacherOptions } from './cacher.ts';
