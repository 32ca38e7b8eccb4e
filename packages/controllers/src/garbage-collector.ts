// Behaviour of k8s.io/kubernetes/pkg/controller/garbagecollector (garbagecollector.go,
// graph_builder.go, graph.go, operations.go) (v1.33): the dependency graph of every object's
// ownerReferences, kept from metadata informers on every deletable resource, and the workers that
// delete dependents whose owners are gone (background), delete blocking dependents before their
// owner (foreground, the `foregroundDeletion` finalizer) and orphan dependents (the `orphan`
// finalizer).
import { isConflict, isNotFound, jsonDeepEqual, type KubeObject } from '@kapi/apimachinery';
import { preferredResources, resourceForKind, type ControllerClient, type ResourceType } from './client.ts';
import type { EventRecorder } from './events.ts';
import {
  AbsentOwners,
  addDependent,
  beingDeleted,
  coordinatesMatch,
  describe,
  hasFinalizer,
  metadataOnly,
  noDependents,
  ownerRefsOf,
  sameIdentity,
  type GraphNode,
  type Identity,
  type OwnerReference,
} from './garbage-collector-graph.ts';
import { createInformer, type Informer } from './informer.ts';
import type { ControllerContext, ControllerDescriptor } from './manager.ts';
import { createWorkQueue, type WorkQueue } from './queue.ts';

const finalizerOrphan = 'orphan';
const finalizerForeground = 'foregroundDeletion';

/** Resources the collector never watches (kube's default ignoredResources). */
const ignoredResources = new Set(['/events', 'events.k8s.io/events']);

/** A marker: processing the item produced a virtual delete event; no retry. */
const virtualDeleteEnqueued = Symbol('enqueued virtual delete event');
/** A marker: a virtual node not yet seen by an informer is looked at again later (not an error worth a log line). */
const notObservedYet = Symbol('item has not been observed yet');
/** A marker: a cluster-scoped object names a namespaced owner; retrying will not help. */
const namespacedOwnerOfClusterScopedObject = Symbol('cluster-scoped objects cannot refer to namespaced owners');

export interface GarbageCollector {
  stop(): void;
  idle(): Promise<void>;
  /** The number of objects in the graph (virtual nodes included). */
  readonly graphSize: number;
}

