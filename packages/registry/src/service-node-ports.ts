// Behaviour of k8s.io/kubernetes pkg/registry/core/service/storage/alloc.go (txnAllocNodePorts,
// initNodePorts, allocHealthCheckNodePort, txnUpdateNodePorts, updateNodePorts,
// updateHealthCheckNodePort), storage.go (patchAllocatedValues), strategy.go
// (dropTypeDependentFields) and portallocator (operation.go, allocator.go) (v1.33): the node ports
// and health check node port of a Service. The ports held by the stored Services are the
// allocator's state: a port is released when no stored Service holds it any more.
import { fieldErrors, FieldPath, newInternalError, newInvalid, type KubeObject } from '@kapi/apimachinery';

/** kube-apiserver's default --service-node-port-range. */
export const nodePortRange = { min: 30000, max: 32767 };
const rangeText = `${nodePortRange.min}-${nodePortRange.max}`;
const rangeSize = nodePortRange.max - nodePortRange.min + 1;
/** KEP-3668: random allocation prefers the ports above the first `rangeOffset` (size/32, between 16 and 128). */
const rangeOffset = Math.min(128, Math.max(16, Math.floor(rangeSize / 32)));

interface ServicePort {
  port?: number;
  protocol?: string;
  nodePort?: number;
}
interface ServiceSpec {
  type?: string;
  ports?: ServicePort[];
  externalIPs?: string[];
  externalTrafficPolicy?: string;
  healthCheckNodePort?: number;
  allocateLoadBalancerNodePorts?: boolean;
  loadBalancerClass?: string;
}
export type Service = KubeObject & { spec?: ServiceSpec; status?: { loadBalancer?: unknown } };

const typeOf = (svc: Service) => svc.spec?.type ?? 'ClusterIP';
/** needsNodePort: NodePort and LoadBalancer Services. */
export const needsNodePorts = (svc: Service) => typeOf(svc) === 'NodePort' || typeOf(svc) === 'LoadBalancer';
/** NeedsHealthCheck / needsHCNodePort: a LoadBalancer that keeps external traffic on the node. */
export const needsHealthCheck = (svc: Service) => typeOf(svc) === 'LoadBalancer' && svc.spec?.externalTrafficPolicy === 'Local';
/** ExternallyAccessible: what externalTrafficPolicy applies to. */
const externallyAccessible = (svc: Service) => needsNodePorts(svc) || (typeOf(svc) === 'ClusterIP' && (svc.spec?.externalIPs ?? []).length > 0);
/** shouldAllocateNodePorts: LoadBalancers may opt out (allocateLoadBalancerNodePorts: false). */
const shouldAllocateNodePorts = (svc: Service) => typeOf(svc) === 'NodePort' || (typeOf(svc) === 'LoadBalancer' && svc.spec?.allocateLoadBalancerNodePorts !== false);

/** collectServiceNodePorts. */
const nodePortsOf = (svc: Service): number[] => (svc.spec?.ports ?? []).flatMap((p) => (p.nodePort ? [p.nodePort] : []));

/** Every node port a stored Service holds (its ports' and its health check's). */
export function heldNodePorts(svc: Service): number[] {
  const ports = nodePortsOf(svc);
  if (needsHealthCheck(svc) && svc.spec?.healthCheckNodePort) ports.push(svc.spec.healthCheckNodePort);
  return ports;
}

class PortError extends Error {}
const allocatedError = () => new PortError('provided port is already allocated');

/** One Service write's node port allocation (portallocator's PortAllocationOperation). */
export interface NodePortOperation {
  /** Allocate: reserves `port`, or throws a PortError (already allocated, not in the range). */
  allocate(port: number): void;
  /** AllocateNext: a random free port, upper band first; a PortError when the range is full. */
  allocateNext(): number;
}

/**
 * Starts an allocation over the ports `used` by the other stored Services. A dry run allocates
 * nothing for real: a requested port is only checked against the used ones, and the next port is
 * a dummy above the range (32769, 32770 …), as kube's dry-run operation answers.
 */
