// kube's REST tester (@kapi/registry/testing) over every resource the registry serves, each with the
// valid object and the storage key of kube's etcd storage test data (test/fixtures).
import { describe, expect, it } from 'vitest';
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { applyMergePatch } from '@kapi/patch';
import { createStore } from '@kapi/storage';
import { createMemoryKv } from '@kapi/storage/testing';
import { createBuiltinRegistry } from '../src/index.ts';
import { runRESTTester } from '../src/testing/index.ts';
import { etcdStorageData } from './fixtures/etcd-storage-data.ts';

const namespace = 'etcdstoragepathtestnamespace';
const data = etcdStorageData(namespace);
const keyOf = (g: string, v: string, r: string) => `${g}/${v}/${r}`;

function fresh() {
  const kv = createMemoryKv();
  // As kube's registry tests, without garbage collection (no GC finalizers on delete).
  return { kv, registry: createBuiltinRegistry(() => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }), [], { garbageCollection: false }) };
}

const served = fresh().registry.resources;
/** Resources kept in storage: the ones kube's storage test data covers. */
const stored = served.filter((e) => e.store.verbs.includes('get') && e.store.verbs.includes('create'));

/** Kinds that do not delete at once: a namespace (the namespace controller finalizes it), a CRD (its cleanup finalizer). */
const gracefully = new Set(['/v1/namespaces', 'apiextensions.k8s.io/v1/customresourcedefinitions']);
/** kube's stores with ReturnDeletedObject. */
const returnsDeleted = new Set([
  '/v1/namespaces',
  '/v1/pods',
  '/v1/services',
  '/v1/serviceaccounts',
  '/v1/persistentvolumes',
  '/v1/persistentvolumeclaims',
  '/v1/podtemplates',
  '/v1/resourcequotas',
  'storage.k8s.io/v1/storageclasses',
  'storage.k8s.io/v1/volumeattachments',
  'storage.k8s.io/v1/csidrivers',
  'storage.k8s.io/v1/csinodes',
]);
/**
 * kube applies its MutatedStubs with server-side apply; as a plain update these ones are not valid
 * (a Pod's or Job's template is immutable, a StatefulSet's selector too, a VolumeAttachment's spec,
 * a CRD's group; a Service turned ClusterIP keeps its node ports): the update cases change a label only.
 */
const mutatedByApplyOnly = new Set([
  '/v1/pods',
  '/v1/services',
  // A claim's spec changes only once it is bound; an RC's selector must keep matching its template.
  '/v1/persistentvolumeclaims',
  '/v1/replicationcontrollers',
  'apps/v1/statefulsets',
  'batch/v1/jobs',
  'storage.k8s.io/v1/volumeattachments',
  'apiextensions.k8s.io/v1/customresourcedefinitions',
]);

/** Kinds whose names are tied to their content. */
const naming: Record<string, { name: (base: string) => string; fitName: (obj: KubeObject, name: string) => void }> = {
  'apiextensions.k8s.io/v1/customresourcedefinitions': {
    name: (base) => `${base}s.webconsole2.operator.openshift.io`,
    fitName: (obj, name) => {
      const plural = name.split('.')[0]!;
      const names = (obj.spec as { names: Record<string, string> }).names;
      Object.assign(names, { plural, singular: plural.slice(0, -1), kind: `K${plural.slice(0, -1)}` });
    },
  },
  'apiregistration.k8s.io/v1/apiservices': {
    name: (base) => `v${base.replace(/[^a-z0-9]/g, '')}.foo.com`,
    fitName: (obj, name) => Object.assign(obj.spec as object, { version: name.split('.')[0], group: 'foo.com' }),
  },
  'networking.k8s.io/v1/ipaddresses': {
    // A distinct IP per case name.
    name: (base) => `192.168.${[...base].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 250, 7)}.${base.length + 1}`,
    fitName: () => {},
  },
};

