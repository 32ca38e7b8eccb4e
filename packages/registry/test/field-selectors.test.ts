// Field selectors each built-in kind takes, as kube's field label conversions (AddFieldLabelConversionFunc,
// DefaultMetaV1FieldSelectorConversion) take them, and the values they read (kube's GetAttrs).
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonCodec, parseFieldSelector, statusFromError, type KubeObject } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry, type Registry } from '../src/index.ts';

let registry: Registry;
beforeEach(async () => {
  const kv = createMemoryKv();
  registry = createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  await registry.lookup('', 'v1', 'namespaces')!.store.create({}, { metadata: { name: 'default' } });
});

const store = (group: string, resource: string) => registry.lookup(group, 'v1', resource)!.store;
const ctxOf = (group: string, resource: string) => (store(group, resource).info.namespaced ? { namespace: 'default' } : {});
const list = (group: string, resource: string, selector: string) => store(group, resource).list(ctxOf(group, resource), { fieldSelector: parseFieldSelector(selector) });
const refusal = async (group: string, resource: string, selector: string) => {
  try {
    await list(group, resource, selector);
  } catch (err) {
    const s = statusFromError(err);
    return `${s.code} ${s.message}`;
  }
  return 'accepted';
};

const unknown = (label: string) => `400 ${JSON.stringify(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`;
const unsupported = (label: string) => `400 field label not supported: ${label}`;

// [group, resource, selector, answer]
const cases: [string, string, string, string][] = [
  ['', 'pods', 'spec.nodeName=a,spec.restartPolicy=Always,spec.schedulerName=s,spec.serviceAccountName=x', 'accepted'],
  ['', 'pods', 'spec.hostNetwork=false,status.phase=Running,status.podIP=1.2.3.4,status.podIPs=,status.nominatedNodeName=n,spec.host=a', 'accepted'],
  ['', 'pods', 'spec.containers=x', unsupported('spec.containers')],
  ['', 'nodes', 'metadata.name=a,spec.unschedulable=true', 'accepted'],
  ['', 'nodes', 'metadata.namespace=', unsupported('metadata.namespace')],
  ['', 'namespaces', 'status.phase=Active', 'accepted'],
  ['', 'secrets', 'type=Opaque,metadata.namespace=default', 'accepted'],
  ['', 'secrets', 'data=x', unsupported('data')],
  ['', 'services', 'spec.type=NodePort,spec.clusterIP=None', 'accepted'],
  ['', 'services', 'spec.ports=x', unsupported('spec.ports')],
  ['', 'replicationcontrollers', 'status.replicas=1', 'accepted'],
  ['', 'events', 'involvedObject.kind=Pod,reason=x,reportingComponent=y,source=z,type=Normal', 'accepted'],
  ['', 'configmaps', 'data.a=b', unknown('data.a')],
  ['', 'persistentvolumes', 'name=x', unknown('name')],
  ['', 'persistentvolumeclaims', 'name=x', unknown('name')],
  ['', 'persistentvolumes', 'metadata.namespace=', 'accepted'],
  ['apps', 'deployments', 'status.replicas=1', unknown('status.replicas')],
  ['apps', 'replicasets', 'status.replicas=1', unknown('status.replicas')],
  ['batch', 'jobs', 'status.successful=1', 'accepted'],
  ['batch', 'jobs', 'status.succeeded=1', '400 field label "status.succeeded" not supported for batchv1.Job'],
  ['certificates.k8s.io', 'certificatesigningrequests', 'spec.signerName=x', 'accepted'],
  ['certificates.k8s.io', 'certificatesigningrequests', 'metadata.namespace=', unsupported('metadata.namespace')],
  ['rbac.authorization.k8s.io', 'clusterroles', 'metadata.namespace=', 'accepted'],
  ['apiextensions.k8s.io', 'customresourcedefinitions', 'spec.group=x', unknown('spec.group')],
];

describe('field labels each kind takes', () => {
  it.each(cases)('%s/%s ?fieldSelector=%s → %s', async (group, resource, selector, answer) => {
    expect(await refusal(group, resource, selector)).toBe(answer);
  });
});

describe('the values the labels read', () => {
  const names = async (group: string, resource: string, selector: string) => (await list(group, resource, selector)).items.map((o) => o.metadata!.name).sort();

  it('Secrets by type', async () => {
    const secrets = store('', 'secrets');
    await secrets.create({ namespace: 'default' }, { metadata: { name: 'plain' }, data: { a: 'Yg==' } });
    await secrets.create({ namespace: 'default' }, { metadata: { name: 'tls' }, type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } });
    expect(await names('', 'secrets', 'type=kubernetes.io/tls')).toEqual(['tls']);
    expect(await names('', 'secrets', 'type=Opaque')).toEqual(['plain']);
  });

  it('unset Go bools and counts read "false" and "0"; a label the kind does not set reads ""', async () => {
    await store('', 'nodes').create({}, { metadata: { name: 'n1' } });
    await store('', 'nodes').create({}, { metadata: { name: 'n2' }, spec: { unschedulable: true } });
    expect(await names('', 'nodes', 'spec.unschedulable=false')).toEqual(['n1']);
    expect(await names('', 'nodes', 'spec.unschedulable=true')).toEqual(['n2']);
    const pod = (name: string, spec: Record<string, unknown>): KubeObject => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } });
    await store('', 'pods').create({ namespace: 'default' }, pod('p1', { nodeName: 'n1' }));
    await store('', 'pods').create({ namespace: 'default' }, pod('p2', { hostNetwork: true }));
    expect(await names('', 'pods', 'spec.hostNetwork=false')).toEqual(['p1']);
    expect(await names('', 'pods', 'spec.host=n1')).toEqual(['p1']);
    expect(await names('', 'pods', 'status.podIPs=')).toEqual(['p1', 'p2']);
    await store('batch', 'jobs').create({ namespace: 'default' }, { metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'x' }] } } } });
    expect(await names('batch', 'jobs', 'status.successful=0')).toEqual(['j']);
  });
});
