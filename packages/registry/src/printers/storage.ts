// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printStorageClass,
// printVolumeAttachment, printCSIDriver, printCSINode and printCSIStorageCapacity (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, nameColumn, nameOf } from './format.ts';

/** storageutil.IsDefaultAnnotation: the GA or beta is-default-class annotation is "true". */
export function isDefaultStorageClass(obj: KubeObject): boolean {
  const a = obj.metadata?.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

type StorageClassJson = { provisioner?: string; reclaimPolicy?: string; volumeBindingMode?: string; allowVolumeExpansion?: boolean };

/** The printer of `storageclasses`: NAME (with " (default)"), PROVISIONER, RECLAIMPOLICY, VOLUMEBINDINGMODE, ALLOWVOLUMEEXPANSION, AGE. */
export const storageClassPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'),
    column(
      'ReclaimPolicy',
      'string',
      'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.',
    ),
    column(
      'VolumeBindingMode',
      'string',
      'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.',
    ),
    column('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const sc = obj as StorageClassJson;
    const name = isDefaultStorageClass(obj) ? `${nameOf(obj)} (default)` : nameOf(obj);
    return [name, sc.provisioner ?? '', sc.reclaimPolicy ?? 'Delete', sc.volumeBindingMode ?? 'Immediate', sc.allowVolumeExpansion ?? false, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

type VolumeAttachmentJson = { spec?: { attacher?: string; nodeName?: string; source?: { persistentVolumeName?: string } }; status?: { attached?: boolean } };

/** The printer of `volumeattachments`: NAME, ATTACHER, PV, NODE, ATTACHED, AGE. */
export const volumeAttachmentPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('Attacher', 'string', 'attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().', 0, 'name'),
    column('PV', 'string', 'persistentVolumeName represents the name of the persistent volume to attach.'),
    column('Node', 'string', 'nodeName represents the node that the volume should be attached to.'),
    column(
      'Attached',
      'boolean',
      'attached indicates the volume is successfully attached. This field must only be set by the entity completing the attach operation, i.e. the external-attacher.',
    ),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const va = obj as VolumeAttachmentJson;
    return [nameOf(obj), va.spec?.attacher ?? '', va.spec?.source?.persistentVolumeName ?? '', va.spec?.nodeName ?? '', va.status?.attached ?? false, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

type CSIDriverJson = {
  spec?: { attachRequired?: boolean; podInfoOnMount?: boolean; storageCapacity?: boolean; tokenRequests?: { audience?: string }[]; requiresRepublish?: boolean; volumeLifecycleModes?: string[] };
};

/** The printer of `csidrivers`: NAME, ATTACHREQUIRED, PODINFOONMOUNT, STORAGECAPACITY, TOKENREQUESTS, REQUIRESREPUBLISH, MODES, AGE. */
export const csiDriverPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column(
      'AttachRequired',
      'boolean',
      'attachRequired indicates this CSI volume driver requires an attach operation (because it implements the CSI ControllerPublishVolume() method), and that the Kubernetes attach detach controller should call the attach volume interface which checks the volumeattachment status and waits until the volume is attached before proceeding to mounting. The CSI external-attacher coordinates with CSI volume driver and updates the volumeattachment status when the attach operation is complete. If the CSIDriverRegistry feature gate is enabled and the value is specified to false, the attach operation will be skipped. Otherwise the attach operation will be called.\n\nThis field is immutable.',
    ),
    column(
      'PodInfoOnMount',
      'boolean',
      'podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations, if set to true. If set to false, pod information will not be passed on mount. Default is false.\n\nThe CSI driver specifies podInfoOnMount as part of driver deployment. If true, Kubelet will pass pod information as VolumeContext in the CSI NodePublishVolume() calls. The CSI driver is responsible for parsing and validating the information passed in as VolumeContext.\n\nThe following VolumeContext will be passed if podInfoOnMount is set to true. This list might grow, but the prefix will be used. "csi.storage.k8s.io/pod.name": pod.Name "csi.storage.k8s.io/pod.namespace": pod.Namespace "csi.storage.k8s.io/pod.uid": string(pod.UID) "csi.storage.k8s.io/ephemeral": "true" if the volume is an ephemeral inline volume\n                                defined by a CSIVolumeSource, otherwise "false"\n\n"csi.storage.k8s.io/ephemeral" is a new feature in Kubernetes 1.16. It is only required for drivers which support both the "Persistent" and "Ephemeral" VolumeLifecycleMode. Other drivers can leave pod info disabled and/or ignore this field. As Kubernetes 1.15 doesn\'t support this field, drivers can only support one mode when deployed on such a cluster and the deployment determines which mode that is, for example via a command line parameter of the driver.\n\nThis field was immutable in Kubernetes < 1.29 and now is mutable.',
    ),
    column(
      'StorageCapacity',
      'boolean',
      'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report by creating CSIStorageCapacity objects with capacity information, if set to true.\n\nThe check can be enabled immediately when deploying a driver. In that case, provisioning new volumes with late binding will pause until the driver deployment has published some suitable CSIStorageCapacity object.\n\nAlternatively, the driver can be deployed with the field unset or false and it can be flipped later when storage capacity information has been published.\n\nThis field was immutable in Kubernetes <= 1.22 and now is mutable.',
    ),
    column(
      'TokenRequests',
      'string',
      'tokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication. Kubelet will pass the tokens in VolumeContext in the CSI NodePublishVolume calls. The CSI driver should parse and validate the following VolumeContext: "csi.storage.k8s.io/serviceAccount.tokens": {\n  "<audience>": {\n    "token": <token>,\n    "expirationTimestamp": <expiration timestamp in RFC3339>,\n  },\n  ...\n}\n\nNote: Audience in each TokenRequest should be different and at most one token is empty string. To receive a new token after expiry, RequiresRepublish can be used to trigger NodePublishVolume periodically.',
    ),
    column(
      'RequiresRepublish',
      'boolean',
      'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume. This field defaults to false.\n\nNote: After a successful initial NodePublishVolume call, subsequent calls to NodePublishVolume should only update the contents of the volume. New mount points will not be seen by a running container.',
    ),
    column(
      'Modes',
      'string',
      'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports. The default if the list is empty is "Persistent", which is the usage defined by the CSI specification and implemented in Kubernetes via the usual PV/PVC mechanism.\n\nThe other mode is "Ephemeral". In this mode, volumes are defined inline inside the pod spec with CSIVolumeSource and their lifecycle is tied to the lifecycle of that pod. A driver has to be aware of this because it is only going to get a NodePublishVolume call for such a volume.\n\nFor more information about implementing this mode, see https://kubernetes-csi.github.io/docs/ephemeral-local-volumes.html A driver can support one or more of these modes and more modes may be added in the future.\n\nThis field is beta. This field is immutable.',
    ),
    ageColumn,
  ],
  cells: (obj: KubeObject, now) => {
    const spec = (obj as CSIDriverJson).spec ?? {};
    const modes = (spec.volumeLifecycleModes ?? []).join(',') || '<none>';
    const tokens = spec.tokenRequests === undefined || spec.tokenRequests === null ? '<unset>' : spec.tokenRequests.map((t) => t.audience ?? '').join(',');
    return [nameOf(obj), spec.attachRequired ?? true, spec.podInfoOnMount ?? false, spec.storageCapacity ?? false, tokens, spec.requiresRepublish ?? false, modes, age(obj, now)];
  },
  emptyRowsAsArray: true,
};

/** The printer of `csinodes`: NAME, DRIVERS (their number), AGE. */
export const csiNodePrinter: TableConvertor = {
  columns: [nameColumn, column('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), ageColumn],
  cells: (obj: KubeObject, now) => [nameOf(obj), ((obj.spec as { drivers?: unknown[] } | undefined)?.drivers ?? []).length, age(obj, now)],
  emptyRowsAsArray: true,
};

/** The printer of `csistoragecapacities`: NAME, STORAGECLASSNAME, CAPACITY (no AGE, as upstream). */
export const csiStorageCapacityPrinter: TableConvertor = {
  columns: [
    nameColumn,
    column('StorageClassName', 'string', 'storageClassName represents the name of the StorageClass that the reported capacity applies to. It must meet the same requirements as the name of a StorageClass object (non-empty, DNS subdomain). If that object no longer exists, the CSIStorageCapacity object is obsolete and should be removed by its creator. This field is immutable.'),
    column(
      'Capacity',
      'string',
      'capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.\n\nThe semantic is currently (CSI spec 1.2) defined as: The available capacity, in bytes, of the storage that can be used to provision volumes. If not set, that information is currently unavailable.',
    ),
  ],
  cells: (obj: KubeObject) => {
    const capacity = obj.capacity as string | number | undefined;
    return [nameOf(obj), (obj.storageClassName as string | undefined) ?? '', capacity === undefined || capacity === null ? '<unset>' : String(capacity)];
  },
  emptyRowsAsArray: true,
};
