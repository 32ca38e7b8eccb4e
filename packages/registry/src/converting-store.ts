// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers (the request scope's Convertor: a request in
// one served version becomes the storage version, results come back in the request's version) and
// pkg/registry/generic/registry (one store shared by several served versions) (v1.33): a resource
// served in one version from the storage of another (autoscaling/v1 HorizontalPodAutoscalers from
// the autoscaling/v2 ones, events.k8s.io/v1 Events from the core/v1 ones).
import {
  metaOf,
  newBadRequest,
  newInvalid,
  orderObject,
  parseFieldSelector,
  type FieldError,
  type FieldSelector,
  type KubeList,
  type KubeObject,
  type Status,
  type WatchEvent,
  type Watcher,
} from '@kapi/apimachinery';
import { genericVerbs, type GenericStore, type UpdatedObjectInfo, type WatchOptions } from './generic-store.ts';
import type { ListOptions, RequestContext } from './options.ts';
import { apiVersionOf, type ResourceInfo } from './resource.ts';
import type { RESTStrategy } from './strategy.ts';

/** How one served version maps onto the store of the storage version. */
export interface ConvertingStoreOptions {
  /** The served resource (its group, version and kind are what results carry). */
  readonly info: ResourceInfo;
  /**
   * The served version's strategy: its defaults (the HTTP layer applies them while decoding, as
   * kube's decoder does), reset fields (for the field manager) and selectable fields. The storage
   * version's store runs its own strategy on the converted object.
   */
  readonly strategy: RESTStrategy;
  /**
   * The store of the storage version, looked up when a request comes (a registry is built in
   * order, so it may not exist yet when this store is made).
   */
  readonly storage: () => GenericStore;
  /** A served-version object → the storage version. Must not modify its argument. */
  toStorage(obj: KubeObject): KubeObject;
  /** A storage-version object → the served version. Must not modify its argument. */
  fromStorage(obj: KubeObject): KubeObject;
  /**
   * Defaults of the storage version, applied to converted updates (kube applies them when it
   * decodes what it stored, so every stored object has them). Creates get them from the storage
   * store's own strategy.
   */
  storageDefaults?(obj: KubeObject): void;
  /**
   * Field errors of a create, on the storage-version object, beyond what the storage store
   * checks: the rules kube keys on the request's version (events.k8s.io/v1's strict rules).
   */
  validateCreate?(obj: KubeObject): FieldError[];
  /** Field errors of an update, on the storage-version objects (see {@link validateCreate}). */
  validateUpdate?(obj: KubeObject, old: KubeObject): FieldError[];
  /**
   * Field selector labels of the served version → the storage version's (kube's field label
   * conversion functions); a label not listed is a 400 `field label not supported`. Without it the
   * labels pass unchanged.
   */
  readonly fieldLabels?: Readonly<Record<string, string>>;
  /** The verbs served (default: the generic store's). */
  readonly verbs?: readonly string[];
}

/** How a store converts between the version it serves and its storage version. */
export interface StoreConversion {
  /** `group/version` of the storage version. */
  readonly storageApiVersion: string;
  toStorage(obj: KubeObject): KubeObject;
  fromStorage(obj: KubeObject): KubeObject;
}

const conversions = new WeakMap<GenericStore, StoreConversion>();

/**
 * The conversion of a store made by {@link createConvertingStore} (undefined for any other store):
 * what the field manager needs to follow managers recorded at another version of the same objects
 * (kube's versionConverter).
 */
export function conversionOf(store: GenericStore): StoreConversion | undefined {
  return conversions.get(store);
}

