// The HTTP surface as clients see it: status codes, Status bodies, content types, watch framing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEnvelope,
  APIGroupDiscoveryList,
  APIGroupList,
  APIResourceList,
  APIVersions,
  TableSchema,
  encodeEnvelope,
  encodeMessage,
} from '@kapi/apimachinery';
import { configMapKind, namespaceKind } from '@kapi/api';
import { startTestServer, type TestServer } from '../src/testing/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const cmPath = '/api/v1/namespaces/default/configmaps';

describe('version and discovery', () => {
  it('GET /version answers version.Info', async () => {
    const r = await call('GET', '/version');
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).slice(0, 2)).toEqual(['major', 'minor']);
    expect(r.json.gitVersion).toMatch(/^v1\.\d+\.\d+/);
  });

  it.each(['v2', 'v2beta1'])('serves aggregated discovery %s with the Content-Type kubectl asked for', async (v) => {
    const accept = `application/json;g=apidiscovery.k8s.io;v=${v};as=APIGroupDiscoveryList,application/json`;
    const r = await call('GET', '/api', undefined, { Accept: accept });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(`application/json;g=apidiscovery.k8s.io;v=${v};as=APIGroupDiscoveryList`);
    expect(APIGroupDiscoveryList.parse(r.json).apiVersion).toBe(`apidiscovery.k8s.io/${v}`);
    const resources = r.json.items[0].versions[0].resources;
    const cm = resources.find((x: any) => x.resource === 'configmaps');
    expect(cm).toMatchObject({ scope: 'Namespaced', singularResource: 'configmap', shortNames: ['cm'], responseKind: { kind: 'ConfigMap' } });
    expect(cm.verbs).toEqual([...cm.verbs].sort());
    expect(resources.find((x: any) => x.resource === 'namespaces')).toMatchObject({ scope: 'Cluster', shortNames: ['ns'] });
  });

  /** kube-apiserver 1.33's groups in its order (by group priority, then name), GA ones only. */
  const kubeGroups = [
    'apiregistration.k8s.io',
    'apps',
    'events.k8s.io',
    'authentication.k8s.io',
    'authorization.k8s.io',
    'autoscaling',
    'batch',
    'certificates.k8s.io',
    'networking.k8s.io',
    'policy',
    'rbac.authorization.k8s.io',
    'storage.k8s.io',
    'admissionregistration.k8s.io',
    'apiextensions.k8s.io',
    'scheduling.k8s.io',
    'coordination.k8s.io',
    'node.k8s.io',
    'discovery.k8s.io',
    'flowcontrol.apiserver.k8s.io',
  ];

  it('answers kubectl 1.27 (v2beta1 first) with v2beta1', async () => {
    const r = await call('GET', '/apis', undefined, {
      Accept: 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json',
    });
    expect(r.headers.get('content-type')).toContain('v=v2beta1');
    expect(r.json.items.map((i: any) => i.metadata.name)).toEqual(kubeGroups);
    const apps = r.json.items[1].versions[0].resources.find((x: any) => x.resource === 'deployments');
    expect(apps).toMatchObject({ scope: 'Namespaced', shortNames: ['deploy'], categories: ['all'], responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' } });
  });

  it('serves plain APIVersions and APIGroupList when only JSON is accepted', async () => {
    const api = await call('GET', '/api', undefined, { Accept: 'application/json, */*' });
    expect(api.headers.get('content-type')).toBe('application/json');
    expect(APIVersions.parse(api.json).versions).toEqual(['v1']);
    expect(api.json.apiVersion).toBeUndefined();
    const apis = await call('GET', '/apis', undefined, { Accept: 'application/json' });
    const groups = APIGroupList.parse(apis.json).groups;
    expect(groups.map((g) => g.name)).toEqual(kubeGroups);
    expect(groups[1]).toMatchObject({ versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } });
    // autoscaling: v2 first and preferred, as kube lists it.
    expect(groups.find((g) => g.name === 'autoscaling')).toMatchObject({
      versions: [{ groupVersion: 'autoscaling/v2', version: 'v2' }, { groupVersion: 'autoscaling/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'autoscaling/v2', version: 'v2' },
    });
  });

  it('GET /api/v1 lists the resources of the group version', async () => {
    const r = await call('GET', '/api/v1');
    APIResourceList.parse(r.json);
    expect(r.json.groupVersion).toBe('v1');
    const ns = r.json.resources.find((x: any) => x.name === 'namespaces');
    expect(ns).toMatchObject({ singularName: 'namespace', namespaced: false, kind: 'Namespace', shortNames: ['ns'] });
    expect(ns.verbs).toEqual(expect.arrayContaining(['create', 'delete', 'get', 'list', 'update', 'watch']));
  });

  it('answers unknown paths with a NotFound Status', async () => {
    const r = await call('GET', '/api/v1/widgets');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    });
  });
});

