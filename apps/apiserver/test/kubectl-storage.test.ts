// storage.k8s.io/v1 and node.k8s.io/v1 with kubectl against `kapi serve` (issue 13): every kind
// created from YAML with kube's defaults and printed with kube's columns (the default StorageClass
// marked), immutable fields refused with kube's messages, VolumeAttachment status written through
// its subresource, and StorageClasses applied server-side.
import { describe, expect, it } from 'vitest';
import { kubectlPath, tableRows, useKapiServe } from './kubectl.ts';

if (!kubectlPath) console.warn('kubectl is not on PATH: the storage kubectl tests are skipped');

const group = 'storage.k8s.io';
const verbs = 'create,delete,deletecollection,get,list,patch,update,watch';
const age = expect.stringMatching(/^\d+s$/);

const rows = tableRows;

const classes = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: rancher.io/local-path
parameters:
  nodePath: /opt/local-path
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast
provisioner: ebs.csi.aws.com
reclaimPolicy: Retain
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
mountOptions: [noatime]
allowedTopologies:
- matchLabelExpressions:
  - key: topology.kubernetes.io/zone
    values: [eu-west-1a, eu-west-1b]
`;

const csi = `apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: ebs.csi.aws.com
spec:
  tokenRequests:
  - audience: sts.amazonaws.com
---
apiVersion: storage.k8s.io/v1
kind: CSINode
metadata:
  name: node-1
spec:
  drivers:
  - name: ebs.csi.aws.com
    nodeID: i-0123456789
    topologyKeys: [topology.kubernetes.io/zone]
    allocatable:
      count: 25
---
apiVersion: storage.k8s.io/v1
kind: VolumeAttachment
metadata:
  name: csi-0a1b2c
spec:
  attacher: ebs.csi.aws.com
  nodeName: node-1
  source:
    persistentVolumeName: pvc-42
---
apiVersion: storage.k8s.io/v1
kind: CSIStorageCapacity
metadata:
  name: csisc-zone-a
  namespace: default
storageClassName: fast
capacity: 100Gi
nodeTopology:
  matchLabels:
    topology.kubernetes.io/zone: eu-west-1a
`;

const runtimeClass = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
overhead:
  podFixed:
    cpu: 250m
    memory: 64Mi
scheduling:
  nodeSelector:
    sandbox.example.com/gvisor: "true"
`;

