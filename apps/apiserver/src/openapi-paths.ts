// Behaviour of k8s.io/apiserver/pkg/endpoints/installer.go and k8s.io/kube-openapi/pkg/builder3
// (v1.33): the operations of one group version as kube-apiserver publishes them in OpenAPI v3 —
// operation ids, tags, descriptions, parameters (with the options types' own descriptions; those
// every operation of a path shares are listed on the path), request bodies, responses and their
// media types, and the deprecated `watch/` paths.
import { defOf, leafRegistry, openAPIName, structFields, unwrap } from '@kapi/apimachinery';
import { PodLogOptions, openAPIDescriptions, type KindDefinition } from '@kapi/api';
import { isConnectSubresource, type ConnectSubresource, type ResourceEntry } from '@kapi/registry';

type Json = Record<string, unknown>;

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const metaId = (name: string) => `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`;

/** The media types of an object response, and of a list or watch response. */
const objectMedia = ['application/cbor', 'application/json', 'application/vnd.kubernetes.protobuf', 'application/yaml'];
const streamMedia = [...objectMedia, 'application/cbor-seq', 'application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'].sort();
const patchMedia = ['application/apply-patch+cbor', 'application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

const prettyParam = {
  description: "If 'true', then the output is pretty printed. Defaults to 'false' unless the user-agent indicates a browser or command-line HTTP tool (curl and wget).",
  in: 'query',
  name: 'pretty',
  schema: { type: 'string', uniqueItems: true },
};
const namespaceParam = {
  description: 'object name and auth scope, such as for teams and projects',
  in: 'path',
  name: 'namespace',
  required: true,
  schema: { type: 'string', uniqueItems: true },
};
const nameParam = (kind: string) => ({ description: `name of the ${kind}`, in: 'path', name: 'name', required: true, schema: { type: 'string', uniqueItems: true } });

/** A query parameter from a field of an options type, described as that field is. */
const queryParam = (options: string, name: string, type: 'string' | 'integer' | 'boolean') => ({
  description: openAPIDescriptions()[metaId(options)]?.[name] ?? '',
  in: 'query',
  name,
  schema: { type, uniqueItems: true },
});

const listParams = [
  queryParam('ListOptions', 'allowWatchBookmarks', 'boolean'),
  queryParam('ListOptions', 'continue', 'string'),
  queryParam('ListOptions', 'fieldSelector', 'string'),
  queryParam('ListOptions', 'labelSelector', 'string'),
  queryParam('ListOptions', 'limit', 'integer'),
  queryParam('ListOptions', 'resourceVersion', 'string'),
  queryParam('ListOptions', 'resourceVersionMatch', 'string'),
  queryParam('ListOptions', 'sendInitialEvents', 'boolean'),
  queryParam('ListOptions', 'timeoutSeconds', 'integer'),
  queryParam('ListOptions', 'watch', 'boolean'),
];
const writeParams = (options: 'CreateOptions' | 'UpdateOptions') => [
  queryParam(options, 'dryRun', 'string'),
  queryParam(options, 'fieldManager', 'string'),
  queryParam(options, 'fieldValidation', 'string'),
];
const patchParams = [
  queryParam('PatchOptions', 'dryRun', 'string'),
  queryParam('PatchOptions', 'fieldManager', 'string'),
  queryParam('PatchOptions', 'fieldValidation', 'string'),
  queryParam('PatchOptions', 'force', 'boolean'),
];
const deleteParams = [
  queryParam('DeleteOptions', 'dryRun', 'string'),
  queryParam('DeleteOptions', 'gracePeriodSeconds', 'integer'),
  queryParam('DeleteOptions', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'boolean'),
  queryParam('DeleteOptions', 'orphanDependents', 'boolean'),
  queryParam('DeleteOptions', 'propagationPolicy', 'string'),
];

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** `apps` → `Apps`, `rbac.authorization.k8s.io` → `RbacAuthorization`, core → `Core`. */
function friendlyGroup(group: string): string {
  if (group === '') return 'core';
  const parts = group.replace(/\.k8s\.io$/, '').split('.');
  return parts.map((p, i) => (i === 0 ? p : `${p[0]!.toUpperCase()}${p.slice(1)}`)).join('');
}
const upperFirst = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

/** `a Deployment`, `an Ingress`, `Endpoints`: kube's getArticleForNoun (plurals take none). */
function article(noun: string): string {
  if (noun.endsWith('s') && !noun.endsWith('ss')) return ` ${noun}`;
  return /^[aeiou]/i.test(noun) ? ` an ${noun}` : ` a ${noun}`;
}

const content = (media: readonly string[], schema: unknown) => Object.fromEntries(media.map((m) => [m, { schema }]));
const okResponses = (codes: readonly number[], media: readonly string[], schema: unknown) => ({
  ...Object.fromEntries(codes.map((c) => [String(c), { content: content(media, schema), description: c === 201 ? 'Created' : c === 202 ? 'Accepted' : 'OK' }])),
  '401': { description: 'Unauthorized' },
});

/**
 * Lists on the path item the parameters every operation of it has (kube-openapi's builder), each
 * list sorted by name.
 */
function hoist(item: Record<string, Json>, pathParams: Json[]): Json {
  const ops = Object.entries(item);
  const key = (p: Json) => JSON.stringify(p);
  const shared = ops.length === 0 ? [] : ((ops[0]![1].parameters as Json[] | undefined) ?? []).filter((p) => ops.every(([, o]) => ((o.parameters as Json[] | undefined) ?? []).some((q) => key(q) === key(p))));
  const sharedKeys = new Set(shared.map(key));
  const out: Json = {};
  for (const [method, op] of ops) {
    const rest = ((op.parameters as Json[] | undefined) ?? []).filter((p) => !sharedKeys.has(key(p))).sort(byName as never);
    const { parameters: _p, ...others } = op;
    out[method] = { ...(rest.length > 0 ? { parameters: rest } : {}), ...others };
  }
  const all = [...pathParams, ...shared].sort(byName as never);
  if (all.length > 0) out.parameters = all;
  return out;
}

/** The operation ids' and tags' name of a group version: `AppsV1`, `apps_v1`. */
export function groupVersionNames(group: string, version: string): { id: string; tag: string } {
  const friendly = friendlyGroup(group);
  return { id: `${upperFirst(friendly)}${upperFirst(version)}`, tag: `${friendly}_${version}` };
}

/** `GET /apis/<group>/<version>/`: the group version's APIResourceList. */
export function apiResourcesPath(group: string, version: string): Record<string, Json> {
  const { id, tag } = groupVersionNames(group, version);
  const path = group === '' ? `/api/${version}/` : `/apis/${group}/${version}/`;
  return {
    [path]: {
      get: {
        description: 'get available resources',
        operationId: `get${id}APIResources`,
        responses: okResponses([200], objectMedia, schemaRef(metaId('APIResourceList'))),
        tags: [tag],
      },
    },
  };
}

/** The query parameters of a connect options kind (PodExecOptions …): its fields, described as kube describes them. */
function optionParams(schema: KindDefinition['schema']): Json[] {
  const docs = openAPIDescriptions()[openAPIName(schema)] ?? {};
  const leafType = (t: ReturnType<typeof unwrap>): ReturnType<typeof unwrap> => {
    const d = defOf(unwrap(t));
    return d.type === 'array' ? leafType(d.element!) : unwrap(t);
  };
  return structFields(schema)
    .filter((f) => f.name !== 'apiVersion' && f.name !== 'kind')
    // A time has no query form in kube's parameter conversion (PodLogOptions.sinceTime is not listed).
    .filter((f) => leafRegistry.get(unwrap(f.type))?.leaf !== 'time')
    .map((f) => {
      const t = defOf(leafType(f.type)).type;
      const type = t === 'boolean' ? 'boolean' : t === 'number' || t === 'bigint' || t === 'int' ? 'integer' : 'string';
      return { description: docs[f.name] ?? '', in: 'query', name: f.name, schema: { type, uniqueItems: true } };
    });
}

/**
 * The routes of a connect subresource (`pods/exec`, `nodes/proxy` …): one `connect` operation per
 * method, and for the proxies the same again under `/{path}`; `pods/log` is a streamed `get`.
 */
function connectPaths(
  sub: string,
  store: ConnectSubresource,
  owner: { definition: KindDefinition; kind: string; ns: string; gvId: string; tag: string; itemPath: string; nsParams: Json[] },
): Record<string, Json> {
  // A pod's log is read as the Pod kind, with PodLogOptions for its query.
  const def = store.definition ?? owner.definition;
  const gvk = { group: def.group, kind: def.kind, version: def.version };
  const params = optionParams(sub === 'log' ? PodLogOptions : def.schema);
  const item = `${owner.itemPath}/${sub}`;
  const pathParam = { description: 'path to the resource', in: 'path', name: 'path', required: true, schema: { type: 'string', uniqueItems: true } };
  if (sub === 'log') {
    return {
      [item]: hoist(
        {
          get: {
            description: `read log of the specified ${owner.kind}`,
            operationId: `read${owner.gvId}${owner.ns}${owner.kind}Log`,
            parameters: [...params, prettyParam],
            responses: okResponses([200], [...objectMedia, 'text/plain'], { type: 'string' }),
            tags: [owner.tag],
            'x-kubernetes-action': 'get',
            'x-kubernetes-group-version-kind': gvk,
          },
        },
        [nameParam(def.kind), ...owner.nsParams],
      ),
    };
  }
  const ops = (withPath: boolean) =>
    Object.fromEntries(
      store.connectMethods.map((m) => {
        const method = m.toLowerCase();
        const verb = `${m[0]}${m.slice(1).toLowerCase()}`;
        return [
          method,
          {
            description: `connect ${m} requests to ${sub} of ${owner.kind}`,
            operationId: `connect${owner.gvId}${verb}${owner.ns}${owner.kind}${upperFirst(sub)}${withPath ? 'WithPath' : ''}`,
            parameters: params,
            responses: { '200': { content: { '*/*': { schema: { type: 'string' } } }, description: 'OK' }, '401': { description: 'Unauthorized' } },
            tags: [owner.tag],
            'x-kubernetes-action': 'connect',
            'x-kubernetes-group-version-kind': gvk,
          },
        ];
      }),
    );
  const out: Record<string, Json> = { [item]: hoist(ops(false), [nameParam(def.kind), ...owner.nsParams]) };
  if (store.acceptsPath) out[`${item}/{path}`] = hoist(ops(true), [nameParam(def.kind), ...owner.nsParams, pathParam]);
  return out;
}

/**
 * The paths of one resource and its subresources. `kindId` names the kind's component when it is
 * not a declared struct (a custom resource: `com.example.v1.Widget`).
 */
export function resourcePaths(e: ResourceEntry, kindId?: string): Record<string, Json> {
  const { group, version, kind, resource, namespaced } = e.info;
  const { id: gvId, tag } = groupVersionNames(group, version);
  const prefix = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  const verbs = new Set(e.store.verbs);
  const gvk = { group, kind, version };
  const kindName = kindId ?? openAPIName(e.definition.schema);
  const kindRef = schemaRef(kindName);
  const listRef = schemaRef(kindName.replace(/[^.]+$/, e.info.listKind));
  const statusRef = schemaRef(metaId('Status'));
  const ns = namespaced ? 'Namespaced' : '';
  const op = (action: string, verb: string, description: string, extra: Json, opKind = kind, opGvk: object = gvk): Json => ({
    description,
    operationId: `${verb}${gvId}${extra.idSuffix ?? `${ns}${opKind}`}`,
    ...(extra.parameters ? { parameters: extra.parameters } : {}),
    ...(extra.requestBody ? { requestBody: extra.requestBody } : {}),
    responses: extra.responses,
    tags: [tag],
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': opGvk,
  });
  const nsParams = namespaced ? [namespaceParam] : [];
  const base = namespaced ? `${prefix}/namespaces/{namespace}/${resource}` : `${prefix}/${resource}`;
  const watchBase = namespaced ? `${prefix}/watch/namespaces/{namespace}/${resource}` : `${prefix}/watch/${resource}`;
  const paths: Record<string, Json> = {};
  const listDescription = `list${verbs.has('watch') ? ' or watch' : ''} objects of kind ${kind}`;

  // The collection: list, create, deletecollection.
  const collection: Record<string, Json> = {};
  if (verbs.has('list')) collection.get = op('list', 'list', listDescription, { parameters: [...listParams, prettyParam], responses: okResponses([200], streamMedia, listRef) });
  if (verbs.has('create')) {
    collection.post = op('post', 'create', `create${article(kind)}`, {
      parameters: [...writeParams('CreateOptions'), prettyParam],
      requestBody: { content: { '*/*': { schema: kindRef } }, required: true },
      responses: okResponses([200, 201, 202], objectMedia, kindRef),
    });
  }
  if (verbs.has('deletecollection')) {
    collection.delete = op('deletecollection', 'delete', `delete collection of ${kind}`, {
      idSuffix: `Collection${ns}${kind}`,
      parameters: [...listParams.filter((p) => p.name !== 'allowWatchBookmarks' && p.name !== 'watch'), ...deleteParams, prettyParam],
      requestBody: { content: { '*/*': { schema: schemaRef(metaId('DeleteOptions')) } } },
      responses: okResponses([200], objectMedia, statusRef),
    });
  }
  if (Object.keys(collection).length > 0) paths[base] = hoist(collection, nsParams);

  // One object: get, replace, patch, delete.
  const item: Record<string, Json> = {};
  if (verbs.has('get')) item.get = op('get', 'read', `read the specified ${kind}`, { parameters: [prettyParam], responses: okResponses([200], objectMedia, kindRef) });
  if (verbs.has('update')) {
    item.put = op('put', 'replace', `replace the specified ${kind}`, {
      parameters: [...writeParams('UpdateOptions'), prettyParam],
      requestBody: { content: { '*/*': { schema: kindRef } }, required: true },
      responses: okResponses([200, 201], objectMedia, kindRef),
    });
  }
  if (verbs.has('patch')) {
    item.patch = op('patch', 'patch', `partially update the specified ${kind}`, {
      parameters: [...patchParams, prettyParam],
      requestBody: { content: content(patchMedia, schemaRef(metaId('Patch'))), required: true },
      responses: okResponses([200, 201], objectMedia, kindRef),
    });
  }
  if (verbs.has('delete')) {
    // kube's namespace REST does not say that its store returns the deleted object.
    const returnsObject = e.deleteReturnsObject === true && !(group === '' && resource === 'namespaces');
    item.delete = op('delete', 'delete', `delete${article(kind)}`, {
      parameters: [...deleteParams, prettyParam],
      requestBody: { content: { '*/*': { schema: schemaRef(metaId('DeleteOptions')) } } },
      responses: okResponses([200, 202], objectMedia, returnsObject ? kindRef : statusRef),
    });
  }
  if (Object.keys(item).length > 0) paths[`${base}/{name}`] = hoist(item, [nameParam(kind), ...nsParams]);

  // Subresources, each with its own kind when it has one (Scale, Binding, Eviction).
  for (const [sub, store] of Object.entries(e.subresources).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (isConnectSubresource(store)) {
      Object.assign(paths, connectPaths(sub, store, { definition: e.definition, kind, ns, gvId, tag, itemPath: `${base}/{name}`, nsParams }));
      continue;
    }
    const def = store.definition ?? e.definition;
    const subRef = schemaRef(store.definition ? openAPIName(def.schema) : kindName);
    const subGvk = { group: def.group, kind: def.kind, version: def.version };
    const idSuffix = `${ns}${kind}${upperFirst(sub)}`;
    const subVerbs = new Set(store.verbs);
    const ops: Record<string, Json> = {};
    if (subVerbs.has('get')) ops.get = op('get', 'read', `read ${sub} of the specified ${kind}`, { idSuffix, parameters: [prettyParam], responses: okResponses([200], objectMedia, subRef) }, def.kind, subGvk);
    if (subVerbs.has('create')) {
      ops.post = op('post', 'create', `create ${sub} of${article(kind)}`, {
        idSuffix,
        parameters: [...writeParams('CreateOptions'), prettyParam],
        requestBody: { content: { '*/*': { schema: subRef } }, required: true },
        responses: okResponses([200, 201, 202], objectMedia, subRef),
      }, def.kind, subGvk);
    }
    if (subVerbs.has('update')) {
      ops.put = op('put', 'replace', `replace ${sub} of the specified ${kind}`, {
        idSuffix,
        parameters: [...writeParams('UpdateOptions'), prettyParam],
        requestBody: { content: { '*/*': { schema: subRef } }, required: true },
        responses: okResponses([200, 201], objectMedia, subRef),
      }, def.kind, subGvk);
    }
    if (subVerbs.has('patch')) {
      ops.patch = op('patch', 'patch', `partially update ${sub} of the specified ${kind}`, {
        idSuffix,
        parameters: [...patchParams, prettyParam],
        requestBody: { content: content(patchMedia, schemaRef(metaId('Patch'))), required: true },
        responses: okResponses([200, 201], objectMedia, subRef),
      }, def.kind, subGvk);
    }
    if (Object.keys(ops).length > 0) paths[`${base}/{name}/${sub}`] = hoist(ops, [nameParam(def.kind), ...nsParams]);
  }

  // Lists across namespaces, and the deprecated watch paths.
  if (namespaced && verbs.has('list')) {
    paths[`${prefix}/${resource}`] = hoist(
      { get: op('list', 'list', listDescription, { idSuffix: `${kind}ForAllNamespaces`, parameters: [...listParams, prettyParam], responses: okResponses([200], streamMedia, listRef) }) },
      [],
    );
  }
  if (verbs.has('watch')) {
    const eventRef = schemaRef(metaId('WatchEvent'));
    const watchParams = [...listParams, prettyParam];
    if (verbs.has('list')) {
      paths[watchBase] = hoist(
        {
          get: op('watchlist', 'watch', `watch individual changes to a list of ${kind}. deprecated: use the 'watch' parameter with a list operation instead.`, {
            idSuffix: `${ns}${kind}List`,
            parameters: watchParams,
            responses: okResponses([200], streamMedia, eventRef),
          }),
        },
        nsParams,
      );
      if (namespaced) {
        paths[`${prefix}/watch/${resource}`] = hoist(
          {
            get: op('watchlist', 'watch', `watch individual changes to a list of ${kind}. deprecated: use the 'watch' parameter with a list operation instead.`, {
              idSuffix: `${kind}ListForAllNamespaces`,
              parameters: watchParams,
              responses: okResponses([200], streamMedia, eventRef),
            }),
          },
          [],
        );
      }
    }
    paths[`${watchBase}/{name}`] = hoist(
      {
        get: op(
          'watch',
          'watch',
          `watch changes to an object of kind ${kind}. deprecated: use the 'watch' parameter with a list operation instead, filtered to a single item with the 'fieldSelector' parameter.`,
          { parameters: watchParams, responses: okResponses([200], streamMedia, eventRef) },
        ),
      },
      [nameParam(kind), ...nsParams],
    );
  }
  return paths;
}