describe('OpenAPI v3', () => {
  it('indexes one document per group version, cacheable forever at its hash', async () => {
    const index = await call('GET', '/openapi/v3');
    const url: string = index.json.paths['api/v1'].serverRelativeURL;
    expect(url).toMatch(/^\/openapi\/v3\/api\/v1\?hash=[0-9A-F]{128}$/);
    const doc = await call('GET', url);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('cache-control')).toBe('public, immutable');
    expect(doc.headers.get('etag')).toBe(`"${url.split('hash=')[1]}"`);
    const stale = await fetch(`${server.url}/openapi/v3/api/v1?hash=0`, { redirect: 'manual' });
    expect(stale.status).toBe(301);
    expect(stale.headers.get('location')).toBe(url);
  });

  it('has PATCH operations with the GVK and a fieldValidation parameter (kubectl then validates on the server)', async () => {
    const index = await call('GET', '/openapi/v3');
    const doc = (await call('GET', index.json.paths['api/v1'].serverRelativeURL)).json;
    const patch = doc.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch;
    expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: '', kind: 'ConfigMap', version: 'v1' });
    expect(patch.parameters.map((p: any) => p.name)).toContain('fieldValidation');
    const cm = doc.components.schemas['io.k8s.api.core.v1.ConfigMap'];
    expect(cm['x-kubernetes-group-version-kind']).toEqual([{ group: '', kind: 'ConfigMap', version: 'v1' }]);
    expect(cm.properties.metadata.allOf).toEqual([{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
    const meta = doc.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'];
    expect(meta.properties.ownerReferences).toMatchObject({
      'x-kubernetes-patch-merge-key': 'uid',
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['uid'],
    });
    const ns = doc.components.schemas['io.k8s.api.core.v1.NamespaceStatus'];
    expect(ns.properties.conditions).toMatchObject({ 'x-kubernetes-patch-merge-key': 'type', 'x-kubernetes-patch-strategy': 'merge' });
    // Every reference resolves.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const r of refs) expect(doc.components.schemas[r], r).toBeDefined();
  });
});

