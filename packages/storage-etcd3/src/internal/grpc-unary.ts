// Unary gRPC calls over node:http2 (the gRPC over HTTP/2 protocol, grpc/doc/PROTOCOL-HTTP2.md):
// the path every read and write of the KV takes. grpc-js and the etcd3 client around it cost
// ~120-150 µs of CPU per call; this costs a third of that. Watch streams open on the same
// connection (openStream); leases and maintenance calls stay on the etcd3 client.
import { connect, constants, type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders, type SecureClientSessionOptions } from 'node:http2';

/** gRPC status codes (grpc/doc/statuscodes.md) by number. */
const statusNames = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

/**
 * A failed call. The message reads as grpc-js writes its errors (`14 UNAVAILABLE: …`), which is what
 * the KV's failure classification (convert.ts) reads.
 */
export class GrpcCallError extends Error {
  constructor(
    readonly code: number,
    details: string,
  ) {
    super(`${code} ${statusNames[code] ?? 'UNKNOWN'}: ${details}`);
    this.name = 'GrpcCallError';
  }
}

export interface GrpcUnaryOptions {
  /** `http://host:port` or `https://host:port`; tried in turn after a connection fails. */
  readonly endpoints: readonly string[];
  /** TLS material for `https://` endpoints. */
  readonly tls?: { readonly ca?: Buffer; readonly key?: Buffer; readonly cert?: Buffer };
  /** Largest response message accepted. */
  readonly maxReceiveMessageBytes: number;
}

interface Pending {
  readonly stream: ClientHttp2Stream;
  readonly deadline: number;
  fail(err: Error): void;
}

/** Flow-control windows large enough that a list of many MB streams without waiting on window updates. */
const windowBytes = 32 * 1024 * 1024;

export class GrpcUnary {
  private session: ClientHttp2Session | undefined;
  private endpoint = 0;
  private readonly pending = new Set<Pending>();
  private openStreams = 0;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(private readonly options: GrpcUnaryOptions) {}

  /**
   * Calls `path` (`/package.Service/Method`) with one message; resolves with the response message's
   * bytes. `deadline` (epoch ms) is sent as grpc-timeout and enforced here too. `metadata` adds
   * request headers (e.g. etcd's auth `token`).
   */
  call(path: string, message: Uint8Array, deadline: number, metadata?: Record<string, string>): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (this.closed) {
        reject(new GrpcCallError(1, 'the client is closed'));
        return;
      }
      const left = Math.max(1, Math.ceil(deadline - Date.now()));
      let stream: ClientHttp2Stream;
      try {
        stream = this.request(path, { 'grpc-timeout': `${left}m`, ...metadata });
      } catch (err) {
        reject(err as Error);
        return;
      }
      const frame = Buffer.allocUnsafe(5 + message.length);
      frame[0] = 0;
      frame.writeUInt32BE(message.length, 1);
      frame.set(message, 5);

      const chunks: Buffer[] = [];
      let received = 0;
      let status: string | undefined;
      let statusMessage = '';
      let settled = false;
      const pending: Pending = {
        stream,
        deadline,
        fail: (err) => {
          if (settled) return;
          settled = true;
          this.untrack(pending);
          stream.close(constants.NGHTTP2_CANCEL);
          reject(err);
        },
      };
      this.track(pending);

