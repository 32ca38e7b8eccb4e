// Behaviour of k8s.io/kubernetes pkg/apis/storage/validation/validation.go, pkg/apis/storage/v1
// defaults.go and the core helpers they call (ValidateCSIDriverName, ValidateTopologySelectorTerm,
// ValidateNonnegativeQuantity) (v1.33, feature gates at their defaults: SELinuxMountReadWriteOncePod
// on, MutableCSINodeAllocatableCount off).
import {
  FieldPath,
  fieldErrors,
  fieldImmutableErrorMsg,
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  protoMessageOf,
  quote,
  validateLabelName,
  type FieldError,
} from '@kapi/apimachinery';
import type { PersistentVolumeSpec } from '../../core/v1/persistent-volume.ts';
import { validatePersistentVolumeSpec } from '../../core/v1/persistent-volume-validation.ts';
import { parseQuantity, signOf } from '../../core/v1/quantity.ts';
import { inclusiveRangeError, isNegativeErrorMsg, validateCoreObjectMeta, validateCoreObjectMetaUpdate } from '../../core/v1/validation-helpers.ts';
import { goLabelSelector, invalidGo, semanticEqual, validateLabelSelector, validateNonnegative } from '../../workloads/validation.ts';
import { LabelSelector } from '../../meta/v1/label-selector.ts';
import {
  CSINodeDriver as CSINodeDriverStruct,
  VolumeAttachmentSpec as VolumeAttachmentSpecStruct,
  type CSIDriver,
  type CSIDriverSpec,
  type CSINode,
  type CSINodeDriver,
  type CSIStorageCapacity,
  type StorageClass,
  type TopologySelectorTerm,
  type VolumeAttachment,
  type VolumeError,
} from './types.ts';

const byteLength = (s: string) => Buffer.byteLength(s);

// --- Defaults --------------------------------------------------------------------------------

/** SetDefaults_StorageClass: reclaimPolicy Delete, volumeBindingMode Immediate. */
export function defaultStorageClass(sc: StorageClass): void {
  sc.reclaimPolicy ??= 'Delete';
  sc.volumeBindingMode ??= 'Immediate';
}

/** SetDefaults_CSIDriver (SELinuxMountReadWriteOncePod on). */
export function defaultCSIDriver(d: CSIDriver): void {
  const spec = (d.spec ??= {});
  spec.attachRequired ??= true;
  spec.podInfoOnMount ??= false;
  spec.storageCapacity ??= false;
  spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
  if ((spec.volumeLifecycleModes ?? []).length === 0) spec.volumeLifecycleModes = ['Persistent'];
  spec.requiresRepublish ??= false;
  spec.seLinuxMount ??= false;
}

// --- Shared helpers --------------------------------------------------------------------------

/** ValidateQualifiedName. */
function validateQualifiedName(value: string, path: FieldPath): FieldError[] {
  return isQualifiedName(value).map((msg) => fieldErrors.invalid(path, value, msg));
}

/** core ValidateCSIDriverName: required, at most 63 bytes, a DNS subdomain once lower-cased. */
export function validateCSIDriverName(name: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (name === '') errs.push(fieldErrors.required(path, ''));
  if (byteLength(name) > 63) errs.push(fieldErrors.tooLong(path, name, 63));
  for (const msg of isDNS1123Subdomain(name.toLowerCase())) errs.push(fieldErrors.invalid(path, name, msg));
  return errs;
}

// --- StorageClass ----------------------------------------------------------------------------

function validateProvisioner(provisioner: string, path: FieldPath): FieldError[] {
  if (provisioner === '') return [fieldErrors.required(path, '')];
  return validateQualifiedName(provisioner.toLowerCase(), path);
}

function validateParameters(params: Readonly<Record<string, string>> | undefined, path: FieldPath): FieldError[] {
  const entries = Object.entries(params ?? {});
  if (entries.length > 512) return [fieldErrors.tooLong(path, '', 512)];
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of entries) {
    if (k === '') errs.push(fieldErrors.invalid(path, k, 'field can not be empty.'));
    size += byteLength(k) + byteLength(v);
  }
  if (size > 256 * 1024) errs.push(fieldErrors.tooLong(path, '', 256 * 1024));
  return errs;
}

