// Follows k8s.io/apiserver/pkg/cel/library/urls.go and pkg/cel/url.go (v0.33): url(), isURL and URL accessors.
// Parsing follows Go's net/url ParseRequestURI (absolute URI or absolute path) closely enough for these accessors.
import { celFunc, CelScalar } from '@bufbuild/cel';
import { T } from '../types.ts';
import { opaque } from '../opaque.ts';
import { fn, method, opaqueOverload, type Library } from './library.ts';

/** A parsed URL, in Go's net/url terms. */
export interface ParsedURL {
  readonly raw: string;
  readonly scheme: string;
  readonly host: string;
  readonly path: string;
  readonly rawQuery: string;
}

/** Go's url.ParseRequestURI; throws `parse "<s>": <reason>` like Go's *url.Error. */
export function parseRequestURI(s: string): ParsedURL {
  const fail = (why: string): never => {
    throw new Error(`parse ${JSON.stringify(s)}: ${why}`);
  };
  if ([...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) fail('net/url: invalid control character in URL');
  let rest = s;
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash); // url.Parse drops the fragment; ParseRequestURI would keep it in the path
  let rawQuery = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let scheme = '';
  const sm = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest);
  if (sm) {
    scheme = sm[1]!.toLowerCase();
    rest = rest.slice(sm[0].length);
  } else if (/^[^/]*:/.test(rest)) {
    fail('missing protocol scheme');
  }
  if (scheme === '' && !rest.startsWith('/')) fail('invalid URI for request');
  if (scheme !== '' && !rest.startsWith('/')) {
    // opaque URL such as mailto:x; accepted by Go
    return { raw: s, scheme, host: '', path: '', rawQuery };
  }
  let host = '';
  if (rest.startsWith('//')) {
    const authEnd = rest.indexOf('/', 2);
    const authority = authEnd < 0 ? rest.slice(2) : rest.slice(2, authEnd);
    rest = authEnd < 0 ? '' : rest.slice(authEnd);
    const at = authority.lastIndexOf('@');
    host = at >= 0 ? authority.slice(at + 1) : authority;
    validateHost(host, fail);
  }
  return { raw: s, scheme, host, path: decodePath(rest, fail), rawQuery };
}

function validateHost(host: string, fail: (why: string) => never): void {
  let portPart: string;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) fail("missing ']' in host");
    portPart = host.slice(close + 1);
  } else {
    const colon = host.indexOf(':');
    portPart = colon < 0 ? '' : host.slice(colon);
  }
  if (portPart !== '' && !/^:[0-9]*$/.test(portPart)) fail(`invalid port ${JSON.stringify(portPart)} after host`);
}

function decodePath(p: string, fail: (why: string) => never): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return fail(`invalid URL escape ${JSON.stringify(/%.{0,2}/.exec(p)?.[0] ?? '%')}`);
  }
}

function hostname(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

function port(host: string): string {
  const h = host.startsWith('[') ? host.slice(host.indexOf(']') + 1) : host.slice(Math.max(0, host.indexOf(':')));
  return h.startsWith(':') ? h.slice(1) : '';
}

function escapedPath(path: string): string {
  return path
    .split('/')
    .map((seg) => encodeURIComponent(seg).replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%40/g, '@').replace(/%3D/g, '=').replace(/%2B/g, '+').replace(/%24/g, '$').replace(/%26/g, '&').replace(/%3B/g, ';'))
    .join('/');
}

function queryMap(raw: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  if (raw === '') return m;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
    const k = dec(eq < 0 ? part : part.slice(0, eq));
    const v = eq < 0 ? '' : dec(part.slice(eq + 1));
    m.set(k, [...(m.get(k) ?? []), v]);
  }
  return m;
}

/** Makes a CEL URL value. */
export function urlValue(s: string) {
  try {
    const u = parseRequestURI(s);
    return opaque('url', u, u.raw);
  } catch (e) {
    throw new Error(`URL parse error during conversion from string: ${(e as Error).message}`);
  }
}

/** kube's urls library. */
export const urlsLibrary: Library = {
  name: 'k8s.urls',
  decls: [
    fn('url', [T.string], T.url),
    fn('isURL', [T.string], T.bool),
    ...['getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath'].map((m) => method(m, T.url, [], T.string)),
    method('getQuery', T.url, [], T.map(T.string, T.list(T.string))),
  ],
  funcs: [
    celFunc('url', [CelScalar.STRING], CelScalar.DYN, (s: string) => urlValue(s)),
    celFunc('isURL', [CelScalar.STRING], CelScalar.BOOL, (s: string) => {
      try {
        parseRequestURI(s);
        return true;
      } catch {
        return false;
      }
    }),
  ],
  opaque: [
    opaqueOverload<ParsedURL>('getScheme', true, 'url', 0, (u) => u.scheme),
    opaqueOverload<ParsedURL>('getHost', true, 'url', 0, (u) => u.host),
    opaqueOverload<ParsedURL>('getHostname', true, 'url', 0, (u) => hostname(u.host)),
    opaqueOverload<ParsedURL>('getPort', true, 'url', 0, (u) => port(u.host)),
    opaqueOverload<ParsedURL>('getEscapedPath', true, 'url', 0, (u) => escapedPath(u.path)),
    opaqueOverload<ParsedURL>('getQuery', true, 'url', 0, (u) => queryMap(u.rawQuery)),
  ],
};
