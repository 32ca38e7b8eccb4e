// Behaviour of k8s.io/apiserver/pkg/server (handler chain and path routing) (v1.33): the HTTP front of kapi.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { newMethodNotSupported, statusFromError } from '@kapi/apimachinery';
import type { Registry } from '@kapi/registry';
import { apiGroup, apiResourceList, serveDiscoveryRoot } from './discovery.ts';
import { createOpenAPIV3, serveOpenAPIV3 } from './openapi.ts';
import { createOpenAPIV2, serveOpenAPIV2, type OpenAPIV2 } from './openapi-v2.ts';
import { serveResource } from './handlers/resource.ts';
import { serveConnect } from './handlers/connect.ts';
import { resolveRoute } from './routes.ts';
import { createFieldManagers, type FieldManagers } from './field-managers.ts';
import { createRequestProfile } from './request-profile.ts';
import { createHealthEndpoints, logCheck, namedCheck, pingCheck, shutdownCheck, type HealthEndpoints } from './healthz.ts';
import { createStorageCheck, type StorageProbe } from './storage-health.ts';
import { parseRequestInfo, parseRequestTarget, type RequestInfo, type RequestTarget } from './request-info.ts';
import { methodNotAllowedStatus, notFoundStatus, writeError, writeJson } from './responses.ts';
import { kubernetesMajor, kubernetesMinor, versionInfo } from './version.ts';
import {
  createInFlightLimiter,
  defaultMaxMutatingInFlight,
  defaultMaxReadInFlight,
  defaultRequestTimeoutMs,
  dropLateWrites,
  isLongRunning,
  requestDeadlineMs,
  requestTimeoutError,
  setLongTimeout,
  writeTooManyRequests,
} from './filters.ts';

export interface ApiHandlerOptions {
  registry: Registry;
  logger: Logger;
  /** Non-long-running reads in flight before 429 (default 400; 0 = no limit). */
  maxReadInFlight?: number;
  /** Mutating requests in flight before 429 (default 200; 0 = no limit). */
  maxMutatingInFlight?: number;
  /** The longest a non-long-running request may take before 504 (default 60 s). */
  requestTimeoutMs?: number;
  /**
   * Keep metadata.managedFields on every write and serve server-side apply (default true). False
   * only to measure what tracking costs: kube-apiserver always tracks.
   */
  trackManagedFields?: boolean;
  /** The field managers to share with in-process writers (the controllers' loopback client); built here when absent. */
  fieldManagers?: FieldManagers;
  /**
   * The storage's health probe (the Stack's storageHealth): what the `etcd` check of /healthz,
   * /livez and /readyz and the `etcd-readiness` check of /readyz run. Without it they pass.
   */
  storageHealth?: StorageProbe;
  /** True once the server has begun to stop: /readyz's `shutdown` check then fails (createApiServer sets it). */
  shuttingDown?: () => boolean;
  /**
   * Attribute each request's time to the layers it crosses and serve the sums at
   * `/debug/kapi/request-profile` (`kapi serve --request-profile`; see request-profile.ts).
   */
  requestProfile?: boolean;
}

/**
 * kube-apiserver's health endpoints and their checks, in kube's order (less the post-start hooks
 * and informer-sync, which kapi has no counterpart of): the `etcd` check is on all three,
 * `etcd-readiness` and `shutdown` only on /readyz.
 */
function healthEndpoints(options: ApiHandlerOptions): HealthEndpoints {
  const probe = options.storageHealth ?? (() => Promise.resolve());
  const etcd = namedCheck('etcd', createStorageCheck(probe));
  const etcdReadiness = namedCheck('etcd-readiness', createStorageCheck(probe));
  const shutdown = shutdownCheck(options.shuttingDown ?? (() => false));
  return createHealthEndpoints(
    {
      '/healthz': [pingCheck, logCheck, etcd],
      '/livez': [pingCheck, logCheck, etcd],
      '/readyz': [pingCheck, logCheck, etcd, etcdReadiness, shutdown],
    },
    (endpoint, reasons) => options.logger.info({ endpoint, reasons }, `${endpoint} check failed`),
  );
}

