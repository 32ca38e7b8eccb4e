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
}

/** Subresources of a namespace, which must not be read as resources inside it. */
const namespaceSubresources = new Set(['status', 'finalize']);

/** Parses a request path and method. `watch` is the value of the `watch` query parameter. */
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
  switch (method) {
    case 'POST':
      info.verb = 'create';
      break;
    case 'GET':
    case 'HEAD':
      info.verb = 'get';
      break;
    case 'PUT':
      info.verb = 'update';
      break;
    case 'PATCH':
      info.verb = 'patch';
      break;
    case 'DELETE':
      info.verb = 'delete';
      break;
    default:
      info.verb = '';
  }

  if (parts[0] === 'namespaces' && parts.length > 1) {
    info.namespace = parts[1]!;
    if (parts.length > 2 && !namespaceSubresources.has(parts[2]!)) parts = parts.slice(2);
  }
  info.parts = parts;
  if (parts.length >= 3) info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  info.resource = parts[0]!;

  if (info.name === '' && info.verb === 'get') info.verb = watch ? 'watch' : 'list';
  else if (info.verb === 'get' && watch) info.verb = 'watch';
  if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  return info;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
