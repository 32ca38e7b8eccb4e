// What a fresh cluster holds before anyone writes, as kube-apiserver writes it at start:
// - the RBAC bootstrap policy (post-start hook `rbac/bootstrap-roles`, pkg/registry/rbac/rest/storage_rbac.go),
//   the `system:controller:*` ClusterRoles and ClusterRoleBindings included,
//   reconciled as pkg/registry/rbac/reconciliation does: missing objects are created; existing ones
//   gain missing rules, subjects, aggregation selectors, labels and annotations, unless they carry
//   `rbac.authorization.kubernetes.io/autoupdate: "false"`;
// - the `kubernetes` Service in `default`, its Endpoints (and EndpointSlice where served) pointing at
//   the server (pkg/controlplane/controller/kubernetesservice, pkg/controlplane/reconcilers);
// - the IPAddress of every Service cluster IP stored without one (the IPAddress repair controller,
//   pkg/registry/core/service/ipallocator/controller/repairip.go);
// - the system PriorityClasses (pkg/registry/scheduling/rest/storage_scheduling.go).
import { isAlreadyExists, isConflict, isInvalid, isNotFound, metaOf, type KubeObject } from '@kapi/apimachinery';
import type { Registry } from '@kapi/registry';
import { defaultServiceCIDR, kubernetesServiceEndpoints, serviceIPAddress } from '@kapi/api';
import { clusterRoleBindings, clusterRoles, controllerRoleBindings, controllerRoles, roleBindings, roles } from './generated/rbac-policy.ts';
import { localAPIServices } from './apiservices.ts';
import { ensureFlowcontrolBootstrap } from './flowcontrol.ts';

export { clusterRoleBindings, clusterRoles, controllerRoleBindings, controllerRoles, roleBindings, roles } from './generated/rbac-policy.ts';

/** The first address of the service CIDR (10.96.0.0/12): the `kubernetes` Service's cluster IP. */
export const kubernetesServiceIP = '10.96.0.1';

const autoupdateAnnotation = 'rbac.authorization.kubernetes.io/autoupdate';

interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}
interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

const clone = <T>(v: T): T => structuredClone(v);
const json = (v: unknown): string => JSON.stringify(v ?? null);

/** One verb on one thing: the unit kube's validation.Covers compares (BreakdownRule). */
function breakdown(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const verb of rule.verbs ?? []) {
    for (const group of rule.apiGroups ?? []) {
      for (const resource of rule.resources ?? []) {
        if ((rule.resourceNames ?? []).length === 0) out.push({ verbs: [verb], apiGroups: [group], resources: [resource] });
        for (const name of rule.resourceNames ?? []) out.push({ verbs: [verb], apiGroups: [group], resources: [resource], resourceNames: [name] });
      }
    }
    for (const url of rule.nonResourceURLs ?? []) out.push({ verbs: [verb], nonResourceURLs: [url] });
  }
  return out;
}

const hasAll = (have: string[] | undefined, want: string[] | undefined): boolean =>
  (want ?? []).every((w) => (have ?? []).includes('*') || (have ?? []).includes(w));

function resourceCovers(have: string[] | undefined, want: string[] | undefined): boolean {
  return (want ?? []).every((w) => {
    const h = have ?? [];
    if (h.includes('*') || h.includes(w)) return true;
    // `*/status` covers every status subresource.
    const slash = w.indexOf('/');
    return slash >= 0 && h.includes(`*${w.slice(slash)}`);
  });
}

function nonResourceCovers(have: string[] | undefined, want: string[] | undefined): boolean {
  return (want ?? []).every((w) => (have ?? []).some((h) => h === w || h === '*' || (h.endsWith('*') && w.startsWith(h.slice(0, -1)))));
}

/** rbac/validation ruleCovers: whether `owner` grants everything `sub` (one atom) grants. */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  return (
    hasAll(owner.verbs, sub.verbs) &&
    hasAll(owner.apiGroups, sub.apiGroups) &&
    resourceCovers(owner.resources, sub.resources) &&
    nonResourceCovers(owner.nonResourceURLs, sub.nonResourceURLs) &&
    ((owner.resourceNames ?? []).length === 0 || hasAll(owner.resourceNames, sub.resourceNames))
  );
}