/** ValidateTopologySelectorTerm: the values of each requirement (as a set by key) and its errors. */
function validateTopologySelectorTerm(term: TopologySelectorTerm, path: FieldPath): { keys: Map<string, Set<string>>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const keys = new Map<string, Set<string>>();
  (term.matchLabelExpressions ?? []).forEach((req, i) => {
    const at = path.child('matchLabelExpressions').index(i);
    const values = new Set<string>();
    const list = req.values ?? [];
    if (list.length === 0) errs.push(fieldErrors.required(at.child('values'), ''));
    list.forEach((v, j) => {
      if (values.has(v)) errs.push(fieldErrors.duplicate(at.child('values').index(j), v));
      values.add(v);
    });
    const key = req.key ?? '';
    errs.push(...validateLabelName(key, at.child('key')));
    if (keys.has(key)) errs.push(fieldErrors.duplicate(at.child('key'), key));
    keys.set(key, values);
  });
  return { keys, errs };
}

const sameKeySets = (a: Map<string, Set<string>>, b: Map<string, Set<string>>) =>
  a.size === b.size && [...a].every(([k, v]) => b.has(k) && b.get(k)!.size === v.size && [...v].every((x) => b.get(k)!.has(x)));

/**
 * validateAllowedTopologies. Upstream compares each term with the terms before it in a slice made
 * with len(topologies) nil maps up front, so an empty term also counts as a duplicate once per
 * term (Semantic.DeepEqual treats nil and empty maps alike); kapi keeps that.
 */
function validateAllowedTopologies(terms: readonly TopologySelectorTerm[] | undefined, path: FieldPath): FieldError[] {
  const list = terms ?? [];
  const errs: FieldError[] = [];
  const seen: Map<string, Set<string>>[] = list.map(() => new Map());
  list.forEach((term, i) => {
    const { keys, errs: termErrs } = validateTopologySelectorTerm(term, path.index(i));
    errs.push(...termErrs);
    for (const other of seen) if (sameKeySets(keys, other)) errs.push(fieldErrors.duplicate(path.index(i).child('matchLabelExpressions'), ''));
    seen.push(keys);
  });
  return errs;
}

/** ValidateStorageClass. */
export function validateStorageClass(sc: StorageClass): FieldError[] {
  const errs = validateCoreObjectMeta(sc.metadata, false, nameIsDNSSubdomain);
  errs.push(...validateProvisioner(sc.provisioner ?? '', FieldPath.of('provisioner')));
  errs.push(...validateParameters(sc.parameters, FieldPath.of('parameters')));
  const reclaim = sc.reclaimPolicy ?? '';
  if (reclaim !== '' && reclaim !== 'Delete' && reclaim !== 'Retain') errs.push(fieldErrors.notSupported('reclaimPolicy', reclaim, ['Delete', 'Retain']));
  const mode = sc.volumeBindingMode;
  if (mode === undefined) errs.push(fieldErrors.required('volumeBindingMode', ''));
  else if (mode !== 'Immediate' && mode !== 'WaitForFirstConsumer') errs.push(fieldErrors.notSupported('volumeBindingMode', mode, ['Immediate', 'WaitForFirstConsumer']));
  errs.push(...validateAllowedTopologies(sc.allowedTopologies, FieldPath.of('allowedTopologies')));
  return errs;
}

const sameStringMap = (a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined) => {
  // reflect.DeepEqual: a nil map differs from an empty one.
  if (a === undefined || b === undefined) return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && a[k] === b[k]);
};

