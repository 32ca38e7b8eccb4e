// Behaviour of k8s.io/kubernetes pkg/apis/core/validation/validation.go (v1.33): ValidateVolumes,
// validateVolumeSource (one source per volume) with the rules of the common sources (emptyDir,
// hostPath, secret, configMap, persistentVolumeClaim, nfs, downwardAPI, projected), and the
// volume mounts and devices of containers. The rules of the other (mostly deprecated) sources are
// not ported yet.
import { FieldPath, fieldErrors, type FieldError } from '@kapi/apimachinery';
import type { Container } from './container.ts';
import type { KeyToPath } from './projected-volumes.ts';
import type { Volume } from './volume.ts';
import { validateObjectFieldSelector } from './env-validation.ts';
import {
  fileModeErrorMsg,
  notSupported,
  validateDNS1123Label,
  validateLocalDescendingPath,
  validateLocalNonReservedPath,
  validatePathNoBacksteps,
} from './validation-helpers.ts';

/** The JSON names of VolumeSource's members, in validateVolumeSource's order. */
const sourceOrder = [
  'emptyDir',
  'hostPath',
  'gitRepo',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'flocker',
  'persistentVolumeClaim',
  'rbd',
  'cinder',
  'cephfs',
  'quobyte',
  'downwardAPI',
  'fc',
  'flexVolume',
  'configMap',
  'azureFile',
  'vsphereVolume',
  'photonPersistentDisk',
  'portworxVolume',
  'azureDisk',
  'storageos',
  'projected',
  'scaleIO',
  'csi',
  'ephemeral',
  'image',
] as const;

// Upstream reports a second source of these kinds under a different path element.
const forbiddenPathOf: Partial<Record<(typeof sourceOrder)[number], string>> = { cephfs: 'cephFS', downwardAPI: 'downwarAPI' };

const hostPathTypes = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
const volumeFieldPaths = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

function validateMode(mode: number | undefined, path: FieldPath): FieldError[] {
  return mode != null && (mode > 0o777 || mode < 0) ? [fieldErrors.invalid(path, mode, fileModeErrorMsg)] : [];
}

function validateKeyToPath(kp: KeyToPath, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!kp.key) errs.push(fieldErrors.required(path.child('key'), ''));
  if (!kp.path) errs.push(fieldErrors.required(path.child('path'), ''));
  errs.push(...validateLocalNonReservedPath(kp.path ?? '', path.child('path')));
  errs.push(...validateMode(kp.mode, path.child('mode')));
  return errs;
}

function validateItems(items: readonly KeyToPath[] | undefined, path: FieldPath): FieldError[] {
  return (items ?? []).flatMap((kp, i) => validateKeyToPath(kp, path.index(i)));
}

