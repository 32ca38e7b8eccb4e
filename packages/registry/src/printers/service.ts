// Behaviour of k8s.io/kubernetes/pkg/printers/internalversion/printers.go printService,
// printEndpoints and printServiceAccount (v1.33).
import type { KubeObject } from '@kapi/apimachinery';
import { age, type TableConvertor } from '../table-convertor.ts';
import { ageColumn, column, compareStrings, formatLabels, nameColumn, nameOf } from './format.ts';

interface ServiceJson extends KubeObject {
  spec?: {
    type?: string;
    clusterIPs?: string[] | null;
    externalIPs?: string[] | null;
    externalName?: string;
    ports?: { port?: number; nodePort?: number; protocol?: string }[] | null;
    selector?: Record<string, string> | null;
  };
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] | null } };
}

/** The load balancer's ingress points: IPs, else hostnames, distinct and sorted (loadBalancerStatusStringer). */
function loadBalancerAddresses(svc: ServiceJson): string {
  const result = new Set<string>();
  for (const ingress of svc.status?.loadBalancer?.ingress ?? []) {
    if (ingress.ip) result.add(ingress.ip);
    else if (ingress.hostname) result.add(ingress.hostname);
  }
  // The server prints wide, so the list is never clipped to 16 characters.
  return [...result].sort(compareStrings).join(',');
}

/** getServiceExternalIP for wide output. */
function externalIP(svc: ServiceJson): string {
  const spec = svc.spec ?? {};
  const externalIPs = spec.externalIPs ?? [];
  switch (serviceType(svc)) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIPs = loadBalancerAddresses(svc);
      if (externalIPs.length > 0) return [...(lbIPs ? lbIPs.split(',') : []), ...externalIPs].join(',');
      return lbIPs || '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

// The served object is defaulted: type ClusterIP, port protocol TCP (v1 SetDefaults_Service).
function serviceType(svc: ServiceJson): string {
  return svc.spec?.type ?? 'ClusterIP';
}

/** makePortString: `port/protocol` or `port:nodePort/protocol`, comma-separated. */
function portString(svc: ServiceJson): string {
  return (svc.spec?.ports ?? [])
    .map((p) => {
      const protocol = p.protocol ?? 'TCP';
      return (p.nodePort ?? 0) > 0 ? `${p.port ?? 0}:${p.nodePort}/${protocol}` : `${p.port ?? 0}/${protocol}`;
    })
    .join(',');
}

export const serviceColumns = [
  nameColumn,
  column('Type', 'string', 'How the service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName.'),
  column('Cluster-IP', 'string', 'The virtual IP the cluster routes to the service; None for a headless service.'),
  column('External-IP', 'string', 'The IPs or names outside the cluster at which the service is reachable.'),
  column('Port(s)', 'string', 'The ports the service exposes.'),
  ageColumn,
  column('Selector', 'string', 'The labels of the pods the service routes traffic to.', 1),
] as const;

/** The cells of one service: NAME, TYPE, CLUSTER-IP, EXTERNAL-IP, PORT(S), AGE, SELECTOR. */
export function serviceCells(obj: KubeObject, now: number): unknown[] {
  const svc = obj as ServiceJson;
  const clusterIP = svc.spec?.clusterIPs?.[0] ?? '<none>';
  const ports = portString(svc) || '<none>';
  return [nameOf(obj), serviceType(svc), clusterIP, externalIP(svc), ports, age(obj, now), formatLabels(svc.spec?.selector)];
}

export const servicePrinter: TableConvertor = { columns: serviceColumns, cells: serviceCells, emptyRowsAsArray: true };

interface EndpointsJson extends KubeObject {
  subsets?: { addresses?: { ip?: string }[] | null; ports?: { name?: string; port?: number }[] | null }[] | null;
}

/** net.JoinHostPort: IPv6 hosts in brackets. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** formatEndpoints with all ports: the first three `ip:port` pairs and how many more there are. */
export function formatEndpoints(obj: KubeObject): string {
  const subsets = (obj as EndpointsJson).subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const max = 3;
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      // A headless service may have no ports.
      count += addresses.length;
      for (const addr of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(addr.ip ?? '');
      }
      continue;
    }
    for (const port of ports) {
      count += addresses.length;
      for (const addr of addresses) {
        if (list.length === max) {
          more = true;
          break;
        }
        list.push(joinHostPort(addr.ip ?? '', port.port ?? 0));
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export const endpointsColumns = [nameColumn, column('Endpoints', 'string', 'The addresses and ports that back the service.'), ageColumn] as const;

export const endpointsPrinter: TableConvertor = {
  columns: endpointsColumns,
  cells: (obj, now) => [nameOf(obj), formatEndpoints(obj), age(obj, now)],
  emptyRowsAsArray: true,
};

export const serviceAccountColumns = [nameColumn, column('Secrets', 'string', 'The secrets the service account lists.'), ageColumn] as const;

export const serviceAccountPrinter: TableConvertor = {
  columns: serviceAccountColumns,
  cells: (obj, now) => [nameOf(obj), ((obj.secrets as unknown[] | null | undefined) ?? []).length, age(obj, now)],
  emptyRowsAsArray: true,
};
