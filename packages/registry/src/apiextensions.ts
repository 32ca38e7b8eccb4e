// Behaviour of k8s.io/apiextensions-apiserver pkg/registry/customresourcedefinition strategy.go and
// etcd.go (v1.33): how CustomResourceDefinitions are served, and the first step of their deletion
// (deletionTimestamp, the cleanup finalizer, Terminating). Serving the custom resources they
// define, and deleting them, is not done here.
import {
  CustomResourceDefinitionSpec,
  customResourceDefinitionKind,
  semanticEqualMessage,
  validateCustomResourceDefinitionStatusUpdate,
  type CustomResourceDefinition,
  type KindDefinition,
} from '@kapi/api';
import type { CelSchema } from '@kapi/cel';
import type { FieldError } from '@kapi/apimachinery';
import { metaOf, newConflict, now, protoMessageOf, type KubeObject } from '@kapi/apimachinery';
import { customResourceCleanupFinalizer, setCrdCondition, terminatingConditions } from '@kapi/apiextensions';
import { defaultAttrs, type StorageInterface } from '@kapi/storage';
import type { BuiltinResource } from './builtin-resource.ts';
import { loadCel, loadedCel, mayHoldRules } from './cel-loader.ts';
import type { GenericStore } from './generic-store.ts';
import { groupResourceOf } from './resource.ts';
import { interpretStorageError } from './storage-errors.ts';
import type { RESTStrategy } from './strategy.ts';
import { defaultTableConvertor } from './table-convertor.ts';

const specMessage = protoMessageOf(CustomResourceDefinitionSpec);

/** Adds the storage version to status.storedVersions when it is not there yet. */
function recordStorageVersion(crd: CustomResourceDefinition): void {
  const storage = (crd.spec?.versions ?? []).find((v) => v.storage);
  if (!storage) return;
  const status = (crd.status ??= {});
  const stored = status.storedVersions ?? [];
  if (!stored.includes(storage.name ?? '')) status.storedVersions = [...stored, storage.name ?? ''];
}

/**
 * The CEL rules of every version's schema compile (kube's ValidateCustomResourceDefinition runs
 * the CEL compiler over x-kubernetes-validations): compile errors and cost-budget errors at
 * `spec.versions[i].schema.openAPIV3Schema…`.
 */
export function validateCustomResourceDefinitionRules(crd: CustomResourceDefinition): FieldError[] {
  const errs: FieldError[] = [];
  (crd.spec?.versions ?? []).forEach((v, i) => {
    const schema = v.schema?.openAPIV3Schema;
    // Without rules nothing compiles (and CEL may not be loaded: the CRD store loads it for rules).
    if (!schema || !mayHoldRules(schema)) return;
    errs.push(...loadedCel().compileSchemaRules(schema as unknown as CelSchema, { rootPath: `spec.versions[${i}].schema.openAPIV3Schema` }).errors);
  });
  return errs;
}

/**
 * The CustomResourceDefinition strategy: status is the controllers' (a create starts with the
 * storage version as the only stored version), generation counts spec changes.
 */
export const customResourceDefinitionStrategy: Partial<RESTStrategy> = {
  resetFields: [['status']],
  validate: (obj) => [...customResourceDefinitionKind.validate(obj as CustomResourceDefinition), ...validateCustomResourceDefinitionRules(obj as CustomResourceDefinition)],
  validateUpdate: (obj, old) => [
    ...customResourceDefinitionKind.validateUpdate(obj as CustomResourceDefinition, old as CustomResourceDefinition),
    ...validateCustomResourceDefinitionRules(obj as CustomResourceDefinition),
  ],
  prepareForCreate(obj) {
    const crd = obj as CustomResourceDefinition;
    crd.status = {};
    metaOf(obj).generation = 1;
    recordStorageVersion(crd);
  },
  prepareForUpdate(obj, old) {
    const crd = obj as CustomResourceDefinition;
    const prev = old as CustomResourceDefinition;
    crd.status = structuredClone(prev.status ?? {});
    const oldGen = prev.metadata?.generation ?? 0;
    metaOf(obj).generation = semanticEqualMessage(specMessage, crd.spec ?? {}, prev.spec ?? {}) ? oldGen : oldGen + 1;
    recordStorageVersion(crd);
  },
  // kube's CRD field set includes metadata.namespace, empty for this cluster-scoped kind; the labels
  // taken are the default conversion's (strategyForKind).
  getAttrs(obj: KubeObject) {
    const base = defaultAttrs(obj);
    return { labels: base.labels, fields: { ...base.fields, 'metadata.namespace': obj.metadata?.namespace ?? '' } };
  },
};