/** The atoms of `wanted` that no rule of `have` covers (rbac/validation.Covers). */
function uncovered(have: PolicyRule[], wanted: PolicyRule[]): PolicyRule[] {
  return wanted.flatMap(breakdown).filter((atom) => !have.some((r) => ruleCovers(r, atom)));
}

/** Labels and annotations: the existing values win, missing keys are added (reconciliation's merge). */
function mergeMeta(existing: KubeObject, expected: KubeObject): boolean {
  const meta = metaOf(existing);
  const want = metaOf(expected);
  let changed = false;
  for (const key of ['labels', 'annotations'] as const) {
    const merged = { ...(want[key] ?? {}), ...(meta[key] ?? {}) };
    if (json(merged) !== json(meta[key] ?? {})) {
      meta[key] = merged;
      changed = true;
    }
  }
  return changed;
}

/** computeReconciledRole: the existing role with what the expected one adds, or undefined when nothing. */
export function reconcileRole(existing: KubeObject, expected: KubeObject): KubeObject | undefined {
  if (metaOf(existing).annotations?.[autoupdateAnnotation] === 'false') return undefined;
  const out = clone(existing);
  let changed = mergeMeta(out, expected);
  const missing = uncovered((out.rules as PolicyRule[] | undefined) ?? [], (expected.rules as PolicyRule[] | undefined) ?? []);
  if (missing.length > 0) {
    out.rules = [...((out.rules as PolicyRule[] | undefined) ?? []), ...missing];
    changed = true;
  }
  const wantAgg = expected.aggregationRule as { clusterRoleSelectors?: unknown[] } | undefined;
  if (wantAgg) {
    const agg = ((out.aggregationRule as { clusterRoleSelectors?: unknown[] } | undefined) ?? {}) as { clusterRoleSelectors?: unknown[] };
    const have = agg.clusterRoleSelectors ?? [];
    const add = (wantAgg.clusterRoleSelectors ?? []).filter((s) => !have.some((h) => json(h) === json(s)));
    if (add.length > 0 || out.aggregationRule === undefined) {
      out.aggregationRule = { ...agg, clusterRoleSelectors: [...have, ...add] };
      changed = true;
    }
  }
  return changed ? out : undefined;
}

const subjectKey = (s: Subject): string => json([s.kind, s.apiGroup ?? '', s.name, s.namespace ?? '']);

/**
 * computeReconciledRoleBinding: the existing binding with the missing subjects added; `recreate` when
 * its roleRef differs (a roleRef cannot be updated).
 */
export function reconcileBinding(existing: KubeObject, expected: KubeObject): { object: KubeObject; recreate: boolean } | undefined {
  if (metaOf(existing).annotations?.[autoupdateAnnotation] === 'false') return undefined;
  if (json(existing.roleRef) !== json(expected.roleRef)) {
    const object = clone(expected);
    mergeMeta(object, existing);
    const have = (expected.subjects as Subject[] | undefined) ?? [];
    const extra = ((existing.subjects as Subject[] | undefined) ?? []).filter((s) => !have.some((h) => subjectKey(h) === subjectKey(s)));
    if (extra.length > 0) object.subjects = [...have, ...extra];
    return { object, recreate: true };
  }
  const out = clone(existing);
  let changed = mergeMeta(out, expected);
  const have = (out.subjects as Subject[] | undefined) ?? [];
  const missing = ((expected.subjects as Subject[] | undefined) ?? []).filter((s) => !have.some((h) => subjectKey(h) === subjectKey(s)));
  if (missing.length > 0) {
    out.subjects = [...have, ...missing];
    changed = true;
  }
  return changed ? { object: out, recreate: false } : undefined;
}

type Store = NonNullable<ReturnType<Registry['lookup']>>['store'];

