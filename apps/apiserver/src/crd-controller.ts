// Behaviour of k8s.io/apiextensions-apiserver pkg/apiserver/customresource_handler.go (serving the
// versions of every established CRD), pkg/controller/status/naming_controller.go and
// pkg/controller/establish (the CRD's accepted names and conditions) (v0.33): a CRD created,
// changed or deleted changes what this server serves as soon as the CRD's watch event arrives —
// on every server over the same storage, since each runs this controller.
import { calculateNamesAndConditions, reconcileCrdStatus } from '@kapi/apiextensions';
import { isConflict, isNotFound, type KubeObject, type Watcher } from '@kapi/apimachinery';
import { customResourceResources, type CustomResourceDefinitionObject, type Registry } from '@kapi/registry';

const crdGroup = 'apiextensions.k8s.io';

/** The controller serving a registry's custom resources; stop() ends it. */
export interface CustomResourceController {
  /** Resolves once the CRDs stored at start are served. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

const json = (v: unknown) => JSON.stringify(v ?? null);

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
  let stopped = false;
  let watcher: Watcher | undefined;
  let queue: Promise<void> = Promise.resolve();

  const unserve = async (name: string, deleteObjects: boolean) => {
    const s = served.get(name);
    if (!s) return;
    served.delete(name);
    if (deleteObjects) {
      // kube's customresourcecleanup finalizer: the objects of a deleted CRD go with it.
      const first = s.keys[0];
      const e = first && registry.lookup(first.group, first.version, first.resource);
      if (e) {
        const list = await e.store.list({});
        for (const obj of list.items) {
          await e.store.delete(e.info.namespaced ? { namespace: obj.metadata?.namespace ?? '' } : {}, obj.metadata?.name ?? '').catch((err: unknown) => {
            if (!isNotFound(err)) throw err;
          });
        }
      }
    }
    for (const k of s.keys) await registry.unserve(k.group, k.version, k.resource);
  };

  const reconcile = async (crd: CustomResourceDefinitionObject, all: CustomResourceDefinitionObject[]) => {
    const name = crd.metadata?.name ?? '';
    if (crd.metadata?.deletionTimestamp) {
      await unserve(name, true);
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
      await unserve(name, false);
      return;
    }
    const withNames = { ...crd, status: { ...(crd.status ?? {}), acceptedNames: names.acceptedNames } } as CustomResourceDefinitionObject;
    const fingerprint = json([crd.spec, names.acceptedNames]);
    if (served.get(name)?.fingerprint === fingerprint) return;
    const resources = customResourceResources(withNames);
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
    for (const name of [...served.keys()]) if (!present.has(name)) await unserve(name, true);
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
          if (ev.type === 'DELETED') void enqueue(() => unserve(obj.metadata?.name ?? '', true));
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
