// Behaviour of kube-apiserver's loopback client as kube-controller-manager uses the API (v1.33): the
// controllers' client over this server's registry, in process. Reads go through the watch caches,
// writes through the same stores, field managers and namespace admission as an HTTP request's, under
// the manager `kube-controller-manager`.
import { newNotFound, parseFieldSelector, parseLabelSelector, type KubeObject } from '@kapi/apimachinery';
import type { ControllerClient, ResourceClient, ResourceType } from '@kapi/controllers';
import { groupResourceOf, type Registry, type RequestContext, type ResourceEntry } from '@kapi/registry';
import { admitNamespaceDeletion, admitNamespaceLifecycle } from './admission.ts';
import { defaultAsDecoded } from './decode.ts';
import type { FieldManagers } from './field-managers.ts';
import { applyPatchType, preparePatch } from './handlers/patch.ts';

export interface LoopbackClientOptions {
  registry: Registry;
  fieldManagers: FieldManagers;
  /** The field manager of the writes (kube: the User-Agent's program, `kube-controller-manager`). */
  manager?: string;
}

const typeOf = (e: ResourceEntry): ResourceType => ({
  group: e.info.group,
  version: e.info.version,
  resource: e.info.resource,
  kind: e.info.kind,
  namespaced: e.info.namespaced,
  verbs: e.store.verbs,
});

export function createLoopbackClient(options: LoopbackClientOptions): ControllerClient {
  const { registry, fieldManagers } = options;
  const manager = options.manager ?? 'kube-controller-manager';
  const clients = new WeakMap<ResourceEntry, ResourceClient>();

  const clientOf = (entry: ResourceEntry): ResourceClient => {
    // Defaults and the Go struct form as the HTTP handlers apply them: an unchanged write writes nothing.
    const defaulted = (obj: KubeObject) => defaultAsDecoded(entry, obj);
    const ctxOf = (namespace: string): RequestContext => (entry.info.namespaced && namespace !== '' ? { namespace } : {});
    const storeOf = (subresource?: string) => {
      if (!subresource) return { store: entry.store, fm: fieldManagers.of(entry, '') };
      const sub = entry.subresources[subresource];
      if (!sub || !('update' in sub)) throw new Error(`${entry.info.resource}/${subresource} cannot be written`);
      return { store: sub, fm: fieldManagers.of({ ...entry, store: sub }, subresource) };
    };
    return {
      type: typeOf(entry),
      get: (namespace, name) => entry.store.get(ctxOf(namespace), name),
      list: (namespace, params = {}) =>
        entry.store.list(ctxOf(namespace), {
          ...(params.labelSelector ? { labelSelector: parseLabelSelector(params.labelSelector) } : {}),
          ...(params.fieldSelector ? { fieldSelector: parseFieldSelector(params.fieldSelector) } : {}),
          ...(params.resourceVersion !== undefined ? { resourceVersion: params.resourceVersion } : {}),
          ...(params.limit !== undefined ? { limit: params.limit } : {}),
          ...(params.continue !== undefined ? { continue: params.continue } : {}),
        }),
      watch: (namespace, params) =>
        entry.store.watch(ctxOf(namespace), {
          resourceVersion: params.resourceVersion,
          ...(params.labelSelector ? { labelSelector: parseLabelSelector(params.labelSelector) } : {}),
          ...(params.fieldSelector ? { fieldSelector: parseFieldSelector(params.fieldSelector) } : {}),
          ...(params.allowWatchBookmarks !== undefined ? { allowWatchBookmarks: params.allowWatchBookmarks } : {}),
        }),
      async create(namespace, input) {
        const obj = structuredClone(input);
        if (entry.info.namespaced) await admitNamespaceLifecycle(registry, entry.info.resource, namespace, obj);
        defaulted(obj);
        return entry.store.create(ctxOf(namespace), fieldManagers.of(entry, '').updateNoErrors(fieldManagers.emptyOf(entry), obj, manager), {});
      },
      async update(namespace, input, subresource) {
        const { store, fm } = storeOf(subresource);
        const obj = structuredClone(input);
        defaulted(obj);
        const result = await store.update(ctxOf(namespace), obj.metadata?.name ?? '', (old) => fm.updateNoErrors(old ?? fieldManagers.emptyOf(entry), structuredClone(obj), manager), {
          defaulted: true,
          ...(obj.metadata?.uid ? { preconditions: { uid: obj.metadata.uid } } : {}),
        });
        return result.object;
      },
      async patch(namespace, name, type, patch, subresource, options = {}) {
        const { store, fm } = storeOf(subresource);
        const writer = options.fieldManager ?? manager;
        if (type === applyPatchType) {
          // Server-side apply: the body is the manager's whole intent; a missing object is created
          // (not through a subresource, as kube's status and scale stores never create).
          const result = await store.update(
            ctxOf(namespace),
            name,
            (old) => {
              const { object, changed } = fm.applyWithResult(old ?? fieldManagers.emptyOf(entry), structuredClone(patch as KubeObject), writer, options.force ?? false);
              if (changed) defaulted(object);
              return object;
            },
            { defaulted: true, forceAllowCreate: !subresource },
          );
          return result.object;
        }
        const apply = preparePatch(type, new TextEncoder().encode(JSON.stringify(patch)), entry.definition, entry.customResource !== undefined);
        const result = await store.update(
          ctxOf(namespace),
          name,
          (old) => {
            // A patch never creates.
            if (old === undefined) throw newNotFound(groupResourceOf(entry.info), name);
            const obj = apply(old) as KubeObject;
            defaulted(obj);
            return fm.updateNoErrors(old, obj, writer);
          },
          { defaulted: true },
        );
        return result.object;
      },
      async delete(namespace, name, opts = {}) {
        if (entry.info.group === '' && entry.info.resource === 'namespaces') admitNamespaceDeletion(registry, name);
        await entry.store.delete(ctxOf(namespace), name, opts);
      },
    };
  };

  return {
    resources: () => registry.resources.map(typeOf),
    onResourcesChanged: (listener) => registry.onChange(listener),
    resource(group, version, resource) {
      const entry = registry.lookup(group, version, resource);
      if (!entry) return undefined;
      let c = clients.get(entry);
      if (!c) clients.set(entry, (c = clientOf(entry)));
      return c;
    },
  };
}
