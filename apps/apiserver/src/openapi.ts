// Behaviour of k8s.io/kube-openapi (handler3) and k8s.io/apiserver/pkg/endpoints/installer.go
// (v1.33): the OpenAPI v3 index and one document per group version, built from the kinds'
// declarations. kubectl reads them to decide on server-side field validation (a PATCH operation
// with a `fieldValidation` parameter), for `explain`, and for client-side apply patches.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openAPIComponents, openAPIName, type OpenAPISchema } from '@kapi/apimachinery';
import { metaV1, openAPIDescriptions, type KindDefinition } from '@kapi/api';
import { customResourceSchemas } from '@kapi/patch/managedfields';
import type { Registry, ResourceEntry } from '@kapi/registry';
import { apiResourcesPath, resourcePaths } from './openapi-paths.ts';
import { encodeJson, notFoundStatus, writeJson } from './responses.ts';

const metaRef = (name: string) => ({ $ref: `#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.${name}` });

/**
 * Every group version kube-apiserver 1.33's scheme registers the meta/v1 request types in
 * (DeleteOptions, WatchEvent …): kube lists them all as the types' group-version-kinds.
 */
const schemeGroupVersions =
  'v1 admission.k8s.io/v1 admission.k8s.io/v1beta1 admissionregistration.k8s.io/v1 admissionregistration.k8s.io/v1alpha1 admissionregistration.k8s.io/v1beta1 apiextensions.k8s.io/v1 apiextensions.k8s.io/v1beta1 apiregistration.k8s.io/v1 apiregistration.k8s.io/v1beta1 apps/v1 apps/v1beta1 apps/v1beta2 authentication.k8s.io/v1 authentication.k8s.io/v1alpha1 authentication.k8s.io/v1beta1 authorization.k8s.io/v1 authorization.k8s.io/v1beta1 autoscaling/v1 autoscaling/v2 autoscaling/v2beta1 autoscaling/v2beta2 batch/v1 batch/v1beta1 certificates.k8s.io/v1 certificates.k8s.io/v1alpha1 certificates.k8s.io/v1beta1 coordination.k8s.io/v1 coordination.k8s.io/v1alpha2 coordination.k8s.io/v1beta1 discovery.k8s.io/v1 discovery.k8s.io/v1beta1 events.k8s.io/v1 events.k8s.io/v1beta1 extensions/v1beta1 flowcontrol.apiserver.k8s.io/v1 flowcontrol.apiserver.k8s.io/v1beta1 flowcontrol.apiserver.k8s.io/v1beta2 flowcontrol.apiserver.k8s.io/v1beta3 imagepolicy.k8s.io/v1alpha1 internal.apiserver.k8s.io/v1alpha1 networking.k8s.io/v1 networking.k8s.io/v1alpha1 networking.k8s.io/v1beta1 node.k8s.io/v1 node.k8s.io/v1alpha1 node.k8s.io/v1beta1 policy/v1 policy/v1beta1 rbac.authorization.k8s.io/v1 rbac.authorization.k8s.io/v1alpha1 rbac.authorization.k8s.io/v1beta1 resource.k8s.io/v1alpha3 resource.k8s.io/v1beta1 resource.k8s.io/v1beta2 scheduling.k8s.io/v1 scheduling.k8s.io/v1alpha1 scheduling.k8s.io/v1beta1 storage.k8s.io/v1 storage.k8s.io/v1alpha1 storage.k8s.io/v1beta1 storagemigration.k8s.io/v1alpha1'.split(' ');
const inEveryGroupVersion = (kind: string) =>
  schemeGroupVersions.map((gv) => {
    const [group, version] = gv.includes('/') ? gv.split('/') : ['', gv];
    return { group, kind, version };
  });

