// Behaviour of k8s.io/apiserver pkg/util/webhook (client.go, authentication.go; v0.33) and client-go's
// rest.Request (request.go) as kube-apiserver calls a CRD's conversion webhook: an HTTPS POST of
// JSON to the clientConfig's URL or service (`?timeout=30s` appended, a 30 s deadline), trusting the
// caBundle (the system roots without one), and the errors client-go reports, in its words. kapi
// only ever calls webhooks on loopback addresses.
import { Agent, request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { checkServerIdentity, connect, type PeerCertificate } from 'node:tls';
import type { ConversionReview, ConversionWebhookTransport } from './webhook-converter.ts';
import { goQuote, isJsonObject } from './internal/json.ts';

/** A webhook's clientConfig (apiextensions.k8s.io/v1 WebhookClientConfig; caBundle base64 as in the API). */
export interface WebhookClientConfig {
  url?: string | undefined;
  service?: { namespace?: string | undefined; name?: string | undefined; path?: string | undefined; port?: number | undefined } | undefined;
  caBundle?: string | undefined;
}

/**
 * Where a service reference is sent (kube's ServiceResolver): the host and port of the service's
 * port, or a rejection with kube's words for why not (`service "x" not found`).
 */
export type ServiceResolver = (namespace: string, name: string, port: number) => Promise<{ host: string; port: number }>;

export interface WebhookTransportOptions {
  /** Resolves service references; without one they fail as an unknown service does. */
  resolveService?: ServiceResolver;
  /** The deadline of one call, also sent as `?timeout=`; default 30 s (kube's webhook client). */
  timeoutMs?: number;
}

/** The longest text of an unstructured error answer client-go keeps. */
const maxUnstructuredResponseTextBytes = 2048;

/** Go's time.Duration.String() for whole milliseconds. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  let rest = ms / 1000;
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  rest -= m * 60;
  const s = `${Number(rest.toFixed(3))}s`;
  if (h > 0) return `${h}h${m}m${s}`;
  if (m > 0) return `${m}m${s}`;
  return s;
}

/** path.Join("/", p): the request path client-go builds from a URL's path or a service's path. */
function cleanPath(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses. */
export function isLoopbackAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return ip.startsWith('127.');
  if (v === 6) {
    const lower = ip.toLowerCase();
    if (lower.startsWith('::ffff:')) return isLoopbackAddress(lower.slice(7));
    return /^(0{0,4}:){0,7}:?0{0,3}1$/.test(lower) && lower.replace(/[^1-9a-f]/g, '') === '1';
  }
  return false;
}

/** An error whose message is already client-go's words for the failure. */
class GoError extends Error {}

/**
 * client-go's errors for an answer outside 2xx (apierrors.NewGenericServerResponse, after
 * Result.Error() preferred a Status in the body).
 */
export function unexpectedResponseMessage(code: number, contentType: string | undefined, body: Buffer): string {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (isJsonObject(parsed) && parsed.kind === 'Status' && (parsed.apiVersion === undefined || parsed.apiVersion === 'v1') && parsed.status === 'Failure') {
      return typeof parsed.message === 'string' ? parsed.message : '';
    }
  } catch {
    // Not a Status.
  }
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const isText = contentType === undefined || contentType === '' || media.startsWith('text/');
  const serverMessage = isText ? body.subarray(0, maxUnstructuredResponseTextBytes).toString('utf8').trim() : 'unknown';
  switch (code) {
    case 409:
      return 'the server reported a conflict';
    case 404:
      return 'the server could not find the requested resource';
    case 400:
      return 'the server rejected our request for an unknown reason';
    case 401:
      return 'the server has asked for the client to provide credentials';
    case 403:
      return serverMessage;
    case 406:
      return serverMessage === '' || serverMessage === 'unknown' ? 'the server was unable to respond with a content type that the client supports' : serverMessage;
    case 415:
      return serverMessage;
    case 405:
      return 'the server does not allow this method on the requested resource';
    case 422:
      return 'the server rejected our request due to an error in our request';
    case 503:
      return 'the server is currently unable to handle the request';
    case 504:
      return 'the server was unable to return a response in the time allotted, but may still be processing the request';
    case 429:
      return 'the server has received too many requests and has asked us to try again later';
    default:
      if (code >= 500) return `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
      return `the server responded with the status code ${code} but did not return more information`;
  }
}

/** Go's time.Time in the form x509 prints it (RFC 3339, UTC). */
const goTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Go's x509.HostnameError for a certificate that does not name `host`, or undefined when it does. */
export function hostnameError(host: string, cert: PeerCertificate): string | undefined {
  const sans = (cert.subjectaltname ?? '').split(', ').filter((s) => s !== '');
  const dns = sans.filter((s) => s.startsWith('DNS:')).map((s) => s.slice(4));
  const ips = sans.filter((s) => s.startsWith('IP Address:')).map((s) => s.slice(11));
  const ipHost = isIP(host) !== 0;
  if (sans.length > 0 && checkServerIdentity(host, cert) === undefined) return undefined;
  const cn = typeof cert.subject?.CN === 'string' ? cert.subject.CN : '';
  if (sans.length === 0 && !ipHost && cn.toLowerCase() === host.toLowerCase()) return 'x509: certificate relies on legacy Common Name field, use SANs instead';
  if (ipHost) {
    if (ips.length === 0) return `x509: cannot validate certificate for ${host} because it doesn't contain any IP SANs`;
    return `x509: certificate is valid for ${ips.join(', ')}, not ${host}`;
  }
  if (dns.length === 0) return `x509: certificate is not valid for any names, but wanted to match ${host}`;
  return `x509: certificate is valid for ${dns.join(', ')}, not ${host}`;
}

