// Behaviour of k8s.io/apiserver/pkg/server/healthz/healthz.go (v1.33): /healthz, /livez and /readyz,
// each a list of named checks, with a path of its own per check.
import type { ServerResponse } from 'node:http';
import { quote } from '@kapi/apimachinery';

/** One named check; `check` rejects with the reason when it fails. */
export interface HealthChecker {
  readonly name: string;
  check(): Promise<void>;
}

/** kube's PingHealthz: passes whenever the server answers at all. */
export const pingCheck: HealthChecker = { name: 'ping', check: () => Promise.resolve() };

/**
 * kube's LogHealthz fails when klog has not flushed for two minutes. kapi logs through pino, which
 * never blocks the server: the check passes.
 */
export const logCheck: HealthChecker = { name: 'log', check: () => Promise.resolve() };

/** kube's NamedCheck. */
export function namedCheck(name: string, check: () => Promise<void>): HealthChecker {
  return { name, check };
}

/** kube's NewShutdownHealthz: fails once the server has begun to shut down. */
export function shutdownCheck(shuttingDown: () => boolean): HealthChecker {
  return namedCheck('shutdown', () => (shuttingDown() ? Promise.reject(new Error('process is shutting down')) : Promise.resolve()));
}

/** The endpoints, each with its checks in the order they are run and printed. */
export type HealthEndpointChecks = Readonly<Record<'/healthz' | '/livez' | '/readyz', readonly HealthChecker[]>>;

export interface HealthEndpoints {
  /** True for `/healthz`, `/livez`, `/readyz` and the path of each of their checks (`/readyz/etcd`). */
  handles(path: string): boolean;
  /** Answers one of the paths {@link handles} accepts, for any method, as kube's mux does. */
  serve(res: ServerResponse, path: string, query: URLSearchParams): Promise<void>;
}

/**
 * The health endpoints (kube's InstallPathHandler for each). A failure's reason is withheld at the
 * endpoint (it is public) and given at the check's own path; `onFailure` gets the reasons (kube logs them).
 */
export function createHealthEndpoints(endpoints: HealthEndpointChecks, onFailure?: (endpoint: string, reasons: string) => void): HealthEndpoints {
  const roots = new Map<string, readonly HealthChecker[]>();
  const single = new Map<string, HealthChecker>();
  for (const [path, checks] of Object.entries(endpoints)) {
    roots.set(path, checks.length > 0 ? checks : [pingCheck]);
    for (const check of roots.get(path)!) single.set(`${path}/${check.name}`, check);
  }
  return {
    handles: (path) => roots.has(path) || single.has(path),
    async serve(res, path, query) {
      const checks = roots.get(path);
      if (checks !== undefined) return serveRoot(res, path.slice(1), checks, query, onFailure);
      try {
        await single.get(path)!.check();
      } catch (err) {
        return httpError(res, `internal server error: ${reasonOf(err)}`, 500);
      }
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('ok');
    },
  };
}

/** kube's handleRootHealth: every check in order, `?exclude=NAME` skipping one, `?verbose` listing them. */
async function serveRoot(
  res: ServerResponse,
  name: string,
  checks: readonly HealthChecker[],
  query: URLSearchParams,
  onFailure: ((endpoint: string, reasons: string) => void) | undefined,
): Promise<void> {
  const excluded = new Set(query.getAll('exclude'));
  let output = '';
  let reasons = '';
  const failed: string[] = [];
  for (const check of checks) {
    if (excluded.delete(check.name)) {
      output += `[+]${check.name} excluded: ok\n`;
      continue;
    }
    try {
      await check.check();
      output += `[+]${check.name} ok\n`;
    } catch (err) {
      // The endpoint is public: the reason is only logged.
      output += `[-]${check.name} failed: reason withheld\n`;
      reasons += `[-]${check.name} failed: ${reasonOf(err)}\n`;
      failed.push(check.name);
    }
  }
  if (excluded.size > 0) {
    output += `warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map(quote).join(',')}\n`;
  }
  if (failed.length > 0) {
    onFailure?.(name, reasons);
    return httpError(res, `${output}${name} check failed`, 500);
  }
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(query.has('verbose') ? `${output}${name} check passed\n` : 'ok');
}

/** Go's http.Error: plain text, nosniff, the message and a newline. */
function httpError(res: ServerResponse, message: string, code: number): void {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(`${message}\n`);
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
