// A conversion webhook for tests: an HTTPS server on 127.0.0.1 that answers ConversionReviews with
// a handler, can be stopped and started again on the same port, and counts what it was asked.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCertificates } from './certificates.ts';

/**
 * Answers one request: the parsed review (undefined when the body is not JSON) and the raw request.
 * Return the response body (sent as JSON with 200), or take over `res` and return undefined.
 */
export type ConversionReviewHandler = (review: unknown, req: IncomingMessage, res: ServerResponse) => unknown;

export interface ConversionWebhookServer {
  /** `https://127.0.0.1:<port>/convert`: the clientConfig's url. */
  readonly url: string;
  readonly port: number;
  /** Every request seen: its path with query, and its body. */
  readonly requests: { path: string; body: unknown; headers: IncomingMessage['headers'] }[];
  /** The handler answering from now on. */
  handler: ConversionReviewHandler;
  /** Stops listening and closes every connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts the webhook with `certs` (see createTestCertificates) on 127.0.0.1, a free port unless given. */
export async function startConversionWebhook(certs: TestCertificates, handler: ConversionReviewHandler, port = 0): Promise<ConversionWebhookServer> {
  const requests: ConversionWebhookServer['requests'] = [];
  let server: Server | undefined;
  let boundPort = port;
  const self: ConversionWebhookServer = {
    get url() {
      return `https://127.0.0.1:${boundPort}/convert`;
    },
    get port() {
      return boundPort;
    },
    requests,
    handler,
    async stop() {
      const s = server;
      server = undefined;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    },
    async start() {
      if (server) return;
      const s = createServer({ cert: certs.certPem, key: certs.keyPem }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          requests.push({ path: req.url ?? '', body, headers: req.headers });
          let out: unknown;
          try {
            out = self.handler(body, req, res);
          } catch (err) {
            res.writeHead(500, { 'Content-Type': 'text/plain' }).end((err as Error).message);
            return;
          }
          if (out !== undefined && !res.headersSent) {
            const text = JSON.stringify(out);
            res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
          }
        });
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(boundPort, '127.0.0.1', () => resolve());
      });
      boundPort = (s.address() as AddressInfo).port;
      server = s;
    },
  };
  await self.start();
  return self;
}