      const statusFrom = (headers: IncomingHttpHeaders) => {
        const s = headers['grpc-status'];
        if (s !== undefined) {
          status = String(s);
          statusMessage = percentDecode(String(headers['grpc-message'] ?? ''));
        }
      };
      stream.on('response', (headers) => {
        const httpStatus = Number(headers[constants.HTTP2_HEADER_STATUS]);
        if (httpStatus !== 200) pending.fail(new GrpcCallError(httpStatus === 503 ? 14 : 2, `HTTP status ${String(httpStatus)} from ${this.endpointUrl()}`));
        else statusFrom(headers);
      });
      stream.on('trailers', statusFrom);
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > this.options.maxReceiveMessageBytes + 5) {
          pending.fail(new GrpcCallError(8, `Received message larger than max (${received - 5} vs. ${this.options.maxReceiveMessageBytes})`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => {
        if (settled) return;
        if (status === undefined) return pending.fail(new GrpcCallError(13, 'Connection dropped: the response ended without a status'));
        if (status !== '0') return pending.fail(new GrpcCallError(Number(status), statusMessage));
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
        const parsed = unframe(body);
        if (typeof parsed === 'string') return pending.fail(new GrpcCallError(13, parsed));
        settled = true;
        this.untrack(pending);
        resolve(parsed);
      });
      stream.on('error', (err: NodeJS.ErrnoException) => {
        // A session runs out of stream ids after 2^30 calls: the call was never sent; the next one
        // gets a new session.
        if (err.code === 'ERR_HTTP2_OUT_OF_STREAMS' && this.session === stream.session) this.drop();
        pending.fail(this.transportError(err));
      });
      // A stream closed without 'end' (reset by the peer, or the session went away).
      stream.on('close', () => {
        if (!settled) pending.fail(new GrpcCallError(14, `Connection dropped: stream closed (code ${stream.rstCode ?? 'none'})`));
      });
      stream.end(frame);
    });
  }

  /**
   * Opens a streaming call (etcd's Watch) on the same connection, for the caller to write framed
   * messages to and read them from; no deadline. Like a socket, an open stream keeps the process
   * alive (as the etcd3 client's watch streams did). Throws when there is no connection to open it on.
   */
  openStream(path: string, metadata?: Record<string, string>): ClientHttp2Stream {
    if (this.closed) throw new GrpcCallError(1, 'the client is closed');
    const stream = this.request(path, metadata);
    if (this.busy() === 0) this.session?.ref();
    this.openStreams++;
    stream.once('close', () => {
      this.openStreams--;
      if (this.busy() === 0) this.session?.unref();
    });
    return stream;
  }

  /** A gRPC request on the connection; throws UNAVAILABLE ("No connection established") when it cannot be made. */
  private request(path: string, headers?: Record<string, string>): ClientHttp2Stream {
    try {
      return this.connection().request(
        {
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: path,
          [constants.HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc',
          [constants.HTTP2_HEADER_TE]: 'trailers',
          ...headers,
        },
        { endStream: false },
      );
    } catch (err) {
      this.drop();
      throw new GrpcCallError(14, `No connection established: ${(err as Error).message}`);
    }
  }

  /** Calls and streams in flight: while there are any, the session keeps the process alive. */
  private busy(): number {
    return this.pending.size + this.openStreams;
  }

  /** A call in flight keeps the process alive (an idle session does not) and is swept at its deadline. */
  private track(p: Pending): void {
    if (this.busy() === 0) this.session?.ref();
    this.pending.add(p);
    this.sweeper ??= setInterval(() => this.sweep(), 50).unref();
  }

  private untrack(p: Pending): void {
    if (this.pending.delete(p) && this.busy() === 0) this.session?.unref();
  }

  /** The session to the current endpoint, connecting when there is none. */
  private connection(): ClientHttp2Session {
    const live = this.session;
    if (live && !live.closed && !live.destroyed) return live;
    const url = this.endpointUrl();
    const tls = this.options.tls;
    const options: SecureClientSessionOptions = {
      settings: { initialWindowSize: windowBytes, enablePush: false },
      // In MB: a list response in flight is held in the session's memory.
      maxSessionMemory: 1024,
      ...(url.startsWith('https:') && tls ? { ...(tls.ca ? { ca: tls.ca } : {}), ...(tls.key ? { key: tls.key } : {}), ...(tls.cert ? { cert: tls.cert } : {}) } : {}),
    };
    const session = connect(url, options);
    session.on('connect', () => session.setLocalWindowSize(windowBytes));
    const gone = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('error', (err: NodeJS.ErrnoException) => {
      gone();
      // The next connection tries the next endpoint.
      if (err.code !== undefined) this.endpoint++;
    });
    session.on('goaway', gone);
    session.on('close', gone);
    // The session keeps the process alive only while a call or stream is in flight (busy()).
    if (this.busy() === 0) session.unref();
    this.session = session;
    return session;
  }

  private endpointUrl(): string {
    const { endpoints } = this.options;
    return endpoints[this.endpoint % endpoints.length]!;
  }

  private drop(): void {
    const s = this.session;
    this.session = undefined;
    s?.destroy();
  }

  /** A transport failure as a gRPC error: UNAVAILABLE, saying "No connection established" when it never connected. */
  private transportError(err: NodeJS.ErrnoException): GrpcCallError {
    const text = err.message;
    if (
      /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(text) ||
      (err.code === 'ERR_HTTP2_STREAM_CANCEL' && /connect/.test(text)) ||
      err.code === 'ERR_HTTP2_OUT_OF_STREAMS'
    ) {
      return new GrpcCallError(14, `No connection established to ${this.endpointUrl()}: ${text}`);
    }
    return new GrpcCallError(14, `Connection dropped: ${text}`);
  }

  /** Fails the calls whose deadline passed; stops when none is left. */
  private sweep(): void {
    const now = Date.now();
    for (const p of this.pending) if (p.deadline <= now) p.fail(new GrpcCallError(4, 'Deadline exceeded'));
    if (this.pending.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  close(): void {
    this.closed = true;
    for (const p of [...this.pending]) p.fail(new GrpcCallError(1, 'the client is closed'));
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.drop();
  }
}

/** The one message of a unary response: its bytes, or what is wrong with the framing. */
function unframe(body: Buffer): Buffer | string {
  if (body.length < 5) return `response of ${body.length} bytes is shorter than a gRPC message header`;
  if (body[0] !== 0) return 'compressed response messages are not supported';
  const len = body.readUInt32BE(1);
  if (5 + len !== body.length) return `response message length ${len} does not match the ${body.length - 5} bytes received`;
  return body.subarray(5);
}

/** grpc-message is percent-encoded (PROTOCOL-HTTP2.md). */
function percentDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