describe.skipIf(!kubectlPath)('storage.k8s.io and node.k8s.io with kubectl against kapi serve', () => {
  const fx = useKapiServe('storage');
  const { k, file } = fx;
  const getJson = async (...args: string[]) => JSON.parse((await k('get', ...args, '-o', 'json')).stdout);


  it('discovers the five storage resources and runtimeclasses with kube\'s scope and short names', async () => {
    const got = await k('api-resources', `--api-group=${group}`, '-o', 'wide');
    expect(got.stderr).toBe('');
    expect(rows(got.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['csidrivers', `${group}/v1`, 'false', 'CSIDriver', verbs],
      ['csinodes', `${group}/v1`, 'false', 'CSINode', verbs],
      ['csistoragecapacities', `${group}/v1`, 'true', 'CSIStorageCapacity', verbs],
      ['storageclasses', 'sc', `${group}/v1`, 'false', 'StorageClass', verbs],
      ['volumeattachments', `${group}/v1`, 'false', 'VolumeAttachment', verbs],
    ]);
    const node = await k('api-resources', '--api-group=node.k8s.io', '-o', 'wide');
    expect(rows(node.stdout)).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS', 'CATEGORIES'],
      ['runtimeclasses', 'node.k8s.io/v1', 'false', 'RuntimeClass', verbs],
    ]);
  });

  it('creates StorageClasses with kube\'s defaults and marks the default class', async () => {
    const made = await k('create', '-f', file('sc.yaml', classes));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual([`storageclass.${group}/standard created`, `storageclass.${group}/fast created`]);
    const sc = await getJson('sc', 'standard');
    expect(sc).toMatchObject({ provisioner: 'rancher.io/local-path', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
    const got = rows((await k('get', 'storageclasses', '-o', 'wide')).stdout);
    expect(got).toEqual([
      ['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION', 'AGE'],
      ['fast', 'ebs.csi.aws.com', 'Retain', 'WaitForFirstConsumer', 'true', age],
      ['standard (default)', 'rancher.io/local-path', 'Delete', 'Immediate', 'false', age],
    ]);
  });

  it('refuses changes to what a StorageClass fixes, with kube\'s messages', async () => {
    const params = await k('patch', 'sc', 'standard', '--type=merge', '-p', '{"parameters":{"nodePath":"/mnt"},"reclaimPolicy":"Retain"}');
    expect(params.code).not.toBe(0);
    expect(params.stderr.trim()).toBe(
      'The StorageClass "standard" is invalid: \n' +
        '* parameters: Forbidden: updates to parameters are forbidden.\n' +
        '* reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden.',
    );
    const bad = await k('create', '-f', file('bad-sc.yaml', 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: bad}\nprovisioner: example.com/x\nreclaimPolicy: Recycle\n'));
    expect(bad.stderr.trim()).toBe('The StorageClass "bad" is invalid: reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"');
    const expand = await k('patch', 'sc', 'standard', '--type=merge', '-p', '{"allowVolumeExpansion":true}');
    expect(expand.stdout.trim()).toBe(`storageclass.${group}/standard patched`);
  });

  it('creates the CSI kinds with kube\'s defaults and prints their columns', async () => {
    const made = await k('create', '-f', file('csi.yaml', csi));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim().split('\n')).toEqual([
      `csidriver.${group}/ebs.csi.aws.com created`,
      `csinode.${group}/node-1 created`,
      `volumeattachment.${group}/csi-0a1b2c created`,
      `csistoragecapacity.${group}/csisc-zone-a created`,
    ]);
    const driver = await getJson('csidriver', 'ebs.csi.aws.com');
    // kube's CSIDriver strategy sets no generation on create; a spec change starts it at 1.
    expect(driver.metadata.generation).toBeUndefined();
    expect(driver.spec).toEqual({
      attachRequired: true,
      podInfoOnMount: false,
      volumeLifecycleModes: ['Persistent'],
      storageCapacity: false,
      fsGroupPolicy: 'ReadWriteOnceWithFSType',
      tokenRequests: [{ audience: 'sts.amazonaws.com' }],
      requiresRepublish: false,
      seLinuxMount: false,
    });
    expect(rows((await k('get', 'csidrivers')).stdout)).toEqual([
      ['NAME', 'ATTACHREQUIRED', 'PODINFOONMOUNT', 'STORAGECAPACITY', 'TOKENREQUESTS', 'REQUIRESREPUBLISH', 'MODES', 'AGE'],
      ['ebs.csi.aws.com', 'true', 'false', 'false', 'sts.amazonaws.com', 'false', 'Persistent', age],
    ]);
    expect(rows((await k('get', 'csinodes')).stdout)).toEqual([
      ['NAME', 'DRIVERS', 'AGE'],
      ['node-1', '1', age],
    ]);
    expect(rows((await k('get', 'csistoragecapacities', '-n', 'default')).stdout)).toEqual([
      ['NAME', 'STORAGECLASSNAME', 'CAPACITY'],
      ['csisc-zone-a', 'fast', '100Gi'],
    ]);
    const va = await getJson('volumeattachment', 'csi-0a1b2c');
    expect(va.status).toEqual({ attached: false });
    expect(rows((await k('get', 'volumeattachments')).stdout)).toEqual([
      ['NAME', 'ATTACHER', 'PV', 'NODE', 'ATTACHED', 'AGE'],
      ['csi-0a1b2c', 'ebs.csi.aws.com', 'pvc-42', 'node-1', 'false', age],
    ]);
  });

  it('keeps a VolumeAttachment\'s spec and a CSIDriver\'s attachRequired immutable', async () => {
    const spec = await k('patch', 'volumeattachment', 'csi-0a1b2c', '--type=merge', '-p', '{"spec":{"nodeName":"node-2"}}');
    expect(spec.code).not.toBe(0);
    expect(spec.stderr.trim()).toBe(
      'The VolumeAttachment "csi-0a1b2c" is invalid: spec: Invalid value: storage.VolumeAttachmentSpec{Attacher:"ebs.csi.aws.com", Source:storage.VolumeAttachmentSource{PersistentVolumeName:(*string)(0xc000000000), InlineVolumeSpec:(*core.PersistentVolumeSpec)(nil)}, NodeName:"node-2"}: field is immutable',
    );
    const attach = await k('patch', 'csidriver', 'ebs.csi.aws.com', '--type=merge', '-p', '{"spec":{"attachRequired":false}}');
    expect(attach.stderr.trim()).toBe('The CSIDriver "ebs.csi.aws.com" is invalid: spec.attachedRequired: Invalid value: false: field is immutable');
    const republish = await k('patch', 'csidriver', 'ebs.csi.aws.com', '--type=merge', '-p', '{"spec":{"requiresRepublish":true}}');
    expect(republish.stderr).toBe('');
    expect((await getJson('csidriver', 'ebs.csi.aws.com')).metadata.generation).toBe(1);
  });

  it('writes a VolumeAttachment\'s status through its subresource only', async () => {
    const main = await k('patch', 'volumeattachment', 'csi-0a1b2c', '--type=merge', '-p', '{"status":{"attached":true}}');
    expect(main.stderr).toBe('');
    expect((await getJson('volumeattachment', 'csi-0a1b2c')).status).toEqual({ attached: false });
    const status = await k(
      'patch',
      'volumeattachment',
      'csi-0a1b2c',
      '--subresource=status',
      '--type=merge',
      '-p',
      '{"metadata":{"labels":{"x":"y"}},"status":{"attached":true,"attachmentMetadata":{"devicePath":"/dev/xvdba"}}}',
    );
    expect(status.stderr).toBe('');
    const va = await getJson('volumeattachment', 'csi-0a1b2c');
    expect(va.status).toEqual({ attached: true, attachmentMetadata: { devicePath: '/dev/xvdba' } });
    expect(va.metadata.labels).toBeUndefined();
    expect(rows((await k('get', 'volumeattachments')).stdout)[1]).toEqual(['csi-0a1b2c', 'ebs.csi.aws.com', 'pvc-42', 'node-1', 'true', age]);
  });

  it('creates RuntimeClasses, prints NAME HANDLER AGE, and keeps the handler immutable', async () => {
    const made = await k('create', '-f', file('rc.yaml', runtimeClass));
    expect(made.stderr).toBe('');
    expect(made.stdout.trim()).toBe('runtimeclass.node.k8s.io/gvisor created');
    expect(rows((await k('get', 'runtimeclasses')).stdout)).toEqual([
      ['NAME', 'HANDLER', 'AGE'],
      ['gvisor', 'runsc', age],
    ]);
    const handler = await k('patch', 'runtimeclass', 'gvisor', '--type=merge', '-p', '{"handler":"kata"}');
    expect(handler.stderr.trim()).toBe('The RuntimeClass "gvisor" is invalid: handler: Invalid value: "kata": field is immutable');
    const bad = await k('create', '-f', file('bad-rc.yaml', runtimeClass.replace('name: gvisor', 'name: bad').replace('handler: runsc', 'handler: run.sc')));
    expect(bad.stderr.trim()).toBe('The RuntimeClass "bad" is invalid: handler: Invalid value: "run.sc": must not contain dots');
  });

  it('applies a StorageClass and a RuntimeClass server-side, twice', async () => {
    const text = `${classes.split('---\n')[1]!.replace('name: fast', 'name: ssa-class')}---\n${runtimeClass.replace('name: gvisor', 'name: ssa-runtime')}`;
    const path = file('ssa.yaml', text);
    for (let i = 0; i < 2; i++) {
      const applied = await k('apply', '--server-side', '-f', path);
      expect(applied.stderr).toBe('');
      expect(applied.stdout.trim().split('\n')).toEqual([`storageclass.${group}/ssa-class serverside-applied`, 'runtimeclass.node.k8s.io/ssa-runtime serverside-applied']);
    }
    const sc = await getJson('sc', 'ssa-class', '--show-managed-fields');
    expect(sc.metadata.managedFields.map((e: { manager: string; operation: string }) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply']);
    expect(sc.allowedTopologies).toEqual([{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['eu-west-1a', 'eu-west-1b'] }] }]);
  });
});
