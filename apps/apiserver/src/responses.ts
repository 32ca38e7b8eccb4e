// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/writers.go and status.go (v1.33).
import type { ServerResponse } from 'node:http';
import { encodeEnvelope, encodeMessage, encodeYaml, failureStatus, statusFromError, type Status } from '@kapi/apimachinery';
import { acceptsPlainJson, parseAccept } from './media.ts';
import { StatusProto } from './protobuf-output.ts';

const goEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON as Go's encoder writes it: compact, HTML characters escaped, a trailing newline. */
export function encodeJson(obj: unknown): string {
  return JSON.stringify(obj).replace(/[<>&\u2028\u2029]/g, (c) => goEscapes[c]!) + '\n';
}

/** Writes `obj` as JSON, or as YAML when the negotiated type is application/yaml. */
export function writeJson(res: ServerResponse, code: number, obj: unknown, contentType = 'application/json'): void {
  const body = contentType === 'application/yaml' ? encodeYaml(obj) : encodeJson(obj);
  res.writeHead(code, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
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
