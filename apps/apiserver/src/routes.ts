// Behaviour of k8s.io/apiserver/pkg/endpoints/installer.go registerResourceHandlers (v1.33) with
// go-restful v3's CurlyRouter and RouterJSR311.detectRoute: the routes of a resource and the
// methods each takes. A path with no route is 404; a routed path asked with another method is 405.
import { isConnectSubresource, type ConnectSubresource, type ResourceEntry, type Subresource } from '@kapi/registry';
import type { RequestInfo } from './request-info.ts';

/** What serves a routed resource path. */
export type ResourceRoute =
  /** The resource's collection, its item, or its list across namespaces. */
  | { kind: 'resource'; methods: readonly string[] }
  /** `…/{name}/{subresource}`, served by the subresource's own store. */
  | { kind: 'subresource'; sub: Subresource; methods: readonly string[] }
  /** A connect subresource (`pods/exec`, `services/proxy/{path:*}` …): it answers its methods itself. */
  | { kind: 'connect'; sub: ConnectSubresource };

/**
 * The methods kube registers at a collection path (`LIST`, `POST`, `DELETECOLLECTION`) and at an
 * item path (`GET`, `PUT`, `PATCH`, `DELETE`) for a store serving `verbs`. HEAD and OPTIONS are
 * never registered: go-restful answers them 405 like any other method.
 */
function collectionMethods(verbs: readonly string[]): string[] {
  const m: string[] = [];
  if (verbs.includes('list')) m.push('GET');
  if (verbs.includes('create')) m.push('POST');
  if (verbs.includes('deletecollection')) m.push('DELETE');
  return m;
}

function itemMethods(verbs: readonly string[]): string[] {
  const m: string[] = [];
  if (verbs.includes('get')) m.push('GET');
  if (verbs.includes('update')) m.push('PUT');
  if (verbs.includes('patch')) m.push('PATCH');
  if (verbs.includes('delete')) m.push('DELETE');
  return m;
}

/**
 * The route a resource request reaches, or undefined when kube has none there (404). Namespaced
 * resources are routed under `namespaces/{namespace}/` and listed (only) across namespaces at their
 * bare name; cluster-scoped ones only without a namespace. A subresource's collection and item paths
 * are one and the same, `…/{name}/{subresource}`, which takes the methods of both.
 */
export function resolveRoute(entry: ResourceEntry, info: RequestInfo): ResourceRoute | undefined {
  const { parts } = info;
  if (entry.info.namespaced) {
    if (!info.namespacePrefixed) {
      return parts.length === 1 && entry.store.verbs.includes('list') ? { kind: 'resource', methods: ['GET'] } : undefined;
    }
    // `namespaces//{resource}/{name}`: kapi does not address an object without its namespace.
    if (info.namespace === '' && parts.length > 1) return undefined;
  } else if (info.namespacePrefixed) {
    return undefined;
  }
  if (parts.length === 1) return nonEmpty(collectionMethods(entry.store.verbs));
  if (parts.length === 2) return nonEmpty(itemMethods(entry.store.verbs));
  const sub = entry.subresources[info.subresource];
  if (sub === undefined) return undefined;
  if (isConnectSubresource(sub)) return parts.length === 3 || sub.acceptsPath ? { kind: 'connect', sub } : undefined;
  if (parts.length > 3) return undefined;
  const methods = [...new Set([...collectionMethods(sub.verbs), ...itemMethods(sub.verbs)])];
  return methods.length > 0 ? { kind: 'subresource', sub, methods } : undefined;
}

function nonEmpty(methods: string[]): ResourceRoute | undefined {
  return methods.length > 0 ? { kind: 'resource', methods } : undefined;
}