/**
 * Kinds whose names cannot come from generateName: a CRD's is its plural and group, an APIService's
 * its version and group, and an IPAddress takes generateName as its name (it must be an IP).
 */
const noGeneratedNames = new Set(['apiextensions.k8s.io/v1/customresourcedefinitions', 'apiregistration.k8s.io/v1/apiservices', 'networking.k8s.io/v1/ipaddresses']);

/** What a create allocates at random: a Service's cluster IPs and node ports. */
const volatile: Record<string, (obj: KubeObject) => void> = {
  '/v1/services': (obj) => {
    const spec = obj.spec as { clusterIP?: string; clusterIPs?: string[]; ports?: { nodePort?: number }[] };
    delete spec.clusterIP;
    delete spec.clusterIPs;
    for (const p of spec.ports ?? []) delete p.nodePort;
  },
};

describe('kube\'s etcd storage test data', () => {
  it('has an object for every stored resource kapi serves', () => {
    const missing = stored.map((e) => keyOf(e.info.group, e.info.version, e.info.resource)).filter((k) => !(k in data));
    expect(missing).toEqual([]);
  });

  it.each(stored.filter((e) => keyOf(e.info.group, e.info.version, e.info.resource) in data).map((e) => [keyOf(e.info.group, e.info.version, e.info.resource), e] as const))(
    '%s is stored under kube\'s key, as kube\'s kind',
    async (key, e) => {
      const d = data[key]!;
      const { kv, registry } = fresh();
      const entry = registry.lookup(e.info.group, e.info.version, e.info.resource)!;
      await entry.store.create(e.info.namespaced ? { namespace } : {}, JSON.parse(d.stub) as KubeObject);
      const got = await kv.range(d.expectedEtcdPath);
      expect(got.kvs.map((x) => x.key)).toEqual([d.expectedEtcdPath]);
      const storedObj = JSON.parse(Buffer.from(got.kvs[0]!.value).toString('utf8')) as KubeObject;
      const want = d.expectedGVK ?? `${e.info.group}/${e.info.version}/${e.info.kind}`;
      const [group, version, kind] = want.split('/');
      expect(`${storedObj.apiVersion}/${storedObj.kind}`).toBe(`${group ? `${group}/` : ''}${version}/${kind}`);
    },
  );
});

for (const e of stored) {
  const key = keyOf(e.info.group, e.info.version, e.info.resource);
  const d = data[key];
  if (!d) continue;
  runRESTTester({
    registry: () => fresh().registry,
    group: e.info.group,
    version: e.info.version,
    resource: e.info.resource,
    namespace,
    valid: (ns) => JSON.parse(etcdStorageData(ns)[key]!.stub) as KubeObject,
    ...(d.mutated && d.mutated !== '{}' && !mutatedByApplyOnly.has(key) ? { update: (obj: KubeObject) => Object.assign(obj, applyMergePatch(obj, JSON.parse(d.mutated!))) } : {}),
    ...(volatile[key] ? { volatile: volatile[key] } : {}),
    ...(naming[key] ?? {}),
    // A CRD's name is its plural and group; an IPAddress's generateName is taken as its name (an IP).
    ...(noGeneratedNames.has(key) ? { skipGenerateName: true } : {}),
    ...(key === 'networking.k8s.io/v1/ipaddresses' ? { extraTableCells: true } : {}),
    // kube's RuntimeClass printer describes Handler with a doc key ObjectMeta does not have.
    ...(key === 'node.k8s.io/v1/runtimeclasses' ? { undescribedColumns: ['Handler'] } : {}),
    // kube serves events.k8s.io from core's event REST, whose errors name `events`.
    ...(key === 'events.k8s.io/v1/events' ? { qualifiedResource: 'events' } : {}),
    ...(key === '/v1/events' || key === 'events.k8s.io/v1/events' ? { nameColumnNotFirst: true } : {}),
    ...(returnsDeleted.has(key) ? { returnDeletedObject: true } : {}),
    ...(gracefully.has(key) ? { deletesGracefully: true } : {}),
  });
}
