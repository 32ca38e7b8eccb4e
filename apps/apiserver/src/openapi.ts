// Behaviour of k8s.io/kube-openapi (handler3) and k8s.io/apiserver/pkg/endpoints/installer.go
// (v1.33): the OpenAPI v3 index and one document per group version, built from the kinds'
// declarations. kubectl reads them to decide on server-side field validation (a PATCH operation
// with a `fieldValidation` parameter), for `explain`, and for client-side apply patches.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openAPIComponents, openAPIName, type OpenAPISchema } from '@kapi/apimachinery';
import type { Registry, ResourceEntry } from '@kapi/registry';
import { encodeJson, notFoundStatus, writeJson } from './responses.ts';
import { kubernetesMajor, kubernetesMinor } from './version.ts';

const metaRef = (name: string) => ({ $ref: `#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.${name}` });

/** Components every group version document carries (the meta/v1 types of operations). */
const metaComponents: Record<string, OpenAPISchema> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta': {
    description: 'Metadata of a list: its resourceVersion and paging state.',
    type: 'object',
    properties: {
      continue: { description: 'Token for the next page, when the list was cut by a limit.', type: 'string' },
      remainingItemCount: { description: 'Items left after this page, when known.', type: 'integer', format: 'int64' },
      resourceVersion: { description: 'The version of the list, for watches from it.', type: 'string' },
      selfLink: { description: 'Deprecated; never set.', type: 'string' },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status': {
    description: 'The result of an operation that returns no object, or of a failed one.',
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      code: { type: 'integer', format: 'int32' },
      details: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      kind: { type: 'string' },
      message: { type: 'string' },
      metadata: { allOf: [metaRef('ListMeta')], default: {} },
      reason: { type: 'string' },
      status: { type: 'string' },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions': {
    description: 'Options of a delete.',
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      dryRun: { type: 'array', items: { type: 'string', default: '' }, 'x-kubernetes-list-type': 'atomic' },
      gracePeriodSeconds: { type: 'integer', format: 'int64' },
      kind: { type: 'string' },
      preconditions: { type: 'object', properties: { resourceVersion: { type: 'string' }, uid: { type: 'string' } } },
      propagationPolicy: { type: 'string' },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Patch': {
    description: 'A patch: a JSON Patch, a merge patch, a strategic merge patch or an apply configuration.',
    type: 'object',
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent': {
    description: 'One event of a watch.',
    type: 'object',
    required: ['type', 'object'],
    properties: { object: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.runtime.RawExtension' }] }, type: { type: 'string', default: '' } },
  },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': { description: 'An embedded object in any serialization.', type: 'object' },
};

const query = (name: string, description: string, schema: OpenAPISchema = { type: 'string' }) => ({ name, in: 'query', description, schema, uniqueItems: true });
const dryRun = query('dryRun', 'When present, the request is validated and processed but not persisted. The only value is All.');
const fieldManager = query('fieldManager', 'The name of the actor making the change; tracked in managedFields.');
const fieldValidation = query(
  'fieldValidation',
  'How to treat unknown and duplicate fields: Ignore, Warn (the default) or Strict (fail the request).',
);
const force = query('force', 'Apply only: take ownership of conflicting fields from other managers.', { type: 'boolean' });
const pretty = query('pretty', 'If true, the output is pretty printed.');
const listParams = [
  query('allowWatchBookmarks', 'Ask for BOOKMARK events on watches.', { type: 'boolean' }),
  query('continue', 'The continue token of the previous page.'),
  query('fieldSelector', 'Select objects by fields.'),
  query('labelSelector', 'Select objects by labels.'),
  query('limit', 'The largest number of items to return.', { type: 'integer' }),
  query('resourceVersion', 'The version to read or watch from.'),
  query('resourceVersionMatch', 'How resourceVersion applies to a list: Exact or NotOlderThan.'),
  query('sendInitialEvents', 'Watch only: start with the current state as ADDED events, ended by a bookmark.', { type: 'boolean' }),
  query('timeoutSeconds', 'Timeout for the list or watch call.', { type: 'integer' }),
  query('watch', 'Watch for changes instead of listing.', { type: 'boolean' }),
];

/** The patch media types of a built-in kind's PATCH operations, as kube-apiserver lists them. */
const patchTypes = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

const jsonBody = (schema: OpenAPISchema) => ({ content: { 'application/json': { schema } } });
const responses = (schema: OpenAPISchema, codes: number[]) =>
  Object.fromEntries(codes.map((c) => [String(c), { description: c === 201 ? 'Created' : c === 202 ? 'Accepted' : 'OK', ...jsonBody(schema) }]));

