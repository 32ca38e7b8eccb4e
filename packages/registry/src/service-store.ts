// Behaviour of k8s.io/kubernetes/pkg/registry/core/service/storage/alloc.go (v1.33), condensed: a
// Service gets a cluster IP from the service CIDR (10.96.0.0/12, kube's default) and node ports from
// 30000-32767 when it needs them; an address asked for explicitly must be in range and free.
// Allocation scans the stored Services and is serialised within the process.
import { fieldErrors, FieldPath, newInvalid, type FieldError, type KubeObject } from '@kapi/apimachinery';
import type { GenericStore } from './generic-store.ts';

/** kube-apiserver's default --service-cluster-ip-range. */
export const serviceCIDR = { base: (10 << 24) | (96 << 16), size: 1 << 20 };
/** kube-apiserver's default --service-node-port-range. */
export const nodePortRange = { min: 30000, max: 32767 };

interface ServicePort {
  port?: number;
  nodePort?: number;
}
interface ServiceSpec {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ports?: ServicePort[];
  externalTrafficPolicy?: string;
  healthCheckNodePort?: number;
}

function ipToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

function inRange(n: number): boolean {
  return n > serviceCIDR.base && n < serviceCIDR.base + serviceCIDR.size - 1;
}

/** Wraps the Service store with address allocation on create (and on an apply that creates). */
export function createServiceStore(generic: GenericStore): GenericStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  const used = async () => {
    const all = await generic.list({});
    const ips = new Set<number>();
    const ports = new Set<number>();
    for (const svc of all.items) {
      const spec = (svc.spec ?? {}) as ServiceSpec;
      for (const ip of spec.clusterIPs ?? (spec.clusterIP ? [spec.clusterIP] : [])) {
        const n = ipToInt(ip);
        if (n !== undefined) ips.add(n);
      }
      for (const p of spec.ports ?? []) if (p.nodePort) ports.add(p.nodePort);
      if (spec.healthCheckNodePort) ports.add(spec.healthCheckNodePort);
    }
    return { ips, ports };
  };

  /** Gives a new Service its addresses; the errors of addresses it asked for that cannot be had. */
  const allocate = async (obj: KubeObject & { spec?: ServiceSpec }): Promise<FieldError[]> => {
    const spec = (obj.spec ??= {});
    const { ips, ports } = await used();
    const errs: FieldError[] = [];
    const type = spec.type ?? 'ClusterIP';
    const freePort = () => {
      let port: number;
      do port = nodePortRange.min + Math.floor(Math.random() * (nodePortRange.max - nodePortRange.min + 1));
      while (ports.has(port));
      ports.add(port);
      return port;
    };
    if (type !== 'ExternalName') {
      const asked = spec.clusterIPs?.[0] ?? spec.clusterIP;
      if (asked === undefined || asked === '') {
        let n: number;
        do n = serviceCIDR.base + 1 + Math.floor(Math.random() * (serviceCIDR.size - 2));
        while (ips.has(n));
        spec.clusterIP = intToIp(n);
        spec.clusterIPs = [spec.clusterIP];
      } else if (asked !== 'None') {
        const n = ipToInt(asked);
        const path = FieldPath.of('spec', 'clusterIPs');
        if (n === undefined) {
          // Format errors are the validation's to report.
        } else if (!inRange(n)) {
          errs.push(fieldErrors.invalid(path, [asked], `failed to allocate IP ${asked}: the provided IP (${asked}) is not in the valid range. The range of valid IPs is 10.96.0.0/12`));
        } else if (ips.has(n)) {
          errs.push(fieldErrors.invalid(path, [asked], `failed to allocate IP ${asked}: provided IP is already allocated`));
        }
      }
    }
    if (type === 'NodePort' || type === 'LoadBalancer') {
      (spec.ports ?? []).forEach((p, i) => {
        if (p.nodePort) {
          const path = FieldPath.of('spec', 'ports').index(i).child('nodePort');
          if (p.nodePort < nodePortRange.min || p.nodePort > nodePortRange.max) {
            errs.push(fieldErrors.invalid(path, p.nodePort, `provided port is not in the valid range. The range of valid ports is ${nodePortRange.min}-${nodePortRange.max}`));
          } else if (ports.has(p.nodePort)) {
            errs.push(fieldErrors.invalid(path, p.nodePort, 'provided port is already allocated'));
          }
          ports.add(p.nodePort);
          return;
        }
        p.nodePort = freePort();
      });
    }
    // A LoadBalancer that keeps traffic on the node gets a health check port (kube's needsHCNodePort).
    if (type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local' && !spec.healthCheckNodePort) spec.healthCheckNodePort = freePort();
    return errs;
  };

  return {
    ...generic,
    create(ctx, input, opts = {}) {
      return serialised(async () => {
        const obj = structuredClone(input) as KubeObject & { spec?: ServiceSpec };
        const errs = await allocate(obj);
        if (errs.length > 0) throw newInvalid({ group: '', kind: 'Service' }, obj.metadata?.name ?? '', errs);
        return generic.create(ctx, obj, opts);
      });
    },
    // An update that creates (server-side apply) allocates as a create does.
    update(ctx, name, objInfo, opts = {}) {
      if (!opts.forceAllowCreate) return generic.update(ctx, name, objInfo, opts);
      return serialised(() =>
        generic.update(
          ctx,
          name,
          async (old) => {
            const obj = await objInfo(old);
            if (old !== undefined) return obj;
            const errs = await allocate(obj as KubeObject & { spec?: ServiceSpec });
            if (errs.length > 0) throw newInvalid({ group: '', kind: 'Service' }, obj.metadata?.name ?? name, errs);
            return obj;
          },
          opts,
        ),
      );
    },
  };
}
