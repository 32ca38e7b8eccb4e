// How a built-in kind is served beyond its declaration, and the strategy hooks kinds share.
import type { KindDefinition } from '@kapi/api';
import { metaOf, type KubeObject } from '@kapi/apimachinery';
import { semanticEqual } from './semantic-equal.ts';
import type { ObjectConversion, StorageInterface } from '@kapi/storage';
import type { GenericStore, TTLFunc } from './generic-store.ts';
import type { ResourceInfo } from './resource.ts';
import type { RESTStrategy } from './strategy.ts';
import type { TableConvertor } from './table-convertor.ts';
import type { Subresource } from './scale.ts';
import type { CustomResourceInfo } from './customresource-info.ts';

/**
 * What the storage codec does between the bytes stored and the served version (kube's versioning
 * codec over a custom resource's storage): `decode` turns a freshly decoded stored object (owned by
 * the caller, may be changed in place) into the served version; `encode` turns a served-version
 * object into the storage version (must not change its argument).
 */
export interface StorageConversion {
  decode(obj: KubeObject): KubeObject;
  encode(obj: KubeObject): KubeObject;
}

/** The server's settings a resource's declaration may depend on, defaults applied. */
export interface ResourceSettings {
  /** How long Events live after each write, in whole seconds (kube's --event-ttl); 0 for ever. */
  readonly eventTTLSeconds: number;
}

/**
 * How one built-in kind is served beyond its declaration: strategy hooks that differ from the
 * declaration's defaults, its Table printer, its storage key prefix.
 */
export interface BuiltinResource {
  readonly definition: KindDefinition;
  readonly strategy?: Partial<RESTStrategy>;
  readonly table?: TableConvertor;
  /** Below the store's path prefix; default `/<resource>` (kube keeps a few elsewhere, e.g. `/services/specs`). */
  readonly keyPrefix?: string;
  readonly returnDeletedObject?: boolean;
  /**
   * The time to live of the kind's objects (kube's Store.TTLFunc; see TTLFunc), made from the
   * server's settings when the registry is built: every create and update of the resource, and of
   * its subresources, writes the object with the TTL it returns. Absent: objects live until deleted.
   */
  readonly ttl?: (settings: ResourceSettings) => TTLFunc;
  /**
   * The version kube-apiserver 1.33 stores the kind in when it is not the served one (CRDs as
   * v1beta1; ServiceCIDRs and IPAddresses, GA in 1.33, still as v1beta1): discovery's
   * storageVersionHash names it. kapi stores the served version, which kube reads too.
   */
  readonly storageVersion?: string;
  /** Conversion between the stored bytes' version and this one, done by the storage codec. */
  readonly storageConversion?: StorageConversion;
  /**
   * Conversion between the stored version and this one that cannot be synchronous (a CRD's
   * conversion webhook): done by the Store after decoding and before encoding (its `conversion`).
   */
  readonly objectConversion?: ObjectConversion;
  /** A custom resource's version: its schema, for decoding, apply and OpenAPI. */
  readonly customResource?: CustomResourceInfo;
  /** Serve a `status` subresource (the kind has spec and status). */
  readonly status?: boolean;
  /** Hooks of the `status` subresource that differ from {@link statusSubresourceStrategy}. */
  readonly statusStrategy?: Partial<RESTStrategy>;
  /**
   * Serve a `scale` subresource: `true` for a workload's (autoscaling/v1 Scale over spec.replicas),
   * or a function making it over the resource's store (a custom resource's, at its CRD's paths).
   */
  readonly scale?: boolean | ((store: GenericStore) => Subresource);
  /** Kind-specific subresources (a namespace's `status` and `finalize`), by name. */
  readonly subresources?: (
    info: ResourceInfo,
    storage: StorageInterface,
    strategy: RESTStrategy,
    registry: () => readonly { info: ResourceInfo; store: GenericStore; subresources: Readonly<Record<string, Subresource>> }[],
  ) => Readonly<Record<string, Subresource>>;
  /**
   * Wraps the generic store with kind-specific REST behaviour (namespace deletion, Service address
   * allocation). `registry` is the whole registry being built, for wrappers that reach other kinds.
   */
  readonly wrapStore?: (generic: GenericStore, storage: StorageInterface, registry: () => readonly { info: ResourceInfo; store: GenericStore }[]) => GenericStore;
  /**
   * A resource with no storage of its own: its REST store is made by this function instead of the
   * generic store (the review APIs, which answer a create and keep nothing; a second version served
   * from another resource's storage through conversion). `registry` is the whole registry being
   * built, for stores that reach other resources; read it when a request comes, not here, since
   * later entries are not there yet. No storage is created for such a resource.
   */
  readonly rest?: (
    info: ResourceInfo,
    registry: () => readonly { info: ResourceInfo; definition: KindDefinition; store: GenericStore; subresources: Readonly<Record<string, Subresource>> }[],
  ) => { store: GenericStore; subresources?: Readonly<Record<string, Subresource>> };
}

