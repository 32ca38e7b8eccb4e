// Behaviour of k8s.io/apiserver/pkg/server/genericapiserver.go (v1.33: the secure port serves while the
// post-start hooks run; /version answers at once): the socket of `kapi serve`, opened before the API
// behind it is built. `GET /version` is answered at once; every other request is held, unread, and
// handed to the API's handler when the server is ready, so it is answered exactly as it would have
// been had it arrived then.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { versionInfo } from './version.ts';

/** A listening socket whose API is not built yet. */
export interface ListeningServer {
  readonly server: Server;
  readonly port: number;
  /** From now on `handler` answers every request; the held ones first, in their order of arrival. */
  serve(handler: RequestListener): void;
  /** Stops listening and closes every connection, held requests' included. */
  close(): Promise<void>;
}

/** The path of a plain `/version` request (no query: a `timeout` parameter is the handler chain's to check). */
const isPlainVersion = (req: IncomingMessage) => (req.method === 'GET' || req.method === 'HEAD') && (req.url === '/version' || req.url === '/version/');

/** The answer the API's handler gives to `GET /version` (writeJson of versionInfo: Go's compact JSON, a newline). */
function writeVersion(res: ServerResponse): void {
  const body = `${JSON.stringify(versionInfo())}\n`;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Listens on `host:port` (127.0.0.1 by default; port 0 picks a free one); rejects when the port is
 * taken. The server's options are those of createApiServer's (65 s keep-alive).
 */
export function listenEarly(port: number, host = '127.0.0.1'): Promise<ListeningServer> {
  let handler: RequestListener | undefined;
  let held: [IncomingMessage, ServerResponse][] = [];
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    if (handler) handler(req, res);
    else if (isPlainVersion(req)) writeVersion(res);
    else held.push([req, res]);
  });
  const listening: ListeningServer = {
    server,
    port: 0,
    serve(h) {
      handler = h;
      const waiting = held;
      held = [];
      for (const [req, res] of waiting) h(req, res);
    },
    close: () =>
      new Promise<void>((resolve) => {
        held = [];
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ ...listening, port: (server.address() as AddressInfo).port });
    });
  });
}
