// Shared plumbing of the Store: key preparation, decoding, state reads.
import type { Codec, KubeObject, Versioner } from '@kapi/apimachinery';
import type { KV, KeyValue } from './kv.ts';
import { newStorageError } from './errors.ts';

/** What every Store operation needs. */
export interface StoreContext {
  readonly kv: KV;
  readonly codec: Codec;
  readonly versioner: Versioner;
  /** Prefix of every key in the KV, e.g. `/registry`. Never ends with '/'. */
  readonly pathPrefix: string;
}

/**
 * Joins the path prefix and a key, rejecting keys that could escape it (kube's prepareKey):
 * `.` and `..` segments and empty keys are invalid, for recursive reads too.
 */
export function prepareKey(ctx: StoreContext, key: string): string {
  if (key === '' || key === '/') throw newStorageError('InvalidArgument', key, 0, 'empty key');
  for (const seg of key.split('/')) {
    if (seg === '..' || seg === '.') throw newStorageError('InvalidArgument', key, 0, `invalid key: ${key}`);
  }
  const k = key.startsWith('/') ? key : `/${key}`;
  return ctx.pathPrefix + k;
}

/** Decodes a stored value and stamps it with its revision. */
export function decodeAt(ctx: StoreContext, key: string, data: Uint8Array, revision: number): KubeObject {
  let obj: KubeObject;
  try {
    obj = ctx.codec.decode(data);
  } catch (err) {
    throw newStorageError('CorruptObj', key, revision, `failed to decode stored object: ${(err as Error).message}`);
  }
  ctx.versioner.updateObject(obj, revision);
  return obj;
}

/** The state of a key as read from the KV (or from a cached object). */
export interface ObjectState {
  /** The decoded object, or undefined when the key does not exist. */
  obj: KubeObject | undefined;
  /** Encoded bytes as stored; undefined when not known (a cached object). */
  data: Uint8Array | undefined;
  /** The key's modRevision; 0 when it does not exist. */
  rev: number;
}

export function stateFromKv(ctx: StoreContext, key: string, kv: KeyValue | undefined): ObjectState {
  if (kv === undefined) return { obj: undefined, data: undefined, rev: 0 };
  return { obj: decodeAt(ctx, key, kv.value, kv.modRevision), data: kv.value, rev: kv.modRevision };
}

export async function readState(ctx: StoreContext, key: string): Promise<ObjectState> {
  const res = await ctx.kv.range(key);
  return stateFromKv(ctx, key, res.kvs[0]);
}

/** A deep copy of JSON data. */
export function deepCopy<T>(obj: T): T {
  return structuredClone(obj);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