/** The rules of the sources ported so far; the others are accepted as they are. */
function validateSource(v: Volume, kind: (typeof sourceOrder)[number], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  switch (kind) {
    case 'hostPath': {
      const hp = v.hostPath!;
      if (!hp.path) return [fieldErrors.required(path.child('path'), '')];
      errs.push(...validatePathNoBacksteps(hp.path, path.child('path')));
      if (hp.type != null && !hostPathTypes.includes(hp.type)) errs.push(notSupported(path.child('type'), hp.type, hostPathTypes));
      break;
    }
    case 'gitRepo':
      if (!v.gitRepo!.repository) errs.push(fieldErrors.required(path.child('repository'), ''));
      errs.push(...validateLocalDescendingPath(v.gitRepo!.directory ?? '', path.child('directory')));
      break;
    case 'secret':
      if (!v.secret!.secretName) errs.push(fieldErrors.required(path.child('secretName'), ''));
      errs.push(...validateMode(v.secret!.defaultMode, path.child('defaultMode')));
      errs.push(...validateItems(v.secret!.items, path.child('items')));
      break;
    case 'configMap':
      if (!v.configMap!.name) errs.push(fieldErrors.required(path.child('name'), ''));
      errs.push(...validateMode(v.configMap!.defaultMode, path.child('defaultMode')));
      errs.push(...validateItems(v.configMap!.items, path.child('items')));
      break;
    case 'persistentVolumeClaim':
      if (!v.persistentVolumeClaim!.claimName) errs.push(fieldErrors.required(path.child('claimName'), ''));
      break;
    case 'nfs': {
      const nfs = v.nfs!;
      if (!nfs.server) errs.push(fieldErrors.required(path.child('server'), ''));
      if (!nfs.path) errs.push(fieldErrors.required(path.child('path'), ''));
      if (!(nfs.path ?? '').startsWith('/')) errs.push(fieldErrors.invalid(path.child('path'), nfs.path ?? '', 'must be an absolute path'));
      break;
    }
    case 'downwardAPI': {
      const d = v.downwardAPI!;
      errs.push(...validateMode(d.defaultMode, path.child('defaultMode')));
      // Upstream validates each file at the source's path, not the item's.
      for (const file of d.items ?? []) {
        if (!file.path) errs.push(fieldErrors.required(path.child('path'), ''));
        errs.push(...validateLocalNonReservedPath(file.path ?? '', path.child('path')));
        if (file.fieldRef) {
          errs.push(...validateObjectFieldSelector(file.fieldRef, volumeFieldPaths, path.child('fieldRef')));
          if (file.resourceFieldRef) errs.push(fieldErrors.invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
        } else if (file.resourceFieldRef) {
          if (!file.resourceFieldRef.containerName) errs.push(fieldErrors.required(path.child('resourceFieldRef', 'containerName'), ''));
        } else {
          errs.push(fieldErrors.required(path, 'one of fieldRef and resourceFieldRef is required'));
        }
        errs.push(...validateMode(file.mode, path.child('mode')));
      }
      break;
    }
    case 'projected': {
      const pr = v.projected!;
      (pr.sources ?? []).forEach((s, i) => {
        const sp = path.child('sources').index(i);
        let n = 0;
        if (s.secret) {
          n++;
          if (!s.secret.name) errs.push(fieldErrors.required(sp.child('secret', 'name'), ''));
          errs.push(...validateItems(s.secret.items, sp.child('secret', 'items')));
        }
        if (s.configMap) {
          n++;
          if (!s.configMap.name) errs.push(fieldErrors.required(sp.child('configMap', 'name'), ''));
          errs.push(...validateItems(s.configMap.items, sp.child('configMap', 'items')));
        }
        if (s.downwardAPI) n++;
        if (s.serviceAccountToken) {
          n++;
          if (!s.serviceAccountToken.path) errs.push(fieldErrors.required(sp.child('serviceAccountToken', 'path'), ''));
        }
        if (s.clusterTrustBundle) n++;
        if (n > 1) errs.push(fieldErrors.forbidden(sp, 'may not specify more than 1 volume type per source'));
      });
      errs.push(...validateMode(pr.defaultMode, path.child('defaultMode')));
      break;
    }
    case 'emptyDir': {
      const limit = v.emptyDir!.sizeLimit;
      if (limit != null && String(limit).trim().startsWith('-')) {
        errs.push(fieldErrors.forbidden(path.child('sizeLimit'), 'SizeLimit field must be a valid resource quantity'));
      }
      break;
    }
    default:
      break;
  }
  return errs;
}

function validateVolumeSource(v: Volume, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  const record = v as Record<string, unknown>;
  for (const kind of sourceOrder) {
    if (record[kind] == null) continue;
    if (n > 0) {
      errs.push(fieldErrors.forbidden(path.child(forbiddenPathOf[kind] ?? kind), 'may not specify more than 1 volume type'));
      continue;
    }
    n++;
    errs.push(...validateSource(v, kind, path.child(kind)));
  }
  if (n === 0) errs.push(fieldErrors.required(path, 'must specify a volume type'));
  return errs;
}

/** ValidateVolumes: the volumes by name (only the valid ones, as upstream) and the errors. */
export function validateVolumes(volumes: readonly Volume[] | undefined, path: FieldPath): { byName: Map<string, Volume>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const byName = new Map<string, Volume>();
  (volumes ?? []).forEach((v, i) => {
    const p = path.index(i);
    const name = v.name ?? '';
    const el = validateVolumeSource(v, p);
    if (name === '') el.push(fieldErrors.required(p.child('name'), ''));
    else el.push(...validateDNS1123Label(name, p.child('name')));
    if (byName.has(name)) el.push(fieldErrors.duplicate(p.child('name'), name));
    if (el.length === 0) byName.set(name, v);
    else errs.push(...el);
  });
  return { byName, errs };
}

/** ValidateVolumeMounts */
export function validateVolumeMounts(c: Container, volumes: ReadonlyMap<string, Volume>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const devices = new Map((c.volumeDevices ?? []).map((d) => [d.name ?? '', d.devicePath ?? '']));
  const devicePaths = new Set(devices.values());
  const mountPoints = new Set<string>();
  (c.volumeMounts ?? []).forEach((m, i) => {
    const p = path.index(i);
    const name = m.name ?? '';
    const mountPath = m.mountPath ?? '';
    if (name === '') errs.push(fieldErrors.required(p.child('name'), ''));
    if (!volumes.has(name)) errs.push(fieldErrors.notFound(p.child('name'), name));
    if (mountPath === '') errs.push(fieldErrors.required(p.child('mountPath'), ''));
    if (mountPoints.has(mountPath)) errs.push(fieldErrors.invalid(p.child('mountPath'), mountPath, 'must be unique'));
    mountPoints.add(mountPath);
    if (devices.has(name)) errs.push(fieldErrors.invalid(p.child('name'), name, 'must not already exist in volumeDevices'));
    if (devicePaths.has(mountPath)) errs.push(fieldErrors.invalid(p.child('mountPath'), mountPath, 'must not already exist as a path in volumeDevices'));
    if (volumes.get(name)?.image) {
      if (m.subPath) errs.push(fieldErrors.invalid(p.child('subPath'), m.subPath, 'not allowed in image volume sources'));
      if (m.subPathExpr) errs.push(fieldErrors.invalid(p.child('subPathExpr'), m.subPathExpr, 'not allowed in image volume sources'));
    }
    // Upstream reports the subPath problems at the list's path.
    if (m.subPath) errs.push(...validateLocalDescendingPath(m.subPath, path.child('subPath')));
    if (m.subPathExpr) {
      if (m.subPath) errs.push(fieldErrors.invalid(p.child('subPathExpr'), m.subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      errs.push(...validateLocalDescendingPath(m.subPathExpr, path.child('subPathExpr')));
    }
    if (m.mountPropagation != null) {
      const valid = ['Bidirectional', 'HostToContainer', 'None'];
      if (!valid.includes(m.mountPropagation)) errs.push(notSupported(path.child('mountPropagation'), m.mountPropagation, valid));
      else if (m.mountPropagation === 'Bidirectional' && c.securityContext?.privileged !== true) {
        errs.push(fieldErrors.forbidden(path.child('mountPropagation'), 'Bidirectional mount propagation is available only to privileged containers'));
      }
    }
  });
  return errs;
}

/** ValidateVolumeDevices */
export function validateVolumeDevices(c: Container, volumes: ReadonlyMap<string, Volume>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const mounts = new Map((c.volumeMounts ?? []).map((m) => [m.name ?? '', m.mountPath ?? '']));
  const mountPaths = new Set(mounts.values());
  const paths = new Set<string>();
  const names = new Set<string>();
  (c.volumeDevices ?? []).forEach((d, i) => {
    const p = path.index(i);
    const name = d.name ?? '';
    const devicePath = d.devicePath ?? '';
    const source = volumes.get(name);
    const isPVC = source?.persistentVolumeClaim != null || source?.ephemeral != null;
    if (name === '') errs.push(fieldErrors.required(p.child('name'), ''));
    if (names.has(name)) errs.push(fieldErrors.invalid(p.child('name'), name, 'must be unique'));
    if (source && !isPVC) errs.push(fieldErrors.invalid(p.child('name'), name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    if (!source) errs.push(fieldErrors.notFound(p.child('name'), name));
    if (devicePath === '') errs.push(fieldErrors.required(p.child('devicePath'), ''));
    if (paths.has(devicePath)) errs.push(fieldErrors.invalid(p.child('devicePath'), devicePath, 'must be unique'));
    if (devicePath !== '' && devicePath.split('/').includes('..')) errs.push(fieldErrors.invalid(p.child('devicePath'), devicePath, "can not contain backsteps ('..')"));
    else paths.add(devicePath);
    if (mounts.has(name)) errs.push(fieldErrors.invalid(p.child('name'), name, 'must not already exist in volumeMounts'));
    if (mountPaths.has(devicePath)) errs.push(fieldErrors.invalid(p.child('devicePath'), devicePath, 'must not already exist as a path in volumeMounts'));
    if (name !== '') names.add(name);
  });
  return errs;
}
