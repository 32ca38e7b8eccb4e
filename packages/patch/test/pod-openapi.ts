// A slice of the core/v1 and apps/v1 OpenAPI v3 components, shaped as kube-apiserver (and
// @kapi/apimachinery's openAPIComponents) publishes them: struct references wrapped in
// `allOf: [{$ref}]` with `default: {}`, maps as additionalProperties, patch metadata as
// x-kubernetes-patch-strategy / x-kubernetes-patch-merge-key on the fields.
const ref = (id: string) => ({ allOf: [{ $ref: `#/components/schemas/${id}` }], default: {} });
const str = { type: 'string' };
const strMap = { type: 'object', additionalProperties: { type: 'string', default: '' } };
const list = (id: string, mergeKey?: string, strategy = 'merge') => ({
  type: 'array',
  items: ref(id),
  ...(mergeKey ? { 'x-kubernetes-patch-merge-key': mergeKey, 'x-kubernetes-patch-strategy': strategy } : {}),
});

const core = 'io.k8s.api.core.v1';
const apps = 'io.k8s.api.apps.v1';
const meta = 'io.k8s.apimachinery.pkg.apis.meta.v1';

export const podDocument = {
  components: {
    schemas: {
      [`${meta}.ObjectMeta`]: {
        type: 'object',
        properties: {
          name: str,
          labels: strMap,
          annotations: strMap,
          finalizers: { type: 'array', items: { type: 'string', default: '' }, 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-list-type': 'set' },
          ownerReferences: list(`${meta}.OwnerReference`, 'uid'),
        },
      },
      [`${meta}.OwnerReference`]: { type: 'object', properties: { uid: str, name: str } },
      [`${core}.Pod`]: { type: 'object', properties: { apiVersion: str, kind: str, metadata: ref(`${meta}.ObjectMeta`), spec: ref(`${core}.PodSpec`) } },
      [`${core}.PodSpec`]: {
        type: 'object',
        properties: {
          containers: list(`${core}.Container`, 'name'),
          volumes: list(`${core}.Volume`, 'name', 'merge,retainKeys'),
          tolerations: { type: 'array', items: ref(`${core}.Toleration`), 'x-kubernetes-list-type': 'atomic' },
          nodeSelector: strMap,
          overhead: { type: 'object', additionalProperties: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' }] } },
          hostAliases: list(`${core}.HostAlias`, 'ip'),
        },
      },
      [`${core}.HostAlias`]: { type: 'object', properties: { ip: str, hostnames: { type: 'array', items: str } } },
      [`${core}.Toleration`]: { type: 'object', properties: { key: str, operator: str } },
      [`${core}.Volume`]: { type: 'object', properties: { name: str, emptyDir: { type: 'object' }, configMap: { type: 'object', properties: { name: str } } } },
      [`${core}.Container`]: {
        type: 'object',
        properties: {
          name: str,
          image: str,
          args: { type: 'array', items: str },
          env: list(`${core}.EnvVar`, 'name'),
          ports: list(`${core}.ContainerPort`, 'containerPort'),
          resources: ref(`${core}.ResourceRequirements`),
        },
      },
      [`${core}.EnvVar`]: { type: 'object', properties: { name: str, value: str, valueFrom: { type: 'object', properties: { fieldRef: { type: 'object' } } } } },
      [`${core}.ContainerPort`]: { type: 'object', properties: { containerPort: { type: 'integer' }, name: str, protocol: str } },
      [`${core}.ResourceRequirements`]: { type: 'object', properties: { limits: strMap, requests: strMap } },
      'io.k8s.apimachinery.pkg.api.resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
      [`${apps}.Deployment`]: { type: 'object', properties: { metadata: ref(`${meta}.ObjectMeta`), spec: ref(`${apps}.DeploymentSpec`) } },
      [`${apps}.DeploymentSpec`]: {
        type: 'object',
        properties: {
          replicas: { type: 'integer' },
          strategy: { ...ref(`${apps}.DeploymentStrategy`), 'x-kubernetes-patch-strategy': 'retainKeys' },
          template: ref(`${core}.PodTemplateSpec`),
        },
      },
      [`${apps}.DeploymentStrategy`]: { type: 'object', properties: { type: str, rollingUpdate: { type: 'object', properties: { maxSurge: str } } } },
      [`${core}.PodTemplateSpec`]: { type: 'object', properties: { metadata: ref(`${meta}.ObjectMeta`), spec: ref(`${core}.PodSpec`) } },
    },
  },
};

export const podSchema = `${core}.Pod`;
export const deploymentSchema = `${apps}.Deployment`;
