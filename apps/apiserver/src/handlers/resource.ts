// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers (get.go, create.go, update.go, patch.go,
// delete.go) (v1.33): the REST verbs of one resource.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decodeJsonObject,
  parseDeleteOptions,
  parseFieldSelector,
  parseListOptions,
  parseWriteOptions,
  failureStatus,
  isStatusError,
  newBadRequest,
  newConflict,
  newMethodNotSupported,
  newNotFound,
  newStatusError,
  newUnsupportedMediaType,
  type KubeObject,
} from '@kapi/apimachinery';
import { applyPatchType, parseApplyBody, parsePatchOptions, preparePatch, strictApplyCheck } from './patch.ts';
import { managerOrUserAgent, type FieldManagers } from '../field-managers.ts';
import { anonymousUser, collectWarnings, currentWarnings, groupResourceOf, type Registry, type RequestContext, type ResourceEntry } from '@kapi/registry';
import { admitNamespaceDeletion, admitNamespaceLifecycle } from '../admission.ts';
import { readBody } from '../body.ts';
import { checkDecoded, decodeObject, defaultAsDecoded } from '../decode.ts';
import { bareContentType } from '../media.ts';
import { negotiateOutput, toTable, type Output } from '../output.ts';
import { encodeProtobufBody } from '../protobuf-output.ts';
import type { RequestInfo } from '../request-info.ts';
import { writeJson } from '../responses.ts';
import { serveWatch } from './watch.ts';
import { timed, timedSync } from '../request-profile.ts';

export { patchMediaTypes } from './patch.ts';

export interface ResourceRequest {
  req: IncomingMessage;
  res: ServerResponse;
  info: RequestInfo;
  query: URLSearchParams;
  entry: ResourceEntry;
  registry: Registry;
  fieldManagers: FieldManagers;
}

/** Escapes a literal value for a field selector term (fields.EscapeValue). */
function escapeFieldValue(v: string): string {
  return v.replace(/[\\,=]/g, (c) => `\\${c}`);
}

function contextOf(r: ResourceRequest): RequestContext {
  return r.entry.info.namespaced ? { namespace: r.info.namespace } : {};
}

function respond(r: ResourceRequest, code: number, obj: unknown, warnings: readonly string[] = []): void {
  const output = negotiateOutput(r.req.headers.accept, r.query, false, false, !r.entry.customResource);
  // The decoder's warnings, then those the request's validation added (kube's warning.AddWarning).
  const all = [...new Set([...warnings, ...currentWarnings()])];
  if (all.length > 0) r.res.setHeader('Warning', all.map(warningHeader));
  writeOutput(r, code, obj as KubeObject, output);
}

/** Writes an object, a list or a Status in the negotiated form (JSON, YAML or protobuf). */
function writeOutput(r: ResourceRequest, code: number, obj: KubeObject, output: Output): void {
  timedSync('encode', () => writeOutputNow(r, code, obj, output));
}

function writeOutputNow(r: ResourceRequest, code: number, obj: KubeObject, output: Output): void {
  if (output.kind === 'protobuf') {
    const body = encodeProtobufBody(r.entry.definition, obj);
    r.res.writeHead(code, { 'Content-Type': output.contentType, 'Content-Length': body.length });
    r.res.end(body);
    return;
  }
  writeJson(r.res, code, obj, output.contentType);
}

/** RFC 7234 warning as kube sends it: `299 - "text"`. */
function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}