/**
 * Strategy hooks of a `status` subresource (kube's <kind>StatusStrategy): an update changes the
 * status only; spec, labels and annotations stay as stored, and generation does not move.
 */
export const statusSubresourceStrategy: Partial<RESTStrategy> = {
  resetFields: [['spec']],
  prepareForCreate() {},
  prepareForUpdate(obj, old) {
    if (old.spec !== undefined) obj.spec = old.spec;
    else delete obj.spec;
    const meta = metaOf(obj);
    const oldMeta = old.metadata ?? {};
    if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation;
    else delete meta.generation;
  },
};

/**
 * A `status` strategy that also keeps some metadata fields as stored (a Deployment's labels, a
 * Pod's ownerReferences), each also a reset field (`['metadata', field]`).
 */
export function statusStrategyKeeping(fields: readonly ('labels' | 'annotations' | 'ownerReferences')[]): Partial<RESTStrategy> {
  return {
    resetFields: [['spec'], ...fields.map((f) => ['metadata', f])],
    prepareForUpdate(obj, old) {
      statusSubresourceStrategy.prepareForUpdate!(obj, old);
      const meta = metaOf(obj) as Record<string, unknown>;
      const oldMeta = (old.metadata ?? {}) as Record<string, unknown>;
      for (const f of fields) {
        if (oldMeta[f] !== undefined) meta[f] = oldMeta[f];
        else delete meta[f];
      }
    },
  };
}

/**
 * Strategy hooks of kinds with spec and status (Deployment, Pod, …): a client sets neither status
 * nor generation; generation starts at 1 and grows when the spec changes.
 */
export function specStatusStrategy(initialStatus: () => Record<string, unknown> = () => ({})): Partial<RESTStrategy> {
  return {
    resetFields: [['status']],
    prepareForCreate(obj) {
      obj.status = initialStatus();
      metaOf(obj).generation = 1;
    },
    prepareForUpdate(obj, old) {
      if (old.status !== undefined) obj.status = old.status;
      else delete obj.status;
      const oldGen = old.metadata?.generation ?? 0;
      // Semantic.DeepEqual, as kube decides on a new generation; an absent spec is the zero struct.
      metaOf(obj).generation = semanticEqual(obj.spec ?? {}, old.spec ?? {}) ? oldGen : oldGen + 1;
    },
  };
}

/**
 * Strategy hooks of kinds with a spec and no status (NetworkPolicy, IngressClass): generation
 * starts at 1 and grows when the spec changes (Semantic.DeepEqual).
 */
export function generationStrategy(specOf: (obj: Record<string, unknown>) => unknown = (obj) => obj.spec ?? {}): Partial<RESTStrategy> {
  return {
    prepareForCreate(obj) {
      metaOf(obj).generation = 1;
    },
    prepareForUpdate(obj, old) {
      const oldGen = old.metadata?.generation ?? 0;
      metaOf(obj).generation = semanticEqual(specOf(obj), specOf(old)) ? oldGen : oldGen + 1;
    },
  };
}