const unknownAuthority = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** What Go's net/http reports for a failed connection, after the `Post "url": ` client-go puts before it. */
function goTransportError(err: NodeJS.ErrnoException, dialAddr: string, peer: PeerCertificate | undefined): string {
  if (err instanceof GoError) return err.message;
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return `dial tcp ${dialAddr}: connect: connection refused`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'EOF';
  if (code === 'ETIMEDOUT') return `dial tcp ${dialAddr}: i/o timeout`;
  if (unknownAuthority.has(code)) return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    const now = goTime(new Date());
    if (peer?.valid_to && code === 'CERT_HAS_EXPIRED') return `tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time ${now} is after ${goTime(new Date(peer.valid_to))}`;
    if (peer?.valid_from && code === 'CERT_NOT_YET_VALID') return `tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time ${now} is before ${goTime(new Date(peer.valid_from))}`;
    return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
  }
  if (code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(err.message)) return 'http: server gave HTTP response to HTTPS client';
  return err.message;
}

/** kube's ClientManager caches one client per clientConfig; here one keep-alive agent per trust and address. */
const agents = new Map<string, Agent>();
const maxAgents = 200;

function agentFor(key: string, make: () => Agent): Agent {
  let agent = agents.get(key);
  if (agent !== undefined) {
    agents.delete(key);
    agents.set(key, agent);
    return agent;
  }
  agent = make();
  agents.set(key, agent);
  if (agents.size > maxAgents) {
    const [oldest, old] = agents.entries().next().value as [string, Agent];
    agents.delete(oldest);
    old.destroy();
  }
  return agent;
}

/** The PEM certificates of a base64 caBundle, or undefined for none (the system roots then). */
function caOf(caBundle: string | undefined): string | undefined {
  if (caBundle === undefined || caBundle === '') return undefined;
  return Buffer.from(caBundle, 'base64').toString('utf8');
}

interface Target {
  /** What client-go's errors name: the request URL with its `timeout` query. */
  url: string;
  /** host[:port] as the URL has it (the Host header). */
  hostHeader: string;
  /** The request's path and query. */
  requestPath: string;
  /** The name the certificate must carry (an IP literal, or a DNS name). */
  serverName: string;
  /** Where to connect; resolved at each call (a service may move). */
  dial: () => Promise<{ host: string; port: number }>;
}

function targetOf(config: WebhookClientConfig, options: WebhookTransportOptions, timeout: string): Target | Error {
  if (config.service) {
    const s = config.service;
    const port = s.port ?? 443;
    const serverName = `${s.name ?? ''}.${s.namespace ?? ''}.svc`;
    const hostHeader = `${serverName}:${port}`;
    const path = cleanPath(s.path ?? '');
    const resolve = options.resolveService;
    return {
      url: `https://${hostHeader}${path}?timeout=${timeout}`,
      hostHeader,
      requestPath: `${path}?timeout=${timeout}`,
      serverName,
      dial: () => (resolve ? resolve(s.namespace ?? '', s.name ?? '', port) : Promise.reject(new GoError(`service ${JSON.stringify(s.name ?? '')} not found`))),
    };
  }
  if (config.url === undefined || config.url === '') return new Error('webhook configuration must have either service or URL');
  let u: URL;
  try {
    u = new URL(config.url);
  } catch (err) {
    return new Error(`Unparsable URL: ${(err as Error).message}`);
  }
  const hostname = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  const port = u.port === '' ? 443 : Number(u.port);
  const path = cleanPath(decodeURIComponent(u.pathname));
  return {
    url: `${u.protocol}//${u.host}${path}?timeout=${timeout}`,
    hostHeader: u.host,
    requestPath: `${path}?timeout=${timeout}`,
    serverName: hostname,
    dial: async () => ({ host: hostname, port }),
  };
}

/**
 * The transport of one webhook clientConfig: each post is one HTTPS request (connections kept
 * alive between them), answered as client-go answers (see ConversionWebhookTransport).
 */
