// Behaviour of k8s.io/apiserver pkg/util/webhook/validation.go (v0.33.9) ValidateWebhookURL and
// ValidateWebhookService, with the part of Go's net/url Parse they depend on.
import { FieldPath, fieldErrors, isDNS1123Subdomain, type FieldError } from '@kapi/apimachinery';
import { isValidPortNum } from '../../core/v1/validation-helpers.ts';

/** The parts of a URL Go's url.Parse gives that the webhook rules read. */
export interface GoUrl {
  scheme: string;
  host: string;
  user: string | undefined;
  fragment: string;
  rawQuery: string;
}

const quoteGo = (s: string) => JSON.stringify(s);

/** The error text of Go's url.Parse (`parse "<url>": <why>`), or the parsed parts. */
export function parseGoUrl(raw: string): GoUrl | string {
  const fail = (why: string) => `parse ${quoteGo(raw)}: ${why}`;
  let rest = raw;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) return fail('net/url: invalid control character in URL');
  let scheme = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) break;
      continue;
    }
    if (c === ':') {
      if (i === 0) return fail('missing protocol scheme');
      scheme = rest.slice(0, i).toLowerCase();
      rest = rest.slice(i + 1);
    }
    break;
  }
  let rawQuery = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let host = '';
  let user: string | undefined;
  if (!rest.startsWith('/')) {
    if (scheme !== '') return { scheme, host, user, fragment, rawQuery }; // opaque
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) return fail('first path segment in URL cannot contain colon');
  }
  if ((scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    const after = rest.slice(2);
    const slash = after.indexOf('/');
    const authority = slash < 0 ? after : after.slice(0, slash);
    const at = authority.lastIndexOf('@');
    host = at < 0 ? authority : authority.slice(at + 1);
    if (at >= 0) {
      user = authority.slice(0, at);
      if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(user)) return fail('net/url: invalid userinfo');
    }
    if (!host.startsWith('[')) {
      const colon = host.lastIndexOf(':');
      if (colon >= 0 && !/^[0-9]*$/.test(host.slice(colon + 1))) return fail(`invalid port ${quoteGo(host.slice(colon))} after host`);
      const bad = [...host].find((ch) => !/[A-Za-z0-9\-._~!$&'()*+,;=:%]/.test(ch));
      if (bad !== undefined) return fail(`invalid character ${quoteGo(bad)} in host name`);
    }
  }
  return { scheme, host, user, fragment, rawQuery };
}

const form = '; desired format: https://host[/path]';

/** ValidateWebhookURL: a parseable URL with a host, no user, query or fragment; https when `forceHttps`. */
export function validateWebhookURL(path: FieldPath, url: string, forceHttps: boolean): FieldError[] {
  const u = parseGoUrl(url);
  if (typeof u === 'string') return [fieldErrors.required(path, `url must be a valid URL: ${u}${form}`)];
  const errs: FieldError[] = [];
  if (forceHttps && u.scheme !== 'https') errs.push(fieldErrors.invalid(path, u.scheme, `'https' is the only allowed URL scheme${form}`));
  if (u.host === '') errs.push(fieldErrors.invalid(path, u.host, `host must be specified${form}`));
  if (u.user !== undefined) errs.push(fieldErrors.invalid(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment !== '') errs.push(fieldErrors.invalid(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery !== '') errs.push(fieldErrors.invalid(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return errs;
}

/** ValidateWebhookService: a name, a namespace, a valid port and a path of DNS-subdomain segments. */
export function validateWebhookService(path: FieldPath, namespace: string, name: string, urlPath: string | undefined, port: number): FieldError[] {
  const errs: FieldError[] = [];
  if (name === '') errs.push(fieldErrors.required(path.child('name'), 'service name is required'));
  if (namespace === '') errs.push(fieldErrors.required(path.child('namespace'), 'service namespace is required'));
  const portErrs = isValidPortNum(port);
  if (portErrs.length > 0) errs.push(fieldErrors.invalid(path.child('port'), port, `port is not valid: ${portErrs.join(', ')}`));
  if (urlPath === undefined || urlPath === '/' || urlPath === '') return errs;
  const at = path.child('path');
  if (urlPath === '//') return [...errs, fieldErrors.invalid(at, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errs.push(fieldErrors.invalid(at, urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (step === '') {
      errs.push(fieldErrors.invalid(at, urlPath, `segment[${i}] may not be empty`));
      return;
    }
    for (const failure of isDNS1123Subdomain(step)) errs.push(fieldErrors.invalid(at, urlPath, `segment[${i}]: ${failure}`));
  });
  return errs;
}
