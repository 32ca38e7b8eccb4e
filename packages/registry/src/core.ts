// Behaviour of k8s.io/kubernetes pkg/registry/core/{persistentvolume,persistentvolumeclaim,
// podtemplate,replicationcontroller,limitrange,resourcequota}/strategy.go and storage/storage.go
// (v1.33): how the remaining stored core/v1 kinds are served. Status is the controllers' to write
// (a create resets it: a volume starts Pending with its lastPhaseTransitionTime, a claim Pending);
// replication controllers and pod templates count spec (template) changes in their generation;
// replication controllers live under `/registry/controllers` and have a `scale` subresource whose
// status.selector is their map selector; field selectors are the ones kube's field label
// conversions take (field-labels.ts: PersistentVolumes and claims take the metadata ones only).
import {
  coreV1StorageKinds,
  validatePersistentVolumeClaimStatusUpdate,
  validatePersistentVolumeStatusUpdate,
  validateReplicationControllerStatusUpdate,
  validateResourceQuotaStatusUpdate,
  type KindDefinition,
  type PersistentVolume,
  type PersistentVolumeClaim,
  type ReplicationController,
  type ResourceQuota,
} from '@kapi/api';
import { formatTime, type KubeObject } from '@kapi/apimachinery';
import { generationStrategy, specStatusStrategy, statusSubresourceStrategy, type BuiltinResource } from './builtin-resource.ts';
import type { GenericStore } from './generic-store.ts';
import {
  persistentVolumeClaimPrinter,
  persistentVolumePrinter,
  podTemplatePrinter,
  replicationControllerPrinter,
  resourceQuotaPrinter,
} from './printers/core-storage.ts';
import { replicationControllerFieldSelectors } from './field-labels.ts';
import { createScaleSubresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';

/** metav1.Now, as JSON. */
const now = () => formatTime(new Date());

/** Status reset on create (to `initial`) and kept on update; `status` is a reset field. */
function statusOnly(initial: (obj: KubeObject) => Record<string, unknown>): Partial<RESTStrategy> {
  return {
    resetFields: [['status']],
    prepareForCreate(obj) {
      obj.status = initial(obj);
    },
    prepareForUpdate(obj, old) {
      if (old.status !== undefined) obj.status = old.status;
      else delete obj.status;
    },
  };
}

const persistentVolumeStrategy: Partial<RESTStrategy> = {
  ...statusOnly(() => ({ phase: 'Pending', lastPhaseTransitionTime: now() })),
};

const persistentVolumeStatusStrategy: Partial<RESTStrategy> = {
  prepareForUpdate(obj, old) {
    statusSubresourceStrategy.prepareForUpdate!(obj, old);
    const next = (obj.status ??= {}) as NonNullable<PersistentVolume['status']>;
    const prev = (old.status ?? {}) as NonNullable<PersistentVolume['status']>;
    // A phase change without a new timestamp of the client's stamps the transition now.
    if ((prev.phase ?? '') !== (next.phase ?? '') && (next.lastPhaseTransitionTime == null || next.lastPhaseTransitionTime === prev.lastPhaseTransitionTime)) {
      next.lastPhaseTransitionTime = now();
    }
  },
  validateUpdate: (obj, old) => validatePersistentVolumeStatusUpdate(obj as PersistentVolume, old as PersistentVolume),
};

const replicationControllerStrategy: Partial<RESTStrategy> = {
  ...specStatusStrategy(() => ({ replicas: 0 })),
  // core/v1 orphans an RC's pods by default, for backwards compatibility.
  gcPolicy: 'OrphanDependents',
  ...replicationControllerFieldSelectors,
};

/**
 * A view of the replication controllers' store in which spec.selector is a metav1.LabelSelector
 * (`{matchLabels}`), the shape the Scale subresource reads; writes map it back.
 */
function labelSelectorView(parent: GenericStore): GenericStore {
  type Spec = { selector?: unknown };
  const toView = (obj: KubeObject): KubeObject => {
    const spec = obj.spec as Spec | undefined;
    if (!spec || spec.selector == null) return obj;
    return { ...obj, spec: { ...spec, selector: { matchLabels: spec.selector } } };
  };
  const fromView = (obj: KubeObject): KubeObject => {
    const spec = obj.spec as Spec | undefined;
    const sel = spec?.selector as { matchLabels?: unknown } | undefined;
    if (!spec || sel == null) return obj;
    return { ...obj, spec: { ...spec, selector: sel.matchLabels } };
  };
  return {
    ...parent,
    get: async (ctx, name, options) => toView(await parent.get(ctx, name, options)),
    update: async (ctx, name, objInfo, options) => {
      const result = await parent.update(ctx, name, async (old) => fromView(await objInfo(old === undefined ? undefined : toView(old))), options);
      return { ...result, object: toView(result.object) };
    },
  };
}

/** The generic store of the registry being built, caught by wrapStore for the scale subresource made just after it. */
let replicationControllerStore: GenericStore | undefined;

function strategyOf(def: KindDefinition): Pick<BuiltinResource, 'strategy' | 'table' | 'keyPrefix' | 'status' | 'statusStrategy' | 'wrapStore' | 'subresources'> {
  switch (def.resource) {
    case 'persistentvolumes':
      return { strategy: persistentVolumeStrategy, table: persistentVolumePrinter, status: true, statusStrategy: persistentVolumeStatusStrategy };
    case 'persistentvolumeclaims':
      return {
        strategy: statusOnly(() => ({ phase: 'Pending' })),
        table: persistentVolumeClaimPrinter,
        status: true,
        statusStrategy: { validateUpdate: (obj, old) => validatePersistentVolumeClaimStatusUpdate(obj as PersistentVolumeClaim, old as PersistentVolumeClaim) },
      };
    case 'podtemplates':
      return { strategy: generationStrategy((obj) => obj.template ?? {}), table: podTemplatePrinter };
    case 'replicationcontrollers':
      return {
        strategy: replicationControllerStrategy,
        table: replicationControllerPrinter,
        keyPrefix: '/controllers',
        status: true,
        statusStrategy: {
          validateUpdate: (obj, old) => validateReplicationControllerStatusUpdate(obj as ReplicationController, old as ReplicationController),
        },
        wrapStore: (generic) => {
          replicationControllerStore = generic;
          return generic;
        },
        subresources: () => {
          const store = replicationControllerStore;
          replicationControllerStore = undefined;
          if (store === undefined) return {};
          return { scale: createScaleSubresource(labelSelectorView(store)) };
        },
      };
    case 'resourcequotas':
      return {
        strategy: statusOnly(() => ({})),
        table: resourceQuotaPrinter,
        status: true,
        statusStrategy: { validateUpdate: (obj, old) => validateResourceQuotaStatusUpdate(obj as ResourceQuota, old as ResourceQuota) },
      };
    default:
      return {};
  }
}

/** PersistentVolumes, PersistentVolumeClaims, PodTemplates, ReplicationControllers, LimitRanges and ResourceQuotas. */
export function coreResources(): BuiltinResource[] {
  // kube's stores of these answer a delete with the deleted object (ReturnDeletedObject); the RC's does not.
  const returnsDeleted = new Set(['persistentvolumes', 'persistentvolumeclaims', 'podtemplates', 'resourcequotas']);
  return coreV1StorageKinds.map((def) => ({ definition: def, ...strategyOf(def), ...(returnsDeleted.has(def.resource) ? { returnDeletedObject: true } : {}) }));
}
