// Rows of k8s.io/apiserver/pkg/endpoints/request/requestinfo_test.go (v1.33) that kapi's parser covers.
import { describe, expect, it } from 'vitest';
import { parseRequestInfo, parseRequestTarget } from './request-info.ts';

/** kube's test requests carry `?watch=...` in the URL; kapi's parser takes the parsed flag. */
function parse(method: string, url: string) {
  const u = parseRequestTarget(url)!;
  const w = u.query.get('watch');
  return parseRequestInfo(method, u.path, w === 'true' || w === '1');
}

describe('parseRequestInfo (TestGetAPIRequestInfo)', () => {
  // method, url, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts
  const rows: [string, string, string, string, string, string, string, string, string, string, string[]][] = [
    // resource paths
    ['GET', '/api/v1/namespaces', 'list', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
    ['GET', '/api/v1/namespaces/other', 'get', 'api', '', 'v1', 'other', 'namespaces', '', 'other', ['namespaces', 'other']],
    ['GET', '/api/v1/namespaces/other/pods', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['HEAD', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['GET', '/api/v1/pods', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['HEAD', '/api/v1/pods', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    // special verbs
    ['GET', '/api/v1/proxy/namespaces/other/pods/foo', 'proxy', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    [
      'GET',
      '/api/v1/proxy/namespaces/other/pods/foo/subpath/not/a/subresource',
      'proxy',
      'api',
      '',
      'v1',
      'other',
      'pods',
      '',
      'foo',
      ['pods', 'foo', 'subpath', 'not', 'a', 'subresource'],
    ],
    ['GET', '/api/v1/watch/pods', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/pods?watch=true', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/pods?watch=false', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/watch/namespaces/other/pods', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods?watch=1', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['GET', '/api/v1/namespaces/other/pods?watch=0', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    // subresource identification
    ['GET', '/api/v1/namespaces/other/pods/foo/status', 'get', 'api', '', 'v1', 'other', 'pods', 'status', 'foo', ['pods', 'foo', 'status']],
    ['GET', '/api/v1/namespaces/other/pods/foo/proxy/subpath', 'get', 'api', '', 'v1', 'other', 'pods', 'proxy', 'foo', ['pods', 'foo', 'proxy', 'subpath']],
    ['PUT', '/api/v1/namespaces/other/finalize', 'update', 'api', '', 'v1', 'other', 'namespaces', 'finalize', 'other', ['namespaces', 'other', 'finalize']],
    ['PUT', '/api/v1/namespaces/other/status', 'update', 'api', '', 'v1', 'other', 'namespaces', 'status', 'other', ['namespaces', 'other', 'status']],
    // verb identification
    ['PATCH', '/api/v1/namespaces/other/pods/foo', 'patch', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['DELETE', '/api/v1/namespaces/other/pods/foo', 'delete', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['POST', '/api/v1/namespaces/other/pods', 'create', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    // deletecollection verb identification
    ['DELETE', '/api/v1/nodes', 'deletecollection', 'api', '', 'v1', '', 'nodes', '', '', ['nodes']],
    ['DELETE', '/api/v1/namespaces', 'deletecollection', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
    ['DELETE', '/api/v1/namespaces/other/pods', 'deletecollection', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    ['DELETE', '/apis/extensions/v1/namespaces/other/pods', 'deletecollection', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
    // api group and version identification
    ['POST', '/apis/extensions/v1/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
    ['POST', '/apis/extensions/v1beta3/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1beta3', 'other', 'pods', '', '', ['pods']],
    // The deprecated watch paths of the selector rows (the name is the path's).
    ['GET', '/apis/group/version/watch/resource?fieldSelector=metadata.name=foo', 'watch', 'apis', 'group', 'version', '', 'resource', '', '', ['resource']],
    ['GET', '/apis/group/version/watch/resource/name?fieldSelector=metadata.name=foo', 'watch', 'apis', 'group', 'version', '', 'resource', '', 'name', ['resource', 'name']],
    // Further forms kube's installer routes (watch/ + item path, and namespaces themselves).
    ['GET', '/api/v1/watch/namespaces/other/pods/foo', 'watch', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
    ['GET', '/api/v1/watch/namespaces/other/pods/foo/status', 'watch', 'api', '', 'v1', 'other', 'pods', 'status', 'foo', ['pods', 'foo', 'status']],
    ['GET', '/api/v1/watch/namespaces', 'watch', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
    ['GET', '/api/v1/watch/namespaces/other', 'watch', 'api', '', 'v1', 'other', 'namespaces', '', 'other', ['namespaces', 'other']],
    ['GET', '/apis/apps/v1/watch/namespaces/other/deployments', 'watch', 'apis', 'apps', 'v1', 'other', 'deployments', '', '', ['deployments']],
    ['POST', '/api/v1/watch/namespaces/other/pods', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
    // A GET of one object with ?watch=true stays a get: kube reads `watch` only for collections.
    ['GET', '/api/v1/namespaces/other/pods/foo?watch=true', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  ];
  it.each(rows)('%s %s', (method, url, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts) => {
    const info = parse(method, url);
    expect(info.error).toBeUndefined();
    expect(info.isResourceRequest).toBe(true);
    expect({ verb: info.verb, apiPrefix: info.apiPrefix, apiGroup: info.apiGroup, apiVersion: info.apiVersion, namespace: info.namespace }).toEqual({
      verb,
      apiPrefix,
      apiGroup,
      apiVersion,
      namespace,
    });
    expect({ resource: info.resource, subresource: info.subresource, name: info.name, parts: info.parts }).toEqual({ resource, subresource, name, parts });
  });

  it.each([
    ['no resource path', '/'],
    ['just apiversion', '/api/version/'],
    ['just prefix, group, version', '/apis/group/version/'],
    ['bad prefix', '/badprefix/version/resource'],
    ['missing api group', '/apis/version/resource'],
  ])('%s (%s) is not a resource request', (_name, url) => {
    const info = parse('GET', url);
    expect(info.isResourceRequest).toBe(false);
    expect(info.error).toBeUndefined();
  });

  it.each(['/api/v1/watch', '/api/v1/watch/', '/apis/apps/v1/watch', '/api/v1/proxy'])('%s cannot be parsed (a special verb with nothing after it)', (url) => {
    expect(parse('GET', url).error).toBe('unable to determine kind and namespace from url');
  });
});

describe('parseRequestTarget (Go url.ParseRequestURI)', () => {
  it.each([
    ['/api/v1/namespaces/default/configmaps/x/../../../../namespaces/kube-public', '/api/v1/namespaces/default/configmaps/x/../../../../namespaces/kube-public'],
    ['/api/v1/namespaces/default/secrets/%2e%2E/./x', '/api/v1/namespaces/default/secrets/.././x'],
    ['/api/v1/namespaces/default%2Fconfigmaps', '/api/v1/namespaces/default/configmaps'],
    ['/a+b%20c%25', '/a+b c%'],
    ['/caf%C3%A9/%e2%9c%93', '/café/✓'],
    ['http://example.com:80/api/v1/pods?watch=1', '/api/v1/pods'],
    ['//api//v1/', '//api//v1/'],
  ])('%s is the path %s, unresolved', (target, path) => {
    expect(parseRequestTarget(target)?.path).toBe(path);
  });

  it('splits the query off the raw target and decodes it as a form', () => {
    const t = parseRequestTarget('/api/v1/pods?labelSelector=a%3Db&fieldSelector=x+y&watch=1')!;
    expect(t.path).toBe('/api/v1/pods');
    expect([...t.query]).toEqual([
      ['labelSelector', 'a=b'],
      ['fieldSelector', 'x y'],
      ['watch', '1'],
    ]);
  });

  it.each(['/api/v1/%zz', '/api/v1/%4', '/api/%', 'api/v1/pods', ''])('%j is not a request URI', (target) => {
    expect(parseRequestTarget(target)).toBeUndefined();
  });

  it('keeps dot segments and empty segments as kube splitPath does', () => {
    const info = parseRequestInfo('DELETE', '/api/v1/namespaces/default/configmaps/x/../../../../namespaces/kube-public', false);
    expect({ verb: info.verb, namespace: info.namespace, resource: info.resource, name: info.name, subresource: info.subresource }).toEqual({
      verb: 'delete',
      namespace: 'default',
      resource: 'configmaps',
      name: 'x',
      subresource: '..',
    });
    const empty = parseRequestInfo('GET', '/api/v1/namespaces//configmaps', false);
    expect({ verb: empty.verb, namespace: empty.namespace, resource: empty.resource, parts: empty.parts }).toEqual({
      verb: 'list',
      namespace: '',
      resource: 'configmaps',
      parts: ['configmaps'],
    });
  });
});

describe('namespacePrefixed', () => {
  it.each([
    ['/api/v1/namespaces/other/pods', true],
    ['/api/v1/namespaces/other/namespaces/other', true],
    ['/api/v1/namespaces/other', false],
    ['/api/v1/namespaces/other/status', false],
    ['/api/v1/namespaces', false],
    ['/api/v1/pods', false],
  ])('%s: %s', (path, prefixed) => {
    expect(parseRequestInfo('GET', path, false).namespacePrefixed).toBe(prefixed);
  });
});