export async function serveResource(r: ResourceRequest): Promise<void> {
  const { entry, info } = r;
  const gr = groupResourceOf(entry.info);
  const verbs = entry.store.verbs;
  const served = (verb: string) => verbs.includes(verb);
  if (entry.store.warning !== undefined) r.res.appendHeader('Warning', warningHeader(entry.store.warning));
  if (info.verb !== '' && !served(info.verb)) throw newMethodNotSupported(gr, info.verb);
  switch (info.verb) {
    case 'get':
      return serveGet(r);
    case 'list':
      if (!served('list')) throw newMethodNotSupported(gr, 'list');
      return serveList(r);
    case 'watch':
      if (!served('watch')) throw newMethodNotSupported(gr, 'watch');
      return serveList(r);
    case 'create':
      if (info.name !== '' && info.subresource === '') throw newMethodNotSupported(gr, 'create');
      return collectWarnings(() => serveCreate(r));
    case 'update':
      return collectWarnings(() => serveUpdate(r));
    case 'patch':
      return collectWarnings(() => servePatch(r));
    case 'delete':
      return collectWarnings(() => serveDelete(r));
    case 'deletecollection':
      return collectWarnings(() => serveDeleteCollection(r));
    default:
      throw newMethodNotSupported(gr, info.verb || r.req.method || '');
  }
}

async function serveGet(r: ResourceRequest): Promise<void> {
  const output = negotiateOutput(r.req.headers.accept, r.query, true, false, !r.entry.customResource);
  const rv = r.query.get('resourceVersion');
  const obj = await r.entry.store.get(contextOf(r), r.info.name, rv !== null ? { resourceVersion: rv } : {});
  if (output.kind === 'table') {
    writeJson(r.res, 200, toTable(r.entry, [obj], { resourceVersion: obj.metadata?.resourceVersion ?? '' }, output), output.contentType);
    return;
  }
  writeOutput(r, 200, obj, output);
}

async function serveList(r: ResourceRequest): Promise<void> {
  const opts = parseListOptions(r.query);
  // Custom resources have no protobuf form (kube negotiates JSON or YAML for them).
  const output = negotiateOutput(r.req.headers.accept, r.query, true, r.info.verb === 'watch' || opts.watch, !r.entry.customResource);
  // A watch of one object by URL name (`/watch/.../NAME`) is a watch with a metadata.name field
  // selector; a fieldSelector given too may only pin that same name.
  if (r.info.name !== '') {
    const selected = opts.fieldSelector !== undefined && !opts.fieldSelector.isEmpty();
    if (selected && opts.fieldSelector!.requiresExactMatch('metadata.name') !== r.info.name) {
      throw newBadRequest("fieldSelector metadata.name doesn't match requested name");
    }
    if (!selected) opts.fieldSelector = parseFieldSelector(`metadata.name=${escapeFieldValue(r.info.name)}`);
  }
  if (r.info.verb === 'watch' || opts.watch) {
    const watcher = await r.entry.store.watch(contextOf(r), opts);
    await serveWatch(r.req, r.res, r.entry, watcher, output, opts.timeoutSeconds);
    return;
  }
  const list = await r.entry.store.list(contextOf(r), opts);
  if (output.kind === 'table') {
    writeJson(r.res, 200, toTable(r.entry, list.items, list.metadata, output), output.contentType);
    return;
  }
  writeOutput(r, 200, list as unknown as KubeObject, output);
}

async function serveCreate(r: ResourceRequest): Promise<void> {
  const opts = parseWriteOptions(r.query, 'CreateOptions');
  const body = await readBody(r.req);
  const warnings: string[] = [];
  const decoded = timedSync('decode', () => decodeObject(r.entry, r.req.headers['content-type'], body, opts.fieldValidation, warnings));
  // No authenticator yet: every request is anonymous, as kube-apiserver takes a request without credentials.
  const ctx: RequestContext = { ...contextOf(r), user: anonymousUser };
  if (r.entry.info.namespaced) await timed('admission', () => admitNamespaceLifecycle(r.registry, r.entry.info.resource, r.info.namespace, decoded));
  const fm = r.fieldManagers.of(r.entry, r.info.subresource);
  const manager = managerOrUserAgent(opts.fieldManager, r.req.headers['user-agent']);
  const create = (track: boolean) => {
    // kube defaults while decoding, so defaulted fields belong to the creator.
    const obj = structuredClone(decoded);
    applyDefaults(r, obj);
    return r.entry.store.create(ctx, track ? timedSync('managedFields', () => fm.updateNoErrors(r.fieldManagers.emptyOf(r.entry), obj, manager)) : dropManagedFields(obj), {
      dryRun: opts.dryRun,
      ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}),
      ...(r.info.name !== '' ? { name: r.info.name } : {}),
    });
  };
  respond(r, 201, await retryWithoutManagedFields(create), warnings);
}

