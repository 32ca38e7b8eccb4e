// Behaviour of k8s.io/kubernetes pkg/registry/core/pod/rest/{log,subresources}.go and
// pkg/registry/core/pod/strategy.go (LogLocation, streamLocation, PortForwardLocation,
// ResourceLocation, validateContainer), pkg/registry/core/node/strategy.go ResourceLocation +
// node/rest/proxy.go, pkg/registry/core/service/proxy.go + service/storage ResourceLocation,
// pkg/kubelet/client NodeConnectionInfoGetter, pkg/apis/core/validation ValidatePodLogOptions
// (v1.33): the subresources that reach a kubelet, a pod or an endpoint. kapi runs no kubelets and
// proxies nothing: each answers what kube-apiserver answers up to the point where it would dial,
// and then what a dial nobody answers gives (connection refused).
import { isIP } from 'node:net';
import { NodeProxyOptions, PodAttachOptions, PodExecOptions, PodPortForwardOptions, PodProxyOptions, ServiceProxyOptions, type KindDefinition } from '@kapi/api';
import {
  FieldPath,
  failureStatus,
  fieldErrors,
  newBadRequest,
  newInvalid,
  newMethodNotSupported,
  newServiceUnavailable,
  newStatusError,
  protoMessageOf,
  type FieldError,
  type KubeObject,
  type StatusError,
} from '@kapi/apimachinery';
import type { GenericStore } from './generic-store.ts';
import type { RequestContext } from './options.ts';
import type { ResourceInfo } from './resource.ts';
import type { Subresource } from './scale.ts';
import type { RESTStrategy } from './strategy.ts';

/** The parts of a connect request a connect subresource reads. */
export interface ConnectRequest {
  /** The HTTP method (GET, POST …). */
  readonly method: string;
  readonly query: URLSearchParams;
  /** The path after the subresource (`.../proxy/<path>`), '' when none. */
  readonly path: string;
}

/**
 * What a connect subresource answers when it does not fail: only kube's empty answer (a pod's log
 * before the pod is scheduled is 204 No Content), since kapi has nothing to stream or proxy.
 */
export interface ConnectResponse {
  readonly code: number;
}

/**
 * A subresource served by kube's connect handler (`pods/exec`, `nodes/proxy` …) or by a streaming
 * getter (`pods/log`): the HTTP layer hands it the request instead of decoding a body. Failures are
 * Status errors.
 */
export interface ConnectSubresource extends Subresource {
  /** The HTTP methods the route answers; others are go-restful's 405. */
  readonly connectMethods: readonly string[];
  /** The route also takes a path after the subresource (the proxies). */
  readonly acceptsPath: boolean;
  connect(ctx: RequestContext, name: string, request: ConnectRequest): Promise<ConnectResponse>;
}

/** True for subresources the HTTP layer must hand the raw request to. */
export function isConnectSubresource(sub: Subresource | undefined): sub is ConnectSubresource {
  return sub !== undefined && typeof (sub as Partial<ConnectSubresource>).connect === 'function';
}

/** An error that is not a Status in kube (a dial error, an aggregate): 500 with no reason. */
export function plainError(message: string): StatusError {
  return newStatusError(failureStatus(500, '' as never, message));
}

/** The stores a connect subresource reads, looked up when a request comes. */
export interface ConnectStores {
  pods(): GenericStore;
  nodes(): GenericStore;
  endpoints(): GenericStore;
  services(): GenericStore;
}

/**
 * The core/v1 options kind of a connect subresource, as discovery names it (kube's New() of the
 * connect REST: PodExecOptions for pods/exec …). Nothing decodes a body with it.
 */
function optionsKind(kind: string, schema: unknown): KindDefinition {
  return {
    group: '',
    version: 'v1',
    kind,
    listKind: `${kind}List`,
    resource: '',
    singular: '',
    shortNames: [],
    categories: [],
    namespaced: false,
    schema: schema as KindDefinition['schema'],
    proto: protoMessageOf(schema as KindDefinition['schema']),
    description: '',
    defaults: () => {},
    validate: () => [],
    validateUpdate: () => [],
  };
}

