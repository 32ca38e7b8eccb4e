// Behaviour of k8s.io/api apidiscovery/v2 types.go + generated.proto (v0.33.13): the aggregated
// discovery document (/api and /apis as application/json;g=apidiscovery.k8s.io;v=v2).
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { typeMetaField } from '../../meta-fields.ts';
import { GroupVersionKind } from '../../meta/v1/wire.ts';

const apidiscoveryV2 = (name: string, description: string, kind = false) => ({
  id: `io.k8s.api.apidiscovery.v2.${name}`,
  protoName: `k8s.io.api.apidiscovery.v2.${name}`,
  description,
  ...(kind ? { gvk: { group: 'apidiscovery.k8s.io', version: 'v2', kind: name } } : {}),
});

export const APISubresourceDiscovery = struct(apidiscoveryV2('APISubresourceDiscovery', 'A subresource of a resource.'), {
  subresource: field(1, types.string(), { description: 'The name of the subresource.', required: true, default: '' }),
  responseKind: field(2, GroupVersionKind, { description: 'The kind of its responses.', pointer: true }),
  acceptedTypes: field(3, types.list(GroupVersionKind), { description: 'The kinds it accepts.', listType: 'atomic' }),
  verbs: field(4, types.list(types.string()), { description: 'The verbs it supports.', required: true, listType: 'set' }),
});

export const APIResourceDiscovery = struct(apidiscoveryV2('APIResourceDiscovery', 'A resource of a group version.'), {
  resource: field(1, types.string(), { description: 'The plural name of the resource.', required: true, default: '' }),
  responseKind: field(2, GroupVersionKind, { description: 'The kind of its responses.', pointer: true }),
  scope: field(3, types.string(), { description: 'Cluster or Namespaced.', required: true, default: '' }),
  singularResource: field(4, types.string(), { description: 'The singular name of the resource.', required: true, default: '' }),
  verbs: field(5, types.list(types.string()), { description: 'The verbs it supports.', required: true, listType: 'set' }),
  shortNames: field(6, types.list(types.string()), { description: 'Its short names.', listType: 'set' }),
  categories: field(7, types.list(types.string()), { description: 'The groups of resources it belongs to (all).', listType: 'set' }),
  subresources: field(8, types.list(APISubresourceDiscovery), { description: 'Its subresources.', listType: 'map', listMapKeys: ['subresource'] }),
});

export const APIVersionDiscovery = struct(apidiscoveryV2('APIVersionDiscovery', 'A version of a group and its resources.'), {
  version: field(1, types.string(), { description: 'The version.', required: true, default: '' }),
  resources: field(2, types.list(APIResourceDiscovery), { description: 'Its resources.', listType: 'map', listMapKeys: ['resource'] }),
  freshness: field(3, types.string(), { description: 'Current or Stale (an aggregated server not reached).' }),
});

export const APIGroupDiscovery = struct(apidiscoveryV2('APIGroupDiscovery', 'A group and its versions, in aggregated discovery.', true), {
  apiVersion: typeMetaField.apiVersion,
  kind: typeMetaField.kind,
  metadata: field(1, ObjectMeta, { description: 'Standard object metadata; the name is the group.' }),
  versions: field(2, types.list(APIVersionDiscovery), { description: 'The versions, in preference order.', listType: 'map', listMapKeys: ['version'] }),
});