/** The strategy's ValidateUpdate: ValidateStorageClass, then ValidateStorageClassUpdate (parameters, provisioner, reclaimPolicy and volumeBindingMode are immutable). */
export function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): FieldError[] {
  const errs = validateStorageClass(sc);
  errs.push(...validateCoreObjectMetaUpdate(sc.metadata, old.metadata));
  if (!sameStringMap(sc.parameters, old.parameters)) errs.push(fieldErrors.forbidden('parameters', 'updates to parameters are forbidden.'));
  if ((sc.provisioner ?? '') !== (old.provisioner ?? '')) errs.push(fieldErrors.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if ((sc.reclaimPolicy ?? '') !== (old.reclaimPolicy ?? '')) errs.push(fieldErrors.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  if (sc.volumeBindingMode !== old.volumeBindingMode) errs.push(fieldErrors.invalid('volumeBindingMode', sc.volumeBindingMode ?? 'null', fieldImmutableErrorMsg));
  return errs;
}

// --- VolumeAttachment ------------------------------------------------------------------------

function validateVolumeError(e: VolumeError | undefined, path: FieldPath): FieldError[] {
  if (e === undefined) return [];
  const errs: FieldError[] = [];
  // Upstream reports the metadata limit (256 KiB) while checking 1024 bytes.
  if (byteLength(e.message ?? '') > 1024) errs.push(fieldErrors.tooLong(path.child('message'), '', 256 * 1024));
  if (e.errorCode !== undefined && e.errorCode < 0) errs.push(fieldErrors.invalid(path.child('errorCode'), e.errorCode, inclusiveRangeError(0, 2147483647)));
  return errs;
}

/**
 * ValidatePersistentVolumeSpec with validateInlinePersistentVolumeSpec: no claimRef, no capacity, a
 * CSI source; then the rules of a stored volume except the capacity ones (checked here against a
 * copy that has a valid capacity, the only part the inline flag skips).
 */
function validateInlineVolumeSpec(spec: PersistentVolumeSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const msg = 'may not be specified in the context of inline volumes';
  if (spec.claimRef !== undefined) errs.push(fieldErrors.forbidden(path.child('claimRef'), msg));
  if (Object.keys(spec.capacity ?? {}).length !== 0) errs.push(fieldErrors.forbidden(path.child('capacity'), msg));
  if (spec.csi === undefined) errs.push(fieldErrors.required(path.child('csi'), 'has to be specified in the context of inline volumes'));
  errs.push(...validatePersistentVolumeSpec({ ...spec, capacity: { storage: '1' } }, path));
  return errs;
}

/** ValidateVolumeAttachment (v1 and v1beta1 alike). */
function validateVolumeAttachmentCommon(va: VolumeAttachment): FieldError[] {
  const errs = validateCoreObjectMeta(va.metadata, false, nameIsDNSSubdomain);
  const spec = va.spec ?? {};
  const at = FieldPath.of('spec');
  if ((spec.attacher ?? '') === '') errs.push(fieldErrors.required(at.child('attacher'), ''));
  const source = spec.source ?? {};
  const src = at.child('source');
  const msg = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';
  if (source.inlineVolumeSpec === undefined && source.persistentVolumeName === undefined) errs.push(fieldErrors.required(src, msg));
  else if (source.inlineVolumeSpec !== undefined && source.persistentVolumeName !== undefined) errs.push(fieldErrors.forbidden(src, msg));
  else if (source.persistentVolumeName !== undefined) {
    if (source.persistentVolumeName === '') errs.push(fieldErrors.required(src.child('persistentVolumeName'), 'must specify non empty persistentVolumeName'));
  } else if (source.inlineVolumeSpec !== undefined) errs.push(...validateInlineVolumeSpec(source.inlineVolumeSpec, src.child('inlineVolumeSpec')));
  const nodeName = spec.nodeName ?? '';
  for (const m of nameIsDNSSubdomain(nodeName, false)) errs.push(fieldErrors.invalid(at.child('nodeName'), nodeName, m));
  const status = va.status ?? {};
  let size = 0;
  for (const [k, v] of Object.entries(status.attachmentMetadata ?? {})) size += byteLength(k) + byteLength(v);
  if (size > 256 * 1024) errs.push(fieldErrors.tooLong(FieldPath.of('status', 'attachmentMetadata'), '', 256 * 1024));
  errs.push(...validateVolumeError(status.attachError, FieldPath.of('status', 'attachError')));
  errs.push(...validateVolumeError(status.detachError, FieldPath.of('status', 'detachError')));
  return errs;
}

/** The strategy's Validate: ValidateVolumeAttachment, then ValidateVolumeAttachmentV1 (a CSI driver name for the attacher, a PV name). */
export function validateVolumeAttachment(va: VolumeAttachment): FieldError[] {
  const errs = validateVolumeAttachmentCommon(va);
  errs.push(...validateCSIDriverName(va.spec?.attacher ?? '', FieldPath.of('spec', 'attacher')));
  const pv = va.spec?.source?.persistentVolumeName;
  if (pv !== undefined) for (const m of nameIsDNSSubdomain(pv, false)) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'source', 'persistentVolumeName'), pv, m));
  return errs;
}

