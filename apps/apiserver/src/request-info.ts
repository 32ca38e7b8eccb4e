// Behaviour of k8s.io/apiserver/pkg/endpoints/request/requestinfo.go (v1.33): what a URL addresses.

export interface RequestInfo {
  /** True for /api and /apis resource URLs; false for discovery, /version, health and the rest. */
  isResourceRequest: boolean;
  path: string;
  /** get, list, watch, create, update, patch, delete, deletecollection (or the lower-case method for non-resources). */
  verb: string;
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  parts: string[];
  /**
   * Set when the path cannot be parsed (a `watch` or `proxy` prefix with nothing after it): kube's
   * WithRequestInfo filter then answers 500 before any routing. kube appends `, <request URL>`.
   */
  error?: string;
}

/** Verbs given as a path segment before the resource (`/api/v1/watch/pods`): kube's specialVerbs. */
const specialVerbs = new Set(['proxy', 'watch']);

/** Special verbs whose paths have no subresource: kube's specialVerbsNoSubresources. */
const specialVerbsNoSubresources = new Set(['proxy']);

/** Subresources of a namespace, which must not be read as resources inside it. */
const namespaceSubresources = new Set(['status', 'finalize']);

/**
 * Parses a request path and method. `watch` is the value of the `watch` query parameter, which
 * turns a collection GET into a watch (a GET of one object stays a get, as in kube).
 */
export function parseRequestInfo(method: string, path: string, watch: boolean): RequestInfo {
  const info: RequestInfo = {
    isResourceRequest: false,
    path,
    verb: method.toLowerCase(),
    apiPrefix: '',
    apiGroup: '',
    apiVersion: '',
    namespace: '',
    resource: '',
    subresource: '',
    name: '',
    parts: [],
  };
  let parts = path.replace(/^\/+|\/+$/g, '').split('/').filter((p) => p !== '').map(safeDecode);
  if (parts.length < 1 || (parts[0] !== 'api' && parts[0] !== 'apis')) return info;
  info.apiPrefix = parts[0]!;
  parts = parts.slice(1);
  if (info.apiPrefix === 'api') {
    if (parts.length < 1) return info;
  } else {
    if (parts.length < 1) return info;
    info.apiGroup = parts[0]!;
    parts = parts.slice(1);
  }
  if (parts.length < 1) return info;
  info.apiVersion = parts[0]!;
  parts = parts.slice(1);
  if (parts.length < 1) return info;

  info.isResourceRequest = true;
  // The deprecated verb-via-path form: /api/v1/watch/namespaces/ns/pods/name.
  if (specialVerbs.has(parts[0]!)) {
    if (parts.length < 2) {
      info.error = 'unable to determine kind and namespace from url';
      return info;
    }
    info.verb = parts[0]!;
    parts = parts.slice(1);
  } else {
    info.verb = methodVerb(method);
  }

  if (parts[0] === 'namespaces' && parts.length > 1) {
    info.namespace = parts[1]!;
    if (parts.length > 2 && !namespaceSubresources.has(parts[2]!)) parts = parts.slice(2);
  }
  info.parts = parts;
  if (parts.length >= 3 && !specialVerbsNoSubresources.has(info.verb)) info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  info.resource = parts[0]!;

  if (info.name === '' && info.verb === 'get') info.verb = watch ? 'watch' : 'list';
  if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  return info;
}

function methodVerb(method: string): string {
  switch (method) {
    case 'POST':
      return 'create';
    case 'GET':
    case 'HEAD':
      return 'get';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return '';
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