/**
 * The /status strategy: only the spec is kept from the stored object (upstream resets no
 * metadata here), and only metadata and status names are validated.
 */
export const customResourceDefinitionStatusStrategy: Partial<RESTStrategy> = {
  resetFields: [['metadata'], ['spec']],
  prepareForUpdate(obj, old) {
    if (old.spec !== undefined) obj.spec = old.spec;
    else delete obj.spec;
  },
  validateUpdate: (obj, old) => validateCustomResourceDefinitionStatusUpdate(obj as CustomResourceDefinition, old as CustomResourceDefinition),
};

/**
 * kube's CRD REST Delete: the first DELETE (always with a UID precondition) sets deletionTimestamp,
 * adds the `customresourcecleanup` finalizer and Terminating=True (InstanceDeletionPending), and
 * answers with the CRD; the cleanup controller deletes the instances and then the finalizer, which
 * deletes the CRD. A DELETE of a CRD already marked is the generic one.
 */
export function createCustomResourceDefinitionStore(generic: GenericStore, storage: StorageInterface): GenericStore {
  const gr = groupResourceOf(generic.info);
  const keyOf = (name: string) => `${generic.info.keyPrefix}/${name}`;
  return {
    ...generic,
    // The strategy compiles the schemas' CEL rules synchronously: CEL is loaded first when there are any.
    async create(ctx, obj, opts) {
      if (mayHoldRules(obj.spec)) await loadCel();
      return generic.create(ctx, obj, opts);
    },
    update(ctx, name, objInfo, opts) {
      return generic.update(
        ctx,
        name,
        async (old) => {
          const obj = await objInfo(old);
          if (mayHoldRules(obj.spec)) await loadCel();
          return obj;
        },
        opts,
      );
    },
    async delete(ctx, name, opts = {}) {
      const crd = await generic.get(ctx, name);
      const meta = crd.metadata ?? {};
      if (opts.preconditions?.uid !== undefined && opts.preconditions.uid !== meta.uid) {
        throw newConflict(gr, name, `Precondition failed: UID in precondition: ${opts.preconditions.uid}, UID in object meta: ${meta.uid ?? ''}`);
      }
      if (opts.preconditions?.resourceVersion !== undefined && opts.preconditions.resourceVersion !== meta.resourceVersion) {
        throw newConflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${opts.preconditions.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion ?? ''}`);
      }
      if (meta.deletionTimestamp) return generic.delete(ctx, name, opts);
      const mark = (existing: KubeObject): KubeObject => {
        const m = metaOf(existing);
        m.deletionTimestamp ??= now();
        if (!(m.finalizers ?? []).includes(customResourceCleanupFinalizer)) m.finalizers = [...(m.finalizers ?? []), customResourceCleanupFinalizer];
        const c = existing as CustomResourceDefinition;
        c.status = setCrdCondition(c.status, { ...terminatingConditions.deletionPending }, new Date()) as CustomResourceDefinition['status'];
        return existing;
      };
      if (opts.dryRun) return { object: mark(structuredClone(crd)), deleted: false };
      try {
        const marked = await storage.guaranteedUpdate(keyOf(name), {
          preconditions: { uid: opts.preconditions?.uid ?? meta.uid ?? '', ...(opts.preconditions?.resourceVersion !== undefined ? { resourceVersion: opts.preconditions.resourceVersion } : {}) },
          tryUpdate: mark,
        });
        return { object: { ...marked, kind: crd.kind, apiVersion: crd.apiVersion }, deleted: false };
      } catch (err) {
        throw interpretStorageError(err, gr, name, 'delete');
      }
    },
  };
}

/** customresourcedefinitions: cluster-scoped, `crd`/`crds`, category api-extensions, the default table. */
export const customResourceDefinitionResource: BuiltinResource = {
  definition: customResourceDefinitionKind as KindDefinition,
  strategy: customResourceDefinitionStrategy,
  statusStrategy: customResourceDefinitionStatusStrategy,
  status: true,
  table: defaultTableConvertor,
  // The apiextensions-apiserver keeps CRDs under their group: /registry/apiextensions.k8s.io/customresourcedefinitions/<name>.
  keyPrefix: '/apiextensions.k8s.io/customresourcedefinitions',
  storageVersion: 'v1beta1',
  wrapStore: (generic, storage) => createCustomResourceDefinitionStore(generic, storage),
};
