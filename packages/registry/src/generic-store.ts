// Behaviour of k8s.io/apiserver/pkg/registry/generic/registry/store.go (v1.33): one store for every kind,
// driven by its strategy.
import { randomUUID } from 'node:crypto';
import {
  everythingFields,
  everythingLabels,
  isValidPathSegmentName,
  metaOf,
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInvalid,
  newNotFound,
  now,
  optimisticLockErrorMsg,
  orderObject,
  orderListItem,
  fieldErrors,
  FieldPath,
  type KubeList,
  type KubeObject,
  type Status,
  type Watcher,
} from '@kapi/apimachinery';
import { withTTL, type SelectionPredicate, type StorageInterface, type UpdateFunc } from '@kapi/storage';
import type { RESTStrategy } from './strategy.ts';
import { apiVersionOf, groupResourceOf, type ResourceInfo } from './resource.ts';
import type { CreateOptions, DeleteOptions, GetOptions, ListOptions, RequestContext, UpdateOptions } from './options.ts';
import { interpretStorageError } from './storage-errors.ts';
import { generateName } from './names.ts';
import { ignoreManagedFieldsTimestamps } from './managed-fields-timestamps.ts';
import { alreadyDeleting, deleteImmediately, markAsDeleting, planDeletion } from './deletion.ts';
import { addWarning } from './warnings.ts';

/**
 * Computes the new object of an update from the stored one (undefined when it does not exist).
 * `old` is the stored object with a fresh top level and metadata: everything below them is shared
 * with the store (and frozen when it comes from the watch cache), so read it, never modify it. The
 * store takes the returned object over and modifies its top level and metadata.
 */
export type UpdatedObjectInfo = (old: KubeObject | undefined) => Promise<KubeObject> | KubeObject;

export interface UpdateResult {
  object: KubeObject;
  /** True when the update created the object (PUT with create-on-update, or apply). */
  created: boolean;
}

export interface DeleteResult {
  /** The deleted object, or a Success Status for kinds that answer deletes with one. */
  object: KubeObject | Status;
  /** False when deletion is pending (finalizers). */
  deleted: boolean;
}

/** The verbs served for a generic store's resource, for discovery (patch is get + update; deletecollection is list + delete). */
export const genericVerbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

/** A resource's storage with kube's REST semantics. Errors are Status errors. */
export interface GenericStore {
  readonly info: ResourceInfo;
  readonly strategy: RESTStrategy;
  readonly verbs: readonly string[];
  /** A warning sent with every answer of the resource (kube's deprecation warning of a deprecated kind). */
  readonly warning?: string;
  create(ctx: RequestContext, obj: KubeObject, options?: CreateOptions): Promise<KubeObject>;
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<KubeObject>;
  list(ctx: RequestContext, options?: ListOptions): Promise<KubeList>;
  update(ctx: RequestContext, name: string, objInfo: UpdatedObjectInfo, options?: UpdateOptions): Promise<UpdateResult>;
  delete(ctx: RequestContext, name: string, options?: DeleteOptions): Promise<DeleteResult>;
  watch(ctx: RequestContext, options?: WatchOptions): Promise<Watcher>;
}

/** The options of a watch: a list's, plus `sendInitialEvents` (watch-list; see storage ListOptions). */
export type WatchOptions = ListOptions & { sendInitialEvents?: boolean };

/**
 * The time to live of an object about to be written, in seconds (kube's Store.TTLFunc); 0 for
 * none. Called on every create and update that writes (not on dry runs, nor on the writes of a
 * delete), after validation, with the object as it will be stored; it must not modify it.
 * `existing` is the TTL the object has now, as the store reports it — always 0, since kube's
 * etcd3 store never reads a key's lease (see ResponseMeta.ttl) — and `update` is false for a
 * create, including a create through update. The object is then deleted that many seconds after
 * this write (a later write with a TTL renews it, one without makes it permanent). Throwing fails
 * the write with that error.
 */