/** The request handler of the API: routing, discovery, resources, errors as Status. */
export function createApiHandler(options: ApiHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { registry, logger } = options;
  const openapi = createOpenAPIV3(registry);
  const fieldManagers = options.fieldManagers ?? createFieldManagers(openapi, logger, options.trackManagedFields ?? true, registry);
  // Built on first use: most clients never ask for v2.
  // Built again when what is served changes (a CRD established, changed or deleted).
  let openapiV2: { generation: number; doc: OpenAPIV2 } | undefined;
  const health = healthEndpoints(options);
  const profile = options.requestProfile ? createRequestProfile() : undefined;

  const route = async (req: IncomingMessage, res: ServerResponse, url: RequestTarget): Promise<void> => {
    const path = url.path;
    const method = req.method ?? 'GET';
    const isRead = method === 'GET' || method === 'HEAD';

    if (path === '/version' || path === '/version/') {
      if (!isRead) throw newMethodNotSupported({ group: '', resource: 'version' }, method);
      return writeJson(res, 200, versionInfo());
    }
    if (health.handles(path)) return health.serve(res, path, url.query);
    if (profile && path === '/debug/kapi/request-profile') {
      if (url.query.get('reset') === 'true') profile.reset();
      return writeJson(res, 200, { requests: profile.report() });
    }
    if (isRead && path === '/openapi/v2') {
      if (openapiV2?.generation !== registry.generation) {
        openapiV2 = { generation: registry.generation, doc: createOpenAPIV2(openapi.documents(), `v${kubernetesMajor}.${kubernetesMinor}.0`) };
      }
      return serveOpenAPIV2(req, res, openapiV2.doc);
    }
    if (isRead && (path === '/openapi/v3' || path.startsWith('/openapi/v3/'))) return serveOpenAPIV3(req, res, openapi, path, url.query);
    const serverAddress = req.headers.host ?? '';
    if (isRead && (path === '/api' || path === '/api/')) return serveDiscoveryRoot(req, res, registry, true, serverAddress);
    if (isRead && (path === '/apis' || path === '/apis/')) return serveDiscoveryRoot(req, res, registry, false, serverAddress);

    const info = parseRequestInfo(method, path, url.query.get('watch') === 'true' || url.query.get('watch') === '1');
    if (info.error !== undefined) return writeRequestInfoError(req, res, `${info.error}, ${req.url ?? path}`);
    // The deprecated /watch/ (and /proxy/) path forms: routes of their own, GET only.
    if (info.isResourceRequest && specialVerbs.has(info.verb)) return serveVerbViaPath(req, res, info, url.query, registry, fieldManagers);
    if (info.apiPrefix !== '' && !info.isResourceRequest && isRead) {
      if (info.apiVersion !== '') {
        const list = apiResourceList(registry, info.apiGroup, info.apiVersion);
        if (list) return writeJson(res, 200, list);
      } else if (info.apiPrefix === 'apis' && info.apiGroup !== '') {
        const group = apiGroup(registry, info.apiGroup);
        if (group) return writeJson(res, 200, group);
      }
    }
    if (info.isResourceRequest) {
      const entry = registry.lookup(info.apiGroup, info.apiVersion, info.resource);
      const routed = entry && resolveRoute(entry, info);
      if (entry && routed) {
        // Connect subresources (exec, log, proxy …) take the raw request; the proxies also a path after them.
        if (routed.kind === 'connect') return serveConnect(req, res, info, url.query, entry, routed.sub);
        if (!routed.methods.includes(method)) return writeJson(res, 405, methodNotAllowedStatus());
        if (routed.kind === 'resource') return serveResource({ req, res, info, query: url.query, entry, registry, fieldManagers });
        // A subresource (`.../NAME/status`) is served by its own store, with the verbs it allows.
        // Its bodies are of its own kind when it has one (autoscaling/v1 Scale), else the resource's.
        // A custom resource's Scale is a built-in kind: decoded, typed and applied as one.
        const sub = routed.sub;
        const { customResource: _customResource, ...builtin } = entry;
        const subEntry = sub.definition ? { ...builtin, store: sub, definition: sub.definition, table: sub.table ?? entry.table } : { ...entry, store: sub };
        return serveResource({ req, res, info, query: url.query, entry: subEntry, registry, fieldManagers });
      }
    }
    writeJson(res, 404, notFoundStatus());
  };

  const limiter = createInFlightLimiter({
    maxReadInFlight: options.maxReadInFlight ?? defaultMaxReadInFlight,
    maxMutatingInFlight: options.maxMutatingInFlight ?? defaultMaxMutatingInFlight,
  });
  const maxTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;

  return (req, res) => {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const url = parseRequestTarget(req.url ?? '/');
    if (url === undefined) {
      writeBadRequestURI(res);
      return;
    }
    const probe = health.handles(url.path);
    if (!probe && !isLongRunning(method, url.path, url.query)) {
      let deadlineMs: number;
      try {
        deadlineMs = requestDeadlineMs(url.query, maxTimeoutMs);
      } catch (err) {
        writeError(res, err);
        return;
      }
      const release = limiter.acquire(method);
      if (!release) {
        writeTooManyRequests(res);
        return;
      }
      const cancelTimer = setLongTimeout(() => {
        if (res.headersSent) return;
        writeError(res, requestTimeoutError());
        dropLateWrites(res);
      }, deadlineMs);
      res.on('close', () => {
        cancelTimer();
        release();
      });
    }
    // Only when it is logged: an open watch would keep the listener and what it holds for its whole life.
    if (logger.isLevelEnabled('debug')) {
      res.on('finish', () => {
        logger.debug(
          { method: req.method, url: req.url, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 },
          'request',
        );
      });
    }
    const served = profile
      ? profile.run(req, res, () => {
          const info = parseRequestInfo(method, url.path, url.query.get('watch') === 'true' || url.query.get('watch') === '1');
          return info.isResourceRequest ? `${info.verb} ${info.apiGroup ? `${info.resource}.${info.apiGroup}` : info.resource}${info.subresource ? `/${info.subresource}` : ''}` : `${method} ${url.path}`;
        }, () => route(req, res, url))
      : route(req, res, url);
    served.catch((err: unknown) => {
      const status = statusFromError(err);
      if ((status.code ?? 500) >= 500) logger.error({ err, method: req.method, url: req.url }, 'request failed');
      writeError(res, err, req.headers.accept);
    });
  };
}

