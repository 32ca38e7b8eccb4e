// storage.k8s.io/v1 as kube-apiserver v1.33 declares, defaults and validates it (k8s.io/api
// storage/v1 types.go + generated.proto, pkg/apis/storage/v1/defaults.go,
// pkg/apis/storage/validation/validation.go).
import { describe, expect, it } from 'vitest';
import { fieldErrorString, type FieldError } from '@kapi/apimachinery';
import {
  CSIDriver,
  CSINode,
  CSIStorageCapacity,
  StorageClass,
  VolumeAttachment,
  csiDriverKind,
  csiNodeKind,
  csiStorageCapacityKind,
  storageClassKind,
  volumeAttachmentKind,
} from '../src/storage/v1/index.ts';
import { builtinKinds } from '../src/index.ts';
import { checkUpstreamTable, type UpstreamTable } from './upstream-table.ts';

const msgs = (errs: FieldError[]) => errs.map(fieldErrorString);
const group = 'storage.k8s.io';
const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, resourceVersion: '1', ...extra });

describe('declarations', () => {
  const table: UpstreamTable = {
    'io.k8s.api.storage.v1.StorageClass': [
      ['metadata', 1],
      ['provisioner', 2, 'req'],
      ['parameters', 3],
      ['reclaimPolicy', 4, 'ptr'],
      ['mountOptions', 5, 'list:atomic'],
      ['allowVolumeExpansion', 6, 'ptr'],
      ['volumeBindingMode', 7, 'ptr'],
      ['allowedTopologies', 8, 'list:atomic'],
    ],
    'io.k8s.api.core.v1.TopologySelectorTerm': [['matchLabelExpressions', 1, 'list:atomic']],
    'io.k8s.api.core.v1.TopologySelectorLabelRequirement': [
      ['key', 1, 'req'],
      ['values', 2, 'req list:atomic'],
    ],
    'io.k8s.api.storage.v1.VolumeAttachment': [
      ['metadata', 1],
      ['spec', 2, 'req'],
      ['status', 3],
    ],
    'io.k8s.api.storage.v1.VolumeAttachmentSpec': [
      ['attacher', 1, 'req'],
      ['source', 2, 'req'],
      ['nodeName', 3, 'req'],
    ],
    'io.k8s.api.storage.v1.VolumeAttachmentSource': [
      ['persistentVolumeName', 1, 'ptr'],
      ['inlineVolumeSpec', 2, 'ptr'],
    ],
    'io.k8s.api.storage.v1.VolumeAttachmentStatus': [
      ['attached', 1, 'req'],
      ['attachmentMetadata', 2],
      ['attachError', 3, 'ptr'],
      ['detachError', 4, 'ptr'],
    ],
    'io.k8s.api.storage.v1.VolumeError': [
      ['time', 1],
      ['message', 2],
      ['errorCode', 3, 'ptr'],
    ],
    'io.k8s.api.storage.v1.CSIDriver': [
      ['metadata', 1],
      ['spec', 2, 'req'],
    ],
    'io.k8s.api.storage.v1.CSIDriverSpec': [
      ['attachRequired', 1, 'ptr'],
      ['podInfoOnMount', 2, 'ptr'],
      ['volumeLifecycleModes', 3, 'list:set'],
      ['storageCapacity', 4, 'ptr'],
      ['fsGroupPolicy', 5, 'ptr'],
      ['tokenRequests', 6, 'list:atomic'],
      ['requiresRepublish', 7, 'ptr'],
      ['seLinuxMount', 8, 'ptr'],
      ['nodeAllocatableUpdatePeriodSeconds', 9, 'ptr'],
    ],
    'io.k8s.api.storage.v1.TokenRequest': [
      ['audience', 1, 'req'],
      ['expirationSeconds', 2, 'ptr'],
    ],
    'io.k8s.api.storage.v1.CSINode': [
      ['metadata', 1],
      ['spec', 2, 'req'],
    ],
    'io.k8s.api.storage.v1.CSINodeSpec': [['drivers', 1, 'req merge:name list:map:name']],
    'io.k8s.api.storage.v1.CSINodeDriver': [
      ['name', 1, 'req'],
      ['nodeID', 2, 'req'],
      ['topologyKeys', 3, 'list:atomic'],
      ['allocatable', 4, 'ptr'],
    ],
    'io.k8s.api.storage.v1.VolumeNodeResources': [['count', 1, 'ptr']],
    'io.k8s.api.storage.v1.CSIStorageCapacity': [
      ['metadata', 1],
      ['nodeTopology', 2, 'ptr'],
      ['storageClassName', 3, 'req'],
      ['capacity', 4, 'ptr'],
      ['maximumVolumeSize', 5, 'ptr'],
    ],
  };

  it('match k8s.io/api storage/v1: field order, protobuf numbers, pointers, required and list types', () => {
    checkUpstreamTable([StorageClass, VolumeAttachment, CSIDriver, CSINode, CSIStorageCapacity], table);
  });

  it('serves the five kinds with kube\'s names, scope and short names', () => {
    const kinds = builtinKinds.filter((k) => k.group === group);
    expect(kinds.map((k) => [k.kind, k.resource, k.singular, k.namespaced, k.shortNames])).toEqual([
      ['StorageClass', 'storageclasses', 'storageclass', false, ['sc']],
      ['VolumeAttachment', 'volumeattachments', 'volumeattachment', false, []],
      ['CSIDriver', 'csidrivers', 'csidriver', false, []],
      ['CSINode', 'csinodes', 'csinode', false, []],
      ['CSIStorageCapacity', 'csistoragecapacities', 'csistoragecapacity', true, []],
    ]);
  });
});

