// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/writers.go and status.go (v1.33).
import type { ServerResponse } from 'node:http';
import { encodeEnvelope, encodeMessage, encodeYaml, failureStatus, listItemSource, statusFromError, type Status } from '@kapi/apimachinery';
import { acceptsPlainJson, parseAccept } from './media.ts';
import { StatusProto } from './protobuf-output.ts';

const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON as Go's encoder writes it: compact, HTML characters escaped, a trailing newline. */
export function encodeJson(obj: unknown): string {
  return escapeJson(JSON.stringify(obj)) + '\n';
}

/** Go's HTML escapes of a JSON text. */
// A test is cheaper than a replace that finds nothing, the common case.
const htmlCharacter = /[<>&\u2028\u2029]/;
const escapeJson = (text: string) => (htmlCharacter.test(text) ? text.replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]!) : text);

/** The JSON bytes of list items made from stored objects, by that object (see listItemSource): encoded once. */
const itemJson = new WeakMap<object, Buffer>();

/**
 * A list as encodeJson writes it, as bytes: each item encoded on its own (one made from a cached
 * object once for every list it appears in: 12 MB of 10,000 ConfigMaps is mostly re-encoding the
 * same objects), and the list is those bytes copied once into one buffer, so no list needs one
 * string of its whole size (V8's strings stop at 512 MB). Lists whose `items` is not their last
 * field are encoded whole.
 */
export function encodeListJson(list: { items?: unknown } & Record<string, unknown>): Buffer {
  const items = list.items;
  const keys = Object.keys(list);
  if (!Array.isArray(items) || items.length === 0 || keys[keys.length - 1] !== 'items') return Buffer.from(encodeJson(list));
  const parts: Buffer[] = new Array<Buffer>(items.length);
  let size = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Record<PropertyKey, unknown>;
    const source = item?.[listItemSource] as object | undefined;
    let bytes = source === undefined ? undefined : itemJson.get(source);
    if (bytes === undefined) {
      // Items of one's own (from storage, or decoded for this list alone) are encoded for it only.
      bytes = Buffer.from(escapeJson(JSON.stringify(item)));
      if (source !== undefined) itemJson.set(source, bytes);
    }
    parts[i] = bytes;
    size += bytes.length;
  }
  const { items: _items, ...head } = list;
  const headText = `${escapeJson(JSON.stringify(head)).slice(0, -1)}${keys.length > 1 ? ',' : ''}"items":[`;
  const headBytes = Buffer.byteLength(headText);
  // The head, the items with a comma between each two, then `]}` and Go's newline.
  const out = Buffer.allocUnsafe(headBytes + size + parts.length - 1 + 3);
  let at = out.write(headText, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = 0x2c;
    out.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  out[at++] = 0x5d;
  out[at++] = 0x7d;
  out[at++] = 0x0a;
  return out;
}

/** Writes `obj` as JSON, or as YAML when the negotiated type is application/yaml. */
export function writeJson(res: ServerResponse, code: number, obj: unknown, contentType = 'application/json'): void {
  const body =
    contentType === 'application/yaml'
      ? encodeYaml(obj)
      : typeof obj === 'object' && obj !== null && Array.isArray((obj as { items?: unknown }).items)
        ? encodeListJson(obj as Record<string, unknown>)
        : encodeJson(obj);
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': typeof body === 'string' ? Buffer.byteLength(body) : body.length });
  res.end(body);
}

/** The Status of an error, completed as kube's ErrorToAPIStatus does. */
export function apiStatusOf(err: unknown): Status {
  const status = statusFromError(err);
  if (!status.status) status.status = 'Failure';
  if (!status.code) status.code = status.status === 'Success' ? 200 : 500;
  return status;
}

/**
 * Answers with the Status of an error (and Retry-After when it asks for one), in protobuf when the
 * client prefers it (`accept`), as kube's ErrorNegotiated does, else JSON.
 */
export function writeError(res: ServerResponse, err: unknown, accept?: string): void {
  const status = apiStatusOf(err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const retry = status.details?.retryAfterSeconds;
  if (retry) res.setHeader('Retry-After', String(retry));
  if (accept !== undefined && prefersProtobuf(accept)) {
    const { kind: _kind, apiVersion: _apiVersion, ...rest } = status as Status & { kind?: string; apiVersion?: string };
    const body = encodeEnvelope('v1', 'Status', encodeMessage(StatusProto, rest as Record<string, unknown>));
    res.writeHead(status.code ?? 500, { 'Content-Type': 'application/vnd.kubernetes.protobuf', 'Content-Length': body.length });
    res.end(body);
    return;
  }
  writeJson(res, status.code ?? 500, status);
}

/** True when the first acceptable media type is protobuf (client-go's `application/vnd.kubernetes.protobuf, *\/*`). */
function prefersProtobuf(accept: string): boolean {
  for (const m of parseAccept(accept)) {
    if (m.params.as !== undefined) continue;
    if (m.type === 'application' && m.subtype === 'vnd.kubernetes.protobuf') return true;
    if (acceptsPlainJson(m) || (m.type === 'application' && m.subtype === 'yaml')) return false;
  }
  return false;
}

/** 404 for paths nothing serves, as kube's go-restful fallback answers. */
export function notFoundStatus(): Status {
  const s = failureStatus(404, 'NotFound', 'the server could not find the requested resource');
  // kube's generic server response always carries (possibly empty) details.
  return { ...s, details: {}, code: 404 };
}

/** go-restful's 405 for a routed path asked with another method, as kube's serviceErrorHandler words it. */
export function methodNotAllowedStatus(): Status {
  const s = failureStatus(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  return { ...s, details: {}, code: 405 };
}
