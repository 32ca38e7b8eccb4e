// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/customresource_handler.go (serving the
// versions of every established CRD), pkg/controller/status/naming_controller.go,
// pkg/controller/establish (the CRD's accepted names and conditions) and
// pkg/controller/finalizer/crd_finalizer.go (deleting a CRD's objects before the CRD) (v0.33): a CRD
// created, changed or deleted changes what this server serves as soon as the CRD's watch event
// arrives — on every server over the same storage, since each runs this controller.
import {
  calculateNamesAndConditions,
  createWebhookTransport,
  customResourceCleanupFinalizer,
  findCrdCondition,
  reconcileCrdStatus,
  setCrdCondition,
  terminatingConditions,
  type ServiceResolver,
} from '@kapi/apiextensions';
import { isConflict, isNotFound, type KubeObject, type Watcher } from '@kapi/apimachinery';
import { customResourceResources, loadCel, mayHoldRules, type ConversionWebhookTransportFactory, type CustomResourceDefinitionObject, type Registry } from '@kapi/registry';

const crdGroup = 'apiextensions.k8s.io';

/** The controller serving a registry's custom resources; stop() ends it. */
export interface CustomResourceController {
  /** Resolves once the CRDs stored at start are served. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

const json = (v: unknown) => JSON.stringify(v ?? null);

/** How long the cleanup waits for a deleted CRD's objects to be gone before it reports so (kube: a minute). */
export const instanceDeletionTimeoutMs = 60_000;
/** How long before a failed cleanup is tried again. */
const cleanupRetryMs = 5_000;

type AcceptedNames = NonNullable<NonNullable<CustomResourceDefinitionObject['status']>['acceptedNames']>;
type Condition = { type: string; status: string; reason?: string; message?: string };
const errText = (err: unknown) => (err as { status?: { message?: string } }).status?.message ?? (err instanceof Error ? err.message : String(err));

type ServiceObject = KubeObject & { spec?: { type?: string; clusterIP?: string; externalName?: string; ports?: { port?: number }[] } };

/**
 * kube-apiserver's ClusterIP service resolver (aggregator's ResolveCluster) over the registry's
 * Services: a conversion webhook's service reference goes to the service's cluster IP, or to an
 * ExternalName's name (the transport then calls it only when that is a loopback address).
 */
export function clusterIPServiceResolver(registry: Registry): ServiceResolver {
  return async (namespace, name, port) => {
    const services = registry.lookup('', 'v1', 'services');
    const svc = (await services?.store.get({ namespace }, name).catch((err: unknown) => {
      if (isNotFound(err)) throw new Error(`service ${json(name)} not found`);
      throw err;
    })) as ServiceObject | undefined;
    if (!svc) throw new Error(`service ${json(name)} not found`);
    const spec = svc.spec ?? {};
    const type = spec.type ?? 'ClusterIP';
    if (type === 'ClusterIP' && spec.clusterIP === 'None') throw new Error('cannot route to service with ClusterIP "None"');
    if (type === 'ClusterIP' || type === 'LoadBalancer' || type === 'NodePort') {
      if (!(spec.ports ?? []).some((p) => p.port === port)) throw new Error(`no service port ${port} found for service ${json(name)}`);
      return { host: spec.clusterIP ?? '', port };
    }
    if (type === 'ExternalName') return { host: spec.externalName ?? '', port };
    throw new Error(`unsupported service type ${json(type)}`);
  };
}

/** How the CRDs of a registry call their conversion webhooks: HTTPS, services resolved through the registry. */
export function conversionWebhookTransports(registry: Registry): ConversionWebhookTransportFactory {
  const resolveService = clusterIPServiceResolver(registry);
  return (config) => createWebhookTransport(config, { resolveService });
}

/**
 * Serves the custom resources of every CRD whose names are accepted, writes the CRDs' status
 * (acceptedNames, NamesAccepted, Established, NonStructuralSchema, storedVersions) as kube's
 * controllers do, and stops serving (and deletes the objects of) a CRD that is deleted.
 */
export function startCustomResourceController(registry: Registry, onError: (err: unknown) => void = () => {}): CustomResourceController {
  const entry = registry.lookup(crdGroup, 'v1', 'customresourcedefinitions');
  if (!entry) return { ready: Promise.resolve(), stop: async () => {} };
  const crds = entry.store;
  const status = entry.subresources.status;
  /** What each CRD serves now: its fingerprint and the group/version/plural keys. */
  const served = new Map<string, { fingerprint: string; keys: { group: string; version: string; resource: string }[] }>();
  const webhookTransport = conversionWebhookTransports(registry);
  let stopped = false;
  let watcher: Watcher | undefined;
  let queue: Promise<void> = Promise.resolve();

  const unserve = async (name: string) => {
    const s = served.get(name);
    if (!s) return;
    served.delete(name);
    for (const k of s.keys) await registry.unserve(k.group, k.version, k.resource);
  };

  /** Writes the CRD's status (and finalizers) through /status; a conflict or a vanished CRD is left to the next event. */
  const writeStatus = async (name: string, change: (crd: CustomResourceDefinitionObject) => CustomResourceDefinitionObject) => {
    if (!status) return;
    await status
      .update({}, name, (old) => {
        if (!old) throw new Error('gone');
        return change(structuredClone(old) as CustomResourceDefinitionObject);
      })
      .catch((err: unknown) => {
        if (!isConflict(err) && !isNotFound(err)) throw err;
      });
  };
  const withCondition =
    (cond: Condition) =>
    (crd: CustomResourceDefinitionObject): CustomResourceDefinitionObject => ({
      ...crd,
      status: setCrdCondition(crd.status as never, cond as never, new Date()) as NonNullable<CustomResourceDefinitionObject['status']>,
    });

  /** The finalizer's instance deletion: every object deleted, then waited for (finalizers of their own hold them). */
  const deleteInstances = async (name: string): Promise<{ condition: Condition; failed: boolean }> => {
    const first = served.get(name)?.keys[0];
    const e = first && registry.lookup(first.group, first.version, first.resource);
    if (!e) return { condition: terminatingConditions.neverEstablished, failed: false };
    const ctxOf = (obj: KubeObject) => (e.info.namespaced ? { namespace: obj.metadata?.namespace ?? '' } : {});
    let items: KubeObject[];
    try {
      items = (await e.store.list({})).items;
    } catch (err) {
      return { condition: terminatingConditions.listFailed(errText(err)), failed: true };
    }
    const errors: string[] = [];
    for (const obj of items) {
      if (obj.metadata?.deletionTimestamp) continue;
      await e.store.delete(ctxOf(obj), obj.metadata?.name ?? '').catch((err: unknown) => {
        if (!isNotFound(err)) errors.push(errText(err));
      });
    }
    if (errors.length > 0) return { condition: terminatingConditions.deleteFailed(errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`), failed: true };
    const deadline = Date.now() + instanceDeletionTimeoutMs;
    for (let wait = 20; !stopped; wait = Math.min(wait * 2, 1_000)) {
      const left = await e.store.list({}).then(
        (l) => l.items.length,
        () => -1,
      );
      if (left === 0) return { condition: terminatingConditions.deletionCompleted, failed: false };
      if (Date.now() > deadline) return { condition: terminatingConditions.checkFailed('timed out waiting for the condition'), failed: true };
      await new Promise((r) => setTimeout(r, wait).unref());
    }
    return { condition: terminatingConditions.checkFailed('stopped'), failed: true };
  };

  /** kube's CRD finalizer for one CRD: InstanceDeletionInProgress, the objects deleted, the finalizer removed (which deletes the CRD). */
  const finalizing = new Set<string>();
  const finalize = (crd: CustomResourceDefinitionObject) => {
    const name = crd.metadata?.name ?? '';
    if (finalizing.has(name)) return;
    finalizing.add(name);
    void (async () => {
      try {
        await writeStatus(name, withCondition(terminatingConditions.deletionInProgress));
        const established = findCrdCondition(crd.status as never, 'Established')?.status === 'True';
        const { condition, failed } = established ? await deleteInstances(name) : { condition: terminatingConditions.neverEstablished, failed: false };
        if (failed) {
          await writeStatus(name, withCondition(condition));
          if (!stopped) setTimeout(() => void enqueue(reconcileAll), cleanupRetryMs).unref();
          return;
        }
        await writeStatus(name, (c) => {
          const out = withCondition(condition)(c);
          const meta = { ...(out.metadata ?? {}) };
          meta.finalizers = (meta.finalizers ?? []).filter((f) => f !== customResourceCleanupFinalizer);
          if (meta.finalizers.length === 0) delete meta.finalizers;
          return { ...out, metadata: meta };
        });
      } catch (err) {
        if (!stopped) onError(err);
      } finally {
        finalizing.delete(name);
      }
    })();
  };

  const reconcile = async (crd: CustomResourceDefinitionObject, all: CustomResourceDefinitionObject[]) => {
    const name = crd.metadata?.name ?? '';
    const terminating = crd.metadata?.deletionTimestamp !== undefined;
    // A terminating CRD stays served (without creates) while its objects are deleted.
    if (terminating && (crd.metadata?.finalizers ?? []).includes(customResourceCleanupFinalizer) && served.has(name)) {
      await serve(crd, crd.status?.acceptedNames ?? {}, true);
      finalize(crd);
      return;
    }
    if (terminating) {
      if ((crd.metadata?.finalizers ?? []).includes(customResourceCleanupFinalizer)) finalize(crd);
      return;
    }
    const now = new Date();
    const others = all.filter((c) => c.metadata?.name !== name);
    const next = reconcileCrdStatus(crd as never, others as never, now) as CustomResourceDefinitionObject['status'];
    const names = calculateNamesAndConditions(crd as never, others as never);
    if (json(next) !== json(crd.status) && status) {
      await status
        .update({}, name, (old) => {
          if (!old) throw new Error('gone');
          return { ...old, status: next };
        })
        .catch((err: unknown) => {
          // A newer version of the CRD is on its way: its event reconciles again.
          if (!isConflict(err) && !isNotFound(err)) throw err;
        });
    }
    if (names.namesAccepted.status !== 'True') {
      await unserve(name);
      return;
    }
    await serve(crd, names.acceptedNames as AcceptedNames, false);
  };

  /** Serves the CRD's versions under `acceptedNames` (again when anything they depend on changed). */
  const serve = async (crd: CustomResourceDefinitionObject, acceptedNames: AcceptedNames, terminating: boolean) => {
    const name = crd.metadata?.name ?? '';
    const withNames = { ...crd, status: { ...(crd.status ?? {}), acceptedNames } } as CustomResourceDefinitionObject;
    const fingerprint = json([crd.spec, acceptedNames, terminating]);
    if (served.get(name)?.fingerprint === fingerprint) return;
    // CEL is loaded on first need: for the first CRD whose schemas hold validation rules.
    if (mayHoldRules(crd.spec)) await loadCel();
    if (served.get(name)?.fingerprint === fingerprint) return;
    const resources = customResourceResources(withNames, { terminating, webhookTransport });
    const keys = resources.map((r) => ({ group: r.definition.group, version: r.definition.version, resource: r.definition.resource }));
    const before = served.get(name)?.keys ?? [];
    for (const r of resources) registry.serve(r);
    for (const k of before) {
      if (!keys.some((x) => x.group === k.group && x.version === k.version && x.resource === k.resource)) await registry.unserve(k.group, k.version, k.resource);
    }
    served.set(name, { fingerprint, keys });
  };

  const reconcileAll = async () => {
    const list = await crds.list({});
    const all = list.items as CustomResourceDefinitionObject[];
    const present = new Set(all.map((c) => c.metadata?.name ?? ''));
    for (const name of [...served.keys()]) if (!present.has(name)) await unserve(name);
    for (const crd of all) await reconcile(crd, all);
    return list.metadata?.resourceVersion ?? '0';
  };

  /** One pass at a time, in event order. */
  const enqueue = (work: () => Promise<unknown>) => {
    queue = queue.then(work).then(
      () => {},
      (err: unknown) => {
        if (!stopped) onError(err);
      },
    );
    return queue;
  };

  const ready = (async () => {
    let rv = '0';
    await enqueue(async () => {
      rv = await reconcileAll();
    });
    if (stopped) return;
    watcher = await crds.watch({}, { resourceVersion: rv });
    void (async () => {
      try {
        for await (const ev of watcher!) {
          if (stopped) break;
          if (ev.type === 'BOOKMARK') continue;
          const obj = ev.object as KubeObject;
          if (ev.type === 'DELETED') void enqueue(() => unserve(obj.metadata?.name ?? ''));
          else void enqueue(reconcileAll);
        }
      } catch (err) {
        if (!stopped) onError(err);
      }
    })();
  })();

  return {
    ready,
    async stop() {
      stopped = true;
      watcher?.stop();
      await queue;
    },
  };
}