describe('defaults (SetDefaults_StorageClass, SetDefaults_CSIDriver)', () => {
  it('a StorageClass deletes its volumes and binds them at once', () => {
    const sc: StorageClass = { metadata: meta('fast'), provisioner: 'example.com/fast' };
    storageClassKind.defaults(sc);
    expect(sc).toMatchObject({ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
    const kept: StorageClass = { metadata: meta('slow'), provisioner: 'p', reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' };
    storageClassKind.defaults(kept);
    expect(kept).toMatchObject({ reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' });
  });

  it('a CSIDriver is attached, persistent, with fsGroup for RWO and no SELinux mount', () => {
    const d: CSIDriver = { metadata: meta('csi.example.com'), spec: {} };
    csiDriverKind.defaults(d);
    expect(d.spec).toEqual({
      attachRequired: true,
      podInfoOnMount: false,
      volumeLifecycleModes: ['Persistent'],
      storageCapacity: false,
      fsGroupPolicy: 'ReadWriteOnceWithFSType',
      requiresRepublish: false,
      seLinuxMount: false,
    });
  });
});

describe('StorageClass validation', () => {
  const sc = (extra: Partial<StorageClass> = {}): StorageClass => {
    const obj: StorageClass = { metadata: meta('fast'), provisioner: 'kubernetes.io/aws-ebs', ...extra };
    storageClassKind.defaults(obj);
    return obj;
  };

  it('accepts a typical class', () => {
    expect(storageClassKind.validate(sc({ parameters: { type: 'gp3' }, allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['a', 'b'] }] }] }))).toEqual([]);
  });

  const cases: [string, Partial<StorageClass>, string[]][] = [
    ['no provisioner', { provisioner: '' }, ['provisioner: Required value']],
    [
      'a provisioner that is no qualified name',
      { provisioner: 'a/b/c' },
      ["provisioner: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"],
    ],
    ['Recycle', { reclaimPolicy: 'Recycle' }, ['reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"']],
    ['an unknown binding mode', { volumeBindingMode: 'Later' }, ['volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"']],
    ['an empty parameter key', { parameters: { '': 'x' } }, ['parameters: Invalid value: "": field can not be empty.']],
    [
      'topology terms with duplicate keys and values, and twice the same term',
      {
        allowedTopologies: [
          { matchLabelExpressions: [{ key: 'zone', values: ['a', 'a'] }, { key: 'zone', values: [] }] },
          { matchLabelExpressions: [{ key: 'zone', values: [] }] },
        ],
      },
      [
        'allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: "a"',
        'allowedTopologies[0].matchLabelExpressions[1].values: Required value',
        'allowedTopologies[0].matchLabelExpressions[1].key: Duplicate value: "zone"',
        'allowedTopologies[1].matchLabelExpressions[0].values: Required value',
        'allowedTopologies[1].matchLabelExpressions: Duplicate value: ""',
      ],
    ],
  ];

  it.each(cases)('rejects %s', (_name, extra, want) => {
    expect(msgs(storageClassKind.validate(sc(extra)))).toEqual(want);
  });

  it('may not change parameters, provisioner, reclaimPolicy or volumeBindingMode', () => {
    const old = sc({ parameters: { type: 'gp3' } });
    const changed = sc({ provisioner: 'example.com/other', parameters: { type: 'io2' }, reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer' });
    expect(msgs(storageClassKind.validateUpdate(changed, old))).toEqual([
      'parameters: Forbidden: updates to parameters are forbidden.',
      'provisioner: Forbidden: updates to provisioner are forbidden.',
      'reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
      'volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable',
    ]);
    expect(storageClassKind.validateUpdate(sc({ parameters: { type: 'gp3' }, allowVolumeExpansion: true, mountOptions: ['ro'] }), old)).toEqual([]);
  });
});

describe('VolumeAttachment validation', () => {
  const va = (spec: VolumeAttachment['spec'], status?: VolumeAttachment['status']): VolumeAttachment => ({ metadata: meta('csi-123'), spec, ...(status ? { status } : {}) });
  const good = { attacher: 'csi.example.com', nodeName: 'node-1', source: { persistentVolumeName: 'pv-1' } };

  it('accepts an attachment of a persistent volume', () => {
    expect(volumeAttachmentKind.validate(va(good, { attached: true, attachmentMetadata: { dev: '/dev/xvdb' } }))).toEqual([]);
  });

  it('rejects what kube rejects', () => {
    expect(msgs(volumeAttachmentKind.validate(va({ attacher: '', nodeName: 'Node_1', source: {} })))).toEqual([
      'spec.attacher: Required value',
      'spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
      "spec.nodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.attacher: Required value',
      "spec.attacher: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
    expect(msgs(volumeAttachmentKind.validate(va({ ...good, source: { persistentVolumeName: 'pv', inlineVolumeSpec: {} } })))).toEqual([
      'spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
    ]);
    expect(msgs(volumeAttachmentKind.validate(va(good, { attached: false, attachError: { message: 'x', errorCode: -1 } })))).toEqual([
      'status.attachError.errorCode: Invalid value: -1: must be between 0 and 2147483647, inclusive',
    ]);
  });

  it('checks an inline volume spec as kube does for inline volumes (a CSI source, no capacity or claimRef)', () => {
    const inline = (spec: NonNullable<NonNullable<VolumeAttachment['spec']>['source']>['inlineVolumeSpec']) => va({ attacher: 'csi.example.com', nodeName: 'node-1', source: { inlineVolumeSpec: spec } });
    expect(volumeAttachmentKind.validate(inline({ accessModes: ['ReadWriteOnce'], csi: { driver: 'csi.example.com', volumeHandle: 'vol-1' } }))).toEqual([]);
    expect(msgs(volumeAttachmentKind.validate(inline({ capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], nfs: { server: 'nfs', path: '/x' } })))).toEqual([
      'spec.source.inlineVolumeSpec.capacity: Forbidden: may not be specified in the context of inline volumes',
      'spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes',
    ]);
  });

  it('keeps the spec immutable', () => {
    const old = va(good);
    expect(msgs(volumeAttachmentKind.validateUpdate(va({ ...good, nodeName: 'node-2' }), old))).toEqual([
      'spec: Invalid value: storage.VolumeAttachmentSpec{Attacher:"csi.example.com", Source:storage.VolumeAttachmentSource{PersistentVolumeName:(*string)(0xc000000000), InlineVolumeSpec:(*core.PersistentVolumeSpec)(nil)}, NodeName:"node-2"}: field is immutable',
    ]);
    expect(volumeAttachmentKind.validateUpdate(va(good, { attached: true }), old)).toEqual([]);
  });
});

describe('CSIDriver validation', () => {
  const driver = (spec: CSIDriver['spec'] = {}): CSIDriver => {
    const d: CSIDriver = { metadata: meta('csi.example.com'), spec };
    csiDriverKind.defaults(d);
    return d;
  };

  it('accepts a defaulted driver', () => {
    expect(csiDriverKind.validate(driver({ tokenRequests: [{ audience: 'vault' }, { audience: '', expirationSeconds: 3600 }] }))).toEqual([]);
  });

  it('rejects what kube rejects', () => {
    expect(
      msgs(
        csiDriverKind.validate(
          driver({
            fsGroupPolicy: 'Sometimes',
            volumeLifecycleModes: ['Persistent', 'Forever'],
            tokenRequests: [{ audience: 'a', expirationSeconds: 60 }, { audience: 'a' }, { audience: 'b', expirationSeconds: 2 ** 33 }],
            nodeAllocatableUpdatePeriodSeconds: 5,
          }),
        ),
      ),
    ).toEqual([
      'spec.fsGroupPolicy: Unsupported value: "Sometimes": supported values: "File", "None", "ReadWriteOnceWithFSType"',
      'spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes',
      'spec.tokenRequests[1].audience: Duplicate value: "a"',
      'spec.tokenRequests[2].expirationSeconds: Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds',
      'spec.volumeLifecycleModes: Unsupported value: "Forever": supported values: "Persistent", "Ephemeral"',
      'spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds',
    ]);
  });

  it('keeps attachRequired and volumeLifecycleModes immutable (kube\'s path says attachedRequired)', () => {
    const old = driver();
    expect(msgs(csiDriverKind.validateUpdate(driver({ attachRequired: false, volumeLifecycleModes: ['Ephemeral'] }), old))).toEqual([
      'spec.attachedRequired: Invalid value: false: field is immutable',
      'spec.volumeLifecycleModes: Invalid value: []storage.VolumeLifecycleMode{"Ephemeral"}: field is immutable',
    ]);
    expect(csiDriverKind.validateUpdate(driver({ podInfoOnMount: true, requiresRepublish: true }), old)).toEqual([]);
  });
});

describe('CSINode validation', () => {
  const node = (drivers: NonNullable<CSINode['spec']>['drivers']): CSINode => ({ metadata: meta('node-1'), spec: { drivers } });

  it('accepts the drivers of a node', () => {
    expect(csiNodeKind.validate(node([{ name: 'csi.example.com', nodeID: 'i-123', topologyKeys: ['topology.kubernetes.io/zone'], allocatable: { count: 25 } }]))).toEqual([]);
  });

  it('rejects what kube rejects', () => {
    expect(
      msgs(
        csiNodeKind.validate(
          node([
            { name: 'csi.example.com', nodeID: '', topologyKeys: ['zone', 'zone'], allocatable: { count: -1 } },
            { name: 'csi.example.com', nodeID: 'x'.repeat(257) },
          ]),
        ),
      ),
    ).toEqual([
      'spec.drivers[0].nodeID: Required value',
      'spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0',
      'spec.drivers[0]: Duplicate value: "zone"',
      `spec.drivers[1].nodeID: Invalid value: "${'x'.repeat(257)}": must be 256 characters or less`,
      'spec.drivers[1].name: Duplicate value: "csi.example.com"',
    ]);
  });

  it('lets drivers come and go, but not change', () => {
    const old = node([{ name: 'csi.example.com', nodeID: 'i-123' }]);
    expect(csiNodeKind.validateUpdate(node([{ name: 'csi.example.com', nodeID: 'i-123' }, { name: 'other.example.com', nodeID: 'n' }]), old)).toEqual([]);
    expect(msgs(csiNodeKind.validateUpdate(node([{ name: 'csi.example.com', nodeID: 'i-456' }]), old))).toEqual([
      'spec.drivers: Invalid value: storage.CSINodeDriver{Name:"csi.example.com", NodeID:"i-456", TopologyKeys:[]string(nil), Allocatable:(*storage.VolumeNodeResources)(nil)}: field is immutable',
    ]);
  });
});

describe('CSIStorageCapacity validation', () => {
  const cap = (extra: Partial<CSIStorageCapacity> = {}): CSIStorageCapacity => ({
    metadata: meta('csisc-abc', { namespace: 'kube-system' }),
    storageClassName: 'fast',
    ...extra,
  });

  it('accepts a reported capacity', () => {
    expect(csiStorageCapacityKind.validate(cap({ capacity: '100Gi', maximumVolumeSize: '10Gi', nodeTopology: { matchLabels: { zone: 'a' } } }))).toEqual([]);
  });

  it('rejects a negative capacity and a bad class name', () => {
    expect(msgs(csiStorageCapacityKind.validate(cap({ capacity: '-1Gi', storageClassName: 'Fast' })))).toEqual([
      "storageClassName: Invalid value: \"Fast\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'capacity: Invalid value: "-1Gi": must be greater than or equal to 0',
    ]);
  });

  it('keeps nodeTopology and storageClassName immutable', () => {
    const old = cap({ nodeTopology: { matchLabels: { zone: 'a' } } });
    expect(msgs(csiStorageCapacityKind.validateUpdate(cap({ nodeTopology: { matchLabels: { zone: 'b' } }, storageClassName: 'slow' }), old))).toEqual([
      'nodeTopology: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"zone":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
      'storageClassName: Invalid value: "slow": field is immutable',
    ]);
    expect(csiStorageCapacityKind.validateUpdate(cap({ nodeTopology: { matchLabels: { zone: 'a' } }, capacity: '1Ti' }), old)).toEqual([]);
  });
});