function storeOf(registry: Registry, group: string, version: string, resource: string): Store | undefined {
  return registry.lookup(group, version, resource)?.store;
}

const keyOf = (obj: KubeObject) => `${metaOf(obj).namespace ?? ''}/${metaOf(obj).name ?? ''}`;

/**
 * The objects `store` holds, by namespace and name: one list instead of a create that fails for
 * each object a restart finds in place.
 */
async function stored(store: Store): Promise<Map<string, KubeObject>> {
  return new Map((await store.list({})).items.map((o) => [keyOf(o), o]));
}

/** Creates `expected`, or reconciles the object that exists; never throws for a lost race. */
async function ensure(
  store: Store,
  expected: KubeObject,
  reconcile: (existing: KubeObject) => { object: KubeObject; recreate: boolean } | undefined,
  /**
   * Look before creating: a Service's create allocates (and refuses a taken IP) before it sees the
   * name. A map is what a list found just before: the object it holds is reconciled, a missing one
   * created (as without it, a create that loses a race reconciles what won).
   */
  getFirst: boolean | Map<string, KubeObject> = false,
  attempt = 0,
): Promise<void> {
  const meta = metaOf(expected);
  const ctx = meta.namespace ? { namespace: meta.namespace } : {};
  const name = meta.name!;
  let existing: KubeObject | undefined;
  if (getFirst instanceof Map) {
    existing = getFirst.get(keyOf(expected));
  } else if (getFirst) {
    existing = await store.get(ctx, name).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
      return undefined;
    });
  }
  if (existing === undefined) {
    try {
      await store.create(ctx, clone(expected));
      return;
    } catch (err) {
      // Another server over the same storage may have created it meanwhile: a Service's create
      // then fails on its taken IP (Invalid) before it could fail on the name.
      if (!isAlreadyExists(err) && !(getFirst === true && isInvalid(err))) throw err;
      existing = await store.get(ctx, name).catch((getErr: unknown) => {
        if (isNotFound(getErr)) throw err;
        throw getErr;
      });
    }
  }
  const result = reconcile(existing);
  if (!result) return;
  if (result.recreate) {
    await store.delete(ctx, name, {}).catch((err: unknown) => {
      if (!isNotFound(err)) throw err;
    });
    const object = clone(result.object);
    delete metaOf(object).resourceVersion;
    delete metaOf(object).uid;
    delete metaOf(object).creationTimestamp;
    await store.create(ctx, object);
    return;
  }
  try {
    await store.update(ctx, name, () => result.object);
  } catch (err) {
    // Changed by another server meanwhile: reconcile again against what it wrote (RetryOnConflict).
    if (!isConflict(err) || attempt >= 5) throw err;
    await ensure(store, expected, reconcile, true, attempt + 1);
  }
}

/**
 * The RBAC bootstrap policy (post-start hook `rbac/bootstrap-roles`), created or reconciled in one
 * pass. As kube's PostStartHook, the `system:controller:*` roles and their bindings
 * (bootstrappolicy.ControllerRoles/ControllerRoleBindings) are ClusterRoles and ClusterRoleBindings
 * like the others and are reconciled the same way.
 */
export async function ensureBootstrapPolicy(registry: Registry): Promise<void> {
  const group = 'rbac.authorization.k8s.io';
  const sets: [string, readonly KubeObject[], boolean][] = [
    ['clusterroles', [...clusterRoles, ...controllerRoles], true],
    ['clusterrolebindings', [...clusterRoleBindings, ...controllerRoleBindings], false],
    ['roles', roles, true],
    ['rolebindings', roleBindings, false],
  ];
  await Promise.all(
    sets.map(async ([resource, objects, isRole]) => {
      const store = storeOf(registry, group, 'v1', resource);
      if (!store) return;
      const known = await stored(store);
      await Promise.all(
        objects.map((o) =>
          ensure(
            store,
            o,
            (existing) => {
              if (isRole) {
                const object = reconcileRole(existing, o);
                return object ? { object, recreate: false } : undefined;
              }
              return reconcileBinding(existing, o);
            },
            known,
          ),
        ),
      );
    }),
  );
}

