// Behaviour of k8s.io/kubernetes pkg/registry/core/service/storage/{alloc,storage}.go and
// pkg/registry/core/service/ipallocator/ipallocator.go (v1.33, MultiCIDRServiceAllocator GA), condensed
// to one IPv4 range: a Service's cluster IP is held by a networking.k8s.io/v1 IPAddress named after it
// (the object's create is the lock: an IP whose IPAddress exists is taken), written before the
// Service and removed when the Service fails to be written, is deleted, or stops needing it. Node
// ports (service-node-ports.ts) are the ones the stored Services do not hold, found by scanning
// them; the writes that may take some are serialised within the process.
import { serviceIPAddress } from '@kapi/api';
import {
  fieldErrors,
  FieldPath,
  isAlreadyExists,
  isValidPathSegmentName,
  metaOf,
  newInternalError,
  newInvalid,
  omitValue,
  type FieldError,
  type KubeObject,
} from '@kapi/apimachinery';
import type { StorageInterface } from '@kapi/storage';
import type { GenericStore, UpdateResult } from './generic-store.ts';
import { generateName } from './names.ts';
import {
  allocateCreateNodePorts,
  allocateUpdateNodePorts,
  dropTypeDependentFields,
  heldNodePorts,
  needsHealthCheck,
  needsNodePorts,
  patchAllocatedNodePorts,
  startNodePortOperation,
  type Service as NodePortService,
} from './service-node-ports.ts';
import type { ResourceInfo } from './resource.ts';
import type { RESTStrategy } from './strategy.ts';

/** kube-apiserver's default --service-cluster-ip-range. */
export const serviceCIDR = { base: (10 << 24) | (96 << 16), size: 1 << 20, text: '10.96.0.0/12' };

/** The first and last addresses a Service may hold: not the network's, not its broadcast. */
const firstIP = serviceCIDR.base + 1;
const lastIP = serviceCIDR.base + serviceCIDR.size - 2;
/**
 * KEP-3070: random allocation prefers the range above the first `rangeOffset` addresses and falls
 * back to those below (calculateRangeOffset: size/16, between 16 and 256).
 */
const rangeOffset = Math.min(256, Math.max(16, Math.floor(serviceCIDR.size / 16)));

interface ServiceSpec {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
}
type Service = KubeObject & { spec?: ServiceSpec };

function ipToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

const clusterIPsOf = (spec: ServiceSpec): string[] => spec.clusterIPs ?? (spec.clusterIP ? [spec.clusterIP] : []);
/** kube's needsClusterIP: every type but ExternalName. */
const needsClusterIP = (svc: Service) => (svc.spec?.type ?? 'ClusterIP') !== 'ExternalName';
/** The addresses a Service holds IPAddresses for: none for ExternalName and headless Services. */
const heldIPs = (svc: Service): string[] => {
  if (!needsClusterIP(svc)) return [];
  const ips = clusterIPsOf(svc.spec ?? {});
  return ips[0] === 'None' ? [] : ips.filter((ip) => ip !== '');
};
/** A []string as Go's %#v prints it, for errors whose value is a list of IPs. */
const goStrings = (list: readonly string[]) => `[]string{${list.map((s) => JSON.stringify(s)).join(', ')}}`;
/** An Invalid error on a list of IPs, worded as kube's. */
const invalidIPs = (path: FieldPath, ips: readonly string[], detail: string): FieldError => fieldErrors.invalid(path, omitValue, `${goStrings(ips)}: ${detail}`);
const same = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * kube's svcStrategy (pkg/registry/core/service/strategy.go): status is the controllers' to write
 * (empty on create, kept on update); an update that changes the type wipes what the old type
 * needed and the client left as it was (dropTypeDependentFields). Services carry no generation.
 */
export const serviceStrategy: Partial<RESTStrategy> = {
  // A PUT may create a missing Service (AllowCreateOnUpdate).
  allowCreateOnUpdate: true,
  resetFields: [['status']],
  prepareForCreate(svc) {
    svc.status = { loadBalancer: {} };
  },
  prepareForUpdate(svc, old) {
    if (old.status !== undefined) svc.status = old.status;
    else delete svc.status;
    if (svc.spec !== undefined) svc.spec = { ...svc.spec };
    dropTypeDependentFields(svc as NodePortService, old as NodePortService);
  },
};

/** The registry a wrapper reaches other resources through, read when a request comes. */
type RegistryView = () => readonly { info: ResourceInfo; store: GenericStore }[];

/**
 * Wraps the Service store with address allocation: cluster IPs (as IPAddress objects, through the
 * registry's `ipaddresses` store) and node ports on create, on an update that creates (server-side
 * apply) and on a change from or to ExternalName; the IPAddresses released on delete.
 */
