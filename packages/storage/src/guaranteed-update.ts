// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go GuaranteedUpdate and conditionalDelete (v1.33).
import type { KubeObject, Preconditions } from '@kapi/apimachinery';
import type { DeleteOptions, GuaranteedUpdateOptions } from './interfaces.ts';
import { newStorageError } from './errors.ts';
import { bytesEqual, decodeAt, deepCopy, readState, stateFromKv, type ObjectState, type StoreContext } from './internal.ts';

/** Checks uid/resourceVersion preconditions against the current object (kube's Preconditions.Check). */
export function checkPreconditions(key: string, pre: Preconditions | undefined, obj: KubeObject): void {
  if (!pre) return;
  const meta = obj.metadata ?? {};
  if (pre.uid !== undefined && pre.uid !== meta.uid) {
    throw newStorageError('InvalidObj', key, 0, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${meta.uid ?? ''}`);
  }
  if (pre.resourceVersion !== undefined && pre.resourceVersion !== meta.resourceVersion) {
    throw newStorageError(
      'InvalidObj',
      key,
      0,
      `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion ?? ''}`,
    );
  }
}

function stateFromCached(ctx: StoreContext, obj: KubeObject): ObjectState {
  return { obj: deepCopy(obj), data: undefined, rev: ctx.versioner.objectResourceVersion(obj) };
}

export async function guaranteedUpdate(ctx: StoreContext, key: string, opts: GuaranteedUpdateOptions): Promise<KubeObject> {
  let state = opts.cachedExistingObject ? stateFromCached(ctx, opts.cachedExistingObject) : await readState(ctx, key);
  // A cached object may be stale: any failure computed from it is verified against a fresh read once.
  let isCurrent = opts.cachedExistingObject === undefined;
  const refresh = async () => {
    state = await readState(ctx, key);
    isCurrent = true;
  };

  for (;;) {
    if (state.obj === undefined && !opts.ignoreNotFound) {
      if (!isCurrent) {
        await refresh();
        continue;
      }
      throw newStorageError('KeyNotFound', key, 0);
    }
    const current = state.obj ?? {};
    if (state.obj !== undefined) {
      try {
        checkPreconditions(key, opts.preconditions, current);
      } catch (err) {
        if (isCurrent) throw err;
        await refresh();
        continue;
      }
    }
    let next: KubeObject;
    try {
      next = await opts.tryUpdate(deepCopy(current), { resourceVersion: state.rev });
    } catch (err) {
      if (isCurrent) throw err;
      // Retry only when the cached object was in fact stale; otherwise its error stands.
      const cachedRev = state.rev;
      await refresh();
      if (state.rev === cachedRev) throw err;
      continue;
    }

    const toStore = deepCopy(next);
    ctx.versioner.prepareObjectForStorage(toStore);
    const data = ctx.codec.encode(toStore);

    // Unchanged bytes: no write, no new resourceVersion, no event.
    if (state.obj !== undefined) {
      const stored = state.data ?? encodeStored(ctx, state.obj);
      if (bytesEqual(stored, data)) {
        if (!isCurrent) {
          await refresh();
          continue;
        }
        return state.obj;
      }
    }

    const res = await ctx.kv.update(key, data, state.rev);
    if (!res.succeeded) {
      state = stateFromKv(ctx, key, res.kv);
      isCurrent = true;
      continue;
    }
    return decodeAt(ctx, key, data, res.revision);
  }
}

function encodeStored(ctx: StoreContext, obj: KubeObject): Uint8Array {
  const copy = deepCopy(obj);
  ctx.versioner.prepareObjectForStorage(copy);
  return ctx.codec.encode(copy);
}

export async function conditionalDelete(ctx: StoreContext, key: string, opts: DeleteOptions): Promise<KubeObject> {
  let state = opts.cachedExistingObject ? stateFromCached(ctx, opts.cachedExistingObject) : await readState(ctx, key);
  let isCurrent = opts.cachedExistingObject === undefined;

  for (;;) {
    if (state.obj === undefined) {
      if (!isCurrent) {
        state = await readState(ctx, key);
        isCurrent = true;
        continue;
      }
      throw newStorageError('KeyNotFound', key, 0);
    }
    try {
      checkPreconditions(key, opts.preconditions, state.obj);
      await opts.validateDeletion?.(deepCopy(state.obj));
    } catch (err) {
      if (isCurrent) throw err;
      // Retry only when the cached object was in fact stale; otherwise its error stands.
      const cachedRev = state.rev;
      state = await readState(ctx, key);
      isCurrent = true;
      if (state.rev === cachedRev) throw err;
      continue;
    }
    const res = await ctx.kv.delete(key, state.rev);
    if (!res.succeeded) {
      state = stateFromKv(ctx, key, res.kv);
      isCurrent = true;
      continue;
    }
    const last = res.kv?.value ?? state.data;
    // The deleted object is returned at the revision of the delete.
    if (last !== undefined) return decodeAt(ctx, key, last, res.revision);
    const obj = state.obj;
    ctx.versioner.updateObject(obj, res.revision);
    return obj;
  }
}