describe('configmaps over HTTP', () => {
  it('creates from a body without apiVersion and kind (client-node does that) and answers 201', async () => {
    const r = await call('POST', cmPath, { metadata: { name: 'nokind' }, data: { a: '1' } });
    expect(r.status).toBe(201);
    expect(r.json.kind).toBe('ConfigMap');
    expect(r.json.apiVersion).toBe('v1');
    expect(r.json.metadata).toMatchObject({ name: 'nokind', namespace: 'default' });
    expect(r.json.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Number(r.json.metadata.resourceVersion)).toBeGreaterThan(0);
    expect(Object.keys(r.json).slice(0, 3)).toEqual(['kind', 'apiVersion', 'metadata']);
  });

  it('answers a second create with AlreadyExists, byte for byte', async () => {
    const r = await call('POST', cmPath, { metadata: { name: 'nokind' } });
    expect(r.status).toBe(409);
    expect(r.text).toBe(
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"configmaps \\"nokind\\" already exists","reason":"AlreadyExists","details":{"name":"nokind","kind":"configmaps"},"code":409}\n',
    );
  });

  it('answers a missing object with NotFound naming the resource', async () => {
    const r = await call('GET', `${cmPath}/nope`);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'configmaps "nope" not found',
      reason: 'NotFound',
      details: { name: 'nope', kind: 'configmaps' },
      code: 404,
    });
  });

  it('rejects a body of another kind and a wrong apiVersion with 400', async () => {
    const kind = await call('POST', cmPath, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } });
    expect(kind.status).toBe(400);
    expect(kind.json.reason).toBe('BadRequest');
    const version = await call('POST', cmPath, { apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 'x' } });
    expect(version.status).toBe(400);
    expect(version.json.message).toBe('the API version in the data (apps/v1) does not match the expected API version (v1)');
  });

  it('rejects wrongly typed values with 400 and malformed JSON with 400', async () => {
    const typed = await call('POST', cmPath, { metadata: { name: 'typed' }, data: { a: 1 } });
    expect(typed.status).toBe(400);
    const bad = await call('POST', cmPath, '{"metadata":');
    expect(bad.status).toBe(400);
    expect((await call('GET', `${cmPath}/typed`)).status).toBe(404);
  });

  it('handles unknown fields by fieldValidation: Strict rejects, Warn (default) warns, both drop them', async () => {
    const strict = await call('POST', `${cmPath}?fieldValidation=Strict`, { metadata: { name: 'fv', nmae: 'x' }, dta: {} });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.nmae", unknown field "dta"',
    );
    const warn = await call('POST', cmPath, { metadata: { name: 'fv', nmae: 'x' }, dta: {} });
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "unknown field \\"metadata.nmae\\"", 299 - "unknown field \\"dta\\""');
    expect(warn.json.dta).toBeUndefined();
    expect(warn.json.metadata.nmae).toBeUndefined();
    const ignore = await call('PUT', `${cmPath}/fv?fieldValidation=Ignore`, { metadata: { name: 'fv' }, extra: 1 });
    expect(ignore.status).toBe(200);
    expect(ignore.headers.get('warning')).toBeNull();
    expect(ignore.json.extra).toBeUndefined();
    const bad = await call('POST', `${cmPath}?fieldValidation=strict`, { metadata: { name: 'fv2' } });
    expect(bad.status).toBe(422);
  });

  it('treats fields named like Object.prototype members as unknown fields, not as a server error', async () => {
    const strict = await call('POST', `${cmPath}?fieldValidation=Strict`, { metadata: { name: 'proto-names', constructor: 1 }, valueOf: false });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toContain('unknown field "metadata.constructor", unknown field "valueOf"');
    const warn = await call('POST', cmPath, { metadata: { name: 'proto-names' }, toString: 'x' });
    expect(warn.status).toBe(201);
  });

  it('answers invalid names with 422 Invalid and field causes', async () => {
    const r = await call('POST', cmPath, { metadata: { name: 'Bad_Name' } });
    expect(r.status).toBe(422);
    expect(r.json.reason).toBe('Invalid');
    expect(r.json.details).toMatchObject({ name: 'Bad_Name', kind: 'ConfigMap' });
    expect(r.json.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        message:
          "Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        field: 'metadata.name',
      },
    ]);
    expect(r.json.message).toBe(`ConfigMap "Bad_Name" is invalid: metadata.name: ${r.json.details.causes[0].message}`);
    const missing = await call('POST', cmPath, { metadata: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.message).toBe('ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
  });

  it('generates names from generateName', async () => {
    const r = await call('POST', cmPath, { metadata: { generateName: 'gen-' } });
    expect(r.status).toBe(201);
    expect(r.json.metadata.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('updates with PUT, rejects a stale resourceVersion with Conflict, and PUT never creates', async () => {
    const created = await call('POST', cmPath, { metadata: { name: 'upd' }, data: { v: '1' } });
    const rv1 = created.json.metadata.resourceVersion;
    const put = await call('PUT', `${cmPath}/upd`, { ...created.json, data: { v: '2' } });
    expect(put.status).toBe(200);
    expect(Number(put.json.metadata.resourceVersion)).toBeGreaterThan(Number(rv1));
    expect(put.json.metadata.uid).toBe(created.json.metadata.uid);
    const stale = await call('PUT', `${cmPath}/upd`, { ...created.json, data: { v: '3' } });
    expect(stale.status).toBe(409);
    expect(stale.json.reason).toBe('Conflict');
    expect(stale.json.message).toBe(
      'Operation cannot be fulfilled on configmaps "upd": the object has been modified; please apply your changes to the latest version and try again',
    );
    const missing = await call('PUT', `${cmPath}/ghost`, { metadata: { name: 'ghost' } });
    expect(missing.status).toBe(404);
    const mismatch = await call('PUT', `${cmPath}/upd`, { metadata: { name: 'other' } });
    expect(mismatch.status).toBe(400);
  });

  it('does not write when an update changes nothing: same resourceVersion', async () => {
    const got = await call('GET', `${cmPath}/upd`);
    const put = await call('PUT', `${cmPath}/upd`, got.json);
    expect(put.status).toBe(200);
    expect(put.json.metadata.resourceVersion).toBe(got.json.metadata.resourceVersion);
  });

  it('applies merge patches, with metadata.resourceVersion as a precondition', async () => {
    const got = await call('GET', `${cmPath}/upd`);
    const p = await call('PATCH', `${cmPath}/upd`, { data: { extra: 'x' } }, { 'Content-Type': 'application/merge-patch+json' });
    expect(p.status).toBe(200);
    expect(p.json.data).toEqual({ v: '2', extra: 'x' });
    const stale = await call(
      'PATCH',
      `${cmPath}/upd`,
      { metadata: { resourceVersion: got.json.metadata.resourceVersion }, data: { extra: 'y' } },
      { 'Content-Type': 'application/merge-patch+json' },
    );
    expect(stale.status).toBe(409);
    const unsupported = await call('PATCH', `${cmPath}/upd`, '{}', { 'Content-Type': 'application/xml' });
    expect(unsupported.status).toBe(415);
    expect(unsupported.json.reason).toBe('UnsupportedMediaType');
    expect(unsupported.json.message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml',
    );
  });

  it('applies JSON Patch and strategic merge patch with kube\'s answers for bad patches', async () => {
    await call('POST', cmPath, { metadata: { name: 'jp' }, data: { a: '1' } });
    const jp = await call('PATCH', `${cmPath}/jp`, [{ op: 'add', path: '/data/b', value: '2' }, { op: 'remove', path: '/data/a' }], { 'Content-Type': 'application/json-patch+json' });
    expect(jp.status).toBe(200);
    expect(jp.json.data).toEqual({ b: '2' });
    const failed = await call('PATCH', `${cmPath}/jp`, [{ op: 'test', path: '/data/b', value: 'nope' }], { 'Content-Type': 'application/json-patch+json' });
    expect(failed.status).toBe(422);
    expect(failed.json).toMatchObject({ reason: 'Invalid', message: 'the server rejected our request due to an error in our request' });
    const tooMany = await call('PATCH', `${cmPath}/jp`, Array.from({ length: 10_001 }, () => ({ op: 'test', path: '/data/b', value: '2' })), {
      'Content-Type': 'application/json-patch+json',
    });
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.message).toBe('Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001');
    // A merge patch that is a list replaces the whole document, which then is no object: kube's 422.
    const list = await call('PATCH', `${cmPath}/jp`, '[]', { 'Content-Type': 'application/merge-patch+json' });
    expect(list.status).toBe(422);
    expect(list.json.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: 'patch',
        message:
          'Invalid value: "[]": couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
      },
    ]);
    const notJson = await call('PATCH', `${cmPath}/jp`, '{"data":', { 'Content-Type': 'application/strategic-merge-patch+json' });
    expect(notJson.status).toBe(400);
    const smp = await call('PATCH', `${cmPath}/jp`, { data: { c: '3', b: null } }, { 'Content-Type': 'application/strategic-merge-patch+json' });
    expect(smp.status).toBe(200);
    expect(smp.json.data).toEqual({ c: '3' });
    // Nothing was written by the failed patches: one resourceVersion per successful patch.
    expect(Number(smp.json.metadata.resourceVersion)).toBeGreaterThan(Number(jp.json.metadata.resourceVersion));
  });

  it('honours dryRun=All on create and on delete (body DeleteOptions, as kubectl sends)', async () => {
    const dry = await call('POST', `${cmPath}?dryRun=All`, { metadata: { name: 'dry' } });
    expect(dry.status).toBe(201);
    expect((await call('GET', `${cmPath}/dry`)).status).toBe(404);
    const del = await call('DELETE', `${cmPath}/upd`, { dryRun: ['All'] });
    expect(del.status).toBe(200);
    expect((await call('GET', `${cmPath}/upd`)).status).toBe(200);
    const badDry = await call('POST', `${cmPath}?dryRun=Some`, { metadata: { name: 'dry' } });
    expect(badDry.status).toBe(422);
  });

  it('deletes with a Success Status, with DeleteOptions from the query (client-node) too', async () => {
    const del = await call('DELETE', `${cmPath}/upd?propagationPolicy=Background`);
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ kind: 'Status', status: 'Success', details: { name: 'upd', kind: 'configmaps' } });
    expect((await call('DELETE', `${cmPath}/upd`)).status).toBe(404);
  });

  it('lists with label selectors, paging and a list resourceVersion', async () => {
    for (const n of ['p1', 'p2', 'p3']) await call('POST', cmPath, { metadata: { name: n, labels: { page: 'yes' } } });
    const all = await call('GET', `${cmPath}?labelSelector=page%3Dyes`);
    expect(all.json.kind).toBe('ConfigMapList');
    expect(all.json.items.map((i: any) => i.metadata.name)).toEqual(['p1', 'p2', 'p3']);
    expect(all.json.items[0].kind).toBeUndefined();
    expect(Number(all.json.metadata.resourceVersion)).toBeGreaterThan(0);
    const page1 = await call('GET', `${cmPath}?labelSelector=page%3Dyes&limit=2`);
    expect(page1.json.items.map((i: any) => i.metadata.name)).toEqual(['p1', 'p2']);
    expect(page1.json.metadata.continue).toBeTruthy();
    const page2 = await call('GET', `${cmPath}?labelSelector=page%3Dyes&limit=2&continue=${page1.json.metadata.continue}`);
    expect(page2.json.items.map((i: any) => i.metadata.name)).toEqual(['p3']);
    expect(page2.json.metadata.continue).toBeUndefined();
    const badSelector = await call('GET', `${cmPath}?fieldSelector=spec.foo%3Dbar`);
    expect(badSelector.status).toBe(400);
    // ConfigMaps have no field label conversion of their own: kube's default one answers.
    expect(badSelector.json.message).toBe('"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"');
  });

  it('rejects a resourceVersion that is not a safe integer with 400, never rounding it', async () => {
    for (const rv of ['abc', '9007199254740993', '-1']) {
      const r = await call('GET', `${cmPath}?resourceVersion=${rv}`);
      expect(r.status).toBe(400);
      expect(r.json.reason).toBe('BadRequest');
    }
    const future = await call('GET', `${cmPath}?resourceVersion=900719925474099`);
    expect(future.status).toBe(504);
    expect(future.json.reason).toBe('Timeout');
    expect(future.headers.get('retry-after')).toBe('1');
  });

  it('answers Table requests with columns and rows carrying PartialObjectMetadata', async () => {
    const r = await call('GET', `${cmPath}?labelSelector=page%3Dyes`, undefined, {
      Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json',
    });
    expect(r.headers.get('content-type')).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    TableSchema.parse(r.json);
    expect(r.json.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Data', 'Age']);
    expect(r.json.rows[0].cells.slice(0, 2)).toEqual(['p1', 0]);
    expect(r.json.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 'p1', namespace: 'default' } });
  });

  it('never answers 406 when JSON is acceptable, and 406 when nothing is', async () => {
    expect((await call('GET', cmPath, undefined, { Accept: 'application/vnd.kubernetes.protobuf,application/json' })).status).toBe(200);
    expect((await call('GET', cmPath, undefined, { Accept: '*/*' })).status).toBe(200);
    const none = await call('GET', cmPath, undefined, { Accept: 'text/html' });
    expect(none.status).toBe(406);
    expect(none.json.reason).toBe('NotAcceptable');
  });

  it('rejects objects over the 1.5 MiB storage limit with 413, where etcd would refuse them', async () => {
    // A ConfigMap is held to 1 MiB of data by validation; a container's env has no such limit.
    const deploys = '/apis/apps/v1/namespaces/default/deployments';
    const huge = {
      metadata: { name: 'huge' },
      spec: {
        selector: { matchLabels: { app: 'huge' } },
        template: { metadata: { labels: { app: 'huge' } }, spec: { containers: [{ name: 'c', image: 'x', env: [{ name: 'BIG', value: 'x'.repeat(2 * 1024 * 1024) }] }] } },
      },
    };
    const r = await call('POST', deploys, huge);
    expect(r.status).toBe(413);
    expect(r.json.reason).toBe('RequestEntityTooLarge');
    expect(r.json.message).toContain('more than the storage limit of 1572864 bytes');
    expect((await call('GET', `${deploys}/huge`)).status).toBe(404);
  });

  it('rejects bodies over 3 MiB with 413', async () => {
    const big = JSON.stringify({ metadata: { name: 'big' }, data: { a: 'x'.repeat(3 * 1024 * 1024) } });
    const r = await call('POST', cmPath, big);
    expect(r.status).toBe(413);
    expect(r.json.reason).toBe('RequestEntityTooLarge');
  });

  it('decodes protobuf bodies, as kubectl 1.32 sends for `create configmap`', async () => {
    const raw = encodeMessage(configMapKind.proto, { metadata: { name: 'proto-cm', namespace: 'default' }, data: { k: 'v' } });
    const body = encodeEnvelope('v1', 'ConfigMap', raw);
    const r = await fetch(server.url + cmPath, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf', Accept: 'application/vnd.kubernetes.protobuf,application/json' },
    });
    expect(r.status).toBe(201);
    // kubectl prefers protobuf, and so gets the created object in protobuf, as from kube-apiserver.
    expect(r.headers.get('content-type')).toBe('application/vnd.kubernetes.protobuf');
    const created = decodeEnvelope(new Uint8Array(await r.arrayBuffer()));
    expect([created.apiVersion, created.kind]).toEqual(['v1', 'ConfigMap']);
    const json = await call('GET', `${cmPath}/proto-cm`);
    expect(json.json).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'proto-cm' }, data: { k: 'v' } });
    const garbage = await call('POST', cmPath, new Uint8Array([1, 2, 3]), { 'Content-Type': 'application/vnd.kubernetes.protobuf' });
    expect(garbage.status).toBe(400);
  });
});