/** Components every group version document carries: the meta/v1 types its operations use. */
function metaComponents(): Record<string, OpenAPISchema> {
  const schemas = openAPIComponents([metaV1.DeleteOptions, metaV1.Status, metaV1.WatchEvent, metaV1.APIResourceList]);
  const id = (name: string) => `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`;
  const gvk = (name: string, list: unknown) => ((schemas[id(name)] as Record<string, unknown>)['x-kubernetes-group-version-kind'] = list);
  gvk('DeleteOptions', inEveryGroupVersion('DeleteOptions'));
  gvk('WatchEvent', inEveryGroupVersion('WatchEvent'));
  gvk('Status', [{ group: '', kind: 'Status', version: 'v1' }]);
  gvk('APIResourceList', [{ group: '', kind: 'APIResourceList', version: 'v1' }]);
  schemas[id('Patch')] = { type: 'object' };
  schemas['io.k8s.apimachinery.pkg.runtime.RawExtension'] = { type: 'object' };
  return schemas;
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

/**
 * Gives every schema and property kube's own description (kube-openapi takes them from the API
 * types' doc comments): the declarations' shorter texts stay only where kube has none.
 */
export function withKubeDescriptions(schemas: Record<string, OpenAPISchema>): Record<string, OpenAPISchema> {
  for (const [id, schema] of Object.entries(schemas)) {
    const docs = openAPIDescriptions()[id];
    if (!docs) continue;
    const s = schema as { description?: string; properties?: Record<string, Record<string, unknown>> };
    if (docs[''] !== undefined && docs[''] !== '') s.description = docs[''];
    else delete s.description;
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const d = docs[name];
      if (d !== undefined && d !== '') prop.description = d;
      else delete prop.description;
      // kube-openapi wraps a reference in allOf only when something stands beside it.
      const keys = Object.keys(prop);
      if (keys.length === 1 && keys[0] === 'allOf' && (prop.allOf as unknown[]).length === 1) s.properties![name] = (prop.allOf as Record<string, unknown>[])[0]!;
    }
  }
  return schemas;
}

/** Keeps the schemas the paths reach through `$ref`s, as kube-openapi publishes only those. */
export function reachableSchemas(paths: unknown, schemas: Record<string, OpenAPISchema>): Record<string, OpenAPISchema> {
  const prefix = '#/components/schemas/';
  const keep = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string' && x.startsWith(prefix)) {
          const id = x.slice(prefix.length);
          if (!keep.has(id) && schemas[id]) {
            keep.add(id);
            visit(schemas[id]);
          }
        } else visit(x);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.keys(schemas).filter((k) => keep.has(k)).map((k) => [k, schemas[k]!]));
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
  components: { schemas: Record<string, OpenAPISchema>; securitySchemes?: Record<string, unknown> };
}

export interface OpenAPIV3 {
  index(): object;
  document(gv: string): Document | undefined;
  /** Every group version's document, in index order. */
  documents(): OpenAPIV3Document[];
  /**
   * The component schemas of the built-in kinds and their subresources' kinds, as the documents
   * carry them (every document's schemas of a built-in kind are these), without building the
   * documents' paths: what server-side apply's type converter reads, ~20 ms where the documents
   * take 100–200 ms. Built once: the built-in kinds do not change.
   */
  builtinSchemas(): Record<string, OpenAPISchema>;
  /**
   * The component schemas builtinSchemas holds that the built-in kinds served as `resource` reach
   * (in every group version, with their subresources' kinds): all a field manager of that resource
   * types. Built on first use for each resource, so the first write of a kind does not wait for
   * every kind's schemas (~40 ms at a server's start). `kind` adds a kind served under the
   * resource that is not a built-in one's (a custom resource's autoscaling/v1 Scale).
   */
  resourceSchemas(resource: string, kind?: KindDefinition): Record<string, OpenAPISchema>;
}

/** The `io.k8s.…`-style id of a custom resource's kind: its group reversed (`com.example.v1.Widget`). */
function customKindId(e: ResourceEntry): string {
  return `${e.info.group.split('.').reverse().join('.')}.${e.info.version}.${e.info.kind}`;
}

/** The components of built-in kinds' entries (and their subresources' kinds), the meta/v1 ones and `extra`, with kube's descriptions. */
function builtinComponents(builtin: readonly ResourceEntry[], extra: Record<string, OpenAPISchema> = {}, moreRoots: readonly KindDefinition['schema'][] = []): Record<string, OpenAPISchema> {
  const roots = [
    ...builtin.map((e) => e.definition.schema),
    ...builtin.flatMap((e) => Object.values(e.subresources).flatMap((s) => (s.definition ? [s.definition.schema] : []))),
    ...moreRoots,
  ];
  return withKubeDescriptions(openAPIComponents(roots, { ...metaComponents(), ...extra }));
}