export function startNodePortOperation(used: Iterable<number>, dryRun: boolean): NodePortOperation {
  const taken = new Set(used);
  const allocated: number[] = [];
  return {
    allocate(port) {
      if (dryRun) {
        if (taken.has(port) || allocated.includes(port)) throw allocatedError();
        allocated.push(port);
        return;
      }
      if (port < nodePortRange.min || port > nodePortRange.max) {
        throw new PortError(`provided port is not in the valid range. The range of valid ports is ${rangeText}`);
      }
      if (taken.has(port)) throw allocatedError();
      taken.add(port);
      allocated.push(port);
    },
    allocateNext() {
      if (dryRun) {
        const port = (allocated.length === 0 ? 32768 : Math.max(...allocated)) + 1;
        allocated.push(port);
        return port;
      }
      for (const [from, count] of [
        [nodePortRange.min + rangeOffset, rangeSize - rangeOffset],
        [nodePortRange.min, rangeOffset],
      ] as const) {
        const offset = Math.floor(Math.random() * count);
        for (let i = 0; i < count; i++) {
          const port = from + ((offset + i) % count);
          if (taken.has(port)) continue;
          taken.add(port);
          allocated.push(port);
          return port;
        }
      }
      throw new PortError('range is full');
    },
  };
}

const invalidNodePort = (svc: Service, i: number, port: number, err: unknown) =>
  newInvalid({ group: '', kind: 'Service' }, svc.metadata?.name ?? '', [fieldErrors.invalid(FieldPath.of('spec', 'ports').index(i).child('nodePort'), port, (err as Error).message)]);

const nextNodePort = (op: NodePortOperation): number => {
  try {
    return op.allocateNext();
  } catch (err) {
    throw newInternalError(`failed to allocate a nodePort: ${(err as Error).message}`);
  }
};

/** initNodePorts: ports of one number share a node port; requested ones are reserved. */
function initNodePorts(svc: Service, op: NodePortOperation): void {
  const ports = svc.spec?.ports ?? [];
  const byPort = new Map<number, number>();
  ports.forEach((p, i) => {
    if (!p.nodePort && !shouldAllocateNodePorts(svc)) return;
    const port = p.port ?? 0;
    const shared = byPort.get(port);
    if (shared === undefined) {
      // findRequestedNodePort: the first port of this number that names a node port.
      const requested = ports.find((q) => (q.port ?? 0) === port && q.nodePort)?.nodePort ?? 0;
      if (requested !== 0) {
        try {
          op.allocate(requested);
        } catch (err) {
          throw invalidNodePort(svc, i, requested, err);
        }
        p.nodePort = requested;
      } else p.nodePort = nextNodePort(op);
      byPort.set(port, p.nodePort);
    } else if (p.nodePort !== shared) {
      if (!p.nodePort) p.nodePort = shared;
      else {
        try {
          op.allocate(p.nodePort);
        } catch (err) {
          throw invalidNodePort(svc, i, p.nodePort, err);
        }
      }
    }
  });
}

/** allocHealthCheckNodePort: the requested one reserved, or any; failures are internal errors. */
function allocHealthCheckNodePort(svc: Service, op: NodePortOperation): void {
  const spec = (svc.spec ??= {});
  const requested = spec.healthCheckNodePort ?? 0;
  if (requested !== 0) {
    try {
      op.allocate(requested);
    } catch (err) {
      throw newInternalError(`failed to allocate requested HealthCheck NodePort ${requested}: ${(err as Error).message}`);
    }
    return;
  }
  try {
    spec.healthCheckNodePort = op.allocateNext();
  } catch (err) {
    throw newInternalError(`failed to allocate a HealthCheck NodePort 0: ${(err as Error).message}`);
  }
}

/** txnAllocNodePorts: the node ports and health check port of a new Service. */
export function allocateCreateNodePorts(svc: Service, op: NodePortOperation): void {
  if (needsNodePorts(svc)) initNodePorts(svc, op);
  if (needsHealthCheck(svc)) allocHealthCheckNodePort(svc, op);
}