const specialVerbs = new Set(['watch', 'proxy']);

/**
 * kube's installer routes `watch/<collection path>` (WATCHLIST, for resources that both list and
 * watch) and `watch/<item path>` (WATCH, for resources that watch), each for GET only; subresources
 * are not watched and `/proxy/` is no longer served. A path with no route is 404, another method on
 * a routed path is go-restful's 405.
 */
function serveVerbViaPath(
  req: IncomingMessage,
  res: ServerResponse,
  info: RequestInfo,
  query: URLSearchParams,
  registry: Registry,
  fieldManagers: FieldManagers,
): Promise<void> | void {
  const entry = info.verb === 'watch' && info.subresource === '' && info.parts.length <= 2 ? registry.lookup(info.apiGroup, info.apiVersion, info.resource) : undefined;
  const verbs = entry?.store.verbs ?? [];
  const routed =
    entry !== undefined &&
    verbs.includes('watch') &&
    (info.name !== '' || verbs.includes('list')) &&
    // Namespaced objects are watched inside their namespace; collections also across all of them.
    !(entry.info.namespaced && info.name !== '' && info.namespace === '') &&
    !(!entry.info.namespaced && info.namespacePrefixed);
  if (!routed) return writeJson(res, 404, notFoundStatus());
  if (req.method !== 'GET') return writeJson(res, 405, methodNotAllowedStatus());
  return serveResource({ req, res, info, query, entry, registry, fieldManagers });
}

/**
 * kube's WithRequestInfo filter on a path it cannot parse: responsewriters.InternalError, a plain
 * text 500 with the URI quoted and HTML-escaped.
 */
function writeRequestInfoError(req: IncomingMessage, res: ServerResponse, message: string): void {
  const text = `Internal Server Error: ${JSON.stringify(req.url ?? '')}: failed to create RequestInfo: ${message}`.replace(
    /[&<>]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!,
  );
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(`${text}\n`);
}

/**
 * Go's net/http server on a request target it cannot parse (a malformed `%` escape): a plain
 * `400 Bad Request` and the connection closed, before kube's handlers see anything.
 */
function writeBadRequestURI(res: ServerResponse): void {
  res.shouldKeepAlive = false;
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  res.end('400 Bad Request');
}

/** An HTTP server around the API handler. To stop it with watches open, call close() and closeAllConnections(). */
export function createApiServer(options: ApiHandlerOptions): Server {
  let listened = false;
  const shuttingDown = () => options.shuttingDown?.() === true || (listened && !server.listening);
  const server = createServer({ keepAliveTimeout: 65_000 }, createApiHandler({ ...options, shuttingDown }));
  server.on('listening', () => (listened = true));
  return server;
}
