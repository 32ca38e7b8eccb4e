// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/rest.go ConnectResource (and the streaming
// getter path of get.go) (v1.33): a connect subresource (`pods/exec`, `pods/log`, `nodes/proxy` …)
// gets the request's method, query and sub-path instead of a decoded body; methods its route does
// not take are go-restful's 405.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectSubresource, ResourceEntry } from '@kapi/registry';
import type { RequestInfo } from '../request-info.ts';
import { methodNotAllowedStatus, writeJson } from '../responses.ts';

export async function serveConnect(
  req: IncomingMessage,
  res: ServerResponse,
  info: RequestInfo,
  query: URLSearchParams,
  entry: ResourceEntry,
  sub: ConnectSubresource,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (!sub.connectMethods.includes(method)) return writeJson(res, 405, methodNotAllowedStatus());
  // The path after `<name>/<subresource>`, with its trailing slash (the proxies' `{path:*}`).
  const rest = info.parts.slice(3).join('/');
  const path = rest !== '' && info.path.endsWith('/') ? `${rest}/` : rest;
  const ctx = entry.info.namespaced ? { namespace: info.namespace } : {};
  const answer = await sub.connect(ctx, info.name, { method, query, path });
  res.writeHead(answer.code);
  res.end();
}
