// Pods, Services and Nodes for the endpoints and EndpointSlice controller tests, shaped as kube's
// API returns them (defaults applied), and a way to let a controller over the fake client settle.
import type { KubeObject } from '@kapi/apimachinery';
import type { ControllerManager } from '@kapi/controllers';

export interface PodOptions {
  ip?: string | string[];
  ready?: boolean;
  /** The Ready condition's lastTransitionTime. */
  readySince?: string;
  node?: string;
  labels?: Record<string, string>;
  phase?: string;
  deleting?: boolean;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  hostname?: string;
  subdomain?: string;
}

export function pod(namespace: string, name: string, o: PodOptions = {}): KubeObject {
  const ips = o.ip === undefined ? [] : Array.isArray(o.ip) ? o.ip : [o.ip];
  return {
    metadata: {
      namespace,
      name,
      uid: `uid-${name}`,
      labels: o.labels ?? { app: 'web' },
      ...(o.deleting ? { deletionTimestamp: '2025-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 } : {}),
    },
    spec: {
      ...(o.node ? { nodeName: o.node } : {}),
      ...(o.hostname ? { hostname: o.hostname } : {}),
      ...(o.subdomain ? { subdomain: o.subdomain } : {}),
      containers: [{ name: 'c', image: 'nginx', ports: (o.ports ?? [{ name: 'http', containerPort: 8080 }]).map((p) => ({ protocol: 'TCP', ...p })) }],
    },
    status: {
      phase: o.phase ?? 'Running',
      ...(ips.length > 0 ? { podIP: ips[0], podIPs: ips.map((ip) => ({ ip })) } : {}),
      conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True', lastTransitionTime: o.readySince ?? '2025-01-01T00:00:00Z' }],
    },
  };
}

export interface ServiceOptions {
  selector?: Record<string, string> | null;
  clusterIP?: string;
  ipFamilies?: string[];
  ports?: { name?: string; port: number; targetPort?: number | string; protocol?: string; appProtocol?: string }[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  type?: string;
  publishNotReadyAddresses?: boolean;
  trafficDistribution?: string;
  creationTimestamp?: string;
}

export function service(namespace: string, name: string, o: ServiceOptions = {}): KubeObject {
  const selector = o.selector === undefined ? { app: 'web' } : o.selector;
  const clusterIP = o.clusterIP ?? '10.96.0.10';
  return {
    metadata: {
      namespace,
      name,
      uid: `uid-svc-${name}`,
      creationTimestamp: o.creationTimestamp ?? '2024-12-31T00:00:00Z',
      ...(o.labels ? { labels: o.labels } : {}),
      ...(o.annotations ? { annotations: o.annotations } : {}),
    },
    spec: {
      ...(selector === null ? {} : { selector }),
      ports: (o.ports ?? [{ name: 'http', port: 80, targetPort: 8080 }]).map((p) => ({ protocol: 'TCP', targetPort: p.port, ...p })),
      clusterIP,
      clusterIPs: clusterIP === '' ? [] : [clusterIP],
      ipFamilies: o.ipFamilies ?? ['IPv4'],
      type: o.type ?? 'ClusterIP',
      ...(o.publishNotReadyAddresses ? { publishNotReadyAddresses: true } : {}),
      ...(o.trafficDistribution ? { trafficDistribution: o.trafficDistribution } : {}),
    },
  };
}

export function node(name: string, zone?: string): KubeObject {
  return { metadata: { name, ...(zone ? { labels: { 'topology.kubernetes.io/zone': zone } } : {}) } };
}

/**
 * Lets watch events reach the informers and the controllers finish what they queued, a few rounds
 * (a write's own event may queue more work).
 */
export async function settle(manager: ControllerManager): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setImmediate(r));
    await manager.idle();
  }
}