const optionKinds = {
  exec: optionsKind('PodExecOptions', PodExecOptions),
  attach: optionsKind('PodAttachOptions', PodAttachOptions),
  portforward: optionsKind('PodPortForwardOptions', PodPortForwardOptions),
  podProxy: optionsKind('PodProxyOptions', PodProxyOptions),
  nodeProxy: optionsKind('NodeProxyOptions', NodeProxyOptions),
  serviceProxy: optionsKind('ServiceProxyOptions', ServiceProxyOptions),
};

const proxyMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const proxyVerbs = ['create', 'delete', 'get', 'patch', 'update'];

function connectSubresource(
  info: ResourceInfo,
  strategy: RESTStrategy,
  sub: string,
  spec: Pick<ConnectSubresource, 'connectMethods' | 'acceptsPath' | 'connect'> & { verbs: readonly string[]; definition?: KindDefinition },
): ConnectSubresource {
  const gr = { group: info.group, resource: `${info.resource}/${sub}` };
  const unsupported = (verb: string) => () => Promise.reject(newMethodNotSupported(gr, verb));
  return {
    info,
    strategy,
    verbs: spec.verbs,
    connectMethods: spec.connectMethods,
    acceptsPath: spec.acceptsPath,
    connect: spec.connect,
    ...(spec.definition ? { definition: spec.definition } : {}),
    create: unsupported('create'),
    get: unsupported('get'),
    list: unsupported('list'),
    update: unsupported('update'),
    delete: unsupported('delete'),
    watch: unsupported('watch'),
  };
}

interface PodLike extends KubeObject {
  spec?: {
    nodeName?: string;
    containers?: { name?: string; ports?: { containerPort?: number }[] }[];
    initContainers?: { name?: string }[];
    ephemeralContainers?: { name?: string }[];
  };
  status?: { podIPs?: { ip?: string }[] };
}

interface NodeLike extends KubeObject {
  status?: { addresses?: { type?: string; address?: string }[]; daemonEndpoints?: { kubeletEndpoint?: { Port?: number } } };
}

/** VisitContainers order: init, regular, ephemeral. */
function containerNames(pod: PodLike): string[] {
  const s = pod.spec ?? {};
  return [...(s.initContainers ?? []), ...(s.containers ?? []), ...(s.ephemeralContainers ?? [])].map((c) => c.name ?? '');
}

/** validateContainer: the named container must be the pod's; with none named, the only one. */
export function validateContainer(container: string, pod: PodLike): string {
  const name = pod.metadata?.name ?? '';
  if (container === '') {
    const containers = pod.spec?.containers ?? [];
    if (containers.length === 1) return containers[0]!.name ?? '';
    if (containers.length === 0) throw newBadRequest(`a container name must be specified for pod ${name}`);
    throw newBadRequest(`a container name must be specified for pod ${name}, choose one of: [${containerNames(pod).join(' ')}]`);
  }
  if (!containerNames(pod).includes(container)) throw newBadRequest(`container ${container} is not valid for pod ${name}`);
  return container;
}

/** The kubelet's port when the node does not report one (--kubelet-port). */
export const defaultKubeletPort = 10250;
/** kube-apiserver's default --kubelet-preferred-address-types. */
const preferredAddressTypes = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];

/** NodeConnectionInfoGetter.GetConnectionInfo: the node's preferred address and kubelet port. */
export async function nodeConnectionInfo(nodes: GenericStore, nodeName: string): Promise<{ host: string; port: number }> {
  const node = (await nodes.get({}, nodeName)) as NodeLike;
  const addresses = node.status?.addresses ?? [];
  let host: string | undefined;
  for (const type of preferredAddressTypes) {
    host = addresses.find((a) => a.type === type)?.address;
    if (host !== undefined) break;
    // Hostname falls back to the kubernetes.io/hostname label (kubelets before 1.5).
    const label = node.metadata?.labels?.['kubernetes.io/hostname'];
    if (type === 'Hostname' && label) {
      host = label;
      break;
    }
  }
  if (host === undefined) {
    // NoMatchError prints the addresses as Go's %v of []NodeAddress.
    throw plainError(`no preferred addresses found; known addresses: [${addresses.map((a) => `{${a.type ?? ''} ${a.address ?? ''}}`).join(' ')}]`);
  }
  const port = node.status?.daemonEndpoints?.kubeletEndpoint?.Port ?? 0;
  return { host, port: port > 0 ? port : defaultKubeletPort };
}

