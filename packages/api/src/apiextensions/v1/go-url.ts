// Behaviour of Go's net/url Parse and ParseRequestURI (go1.24), as far as kube's webhook URL and
// API-approval checks read them: scheme, user info, host, query, fragment and the parse errors.
import { quote } from '@kapi/apimachinery';

/** The parts of a URL kube's checks look at. */
export interface GoUrl {
  readonly scheme: string;
  readonly user: string | undefined;
  readonly host: string;
  readonly rawQuery: string;
  readonly fragment: string;
}

function getScheme(raw: string): { scheme: string; rest: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (/[a-zA-Z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new Error('missing protocol scheme');
      return { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    }
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

function checkEscapes(s: string): void {
  const bad = /%(?![0-9a-fA-F]{2})/.exec(s);
  if (bad) throw new Error(`invalid URL escape ${quote(s.slice(bad.index, bad.index + 3))}`);
}

function validOptionalPort(port: string): boolean {
  return port === '' || (port.startsWith(':') && /^[0-9]*$/.test(port.slice(1)));
}

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${quote(colonPort)} after host`);
  } else {
    const i = host.lastIndexOf(':');
    if (i !== -1 && !validOptionalPort(host.slice(i))) throw new Error(`invalid port ${quote(host.slice(i))} after host`);
  }
  checkEscapes(host);
  return decodeURIComponentSafe(host);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function parse(raw: string, viaRequest: boolean): GoUrl {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new Error('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new Error('empty url');
  if (raw === '*') return { scheme: '', user: undefined, host: '', rawQuery: '', fragment: '' };
  const got = getScheme(raw);
  const scheme = got.scheme.toLowerCase();
  let rest = got.rest;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { scheme, user: undefined, host: '', rawQuery, fragment: '' };
    if (viaRequest) throw new Error('invalid URI for request');
    if ((rest.split('/')[0] ?? '').includes(':')) throw new Error('first path segment in URL cannot contain colon');
  }
  let user: string | undefined;
  let host = '';
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    const slash = authority.indexOf('/');
    rest = slash >= 0 ? authority.slice(slash) : '';
    if (slash >= 0) authority = authority.slice(0, slash);
    const at = authority.lastIndexOf('@');
    host = parseHost(at < 0 ? authority : authority.slice(at + 1));
    if (at >= 0) {
      user = authority.slice(0, at);
      if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(user)) throw new Error('net/url: invalid userinfo');
      checkEscapes(user);
    }
  }
  checkEscapes(rest);
  return { scheme, user, host, rawQuery, fragment: '' };
}

/** url.Parse: throws an Error with Go's message, `parse "<url>": <why>`. */
export function goParseUrl(raw: string): GoUrl {
  const hash = raw.indexOf('#');
  const u = hash >= 0 ? raw.slice(0, hash) : raw;
  const frag = hash >= 0 ? raw.slice(hash + 1) : '';
  let url: GoUrl;
  try {
    url = parse(u, false);
  } catch (err) {
    throw new Error(`parse ${quote(u)}: ${(err as Error).message}`);
  }
  if (frag === '') return url;
  try {
    checkEscapes(frag);
  } catch (err) {
    throw new Error(`parse ${quote(raw)}: ${(err as Error).message}`);
  }
  return { ...url, fragment: decodeURIComponentSafe(frag) };
}

/** url.ParseRequestURI: an absolute URI or path, no fragment split off. */
export function goParseRequestUri(raw: string): GoUrl {
  try {
    return parse(raw, true);
  } catch (err) {
    throw new Error(`parse ${quote(raw)}: ${(err as Error).message}`);
  }
}
