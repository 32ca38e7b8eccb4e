// Behaviour of k8s.io/apiserver/pkg/endpoints/request/requestinfo.go (v1.33): what a URL addresses.
// The request target is read as Go's net/http reads it (net/url ParseRequestURI): kube routes and
// parses URL.Path, the path decoded once and never cleaned.

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
   * True when the path is of the form kube's installer gives namespaced resources,
   * `namespaces/{namespace}/{resource}/…`; false for `namespaces/{name}[/status|/finalize]`, the
   * namespaces themselves, and for every path without a namespace.
   */
  namespacePrefixed: boolean;
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
    namespacePrefixed: false,
  };
  // kube's splitPath: outer slashes trimmed, inner empty segments kept.
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  let parts = trimmed === '' ? [] : trimmed.split('/');
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
    if (parts.length > 2 && !namespaceSubresources.has(parts[2]!)) {
      parts = parts.slice(2);
      info.namespacePrefixed = true;
    }
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

/** A request target split as kube sees it: the decoded path and the query. */
export interface RequestTarget {
  /**
   * The path percent-decoded once (Go's URL.Path): `%2F` is a `/` like any other, and `.` and `..`
   * are segments like any other. Nothing is resolved against them: Node's WHATWG URL would.
   */
  path: string;
  query: URLSearchParams;
}

/**
 * Reads a request target (`req.url`) as Go's url.ParseRequestURI does. Undefined when it is not a
 * request URI (a malformed `%` escape, a relative path): Go's server then answers
 * `400 Bad Request` before any handler runs.
 */
export function parseRequestTarget(target: string): RequestTarget | undefined {
  let rest = target;
  // The absolute form a client may send to a proxy: its path is what is routed.
  const absolute = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?]*/.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  const q = rest.indexOf('?');
  const rawPath = q === -1 ? rest : rest.slice(0, q);
  const rawQuery = q === -1 ? '' : rest.slice(q + 1);
  if (!rawPath.startsWith('/')) return undefined;
  const path = unescapePath(rawPath);
  if (path === undefined) return undefined;
  return { path, query: new URLSearchParams(rawQuery) };
}

/** Go's url.PathUnescape: every `%XX` decoded (a `+` stays a `+`); any other `%` is an error. */
function unescapePath(s: string): string | undefined {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      const cp = s.codePointAt(i)!;
      if (cp > 0xffff) i++;
      bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