/** Escapes a literal value for a field selector term (fields.EscapeValue). */
function escapeFieldValue(v: string): string {
  return v.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** A watcher whose events are mapped one by one; stop and closed are the source's. */
function mapWatcher(source: Watcher, map: (ev: WatchEvent) => WatchEvent): Watcher {
  return {
    stop: () => source.stop(),
    closed: source.closed,
    [Symbol.asyncIterator]() {
      const it = source[Symbol.asyncIterator]();
      return {
        async next() {
          const r = await it.next();
          return r.done ? r : { done: false, value: map(r.value) };
        },
        async return(value?: unknown) {
          source.stop();
          return it.return ? it.return(value) : { done: true as const, value: undefined };
        },
      };
    },
  };
}

/**
 * A store serving `info` from another version's store: each request is converted to the storage
 * version and delegated; results, list items, watch events and the objects an update computes
 * from come back in the served version. Metadata (resourceVersion, uid, managedFields) crosses
 * unchanged, so optimistic concurrency, watches and field ownership work across versions. Errors
 * are the storage store's, as kube's are (they name the storage resource).
 */
export function createConvertingStore(options: ConvertingStoreOptions): GenericStore {
  const { info, strategy } = options;
  const typeMeta = { apiVersion: apiVersionOf(info), kind: info.kind };
  const served = (obj: KubeObject): KubeObject => orderObject(options.fromStorage(obj), typeMeta);
  const isStatus = (obj: KubeObject | Status): obj is Status => (obj as { kind?: string }).kind === 'Status' && (obj as { apiVersion?: string }).apiVersion === 'v1';

  const invalid = (obj: KubeObject, errs: FieldError[]) => {
    const storage = options.storage();
    if (errs.length > 0) throw newInvalid({ group: storage.info.group, kind: storage.info.kind }, obj.metadata?.name ?? '', errs);
  };

  const selector = (field: FieldSelector | undefined): FieldSelector | undefined => {
    const labels = options.fieldLabels;
    if (!field || !labels) return field;
    const terms = field.requirements.map((r) => {
      const mapped = labels[r.field];
      if (mapped === undefined) throw newBadRequest(`field label not supported: ${r.field}`);
      return `${mapped}${r.operator}${escapeFieldValue(r.value)}`;
    });
    return parseFieldSelector(terms.join(','));
  };
  const listOptions = <T extends ListOptions>(opts: T): T => {
    const field = selector(opts.fieldSelector);
    return field === opts.fieldSelector ? opts : { ...opts, ...(field ? { fieldSelector: field } : {}) };
  };

  /** The object the storage store validates: the request's namespace, the stored identity (rest.BeforeCreate/BeforeUpdate). */
  const asValidated = (ctx: RequestContext, obj: KubeObject, old?: KubeObject): KubeObject => {
    const copy = { ...obj, metadata: { ...(obj.metadata ?? {}) } };
    const meta = metaOf(copy);
    if (info.namespaced && !meta.namespace && ctx.namespace) meta.namespace = ctx.namespace;
    if (old) {
      const o = old.metadata ?? {};
      if (!meta.uid && o.uid) meta.uid = o.uid;
      if (o.creationTimestamp) meta.creationTimestamp = o.creationTimestamp;
      if (o.generation !== undefined) meta.generation = o.generation;
      if (o.deletionTimestamp) meta.deletionTimestamp = o.deletionTimestamp;
      if (o.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = o.deletionGracePeriodSeconds;
      if (!meta.resourceVersion && o.resourceVersion) meta.resourceVersion = o.resourceVersion;
    } else if (!meta.name && meta.generateName) {
      // The storage store generates the name; validate as if it had.
      meta.name = `${meta.generateName}xxxxx`;
    }
    return copy;
  };

  const store: GenericStore = {
    info,
    strategy,
    verbs: options.verbs ?? genericVerbs,

    async create(ctx, obj, opts) {
      const converted = options.toStorage(obj);
      if (options.validateCreate) invalid(converted, options.validateCreate(asValidated(ctx, converted)));
      return served(await options.storage().create(ctx, converted, opts));
    },

    async get(ctx, name, opts) {
      return served(await options.storage().get(ctx, name, opts));
    },

    async list(ctx, opts = {}) {
      const list = await options.storage().list(ctx, listOptions(opts));
      // Items of a typed list carry no kind or apiVersion.
      const out: KubeList = { kind: info.listKind, apiVersion: typeMeta.apiVersion, metadata: list.metadata, items: list.items.map((o) => orderObject(options.fromStorage(o), null)) };
      return out;
    },

    async update(ctx, name, objInfo: UpdatedObjectInfo, opts) {
      const result = await options.storage().update(
        ctx,
        name,
        async (old) => {
          const next = await objInfo(old === undefined ? undefined : served(old));
          // kube checks the namespace before validating (EnsureObjectNamespaceMatchesRequestNamespace).
          const nsOf = next.metadata?.namespace ?? '';
          if (info.namespaced && nsOf !== '' && nsOf !== (ctx.namespace ?? '')) {
            throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
          }
          const converted = options.toStorage(next);
          options.storageDefaults?.(converted);
          if (old !== undefined && options.validateUpdate) invalid(converted, options.validateUpdate(asValidated(ctx, converted, old), old));
          if (old === undefined && options.validateCreate) invalid(converted, options.validateCreate(asValidated(ctx, converted)));
          return converted;
        },
        opts,
      );
      return { ...result, object: served(result.object) };
    },

    async delete(ctx, name, opts) {
      const result = await options.storage().delete(ctx, name, opts);
      return isStatus(result.object) ? result : { ...result, object: served(result.object) };
    },

    async watch(ctx, opts: WatchOptions = {}) {
      const source = await options.storage().watch(ctx, listOptions(opts));
      return mapWatcher(source, (ev) => {
        // Bookmarks carry a resourceVersion only; errors a Status.
        if (ev.type === 'ERROR' || ev.type === 'BOOKMARK') return ev;
        return { type: ev.type, object: served(ev.object as KubeObject) };
      });
    },
  };
  conversions.set(store, {
    get storageApiVersion() {
      return apiVersionOf(options.storage().info);
    },
    toStorage: (obj) => options.toStorage(obj),
    fromStorage: (obj) => options.fromStorage(obj),
  });
  return store;
}
