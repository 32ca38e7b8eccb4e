// core/v1 PersistentVolume and PersistentVolumeClaim as kube-apiserver v1.33 declares, defaults and
// validates them (k8s.io/api core/v1 types.go + generated.proto, pkg/apis/core/v1/defaults.go,
// pkg/apis/core/validation/validation.go and its validation_test.go cases).
import { describe, expect, it } from 'vitest';
import { FieldPath, embeddingOf, fieldErrorString, protoMessageOf, structFields, type FieldError } from '@kapi/apimachinery';
import {
  PersistentVolume,
  PersistentVolumeClaim,
  PersistentVolumeSpec,
  persistentVolumeClaimKind,
  persistentVolumeKind,
  validatePersistentVolumeClaimStatusUpdate,
  validatePersistentVolumeSpec,
  validatePersistentVolumeStatusUpdate,
  type PersistentVolumeClaim as PVC,
  type PersistentVolume as PV,
} from '../src/core/v1/index.ts';
import { builtinKinds, coreV1Kinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.core.v1.PersistentVolume': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.core.v1.PersistentVolumeStatus': [
      ['phase', 1],
      ['message', 2],
      ['reason', 3],
      ['lastPhaseTransitionTime', 4, 'ptr'],
    ],
    'io.k8s.api.core.v1.VolumeNodeAffinity': [['required', 1, 'ptr']],
    'io.k8s.api.core.v1.GlusterfsPersistentVolumeSource': [
      ['endpoints', 1, 'req'],
      ['path', 2, 'req'],
      ['readOnly', 3],
      ['endpointsNamespace', 4, 'ptr'],
    ],
    'io.k8s.api.core.v1.RBDPersistentVolumeSource': [
      ['monitors', 1, 'req list:atomic'],
      ['image', 2, 'req'],
      ['fsType', 3],
      ['pool', 4],
      ['user', 5],
      ['keyring', 6],
      ['secretRef', 7, 'ptr'],
      ['readOnly', 8],
    ],
    'io.k8s.api.core.v1.ISCSIPersistentVolumeSource': [
      ['targetPortal', 1, 'req'],
      ['iqn', 2, 'req'],
      ['lun', 3, 'req'],
      ['iscsiInterface', 4],
      ['fsType', 5],
      ['readOnly', 6],
      ['portals', 7, 'list:atomic'],
      ['chapAuthDiscovery', 8],
      ['chapAuthSession', 11],
      ['secretRef', 10, 'ptr'],
      ['initiatorName', 12, 'ptr'],
    ],
    'io.k8s.api.core.v1.CSIPersistentVolumeSource': [
      ['driver', 1, 'req'],
      ['volumeHandle', 2, 'req'],
      ['readOnly', 3],
      ['fsType', 4],
      ['volumeAttributes', 5],
      ['controllerPublishSecretRef', 6, 'ptr'],
      ['nodeStageSecretRef', 7, 'ptr'],
      ['nodePublishSecretRef', 8, 'ptr'],
      ['controllerExpandSecretRef', 9, 'ptr'],
      ['nodeExpandSecretRef', 10, 'ptr'],
    ],
    'io.k8s.api.core.v1.ScaleIOPersistentVolumeSource': [
      ['gateway', 1, 'req'],
      ['system', 2, 'req'],
      ['secretRef', 3, 'req ptr'],
      ['sslEnabled', 4],
      ['protectionDomain', 5],
      ['storagePool', 6],
      ['storageMode', 7],
      ['volumeName', 8],
      ['fsType', 9],
      ['readOnly', 10],
    ],
    'io.k8s.api.core.v1.LocalVolumeSource': [
      ['path', 1, 'req'],
      ['fsType', 2, 'ptr'],
    ],
    'io.k8s.api.core.v1.PersistentVolumeClaim': [
      ['metadata', 1],
      ['spec', 2],
      ['status', 3],
    ],
    'io.k8s.api.core.v1.PersistentVolumeClaimStatus': [
      ['phase', 1],
      ['accessModes', 2, 'list:atomic'],
      ['capacity', 3],
      ['conditions', 4, 'merge:type list:map:type'],
      ['allocatedResources', 5],
      ['allocatedResourceStatuses', 7, 'map:granular'],
      ['currentVolumeAttributesClassName', 8, 'ptr'],
      ['modifyVolumeStatus', 9, 'ptr'],
    ],
  };

  it('match k8s.io/api core/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([PersistentVolume, PersistentVolumeClaim], table);
  });

  it('keep the persistent volume source inline in JSON and in protobuf field 2 of the spec', () => {
    const inline = structFields(PersistentVolumeSpec).filter((f) => embeddingOf(f.type) !== undefined).map((f) => f.name);
    expect(inline).toContain('csi');
    expect(inline).toContain('hostPath');
    expect(inline).toHaveLength(22);
    const fields = protoMessageOf(PersistentVolumeSpec).fields;
    const list = typeof fields === 'function' ? fields() : fields;
    expect(list.map((f) => [f.name, f.no])).toEqual([
      ['capacity', 1],
      ['persistentVolumeSource', 2],
      ['accessModes', 3],
      ['claimRef', 4],
      ['persistentVolumeReclaimPolicy', 5],
      ['storageClassName', 6],
      ['mountOptions', 7],
      ['volumeMode', 8],
      ['nodeAffinity', 9],
      ['volumeAttributesClassName', 10],
    ]);
  });

  it('serve persistentvolumes (pv, cluster-scoped) and persistentvolumeclaims (pvc), outside coreV1Kinds', () => {
    const pick = (k: typeof persistentVolumeKind | typeof persistentVolumeClaimKind) => [k.resource, k.singular, k.shortNames, k.namespaced, k.categories];
    expect(pick(persistentVolumeKind)).toEqual(['persistentvolumes', 'persistentvolume', ['pv'], false, []]);
    expect(pick(persistentVolumeClaimKind)).toEqual(['persistentvolumeclaims', 'persistentvolumeclaim', ['pvc'], true, []]);
    expect(builtinKinds).toContain(persistentVolumeKind);
    expect(coreV1Kinds).not.toContain(persistentVolumeKind);
  });
});