async function serveUpdate(r: ResourceRequest): Promise<void> {
  const opts = parseWriteOptions(r.query, 'UpdateOptions');
  const body = await readBody(r.req);
  const warnings: string[] = [];
  const decoded = timedSync('decode', () => decodeObject(r.entry, r.req.headers['content-type'], body, opts.fieldValidation, warnings));
  applyDefaults(r, decoded);
  const fm = r.fieldManagers.of(r.entry, r.info.subresource);
  const manager = managerOrUserAgent(opts.fieldManager, r.req.headers['user-agent']);
  const update = (track: boolean) =>
    r.entry.store.update(
      contextOf(r),
      r.info.name,
      (old) => {
        const obj = structuredClone(decoded);
        return track ? timedSync('managedFields', () => fm.updateNoErrors(old ?? r.fieldManagers.emptyOf(r.entry), obj, manager)) : dropManagedFields(obj);
      },
      {
        dryRun: opts.dryRun,
        defaulted: true,
        ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}),
        // The body's uid is a precondition (kube's DefaultUpdatedObjectInfo.Preconditions).
        ...(decoded.metadata?.uid ? { preconditions: { uid: decoded.metadata.uid } } : {}),
      },
    );
  const result = await retryWithoutManagedFields(update);
  respond(r, result.created ? 201 : 200, result.object, warnings);
}

async function servePatch(r: ResourceRequest): Promise<void> {
  const type = bareContentType(r.req.headers['content-type']);
  const opts = parsePatchOptions(r.query, type);
  const body = await readBody(r.req);
  if (type === applyPatchType) return serveApply(r, body, opts);
  const fm = r.fieldManagers.of(r.entry, r.info.subresource);
  const applyPatch = preparePatch(type, body, r.entry.definition, r.entry.customResource !== undefined);
  const manager = managerOrUserAgent(opts.fieldManager, r.req.headers['user-agent']);
  let warnings: string[] = [];
  const patch = (track: boolean) =>
    r.entry.store.update(
      contextOf(r),
      r.info.name,
      (old) => {
        // A non-apply patch never creates, even where PUT may (kube's patchers' createNewObject).
        if (old === undefined) throw newNotFound(groupResourceOf(r.entry.info), r.info.name);
        const patched = applyPatch(old);
        // The update may run again after a conflict: keep only the last attempt's warnings.
        warnings = [];
        const obj = checkDecoded(r.entry, patched as KubeObject, opts.fieldValidation, warnings);
        applyDefaults(r, obj);
        return track ? timedSync('managedFields', () => fm.updateNoErrors(old, obj, manager)) : dropManagedFields(obj);
      },
      { dryRun: opts.dryRun, defaulted: true, ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}) },
    );
  const result = await retryWithoutManagedFields(patch);
  respond(r, 200, result.object, warnings);
}

/** Server-side apply: the body is the manager's whole intent; a missing object is created (201). */
async function serveApply(r: ResourceRequest, body: Uint8Array, opts: ReturnType<typeof parsePatchOptions>): Promise<void> {
  const fm = r.fieldManagers.of(r.entry, r.info.subresource);
  const applied = parseApplyBody(body);
  const warnings: string[] = [];
  const result = await r.entry.store.update(
    contextOf(r),
    r.info.name,
    (old) => {
      const live = old ?? r.fieldManagers.emptyOf(r.entry);
      let out: KubeObject;
      let changed: boolean;
      try {
        ({ object: out, changed } = timedSync('managedFields', () => fm.applyWithResult(live, structuredClone(applied.object), opts.fieldManager ?? '', opts.force)));
      } catch (err) {
        throw asStatusError(err);
      }
      warnings.length = 0;
      strictApplyCheck(body, applied, opts.fieldValidation, warnings);
      if (old === undefined && (out.metadata?.uid ?? '') !== '') {
        throw newConflict(groupResourceOf(r.entry.info), r.info.name, `uid mismatch: the provided object specified uid ${out.metadata?.uid ?? ''}, and no existing object was found`);
      }
      dropNulls(out);
      const obj = checkDecoded(r.entry, out, 'Ignore', []);
      // kube defaults the result of a merge, and leaves an apply that changed nothing as it is.
      if (changed) applyDefaults(r, obj);
      return obj;
    },
    // Subresource stores never create (kube's StatusREST and ScaleREST pass forceAllowCreate=false).
    {
      dryRun: opts.dryRun,
      forceAllowCreate: r.info.subresource === '',
      defaulted: true,
      ...(opts.fieldManager !== undefined ? { fieldManager: opts.fieldManager } : {}),
    },
  );
  respond(r, result.created ? 201 : 200, result.object, warnings);
}

