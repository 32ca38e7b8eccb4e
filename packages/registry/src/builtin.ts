// The built-in resources kapi serves, assembled over a storage factory.
import { configMapKind, finalizerKubernetes, labelMetadataName, namespaceKind, secretKind, type KindDefinition, type Namespace } from '@kapi/api';
import { metaOf, validateObjectMetaUpdate } from '@kapi/apimachinery';
import { defaultAttrs, type AttrFunc, type ObjectConversion, type StorageInterface } from '@kapi/storage';
import { createGenericStore, type GenericStore } from './generic-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import { secretFieldSelectors } from './field-labels.ts';
import { resourceInfoOf, type ResourceInfo } from './resource.ts';
import { configMapTableConvertor, defaultTableConvertor, namespaceTableConvertor, secretTableConvertor, type TableConvertor } from './table-convertor.ts';
import type { RESTStrategy } from './strategy.ts';
import { workloadResources } from './workloads.ts';
import { coreResources } from './core.ts';
import { rbacResources } from './rbac.ts';
import { networkingResources } from './networking.ts';
import { schedulingResources } from './scheduling.ts';
import { policyResources } from './policy.ts';
import { storageResources } from './storage-k8s-io.ts';
import { nodeResources } from './node.ts';
import { discoveryResources } from './discovery.ts';
import { admissionregistrationResources } from './admissionregistration.ts';
import { apiregistrationResources } from './apiregistration.ts';
import { certificatesResources } from './certificates.ts';
import { flowcontrolResources } from './flowcontrol.ts';
import { authenticationResources } from './authentication.ts';
import { authorizationResources } from './authorization.ts';
import { defaultEventTTLSeconds, eventsResources } from './events.ts';
import { autoscalingResources } from './autoscaling.ts';
import type { BuiltinResource, ResourceSettings, StorageConversion } from './builtin-resource.ts';
import type { CustomResourceInfo } from './customresource-info.ts';
export { generationStrategy, specStatusStrategy, statusSubresourceStrategy, type BuiltinResource } from './builtin-resource.ts';
import { statusSubresourceStrategy } from './builtin-resource.ts';
import { createNamespaceStore, namespaceSubresources } from './namespace-store.ts';
import { createScaleSubresource, type Subresource } from './scale.ts';
import { customResourceDefinitionResource } from './apiextensions.ts';

/** Makes the storage of one resource. The server composes it (backend → cacher); the registry never knows which. */
/**
 * Builds the storage of one resource. `attrs` is the resource's getAttrs (labels and selectable
 * fields), for storage decorators that index objects (the watch cache), and the conversion of its
 * stored objects when they are kept in another version: `conversion` for the codec (synchronous),
 * `objectConversion` for the Store (asynchronous: a CRD's conversion webhook).
 */
export type StorageFactory = (info: ResourceInfo, attrs: { getAttrs: AttrFunc; conversion?: StorageConversion; objectConversion?: ObjectConversion }) => StorageInterface;

/** One served resource: its store and its table printer. */
export interface ResourceEntry {
  readonly info: ResourceInfo;
  /** The kind's declaration: schema, defaults, validation. */
  readonly definition: KindDefinition;
  readonly store: GenericStore;
  readonly table: TableConvertor;
  /** Subresources served beside the resource, by name (`status`, `scale`). */
  readonly subresources: Readonly<Record<string, Subresource>>;
  /** A delete answers with the deleted object rather than a Status (kube's ReturnDeletedObject). */
  readonly deleteReturnsObject?: boolean;
  /** The version kube stores the kind in, when not the served one (see BuiltinResource.storageVersion). */
  readonly storageVersion?: string;
  /** Set for a custom resource's version: its schema (see BuiltinResource.customResource). */
  readonly customResource?: CustomResourceInfo;
}