export type TTLFunc = (obj: KubeObject, existing: number, update: boolean) => number;

export interface GenericStoreOptions {
  info: ResourceInfo;
  strategy: RESTStrategy;
  storage: StorageInterface;
  /** The time to live of the resource's objects (kube's TTLFunc); default none: objects are kept until deleted. */
  ttl?: TTLFunc;
  /** Answer deletes with the deleted object instead of a Success Status. */
  returnDeletedObject?: boolean;
  /**
   * Deletes set the garbage collector's finalizers as their propagation policy says (kube's
   * EnableGarbageCollection, --enable-garbage-collector). Default true.
   */
  garbageCollection?: boolean;
}

/** Creates the generic store of one resource. */
export function createGenericStore(options: GenericStoreOptions): GenericStore {
  const { info, strategy, storage } = options;
  const garbageCollection = options.garbageCollection ?? true;
  const ttlFunc = options.ttl;
  /** kube's calculateTTL: the TTLFunc's answer (a negative existing TTL passed as 1), 0 without one. */
  const calculateTTL = (obj: KubeObject, existing: number, update: boolean): number =>
    ttlFunc === undefined ? 0 : ttlFunc(obj, existing < 0 ? 1 : existing, update);
  const gr = groupResourceOf(info);
  const gk = { group: info.group, kind: info.kind };

  const checkName = (name: string) => {
    if (name === '') throw newBadRequest('Name parameter required.');
    const msgs = isValidPathSegmentName(name);
    if (msgs.length > 0) throw newBadRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${msgs.join(';')}`);
  };

  const namespaceOf = (ctx: RequestContext): string => {
    const ns = ctx.namespace ?? '';
    if (info.namespaced && ns === '') throw newBadRequest('Namespace parameter required.');
    return info.namespaced ? ns : '';
  };

  /** `/configmaps/<ns>/<name>` or `/namespaces/<name>`. */
  const keyFor = (ctx: RequestContext, name: string): string => {
    checkName(name);
    const ns = namespaceOf(ctx);
    return info.namespaced ? `${info.keyPrefix}/${ns}/${name}` : `${info.keyPrefix}/${name}`;
  };

  /** The key prefix of a list: one namespace, or all of them. */
  const listKey = (ctx: RequestContext): string => {
    const ns = info.namespaced ? (ctx.namespace ?? '') : '';
    return ns === '' ? info.keyPrefix : `${info.keyPrefix}/${ns}`;
  };

  /** The object's namespace must be the request's (kube's EnsureObjectNamespaceMatchesRequestNamespace). */
  const matchNamespace = (ctx: RequestContext, obj: KubeObject) => {
    const meta = metaOf(obj);
    const want = info.namespaced ? (ctx.namespace ?? '') : '';
    const have = meta.namespace ?? '';
    if (have === want) return;
    if (have === '') meta.namespace = want;
    else if (want === '') delete meta.namespace;
    else throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
  };

  const typeMeta = { apiVersion: apiVersionOf(info), kind: info.kind };
  /** The object as the API returns it: kind and apiVersion set, fields in kube's order. */
  const stampTypeMeta = <T extends KubeObject>(obj: T): T => orderObject(obj, typeMeta);

  const validateOrThrow = (obj: KubeObject, errs: ReturnType<RESTStrategy['validate']>) => {
    if (errs.length > 0) throw newInvalid(gk, obj.metadata?.name ?? '', errs);
  };

  const beforeCreate = (ctx: RequestContext, obj: KubeObject) => {
    const meta = metaOf(obj);
    matchNamespace(ctx, obj);
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    strategy.defaults(obj);
    strategy.prepareForCreate(obj);
    validateOrThrow(obj, strategy.validate(obj));
    strategy.canonicalize(obj);
  };

  const fillSystemFields = (obj: KubeObject) => {
    const meta = metaOf(obj);
    meta.creationTimestamp = now();
    meta.uid = randomUUID();
  };

  const predicateFor = (opts: ListOptions): SelectionPredicate => {
    const field = opts.fieldSelector ?? everythingFields;
    for (const r of field.requirements) {
      if (!strategy.selectableFields.includes(r.field)) throw newBadRequest(strategy.fieldLabelError?.(r.field) ?? `field label not supported: ${r.field}`);
    }
    const pred: SelectionPredicate = {
      label: opts.labelSelector ?? everythingLabels,
      field,
      getAttrs: (o) => strategy.getAttrs(o),
    };
    if (opts.limit !== undefined) pred.limit = opts.limit;
    if (opts.continue !== undefined) pred.continue = opts.continue;
    if (opts.allowWatchBookmarks !== undefined) pred.allowWatchBookmarks = opts.allowWatchBookmarks;
    return pred;
  };

  const store: GenericStore = {
    info,
    strategy,
    verbs: genericVerbs,

    async create(ctx, input, opts = {}) {
      const obj = structuredClone(input);
      const meta = metaOf(obj);
      if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
      fillSystemFields(obj);
      beforeCreate(ctx, obj);
      const name = meta.name ?? '';
      const key = keyFor(ctx, name);
      const typed = stampTypeMeta(obj);
      if (opts.dryRun) {
        let existing: KubeObject | undefined;
        try {
          existing = await storage.get(key, { ignoreNotFound: true });
        } catch (err) {
          throw interpretStorageError(err, gr, name, 'get');
        }
        if (existing !== undefined) throw newAlreadyExists(gr, name);
        return typed;
      }
      try {
        const ttl = calculateTTL(typed, 0, false);
        return stampTypeMeta(await storage.create(key, typed, ttl !== 0 ? { ttl } : {}));
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'create');
      }
    },

    async get(ctx, name, opts = {}) {
      const key = keyFor(ctx, name);
      try {
        const obj = await storage.get(key, opts.resourceVersion !== undefined ? { resourceVersion: opts.resourceVersion } : {});
        return stampTypeMeta(obj!);
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'get');
      }
    },

    async list(ctx, opts = {}) {
      const pred = predicateFor(opts);
      // A field selector pinning metadata.name reads one key instead of the whole prefix.
      const pinned = pred.field.requiresExactMatch('metadata.name');
      try {
        const listOpts = {
          predicate: pred,
          ...(opts.resourceVersion !== undefined ? { resourceVersion: opts.resourceVersion } : {}),
          ...(opts.resourceVersionMatch !== undefined ? { resourceVersionMatch: opts.resourceVersionMatch } : {}),
        };
        const list =
          pinned !== undefined && (!info.namespaced || (ctx.namespace ?? '') !== '')
            ? await storage.getList(keyFor(ctx, pinned), { ...listOpts, recursive: false })
            : await storage.getList(listKey(ctx), { ...listOpts, recursive: true });
        // Items of a typed list carry no kind or apiVersion, as kube writes them.
        return { kind: info.listKind, apiVersion: apiVersionOf(info), metadata: list.metadata, items: list.items.map((o) => orderListItem(o)) };
      } catch (err) {
        throw interpretStorageError(err, gr, '', 'list');
      }
    },

    async update(ctx, name, objInfo, opts = {}) {
      const key = keyFor(ctx, name);
      let created = false;
      const tryUpdate = async (existing: KubeObject, res: { resourceVersion: number }): Promise<KubeObject> => {
        const exists = res.resourceVersion !== 0;
        const mayCreate = strategy.allowCreateOnUpdate || opts.forceAllowCreate === true;
        if (!exists && !mayCreate) throw newNotFound(gr, name);
        const wantUID = opts.preconditions?.uid;
        if (exists && wantUID !== undefined && wantUID !== (existing.metadata?.uid ?? '')) {
          throw newConflict(gr, name, `Precondition failed: UID in precondition: ${wantUID}, UID in object meta: ${existing.metadata?.uid ?? ''}`);
        }
        // `old` shares all but its top level and metadata with the stored (possibly cached and frozen) object.
        const obj = await objInfo(exists ? stampTypeMeta(existing) : undefined);
        const meta = metaOf(obj);
        if ((meta.name ?? '') !== name) {
          throw newBadRequest(`the name of the object (${meta.name ?? ''}) does not match the name on the URL (${name})`);
        }
        const newRV = storage.versioner.objectResourceVersion(obj);
        if (!exists) {
          if (!mayCreate) throw newNotFound(gr, name);
          created = true;
          delete meta.resourceVersion;
          fillSystemFields(obj);
          beforeCreate(ctx, obj);
          return obj;
        }
        created = false;
        if (newRV === 0 && !strategy.allowUnconditionalUpdate) {
          throw newInvalid({ group: info.group, kind: info.resource }, name, [
            fieldErrors.invalid(FieldPath.of('metadata', 'resourceVersion'), 0, 'must be specified for an update'),
          ]);
        }
        if (newRV !== 0 && newRV !== res.resourceVersion) throw newConflict(gr, name, optimisticLockErrorMsg);
        // An unconditional update takes the stored object's resourceVersion.
        if (newRV === 0) meta.resourceVersion = String(res.resourceVersion);
        matchNamespace(ctx, obj);
        const oldMeta = existing.metadata ?? {};
        if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation;
        else delete meta.generation;
        if (!meta.uid && oldMeta.uid) meta.uid = oldMeta.uid;
        if (oldMeta.creationTimestamp) meta.creationTimestamp = oldMeta.creationTimestamp;
        if (oldMeta.deletionTimestamp) meta.deletionTimestamp = oldMeta.deletionTimestamp;
        else delete meta.deletionTimestamp;
        if (oldMeta.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
        else delete meta.deletionGracePeriodSeconds;
        if (!opts.defaulted) strategy.defaults(obj);
        strategy.prepareForUpdate(obj, existing);
        validateOrThrow(obj, strategy.validateUpdate(obj, existing));
        strategy.canonicalize(obj);
        // Changes that only move managedFields times are no changes.
        ignoreManagedFieldsTimestamps(obj, existing);
        return stampTypeMeta(obj);
      };
      // The write's TTL: a create through update asks as a create does; an update passes on the
      // TTL the store reports and writes with one only when it differs (kube's Store.Update).
      const tryUpdateWithTTL: UpdateFunc = async (existing, res) => {
        const obj = await tryUpdate(existing, res);
        if (created) return withTTL(obj, calculateTTL(obj, 0, false));
        const ttl = calculateTTL(obj, res.ttl, true);
        return ttl !== res.ttl ? withTTL(obj, ttl) : obj;
      };

      try {
        if (opts.dryRun) {
          const existing = await storage.get(key, { ignoreNotFound: true });
          const rv = existing ? storage.versioner.objectResourceVersion(existing) : 0;
          const obj = await tryUpdate(existing ?? {}, { resourceVersion: rv });
          return { object: stampTypeMeta(obj), created };
        }
        const out = await storage.guaranteedUpdate(key, { ignoreNotFound: true, tryUpdate: ttlFunc === undefined ? tryUpdate : tryUpdateWithTTL });
        // An object whose deletion was pending is deleted by the update that clears its last
        // finalizer, unless a grace period still runs (kube's shouldDeleteDuringUpdate).
        const m = out.metadata ?? {};
        if (m.deletionTimestamp && (m.finalizers ?? []).length === 0 && (m.deletionGracePeriodSeconds ?? 0) === 0 && (strategy.readyToDelete?.(out) ?? true)) {
          const last = await storage.delete(key, { preconditions: { resourceVersion: m.resourceVersion ?? '' } });
          return { object: stampTypeMeta(last), created: false };
        }
        return { object: stampTypeMeta(out), created };
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'update');
      }
    },

    async delete(ctx, name, opts = {}) {
      const key = keyFor(ctx, name);
      const warning = strategy.deleteWarning?.(opts);
      if (warning !== undefined) addWarning(warning);
      try {
        const current = await storage.get(key);
        const obj = stampTypeMeta(current!);
        const meta = obj.metadata ?? {};
        const plan = planDeletion(strategy, obj, opts, gk, garbageCollection);
        // A graceful deletion under way: only a shorter grace period changes it.
        if (plan.pending) return { object: obj, deleted: false };
        let preconditions = opts.preconditions;
        if (plan.graceful || (meta.finalizers ?? []).length > 0 || plan.finalizers !== undefined) {
          // Set deletionTimestamp, the grace period and the garbage collector's finalizers; the
          // object stays while it has finalizers or a grace period (kube's
          // updateForGracefulDeletionAndFinalization).
          let deleteNow = false;
          const mark = (o: KubeObject): KubeObject => {
            const again = planDeletion(strategy, o, opts, gk, garbageCollection);
            if (again.pending) throw alreadyDeleting;
            const m = metaOf(o);
            if (again.finalizers !== undefined) m.finalizers = again.finalizers;
            if (again.graceful) return again.apply(o);
            if ((m.finalizers ?? []).length === 0) {
              deleteNow = true;
              throw deleteImmediately;
            }
            markAsDeleting(o);
            return o;
          };
          let marked: KubeObject | undefined;
          try {
            if (opts.dryRun) {
              // What the update would write; an object with no reason to stay counts as deleted.
              marked = mark(structuredClone(current!));
              const m = marked.metadata ?? {};
              return { object: stampTypeMeta(marked), deleted: (m.finalizers ?? []).length === 0 && (m.deletionGracePeriodSeconds ?? 0) === 0 };
            }
            marked = await storage.guaranteedUpdate(key, {
              ...(preconditions ? { preconditions } : {}),
              cachedExistingObject: current!,
              tryUpdate: (o) => mark(o),
            });
          } catch (err) {
            if (err === alreadyDeleting) return { object: stampTypeMeta((await storage.get(key))!), deleted: false };
            if (err !== deleteImmediately) throw err;
          }
          if (!deleteNow) {
            const m = marked!.metadata ?? {};
            if ((m.finalizers ?? []).length > 0 || (m.deletionGracePeriodSeconds ?? 0) > 0) return { object: stampTypeMeta(marked!), deleted: false };
          }
          if (marked && preconditions?.resourceVersion !== undefined) preconditions = { ...preconditions, resourceVersion: marked.metadata?.resourceVersion ?? '' };
        }
        if (opts.dryRun) return { object: options.returnDeletedObject ? obj : successStatus(meta.uid), deleted: true };
        const last = await storage.delete(key, {
          ...(preconditions ? { preconditions } : {}),
          cachedExistingObject: current!,
        });
        return { object: options.returnDeletedObject ? stampTypeMeta(last) : successStatus(last.metadata?.uid), deleted: true };
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'delete');
      }

      function successStatus(uid: string | undefined): Status {
        const details: NonNullable<Status['details']> = { name, kind: info.resource };
        if (info.group) details.group = info.group;
        if (uid) details.uid = uid;
        return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
      }
    },

    async watch(ctx, opts = {}) {
      const pred = predicateFor(opts);
      const pinned = pred.field.requiresExactMatch('metadata.name');
      const watchOpts = {
        predicate: pred,
        resourceVersion: opts.resourceVersion ?? '',
        progressNotify: opts.allowWatchBookmarks ?? false,
        ...(opts.sendInitialEvents !== undefined ? { sendInitialEvents: opts.sendInitialEvents } : {}),
      };
      try {
        if (pinned !== undefined && (!info.namespaced || (ctx.namespace ?? '') !== '')) {
          return await storage.watch(keyFor(ctx, pinned), { ...watchOpts, recursive: false });
        }
        return await storage.watch(listKey(ctx), { ...watchOpts, recursive: true });
      } catch (err) {
        throw interpretStorageError(err, gr, '', 'watch');
      }
    },
  };
  return store;
}
