// Behaviour of k8s.io/kubernetes pkg/registry/storage/{storageclass,volumeattachment,csidriver,
// csinode,csistoragecapacity}/strategy.go and storage (v1.33, feature gates at their defaults:
// MutableCSINodeAllocatableCount off). Every kind lives under `/registry/<resource>`. Only
// StorageClass allows an update without a resourceVersion. VolumeAttachment keeps its status
// apart (a create resets it; `/status` writes nothing else, and resets labels, annotations,
// finalizers and ownerReferences as ResetObjectMetaForStatus does). A CSIDriver's generation grows
// when its spec changes.
import { storageV1Kinds, validateVolumeAttachmentUpdate, type VolumeAttachment } from '@kapi/api';
import { metaOf, type KubeObject } from '@kapi/apimachinery';
import type { BuiltinResource } from './builtin-resource.ts';
import { semanticEqual } from './semantic-equal.ts';
import type { RESTStrategy } from './strategy.ts';
import { csiDriverPrinter, csiNodePrinter, csiStorageCapacityPrinter, storageClassPrinter, volumeAttachmentPrinter } from './printers/storage.ts';

/** metav1.ResetObjectMetaForStatus: what a status write may not change in metadata. */
function resetObjectMetaForStatus(obj: KubeObject, old: KubeObject): void {
  const meta = metaOf(obj) as Record<string, unknown>;
  const oldMeta = (old.metadata ?? {}) as Record<string, unknown>;
  for (const f of ['deletionTimestamp', 'generation', 'selfLink', 'labels', 'annotations', 'finalizers', 'ownerReferences']) {
    if (oldMeta[f] !== undefined) meta[f] = oldMeta[f];
    else delete meta[f];
  }
}

const keepStatus = (obj: KubeObject, old: KubeObject) => {
  if (old.status !== undefined) obj.status = old.status;
  else delete obj.status;
};

const volumeAttachment: Pick<BuiltinResource, 'strategy' | 'status' | 'statusStrategy'> = {
  strategy: {
    allowUnconditionalUpdate: false,
    resetFields: [['status']],
    // VolumeAttachmentStatus{}: attached is not omitempty.
    prepareForCreate: (obj) => void (obj.status = { attached: false }),
    prepareForUpdate: keepStatus,
  },
  status: true,
  statusStrategy: {
    resetFields: [['metadata'], ['spec']],
    prepareForUpdate(obj, old) {
      if (old.spec !== undefined) obj.spec = old.spec;
      else delete obj.spec;
      resetObjectMetaForStatus(obj, old);
    },
    validateUpdate: (obj, old) => validateVolumeAttachmentUpdate(obj as VolumeAttachment, old as VolumeAttachment),
  },
};

/** nodeAllocatableUpdatePeriodSeconds needs MutableCSINodeAllocatableCount (alpha, off): dropped unless already stored. */
const csiDriver: Partial<RESTStrategy> = {
  allowUnconditionalUpdate: false,
  prepareForCreate(obj) {
    const spec = obj.spec as Record<string, unknown> | undefined;
    if (spec) delete spec.nodeAllocatableUpdatePeriodSeconds;
  },
  prepareForUpdate(obj, old) {
    const spec = obj.spec as Record<string, unknown> | undefined;
    const oldSpec = (old.spec ?? {}) as Record<string, unknown>;
    if (spec && oldSpec.nodeAllocatableUpdatePeriodSeconds === undefined) delete spec.nodeAllocatableUpdatePeriodSeconds;
    const oldGen = old.metadata?.generation ?? 0;
    if (!semanticEqual(obj.spec ?? {}, old.spec ?? {})) metaOf(obj).generation = oldGen + 1;
  },
};

/** The resources of storage.k8s.io/v1; all but CSIStorageCapacity answer a delete with the deleted object, as kube's stores do. */
export function storageResources(): BuiltinResource[] {
  return storageV1Kinds.map((definition) => {
    const r = resourceOf(definition);
    return definition.resource === 'csistoragecapacities' ? r : { ...r, returnDeletedObject: true };
  });
}

function resourceOf(definition: BuiltinResource['definition']): BuiltinResource {
  switch (definition.resource) {
    case 'storageclasses':
      return { definition, table: storageClassPrinter };
    case 'volumeattachments':
      return { definition, ...volumeAttachment, table: volumeAttachmentPrinter };
    case 'csidrivers':
      return { definition, strategy: csiDriver, table: csiDriverPrinter };
    case 'csinodes':
      return { definition, strategy: { allowUnconditionalUpdate: false }, table: csiNodePrinter };
    default:
      return { definition, strategy: { allowUnconditionalUpdate: false }, table: csiStorageCapacityPrinter };
  }
}