const vaSpecMessage = protoMessageOf(VolumeAttachmentSpecStruct);

/** %#v of a storage.VolumeAttachmentSpec. */
function goVolumeAttachmentSpec(spec: NonNullable<VolumeAttachment['spec']>): string {
  const src = spec.source ?? {};
  const pv = src.persistentVolumeName !== undefined ? '(*string)(0xc000000000)' : '(*string)(nil)';
  const inline = src.inlineVolumeSpec !== undefined ? '(*core.PersistentVolumeSpec)(0xc000000000)' : '(*core.PersistentVolumeSpec)(nil)';
  return `storage.VolumeAttachmentSpec{Attacher:${quote(spec.attacher ?? '')}, Source:storage.VolumeAttachmentSource{PersistentVolumeName:${pv}, InlineVolumeSpec:${inline}}, NodeName:${quote(spec.nodeName ?? '')}}`;
}

/**
 * The generic registry's metadata checks, then the strategy's ValidateUpdate: ValidateVolumeAttachment,
 * then ValidateVolumeAttachmentUpdate (which runs ValidateVolumeAttachment again; the spec is immutable).
 */
export function validateVolumeAttachmentUpdate(va: VolumeAttachment, old: VolumeAttachment): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(va.metadata, old.metadata);
  errs.push(...validateVolumeAttachmentCommon(va), ...validateVolumeAttachmentCommon(va));
  if (!semanticEqual(vaSpecMessage, va.spec, old.spec)) errs.push(invalidGo('spec', goVolumeAttachmentSpec(va.spec ?? {}), fieldImmutableErrorMsg));
  return errs;
}

// --- CSIDriver -------------------------------------------------------------------------------

const fsGroupPolicies = ['File', 'None', 'ReadWriteOnceWithFSType'];

function validateCSIDriverSpec(spec: CSIDriverSpec, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  // kube's path says attachedRequired.
  if (spec.attachRequired === undefined) errs.push(fieldErrors.required(path.child('attachedRequired'), ''));
  if (spec.podInfoOnMount === undefined) errs.push(fieldErrors.required(path.child('podInfoOnMount'), ''));
  if (spec.storageCapacity === undefined) errs.push(fieldErrors.required(path.child('storageCapacity'), ''));
  if (spec.fsGroupPolicy !== undefined && !fsGroupPolicies.includes(spec.fsGroupPolicy)) errs.push(fieldErrors.notSupported(path.child('fsGroupPolicy'), spec.fsGroupPolicy, fsGroupPolicies));
  const audiences = new Set<string>();
  (spec.tokenRequests ?? []).forEach((tr, i) => {
    const at = path.child('tokenRequests').index(i);
    const audience = tr.audience ?? '';
    if (audiences.has(audience)) {
      errs.push(fieldErrors.duplicate(at.child('audience'), audience));
      return;
    }
    audiences.add(audience);
    const exp = tr.expirationSeconds;
    if (exp === undefined) return;
    if (exp < 600) errs.push(fieldErrors.invalid(at.child('expirationSeconds'), exp, 'may not specify a duration less than 10 minutes'));
    if (exp > 2 ** 32) errs.push(fieldErrors.invalid(at.child('expirationSeconds'), exp, 'may not specify a duration larger than 2^32 seconds'));
  });
  for (const mode of spec.volumeLifecycleModes ?? []) {
    if (mode !== 'Persistent' && mode !== 'Ephemeral') errs.push(fieldErrors.notSupported(path.child('volumeLifecycleModes'), mode, ['Persistent', 'Ephemeral']));
  }
  if (spec.seLinuxMount === undefined) errs.push(fieldErrors.required(path.child('seLinuxMount'), ''));
  const period = spec.nodeAllocatableUpdatePeriodSeconds;
  if (period !== undefined && period < 10) errs.push(fieldErrors.invalid(path.child('nodeAllocatableUpdatePeriodSeconds'), period, 'must be greater than or equal to 10 seconds'));
  return errs;
}