/** net.JoinHostPort. */
function joinHostPort(host: string, port: string | number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** What Go's dialer reports when nothing answers at host:port (kapi dials nothing). */
function dialError(host: string, port: string | number): string {
  if (isIP(host) === 0) return `dial tcp: lookup ${host}: no such host`;
  return `dial tcp ${joinHostPort(host, port)}: connect: connection refused`;
}

/** net.IP.IsGlobalUnicast for an address literal; false for anything else. */
export function isGlobalUnicast(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    if (ip === '0.0.0.0' || ip === '255.255.255.255') return false;
    if (a === 127 || a >= 224 || (a === 169 && b === 254)) return false;
    return true;
  }
  if (v === 6) {
    const lower = ip.toLowerCase();
    const mapped = lower.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return isGlobalUnicast(mapped[1]!);
    if (lower === '::' || lower === '::1') return false;
    if (lower.startsWith('ff') || /^fe[89ab]/.test(lower)) return false;
    return true;
  }
  return false;
}

/** utilnet.SplitSchemeNamePort: `name`, `name:port` or `scheme:name:port`. */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | undefined {
  const parts = id.split(':');
  let scheme = '';
  let name = '';
  let port = '';
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) [name, port] = parts as [string, string];
  else if (parts.length === 3) [scheme, name, port] = parts as [string, string, string];
  else return undefined;
  if (name === '' || !['', 'http', 'https'].includes(scheme)) return undefined;
  return { scheme, name, port };
}