/**
 * The document of one group version: the built-in kinds' from their declarations, a custom
 * resource's from its CRD version's schema (kube's controller/openapi/builder).
 */
function buildDocument(entries: ResourceEntry[]): OpenAPIV3Document {
  const first = entries[0]!.info;
  const paths: Record<string, unknown> = apiResourcesPath(first.group, first.version);
  const builtin = entries.filter((e) => !e.customResource);
  const custom = entries.filter((e) => e.customResource);
  for (const e of builtin) Object.assign(paths, resourcePaths(e));
  for (const e of custom) Object.assign(paths, resourcePaths(e, customKindId(e)));
  const lists = Object.fromEntries(builtin.filter((e) => e.store.verbs.includes('list')).map((e) => [listName(e), listComponent(e)]));
  const customSchemas: Record<string, OpenAPISchema> = {};
  for (const e of custom) {
    const cr = e.customResource!;
    const id = customKindId(e);
    Object.assign(
      customSchemas,
      customResourceSchemas({ group: e.info.group, version: e.info.version, kind: e.info.kind, schema: (cr.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }) as Record<string, unknown> }) ?? {},
    );
    // kube's builder: the list of a custom resource's kind.
    customSchemas[id.replace(/[^.]+$/, e.info.listKind)] = {
      description: `${e.info.listKind} is a list of ${e.info.kind}`,
      type: 'object',
      required: ['items'],
      properties: {
        apiVersion: { description: openAPIDescriptions()['io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta']?.apiVersion ?? '', type: 'string' },
        items: { description: `List of ${e.info.resource}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`, type: 'array', items: { $ref: `#/components/schemas/${id}` } },
        kind: { description: openAPIDescriptions()['io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta']?.kind ?? '', type: 'string' },
        metadata: { allOf: [metaRef('ListMeta')], default: {}, description: 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds' },
      },
      'x-kubernetes-group-version-kind': [{ group: e.info.group, kind: e.info.listKind, version: e.info.version }],
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'unversioned' },
    paths: Object.fromEntries(Object.keys(paths).sort().map((k) => [k, paths[k]])),
    components: {
      schemas: reachableSchemas(paths, builtinComponents(builtin, { ...lists, ...customSchemas })),
      securitySchemes: { BearerToken: { description: 'Bearer Token authentication', in: 'header', name: 'authorization', type: 'apiKey' } },
    },
  };
}

/**
 * Builds the v3 documents of a registry, and builds them again when what it serves changes (a CRD
 * established, changed or deleted).
 */
export function createOpenAPIV3(registry: Registry): OpenAPIV3 {
  let builtinSchemas: Record<string, OpenAPISchema> | undefined;
  let built: { generation: number; docs: Map<string, Document>; objects: OpenAPIV3Document[] } | undefined;
  const current = () => {
    if (built && built.generation === registry.generation) return built;
    const docs = new Map<string, Document>();
    const objects: OpenAPIV3Document[] = [];
    const byGV = new Map<string, ResourceEntry[]>();
    for (const e of registry.resources) {
      const key = gvPath(e.info.group, e.info.version);
      byGV.set(key, [...(byGV.get(key) ?? []), e]);
    }
    for (const [key, entries] of byGV) {
      const doc = buildDocument(entries);
      objects.push(doc);
      const body = encodeJson(doc);
      docs.set(key, { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase() });
    }
    built = { generation: registry.generation, docs, objects };
    return built;
  };
  return {
    index: () => ({
      paths: Object.fromEntries([...current().docs.entries()].map(([k, d]) => [k, { serverRelativeURL: `/openapi/v3/${k}?hash=${d.hash}` }])),
    }),
    document: (gv) => current().docs.get(gv),
    documents: () => current().objects,
    builtinSchemas: () => (builtinSchemas ??= builtinComponents(registry.resources.filter((e) => !e.customResource))),
    resourceSchemas: (resource, kind) =>
      builtinComponents(
        registry.resources.filter((e) => !e.customResource && e.info.resource === resource),
        {},
        kind ? [kind.schema] : [],
      ),
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