/** ValidateCSIDriver: a DNS-subdomain name and the spec. */
export function validateCSIDriver(d: CSIDriver): FieldError[] {
  return [...validateCoreObjectMeta(d.metadata, false, nameIsDNSSubdomain), ...validateCSIDriverSpec(d.spec ?? {}, FieldPath.of('spec'))];
}

const goModes = (modes: readonly string[] | undefined) => (modes === undefined ? '[]storage.VolumeLifecycleMode(nil)' : `[]storage.VolumeLifecycleMode{${modes.map(quote).join(', ')}}`);

/** ValidateCSIDriverUpdate: metadata, the spec, and immutable attachRequired and volumeLifecycleModes. */
export function validateCSIDriverUpdate(d: CSIDriver, old: CSIDriver): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(d.metadata, old.metadata);
  errs.push(...validateCSIDriverSpec(d.spec ?? {}, FieldPath.of('spec')));
  const attach = d.spec?.attachRequired;
  if (attach !== old.spec?.attachRequired) errs.push(fieldErrors.invalid(FieldPath.of('spec', 'attachedRequired'), attach ?? 'null', fieldImmutableErrorMsg));
  const modes = d.spec?.volumeLifecycleModes;
  const oldModes = old.spec?.volumeLifecycleModes;
  // apiequality.Semantic.DeepEqual: nil and empty slices alike.
  if (JSON.stringify(modes ?? []) !== JSON.stringify(oldModes ?? [])) {
    errs.push(invalidGo(FieldPath.of('spec', 'volumeLifecycleModes'), goModes(modes), fieldImmutableErrorMsg));
  }
  return errs;
}

// --- CSINode ---------------------------------------------------------------------------------

const csiNodeIDMaxLength = 256; // AllowLongNodeID, as the strategy always sets it

function validateCSINodeDriver(driver: CSINodeDriver, names: Set<string>, path: FieldPath): FieldError[] {
  const name = driver.name ?? '';
  const errs = validateCSIDriverName(name, path.child('name'));
  const nodeID = driver.nodeID ?? '';
  if (nodeID === '') errs.push(fieldErrors.required(path.child('nodeID'), ''));
  if (byteLength(nodeID) > csiNodeIDMaxLength) errs.push(fieldErrors.invalid(path.child('nodeID'), nodeID, `must be ${csiNodeIDMaxLength} characters or less`));
  const count = driver.allocatable?.count;
  if (count !== undefined) errs.push(...validateNonnegative(count, path.child('allocatable', 'count')));
  if (names.has(name)) errs.push(fieldErrors.duplicate(path.child('name'), name));
  names.add(name);
  const keys = new Set<string>();
  for (const key of driver.topologyKeys ?? []) {
    if (key === '') errs.push(fieldErrors.required(path, ''));
    if (keys.has(key)) errs.push(fieldErrors.duplicate(path, key));
    keys.add(key);
    errs.push(...validateQualifiedName(key, path));
  }
  return errs;
}

/** ValidateCSINode: names are DNS subdomains (node names), each driver valid and listed once. */
export function validateCSINode(node: CSINode): FieldError[] {
  const errs = validateCoreObjectMeta(node.metadata, false, nameIsDNSSubdomain);
  const names = new Set<string>();
  (node.spec?.drivers ?? []).forEach((d, i) => errs.push(...validateCSINodeDriver(d, names, FieldPath.of('spec', 'drivers').index(i))));
  return errs;
}

