// Behaviour of k8s.io/kubernetes pkg/apis/core/v1/defaults.go (SetDefaults_PersistentVolume,
// SetDefaults_PersistentVolumeClaim(+Spec), SetDefaults_HostPathVolumeSource) and
// pkg/apis/core/validation/validation.go (v1.33): ValidatePersistentVolume(+Update, +StatusUpdate)
// with the rules of each persistent volume source, ValidatePersistentVolumeClaim(+Update,
// +StatusUpdate), validateVolumeNodeAffinity; VolumeAttributesClass is off (its v1.33 default).
import { validateLabelSelector } from '../../meta/v1/label-selector-validation.ts';
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName as isQualifiedNameOf,
  isValidLabelValue,
  nameIsDNSSubdomain,
  omitValue,
  validateLabelName,
  type FieldError,
} from '@kapi/apimachinery';
import type { NodeSelector, NodeSelectorRequirement } from './affinity.ts';
import type { PersistentVolume, PersistentVolumeSpec, VolumeNodeAffinity } from './persistent-volume.ts';
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from './persistent-volume-claim.ts';
import { compareQuantities, parseQuantity, quantityValue } from './quantity.ts';
import { validatePositiveQuantityValue, validateResourceQuantityValue } from './resource-names.ts';
import {
  inclusiveRangeError,
  invalidEach,
  validateCoreObjectMeta,
  validateCoreObjectMetaUpdate,
  validatePathNoBacksteps,
} from './validation-helpers.ts';

// --- Defaults -------------------------------------------------------------------------------

/** SetDefaults_PersistentVolume (and SetDefaults_HostPathVolumeSource on its hostPath). */
export function defaultPersistentVolume(pv: PersistentVolume): void {
  const status = (pv.status ??= {});
  if (!status.phase) status.phase = 'Pending';
  const spec = (pv.spec ??= {});
  if (!spec.persistentVolumeReclaimPolicy) spec.persistentVolumeReclaimPolicy = 'Retain';
  spec.volumeMode ??= 'Filesystem';
  if (spec.hostPath) spec.hostPath.type ??= '';
}

/** SetDefaults_PersistentVolumeClaim and SetDefaults_PersistentVolumeClaimSpec. */
export function defaultPersistentVolumeClaim(pvc: PersistentVolumeClaim): void {
  const status = (pvc.status ??= {});
  if (!status.phase) status.phase = 'Pending';
  (pvc.spec ??= {}).volumeMode ??= 'Filesystem';
}

// --- Shared rules ---------------------------------------------------------------------------

const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const reclaimPolicies = ['Delete', 'Recycle', 'Retain'];
const volumeModes = ['Block', 'Filesystem'];
const hostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
const pdPartitionErrorMsg = inclusiveRangeError(1, 255);