/**
 * txnUpdateNodePorts: a Service that needs node ports keeps the ones it holds, reserves the ones
 * it asks for anew, and gets one for each port without; a health check port is allocated when it
 * starts to need one. What it stops holding is free once the update is stored.
 */
export function allocateUpdateNodePorts(svc: Service, old: Service, op: NodePortOperation): void {
  if (needsNodePorts(svc)) {
    const held = nodePortsOf(old);
    const seen: { protocol: string; nodePort: number }[] = [];
    const fresh = new Set<number>();
    (svc.spec?.ports ?? []).forEach((p, i) => {
      if (!p.nodePort && !shouldAllocateNodePorts(svc)) return;
      if (p.nodePort) {
        if (!held.includes(p.nodePort) && !fresh.has(p.nodePort)) {
          try {
            op.allocate(p.nodePort);
          } catch (err) {
            throw invalidNodePort(svc, i, p.nodePort, err);
          }
          fresh.add(p.nodePort);
        }
      } else p.nodePort = nextNodePort(op);
      const protocol = p.protocol ?? 'TCP';
      if (seen.some((s) => s.protocol === protocol && s.nodePort === p.nodePort)) throw newInternalError(`duplicate nodePort: {${protocol} ${p.nodePort}}`);
      seen.push({ protocol, nodePort: p.nodePort });
    });
  }
  if (!needsHealthCheck(old) && needsHealthCheck(svc)) allocHealthCheckNodePort(svc, op);
}

/**
 * patchAllocatedValues (node ports): an update that leaves out the node ports or the health check
 * port the Service was given keeps them (by port name), so that the manifest it was created from
 * can be applied again.
 */
export function patchAllocatedNodePorts(svc: Service, old: Service): void {
  const spec = svc.spec ?? {};
  if (needsNodePorts(old) && needsNodePorts(svc)) {
    const newPorts = new Set(nodePortsOf(svc));
    const used = new Set(nodePortsOf(old).filter((p) => newPorts.has(p)));
    const byName = new Map((old.spec?.ports ?? []).map((p) => [(p as { name?: string }).name ?? '', p.nodePort ?? 0]));
    for (const p of spec.ports ?? []) {
      if (p.nodePort) continue;
      const was = byName.get((p as { name?: string }).name ?? '') ?? 0;
      if (!used.has(was) && was !== 0) p.nodePort = was;
    }
  }
  if (needsHealthCheck(old) && needsHealthCheck(svc) && !spec.healthCheckNodePort && old.spec?.healthCheckNodePort) {
    spec.healthCheckNodePort = old.spec.healthCheckNodePort;
  }
}

/**
 * dropTypeDependentFields (the node port part): a change to a type that does not use node ports,
 * a health check port, allocateLoadBalancerNodePorts, a load balancer class or an external traffic
 * policy wipes the values the client left as they were; the load balancer status goes with the
 * LoadBalancer type. Runs on update after the status is reset from the stored one.
 */
export function dropTypeDependentFields(svc: Service, old: Service): void {
  const spec = svc.spec ?? {};
  const oldSpec = old.spec ?? {};
  if (needsNodePorts(old) && !needsNodePorts(svc)) {
    const held = new Set(nodePortsOf(old));
    if (spec.ports && nodePortsOf(svc).every((p) => held.has(p))) spec.ports = spec.ports.map(({ nodePort: _wiped, ...p }) => p);
  }
  if (needsHealthCheck(old) && !needsHealthCheck(svc) && (spec.healthCheckNodePort ?? 0) === (oldSpec.healthCheckNodePort ?? 0)) delete spec.healthCheckNodePort;
  if (typeOf(old) === 'LoadBalancer' && typeOf(svc) !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
    if (spec.loadBalancerClass === oldSpec.loadBalancerClass) delete spec.loadBalancerClass;
  }
  if (externallyAccessible(old) && !externallyAccessible(svc) && (spec.externalTrafficPolicy ?? '') === (oldSpec.externalTrafficPolicy ?? '')) delete spec.externalTrafficPolicy;
  if (typeOf(svc) !== 'LoadBalancer' && svc.status !== undefined) svc.status = { ...svc.status, loadBalancer: {} };
}
