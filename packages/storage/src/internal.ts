// Shared plumbing of the Store: key preparation, transforming and decoding, state reads.
import { newRequestEntityTooLarge, type Codec, type KubeObject, type Versioner } from '@kapi/apimachinery';
import type { KV, KeyValue } from './kv.ts';
import { isCorruptObj, isInternalError, newInternalError, newStorageError } from './errors.ts';
import { authenticatedDataString, type Transformer, type TransformResult } from './transformer/transformer.ts';
import type { ObjectConversion } from './conversion.ts';

/** What every Store operation needs. */
export interface StoreContext {
  readonly kv: KV;
  readonly codec: Codec;
  readonly versioner: Versioner;
  /** Prefix of every key in the KV, e.g. `/registry`. Never ends with '/'. */
  readonly pathPrefix: string;
  /** Values pass through it on their way to and from the KV, with the key as authenticated data. */
  readonly transformer: Transformer;
  /** Leases for writes with a TTL, reused between objects of similar expiry. */
  readonly leases: LeaseSource;
  /** kube's AllowUnsafeMalformedObjectDeletion: unsafe deletes, and corrupt objects reported as such. */
  readonly allowUnsafeMalformedObjectDeletion: boolean;
  /** The largest value (as stored, after the transformer) a write may store; 0 for no limit. */
  readonly maxValueBytes: number;
  /** Asynchronous conversion after decoding and before encoding; undefined: none, and nothing waits for it. */
  readonly conversion: ObjectConversion | undefined;
}

/** etcd's default --max-request-bytes: the largest object kube-apiserver can store there. */
export const defaultMaxValueBytes = 1.5 * 1024 * 1024;

/** Where creates with a TTL get their lease (the LeaseManager). */
export interface LeaseSource {
  getLease(ttlSeconds: number): Promise<number>;
}

/**
 * Joins the path prefix and a key, rejecting keys that could escape it (kube's prepareKey):
 * `.` and `..` segments and empty keys are invalid, for recursive reads too.
 */
export function prepareKey(ctx: StoreContext, key: string): string {
  if (key === '' || key === '/') throw newStorageError('InvalidArgument', key, 0, 'empty key');
  // A `.` or `..` segment (checked without splitting: this runs on every call).
  if (key.includes('.') && /(?:^|\/)\.\.?(?:\/|$)/.test(key)) throw newStorageError('InvalidArgument', key, 0, `invalid key: ${key}`);
  const k = key.startsWith('/') ? key : `/${key}`;
  return ctx.pathPrefix + k;
}

/** Decodes a stored value (a value the codec cannot decode is a CorruptObj storage error). */
function decodeValue(ctx: StoreContext, key: string, data: Uint8Array, revision: number): KubeObject {
  try {
    return ctx.codec.decode(data);
  } catch (err) {
    throw newStorageError('CorruptObj', key, revision, `failed to decode stored object: ${(err as Error).message}`);
  }
}

/** Decodes a stored value and stamps it with its revision. Only for a Store without conversion: see decodeConverted. */
export function decodeAt(ctx: StoreContext, key: string, data: Uint8Array, revision: number): KubeObject {
  const obj = decodeValue(ctx, key, data, revision);
  ctx.versioner.updateObject(obj, revision);
  return obj;
}

/** Decodes a stored value, converts it (the Store's conversion, which must be set) and stamps it with its revision. */
export async function decodeConverted(ctx: StoreContext, key: string, data: Uint8Array, revision: number): Promise<KubeObject> {
  const obj = await ctx.conversion!.fromStorage(decodeValue(ctx, key, data, revision));
  ctx.versioner.updateObject(obj, revision);
  return obj;
}

/** decodeAt, or decodeConverted when the Store converts: synchronous without conversion. */
export function decodeServed(ctx: StoreContext, key: string, data: Uint8Array, revision: number): KubeObject | Promise<KubeObject> {
  return ctx.conversion === undefined ? decodeAt(ctx, key, data, revision) : decodeConverted(ctx, key, data, revision);
}