export function createWebhookTransport(config: WebhookClientConfig, options: WebhookTransportOptions = {}): ConversionWebhookTransport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const target = targetOf(config, options, goDuration(timeoutMs));
  const ca = caOf(config.caBundle);
  return {
    async post(review: ConversionReview) {
      if (target instanceof Error) throw target;
      const body = Buffer.from(JSON.stringify(review));
      const deadline = Date.now() + timeoutMs;
      const fail = (message: string) => new GoError(`Post ${JSON.stringify(target.url)}: ${message}`);
      let addr: { host: string; port: number };
      try {
        addr = await target.dial();
      } catch (err) {
        throw fail((err as Error).message);
      }
      // localhost is dialled as 127.0.0.1; any other name, or an address off this machine, is refused.
      const host = addr.host.toLowerCase() === 'localhost' ? '127.0.0.1' : addr.host;
      const dialAddr = isIP(host) === 6 ? `[${host}]:${addr.port}` : `${host}:${addr.port}`;
      if (!isLoopbackAddress(host)) throw fail(`dial tcp ${dialAddr}: kapi calls webhooks on loopback addresses only`);
      const agent = agentFor(JSON.stringify([host, addr.port, target.serverName, ca ?? '']), () => new Agent({ keepAlive: true, maxSockets: 100, timeout: 90_000 }));
      for (let attempt = 0; ; attempt++) {
        try {
          return await send(target, agent, host, addr.port, ca, body, deadline);
        } catch (err) {
          const e = err as NodeJS.ErrnoException & { reused?: boolean; peer?: PeerCertificate };
          // Go retries a request that failed on a reused connection before anything was written.
          if (e.reused === true && attempt === 0 && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) continue;
          if (e instanceof GoError && e.message.startsWith('Post ')) throw e;
          if (e instanceof ResponseError) throw new GoError(e.message);
          // The dates of a certificate out of its validity are read with a second handshake that sends nothing.
          const peer = e.code === 'CERT_HAS_EXPIRED' || e.code === 'CERT_NOT_YET_VALID' ? await peerCertificate(host, addr.port, target.serverName) : e.peer;
          throw fail(goTransportError(e, dialAddr, peer));
        }
      }
    },
  };
}

/** The certificate a TLS server presents, unverified (undefined when the handshake fails); nothing is sent. */
function peerCertificate(host: string, port: number, serverName: string): Promise<PeerCertificate | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, rejectUnauthorized: false, ...(isIP(serverName) === 0 ? { servername: serverName } : {}) }, () => {
      const cert = socket.getPeerCertificate();
      socket.destroy();
      resolve(cert && Object.keys(cert).length > 0 ? cert : undefined);
    });
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => resolve(undefined));
  });
}

/** An answer that is the error itself (not a transport failure): no `Post "url":` before it. */
class ResponseError extends Error {}

function send(target: Target, agent: Agent, host: string, port: number, ca: string | undefined, body: Buffer, deadline: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let peer: PeerCertificate | undefined;
    const opts: RequestOptions = {
      host,
      port,
      method: 'POST',
      path: target.requestPath,
      agent,
      headers: {
        Host: target.hostHeader,
        'Content-Type': 'application/json',
        Accept: 'application/json, */*',
        'User-Agent': 'kube-apiserver-admission',
        'Content-Length': body.length,
      },
      ...(ca !== undefined ? { ca } : {}),
      ...(isIP(target.serverName) === 0 ? { servername: target.serverName } : {}),
      checkServerIdentity: (_host: string, cert: PeerCertificate) => {
        peer = cert;
        const msg = hostnameError(target.serverName, cert);
        return msg === undefined ? undefined : new GoError(`tls: failed to verify certificate: ${msg}`);
      },
    };
    const req = request(opts, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => reject(err));
      res.on('end', () => {
        clearTimeout(timer);
        const data = Buffer.concat(chunks);
        const code = res.statusCode ?? 0;
        const contentType = res.headers['content-type'];
        if (code < 200 || code > 206) return reject(new ResponseError(unexpectedResponseMessage(code, contentType, data)));
        if (data.length === 0) return reject(new ResponseError(`0-length response with status code: ${code} and content type: ${contentType ?? 'application/json'}`));
        try {
          resolve(JSON.parse(data.toString('utf8')));
        } catch (err) {
          reject(new ResponseError(`couldn't get version/kind; json parse error: ${(err as Error).message}`));
        }
      });
    });
    const timer = setTimeout(() => req.destroy(new GoError(`Post ${JSON.stringify(target.url)}: context deadline exceeded`)), Math.max(0, deadline - Date.now()));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      Object.assign(err, { reused: req.reusedSocket, peer });
      reject(err);
    });
    req.end(body);
  });
}