/** Every resource the server serves, looked up by group, version and plural. */
export interface Registry {
  /** The served resources, in the order they were added (live: serve and unserve change it). */
  readonly resources: readonly ResourceEntry[];
  lookup(group: string, version: string, resource: string): ResourceEntry | undefined;
  /**
   * Serves one more resource, built over the storage factory as the built-in ones are (a custom
   * resource's version); it replaces a served resource of the same group, version and plural,
   * whose storage is released.
   */
  serve(resource: BuiltinResource): ResourceEntry;
  /** Stops serving a resource and releases its storage (the stored objects stay); false when not served. */
  unserve(group: string, version: string, resource: string): Promise<boolean>;
  /** Grows with every serve and unserve: what discovery and OpenAPI caches compare. */
  readonly generation: number;
  /** Calls `listener` after every serve and unserve; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

const namespaceStrategy = strategyForKind<Namespace>(namespaceKind, {
  resetFields: [['status']],
  prepareForCreate(ns) {
    ns.status = { phase: 'Active' };
    const spec = (ns.spec ??= {});
    const finalizers = spec.finalizers ?? [];
    if (!finalizers.includes(finalizerKubernetes)) spec.finalizers = [...finalizers, finalizerKubernetes];
  },
  prepareForUpdate(ns, old) {
    ns.spec = { ...(ns.spec ?? {}) };
    if (old.spec?.finalizers) ns.spec.finalizers = old.spec.finalizers;
    else delete ns.spec.finalizers;
    if (old.status) ns.status = old.status;
    else delete ns.status;
  },
  canonicalize(ns) {
    const meta = metaOf(ns);
    if (meta.name) meta.labels = { ...(meta.labels ?? {}), [labelMetadataName]: meta.name };
  },
  // ShouldDeleteNamespaceDuringUpdate: the update that empties spec.finalizers deletes it.
  readyToDelete: (ns) => (ns.spec?.finalizers ?? []).length === 0,
  getAttrs(ns) {
    const base = defaultAttrs(ns);
    return { labels: base.labels, fields: { ...base.fields, 'status.phase': ns.status?.phase ?? '', name: ns.metadata?.name ?? '' } };
  },
  selectableFields: ['metadata.name', 'status.phase', 'name'],
});

/** The built-in kinds served by default. */
export const builtinResources: readonly BuiltinResource[] = [
  {
    definition: namespaceKind as KindDefinition,
    strategy: namespaceStrategy as Partial<RESTStrategy>,
    table: namespaceTableConvertor,
    returnDeletedObject: true,
    subresources: namespaceSubresources,
    wrapStore: (generic, storage) => createNamespaceStore(generic, storage),
  },
  { definition: configMapKind as KindDefinition, table: configMapTableConvertor },
  { definition: secretKind as KindDefinition, table: secretTableConvertor, strategy: secretFieldSelectors },
  ...workloadResources(),
  ...coreResources(),
  ...rbacResources(),
  ...networkingResources(),
  ...schedulingResources(),
  ...policyResources(),
  ...storageResources(),
  ...nodeResources(),
  ...discoveryResources(),
  ...admissionregistrationResources(),
  ...apiregistrationResources(),
  ...certificatesResources(),
  ...flowcontrolResources(),
  ...authenticationResources(),
  ...authorizationResources(),
  ...eventsResources(),
  ...autoscalingResources(),
  customResourceDefinitionResource,
];

export interface RegistryOptions {
  /**
   * Deletes set the garbage collector's finalizers (`orphan`, `foregroundDeletion`) as their
   * propagation policy says: kube-apiserver's --enable-garbage-collector. Default true; false where
   * no garbage collector runs to remove them.
   */
  garbageCollection?: boolean;
  /**
   * How long Events live after each write, in whole seconds: kube-apiserver's --event-ttl (1h by
   * default), which kube truncates to seconds. 0 keeps Events until they are deleted.
   */
  eventTTLSeconds?: number;
}

/** Builds the registry of built-in resources (and any `extra` ones) over the given storage factory. */
export function createBuiltinRegistry(storageFor: StorageFactory, extra: readonly BuiltinResource[] = [], options: RegistryOptions = {}): Registry {
  const entries: ResourceEntry[] = [];
  /** The storage each served resource owns (none for REST-only ones), released on unserve. */
  const storages = new Map<string, StorageInterface>();
  const keyOf = (group: string, version: string, resource: string) => `${group}/${version}/${resource}`;
  const settings: ResourceSettings = { eventTTLSeconds: options.eventTTLSeconds ?? defaultEventTTLSeconds };
  if (!Number.isSafeInteger(settings.eventTTLSeconds) || settings.eventTTLSeconds < 0) {
    throw new Error(`eventTTLSeconds must be a non-negative integer, got ${settings.eventTTLSeconds}`);
  }

  const build = (r: BuiltinResource): ResourceEntry => {
    const info = resourceInfoOf(r.definition, r.keyPrefix);
    if (r.rest) {
      const made = r.rest(info, () => entries);
      return { info, definition: r.definition, store: made.store, table: r.table ?? defaultTableConvertor, subresources: made.subresources ?? {} };
    }
    const strategy = strategyForKind(r.definition, r.strategy ?? {});
    const storage = storageFor(info, {
      getAttrs: strategy.getAttrs,
      ...(r.storageConversion ? { conversion: r.storageConversion } : {}),
      ...(r.objectConversion ? { objectConversion: r.objectConversion } : {}),
    });
    storages.set(keyOf(info.group, info.version, info.resource), storage);
    const ttl = r.ttl?.(settings);
    const generic = createGenericStore({
      info,
      strategy,
      storage,
      ...(ttl ? { ttl } : {}),
      ...(r.returnDeletedObject ? { returnDeletedObject: true } : {}),
      ...(options.garbageCollection === false ? { garbageCollection: false } : {}),
    });
    const store = r.wrapStore ? r.wrapStore(generic, storage, () => entries) : generic;
    const subresources: Record<string, Subresource> = {};
    if (r.status) {
      const statusStore = createGenericStore({
        info,
        strategy: strategyForKind(r.definition, {
          ...(r.strategy ?? {}),
          ...statusSubresourceStrategy,
          // Status updates check metadata only, as kube's status strategies do (ValidateObjectMetaUpdate).
          validateUpdate: (obj, old) => validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}),
          ...(r.statusStrategy ?? {}),
        }),
        storage,
        // kube's status store is a copy of the resource's, TTLFunc included.
        ...(ttl ? { ttl } : {}),
      });
      subresources.status = { ...statusStore, verbs: ['get', 'patch', 'update'] };
    }
    if (r.scale) subresources.scale = typeof r.scale === 'function' ? r.scale(store) : createScaleSubresource(store);
    if (r.subresources) Object.assign(subresources, r.subresources(info, storage, generic.strategy, () => entries));
    return {
      info,
      definition: r.definition,
      store,
      table: r.table ?? defaultTableConvertor,
      subresources,
      ...(r.returnDeletedObject ? { deleteReturnsObject: true } : {}),
      ...(r.storageVersion ? { storageVersion: r.storageVersion } : {}),
      ...(r.customResource ? { customResource: r.customResource } : {}),
    };
  };

  for (const r of [...builtinResources, ...extra]) entries.push(build(r));
  const byKey = new Map(entries.map((e) => [keyOf(e.info.group, e.info.version, e.info.resource), e]));
  let generation = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    generation++;
    for (const l of listeners) l();
  };

  const release = async (key: string) => {
    const storage = storages.get(key);
    storages.delete(key);
    await storage?.close();
  };

  return {
    resources: entries,
    lookup: (group, version, resource) => byKey.get(keyOf(group, version, resource)),
    get generation() {
      return generation;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    serve(r) {
      const key = keyOf(r.definition.group, r.definition.version, r.definition.resource);
      const previous = byKey.get(key);
      const previousStorage = storages.get(key);
      const entry = build(r);
      if (previous) {
        entries.splice(entries.indexOf(previous), 1, entry);
        if (previousStorage && previousStorage !== storages.get(key)) void previousStorage.close();
      } else entries.push(entry);
      byKey.set(key, entry);
      changed();
      return entry;
    },
    async unserve(group, version, resource) {
      const key = keyOf(group, version, resource);
      const entry = byKey.get(key);
      if (!entry) return false;
      entries.splice(entries.indexOf(entry), 1);
      byKey.delete(key);
      changed();
      await release(key);
      return true;
    },
  };
}
