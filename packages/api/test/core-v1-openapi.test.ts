// The OpenAPI components derived from the core/v1 declarations carry the patch and list metadata
// of k8s.io/api core/v1/types.go (v0.33.13): struct tags (patchStrategy, patchMergeKey) and markers
// (+listType, +listMapKey, +mapType, +structType, +default). The expectations are written from the
// upstream source, not from the declarations.
import { describe, expect, it } from 'vitest';
import { openAPIComponents, type OpenAPISchema } from '@kapi/apimachinery';
import { Endpoints, Event, Node, PersistentVolumeClaim, Pod, PodTemplateSpec, Service, ServiceAccount, coreV1Kinds } from '../src/core/v1/index.ts';

const components = openAPIComponents([Pod, PodTemplateSpec, Service, Event, ServiceAccount, Endpoints, Node, PersistentVolumeClaim]);
const core = (name: string) => `io.k8s.api.core.v1.${name}`;
const prop = (id: string, name: string) => ((components[id]?.properties ?? {}) as Record<string, OpenAPISchema>)[name];

/** The x-kubernetes-* extensions of a property, as kube-openapi writes them. */
function extensionsOf(s: OpenAPISchema | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s ?? {}).filter(([k]) => k.startsWith('x-kubernetes-')));
}

const merge = (key: string, listMapKeys = [key], strategy = 'merge') => ({
  'x-kubernetes-list-map-keys': listMapKeys,
  'x-kubernetes-list-type': 'map',
  'x-kubernetes-patch-merge-key': key,
  'x-kubernetes-patch-strategy': strategy,
});
const atomicList = { 'x-kubernetes-list-type': 'atomic' };
const atomicMap = { 'x-kubernetes-map-type': 'atomic' };

