// An in-memory ControllerClient for controller unit tests, in the spirit of client-go's fake
// clientset (k8s.io/client-go/testing: an object tracker, recorded actions, reactors that fail a
// verb): objects with uids, resourceVersions from one counter, watches from a resourceVersion, the
// namespace lifecycle admission (404 in a missing namespace, 403 NamespaceTerminating in a terminating
// one), graceful pod deletion and finalizers as the registry does them, and the patch types
// controllers send (JSON merge patch; strategic merge patch for the merge keys listed below;
// server-side apply as a forced replace of the applied fields). Not a registry: no validation, no
// defaults beyond what the tests here need.
import { randomUUID } from 'node:crypto';
import {
  createWatchChannel,
  failureStatus,
  newAlreadyExists,
  newConflict,
  newNotFound,
  newStatusError,
  parseLabelSelector,
  type DeleteOptions,
  type KubeList,
  type KubeObject,
  type WatchEvent,
  type WatchSink,
} from '@kapi/apimachinery';
import type { ControllerClient, ListParams, PatchOptions, PatchType, ResourceClient, ResourceType, WatchParams } from '../client.ts';

/** The resources a fake serves unless told otherwise. */
export const defaultFakeResources: readonly ResourceType[] = [
  { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'serviceaccounts', kind: 'ServiceAccount', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'pods', kind: 'Pod', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'nodes', kind: 'Node', namespaced: false, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'events', kind: 'Event', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles', kind: 'ClusterRole', namespaced: false, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'services', kind: 'Service', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: '', version: 'v1', resource: 'endpoints', kind: 'Endpoints', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices', kind: 'EndpointSlice', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
];

/**
 * The resources whose strategy keeps metadata.generation (1 on create, bumped when anything but
 * metadata, or the labels, changes), as kube's EndpointSlice strategy does.
 */
const generationTracked = new Set(['endpointslices']);

/** names.SimpleNameGenerator: generateName and five characters of kube's alphabet (no vowels, no confusable digits). */
const generatedName = (prefix: string) => {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}${suffix}`;
};

/** Everything but TypeMeta and metadata, and the labels: what a change of bumps a tracked generation. */
const generationContent = (o: KubeObject) => {
  const { apiVersion: _a, kind: _k, metadata, ...rest } = o;
  return JSON.stringify([rest, metadata?.labels ?? {}]);
};

/** One request the fake answered (or refused), as client-go's fake records an Action. */
export interface FakeAction {
  verb: 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';
  resource: string;
  namespace: string;
  name: string;
  subresource?: string;
  /** What was sent: the object of a create or update, the patch, the delete options. */
  body?: unknown;
  patchType?: PatchType;
  options?: PatchOptions | DeleteOptions;
}

/** A reactor: return an error to fail the request with it, undefined to let it through. */
export type FakeReactor = (action: FakeAction) => unknown;

export interface FakeClient extends ControllerClient {
  /** The requests made so far, in order (reads included). */
  readonly actions: FakeAction[];
  /** The writes made so far (create, update, patch, delete). */
  writes(): FakeAction[];
  /** Runs before every request; the first reactor returning an error fails it. */
  react(reactor: FakeReactor): void;
  /** The stored object, or undefined; a copy. */
  peek(resource: string, namespace: string, name: string): KubeObject | undefined;
  /** Every stored object of a resource; copies. */
  all(resource: string): KubeObject[];
  /** Stores objects directly (no admission, no actions recorded), as a test's fixtures. */
  seed(resource: string, ...objects: KubeObject[]): void;
}

/** Merge keys the strategic merge patch of this fake honours (field name → key). */
const mergeKeys: Record<string, string> = { conditions: 'type', containers: 'name', ownerReferences: 'uid', taints: 'key' };

const clone = <T>(v: T): T => structuredClone(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7386 JSON merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return clone(patch);
  const out: Record<string, unknown> = isObject(target) ? clone(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** A strategic merge patch: maps merge, lists under `mergeKeys` merge by key ($setElementOrder respected), other lists replace. */
function strategicPatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return clone(patch);
  const out: Record<string, unknown> = isObject(target) ? clone(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith('$setElementOrder/')) continue;
    if (v === null) delete out[k];
    else if (Array.isArray(v) && mergeKeys[k] !== undefined) {
      const key = mergeKeys[k];
      const items = (Array.isArray(out[k]) ? (out[k] as unknown[]) : []).map((x) => clone(x) as Record<string, unknown>);
      for (const p of v as Record<string, unknown>[]) {
        const i = items.findIndex((x) => x[key] === p[key]);
        if (p.$patch === 'delete') {
          if (i >= 0) items.splice(i, 1);
        } else if (i >= 0) items[i] = strategicPatch(items[i], p) as Record<string, unknown>;
        else items.push(strategicPatch({}, p) as Record<string, unknown>);
      }
      const order = patch[`$setElementOrder/${k}`] as Record<string, unknown>[] | undefined;
      if (order) {
        const rank = (x: Record<string, unknown>) => {
          const r = order.findIndex((o) => o[key] === x[key]);
          return r < 0 ? order.length : r;
        };
        items.sort((a, b) => rank(a) - rank(b));
      }
      out[k] = items;
    } else out[k] = strategicPatch(out[k], v);
  }
  return out;
}

/** Server-side apply as this fake does it: the applied fields replace the live ones (a forced apply by one manager). */
function applyPatch(target: KubeObject, applied: KubeObject): KubeObject {
  const out = clone(target);
  for (const [k, v] of Object.entries(applied)) {
    if (k === 'apiVersion' || k === 'kind') continue;
    if (k === 'metadata') out.metadata = { ...out.metadata, ...(mergePatch(out.metadata, v) as object) };
    else out[k] = clone(v);
  }
  return out;
}

/** Creates the fake. Namespaces seeded without a status are Active. */
export function createFakeClient(options: { resources?: readonly ResourceType[] } = {}): FakeClient {
  const types = options.resources ?? defaultFakeResources;
  const stores = new Map<string, Map<string, KubeObject>>();
  const history: { resource: string; event: WatchEvent }[] = [];
  const watchers = new Set<{ resource: string; namespace: string; sink: WatchSink }>();
  const actions: FakeAction[] = [];
  const reactors: FakeReactor[] = [];
  let rv = 1;
  const clients = new Map<string, ResourceClient>();

  const storeOf = (resource: string) => {
    let s = stores.get(resource);
    if (!s) stores.set(resource, (s = new Map()));
    return s;
  };
  const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;
  const typeOf = (resource: string) => types.find((t) => t.resource === resource);
  const grOf = (resource: string) => ({ group: typeOf(resource)?.group ?? '', resource });

  const emit = (resource: string, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject) => {
    const event: WatchEvent = { type, object: clone(obj) };
    history.push({ resource, event });
    const ns = obj.metadata?.namespace ?? '';
    for (const w of watchers) if (w.resource === resource && (w.namespace === '' || w.namespace === ns)) w.sink.send({ type, object: clone(obj) });
  };

  const record = (action: FakeAction) => {
    actions.push(action);
    for (const r of reactors) {
      const err = r(action);
      if (err !== undefined) throw err;
    }
  };

  const defaultStatus = (resource: string, obj: KubeObject) => {
    if (resource === 'namespaces') obj.status = { phase: 'Active', ...(obj.status as object | undefined) };
    if (resource === 'pods') obj.status = { phase: 'Pending', ...(obj.status as object | undefined) };
  };

  const put = (resource: string, obj: KubeObject, type: 'ADDED' | 'MODIFIED') => {
    const m = (obj.metadata ??= {});
    m.resourceVersion = String(++rv);
    storeOf(resource).set(keyOf(m.namespace ?? '', m.name ?? ''), clone(obj));
    emit(resource, type, obj);
    return clone(obj);
  };

  const remove = (resource: string, obj: KubeObject) => {
    const m = obj.metadata ?? {};
    storeOf(resource).delete(keyOf(m.namespace ?? '', m.name ?? ''));
    m.resourceVersion = String(++rv);
    emit(resource, 'DELETED', obj);
  };

  /** The namespace lifecycle admission of a create. */
  const admit = (resource: string, namespace: string, name: string) => {
    if (namespace === '') return;
    const ns = storeOf('namespaces').get(keyOf('', namespace)) as (KubeObject & { status?: { phase?: string } }) | undefined;
    if (!ns) throw newNotFound({ group: '', resource: 'namespaces' }, namespace);
    if (ns.metadata?.deletionTimestamp || ns.status?.phase === 'Terminating') {
      throw newStatusError(
        failureStatus(403, 'Forbidden', `${resource} ${JSON.stringify(name)} is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, {
          name,
          kind: resource,
          causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
        }),
      );
    }
  };

  const write = (resource: string, namespace: string, name: string, next: KubeObject, subresource: string | undefined) => {
    const live = storeOf(resource).get(keyOf(namespace, name));
    if (!live) throw newNotFound(grOf(resource), name);
    const lm = live.metadata ?? {};
    if (next.metadata?.uid && next.metadata.uid !== lm.uid) {
      throw newConflict(grOf(resource), name, `Precondition failed: UID in precondition: ${next.metadata.uid}, UID in object meta: ${lm.uid ?? ''}`);
    }
    let obj: KubeObject;
    if (subresource === 'status') obj = { ...clone(live), status: clone(next.status) };
    else {
      obj = { ...clone(next), metadata: { ...clone(next.metadata), uid: lm.uid, creationTimestamp: lm.creationTimestamp, namespace: lm.namespace, name: lm.name } };
      if (lm.deletionTimestamp) obj.metadata!.deletionTimestamp = lm.deletionTimestamp;
      if (lm.deletionGracePeriodSeconds !== undefined) obj.metadata!.deletionGracePeriodSeconds = lm.deletionGracePeriodSeconds;
      if (live.status !== undefined && resource !== 'namespaces') obj.status = clone(live.status);
    }
    // Nothing changed: no write, no event (the store's unchanged-bytes check).
    const withoutRV = (o: KubeObject) => JSON.stringify({ ...o, metadata: { ...o.metadata, resourceVersion: undefined } });
    if (generationTracked.has(resource)) {
      const gen = live.metadata?.generation ?? 0;
      obj.metadata = { ...obj.metadata, generation: generationContent(obj) === generationContent(live) ? gen : gen + 1 };
    }
    if (withoutRV(obj) === withoutRV(live)) return clone(live);
    const written = put(resource, obj, 'MODIFIED');
    // The last finalizer of an object being deleted is gone: the object goes.
    if (written.metadata?.deletionTimestamp && (written.metadata.finalizers ?? []).length === 0 && !(resource === 'pods' && (written.metadata.deletionGracePeriodSeconds ?? 0) > 0)) {
      storeOf(resource).delete(keyOf(namespace, name));
      remove(resource, written);
    }
    return written;
  };

  const clientOf = (t: ResourceType): ResourceClient => {
    const r = t.resource;
    const nsOf = (namespace: string) => (t.namespaced ? namespace : '');
    const client: ResourceClient = {
      type: t,
      async get(namespace, name) {
        record({ verb: 'get', resource: r, namespace, name });
        const obj = storeOf(r).get(keyOf(nsOf(namespace), name));
        if (!obj) throw newNotFound(grOf(r), name);
        return clone(obj);
      },
      async list(namespace, params: ListParams = {}) {
        record({ verb: 'list', resource: r, namespace, name: '' });
        const selector = params.labelSelector ? parseLabelSelector(params.labelSelector) : undefined;
        const items = [...storeOf(r).values()]
          .filter((o) => namespace === '' || o.metadata?.namespace === namespace)
          .filter((o) => !selector || selector.matches(o.metadata?.labels))
          .map(clone);
        return { apiVersion: t.group ? `${t.group}/${t.version}` : t.version, kind: `${t.kind}List`, metadata: { resourceVersion: String(rv) }, items } satisfies KubeList;
      },
      async watch(namespace, params: WatchParams) {
        record({ verb: 'watch', resource: r, namespace, name: '' });
        const entry = { resource: r, namespace, sink: undefined as unknown as WatchSink };
        const { watcher, sink } = createWatchChannel(() => watchers.delete(entry));
        entry.sink = sink;
        const from = Number(params.resourceVersion || '0');
        for (const h of history) {
          if (h.resource !== r || Number((h.event.object as KubeObject).metadata?.resourceVersion) <= from) continue;
          if (namespace !== '' && (h.event.object as KubeObject).metadata?.namespace !== namespace) continue;
          sink.send(clone(h.event));
        }
        watchers.add(entry);
        return watcher;
      },
      async create(namespace, input) {
        const ns = nsOf(namespace);
        const name = input.metadata?.name || (input.metadata?.generateName ? generatedName(input.metadata.generateName) : '');
        record({ verb: 'create', resource: r, namespace: ns, name, body: clone(input) });
        if (t.namespaced) admit(r, ns, name);
        if (storeOf(r).has(keyOf(ns, name))) throw newAlreadyExists(grOf(r), name);
        const obj: KubeObject = { apiVersion: t.group ? `${t.group}/${t.version}` : t.version, kind: t.kind, ...clone(input) };
        obj.metadata = { ...obj.metadata, ...(name ? { name } : {}), uid: randomUUID(), creationTimestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
        if (t.namespaced) obj.metadata.namespace = ns;
        if (generationTracked.has(r)) obj.metadata.generation = 1;
        defaultStatus(r, obj);
        return put(r, obj, 'ADDED');
      },
      async update(namespace, input, subresource) {
        const ns = nsOf(namespace);
        const name = input.metadata?.name ?? '';
        record({ verb: 'update', resource: r, namespace: ns, name, body: clone(input), ...(subresource ? { subresource } : {}) });
        const live = storeOf(r).get(keyOf(ns, name));
        if (live && input.metadata?.resourceVersion && input.metadata.resourceVersion !== live.metadata?.resourceVersion) {
          throw newConflict(grOf(r), name, 'the object has been modified; please apply your changes to the latest version and try again');
        }
        return write(r, ns, name, input, subresource);
      },
      async patch(namespace, name, type, patch, subresource, options) {
        const ns = nsOf(namespace);
        record({ verb: 'patch', resource: r, namespace: ns, name, body: clone(patch), patchType: type, ...(subresource ? { subresource } : {}), ...(options ? { options } : {}) });
        const live = storeOf(r).get(keyOf(ns, name));
        if (!live) {
          if (type !== 'application/apply-patch+yaml') throw newNotFound(grOf(r), name);
          return client.create(namespace, patch as KubeObject);
        }
        let next: KubeObject;
        if (type === 'application/merge-patch+json') next = mergePatch(live, patch) as KubeObject;
        else if (type === 'application/strategic-merge-patch+json') next = strategicPatch(live, patch) as KubeObject;
        else if (type === 'application/apply-patch+yaml') next = applyPatch(live, patch as KubeObject);
        else throw new Error(`the fake client does not apply ${type}`);
        next.metadata = { ...next.metadata, resourceVersion: live.metadata?.resourceVersion };
        return write(r, ns, name, next, subresource);
      },
      async delete(namespace, name, opts: DeleteOptions = {}) {
        const ns = nsOf(namespace);
        record({ verb: 'delete', resource: r, namespace: ns, name, options: clone(opts) });
        const live = storeOf(r).get(keyOf(ns, name));
        if (!live) throw newNotFound(grOf(r), name);
        if (opts.preconditions?.uid && opts.preconditions.uid !== live.metadata?.uid) {
          throw newConflict(grOf(r), name, `Precondition failed: UID in precondition: ${opts.preconditions.uid}, UID in object meta: ${live.metadata?.uid ?? ''}`);
        }
        const obj = clone(live);
        const m = (obj.metadata ??= {});
        // Graceful deletion of a pod bound to a node and not terminated (the pod strategy's CheckGracefulDelete).
        const pod = obj as KubeObject & { spec?: { nodeName?: string; terminationGracePeriodSeconds?: number }; status?: { phase?: string } };
        let grace = 0;
        if (r === 'pods' && pod.spec?.nodeName && pod.status?.phase !== 'Failed' && pod.status?.phase !== 'Succeeded') {
          grace = opts.gracePeriodSeconds ?? m.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
        }
        if (grace > 0 || (m.finalizers ?? []).length > 0) {
          if (!m.deletionTimestamp || grace < (m.deletionGracePeriodSeconds ?? Infinity)) {
            m.deletionTimestamp = new Date(Date.now() + grace * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
            m.deletionGracePeriodSeconds = grace;
            put(r, obj, 'MODIFIED');
          }
          if (grace > 0 || (m.finalizers ?? []).length > 0) return;
        }
        remove(r, obj);
      },
    };
    return client;
  };

  return {
    actions,
    writes: () => actions.filter((a) => a.verb !== 'get' && a.verb !== 'list' && a.verb !== 'watch'),
    react: (reactor) => void reactors.push(reactor),
    peek: (resource, namespace, name) => {
      const obj = storeOf(resource).get(keyOf(typeOf(resource)?.namespaced ? namespace : '', name));
      return obj && clone(obj);
    },
    all: (resource) => [...storeOf(resource).values()].map(clone),
    seed(resource, ...objects) {
      const t = typeOf(resource);
      for (const input of objects) {
        const obj: KubeObject = { apiVersion: t ? (t.group ? `${t.group}/${t.version}` : t.version) : 'v1', kind: t?.kind ?? '', ...clone(input) };
        obj.metadata = { uid: randomUUID(), creationTimestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), ...obj.metadata };
        defaultStatus(resource, obj);
        const existing = storeOf(resource).has(keyOf(obj.metadata.namespace ?? '', obj.metadata.name ?? ''));
        put(resource, obj, existing ? 'MODIFIED' : 'ADDED');
      }
    },
    resources: () => types,
    onResourcesChanged: () => () => {},
    resource(group, version, resource) {
      const t = types.find((x) => x.group === group && x.version === version && x.resource === resource);
      if (!t) return undefined;
      let c = clients.get(resource);
      if (!c) clients.set(resource, (c = clientOf(t)));
      return c;
    },
  };
}
