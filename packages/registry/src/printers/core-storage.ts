// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printPersistentVolume,
// printPersistentVolumeClaim, printPodTemplate, printReplicationController and printResourceQuota,
// with helper.GetAccessModesAsString and GetPersistentVolume(Claim)Class (v1.33). LimitRanges have
// no printer (the default Name / Created At table). Quantities print in Go's canonical form.
import { formatQuantity, parseQuantity } from '@kapi/api';
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, compareStrings, containersColumn, formatLabels, imagesColumn, layoutContainerCells, nameColumn, nameOf, type PodTemplateJson } from './format.ts';

const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

/** helper.GetAccessModesAsString: RWO, ROX, RWX, RWOP, in that order, once each. */
export function accessModesString(modes: readonly string[] | undefined): string {
  const have = new Set(modes ?? []);
  const out: string[] = [];
  if (have.has('ReadWriteOnce')) out.push('RWO');
  if (have.has('ReadOnlyMany')) out.push('ROX');
  if (have.has('ReadWriteMany')) out.push('RWX');
  if (have.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** Quantity.String() of a stored quantity; an absent one is the zero quantity, "0". */
const quantityText = (q: unknown) => {
  if (q === undefined || q === null) return '0';
  const parsed = parseQuantity(q);
  return parsed ? formatQuantity(parsed) : String(q);
};
const terminating = (obj: KubeObject, phase: string | undefined) => (obj.metadata?.deletionTimestamp ? 'Terminating' : (phase ?? ''));

interface PersistentVolumeJson extends KubeObject {
  spec?: {
    capacity?: Record<string, unknown>;
    accessModes?: string[];
    persistentVolumeReclaimPolicy?: string;
    claimRef?: { namespace?: string; name?: string } | null;
    storageClassName?: string;
    volumeMode?: string | null;
    volumeAttributesClassName?: string | null;
  };
  status?: { phase?: string; reason?: string };
}

/** The printer of `persistentvolumes`: NAME, CAPACITY, ACCESS MODES, RECLAIM POLICY, STATUS, CLAIM, STORAGECLASS, VOLUMEATTRIBUTESCLASS, REASON, AGE, VOLUMEMODE. */
export const persistentVolumePrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Capacity', 'string', "capacity is the description of the persistent volume's resources and capacity. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#capacity"),
    column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes'),
    column(
      'Reclaim Policy',
      'string',
      'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim. Valid options are Retain (default for manually created PersistentVolumes), Delete (default for dynamically provisioned PersistentVolumes), and Recycle (deprecated). Recycle must be supported by the volume plugin underlying this PersistentVolume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#reclaiming',
    ),
    column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#phase'),
    column(
      'Claim',
      'string',
      'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim. Expected to be non-nil when bound. claim.VolumeName is the authoritative bind between PV and PVC. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#binding',
    ),
    column('StorageClass', 'string', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
    column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    ageColumn,
    column(
      'VolumeMode',
      'string',
      'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state. Value of Filesystem is implied when not included in spec.',
      1,
    ),
  ],
  cells: (obj, now) => {
    const pv = obj as PersistentVolumeJson;
    const spec = pv.spec ?? {};
    const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
    const annotations = obj.metadata?.annotations ?? {};
    const storageClass = betaStorageClassAnnotation in annotations ? annotations[betaStorageClassAnnotation]! : (spec.storageClassName ?? '');
    return [
      nameOf(obj),
      quantityText(spec.capacity?.storage),
      accessModesString(spec.accessModes),
      spec.persistentVolumeReclaimPolicy ?? '',
      terminating(obj, pv.status?.phase),
      claim,
      storageClass,
      spec.volumeAttributesClassName ?? '<unset>',
      pv.status?.reason ?? '',
      age(obj, now),
      spec.volumeMode ?? '<unset>',
    ];
  },
  emptyRowsAsArray: true,
};

interface PersistentVolumeClaimJson extends KubeObject {
  spec?: { volumeName?: string; storageClassName?: string | null; volumeMode?: string | null; volumeAttributesClassName?: string | null };
  status?: { phase?: string; accessModes?: string[]; capacity?: Record<string, unknown> };
}

/** The printer of `persistentvolumeclaims`: NAME, STATUS, VOLUME, CAPACITY, ACCESS MODES, STORAGECLASS, VOLUMEATTRIBUTESCLASS, AGE, VOLUMEMODE. */
export const persistentVolumeClaimPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
    column(
      'Access Modes',
      'string',
      'accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1',
    ),
    column('StorageClass', 'string', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
    ageColumn,
    column('VolumeMode', 'string', 'volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.', 1),
  ],
  cells: (obj, now) => {
    const pvc = obj as PersistentVolumeClaimJson;
    const spec = pvc.spec ?? {};
    const bound = (spec.volumeName ?? '') !== '';
    const annotations = obj.metadata?.annotations ?? {};
    const storageClass = betaStorageClassAnnotation in annotations ? annotations[betaStorageClassAnnotation]! : (spec.storageClassName ?? '');
    return [
      nameOf(obj),
      terminating(obj, pvc.status?.phase),
      spec.volumeName ?? '',
      bound ? quantityText(pvc.status?.capacity?.storage) : '',
      bound ? accessModesString(pvc.status?.accessModes) : '',
      storageClass,
      spec.volumeAttributesClassName ?? '<unset>',
      age(obj, now),
      spec.volumeMode ?? '<unset>',
    ];
  },
  emptyRowsAsArray: true,
};