const hostPathPV = (): PV => ({
  metadata: { name: 'pv1', resourceVersion: '1' },
  spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } },
});

describe('PersistentVolume', () => {
  it('defaults the reclaim policy to Retain, the volume mode to Filesystem, the phase to Pending and an unset host path type to ""', () => {
    const pv = hostPathPV();
    persistentVolumeKind.defaults(pv);
    expect(pv.spec).toEqual({
      capacity: { storage: '10Gi' },
      accessModes: ['ReadWriteOnce'],
      hostPath: { path: '/data', type: '' },
      persistentVolumeReclaimPolicy: 'Retain',
      volumeMode: 'Filesystem',
    });
    expect(pv.status).toEqual({ phase: 'Pending' });
    const kept: PV = { spec: { persistentVolumeReclaimPolicy: 'Delete', volumeMode: 'Block' }, status: { phase: 'Bound' } };
    persistentVolumeKind.defaults(kept);
    expect([kept.spec?.persistentVolumeReclaimPolicy, kept.spec?.volumeMode, kept.status?.phase]).toEqual(['Delete', 'Block', 'Bound']);
  });

  it('accepts a typical volume', () => {
    const pv = hostPathPV();
    persistentVolumeKind.defaults(pv);
    expect(msgs(persistentVolumeKind.validate(pv))).toEqual([]);
  });

  const cases: [string, (pv: PV) => void, string[]][] = [
    ['no access modes', (pv) => delete pv.spec!.accessModes, ['spec.accessModes: Required value']],
    [
      'an unknown access mode',
      (pv) => (pv.spec!.accessModes = ['fakemode']),
      ['spec.accessModes: Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"'],
    ],
    ['ReadWriteOncePod with another mode', (pv) => (pv.spec!.accessModes = ['ReadWriteOncePod', 'ReadWriteMany']), ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']],
    [
      'no capacity',
      (pv) => delete pv.spec!.capacity,
      ['spec.capacity: Required value', 'spec.capacity: Unsupported value: {}: supported values: "storage"'],
    ],
    ['a zero capacity', (pv) => (pv.spec!.capacity = { storage: '0' }), ['spec.capacity[storage]: Invalid value: "0": must be greater than zero']],
    [
      'an unknown reclaim policy',
      (pv) => (pv.spec!.persistentVolumeReclaimPolicy = 'fakeReclaimPolicy'),
      ['spec.persistentVolumeReclaimPolicy: Unsupported value: "fakeReclaimPolicy": supported values: "Delete", "Recycle", "Retain"'],
    ],
    ['no source', (pv) => delete pv.spec!.hostPath, ['spec: Required value: must specify a volume type']],
    ['two sources', (pv) => (pv.spec!.gcePersistentDisk = { pdName: 'foo' }), ['spec.gcePersistentDisk: Forbidden: may not specify more than 1 volume type']],
    [
      'recycling a host path of /',
      (pv) => {
        pv.spec!.hostPath = { path: '/a/..' };
        pv.spec!.persistentVolumeReclaimPolicy = 'Recycle';
      },
      ['spec.hostPath.path: Invalid value: "/a/..": must not contain \'..\'', "spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'"],
    ],
    ['a bad storage class', (pv) => (pv.spec!.storageClassName = '-invalid-'), [
      'spec.storageClassName: Invalid value: "-invalid-": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    ]],
    ['an unknown volume mode', (pv) => (pv.spec!.volumeMode = 'fakeVolumeMode'), ['spec.volumeMode: Unsupported value: "fakeVolumeMode": supported values: "Block", "Filesystem"']],
    [
      'a local volume without node affinity',
      (pv) => {
        delete pv.spec!.hostPath;
        pv.spec!.local = { path: '/foo' };
      },
      ['spec.nodeAffinity: Required value: Local volume requires node affinity'],
    ],
    [
      'node affinity without required terms',
      (pv) => (pv.spec!.nodeAffinity = {}),
      ['spec.nodeAffinity.required: Required value: must specify required node constraints'],
    ],
    [
      'node affinity with no terms',
      (pv) => (pv.spec!.nodeAffinity = { required: { nodeSelectorTerms: [] } }),
      ['spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term'],
    ],
    [
      'a CSI volume without a handle and with a bad secret reference',
      (pv) => {
        delete pv.spec!.hostPath;
        pv.spec!.csi = { driver: 'test-driver', nodePublishSecretRef: { name: 'foo' } };
      },
      ['spec.csi.volumeHandle: Required value', 'spec.csi.nodePublishSecretRef.namespace: Required value'],
    ],
    [
      'an NFS path that is not absolute',
      (pv) => {
        delete pv.spec!.hostPath;
        pv.spec!.nfs = { server: 'host', path: 'relative' };
      },
      ['spec.nfs.path: Invalid value: "relative": must be an absolute path'],
    ],
    [
      'a GCE disk without a name (reported at persistentDisk, as upstream)',
      (pv) => {
        delete pv.spec!.hostPath;
        pv.spec!.gcePersistentDisk = { pdName: '', partition: 256 };
      },
      ['spec.persistentDisk.pdName: Required value', 'spec.persistentDisk.partition: Invalid value: 256: must be between 1 and 255, inclusive'],
    ],
    ['a namespace', (pv) => (pv.metadata!.namespace = 'ns'), ['metadata.namespace: Forbidden: not allowed on this type']],
  ];

  it.each(cases)('rejects %s', (_, mutate, want) => {
    const pv = hostPathPV();
    persistentVolumeKind.defaults(pv);
    mutate(pv);
    expect(msgs(persistentVolumeKind.validate(pv))).toEqual(want);
  });

  it('accepts a local volume with node affinity', () => {
    const pv = hostPathPV();
    delete pv.spec!.hostPath;
    pv.spec!.local = { path: '/mnt/disks/ssd1' };
    pv.spec!.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-1'] }] }] } };
    expect(msgs(persistentVolumeKind.validate(pv))).toEqual([]);
  });

  it('keeps the source and the volume mode immutable; reports the create rules twice as kube does', () => {
    const old = hostPathPV();
    persistentVolumeKind.defaults(old);
    old.metadata!.resourceVersion = '1';
    const next = structuredClone(old);
    next.spec!.hostPath = { path: '/other', type: '' };
    next.spec!.volumeMode = 'Block';
    const got = msgs(persistentVolumeKind.validateUpdate(next, old));
    expect(got[0]).toBe('spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation\n  spec.hostPath.path: "/data" -> "/other"');
    expect(got[1]).toBe('volumeMode: Invalid value: "Block": field is immutable');
    const capacity = structuredClone(old);
    capacity.spec!.capacity = { storage: '0' };
    expect(msgs(persistentVolumeKind.validateUpdate(capacity, old))).toEqual([
      'spec.capacity[storage]: Invalid value: "0": must be greater than zero',
      'spec.capacity[storage]: Invalid value: "0": must be greater than zero',
    ]);
  });

  it('lets a CSI volume gain a controllerExpandSecretRef', () => {
    const old = hostPathPV();
    delete old.spec!.hostPath;
    old.spec!.csi = { driver: 'csi.example.com', volumeHandle: 'h' };
    const next = structuredClone(old);
    next.spec!.csi!.controllerExpandSecretRef = { name: 's', namespace: 'ns' };
    expect(msgs(persistentVolumeKind.validateUpdate(next, old))).toEqual([]);
  });

  it('validates the inline spec a VolumeAttachment carries (validateInlinePersistentVolumeSpec)', () => {
    const spec = { accessModes: ['ReadWriteOnce'], csi: { driver: 'csi.example.com', volumeHandle: 'h' } };
    expect(msgs(validatePersistentVolumeSpec(spec, FieldPath.of('spec', 'source', 'inlineVolumeSpec'), { inline: true }))).toEqual([]);
    const bad = { ...spec, capacity: { storage: '1Gi' }, claimRef: { name: 'c' }, persistentVolumeReclaimPolicy: 'Delete', storageClassName: 'fast', volumeMode: 'Block' };
    expect(msgs(validatePersistentVolumeSpec(bad, FieldPath.of('spec'), { inline: true }))).toEqual([
      'spec.claimRef: Forbidden: may not be specified in the context of inline volumes',
      'spec.capacity: Forbidden: may not be specified in the context of inline volumes',
      'spec.persistentVolumeReclaimPolicy: Forbidden: may only be Retain in the context of inline volumes',
      'spec.storageClassName: Forbidden: may not be specified in the context of inline volumes',
      'spec.volumeMode: Forbidden: may not specify volumeMode other than Filesystem in the context of inline volumes',
    ]);
    expect(msgs(validatePersistentVolumeSpec({ accessModes: ['ReadWriteOnce'], nfs: { server: 's', path: '/p' } }, FieldPath.of('spec'), { inline: true }))).toEqual([
      'spec.csi: Required value: has to be specified in the context of inline volumes',
    ]);
  });

  it('status updates check metadata and need a resourceVersion', () => {
    const pv = hostPathPV();
    delete pv.metadata!.resourceVersion;
    expect(msgs(validatePersistentVolumeStatusUpdate(pv, pv))).toEqual(['metadata.resourceVersion: Invalid value: "": must be specified for an update', 'resourceVersion: Required value']);
  });
});

const claim = (): PVC => ({
  metadata: { name: 'claim', namespace: 'ns', resourceVersion: '1' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10G' } } },
});

describe('PersistentVolumeClaim', () => {
  it('defaults the phase to Pending and the volume mode to Filesystem', () => {
    const pvc = claim();
    persistentVolumeClaimKind.defaults(pvc);
    expect(pvc.status).toEqual({ phase: 'Pending' });
    expect(pvc.spec?.volumeMode).toBe('Filesystem');
    expect(msgs(persistentVolumeClaimKind.validate(pvc))).toEqual([]);
  });

  const cases: [string, (pvc: PVC) => void, string[]][] = [
    ['no access modes', (c) => delete c.spec!.accessModes, ['spec.accessModes: Required value: at least 1 access mode is required']],
    ['no storage request', (c) => (c.spec!.resources = {}), ['spec.resources[storage]: Required value']],
    ['a negative storage request', (c) => (c.spec!.resources = { requests: { storage: '-10G' } }), ['spec.resources[storage]: Invalid value: "-10G": must be greater than zero']],
    [
      'a selector with a bad operator',
      (c) => (c.spec!.selector = { matchExpressions: [{ key: 'key2', operator: 'InvalidOp', values: ['value1'] }] }),
      ['spec.selector.matchExpressions[0].operator: Invalid value: "InvalidOp": not a valid selector operator'],
    ],
    [
      'an In requirement without values',
      (c) => (c.spec!.selector = { matchExpressions: [{ key: 'key2', operator: 'In' }] }),
      ["spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"],
    ],
    [
      'a data source of another kind in the core group',
      (c) => (c.spec!.dataSource = { kind: 'Pod', name: 'p' }),
      ["spec.dataSource: Invalid value: \"Pod\": must be 'PersistentVolumeClaim' when referencing the default apiGroup"],
    ],
    [
      'a data source that differs from the data source ref',
      (c) => {
        c.spec!.dataSource = { kind: 'PersistentVolumeClaim', name: 'a' };
        c.spec!.dataSourceRef = { kind: 'PersistentVolumeClaim', name: 'b' };
      },
      ['spec: Invalid value: spec.dataSource: must match dataSourceRef'],
    ],
  ];

  it.each(cases)('rejects %s', (_, mutate, want) => {
    const pvc = claim();
    persistentVolumeClaimKind.defaults(pvc);
    mutate(pvc);
    expect(msgs(persistentVolumeClaimKind.validate(pvc))).toEqual(want);
  });

  it('lets volumeName be set once, grows storage, and keeps the rest of the spec', () => {
    const old = claim();
    persistentVolumeClaimKind.defaults(old);
    const bind = structuredClone(old);
    bind.spec!.volumeName = 'pv1';
    expect(msgs(persistentVolumeClaimKind.validateUpdate(bind, old))).toEqual([]);
    const grow = structuredClone(old);
    grow.spec!.resources = { requests: { storage: '20G' } };
    expect(msgs(persistentVolumeClaimKind.validateUpdate(grow, old))).toEqual([
      'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n  spec.resources.requests.storage: "10G" -> "20G"',
    ]);
    grow.status = { phase: 'Bound' };
    expect(msgs(persistentVolumeClaimKind.validateUpdate(grow, old))).toEqual([]);
    const modes = structuredClone(old);
    modes.spec!.accessModes = ['ReadOnlyMany'];
    expect(msgs(persistentVolumeClaimKind.validateUpdate(modes, old))[0]).toMatch(/^spec: Forbidden: spec is immutable after creation/);
  });

  it('may not shrink below the capacity in status', () => {
    const old = claim();
    persistentVolumeClaimKind.defaults(old);
    old.status = { phase: 'Bound', capacity: { storage: '10G' } };
    const shrink = structuredClone(old);
    shrink.spec!.resources = { requests: { storage: '5G' } };
    expect(msgs(persistentVolumeClaimKind.validateUpdate(shrink, old))).toEqual(['spec.resources.requests.storage: Forbidden: field can not be less than status.capacity']);
  });

  it('status updates need a resourceVersion and access modes', () => {
    const pvc = claim();
    delete pvc.spec!.accessModes;
    expect(msgs(validatePersistentVolumeClaimStatusUpdate(pvc, pvc))).toEqual(['Spec.accessModes: Required value']);
    delete pvc.metadata!.resourceVersion;
    expect(msgs(validatePersistentVolumeClaimStatusUpdate(pvc, pvc))).toEqual([
      'metadata.resourceVersion: Invalid value: "": must be specified for an update',
      'resourceVersion: Required value',
      'Spec.accessModes: Required value',
    ]);
  });
});