/** The `kubernetes` Service as kube's kubernetesservice controller writes it. */
export function kubernetesService(port: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      ports: [{ name: 'https', protocol: 'TCP', port: 443, targetPort: port }],
      clusterIP: kubernetesServiceIP,
      clusterIPs: [kubernetesServiceIP],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
  };
}

/** Its Endpoints, as the endpoints reconciler writes them (never mirrored to slices). */
export function kubernetesEndpoints(port: number, ip: string): KubeObject {
  return kubernetesServiceEndpoints({ addresses: [ip], port }).endpoints as KubeObject;
}

/** Its EndpointSlice, as the endpoints reconciler writes it beside the Endpoints. */
export function kubernetesEndpointSlice(port: number, ip: string): KubeObject {
  return kubernetesServiceEndpoints({ addresses: [ip], port }).endpointSlice as KubeObject;
}

/** The fields of `expected` the controller owns, copied over `existing`; undefined when equal. */
function overwrite(existing: KubeObject, expected: KubeObject, fields: string[], sub?: (spec: Record<string, unknown>) => Record<string, unknown>): KubeObject | undefined {
  const out = clone(existing);
  let changed = false;
  for (const f of fields) {
    const want = sub ? sub(expected[f] as Record<string, unknown>) : expected[f];
    const have = sub ? sub((existing[f] ?? {}) as Record<string, unknown>) : existing[f];
    if (json(want) !== json(have)) {
      out[f] = sub ? { ...((existing[f] ?? {}) as object), ...(want as object) } : clone(want);
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/**
 * The `kubernetes` Service, and its Endpoints and EndpointSlice when the server has an address they
 * may hold: created when missing; the ports updated when the server's port changed (kube's
 * CreateOrUpdateMasterServiceIfNeeded and the endpoint reconciler). kube's Endpoints validation
 * refuses loopback addresses (ValidateNonSpecialIP), and kapi listens on 127.0.0.1 only: without an
 * advertised non-loopback address no Endpoints are written, as kube could not write them either.
 */
export async function ensureKubernetesService(registry: Registry, port: number, advertiseAddress?: string): Promise<void> {
  const services = storeOf(registry, '', 'v1', 'services');
  const ip = advertiseAddress ?? '';
  const endpoints = advertiseAddress === undefined ? undefined : storeOf(registry, '', 'v1', 'endpoints');
  const slices = advertiseAddress === undefined ? undefined : storeOf(registry, 'discovery.k8s.io', 'v1', 'endpointslices');
  const pick = (spec: Record<string, unknown>) => ({ ports: spec.ports, type: spec.type });
  await Promise.all([
    services &&
      ensure(services, kubernetesService(port), (existing) => {
        const object = overwrite(existing, kubernetesService(port), ['spec'], pick);
        return object ? { object, recreate: false } : undefined;
      }, true),
    endpoints &&
      ensure(endpoints, kubernetesEndpoints(port, ip), (existing) => {
        const object = overwrite(existing, kubernetesEndpoints(port, ip), ['subsets']);
        return object ? { object, recreate: false } : undefined;
      }),
    slices &&
      ensure(slices, kubernetesEndpointSlice(port, ip), (existing) => {
        const object = overwrite(existing, kubernetesEndpointSlice(port, ip), ['endpoints', 'ports']);
        return object ? { object, recreate: false } : undefined;
      }),
  ]);
}

/**
 * The IPAddress of each Service cluster IP that has none, as kube's IPAddress repair controller
 * writes them: a Service stored before its allocator kept IPAddresses (the `kubernetes` Service of
 * an older data directory) holds its IP from then on. The Service store writes them for new ones.
 */
export async function ensureServiceIPAddresses(registry: Registry): Promise<void> {
  const services = storeOf(registry, '', 'v1', 'services');
  const ipAddresses = storeOf(registry, 'networking.k8s.io', 'v1', 'ipaddresses');
  if (!services || !ipAddresses) return;
  const held = new Set((await ipAddresses.list({})).items.map((ip) => metaOf(ip).name));
  for (const svc of (await services.list({})).items) {
    const spec = (svc.spec ?? {}) as { type?: string; clusterIPs?: string[] };
    if (spec.type === 'ExternalName') continue;
    const meta = metaOf(svc);
    for (const ip of spec.clusterIPs ?? []) {
      if (ip === '' || ip === 'None' || held.has(ip)) continue;
      await ipAddresses.create({}, serviceIPAddress(ip, { namespace: meta.namespace ?? '', name: meta.name ?? '' }) as KubeObject).catch((err: unknown) => {
        // Taken meanwhile, or not an address an IPAddress may name: the repair leaves it.
        if (!isAlreadyExists(err) && !isInvalid(err)) throw err;
      });
    }
  }
}

/**
 * The two system PriorityClasses (pkg/apis/scheduling SystemPriorityClasses, created by the
 * `scheduling/bootstrap-system-priority-classes` post-start hook): created when missing, never changed.
 */
export const systemPriorityClasses: readonly KubeObject[] = [
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-node-critical' },
    value: 2000001000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-cluster-critical' },
    value: 2000000000,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

export async function ensureSystemPriorityClasses(registry: Registry): Promise<void> {
  const store = storeOf(registry, 'scheduling.k8s.io', 'v1', 'priorityclasses');
  if (!store) return;
  const known = await stored(store);
  await Promise.all(systemPriorityClasses.map((pc) => ensure(store, pc, () => undefined, known)));
}

/** Everything a fresh server holds before anyone writes; idempotent, run at every start. */
export async function ensureBootstrapObjects(registry: Registry, port: number, advertiseAddress?: string): Promise<void> {
  await Promise.all([
    ensureBootstrapPolicy(registry),
    ensureKubernetesService(registry, port, advertiseAddress).then(() => ensureServiceIPAddresses(registry)),
    ensureSystemPriorityClasses(registry),
    ensureFlowcontrolBootstrap(registry),
    ensureLocalAPIServices(registry),
    ensureDefaultServiceCIDR(registry),
  ]);
}

/**
 * The local APIServices kube-aggregator's autoregister controller keeps, one per served built-in
 * group version: created when missing; their spec restored when it differs.
 */
export async function ensureLocalAPIServices(registry: Registry): Promise<void> {
  const store = storeOf(registry, 'apiregistration.k8s.io', 'v1', 'apiservices');
  if (!store) return;
  const served = registry.resources.map((e) => ({ group: e.info.group, version: e.info.version }));
  const known = await stored(store);
  await Promise.all(
    localAPIServices(served).map((svc) =>
      ensure(
        store,
        svc as KubeObject,
        (existing) => {
          const object = overwrite(existing, svc as KubeObject, ['spec']);
          return object ? { object, recreate: false } : undefined;
        },
        known,
      ),
    ),
  );
}

/** The service CIDR kapi allocates cluster IPs from (kube's default for kubeadm clusters). */
export const serviceClusterIPRange = '10.96.0.0/12';

/**
 * The `kubernetes` ServiceCIDR that kube 1.33's default-servicecidr controller keeps for
 * --service-cluster-ip-range, Ready: created when missing, never changed.
 */
export async function ensureDefaultServiceCIDR(registry: Registry): Promise<void> {
  const store = storeOf(registry, 'networking.k8s.io', 'v1', 'servicecidrs');
  if (!store) return;
  const cidr = defaultServiceCIDR([serviceClusterIPRange], new Date().toISOString().replace(/\.\d+Z$/, 'Z'));
  try {
    await store.create({}, { ...cidr, status: undefined } as KubeObject);
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    return;
  }
  // Status is the controller's to write, through the status subresource.
  const status = registry.lookup('networking.k8s.io', 'v1', 'servicecidrs')?.subresources.status;
  await status?.update({}, 'kubernetes', (old) => ({ ...old!, status: cidr.status }));
}
