// Behaviour of k8s.io/kubernetes pkg/controlplane/reconcilers (lease.go, endpointsadapter.go) and
// pkg/controlplane/controller/kubernetesservice (v1.33): the Endpoints and EndpointSlice of the
// `kubernetes` Service in `default`, as the apiserver's endpoint reconciler writes them.
import type { Endpoints } from '../../core/v1/endpoints.ts';
import { isV4, parseIPSloppy } from '../../networking/v1/ip.ts';
import type { EndpointSlice } from './types.ts';

/** The label naming the Service of an EndpointSlice. */
export const endpointSliceLabelServiceName = 'kubernetes.io/service-name';
/** The label naming the controller or entity that manages an EndpointSlice. */
export const endpointSliceLabelManagedBy = 'endpointslice.kubernetes.io/managed-by';
/** The label on Endpoints that the EndpointSlice mirroring controller must leave alone. */
export const endpointSliceLabelSkipMirror = 'endpointslice.kubernetes.io/skip-mirror';

export interface KubernetesServiceEndpointsOptions {
  /** The apiservers' addresses (kube's endpoint reconciler lists them sorted). */
  readonly addresses: readonly string[];
  /** The port the apiservers serve on (--secure-port, 6443 by default). */
  readonly port: number;
  /** Default `kubernetes`. */
  readonly serviceName?: string;
  /** Default `default`. */
  readonly namespace?: string;
  /** The name of the port; kube's is `https`. */
  readonly portName?: string;
}

/**
 * The `kubernetes` Endpoints (label `endpointslice.kubernetes.io/skip-mirror: "true"`, one subset
 * of ready addresses and the `https` TCP port) and its EndpointSlice (label
 * `kubernetes.io/service-name: kubernetes`, no managed-by label, addressType IPv4 unless every
 * address is IPv6, one ready endpoint per address). The objects carry no server-set metadata; the
 * caller creates them (or updates them when their subsets, endpoints, ports or labels differ).
 */
export function kubernetesServiceEndpoints(opts: KubernetesServiceEndpointsOptions): { endpoints: Endpoints; endpointSlice: EndpointSlice } {
  const name = opts.serviceName ?? 'kubernetes';
  const namespace = opts.namespace ?? 'default';
  const portName = opts.portName ?? 'https';
  const ips = [...new Set(opts.addresses)].sort();
  const endpoints: Endpoints = {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name, namespace, labels: { [endpointSliceLabelSkipMirror]: 'true' } },
    subsets: [{ addresses: ips.map((ip) => ({ ip })), ports: [{ name: portName, port: opts.port, protocol: 'TCP' }] }],
  };
  const allIPv6 = ips.length > 0 && ips.every((ip) => {
    const parsed = parseIPSloppy(ip);
    return parsed !== undefined && !isV4(parsed);
  });
  const endpointSlice: EndpointSlice = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name, namespace, labels: { [endpointSliceLabelServiceName]: name } },
    addressType: allIPv6 ? 'IPv6' : 'IPv4',
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: [{ name: portName, port: opts.port, protocol: 'TCP' }],
  };
  return { endpoints, endpointSlice };
}
