// Behaviour of k8s.io/kubernetes pkg/controlplane/controller/defaultservicecidr and
// pkg/registry/core/service/ipallocator (v1.33, MultiCIDRServiceAllocator on by default): the
// default ServiceCIDR the apiserver keeps for --service-cluster-ip-range, and the IPAddress that
// records each Service cluster IP.
import type { IPAddress, ServiceCIDR } from './service-cidr-types.ts';
import { isV4, parseIPSloppy } from './ip.ts';

/** The name of the ServiceCIDR the apiserver creates from its service cluster IP ranges. */
export const defaultServiceCIDRName = 'kubernetes';
/** The label with the IP family of an IPAddress. */
export const ipAddressLabelFamily = 'ipaddress.kubernetes.io/ip-family';
/** The label naming the controller that manages an IPAddress. */
export const ipAddressLabelManagedBy = 'ipaddress.kubernetes.io/managed-by';
/** The manager of the IPAddresses of Service cluster IPs. */
export const ipAllocatorControllerName = 'ipallocator.k8s.io';

/**
 * The default ServiceCIDR for the given ranges, with the Ready condition its controller sets
 * (status is written through `/status`; `now` is an RFC 3339 time).
 */
export function defaultServiceCIDR(cidrs: readonly string[], now: string): ServiceCIDR {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'ServiceCIDR',
    metadata: { name: defaultServiceCIDRName },
    spec: { cidrs: [...cidrs] },
    status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now, reason: '', message: 'Kubernetes default Service CIDR is ready' }] },
  };
}

/** The IPAddress the IP allocator writes for a Service's cluster IP. */
export function serviceIPAddress(ip: string, service: { namespace: string; name: string }): IPAddress {
  const parsed = parseIPSloppy(ip);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'IPAddress',
    metadata: {
      name: ip,
      labels: { [ipAddressLabelFamily]: parsed && isV4(parsed) ? 'IPv4' : 'IPv6', [ipAddressLabelManagedBy]: ipAllocatorControllerName },
    },
    spec: { parentRef: { group: '', resource: 'services', namespace: service.namespace, name: service.name } },
  };
}
