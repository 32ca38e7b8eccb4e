// The types of k8s.io/api networking/v1 types.go and generated.proto (v0.33.13): ServiceCIDR and
// IPAddress, the objects of Service IP allocation (MultiCIDRServiceAllocator, GA in v1.33).
import type { z } from 'zod';
import { ObjectMeta, field, struct, types } from '@kapi/apimachinery';
import { Condition } from '../../meta/v1/condition.ts';
import { typeMetaField } from '../../meta-fields.ts';
import { networkingV1 } from './names.ts';

export const ServiceCIDRSpec = struct(networkingV1('ServiceCIDRSpec', 'The IP blocks a ServiceCIDR gives Service cluster IPs from.'), {
  cidrs: field(1, types.list(types.string()), {
    description: 'IP blocks in CIDR notation (e.g. "192.168.0.0/24" or "2001:db8::/64"); at most two, one of each IP family. Immutable.',
    listType: 'atomic',
  }),
});
export type ServiceCIDRSpec = z.infer<typeof ServiceCIDRSpec>;

export const ServiceCIDRStatus = struct(networkingV1('ServiceCIDRStatus', 'The observed state of a ServiceCIDR.'), {
  conditions: field(1, types.list(Condition), {
    description: 'The conditions of the ServiceCIDR.',
    patchStrategy: 'merge',
    patchMergeKey: 'type',
    listType: 'map',
    listMapKeys: ['type'],
  }),
});
export type ServiceCIDRStatus = z.infer<typeof ServiceCIDRStatus>;

export const ServiceCIDR = struct(
  networkingV1('ServiceCIDR', 'A range of IP addresses, in CIDR notation, from which Service cluster IPs are allocated.', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, ServiceCIDRSpec, { description: 'The desired state of the ServiceCIDR.' }),
    status: field(3, ServiceCIDRStatus, { description: 'The current state of the ServiceCIDR.' }),
  },
);
export type ServiceCIDR = z.infer<typeof ServiceCIDR>;

export const ParentReference = struct(networkingV1('ParentReference', 'The object an IPAddress is attached to.'), {
  group: field(1, types.string(), { description: 'The group of the referenced object.' }),
  resource: field(2, types.string(), { description: 'The resource of the referenced object.', required: true }),
  namespace: field(3, types.string(), { description: 'The namespace of the referenced object.' }),
  name: field(4, types.string(), { description: 'The name of the referenced object.', required: true }),
});
export type ParentReference = z.infer<typeof ParentReference>;

export const IPAddressSpec = struct(networkingV1('IPAddressSpec', 'The desired state of an IPAddress.'), {
  parentRef: field(1, ParentReference, { description: 'The object the IPAddress belongs to; required.', pointer: true, required: true }),
});
export type IPAddressSpec = z.infer<typeof IPAddressSpec>;

export const IPAddress = struct(
  networkingV1('IPAddress', 'One allocated IP address, named by the address in canonical form (e.g. "192.168.1.5" or "2001:db8::1").', true),
  {
    apiVersion: typeMetaField.apiVersion,
    kind: typeMetaField.kind,
    metadata: field(1, ObjectMeta, { description: 'Standard object metadata.' }),
    spec: field(2, IPAddressSpec, { description: 'The desired state of the IPAddress.' }),
  },
);
export type IPAddress = z.infer<typeof IPAddress>;