// [type, property, extensions] from the Go struct tags and markers.
const table: [string, string, Record<string, unknown>][] = [
  ['PodSpec', 'volumes', merge('name', ['name'], 'merge,retainKeys')],
  ['PodSpec', 'initContainers', merge('name')],
  ['PodSpec', 'containers', merge('name')],
  ['PodSpec', 'ephemeralContainers', merge('name')],
  ['PodSpec', 'imagePullSecrets', merge('name')],
  ['PodSpec', 'nodeSelector', atomicMap],
  ['PodSpec', 'tolerations', atomicList],
  ['PodSpec', 'hostAliases', merge('ip')],
  ['PodSpec', 'readinessGates', atomicList],
  ['PodSpec', 'topologySpreadConstraints', merge('topologyKey', ['topologyKey', 'whenUnsatisfiable'])],
  ['PodSpec', 'schedulingGates', merge('name')],
  ['PodSpec', 'resourceClaims', merge('name', ['name'], 'merge,retainKeys')],
  ['Container', 'ports', merge('containerPort', ['containerPort', 'protocol'])],
  ['Container', 'env', merge('name')],
  ['Container', 'envFrom', atomicList],
  ['Container', 'volumeMounts', merge('mountPath')],
  ['Container', 'volumeDevices', merge('devicePath')],
  ['Container', 'command', atomicList],
  ['Container', 'args', atomicList],
  ['Container', 'resizePolicy', atomicList],
  ['ResourceRequirements', 'claims', { 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map' }],
  ['PodSecurityContext', 'supplementalGroups', atomicList],
  ['PodSecurityContext', 'sysctls', atomicList],
  ['Capabilities', 'add', atomicList],
  ['NodeSelectorTerm', 'matchExpressions', atomicList],
  ['PodAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', atomicList],
  ['ProjectedVolumeSource', 'sources', atomicList],
  ['PodStatus', 'conditions', merge('type')],
  ['PodStatus', 'podIPs', merge('ip')],
  ['PodStatus', 'hostIPs', { 'x-kubernetes-list-type': 'atomic', 'x-kubernetes-patch-merge-key': 'ip', 'x-kubernetes-patch-strategy': 'merge' }],
  ['PodStatus', 'containerStatuses', atomicList],
  ['PodStatus', 'resourceClaimStatuses', merge('name', ['name'], 'merge,retainKeys')],
  ['ContainerStatus', 'volumeMounts', merge('mountPath')],
  ['ContainerStatus', 'allocatedResourcesStatus', merge('name')],
  ['ServiceSpec', 'ports', merge('port', ['port', 'protocol'])],
  ['ServiceSpec', 'selector', atomicMap],
  ['ServiceSpec', 'clusterIPs', atomicList],
  ['ServiceSpec', 'externalIPs', atomicList],
  ['ServiceSpec', 'ipFamilies', atomicList],
  ['ServiceSpec', 'loadBalancerSourceRanges', atomicList],
  ['ServiceStatus', 'conditions', merge('type')],
  ['LoadBalancerStatus', 'ingress', atomicList],
  ['NodeSpec', 'podCIDRs', { 'x-kubernetes-list-type': 'set', 'x-kubernetes-patch-strategy': 'merge' }],
  ['NodeSpec', 'taints', atomicList],
  ['NodeStatus', 'conditions', merge('type')],
  ['NodeStatus', 'addresses', merge('type')],
  ['NodeStatus', 'images', atomicList],
  ['NodeStatus', 'volumesInUse', atomicList],
  ['NodeStatus', 'volumesAttached', atomicList],
  ['NodeStatus', 'runtimeHandlers', atomicList],
  ['ServiceAccount', 'secrets', merge('name')],
  ['ServiceAccount', 'imagePullSecrets', atomicList],
  ['Endpoints', 'subsets', atomicList],
  ['EndpointSubset', 'addresses', atomicList],
  ['EndpointSubset', 'ports', atomicList],
  ['TopologySpreadConstraint', 'matchLabelKeys', atomicList],
];

describe('core/v1 OpenAPI patch and list metadata (k8s.io/api v0.33.13)', () => {
  it.each(table)('%s.%s', (type, name, expected) => {
    expect(extensionsOf(prop(core(type), name))).toEqual(expected);
  });

  it.each(['LocalObjectReference', 'ObjectReference', 'NodeSelector', 'EndpointAddress', 'EndpointPort', 'ObjectFieldSelector', 'TypedLocalObjectReference'])(
    '%s is an atomic struct (+structType=atomic)',
    (type) => {
      expect(components[core(type)]?.['x-kubernetes-map-type']).toBe('atomic');
    },
  );

  it('metav1.LabelSelector is published under meta/v1 names, atomic', () => {
    const sel = components['io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector'];
    expect(sel?.['x-kubernetes-map-type']).toBe('atomic');
    expect(extensionsOf(prop('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector', 'matchExpressions'))).toEqual(atomicList);
  });

  it('+default markers and zero defaults of fields that are always serialized', () => {
    expect(prop(core('ContainerPort'), 'protocol')?.default).toBe('TCP');
    expect(prop(core('ServicePort'), 'protocol')?.default).toBe('TCP');
    expect(prop(core('ContainerPort'), 'containerPort')?.default).toBe(0);
    expect(prop(core('Container'), 'name')?.default).toBe('');
    expect(prop(core('ContainerStatus'), 'ready')?.default).toBe(false);
    expect(prop(core('GRPCAction'), 'service')?.default).toBe('');
    expect(prop(core('RBDVolumeSource'), 'pool')?.default).toBe('rbd');
    expect(prop(core('AzureDiskVolumeSource'), 'cachingMode')?.default).toBe('ReadWrite');
  });

  it('required fields are those Go always serializes', () => {
    expect(components[core('Container')]?.required).toEqual(['name']);
    expect(components[core('ContainerPort')]?.required).toEqual(['containerPort']);
    expect(components[core('Event')]?.required).toEqual(['metadata', 'involvedObject']);
    expect(components[core('ContainerStatus')]?.required).toEqual(['name', 'ready', 'restartCount', 'image', 'imageID']);
    expect(components[core('DaemonEndpoint')]?.required).toEqual(['Port']);
  });

  it('JSON property order is Go struct order', () => {
    expect(Object.keys(components[core('ContainerPort')]?.properties ?? {})).toEqual(['name', 'hostPort', 'containerPort', 'protocol', 'hostIP']);
    expect(Object.keys(components[core('Pod')]?.properties ?? {})).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  });

  it('the kinds carry their group-version-kind', () => {
    const all = openAPIComponents(coreV1Kinds.map((k) => k.schema));
    for (const k of coreV1Kinds) expect(all[core(k.kind)]?.['x-kubernetes-group-version-kind'], k.kind).toEqual([{ group: '', kind: k.kind, version: 'v1' }]);
  });

  it('embedded (json inline) fields are flattened into the parent', () => {
    expect(Object.keys(components[core('Volume')]?.properties ?? {}).slice(0, 3)).toEqual(['name', 'hostPath', 'emptyDir']);
    expect(Object.keys(components[core('Probe')]?.properties ?? {}).slice(0, 5)).toEqual(['exec', 'httpGet', 'tcpSocket', 'grpc', 'initialDelaySeconds']);
    expect(Object.keys(components[core('ConfigMapKeySelector')]?.properties ?? {})).toEqual(['name', 'key', 'optional']);
    expect(Object.keys(components[core('EphemeralContainer')]?.properties ?? {}).at(-1)).toBe('targetContainerName');
    expect(components[core('VolumeSource')]).toBeUndefined();
  });
});