/**
 * A stored value as the codec wrote it (kube: TransformFromStorage with the key as authenticated
 * data). A value the transformer cannot read is an InternalError with the transformer's message.
 */
export function fromStorage(ctx: StoreContext, key: string, value: Uint8Array): TransformResult {
  try {
    return ctx.transformer.transformFromStorage(value, authenticatedDataString(key));
  } catch (err) {
    throw newInternalError(err);
  }
}

/** Encoded bytes as they go to the KV (kube: TransformToStorage); a failure is an InternalError. */
export function toStorage(ctx: StoreContext, key: string, data: Uint8Array): Uint8Array {
  let out: Uint8Array;
  try {
    out = ctx.transformer.transformToStorage(data, authenticatedDataString(key));
  } catch (err) {
    throw newInternalError(err);
  }
  if (ctx.maxValueBytes > 0 && out.length > ctx.maxValueBytes) {
    // etcd would refuse it ("etcdserver: request is too large", a 500 from kube-apiserver); the
    // same limit on every backend keeps what kapi stores storable in etcd, and the answer clear.
    throw newRequestEntityTooLarge(
      `the object is ${out.length} bytes as stored, more than the storage limit of ${ctx.maxValueBytes} bytes`,
    );
  }
  return out;
}

/** Transforms a stored value back and decodes it at its revision. */
export function decodeStored(ctx: StoreContext, key: string, value: Uint8Array, revision: number): KubeObject {
  return decodeAt(ctx, key, fromStorage(ctx, key, value).data, revision);
}

/** The state of a key as read from the KV (or from a cached object). */
export interface ObjectState {
  /** The decoded object, or undefined when the key does not exist. */
  obj: KubeObject | undefined;
  /** Encoded bytes as the codec wrote them (after the transformer); undefined when not known (a cached object). */
  data: Uint8Array | undefined;
  /** The key's modRevision; 0 when it does not exist. */
  rev: number;
  /** The transformer read the value but would store it differently now (e.g. an older key): rewrite it even if unchanged. */
  stale: boolean;
  /** The key exists but its value was deliberately not read (an unsafe delete): obj is undefined. */
  unread?: boolean;
}

/** The state of a key as the KV returned it; a promise only when the Store converts. */
export function stateFromKv(ctx: StoreContext, key: string, kv: KeyValue | undefined): ObjectState | Promise<ObjectState> {
  if (kv === undefined) return { obj: undefined, data: undefined, rev: 0, stale: false };
  const { data, stale } = fromStorage(ctx, key, kv.value);
  if (ctx.conversion !== undefined) return decodeConverted(ctx, key, data, kv.modRevision).then((obj) => ({ obj, data, rev: kv.modRevision, stale }));
  return { obj: decodeAt(ctx, key, data, kv.modRevision), data, rev: kv.modRevision, stale };
}

export async function readState(ctx: StoreContext, key: string): Promise<ObjectState> {
  const res = await ctx.kv.range(key);
  return stateFromKv(ctx, key, res.kvs[0]);
}

/** A deep copy of JSON data. */
export function deepCopy<T>(obj: T): T {
  return copyJson(obj) as T;
}

/**
 * A deep copy of a JSON value (what objects are here: decoded from JSON or protobuf). Several times
 * faster than structuredClone on such values; a copy is never frozen, even when the original (the
 * watch cache's) is. `__proto__` keys stay own properties.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyJson(value[i]);
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const v = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Why a stored value is corrupt, in the words of kube's corruptObjectError: a value the
 * transformer cannot read ("not transformable"), or one the codec cannot decode ("not
 * decodable"). Undefined when `err` is neither (e.g. the KV failed).
 */
export function corruptObjectMessage(err: unknown, revision: number): string | undefined {
  if (isInternalError(err)) return `data from the storage is not transformable revision=0: ${err.reason}`;
  if (isCorruptObj(err)) return `object not decodable revision=${revision}: ${err.additionalMessage}`;
  return undefined;
}