const csiNodeDriverMessage = protoMessageOf(CSINodeDriverStruct);

/** %#v of a storage.CSINodeDriver. */
function goCSINodeDriver(d: CSINodeDriver): string {
  const keys = d.topologyKeys === undefined ? '[]string(nil)' : `[]string{${d.topologyKeys.map(quote).join(', ')}}`;
  const alloc = d.allocatable !== undefined ? '(*storage.VolumeNodeResources)(0xc000000000)' : '(*storage.VolumeNodeResources)(nil)';
  return `storage.CSINodeDriver{Name:${quote(d.name ?? '')}, NodeID:${quote(d.nodeID ?? '')}, TopologyKeys:${keys}, Allocatable:${alloc}}`;
}

/**
 * The generic registry's metadata checks, then the strategy's ValidateUpdate: ValidateCSINode, then
 * ValidateCSINodeUpdate (ValidateCSINode again; a driver already listed may not change).
 */
export function validateCSINodeUpdate(node: CSINode, old: CSINode): FieldError[] {
  const errs = validateCoreObjectMetaUpdate(node.metadata, old.metadata);
  errs.push(...validateCSINode(node), ...validateCSINode(node));
  for (const o of old.spec?.drivers ?? []) {
    for (const n of node.spec?.drivers ?? []) {
      if ((o.name ?? '') !== (n.name ?? '')) continue;
      if (!semanticEqual(csiNodeDriverMessage, n, o)) errs.push(invalidGo(FieldPath.of('spec', 'drivers'), goCSINodeDriver(n), fieldImmutableErrorMsg));
    }
  }
  return errs;
}

// --- CSIStorageCapacity ----------------------------------------------------------------------

/** ValidateCSIStorageCapacity. */
export function validateCSIStorageCapacity(c: CSIStorageCapacity, allowInvalidLabelValue = false): FieldError[] {
  const errs = validateCoreObjectMeta(c.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateLabelSelector(c.nodeTopology, FieldPath.of('nodeTopology'), allowInvalidLabelValue));
  const cls = c.storageClassName ?? '';
  for (const m of nameIsDNSSubdomain(cls, false)) errs.push(fieldErrors.invalid('storageClassName', cls, m));
  if (c.capacity !== undefined) {
    const q = parseQuantity(c.capacity);
    if (q && signOf(q) < 0) errs.push(fieldErrors.invalid('capacity', String(c.capacity), isNegativeErrorMsg));
  }
  return errs;
}

const labelSelectorMessage = protoMessageOf(LabelSelector);

/**
 * The strategy's ValidateUpdate: ValidateCSIStorageCapacity (bad label values allowed when the old
 * selector had them), then ValidateCSIStorageCapacityUpdate (metadata; nodeTopology and
 * storageClassName are immutable).
 */
export function validateCSIStorageCapacityUpdate(c: CSIStorageCapacity, old: CSIStorageCapacity): FieldError[] {
  const allow = old.nodeTopology !== undefined && validateLabelSelector(old.nodeTopology, FieldPath.of('')).length > 0;
  const errs = validateCSIStorageCapacity(c, allow);
  errs.push(...validateCoreObjectMetaUpdate(c.metadata, old.metadata));
  const sameTopology = c.nodeTopology === undefined || old.nodeTopology === undefined ? c.nodeTopology === old.nodeTopology : semanticEqual(labelSelectorMessage, c.nodeTopology, old.nodeTopology);
  if (!sameTopology) {
    errs.push(
      c.nodeTopology === undefined
        ? fieldErrors.invalid('nodeTopology', 'null', fieldImmutableErrorMsg)
        : invalidGo('nodeTopology', goLabelSelector(c.nodeTopology), fieldImmutableErrorMsg),
    );
  }
  if ((c.storageClassName ?? '') !== (old.storageClassName ?? '')) errs.push(fieldErrors.invalid('storageClassName', c.storageClassName ?? '', fieldImmutableErrorMsg));
  return errs;
}
