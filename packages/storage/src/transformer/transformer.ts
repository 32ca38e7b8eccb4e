// Behaviour of k8s.io/apiserver/pkg/storage/value/transformer.go (v1.33): value transformers and prefix multiplexing.

/**
 * What a transformer may bind a value to. The Store passes the value's storage key
 * ({@link authenticatedDataString}): an authenticated cipher then refuses a value copied to
 * another key.
 */
export interface TransformContext {
  /** Bytes that describe where the value lives; the same on write and on read. */
  authenticatedData(): Uint8Array;
}

/** A value read back from storage. */
export interface TransformResult {
  readonly data: Uint8Array;
  /**
   * The value was readable but is not in the form a write would produce now (another key or
   * provider than the first): the Store writes it again even when the object did not change.
   */
  readonly stale: boolean;
}

/**
 * Transforms values on their way into and out of storage (encryption at rest). The two methods
 * undo each other. Both are synchronous: every provider kapi supports is local cryptography, and
 * the Store's watch path decodes events in order without awaiting.
 *
 * Failures throw an Error whose message is kube's (e.g. `no matching prefix found`); the Store
 * wraps it in a storage InternalError, which the API answers with 500.
 */
export interface Transformer {
  transformFromStorage(data: Uint8Array, ctx: TransformContext): TransformResult;
  transformToStorage(data: Uint8Array, ctx: TransformContext): Uint8Array;
}

const utf8 = new TextEncoder();

/**
 * kube's authenticatedDataString: the storage key as the authenticated data. It stops a value
 * from being moved to another key; it does not stop an older value of the same key from being put
 * back.
 */
export function authenticatedDataString(key: string): TransformContext {
  let bytes: Uint8Array | undefined;
  return { authenticatedData: () => (bytes ??= utf8.encode(key)) };
}

/** Fixed bytes as the authenticated data (kube's value.DefaultContext). */
export function defaultContext(data: Uint8Array | string): TransformContext {
  const bytes = typeof data === 'string' ? utf8.encode(data) : data;
  return { authenticatedData: () => bytes };
}

/** A transformer and the prefix its values carry in storage. */
export interface PrefixTransformer {
  readonly prefix: Uint8Array;
  readonly transformer: Transformer;
}

export function hasPrefix(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/** Several errors as one, as kube's utilerrors.Reduce(NewAggregate(errs)) prints them. */
export function aggregateErrors(errs: readonly Error[]): Error {
  if (errs.length === 1) return errs[0]!;
  const msgs = [...new Set(errs.map((e) => e.message))];
  return new Error(msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`);
}

/**
 * kube's NewPrefixTransformers. Reads use the first transformer whose prefix the value starts with
 * (the prefix is stripped before it runs); a failure does not stop the search, since providers of
 * one kind share a prefix during a rotation, and an empty prefix (identity) that fails is skipped
 * silently. A value read by any transformer but the first is stale. Writes use the first
 * transformer and add its prefix. `err` is the failure when no prefix matches.
 */
export function newPrefixTransformers(err: Error | undefined, ...transformers: PrefixTransformer[]): Transformer {
  if (transformers.length === 0) throw new Error('newPrefixTransformers: at least one transformer is required');
  const noMatch = err ?? new Error('the provided value does not match any of the supported transformers');
  const first = transformers[0]!;
  return {
    transformFromStorage(data, ctx) {
      const errs: Error[] = [];
      for (let i = 0; i < transformers.length; i++) {
        const { prefix, transformer } = transformers[i]!;
        if (!hasPrefix(data, prefix)) continue;
        let result: TransformResult;
        try {
          result = transformer.transformFromStorage(prefix.length === 0 ? data : data.subarray(prefix.length), ctx);
        } catch (e) {
          if (prefix.length !== 0) errs.push(e instanceof Error ? e : new Error(String(e)));
          continue;
        }
        return i === 0 || result.stale ? result : { data: result.data, stale: true };
      }
      if (errs.length > 0) throw aggregateErrors(errs);
      throw noMatch;
    },
    transformToStorage(data, ctx) {
      const out = first.transformer.transformToStorage(data, ctx);
      if (first.prefix.length === 0) return out;
      const prefixed = new Uint8Array(first.prefix.length + out.length);
      prefixed.set(first.prefix, 0);
      prefixed.set(out, first.prefix.length);
      return prefixed;
    },
  };
}