describe('YAML', () => {
  it('accepts YAML bodies, answers YAML when asked, and applies fieldValidation to duplicate keys', async () => {
    const yaml = 'metadata:\n  name: from-yaml\ndata:\n  answer: "42"\n  flag: "yes"\n';
    const r = await call('POST', cmPath, yaml, { 'Content-Type': 'application/yaml' });
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ answer: '42', flag: 'yes' });
    const got = await call('GET', `${cmPath}/from-yaml`, undefined, { Accept: 'application/yaml' });
    expect(got.headers.get('content-type')).toBe('application/yaml');
    expect(got.text).toContain('name: from-yaml');
    expect(got.text).toContain('answer: "42"');
    const dup = 'metadata:\n  name: dup-yaml\ndata:\n  a: "1"\n  a: "2"\n';
    const strict = await call('POST', `${cmPath}?fieldValidation=Strict`, dup, { 'Content-Type': 'application/yaml' });
    expect(strict.status).toBe(400);
    expect(strict.json.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: yaml: unmarshal errors:\n  line 5: key "a" already set in map',
    );
    const warn = await call('POST', cmPath, dup, { 'Content-Type': 'application/yaml' });
    expect(warn.status).toBe(201);
    expect(warn.json.data).toEqual({ a: '2' });
    expect(warn.headers.get('warning')).toContain('already set in map');
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n`;
    const laughs = await call('POST', cmPath, bomb, { 'Content-Type': 'application/yaml' });
    expect(laughs.status).toBe(400);
    expect(laughs.json.message).toContain('excessive aliasing');
  });
});

describe('status subresource', () => {
  const deploys = '/apis/apps/v1/namespaces/default/deployments';
  const body = {
    metadata: { name: 'st', labels: { app: 'st' } },
    spec: { replicas: 1, selector: { matchLabels: { app: 'st' } }, template: { metadata: { labels: { app: 'st' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };

  it('writes status through /status only, and spec only through the resource', async () => {
    const created = await call('POST', deploys, body);
    expect(created.status).toBe(201);
    expect(created.json.metadata.generation).toBe(1);
    expect(created.json.status).toEqual({});
    // The main resource ignores status.
    const main = await call('PATCH', `${deploys}/st`, { status: { replicas: 5 } }, { 'Content-Type': 'application/merge-patch+json' });
    expect(main.json.status).toEqual({});
    // /status changes status and nothing else: not spec, not labels, not generation.
    const got = await call('GET', `${deploys}/st/status`);
    expect(got.status).toBe(200);
    const put = await call('PUT', `${deploys}/st/status`, {
      ...got.json,
      metadata: { ...got.json.metadata, labels: { other: 'x' } },
      spec: { ...got.json.spec, replicas: 9 },
      status: { replicas: 1, readyReplicas: 1, observedGeneration: 1 },
    });
    expect(put.status).toBe(200);
    expect(put.json.status).toEqual({ replicas: 1, readyReplicas: 1, observedGeneration: 1 });
    expect(put.json.spec.replicas).toBe(1);
    expect(put.json.metadata.labels).toEqual({ app: 'st' });
    expect(put.json.metadata.generation).toBe(1);
    // A spec change through the resource bumps generation and keeps status.
    const scaled = await call('PATCH', `${deploys}/st`, { spec: { replicas: 3 } }, { 'Content-Type': 'application/merge-patch+json' });
    expect(scaled.json.metadata.generation).toBe(2);
    expect(scaled.json.status.readyReplicas).toBe(1);
    expect((await call('DELETE', `${deploys}/st/status`)).status).toBe(405);
  });

  it('is listed in discovery', async () => {
    const list = await call('GET', '/apis/apps/v1');
    expect(list.json.resources.find((r: any) => r.name === 'deployments/status')).toMatchObject({ kind: 'Deployment', verbs: ['get', 'patch', 'update'] });
    const agg = await call('GET', '/apis', undefined, { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' });
    const deployments = agg.json.items.find((g: any) => g.metadata.name === 'apps').versions[0].resources.find((r: any) => r.resource === 'deployments');
    expect(deployments.subresources).toEqual([
      { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] },
      { subresource: 'status', responseKind: { group: 'apps', version: 'v1', kind: 'Deployment' }, verbs: ['get', 'patch', 'update'] },
    ]);
    expect(list.json.resources.find((r: any) => r.name === 'deployments/scale')).toEqual({
      name: 'deployments/scale',
      singularName: '',
      namespaced: true,
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
      verbs: ['get', 'patch', 'update'],
    });
  });
});

describe('secrets', () => {
  it('merges write-only stringData into data, defaults the type, and keeps the type immutable', async () => {
    const path = '/api/v1/namespaces/default/secrets';
    const r = await call('POST', path, { metadata: { name: 's1' }, data: { a: Buffer.from('x').toString('base64') }, stringData: { a: 'y', b: 'z' } });
    expect(r.status).toBe(201);
    expect(r.json.type).toBe('Opaque');
    expect(r.json.stringData).toBeUndefined();
    expect(r.json.data).toEqual({ a: Buffer.from('y').toString('base64'), b: Buffer.from('z').toString('base64') });
    const retype = await call('PUT', `${path}/s1`, { ...r.json, type: 'kubernetes.io/tls' });
    expect(retype.status).toBe(422);
    expect(retype.json.details.causes).toContainEqual({ reason: 'FieldValueInvalid', message: 'Invalid value: "kubernetes.io/tls": field is immutable', field: 'type' });
    const tls = await call('POST', path, { metadata: { name: 't1' }, type: 'kubernetes.io/tls', data: {} });
    expect(tls.status).toBe(422);
    expect(tls.json.details.causes.map((c: any) => c.field)).toEqual(['data[tls.crt]', 'data[tls.key]']);
  });
});

describe('namespaces', () => {
  it('creates with phase Active, the kubernetes finalizer and the name label', async () => {
    const raw = encodeMessage(namespaceKind.proto, { metadata: { name: 'team-a' }, spec: {}, status: {} });
    const r = await call('POST', '/api/v1/namespaces', encodeEnvelope('v1', 'Namespace', raw), {
      'Content-Type': 'application/vnd.kubernetes.protobuf',
    });
    expect(r.status).toBe(201);
    expect(r.json.status).toEqual({ phase: 'Active' });
    expect(r.json.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(r.json.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'team-a' });
  });

  it('refuses content in a namespace that does not exist', async () => {
    const r = await call('POST', '/api/v1/namespaces/nowhere/configmaps', { metadata: { name: 'x' } });
    expect(r.status).toBe(404);
    expect(r.json.message).toBe('namespaces "nowhere" not found');
  });

  it('keeps a namespace Terminating while its content waits for finalizers, refusing new content, then removes it', async () => {
    await call('POST', '/api/v1/namespaces', { metadata: { name: 'team-held' } });
    await call('POST', '/api/v1/namespaces/team-held/configmaps', { metadata: { name: 'held', finalizers: ['example.com/hold'] } });
    const del = await call('DELETE', '/api/v1/namespaces/team-held');
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ kind: 'Namespace', metadata: { name: 'team-held' }, status: { phase: 'Terminating' } });
    const refused = await call('POST', '/api/v1/namespaces/team-held/configmaps', { metadata: { name: 'late' } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('configmaps "late" is forbidden: unable to create new content in namespace team-held because it is being terminated');
    expect((await call('GET', '/api/v1/namespaces/team-held')).json.status.phase).toBe('Terminating');
    // Once the finalizer's owner lets go, the namespace controller's next pass removes both.
    await call('PATCH', '/api/v1/namespaces/team-held/configmaps/held', { metadata: { finalizers: null } }, { 'Content-Type': 'application/merge-patch+json' });
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await call('GET', '/api/v1/namespaces/team-held')).status;
    }
    expect(status).toBe(404);
  });

  it('deletes a namespace with its content in the background, and never the default one', async () => {
    await call('POST', '/api/v1/namespaces/team-a/configmaps', { metadata: { name: 'inside' } });
    const del = await call('DELETE', '/api/v1/namespaces/team-a');
    expect(del.status).toBe(200);
    expect(del.json.kind).toBe('Namespace');
    expect(del.json.status).toEqual({ phase: 'Terminating' });
    expect(del.json.metadata.deletionTimestamp).toBeDefined();
    // The namespace controller empties it, then removes its finalizer: it goes.
    await server.controllers.idle();
    expect((await call('GET', '/api/v1/namespaces/team-a')).status).toBe(404);
    expect((await call('GET', '/api/v1/namespaces/team-a/configmaps/inside')).status).toBe(404);
    const def = await call('DELETE', '/api/v1/namespaces/default');
    expect(def.status).toBe(403);
    expect(def.json.message).toBe('namespaces "default" is forbidden: this namespace may not be deleted');
  });
});

describe('watch', () => {
  async function readEvents(path: string, count: number, act: () => Promise<void>, headers: Record<string, string> = {}) {
    const ctrl = new AbortController();
    const res = await fetch(server.url + path, { signal: ctrl.signal, headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const events: any[] = [];
    let buf = '';
    const reading = (async () => {
      while (events.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += new TextDecoder().decode(value);
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buf.slice(0, nl)));
          buf = buf.slice(nl + 1);
        }
      }
    })();
    await act();
    await reading;
    ctrl.abort();
    return { events, contentType: res.headers.get('content-type') };
  }

  it('streams changes after a list resourceVersion as one JSON event per line', async () => {
    const list = await call('GET', cmPath);
    const rv = list.json.metadata.resourceVersion;
    const { events } = await readEvents(`${cmPath}?watch=true&resourceVersion=${rv}`, 3, async () => {
      await call('POST', cmPath, { metadata: { name: 'w1' } });
      await call('PATCH', `${cmPath}/w1`, { data: { a: 'b' } }, { 'Content-Type': 'application/merge-patch+json' });
      await call('DELETE', `${cmPath}/w1`);
    });
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    expect(events.every((e) => e.object.kind === 'ConfigMap' && e.object.metadata.name === 'w1')).toBe(true);
    const rvs = events.map((e) => Number(e.object.metadata.resourceVersion));
    expect(rvs).toEqual([...rvs].sort((a, b) => a - b));
    expect(rvs[0]).toBeGreaterThan(Number(rv));
  });

  it('with resourceVersion=0 and a name selector starts with a synthetic ADDED (kubectl get NAME -w)', async () => {
    await call('POST', cmPath, { metadata: { name: 'w2' } });
    const { events } = await readEvents(`${cmPath}?fieldSelector=metadata.name%3Dw2&resourceVersion=0&watch=true`, 2, async () => {
      await call('PATCH', `${cmPath}/w2`, { data: { x: 'y' } }, { 'Content-Type': 'application/merge-patch+json' });
    });
    expect(events.map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', 'w2'],
      ['MODIFIED', 'w2'],
    ]);
  });

  it('serves watch-list: the current objects as ADDED, then a bookmark marked initial-events-end, then changes', async () => {
    await call('POST', cmPath, { metadata: { name: 'wl1' } });
    await call('POST', cmPath, { metadata: { name: 'wl2' } });
    const names = (await call('GET', cmPath)).json.items.length as number;
    const { events } = await readEvents(
      `${cmPath}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`,
      names + 2,
      async () => {
        // Written once the initial events are (most likely) out; either way it comes after the bookmark.
        await new Promise((r) => setTimeout(r, 100));
        await call('PATCH', `${cmPath}/wl1`, { data: { x: 'y' } }, { 'Content-Type': 'application/merge-patch+json' });
      },
    );
    const initial = events.slice(0, names);
    expect(initial.every((e) => e.type === 'ADDED')).toBe(true);
    expect(initial.map((e) => e.object.metadata.name)).toEqual(expect.arrayContaining(['wl1', 'wl2']));
    const bookmark = events[names];
    expect(bookmark.type).toBe('BOOKMARK');
    expect(bookmark.object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
    expect(Number(bookmark.object.metadata.resourceVersion)).toBeGreaterThanOrEqual(Math.max(...initial.map((e) => Number(e.object.metadata.resourceVersion))));
    expect([events[names + 1].type, events[names + 1].object.metadata.name]).toEqual(['MODIFIED', 'wl1']);
  });

  it('sends Table events when asked, with column definitions only in the first', async () => {
    const list = await call('GET', cmPath);
    const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
    const { events, contentType } = await readEvents(
      `${cmPath}?watch=true&resourceVersion=${list.json.metadata.resourceVersion}`,
      2,
      async () => {
        await call('POST', cmPath, { metadata: { name: 'w3' } });
        await call('POST', cmPath, { metadata: { name: 'w4' } });
      },
      { Accept: accept },
    );
    expect(contentType).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(events[0].object.kind).toBe('Table');
    expect(events[0].object.columnDefinitions).toHaveLength(3);
    expect(events[1].object.columnDefinitions).toBeNull();
    expect(events[1].object.rows[0].cells[0]).toBe('w4');
  });

  it('ends the stream at timeoutSeconds', async () => {
    const started = Date.now();
    const r = await call('GET', `${cmPath}?watch=true&timeoutSeconds=1&resourceVersion=${(await call('GET', cmPath)).json.metadata.resourceVersion}`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('strict JSON decoding: duplicate fields and nesting depth', () => {
  const dupBody = (name: string) => `{"metadata":{"name":"${name}"},"data":{"a":"1"},"data":{"b":"2"}}`;

  it('rejects a duplicate field under fieldValidation=Strict with kube’s message', async () => {
    const r = await call('POST', `${cmPath}?fieldValidation=Strict`, dupBody('dup-strict'));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
    expect(r.json.message).toBe('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: duplicate field "data"');
    expect((await call('GET', `${cmPath}/dup-strict`)).status).toBe(404);
  });

  it('lists duplicate and unknown fields together in document order', async () => {
    const body = '{"metadata":{"name":"dup-mixed","nmae":"x"},"data":{"a":"1","a":"2"},"dta":1,"data":{}}';
    const r = await call('POST', `${cmPath}?fieldValidation=Strict`, body);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.nmae", duplicate field "data.a", unknown field "dta", duplicate field "data"',
    );
  });

  it('warns about each duplicate field under Warn and creates the object; Ignore says nothing', async () => {
    const warn = await call('POST', `${cmPath}?fieldValidation=Warn`, dupBody('dup-warn'));
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "duplicate field \\"data\\""');
    expect(warn.json.metadata.name).toBe('dup-warn');
    const ignore = await call('POST', `${cmPath}?fieldValidation=Ignore`, dupBody('dup-ignore'));
    expect(ignore.status).toBe(201);
    expect(ignore.headers.get('warning')).toBeNull();
  });

  it('rejects a body nested 20,000 deep with 400', async () => {
    const r = await call('POST', cmPath, `{"metadata":{"name":"deep"},"data":${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}}`);
    expect(r.status).toBe(400);
    expect(r.json.reason).toBe('BadRequest');
    expect(r.json.message).toBe("couldn't get version/kind; json parse error: invalid character '{' exceeded max depth");
  });
});