/** Errors of the field manager that are not Status errors: kube answers them as a 500 with the message and no reason. */
function asStatusError(err: unknown): unknown {
  if (isStatusError(err)) return err;
  return newStatusError(failureStatus(500, '', err instanceof Error ? err.message : String(err)));
}

/** {@link defaultAsDecoded} for the entry serving the request. */
function applyDefaults(r: ResourceRequest, obj: KubeObject): void {
  defaultAsDecoded(r.entry, obj);
}

/** Null members, which a typed (Go) object cannot hold: kube's conversion reads them as absent. */
function dropNulls(v: unknown): void {
  // Frozen parts are shared with the stored object, which holds no nulls.
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  if (Array.isArray(v)) {
    for (const item of v) dropNulls(item);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (o[k] === null) delete o[k];
    else dropNulls(o[k]);
  }
}

function dropManagedFields(obj: KubeObject): KubeObject {
  if (obj.metadata) delete obj.metadata.managedFields;
  return obj;
}

/**
 * Runs a write with managedFields tracked; when the object is then too large to store, once more
 * without them (kube's retry: managedFields are safe to lose, the write is not).
 */
async function retryWithoutManagedFields<T>(write: (track: boolean) => Promise<T>): Promise<T> {
  try {
    return await write(true);
  } catch (err) {
    if ((err as { status?: { code?: number } }).status?.code !== 413) throw err;
    return write(false);
  }
}

async function readDeleteBody(r: ResourceRequest): Promise<Record<string, unknown> | undefined> {
  const body = await readBody(r.req);
  if (body.length === 0) return undefined;
  const type = bareContentType(r.req.headers['content-type']) || 'application/json';
  if (type !== 'application/json') throw newUnsupportedMediaType(type, ['application/json']);
  return decodeJsonObject(body) as Record<string, unknown>;
}

async function serveDelete(r: ResourceRequest): Promise<void> {
  const opts = parseDeleteOptions(r.query, await readDeleteBody(r));
  if (isNamespaces(r.entry) && r.info.subresource === '') admitNamespaceDeletion(r.registry, r.info.name);
  const result = await r.entry.store.delete(contextOf(r), r.info.name, opts);
  // 202 where the deletion waits and the client asked to cascade with orphanDependents=false.
  respond(r, !result.deleted && opts.orphanDependents === false ? 202 : 200, result.object);
}

function isNamespaces(entry: ResourceEntry): boolean {
  return entry.info.group === '' && entry.info.resource === 'namespaces';
}

async function serveDeleteCollection(r: ResourceRequest): Promise<void> {
  const deleteOpts = parseDeleteOptions(r.query, await readDeleteBody(r));
  const listOpts = parseListOptions(r.query);
  const ctx = contextOf(r);
  const list = await r.entry.store.list(ctx, listOpts);
  for (const item of list.items) {
    const itemCtx = r.entry.info.namespaced ? { namespace: item.metadata?.namespace ?? '' } : {};
    try {
      await r.entry.store.delete(itemCtx, item.metadata?.name ?? '', deleteOpts);
    } catch (err) {
      // Objects deleted concurrently are fine; anything else fails the request.
      if ((err as { status?: { code?: number } }).status?.code !== 404) throw err;
    }
  }
  respond(r, 200, list);
}
