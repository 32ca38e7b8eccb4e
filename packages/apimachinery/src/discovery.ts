// Behaviour of k8s.io/apimachinery/pkg/apis/meta/v1/types.go (APIVersions, APIGroup(List),
// APIResource(List)) and k8s.io/api/apidiscovery/v2 + v2beta1 types.go (v1.33): discovery documents.
// Field order in the schemas is kube's JSON order.
import { z } from 'zod';
import { ListMeta, ObjectMeta } from './meta.ts';

export const GroupVersionForDiscovery = z.object({ groupVersion: z.string(), version: z.string() });

export const ServerAddressByClientCIDR = z.object({ clientCIDR: z.string(), serverAddress: z.string() });

/** `/api`: the legacy group's versions (written without apiVersion). */
export const APIVersions = z.object({
  kind: z.literal('APIVersions'),
  versions: z.array(z.string()),
  serverAddressByClientCIDRs: z.array(ServerAddressByClientCIDR),
});
export type APIVersions = z.infer<typeof APIVersions>;

export const APIGroup = z.object({
  kind: z.literal('APIGroup').optional(),
  apiVersion: z.literal('v1').optional(),
  name: z.string(),
  versions: z.array(GroupVersionForDiscovery),
  preferredVersion: GroupVersionForDiscovery.optional(),
  serverAddressByClientCIDRs: z.array(ServerAddressByClientCIDR).optional(),
});
export type APIGroup = z.infer<typeof APIGroup>;

/** `/apis` without aggregated discovery. */
export const APIGroupList = z.object({ kind: z.literal('APIGroupList'), apiVersion: z.literal('v1'), groups: z.array(APIGroup) });
export type APIGroupList = z.infer<typeof APIGroupList>;

export const APIResource = z.object({
  name: z.string(),
  singularName: z.string(),
  namespaced: z.boolean(),
  group: z.string().optional(),
  version: z.string().optional(),
  kind: z.string(),
  verbs: z.array(z.string()),
  shortNames: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  storageVersionHash: z.string().optional(),
});
export type APIResource = z.infer<typeof APIResource>;

/** `/api/v1`, `/apis/<group>/<version>`. */
export const APIResourceList = z.object({
  kind: z.literal('APIResourceList'),
  apiVersion: z.literal('v1').optional(),
  groupVersion: z.string(),
  resources: z.array(APIResource),
});
export type APIResourceList = z.infer<typeof APIResourceList>;

const GroupVersionKindSchema = z.object({ group: z.string(), version: z.string(), kind: z.string() });

export const APISubresourceDiscovery = z.object({
  subresource: z.string(),
  responseKind: GroupVersionKindSchema.optional(),
  acceptedTypes: z.array(GroupVersionKindSchema).optional(),
  verbs: z.array(z.string()),
});

export const APIResourceDiscovery = z.object({
  resource: z.string(),
  responseKind: GroupVersionKindSchema.optional(),
  scope: z.enum(['Cluster', 'Namespaced']),
  singularResource: z.string(),
  verbs: z.array(z.string()),
  shortNames: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  subresources: z.array(APISubresourceDiscovery).optional(),
});
export type APIResourceDiscovery = z.infer<typeof APIResourceDiscovery>;

export const APIVersionDiscovery = z.object({
  version: z.string(),
  resources: z.array(APIResourceDiscovery).optional(),
  freshness: z.enum(['Current', 'Stale']).optional(),
});

export const APIGroupDiscovery = z.object({ metadata: ObjectMeta.optional(), versions: z.array(APIVersionDiscovery).optional() });

/** Aggregated discovery (`apidiscovery.k8s.io/v2` and `v2beta1` have the same shape). */
export const APIGroupDiscoveryList = z.object({
  kind: z.literal('APIGroupDiscoveryList'),
  apiVersion: z.enum(['apidiscovery.k8s.io/v2', 'apidiscovery.k8s.io/v2beta1']),
  metadata: ListMeta,
  items: z.array(APIGroupDiscovery),
});
export type APIGroupDiscoveryList = z.infer<typeof APIGroupDiscoveryList>;

/** The media type of aggregated discovery in one version, which the response must echo. */
export function aggregatedDiscoveryMediaType(version: 'v2' | 'v2beta1'): string {
  return `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`;
}

/** autoscaling/v1 Scale: what the `scale` subresource reads and writes. */
export const Scale = z.looseObject({
  kind: z.literal('Scale').optional(),
  apiVersion: z.literal('autoscaling/v1').optional(),
  metadata: ObjectMeta.optional(),
  spec: z.looseObject({ replicas: z.number().int().optional() }).optional(),
  status: z.looseObject({ replicas: z.number().int(), selector: z.string().optional() }).optional(),
});
export type Scale = z.infer<typeof Scale>;