export function startGarbageCollector(client: ControllerClient, recorder: EventRecorder, log: ControllerContext['log'], workers = 8): GarbageCollector {
  const uidToNode = new Map<string, GraphNode>();
  const absentOwners = new AbsentOwners();
  const monitors = new Map<string, Informer>();
  let stopped = false;

  const attemptToDelete: WorkQueue<GraphNode> = createWorkQueue((n) => processAttemptToDelete(n), {
    workers,
    onError: (n, err) => {
      if (err !== notObservedYet) log.warn({ err, item: describe(n.identity) }, 'garbage collector: error syncing item');
    },
  });
  const attemptToOrphan: WorkQueue<GraphNode> = createWorkQueue((n) => attemptToOrphanWorker(n), {
    workers: 1,
    onError: (n, err) => log.warn({ err, owner: describe(n.identity) }, 'garbage collector: orphaning failed'),
  });

  // ---- The graph builder ----

  const reportInvalidNamespaceOwnerRef = (n: GraphNode, ownerUID: string) => {
    const ref = n.owners.find((o) => o.uid === ownerUID);
    if (!ref) return;
    const invalid: Identity = { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, namespace: n.identity.namespace };
    const involved: KubeObject = {
      apiVersion: n.identity.apiVersion,
      kind: n.identity.kind,
      metadata: { name: n.identity.name, uid: n.identity.uid, ...(n.identity.namespace ? { namespace: n.identity.namespace } : {}) },
    };
    recorder.event(involved, 'Warning', 'OwnerRefInvalidNamespace', `ownerRef ${describe(invalid)} does not exist in namespace ${JSON.stringify(n.identity.namespace)}`);
  };

  /** addDependentToOwners: owners not in the graph become virtual nodes, verified by attemptToDelete. */
  const addDependentToOwners = (n: GraphNode, owners: readonly OwnerReference[]) => {
    let potentiallyInvalid = false;
    for (const owner of owners) {
      let ownerNode = uidToNode.get(owner.uid);
      const known = ownerNode !== undefined;
      if (!ownerNode) {
        ownerNode = {
          identity: { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.name, uid: owner.uid, namespace: n.identity.namespace },
          owners: [],
          dependents: noDependents as Set<GraphNode>,
          virtual: true,
          observed: false,
          beingDeleted: false,
          deletingDependents: false,
        };
        uidToNode.set(owner.uid, ownerNode);
      }
      addDependent(ownerNode, n);
      if (!known) {
        attemptToDelete.add(ownerNode);
      } else if (!potentiallyInvalid) {
        const ownerNamespaced = ownerNode.identity.namespace !== '';
        if (ownerNamespaced && ownerNode.identity.namespace !== n.identity.namespace) {
          if (ownerNode.observed) reportInvalidNamespaceOwnerRef(n, owner.uid);
          potentiallyInvalid = true;
        } else if (!coordinatesMatch(owner, ownerNode.identity)) {
          potentiallyInvalid = true;
        } else if (!ownerNamespaced && ownerNode.identity.namespace !== n.identity.namespace && !ownerNode.observed) {
          potentiallyInvalid = true;
        }
      }
    }
    if (potentiallyInvalid) attemptToDelete.add(n);
  };

  const removeNode = (n: GraphNode) => {
    uidToNode.delete(n.identity.uid);
    for (const owner of n.owners) uidToNode.get(owner.uid)?.dependents.delete(n);
  };

  /** Dependents naming `owner` with these exact coordinates, and those naming its uid otherwise. */
  const partitionDependents = (dependents: Iterable<GraphNode>, owner: Identity): { matching: GraphNode[]; nonmatching: GraphNode[] } => {
    const matching: GraphNode[] = [];
    const nonmatching: GraphNode[] = [];
    const ownerNamespaced = owner.namespace !== '';
    for (const dep of dependents) {
      let match = false;
      let mismatch = false;
      if (ownerNamespaced && owner.namespace !== dep.identity.namespace) mismatch = true;
      else {
        for (const ref of dep.owners) {
          if (ref.uid !== owner.uid) continue;
          if (coordinatesMatch(ref, owner)) match = true;
          else mismatch = true;
        }
      }
      if (match) matching.push(dep);
      if (mismatch) nonmatching.push(dep);
    }
    return { matching, nonmatching };
  };

  const processTransitions = (old: KubeObject | undefined, obj: KubeObject, n: GraphNode) => {
    const starts = (f: string) => beingDeleted(obj) && hasFinalizer(obj, f) && (old === undefined || !beingDeleted(old) || !hasFinalizer(old, f));
    if (starts(finalizerOrphan)) {
      attemptToOrphan.add(n);
      return;
    }
    if (starts(finalizerForeground)) {
      n.deletingDependents = true;
      for (const dep of n.dependents) attemptToDelete.add(dep);
      attemptToDelete.add(n);
    }
  };

  /** processGraphChanges for an add or update seen by a monitor. */
  const onUpsert = (old: KubeObject | undefined, obj: KubeObject) => {
    const m = obj.metadata ?? {};
    const identity: Identity = { apiVersion: obj.apiVersion ?? '', kind: obj.kind ?? '', name: m.name ?? '', uid: m.uid ?? '', namespace: m.namespace ?? '' };
    const existing = uidToNode.get(identity.uid);
    if (existing && !existing.observed) {
      if (!sameIdentity(existing.identity, identity)) {
        // Dependents that named this owner otherwise are checked again.
        for (const dep of partitionDependents(existing.dependents, identity).nonmatching) {
          if (identity.namespace !== '' && dep.identity.namespace !== identity.namespace) reportInvalidNamespaceOwnerRef(dep, identity.uid);
          attemptToDelete.add(dep);
        }
        existing.identity = identity;
      }
      existing.observed = true;
      existing.virtual = false;
    }
    const owners = ownerRefsOf(obj);
    if (!existing) {
      const n: GraphNode = {
        identity,
        owners,
        dependents: noDependents as Set<GraphNode>,
        virtual: false,
        observed: true,
        beingDeleted: beingDeleted(obj),
        deletingDependents: beingDeleted(obj) && hasFinalizer(obj, finalizerForeground),
      };
      uidToNode.set(identity.uid, n);
      addDependentToOwners(n, owners);
      processTransitions(old, obj, n);
      return;
    }
    if (existing.identity.apiVersion !== identity.apiVersion || existing.identity.kind !== identity.kind) {
      existing.identity = { ...existing.identity, apiVersion: identity.apiVersion, kind: identity.kind };
    }
    // Changes of ownerReferences.
    const oldByUID = new Map(existing.owners.map((r) => [r.uid, r]));
    const added: OwnerReference[] = [];
    const changed: [OwnerReference, OwnerReference][] = [];
    for (const ref of owners) {
      const was = oldByUID.get(ref.uid);
      if (!was) added.push(ref);
      else {
        if (!jsonDeepEqual(was, ref)) changed.push([was, ref]);
        oldByUID.delete(ref.uid);
      }
    }
    const removed = [...oldByUID.values()];
    if (added.length > 0 || removed.length > 0 || changed.length > 0) {
      // An owner waiting for its blocking dependents may now be unblocked.
      for (const ref of removed) if (ref.blockOwnerDeletion) { const o = uidToNode.get(ref.uid); if (o) attemptToDelete.add(o); }
      for (const [was, now] of changed) {
        if (was.blockOwnerDeletion && !now.blockOwnerDeletion) { const o = uidToNode.get(now.uid); if (o) attemptToDelete.add(o); }
      }
      existing.owners = owners;
      addDependentToOwners(existing, added);
      for (const ref of removed) uidToNode.get(ref.uid)?.dependents.delete(existing);
    }
    if (beingDeleted(obj)) existing.beingDeleted = true;
    processTransitions(old, obj, existing);
  };

  /** processGraphChanges for a delete, seen by a monitor or found by a worker (virtual). */
  const onDelete = (identity: Identity, isVirtual: boolean) => {
    const existing = uidToNode.get(identity.uid);
    if (!existing) return;
    let remove = true;
    if (isVirtual) {
      if (existing.virtual) {
        const { matching, nonmatching } = partitionDependents(existing.dependents, identity);
        if (nonmatching.length > 0) {
          remove = false;
          if (matching.length > 0) {
            absentOwners.add(identity);
            for (const dep of matching) attemptToDelete.add(dep);
          }
          if (sameIdentity(existing.identity, identity)) {
            // Another identity the other dependents know this owner by.
            for (const dep of nonmatching) {
              const ref = dep.owners.find((r) => r.uid === identity.uid && !coordinatesMatch(r, identity));
              if (ref) {
                existing.identity = { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, namespace: dep.identity.namespace };
                attemptToDelete.addAfter(existing, 5);
                break;
              }
            }
          }
        }
      } else if (!sameIdentity(existing.identity, identity)) {
        remove = false;
        const { matching } = partitionDependents(existing.dependents, identity);
        if (matching.length > 0) {
          absentOwners.add(identity);
          for (const dep of matching) attemptToDelete.add(dep);
        }
      }
    }
    if (!remove) return;
    removeNode(existing);
    if (existing.dependents.size > 0) absentOwners.add(identity);
    for (const dep of existing.dependents) attemptToDelete.add(dep);
    for (const ref of existing.owners) {
      const owner = uidToNode.get(ref.uid);
      if (owner?.deletingDependents) attemptToDelete.add(owner);
    }
  };

  // ---- The workers ----

  const resourceOf = (i: Pick<Identity, 'apiVersion' | 'kind'>) => {
    const t = resourceForKind(client, i.apiVersion, i.kind);
    if (!t) throw new Error(`unable to get REST mapping for ${i.apiVersion}/${i.kind}.`);
    const rc = client.resource(t.group, t.version, t.resource);
    if (!rc) throw new Error(`unable to get REST mapping for ${i.apiVersion}/${i.kind}.`);
    return rc;
  };
  const namespaceFor = (namespaced: boolean, ns: string) => (namespaced ? ns : '');

  const getObject = (i: Identity) => {
    const rc = resourceOf(i);
    return rc.get(namespaceFor(rc.type.namespaced, i.namespace), i.name);
  };

  /** Updates the live object of `n` with `change` (retrying on conflict); false when change returns undefined (nothing to do). */
  const updateLive = async (n: GraphNode, change: (o: KubeObject) => KubeObject | undefined): Promise<void> => {
    const rc = resourceOf(n.identity);
    const ns = namespaceFor(rc.type.namespaced, n.identity.namespace);
    for (;;) {
      const live = await rc.get(ns, n.identity.name);
      if (live.metadata?.uid !== n.identity.uid) throw Object.assign(new Error('uid changed'), { notFound: true });
      const next = change(structuredClone(live));
      if (!next) return;
      try {
        await rc.update(ns, next);
        return;
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
  };

  const removeOwnerRefs = (n: GraphNode, uids: readonly string[]) =>
    updateLive(n, (o) => {
      const refs = o.metadata?.ownerReferences ?? [];
      const kept = refs.filter((r) => !uids.includes(r.uid ?? ''));
      if (kept.length === refs.length) return undefined;
      if (kept.length > 0) o.metadata!.ownerReferences = kept;
      else delete o.metadata!.ownerReferences;
      return o;
    });

  const removeFinalizer = (n: GraphNode, finalizer: string) =>
    updateLive(n, (o) => {
      const fs = o.metadata?.finalizers ?? [];
      if (!fs.includes(finalizer)) return undefined;
      o.metadata!.finalizers = fs.filter((f) => f !== finalizer);
      return o;
    });

  /** deleteObject: uid and resourceVersion preconditions; a conflict that did not change the owners is retried without the latter. */
  const deleteObject = async (i: Identity, resourceVersion: string, owners: readonly OwnerReference[], policy: 'Orphan' | 'Foreground' | 'Background') => {
    const rc = resourceOf(i);
    const ns = namespaceFor(rc.type.namespaced, i.namespace);
    const preconditions = { uid: i.uid, ...(resourceVersion ? { resourceVersion } : {}) };
    try {
      await rc.delete(ns, i.name, { preconditions, propagationPolicy: policy });
    } catch (err) {
      if (!isConflict(err) || !resourceVersion) throw err;
      let live: KubeObject;
      try {
        live = await rc.get(ns, i.name);
      } catch (getErr) {
        if (isNotFound(getErr)) return;
        throw err;
      }
      if (live.metadata?.uid === i.uid && live.metadata.resourceVersion !== resourceVersion && jsonDeepEqual(ownerRefsOf(live), owners)) {
        await rc.delete(ns, i.name, { preconditions: { uid: i.uid }, propagationPolicy: policy });
        return;
      }
      throw err;
    }
  };

  /** isDangling: whether the owner named by `ref` is gone (absent, or another object under its name). */
  const isDangling = async (ref: OwnerReference, item: GraphNode): Promise<{ dangling: boolean; owner?: KubeObject }> => {
    const clusterKey: Identity = { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, namespace: '' };
    if (absentOwners.has(clusterKey)) return { dangling: true };
    const nsKey = { ...clusterKey, namespace: item.identity.namespace };
    if (absentOwners.has(nsKey)) return { dangling: true };
    const rc = resourceOf(ref);
    const key = rc.type.namespaced ? nsKey : clusterKey;
    if (item.identity.namespace === '' && rc.type.namespaced) throw namespacedOwnerOfClusterScopedObject;
    let owner: KubeObject;
    try {
      owner = await rc.get(namespaceFor(rc.type.namespaced, item.identity.namespace), ref.name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      absentOwners.add(key);
      return { dangling: true };
    }
    if (owner.metadata?.uid !== ref.uid) {
      absentOwners.add(key);
      return { dangling: true };
    }
    return { dangling: false, owner };
  };

  const enqueueVirtualDelete = (i: Identity) => {
    onDelete(i, true);
    throw virtualDeleteEnqueued;
  };

  const attemptToDeleteItem = async (item: GraphNode): Promise<void> => {
    if (item.beingDeleted && !item.deletingDependents) return;
    let latest: KubeObject;
    try {
      latest = await getObject(item.identity);
    } catch (err) {
      if (isNotFound(err)) return enqueueVirtualDelete(item.identity);
      throw err;
    }
    if (latest.metadata?.uid !== item.identity.uid) return enqueueVirtualDelete(item.identity);
    if (item.deletingDependents) {
      const blocking = [...item.dependents].filter((d) => d.owners.some((r) => r.uid === item.identity.uid && r.blockOwnerDeletion === true));
      if (blocking.length === 0) return removeFinalizer(item, finalizerForeground);
      for (const dep of blocking) if (!dep.deletingDependents) attemptToDelete.add(dep);
      return;
    }
    const owners = ownerRefsOf(latest);
    if (owners.length === 0) return;
    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of owners) {
      const r = await isDangling(ref, item);
      if (r.dangling) dangling.push(ref);
      else if (r.owner && beingDeleted(r.owner) && hasFinalizer(r.owner, finalizerForeground)) waiting.push(ref);
      else solid.push(ref);
    }
    if (solid.length > 0) {
      if (dangling.length === 0 && waiting.length === 0) return;
      // The gone owners and those waiting on their dependents are removed from the references.
      return removeOwnerRefs(item, [...dangling, ...waiting].map((r) => r.uid));
    }
    const rv = latest.metadata?.resourceVersion ?? '';
    if (waiting.length > 0 && item.dependents.size > 0) {
      if ([...item.dependents].some((d) => d.deletingDependents)) {
        // A possible cycle: its references stop blocking, then it goes in the foreground.
        await updateLive(item, (o) => {
          let changed = false;
          for (const r of o.metadata?.ownerReferences ?? []) {
            if (r.blockOwnerDeletion) {
              r.blockOwnerDeletion = false;
              changed = true;
            }
          }
          return changed ? o : undefined;
        });
      }
      try {
        return await deleteObject(item.identity, rv, owners, 'Foreground');
      } catch (err) {
        if (isNotFound(err)) return enqueueVirtualDelete(item.identity);
        throw err;
      }
    }
    const policy = hasFinalizer(latest, finalizerOrphan) ? 'Orphan' : hasFinalizer(latest, finalizerForeground) ? 'Foreground' : 'Background';
    try {
      await deleteObject(item.identity, rv, owners, policy);
    } catch (err) {
      if (isNotFound(err)) return enqueueVirtualDelete(item.identity);
      throw err;
    }
  };

  async function processAttemptToDelete(n: GraphNode): Promise<void> {
    if (stopped) return;
    if (!n.observed) {
      const inGraph = uidToNode.get(n.identity.uid);
      if (!inGraph || inGraph.observed) return;
    }
    try {
      await attemptToDeleteItem(n);
    } catch (err) {
      if (err === virtualDeleteEnqueued || err === namespacedOwnerOfClusterScopedObject) return;
      if ((err as { notFound?: boolean }).notFound) return;
      throw err;
    }
    // A virtual node is looked at again until an informer sees it or it is found gone.
    if (!n.observed && uidToNode.get(n.identity.uid) === n) throw notObservedYet;
  }

  async function attemptToOrphanWorker(owner: GraphNode): Promise<void> {
    if (stopped) return;
    const failures: string[] = [];
    await Promise.all(
      [...owner.dependents].map((dep) =>
        removeOwnerRefs(dep, [owner.identity.uid]).catch((err: unknown) => {
          if (isNotFound(err) || (err as { notFound?: boolean }).notFound) return;
          failures.push(`orphaning ${describe(dep.identity)} failed, ${String((err as Error).message ?? err)}`);
        }),
      ),
    );
    if (failures.length > 0) throw new Error(`failed to orphan dependents of owner ${describe(owner.identity)}, got errors: ${failures.join(', ')}`);
    await removeFinalizer(owner, finalizerOrphan).catch((err: unknown) => {
      if (!isNotFound(err) && !(err as { notFound?: boolean }).notFound) throw err;
    });
  }

  // ---- Monitors: one metadata informer per deletable resource, kept in step with discovery ----

  const monitorKey = (t: ResourceType) => `${t.group}/${t.resource}`;
  const syncMonitors = () => {
    if (stopped) return;
    const wanted = new Map(
      preferredResources(client.resources())
        .filter((t) => t.verbs.includes('list') && t.verbs.includes('watch') && t.verbs.includes('delete') && !ignoredResources.has(monitorKey(t)))
        .map((t) => [`${monitorKey(t)}@${t.version}`, t]),
    );
    for (const [key, inf] of monitors) {
      if (!wanted.has(key)) {
        inf.stop();
        monitors.delete(key);
      }
    }
    for (const [key, t] of wanted) {
      if (monitors.has(key)) continue;
      const rc = client.resource(t.group, t.version, t.resource);
      if (!rc) continue;
      const inf = createInformer(rc, { transform: metadataOnly(t), onError: (err) => log.warn({ err, resource: key }, 'garbage collector monitor failed; listing again') });
      inf.addHandlers({
        add: (o) => onUpsert(undefined, o),
        update: (old, o) => onUpsert(old, o),
        delete: (o) => {
          const m = o.metadata ?? {};
          onDelete({ apiVersion: o.apiVersion ?? '', kind: o.kind ?? '', name: m.name ?? '', uid: m.uid ?? '', namespace: m.namespace ?? '' }, false);
        },
      });
      monitors.set(key, inf);
    }
  };
  syncMonitors();
  const unsubscribe = client.onResourcesChanged(syncMonitors);

  return {
    get graphSize() {
      return uidToNode.size;
    },
    async idle() {
      await Promise.all([...monitors.values()].map((m) => m.caughtUp()));
      await Promise.all([attemptToDelete.idle(), attemptToOrphan.idle()]);
    },
    stop() {
      stopped = true;
      unsubscribe();
      for (const inf of monitors.values()) inf.stop();
      monitors.clear();
      attemptToDelete.stop();
      attemptToOrphan.stop();
    },
  };
}

/** kube's garbage collector controller (`garbage-collector-controller`, alias `garbagecollector`). */
export function garbageCollectorController(): ControllerDescriptor {
  return {
    name: 'garbage-collector-controller',
    aliases: ['garbagecollector'],
    start(ctx) {
      const gc = startGarbageCollector(ctx.client, ctx.recorder('garbage-collector-controller'), ctx.log);
      return { stop: () => gc.stop(), idle: () => gc.idle() };
    },
  };
}