function intParam(query: URLSearchParams, key: string): number | undefined {
  const v = query.get(key);
  if (v === null) return undefined;
  if (!/^[+-]?\d+$/.test(v)) throw newBadRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

const boolParam = (query: URLSearchParams, key: string) => {
  const v = query.get(key);
  return v !== null && v !== '' && v !== 'false' && v !== '0';
};

/** ValidatePodLogOptions (PodLogsQuerySplitStreams is off in 1.33: no `stream`). */
export function validatePodLogOptions(opts: { tailLines?: number; limitBytes?: number; sinceSeconds?: number; sinceTime?: string; stream?: string }): FieldError[] {
  const errs: FieldError[] = [];
  if (opts.tailLines !== undefined && opts.tailLines < 0) errs.push(fieldErrors.invalid('tailLines', opts.tailLines, 'must be greater than or equal to 0'));
  if (opts.limitBytes !== undefined && opts.limitBytes < 1) errs.push(fieldErrors.invalid('limitBytes', opts.limitBytes, 'must be greater than 0'));
  if (opts.sinceSeconds !== undefined && opts.sinceTime !== undefined) {
    errs.push(fieldErrors.forbidden(FieldPath.of(''), 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (opts.sinceSeconds !== undefined && opts.sinceSeconds < 1) {
    errs.push(fieldErrors.invalid('sinceSeconds', opts.sinceSeconds, 'must be greater than 0'));
  }
  if (opts.stream !== undefined) errs.push(fieldErrors.forbidden(FieldPath.of('stream'), 'may not be specified'));
  return errs;
}

/** The query a kubelet URL carries (url.Values.Encode: keys sorted). */
function encodeQuery(params: [string, string][]): string {
  const sorted = [...params].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const q = new URLSearchParams(sorted).toString();
  return q === '' ? '' : `?${q}`;
}

/** The connect subresources of pods: log, exec, attach, portforward, proxy. */
export function podConnectSubresources(info: ResourceInfo, strategy: RESTStrategy, stores: ConnectStores): Record<string, ConnectSubresource> {
  const getPod = (ctx: RequestContext, name: string) => stores.pods().get(ctx, name) as Promise<PodLike>;

  /** streamLocation (exec, attach) and PortForwardLocation: the pod, its container, its node's kubelet. */
  const stream = (kind: 'exec' | 'attach' | 'portforward') => async (ctx: RequestContext, name: string, req: ConnectRequest): Promise<ConnectResponse> => {
    const pod = await getPod(ctx, name);
    if (kind !== 'portforward') validateContainer(req.query.get('container') ?? '', pod);
    const nodeName = pod.spec?.nodeName ?? '';
    if (nodeName === '') throw newBadRequest(`pod ${name} does not have a host assigned`);
    const node = await nodeConnectionInfo(stores.nodes(), nodeName);
    // The upgrade-aware proxy's failure to reach the kubelet.
    throw plainError(`error dialing backend: ${dialError(node.host, node.port)}`);
  };

  return {
    log: connectSubresource(info, strategy, 'log', {
      verbs: ['get'],
      connectMethods: ['GET'],
      acceptsPath: false,
      async connect(ctx, name, req) {
        const q = req.query;
        const opts = {
          ...(intParam(q, 'tailLines') !== undefined ? { tailLines: intParam(q, 'tailLines')! } : {}),
          ...(intParam(q, 'limitBytes') !== undefined ? { limitBytes: intParam(q, 'limitBytes')! } : {}),
          ...(intParam(q, 'sinceSeconds') !== undefined ? { sinceSeconds: intParam(q, 'sinceSeconds')! } : {}),
          ...(q.get('sinceTime') !== null ? { sinceTime: q.get('sinceTime')! } : {}),
          ...(q.get('stream') !== null ? { stream: q.get('stream')! } : {}),
        };
        const errs = validatePodLogOptions(opts);
        if (errs.length > 0) throw newInvalid({ group: '', kind: 'PodLogOptions' }, name, errs);
        const pod = await getPod(ctx, name);
        const container = validateContainer(q.get('container') ?? '', pod);
        const nodeName = pod.spec?.nodeName ?? '';
        // No host yet: an empty location, which the streamer answers with 204 No Content.
        if (nodeName === '') return { code: 204 };
        const node = await nodeConnectionInfo(stores.nodes(), nodeName);
        const params: [string, string][] = [];
        for (const flag of ['follow', 'previous', 'timestamps']) if (boolParam(q, flag)) params.push([flag, 'true']);
        for (const [k, v] of Object.entries(opts)) if (k !== 'stream') params.push([k, String(v)]);
        const url = `https://${joinHostPort(node.host, node.port)}/containerLogs/${pod.metadata?.namespace ?? ''}/${name}/${container}${encodeQuery(params)}`;
        throw plainError(`Get ${JSON.stringify(url)}: ${dialError(node.host, node.port)}`);
      },
    }),
    exec: connectSubresource(info, strategy, 'exec', { verbs: ['create', 'get'], connectMethods: ['GET', 'POST'], acceptsPath: false, connect: stream('exec'), definition: optionKinds.exec }),
    attach: connectSubresource(info, strategy, 'attach', {
      verbs: ['create', 'get'],
      connectMethods: ['GET', 'POST'],
      acceptsPath: false,
      connect: stream('attach'),
      definition: optionKinds.attach,
    }),
    portforward: connectSubresource(info, strategy, 'portforward', {
      verbs: ['create', 'get'],
      connectMethods: ['GET', 'POST'],
      acceptsPath: false,
      connect: stream('portforward'),
      definition: optionKinds.portforward,
    }),
    proxy: connectSubresource(info, strategy, 'proxy', {
      verbs: proxyVerbs,
      definition: optionKinds.podProxy,
      connectMethods: proxyMethods,
      acceptsPath: true,
      // pod.ResourceLocation: the pod's first IP, at the named port or its first container port.
      async connect(ctx, id) {
        const parsed = splitSchemeNamePort(id);
        if (!parsed) throw newBadRequest(`invalid pod request ${JSON.stringify(id)}`);
        const pod = await getPod(ctx, parsed.name);
        let port = parsed.port;
        if (port === '') {
          const withPort = (pod.spec?.containers ?? []).find((c) => (c.ports ?? []).length > 0);
          if (withPort) port = String(withPort.ports![0]!.containerPort ?? 0);
        }
        const ip = pod.status?.podIPs?.[0]?.ip ?? '';
        if (!isGlobalUnicast(ip)) throw newBadRequest('address not allowed');
        throw plainError(dialError(ip, port !== '' ? port : parsed.scheme === 'https' ? 443 : 80));
      },
    }),
  };
}

/** nodes/proxy: the node's kubelet (or another port on the node). */
export function nodeConnectSubresources(info: ResourceInfo, strategy: RESTStrategy, stores: ConnectStores): Record<string, ConnectSubresource> {
  return {
    proxy: connectSubresource(info, strategy, 'proxy', {
      verbs: proxyVerbs,
      definition: optionKinds.nodeProxy,
      connectMethods: proxyMethods,
      acceptsPath: true,
      async connect(_ctx, id) {
        const parsed = splitSchemeNamePort(id);
        if (!parsed) throw newBadRequest(`invalid node request ${JSON.stringify(id)}`);
        const node = await nodeConnectionInfo(stores.nodes(), parsed.name);
        // isProxyableHostname: every address of the host must be global unicast.
        if (isIP(node.host) === 0) throw newBadRequest(`lookup ${node.host}: no such host`);
        if (!isGlobalUnicast(node.host)) throw newBadRequest('address not allowed');
        const port = parsed.port === '' ? node.port : parsed.port;
        throw plainError(dialError(node.host, port));
      },
    }),
  };
}

interface EndpointsLike extends KubeObject {
  subsets?: {
    addresses?: { ip?: string; targetRef?: { namespace?: string; name?: string } }[];
    ports?: { name?: string; port?: number }[];
  }[];
}

/** services/proxy: one ready endpoint of the service's port, found through its Endpoints. */
export function serviceConnectSubresources(info: ResourceInfo, strategy: RESTStrategy, stores: ConnectStores): Record<string, ConnectSubresource> {
  return {
    proxy: connectSubresource(info, strategy, 'proxy', {
      verbs: proxyVerbs,
      definition: optionKinds.serviceProxy,
      connectMethods: proxyMethods,
      acceptsPath: true,
      async connect(ctx, id) {
        const parsed = splitSchemeNamePort(id);
        if (!parsed) throw newBadRequest(`invalid service request ${JSON.stringify(id)}`);
        let portName = parsed.port;
        // A port number names the service port that has it.
        if (/^[+-]?\d+$/.test(portName)) {
          const svc = (await stores.services().get(ctx, parsed.name)) as KubeObject & { spec?: { ports?: { name?: string; port?: number }[] } };
          const found = (svc.spec?.ports ?? []).find((p) => p.port === Number(portName));
          if (!found) throw newServiceUnavailable(`no service port ${Number(portName)} found for service ${JSON.stringify(parsed.name)}`);
          portName = found.name ?? '';
        }
        const eps = (await stores.endpoints().get(ctx, parsed.name)) as EndpointsLike;
        const subsets = eps.subsets ?? [];
        if (subsets.length === 0) throw newServiceUnavailable(`no endpoints available for service ${JSON.stringify(parsed.name)}`);
        for (const ss of subsets) {
          const addresses = ss.addresses ?? [];
          if (addresses.length === 0) continue;
          for (const p of ss.ports ?? []) {
            if ((p.name ?? '') !== portName) continue;
            for (const addr of addresses) {
              // isValidAddress: the address must be a pod of this namespace that has this IP.
              const ref = addr.targetRef;
              if (!ref || (ref.namespace ?? '') !== (ctx.namespace ?? '')) continue;
              const pod = (await stores
                .pods()
                .get(ctx, ref.name ?? '')
                .catch(() => undefined)) as PodLike | undefined;
              if (!pod || !(pod.status?.podIPs ?? []).some((ip) => ip.ip === addr.ip)) continue;
              throw plainError(dialError(addr.ip ?? '', p.port ?? 0));
            }
          }
        }
        throw newServiceUnavailable(`no endpoints available for service ${JSON.stringify(id)}`);
      },
    }),
  };
}
