// The built-in resources kapi serves, assembled over a storage factory.
import { configMapKind, finalizerKubernetes, labelMetadataName, namespaceKind, secretKind, type KindDefinition, type Namespace } from '@kapi/api';
import { metaOf } from '@kapi/apimachinery';
import { defaultAttrs, type StorageInterface } from '@kapi/storage';
import { createGenericStore, type GenericStore } from './generic-store.ts';
import { strategyForKind } from './kind-strategy.ts';
import { resourceInfoOf, type ResourceInfo } from './resource.ts';
import { configMapTableConvertor, namespaceTableConvertor, secretTableConvertor, type TableConvertor } from './table-convertor.ts';
import { createNamespaceStore } from './namespace-store.ts';

/** Makes the storage of one resource. The server composes it (backend → cacher); the registry never knows which. */
export type StorageFactory = (info: ResourceInfo) => StorageInterface;

/** One served resource: its store and its table printer. */
export interface ResourceEntry {
  readonly info: ResourceInfo;
  /** The kind's declaration: schema, defaults, validation. */
  readonly definition: KindDefinition;
  readonly store: GenericStore;
  readonly table: TableConvertor;
}

/** Every resource the server serves, looked up by group, version and plural. */
export interface Registry {
  readonly resources: readonly ResourceEntry[];
  lookup(group: string, version: string, resource: string): ResourceEntry | undefined;
}

const namespaceStrategy = strategyForKind<Namespace>(namespaceKind, {
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
  getAttrs(ns) {
    const base = defaultAttrs(ns);
    return { labels: base.labels, fields: { ...base.fields, 'status.phase': ns.status?.phase ?? '', name: ns.metadata?.name ?? '' } };
  },
  selectableFields: ['metadata.name', 'status.phase', 'name'],
});

/** Builds the registry of built-in resources over the given storage factory. */
export function createBuiltinRegistry(storageFor: StorageFactory): Registry {
  const entries: ResourceEntry[] = [];

  const cmInfo = resourceInfoOf(configMapKind);
  entries.push({
    info: cmInfo,
    definition: configMapKind as KindDefinition,
    store: createGenericStore({ info: cmInfo, strategy: strategyForKind(configMapKind) as never, storage: storageFor(cmInfo) }),
    table: configMapTableConvertor,
  });

  const secretInfo = resourceInfoOf(secretKind);
  entries.push({
    info: secretInfo,
    definition: secretKind as KindDefinition,
    store: createGenericStore({ info: secretInfo, strategy: strategyForKind(secretKind) as never, storage: storageFor(secretInfo) }),
    table: secretTableConvertor,
  });

  const nsInfo = resourceInfoOf(namespaceKind);
  const nsStorage = storageFor(nsInfo);
  const nsGeneric = createGenericStore({ info: nsInfo, strategy: namespaceStrategy as never, storage: nsStorage, returnDeletedObject: true });
  entries.push({
    info: nsInfo,
    definition: namespaceKind as KindDefinition,
    store: createNamespaceStore(nsGeneric, nsStorage, async (namespace) => {
      // The namespace controller's job: delete everything namespaced inside it.
      for (const e of entries) {
        if (!e.info.namespaced) continue;
        const list = await e.store.list({ namespace });
        for (const item of list.items) {
          await e.store.delete({ namespace }, item.metadata?.name ?? '').catch(() => undefined);
        }
      }
    }),
    table: namespaceTableConvertor,
  });

  const byKey = new Map(entries.map((e) => [`${e.info.group}/${e.info.version}/${e.info.resource}`, e]));
  return {
    resources: entries,
    lookup: (group, version, resource) => byKey.get(`${group}/${version}/${resource}`),
  };
}