/** The printer of `podtemplates`: NAME, CONTAINERS, IMAGES, POD LABELS. */
export const podTemplatePrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Containers', 'string', 'Names of each container in the template.'),
    column('Images', 'string', 'Images referenced by each container in the template.'),
    column('Pod Labels', 'string', 'The labels for the pod template.'),
  ],
  cells: (obj) => {
    const template = (obj.template ?? {}) as PodTemplateJson;
    const [names, images] = layoutContainerCells(template.spec?.containers);
    return [nameOf(obj), names, images, formatLabels(template.metadata?.labels)];
  },
  emptyRowsAsArray: true,
};

interface ReplicationControllerJson extends KubeObject {
  spec?: { replicas?: number; selector?: Record<string, string> | null; template?: PodTemplateJson };
  status?: { replicas?: number; readyReplicas?: number };
}

/** The printer of `replicationcontrollers`: NAME, DESIRED, CURRENT, READY, AGE (+ CONTAINERS, IMAGES, SELECTOR with -o wide). */
export const replicationControllerPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column(
      'Desired',
      'integer',
      'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller',
    ),
    column('Current', 'integer', 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller'),
    column('Ready', 'integer', 'The number of ready replicas for this replication controller.'),
    ageColumn,
    containersColumn,
    imagesColumn,
    column(
      'Selector',
      'string',
      'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
      1,
    ),
  ],
  cells: (obj, now) => {
    const rc = obj as ReplicationControllerJson;
    const [names, images] = layoutContainerCells(rc.spec?.template?.spec?.containers);
    return [nameOf(obj), rc.spec?.replicas ?? 0, rc.status?.replicas ?? 0, rc.status?.readyReplicas ?? 0, age(obj, now), names, images, formatLabels(rc.spec?.selector)];
  },
  emptyRowsAsArray: true,
};

interface ResourceQuotaJson extends KubeObject {
  status?: { hard?: Record<string, unknown>; used?: Record<string, unknown> };
}

/** The printer of `resourcequotas`: NAME, REQUEST, LIMIT, AGE; `limits.*` resources go to LIMIT, the others to REQUEST. */
export const resourceQuotaPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
    column('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
    ageColumn,
  ],
  cells: (obj, now) => {
    const status = (obj as ResourceQuotaJson).status ?? {};
    const hard = status.hard ?? {};
    const request: string[] = [];
    const limit: string[] = [];
    for (const r of Object.keys(hard).sort(compareStrings)) {
      const pieces = r.split('.');
      (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(`${r}: ${quantityText(status.used?.[r])}/${quantityText(hard[r])}`);
    }
    return [nameOf(obj), request.join(', '), limit.join(', '), age(obj, now)];
  },
  emptyRowsAsArray: true,
};