function pathsOf(e: ResourceEntry): Record<string, unknown> {
  const { group, version, kind, resource, namespaced } = e.info;
  const prefix = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  const gvk = { group, kind, version };
  const kindRef = { $ref: `#/components/schemas/${openAPIName(e.definition.schema)}` };
  const listRef = { $ref: `#/components/schemas/${listName(e)}` };
  const status = metaRef('Status');
  const tag = group === '' ? `core_${version}` : `${group.replace(/\./g, '')}_${version}`;
  const op = (action: string, verb: string, description: string, extra: Record<string, unknown>) => ({
    tags: [tag],
    description,
    operationId: `${verb}${namespaced ? 'Namespaced' : ''}${kind}`,
    ...extra,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  });
  const nsParam = namespaced ? [{ name: 'namespace', in: 'path', required: true, description: 'object name and auth scope', schema: { type: 'string' } }] : [];
  const base = namespaced ? `${prefix}/namespaces/{namespace}/${resource}` : `${prefix}/${resource}`;
  const paths: Record<string, unknown> = {
    [base]: {
      get: op('list', 'list', `list or watch objects of kind ${kind}`, { parameters: listParams, responses: responses(listRef, [200]) }),
      post: op('post', 'create', `create a ${kind}`, { parameters: [dryRun, fieldManager, fieldValidation], requestBody: jsonBody(kindRef), responses: responses(kindRef, [200, 201, 202]) }),
      delete: op('deletecollection', 'deleteCollection', `delete collection of ${kind}`, {
        parameters: [...listParams.filter((p) => p.name !== 'watch' && p.name !== 'allowWatchBookmarks'), dryRun],
        requestBody: jsonBody(metaRef('DeleteOptions')),
        responses: responses(status, [200]),
      }),
      parameters: [...nsParam, pretty],
    },
    [`${base}/{name}`]: {
      get: op('get', 'read', `read the specified ${kind}`, { responses: responses(kindRef, [200]) }),
      put: op('put', 'replace', `replace the specified ${kind}`, { parameters: [dryRun, fieldManager, fieldValidation], requestBody: jsonBody(kindRef), responses: responses(kindRef, [200, 201]) }),
      patch: op('patch', 'patch', `partially update the specified ${kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation, force],
        requestBody: {
          content: Object.fromEntries(patchTypes.map((t) => [t, { schema: metaRef('Patch') }])),
          required: true,
        },
        responses: responses(kindRef, [200, 201]),
      }),
      delete: op('delete', 'delete', `delete a ${kind}`, { parameters: [dryRun], requestBody: jsonBody(metaRef('DeleteOptions')), responses: responses(status, [200, 202]) }),
      parameters: [{ name: 'name', in: 'path', required: true, description: `name of the ${kind}`, schema: { type: 'string' } }, ...nsParam, pretty],
    },
  };
  // Subresources: get/put/patch (or put only) of `<name>/<sub>`, with the subresource's kind.
  for (const [sub, store] of Object.entries(e.subresources).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const def = store.definition ?? e.definition;
    const subRef = { $ref: `#/components/schemas/${openAPIName(def.schema)}` };
    const subGvk = { group: def.group, kind: def.kind, version: def.version };
    const suffix = `${sub[0]!.toUpperCase()}${sub.slice(1)}`;
    const subOp = (action: string, verb: string, description: string, extra: Record<string, unknown>) => ({
      ...op(action, verb, description, extra),
      operationId: `${verb}${namespaced ? 'Namespaced' : ''}${kind}${suffix}`,
      'x-kubernetes-group-version-kind': subGvk,
    });
    const item: Record<string, unknown> = {
      parameters: [{ name: 'name', in: 'path', required: true, description: `name of the ${def.kind}`, schema: { type: 'string' } }, ...nsParam, pretty],
    };
    if (store.verbs.includes('get')) item.get = subOp('get', 'read', `read ${sub} of the specified ${kind}`, { responses: responses(subRef, [200]) });
    if (store.verbs.includes('update')) {
      item.put = subOp('put', 'replace', `replace ${sub} of the specified ${kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation],
        requestBody: jsonBody(subRef),
        responses: responses(subRef, [200, 201]),
      });
    }
    if (store.verbs.includes('patch')) {
      item.patch = subOp('patch', 'patch', `partially update ${sub} of the specified ${kind}`, {
        parameters: [dryRun, fieldManager, fieldValidation, force],
        requestBody: { content: Object.fromEntries(patchTypes.map((t) => [t, { schema: metaRef('Patch') }])), required: true },
        responses: responses(subRef, [200, 201]),
      });
    }
    paths[`${base}/{name}/${sub}`] = item;
  }
  if (namespaced) {
    paths[`${prefix}/${resource}`] = {
      get: op('list', 'list', `list or watch objects of kind ${kind} in all namespaces`, { responses: responses(listRef, [200]) }),
      parameters: [...listParams, pretty],
    };
    (paths[`${prefix}/${resource}`] as { get: { operationId: string } }).get.operationId = `list${kind}ForAllNamespaces`;
  }
  return paths;
}

function listName(e: ResourceEntry): string {
  return openAPIName(e.definition.schema).replace(/[^.]+$/, e.info.listKind);
}

function listComponent(e: ResourceEntry): OpenAPISchema {
  const { group, version, listKind } = e.info;
  return {
    description: `A list of ${e.info.kind} objects.`,
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: { description: 'The versioned schema of this representation of an object.', type: 'string' },
      items: { description: `The ${e.info.resource}.`, type: 'array', items: { allOf: [{ $ref: `#/components/schemas/${openAPIName(e.definition.schema)}` }], default: {} } },
      kind: { description: 'The REST resource this object represents.', type: 'string' },
      metadata: { allOf: [metaRef('ListMeta')], default: {}, description: 'Standard list metadata.' },
    },
    'x-kubernetes-group-version-kind': [{ group, kind: listKind, version }],
  };
}

/** `api/v1` or `apis/<group>/<version>`: the key of a group version in the index. */
function gvPath(group: string, version: string): string {
  return group === '' ? `api/${version}` : `apis/${group}/${version}`;
}

interface Document {
  body: string;
  hash: string;
}

/** A group version's v3 document as an object: what the v2 document is converted from. */
export interface OpenAPIV3Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
  components: { schemas: Record<string, OpenAPISchema> };
}

export interface OpenAPIV3 {
  index(): object;
  document(gv: string): Document | undefined;
  /** Every group version's document, in index order. */
  documents(): OpenAPIV3Document[];
}

/** Builds and caches the v3 documents of a registry (the served kinds do not change at run time). */
export function createOpenAPIV3(registry: Registry): OpenAPIV3 {
  const docs = new Map<string, Document>();
  const objects: OpenAPIV3Document[] = [];
  const byGV = new Map<string, ResourceEntry[]>();
  for (const e of registry.resources) {
    const key = gvPath(e.info.group, e.info.version);
    byGV.set(key, [...(byGV.get(key) ?? []), e]);
  }
  for (const [key, entries] of byGV) {
    const paths: Record<string, unknown> = {};
    for (const e of entries) Object.assign(paths, pathsOf(e));
    const lists = Object.fromEntries(entries.map((e) => [listName(e), listComponent(e)]));
    const doc: OpenAPIV3Document = {
      openapi: '3.0.0',
      info: { title: 'Kubernetes', version: `v${kubernetesMajor}.${kubernetesMinor}.0` },
      paths: Object.fromEntries(Object.keys(paths).sort().map((k) => [k, paths[k]])),
      components: {
        schemas: openAPIComponents(
          [...entries.map((e) => e.definition.schema), ...entries.flatMap((e) => Object.values(e.subresources).flatMap((s) => (s.definition ? [s.definition.schema] : [])))],
          { ...metaComponents, ...lists },
        ),
      },
    };
    objects.push(doc);
    const body = encodeJson(doc);
    docs.set(key, { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase() });
  }
  return {
    index: () => ({
      paths: Object.fromEntries([...docs.entries()].map(([k, d]) => [k, { serverRelativeURL: `/openapi/v3/${k}?hash=${d.hash}` }])),
    }),
    document: (gv) => docs.get(gv),
    documents: () => objects,
  };
}

/** Serves `/openapi/v3` and `/openapi/v3/<gv>`; a matching `hash` makes the answer cacheable forever. */
export function serveOpenAPIV3(req: IncomingMessage, res: ServerResponse, openapi: OpenAPIV3, path: string, query: URLSearchParams): void {
  if (path === '/openapi/v3' || path === '/openapi/v3/') {
    writeJson(res, 200, openapi.index());
    return;
  }
  const gv = path.slice('/openapi/v3/'.length);
  const doc = openapi.document(gv);
  if (!doc) {
    writeJson(res, 404, notFoundStatus());
    return;
  }
  const hash = query.get('hash');
  if (hash !== null && hash !== doc.hash) {
    res.writeHead(301, { Location: `/openapi/v3/${gv}?hash=${doc.hash}` });
    res.end();
    return;
  }
  const etag = `"${doc.hash}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ETag: etag,
    'Cache-Control': hash !== null ? 'public, immutable' : 'no-cache, private',
    Vary: 'Accept',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(doc.body) });
  res.end(doc.body);
}