function validateAccessModes(modes: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let rwop = false;
  let other = false;
  for (const mode of modes) {
    if (!accessModes.includes(mode)) errs.push(fieldErrors.notSupported(path, mode, accessModes));
    if (mode === 'ReadWriteOncePod') rwop = true;
    else if (accessModes.includes(mode)) other = true;
  }
  if (rwop && other) errs.push(fieldErrors.forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

const validateClassName = (name: string, path: FieldPath) => invalidEach(path, name, nameIsDNSSubdomain(name, false));

/** validateBasicResource: a negative quantity is not a resource quantity. */
function validateBasicResource(value: unknown, path: FieldPath): FieldError[] {
  const q = parseQuantity(value);
  if (q === undefined) return [fieldErrors.invalid(path, value, 'must be a valid resource quantity')];
  // kube prints Quantity.Value() here.
  if (q.num < 0n) return [fieldErrors.invalid(path, Number(quantityValue(q)), 'must be a valid resource quantity')];
  return [];
}

function validateSecretRef(ref: { name?: string | undefined; namespace?: string | undefined } | undefined, path: FieldPath): FieldError[] {
  if (ref === undefined) return [];
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(fieldErrors.required(path.child('name'), ''));
  if (!ref.namespace) errs.push(fieldErrors.required(path.child('namespace'), ''));
  return errs;
}

/** validatePVSecretReference. */
function validatePVSecretReference(ref: { name?: string | undefined; namespace?: string | undefined }, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(fieldErrors.required(path.child('name'), ''));
  else errs.push(...invalidEach(path.child('name'), ref.name, isDNS1123Subdomain(ref.name)));
  if (!ref.namespace) errs.push(fieldErrors.required(path.child('namespace'), ''));
  else errs.push(...invalidEach(path.child('namespace'), ref.namespace, isDNS1123Label(ref.namespace)));
  return errs;
}

/** ValidateCSIDriverName. */
function validateCSIDriverName(driver: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (driver.length === 0) errs.push(fieldErrors.required(path, ''));
  if (driver.length > 63) errs.push(fieldErrors.tooLong(path, omitValue, 63));
  errs.push(...invalidEach(path, driver, isDNS1123Subdomain(driver.toLowerCase())));
  return errs;
}

// --- Node affinity --------------------------------------------------------------------------

function validateNodeSelectorRequirement(rq: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const values = rq.values ?? [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(fieldErrors.required(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(fieldErrors.forbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(fieldErrors.required(path.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(fieldErrors.invalid(path.child('operator'), rq.operator ?? '', 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(rq.key ?? '', path.child('key')));
  values.forEach((v, i) => errs.push(...invalidEach(path.child('values').index(i), v, isValidLabelValue(v))));
  return errs;
}

function validateNodeFieldSelectorRequirement(rq: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if ((rq.values ?? []).length !== 1) errs.push(fieldErrors.required(path.child('values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
      break;
    default:
      errs.push(fieldErrors.invalid(path.child('operator'), rq.operator ?? '', 'not a valid selector operator'));
  }
  if (rq.key !== 'metadata.name') errs.push(fieldErrors.notSupported(path.child('key'), rq.key ?? '', ['metadata.name']));
  return errs;
}

/** ValidateNodeSelector. */
function validateNodeSelector(selector: NodeSelector, path: FieldPath): FieldError[] {
  const termsPath = path.child('nodeSelectorTerms');
  const terms = selector.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [fieldErrors.required(termsPath, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => {
    const at = termsPath.index(i);
    return [
      ...(term.matchExpressions ?? []).flatMap((rq, j) => validateNodeSelectorRequirement(rq, at.child('matchExpressions').index(j))),
      ...(term.matchFields ?? []).flatMap((rq, j) => validateNodeFieldSelectorRequirement(rq, at.child('matchFields').index(j))),
    ];
  });
}

/** validateVolumeNodeAffinity. */
function validateVolumeNodeAffinity(affinity: VolumeNodeAffinity, path: FieldPath): FieldError[] {
  if (affinity.required === undefined) return [fieldErrors.required(path.child('required'), 'must specify required node constraints')];
  return validateNodeSelector(affinity.required, path.child('required'));
}

// --- Persistent volume sources --------------------------------------------------------------

type Spec = PersistentVolumeSpec & Record<string, unknown>;
type SourceRule = (spec: Spec, path: FieldPath) => FieldError[];

const required = (value: unknown, path: FieldPath) => (value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? [fieldErrors.required(path, '')] : []);
const partition = (p: number | undefined, path: FieldPath) => (p !== undefined && (p < 0 || p > 255) ? [fieldErrors.invalid(path, p, pdPartitionErrorMsg)] : []);

/** The sources in ValidatePersistentVolumeSpec's order: JSON name, the path a second source is reported at, the rule and its path. */
const sources: readonly [name: string, forbiddenAt: string, rule: SourceRule, at: string][] = [
  [
    'hostPath',
    'hostPath',
    (s, p) => {
      const hp = s.hostPath!;
      if (!hp.path) return [fieldErrors.required(p.child('path'), '')];
      const errs = validatePathNoBacksteps(hp.path, p.child('path'));
      if (hp.type != null && !hostPathTypes.includes(hp.type)) errs.push(fieldErrors.notSupported(p.child('type'), hp.type, hostPathTypes));
      return errs;
    },
    'hostPath',
  ],
  ['gcePersistentDisk', 'gcePersistentDisk', (s, p) => [...required(s.gcePersistentDisk!.pdName, p.child('pdName')), ...partition(s.gcePersistentDisk!.partition, p.child('partition'))], 'persistentDisk'],
  [
    'awsElasticBlockStore',
    'awsElasticBlockStore',
    (s, p) => [...required(s.awsElasticBlockStore!.volumeID, p.child('volumeID')), ...partition(s.awsElasticBlockStore!.partition, p.child('partition'))],
    'awsElasticBlockStore',
  ],
  [
    'glusterfs',
    'glusterfs',
    (s, p) => {
      const g = s.glusterfs!;
      const errs = [...required(g.endpoints, p.child('endpoints')), ...required(g.path, p.child('path'))];
      if (g.endpointsNamespace != null) {
        if (g.endpointsNamespace === '') errs.push(fieldErrors.required(p.child('endpointsNamespace'), 'if the endpointnamespace is set, it must be a valid namespace name'));
        else errs.push(...invalidEach(p.child('endpointsNamespace'), g.endpointsNamespace, isDNS1123Label(g.endpointsNamespace)));
      }
      return errs;
    },
    'glusterfs',
  ],
  [
    'flocker',
    'flocker',
    (s, p) => {
      const f = s.flocker!;
      if (!f.datasetName && !f.datasetUUID) return [fieldErrors.required(p, 'one of datasetName and datasetUUID is required')];
      if (f.datasetName && f.datasetUUID) return [fieldErrors.invalid(p, 'resource', 'datasetName and datasetUUID can not be specified simultaneously')];
      if (f.datasetName?.includes('/')) return [fieldErrors.invalid(p.child('datasetName'), f.datasetName, "must not contain '/'")];
      return [];
    },
    'flocker',
  ],
  [
    'nfs',
    'nfs',
    (s, p) => {
      const nfs = s.nfs!;
      const errs = [...required(nfs.server, p.child('server')), ...required(nfs.path, p.child('path'))];
      if (!(nfs.path ?? '').startsWith('/')) errs.push(fieldErrors.invalid(p.child('path'), nfs.path ?? '', 'must be an absolute path'));
      return errs;
    },
    'nfs',
  ],
  ['rbd', 'rbd', (s, p) => [...required(s.rbd!.monitors, p.child('monitors')), ...required(s.rbd!.image, p.child('image'))], 'rbd'],
  ['quobyte', 'quobyte', (s, p) => [...required(s.quobyte!.registry, p.child('registry')), ...required(s.quobyte!.volume, p.child('volume'))], 'quobyte'],
  ['cephfs', 'cephFS', (s, p) => required(s.cephfs!.monitors, p.child('monitors')), 'cephfs'],
  [
    'iscsi',
    'iscsi',
    (s, p) => {
      const i = s.iscsi!;
      const errs = [...required(i.targetPortal, p.child('targetPortal')), ...required(i.iqn, p.child('iqn'))];
      const lun = i.lun ?? 0;
      if (lun < 0 || lun > 255) errs.push(fieldErrors.invalid(p.child('lun'), lun, inclusiveRangeError(0, 255)));
      return errs;
    },
    'iscsi',
  ],
  ['cinder', 'cinder', (s, p) => [...required(s.cinder!.volumeID, p.child('volumeID')), ...validateSecretRef(s.cinder!.secretRef, p.child('secretRef'))], 'cinder'],
  [
    'fc',
    'fc',
    (s, p) => {
      const fc = s.fc!;
      const wwns = fc.targetWWNs ?? [];
      const wwids = fc.wwids ?? [];
      if (wwns.length === 0 && wwids.length === 0) return [fieldErrors.required(p.child('targetWWNs'), 'must specify either targetWWNs or wwids, but not both')];
      if (wwns.length > 0 && wwids.length > 0) return [fieldErrors.invalid(p.child('targetWWNs'), wwns, 'targetWWNs and wwids can not be specified simultaneously')];
      if (wwns.length > 0) {
        if (fc.lun == null) return [fieldErrors.required(p.child('lun'), 'lun is required if targetWWNs is specified')];
        if (fc.lun < 0 || fc.lun > 255) return [fieldErrors.invalid(p.child('lun'), fc.lun, inclusiveRangeError(0, 255))];
      }
      return [];
    },
    'fc',
  ],
  [
    'flexVolume',
    '',
    (s, p) => {
      const flex = s.flexVolume!;
      const errs = required(flex.driver, p.child('driver'));
      for (const k of Object.keys(flex.options ?? {})) {
        const ns = k.split('/')[0]!.toLowerCase();
        if (k.includes('/') && (ns === 'kubernetes.io' || ns.endsWith('.kubernetes.io'))) {
          errs.push(fieldErrors.invalid(p.child('options').key(k), k, 'kubernetes.io and subdomains are reserved for FlexVolume system options'));
        }
      }
      return errs;
    },
    'flexVolume',
  ],
  [
    'azureFile',
    'azureFile',
    (s, p) => {
      const a = s.azureFile!;
      const errs = [...required(a.secretName, p.child('secretName')), ...required(a.shareName, p.child('shareName'))];
      if (a.secretNamespace != null && a.secretNamespace === '') errs.push(fieldErrors.required(p.child('secretNamespace'), ''));
      return errs;
    },
    'azureFile',
  ],
  ['vsphereVolume', 'vsphereVolume', (s, p) => required(s.vsphereVolume!.volumePath, p.child('volumePath')), 'vsphereVolume'],
  ['photonPersistentDisk', 'photonPersistentDisk', (s, p) => required(s.photonPersistentDisk!.pdID, p.child('pdID')), 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume', (s, p) => required(s.portworxVolume!.volumeID, p.child('volumeID')), 'portworxVolume'],
  ['azureDisk', 'azureDisk', (s, p) => [...required(s.azureDisk!.diskName, p.child('diskName')), ...required(s.azureDisk!.diskURI, p.child('diskURI'))], 'azureDisk'],
  [
    'scaleIO',
    'scaleIO',
    (s, p) => [...required(s.scaleIO!.gateway, p.child('gateway')), ...required(s.scaleIO!.system, p.child('system')), ...required(s.scaleIO!.volumeName, p.child('volumeName'))],
    'scaleIO',
  ],
  [
    'local',
    'local',
    (s, p) => (s.local!.path ? validatePathNoBacksteps(s.local!.path, p.child('path')) : [fieldErrors.required(p.child('path'), '')]),
    'local',
  ],
  ['storageos', 'storageos', (s, p) => [...required(s.storageos!.volumeName, p.child('volumeName')), ...validateSecretRef(s.storageos!.secretRef, p.child('secretRef'))], 'storageos'],
  [
    'csi',
    'csi',
    (s, p) => {
      const csi = s.csi!;
      const errs = [...validateCSIDriverName(csi.driver ?? '', p.child('driver')), ...required(csi.volumeHandle, p.child('volumeHandle'))];
      for (const ref of ['controllerPublishSecretRef', 'controllerExpandSecretRef', 'nodePublishSecretRef', 'nodeExpandSecretRef'] as const) {
        if (csi[ref]) errs.push(...validatePVSecretReference(csi[ref], p.child(ref)));
      }
      return errs;
    },
    'csi',
  ],
];

/**
 * ValidatePersistentVolumeSpec: a stored volume, or with `inline` the spec a VolumeAttachment
 * carries for a pod's inline volume migrated to CSI (validateInlinePersistentVolumeSpec).
 */
export function validatePersistentVolumeSpec(spec: PersistentVolumeSpec, path: FieldPath, opts: { inline?: boolean } = {}): FieldError[] {
  const s = spec as Spec;
  const inline = opts.inline === true;
  const errs: FieldError[] = [];
  const inlineMsg = 'may not be specified in the context of inline volumes';
  if (inline) {
    if (spec.claimRef != null) errs.push(fieldErrors.forbidden(path.child('claimRef'), inlineMsg));
    if (Object.keys(spec.capacity ?? {}).length !== 0) errs.push(fieldErrors.forbidden(path.child('capacity'), inlineMsg));
    if (spec.csi == null) errs.push(fieldErrors.required(path.child('csi'), 'has to be specified in the context of inline volumes'));
  }
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errs.push(fieldErrors.required(path.child('accessModes'), ''));
  errs.push(...validateAccessModes(modes, path.child('accessModes')));
  if (!inline) {
    const capacity = spec.capacity ?? {};
    const capPath = path.child('capacity');
    if (Object.keys(capacity).length === 0) errs.push(fieldErrors.required(capPath, ''));
    if (!('storage' in capacity) || Object.keys(capacity).length > 1) errs.push(fieldErrors.notSupported(capPath, capacity, ['storage']));
    for (const [r, q] of Object.entries(capacity)) errs.push(...validateBasicResource(q, capPath.key(r)), ...validatePositiveQuantityValue(q, capPath.key(r)));
  }
  const policy = spec.persistentVolumeReclaimPolicy ?? '';
  if (policy !== '') {
    if (inline) {
      if (policy !== 'Retain') errs.push(fieldErrors.forbidden(path.child('persistentVolumeReclaimPolicy'), 'may only be Retain in the context of inline volumes'));
    } else if (!reclaimPolicies.includes(policy)) errs.push(fieldErrors.notSupported(path.child('persistentVolumeReclaimPolicy'), policy, reclaimPolicies));
  }
  if (spec.nodeAffinity) {
    if (inline) errs.push(fieldErrors.forbidden(path.child('nodeAffinity'), inlineMsg));
    else errs.push(...validateVolumeNodeAffinity(spec.nodeAffinity, path.child('nodeAffinity')));
  }
  const nodeAffinitySpecified = !inline && spec.nodeAffinity != null;
  let n = 0;
  for (const [name, forbiddenAt, rule, at] of sources) {
    if (s[name] == null) continue;
    // Upstream counts a flexVolume without checking for another source first.
    if (n > 0 && forbiddenAt !== '') {
      errs.push(fieldErrors.forbidden(path.child(forbiddenAt), 'may not specify more than 1 volume type'));
      continue;
    }
    n++;
    errs.push(...rule(s, path.child(at)));
    if (name === 'local' && !nodeAffinitySpecified) errs.push(fieldErrors.required(path.child('nodeAffinity'), 'Local volume requires node affinity'));
  }
  if (n === 0) errs.push(fieldErrors.required(path, 'must specify a volume type'));
  if (spec.hostPath && cleanPath(spec.hostPath.path ?? '') === '/' && policy === 'Recycle') {
    errs.push(fieldErrors.forbidden(path.child('persistentVolumeReclaimPolicy'), "may not be 'recycle' for a hostPath mount of '/'"));
  }
  if (spec.storageClassName) {
    if (inline) errs.push(fieldErrors.forbidden(path.child('storageClassName'), inlineMsg));
    else errs.push(...validateClassName(spec.storageClassName, path.child('storageClassName')));
  }
  if (spec.volumeMode != null) {
    if (inline) {
      if (spec.volumeMode !== 'Filesystem') errs.push(fieldErrors.forbidden(path.child('volumeMode'), 'may not specify volumeMode other than Filesystem in the context of inline volumes'));
    } else if (!volumeModes.includes(spec.volumeMode)) errs.push(fieldErrors.notSupported(path.child('volumeMode'), spec.volumeMode, volumeModes));
  }
  return errs;
}

/** Go's path.Clean, enough to tell `/`. */
function cleanPath(p: string): string {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return p.startsWith('/') ? `/${parts.join('/')}` : parts.join('/') || '.';
}

/** ValidatePersistentVolume. */
export function validatePersistentVolume(pv: PersistentVolume): FieldError[] {
  return [...validateCoreObjectMeta(pv.metadata, false, nameIsDNSSubdomain), ...validatePersistentVolumeSpec(pv.spec ?? {}, FieldPath.of('spec'))];
}

// --- Semantic comparison for the immutability rules ------------------------------------------

const isZero = (v: unknown) => v == null || v === '' || v === 0 || v === false;

/** apiequality.Semantic.DeepEqual over JSON: quantities by value, absent = zero. */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  if ((typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number') && a !== b) {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    if (qa && qb && typeof a !== typeof b) return compareQuantities(qa, qb) === 0;
  }
  return a === b || (isZero(a) && isZero(b));
}

/** The fields that differ, as `path: old -> new` lines (kube prints a cmp.Diff here). */
function diff(a: unknown, b: unknown, path: string): string[] {
  if (sameValue(a, b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a) ? [...Array(Math.max(a.length, (b as unknown[]).length)).keys()].map(String) : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`));
  }
  return [`  ${path}: ${JSON.stringify(a ?? null)} -> ${JSON.stringify(b ?? null)}`];
}

const sourceNames = sources.map(([name]) => name);
const sourceOf = (spec: PersistentVolumeSpec | undefined) => Object.fromEntries(sourceNames.map((n) => [n, (spec as Spec | undefined)?.[n]]));

/** The strategy's ValidateUpdate: ValidatePersistentVolume, then ValidatePersistentVolumeUpdate (which runs it again). */
export function validatePersistentVolumeUpdate(pv: PersistentVolume, old: PersistentVolume): FieldError[] {
  const again = validatePersistentVolume(pv);
  const errs = [...validateCoreObjectMetaUpdate(pv.metadata, old.metadata), ...again, ...again];
  const next = sourceOf(pv.spec);
  const prev = sourceOf(old.spec);
  // A controllerExpandSecretRef may be added to a CSI volume that had none.
  const prevCsi = prev.csi as Record<string, unknown> | undefined;
  const nextCsi = next.csi as Record<string, unknown> | undefined;
  if (prevCsi && prevCsi.controllerExpandSecretRef == null && nextCsi?.controllerExpandSecretRef != null) next.csi = { ...nextCsi, controllerExpandSecretRef: undefined };
  if (!sameValue(next, prev)) {
    errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'persistentvolumesource'), `spec.persistentvolumesource is immutable after creation\n${diff(prev, next, 'spec').join('\n')}`));
  }
  if ((pv.spec?.volumeMode ?? null) !== (old.spec?.volumeMode ?? null)) errs.push(fieldErrors.invalid(FieldPath.of('volumeMode'), pv.spec?.volumeMode ?? null, fieldImmutableErrorMsg));
  if (old.spec?.nodeAffinity != null && !sameValue(pv.spec?.nodeAffinity, old.spec.nodeAffinity)) {
    errs.push(fieldErrors.invalid(FieldPath.of('nodeAffinity'), pv.spec?.nodeAffinity ?? null, `${fieldImmutableErrorMsg}, except for updating from beta label to GA`));
  }
  if ((pv.spec?.volumeAttributesClassName ?? null) !== (old.spec?.volumeAttributesClassName ?? null)) {
    errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'volumeAttributesClassName'), 'update is forbidden when the VolumeAttributesClass feature gate is disabled'));
  }
  return errs;
}

/** ValidatePersistentVolumeStatusUpdate. */
export function validatePersistentVolumeStatusUpdate(pv: PersistentVolume, old: PersistentVolume): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(pv.metadata, old.metadata);
  if (!pv.metadata?.resourceVersion) errs.push(fieldErrors.required(FieldPath.of('resourceVersion'), ''));
  return errs;
}

// --- Claims ---------------------------------------------------------------------------------

function validateDataSource(ref: { apiGroup?: string | undefined; kind?: string | undefined; name?: string | undefined; namespace?: string | undefined }, path: FieldPath, withNamespace: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!ref.name) errs.push(fieldErrors.required(path.child('name'), ''));
  if (!ref.kind) errs.push(fieldErrors.required(path.child('kind'), ''));
  const group = ref.apiGroup ?? '';
  if (group === '' && ref.kind !== 'PersistentVolumeClaim') errs.push(fieldErrors.invalid(path, ref.kind ?? '', "must be 'PersistentVolumeClaim' when referencing the default apiGroup"));
  if (group !== '') errs.push(...invalidEach(path.child('apiGroup'), group, isDNS1123Subdomain(group)));
  if (withNamespace && ref.namespace) errs.push(...invalidEach(path.child('namespace'), ref.namespace, isDNS1123Label(ref.namespace)));
  return errs;
}

/** ValidatePersistentVolumeClaimSpec (the rules a StatefulSet's claim templates share). */
export function validatePersistentVolumeClaimSpec(spec: PersistentVolumeClaimSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errs.push(fieldErrors.required(path.child('accessModes'), 'at least 1 access mode is required'));
  if (spec.selector) errs.push(...validateLabelSelector(spec.selector, path.child('selector')));
  errs.push(...validateAccessModes(modes, path.child('accessModes')));
  const storagePath = path.child('resources').key('storage');
  const storage = spec.resources?.requests?.storage;
  if (storage === undefined) errs.push(fieldErrors.required(storagePath, ''));
  else {
    const positive = validatePositiveQuantityValue(storage, storagePath);
    errs.push(...(positive.length > 0 ? positive : validateResourceQuantityValue('storage', storage, storagePath)));
  }
  if (spec.storageClassName) errs.push(...validateClassName(spec.storageClassName, path.child('storageClassName')));
  if (spec.volumeMode != null && !volumeModes.includes(spec.volumeMode)) errs.push(fieldErrors.notSupported(path.child('volumeMode'), spec.volumeMode, volumeModes));
  if (spec.dataSource) errs.push(...validateDataSource(spec.dataSource, path.child('dataSource'), false));
  if (spec.dataSourceRef) errs.push(...validateDataSource(spec.dataSourceRef, path.child('dataSourceRef'), true));
  const ds = spec.dataSource;
  const ref = spec.dataSourceRef;
  // kube prints the path itself (a *field.Path) as the bad value.
  if (ref?.namespace) {
    if (ds) errs.push(fieldErrors.invalid(path, omitValue, `${path.child('dataSource')}: may not be specified when dataSourceRef.namespace is specified`));
  } else if (ds && ref && !((ds.apiGroup ?? null) === (ref.apiGroup ?? null) && ds.kind === ref.kind && ds.name === ref.name)) {
    errs.push(fieldErrors.invalid(path, omitValue, `${path.child('dataSource')}: must match dataSourceRef`));
  }
  return errs;
}

/** ValidatePersistentVolumeClaim. */
export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim): FieldError[] {
  return [...validateCoreObjectMeta(pvc.metadata, true, nameIsDNSSubdomain), ...validatePersistentVolumeClaimSpec(pvc.spec ?? {}, FieldPath.of('spec'))];
}

const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

/** The strategy's ValidateUpdate: ValidatePersistentVolumeClaim, then ValidatePersistentVolumeClaimUpdate. */
export function validatePersistentVolumeClaimUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const again = validatePersistentVolumeClaim(pvc);
  const errs = [...again, ...validateCoreObjectMetaUpdate(pvc.metadata, old.metadata), ...again];
  const next: PersistentVolumeClaimSpec = structuredClone(pvc.spec ?? {});
  const prev: PersistentVolumeClaimSpec = structuredClone(old.spec ?? {});
  // volumeName may be set once.
  if (!prev.volumeName) prev.volumeName = next.volumeName;
  const oldAnn = old.metadata?.annotations ?? {};
  const newAnn = pvc.metadata?.annotations ?? {};
  const oldSc = oldAnn[betaStorageClassAnnotation];
  const upgradeFromAnnotation =
    oldSc !== undefined && prev.storageClassName == null && next.storageClassName != null && next.storageClassName === oldSc && (newAnn[betaStorageClassAnnotation] === undefined || newAnn[betaStorageClassAnnotation] === oldSc);
  if (upgradeFromAnnotation) delete next.storageClassName;
  else {
    if ((newAnn[betaStorageClassAnnotation] ?? '') !== (oldSc ?? '')) {
      errs.push(fieldErrors.invalid(FieldPath.of('metadata', 'annotations', betaStorageClassAnnotation), newAnn[betaStorageClassAnnotation] ?? '', fieldImmutableErrorMsg));
    }
    if (next.storageClassName != null && old.spec?.storageClassName == null && (oldSc === undefined || next.storageClassName === oldSc)) next.storageClassName = prev.storageClassName;
  }
  if (upgradeFromAnnotation) delete prev.storageClassName;
  const bound = pvc.status?.phase === 'Bound';
  if (bound && next.resources?.requests) next.resources.requests.storage = old.spec?.resources?.requests?.storage as never;
  if (bound && next.volumeAttributesClassName != null) next.volumeAttributesClassName = prev.volumeAttributesClassName;
  if (!sameValue(next, prev)) {
    errs.push(
      fieldErrors.forbidden(FieldPath.of('spec'), `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${diff(prev, next, 'spec').join('\n')}`),
    );
  }
  const oldSize = parseQuantity(old.spec?.resources?.requests?.storage ?? '0') ?? parseQuantity('0')!;
  const newSize = parseQuantity(pvc.spec?.resources?.requests?.storage ?? '0') ?? parseQuantity('0')!;
  if (compareQuantities(newSize, oldSize) < 0) {
    // RecoverVolumeExpansionFailure is on in v1.33: a claim may shrink down to above its status capacity.
    const statusSize = parseQuantity(old.status?.capacity?.storage ?? '0') ?? parseQuantity('0')!;
    if (compareQuantities(newSize, statusSize) <= 0) errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'resources', 'requests', 'storage'), 'field can not be less than status.capacity'));
  }
  if ((pvc.spec?.volumeMode ?? null) !== (old.spec?.volumeMode ?? null)) errs.push(fieldErrors.invalid(FieldPath.of('volumeMode'), pvc.spec?.volumeMode ?? null, fieldImmutableErrorMsg));
  if ((pvc.spec?.volumeAttributesClassName ?? null) !== (old.spec?.volumeAttributesClassName ?? null)) {
    errs.push(fieldErrors.forbidden(FieldPath.of('spec', 'volumeAttributesClassName'), 'update is forbidden when the VolumeAttributesClass feature gate is disabled'));
  }
  return errs;
}

const resizeStatuses = ['ControllerResizeInProgress', 'ControllerResizeInfeasible', 'NodeResizeInProgress', 'NodeResizeInfeasible', 'NodeResizePending'];

/** ValidatePersistentVolumeClaimStatusUpdate (RecoverVolumeExpansionFailure on). */
export function validatePersistentVolumeClaimStatusUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(pvc.metadata, old.metadata);
  if (!pvc.metadata?.resourceVersion) errs.push(fieldErrors.required(FieldPath.of('resourceVersion'), ''));
  if ((pvc.spec?.accessModes ?? []).length === 0) errs.push(fieldErrors.required(FieldPath.of('Spec', 'accessModes'), ''));
  const capPath = FieldPath.of('status', 'capacity');
  for (const [r, q] of Object.entries(pvc.status?.capacity ?? {})) errs.push(...validateBasicResource(q, capPath.key(r)));
  const resizePath = FieldPath.of('status', 'allocatedResourceStatus');
  for (const [k, v] of Object.entries(pvc.status?.allocatedResourceStatuses ?? {})) {
    errs.push(...validateClaimResourceKey(k, resizePath));
    if (!resizeStatuses.includes(v)) errs.push(fieldErrors.notSupported(resizePath, k, resizeStatuses));
  }
  const allocPath = FieldPath.of('status', 'allocatedResources');
  for (const [r, q] of Object.entries(pvc.status?.allocatedResources ?? {})) {
    const keyErrs = validateClaimResourceKey(r, allocPath);
    if (keyErrs.length > 0) {
      errs.push(...keyErrs);
      continue;
    }
    const basic = validateBasicResource(q, allocPath.key(r));
    errs.push(...(basic.length > 0 ? basic : validateResourceQuantityValue('storage', q, allocPath.key(r))));
  }
  return errs;
}

/** validatePersistentVolumeClaimResourceKey. */
function validateClaimResourceKey(key: string, path: FieldPath): FieldError[] {
  const errs = invalidEach(path, key, isQualifiedNameOf(key));
  if (errs.length > 0) return errs;
  const native = !key.includes('/') || key.includes('kubernetes.io/');
  if (native && key !== 'storage') return [fieldErrors.notSupported(path, key, ['storage'])];
  return [];
}