export function createServiceStore(generic: GenericStore, _storage?: StorageInterface, registry?: RegistryView): GenericStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  let ipStore: GenericStore | undefined;
  const ipAddresses = (): GenericStore => {
    ipStore ??= registry?.().find((e) => e.info.group === 'networking.k8s.io' && e.info.resource === 'ipaddresses')?.store;
    if (!ipStore) throw newInternalError('failed to allocate a serviceIP: the networking.k8s.io/v1 ipaddresses resource is not served');
    return ipStore;
  };

  /** Writes the IPAddress of `ip` for the Service; false when one exists (the IP is taken). */
  const claim = async (ip: string, ref: { namespace: string; name: string }): Promise<boolean> => {
    try {
      await ipAddresses().create({}, serviceIPAddress(ip, ref) as KubeObject);
      return true;
    } catch (err) {
      if (isAlreadyExists(err)) return false;
      throw err;
    }
  };

  /** Deletes the IPAddresses of `ips`; as kube's Release, a failure is no error. */
  const release = async (ips: readonly string[]) => {
    if (ips.length === 0) return;
    const store = ipAddresses();
    await Promise.all(ips.map((ip) => store.delete({}, ip).catch(() => undefined)));
  };

  /** A random free address, upper range first (allocateNextService); its IPAddress written. */
  const claimNext = async (ref: { namespace: string; name: string }): Promise<string> => {
    for (const [from, count] of [
      [firstIP + rangeOffset, lastIP - firstIP + 1 - rangeOffset],
      [firstIP, rangeOffset],
    ] as const) {
      const offset = Math.floor(Math.random() * count);
      for (let i = 0; i < count; i++) {
        const ip = intToIp(from + ((offset + i) % count));
        if (await claim(ip, ref)) return ip;
      }
    }
    throw newInternalError('failed to allocate a serviceIP: range is full');
  };

  /**
   * Gives the Service its cluster IP (allocClusterIPs): the one it asks for, or a random one. Dry
   * run writes nothing, as kube's dry-run allocator: an asked IP is checked against the range only,
   * and a random one is the range's network address. Returns the addresses whose IPAddress it wrote.
   */
  const allocateClusterIP = async (svc: Service, ns: string, dryRun: boolean): Promise<string[]> => {
    const spec = (svc.spec ??= {});
    if (!needsClusterIP(svc)) return [];
    const asked = spec.clusterIPs?.[0] ?? spec.clusterIP ?? '';
    if (asked === 'None') return [];
    const ref = { namespace: ns, name: svc.metadata?.name ?? '' };
    if (asked === '') {
      const ip = dryRun ? intToIp(serviceCIDR.base) : await claimNext(ref);
      spec.clusterIP = ip;
      spec.clusterIPs = [ip];
      return dryRun ? [] : [ip];
    }
    const n = ipToInt(asked);
    // Format errors are the validation's to report.
    if (n === undefined) return [];
    const refuse = (why: string) => {
      const err = invalidIPs(FieldPath.of('spec', 'clusterIPs'), spec.clusterIPs ?? [asked], `failed to allocate IP ${asked}: ${why}`);
      throw newInvalid({ group: '', kind: 'Service' }, ref.name, [err]);
    };
    if (n < firstIP || n > lastIP) {
      // The dry-run allocator checks its range; the real one first looks for a ServiceCIDR holding the IP.
      refuse(dryRun ? `the provided IP (${asked}) is not in the valid range. The range of valid IPs is ${serviceCIDR.text}` : 'the provided network does not match the current range');
    }
    if (dryRun) return [];
    if (!(await claim(asked, ref))) refuse('provided IP is already allocated');
    return [asked];
  };

  /** The node ports the stored Services hold, but for the one `except` (the Service being updated). */
  const usedPorts = async (except?: { namespace: string; name: string }): Promise<number[]> => {
    const all = await generic.list({});
    return all.items.flatMap((svc) =>
      except && svc.metadata?.namespace === except.namespace && svc.metadata.name === except.name ? [] : heldNodePorts(svc as NodePortService),
    );
  };

  /**
   * Allocates what a new Service needs (allocateCreate): cluster IP first, then node ports; a
   * failure leaves no IPAddress behind. Returns the addresses written. A Service that cannot be
   * stored under its name or namespace gets nothing: the store's error answers.
   */
  const allocateCreate = async (svc: Service, ns: string, dryRun: boolean): Promise<string[]> => {
    const name = svc.metadata?.name ?? '';
    if (ns === '' || name === '' || isValidPathSegmentName(name).length > 0) return [];
    const claimed = await allocateClusterIP(svc, ns, dryRun);
    try {
      const node = svc as NodePortService;
      if (needsNodePorts(node) || needsHealthCheck(node)) allocateCreateNodePorts(node, startNodePortOperation(await usedPorts(), dryRun));
    } catch (err) {
      await release(claimed);
      throw err;
    }
    return claimed;
  };

  /**
   * What an update of a stored Service changes in its addresses (beginUpdate, updateClusterIPs):
   * an omitted cluster IP is kept; a change to ExternalName drops the IP fields the client left
   * as they were and releases the IP once written; a change from ExternalName allocates one. The
   * cluster IP of a Service that keeps one may not change (validateUpgradeDowngradeClusterIPs).
   */
  const prepareUpdate = async (svc: Service, old: Service, ns: string, dryRun: boolean): Promise<{ claimed: string[]; toRelease: string[] }> => {
    const spec = (svc.spec ??= {});
    const oldSpec = old.spec ?? {};
    const oldNeeds = needsClusterIP(old);
    const newNeeds = needsClusterIP(svc);
    if (oldNeeds && newNeeds) {
      // patchAllocatedValues
      if (!spec.clusterIP && oldSpec.clusterIP) spec.clusterIP = oldSpec.clusterIP;
      if ((spec.clusterIPs ?? []).length === 0 && (oldSpec.clusterIPs ?? []).length > 0) spec.clusterIPs = [...oldSpec.clusterIPs!];
      const was = oldSpec.clusterIPs ?? [];
      const now = spec.clusterIPs ?? [];
      const headless = (ips: string[]) => ips.length === 1 && ips[0] === 'None';
      if (!(headless(was) && headless(now)) && was.length === now.length) {
        const errs = was.flatMap((ip, i) => (ip === now[i] ? [] : [invalidIPs(FieldPath.of('spec', 'clusterIPs').index(i), now, 'may not change once set')]));
        if (errs.length > 0) throw newInvalid({ group: '', kind: 'Service' }, svc.metadata?.name ?? '', errs);
      }
      return { claimed: [], toRelease: [] };
    }
    if (oldNeeds && !newNeeds) {
      // dropTypeDependentFields: wipe what may have been set for the old type, unless the client changed it.
      if (spec.clusterIP === oldSpec.clusterIP && same(spec.clusterIPs, oldSpec.clusterIPs)) {
        delete spec.clusterIP;
        delete spec.clusterIPs;
      }
      if (same(spec.ipFamilies, oldSpec.ipFamilies)) delete spec.ipFamilies;
      if (spec.ipFamilyPolicy === oldSpec.ipFamilyPolicy) delete spec.ipFamilyPolicy;
      return { claimed: [], toRelease: heldIPs(old) };
    }
    if (!oldNeeds && newNeeds) return { claimed: await allocateClusterIP(svc, ns, dryRun), toRelease: [] };
    return { claimed: [], toRelease: [] };
  };

  return {
    ...generic,
    create(ctx, input, opts = {}) {
      const obj = structuredClone(input) as Service;
      const meta = metaOf(obj);
      // kube names the object before its allocation, which records the name in the IPAddress.
      if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
      const ns = ctx.namespace ?? '';
      const run = async () => {
        const claimed = await allocateCreate(obj, ns, opts.dryRun === true);
        try {
          return await generic.create(ctx, obj, opts);
        } catch (err) {
          await release(claimed);
          throw err;
        }
      };
      return needsNodePorts(obj as NodePortService) ? serialised(run) : run();
    },

    update(ctx, name, objInfo, opts = {}) {
      const ns = ctx.namespace ?? '';
      const dryRun = opts.dryRun === true;
      // guaranteedUpdate may run the update function again on a conflict: each run starts clean.
      let claimed: string[] = [];
      let toRelease: string[] = [];
      const run = async () => {
        let result: UpdateResult;
        try {
          result = await generic.update(
            ctx,
            name,
            async (old) => {
              await release(claimed);
              claimed = [];
              toRelease = [];
              const obj = (await objInfo(old)) as Service;
              if (old === undefined) {
                claimed = await allocateCreate(obj, ns, dryRun);
                return obj;
              }
              // What follows sets fields below spec, which may be shared with the stored object.
              const node = obj as NodePortService;
              if (node.spec) node.spec = { ...node.spec, ...(node.spec.ports ? { ports: node.spec.ports.map((p) => ({ ...p })) } : {}) };
              patchAllocatedNodePorts(node, old as NodePortService);
              ({ claimed, toRelease } = await prepareUpdate(obj, old as Service, ns, dryRun));
              allocateUpdateNodePorts(node, old as NodePortService, startNodePortOperation(await usedPorts({ namespace: ns, name }), dryRun));
              return obj;
            },
            opts,
          );
        } catch (err) {
          await release(claimed);
          throw err;
        }
        if (dryRun) return result;
        // An update that clears the last finalizer of a deleted Service deletes it.
        const m = result.object.metadata ?? {};
        if (m.deletionTimestamp && (m.finalizers ?? []).length === 0) toRelease = heldIPs(result.object as Service);
        await release(toRelease);
        return result;
      };
      // Any update may take node ports (a new type, a new port, a create through apply).
      return serialised(run);
    },

    async delete(ctx, name, opts = {}) {
      const result = await generic.delete(ctx, name, opts);
      // Services answer deletes with the deleted object (ReturnDeletedObject).
      if (result.deleted && !opts.dryRun && result.object.kind === 'Service') await release(heldIPs(result.object as Service));
      return result;
    },
  };
}
