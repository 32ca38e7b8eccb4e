// Behaviour of go.etcd.io/etcd/clientv3/watch.go (v3.4): a watch that survives stream failures by
// re-creating itself from the revision after the last event it delivered.
import { constants, type ClientHttp2Stream, type IncomingHttpHeaders } from 'node:http2';
import { newKvCompactedError, prefixRangeEnd, type KvEvent, type KvWatch, type KvWatchHandlers, type KvWatchOptions } from '@kapi/storage';
import { errorText, keyBytes } from './internal/convert.ts';
import { decodeWatchResponse, encodeWatchCreate, watchProgressRequest, type WatchCreate, type WatchResponseMessage } from './internal/watch-messages.ts';

/** What a watch needs from the KV that owns it. */
export interface WatchContext {
  /**
   * Opens a gRPC stream of etcd's Watch service (`/etcdserverpb.Watch/Watch`) on the KV's
   * connection; `lastError` is why the previous one broke (an expired auth token is renewed).
   */
  readonly open: (lastError: unknown) => Promise<ClientHttp2Stream>;
  /** How long a new stream may take to confirm the watch before it is torn down and retried. */
  readonly createTimeoutMs: number;
  /** Reconnect backoff: first delay and cap. */
  readonly minBackoffMs: number;
  readonly maxBackoffMs: number;
  /** Called once when the watch ends (cancel, error or KV close) so the KV can forget it. */
  readonly onDone: (w: EtcdWatch) => void;
}

/**
 * One gRPC Watch stream over node:http2: framed WatchRequests out, WatchResponses in (each a
 * 5-byte prefix and the message, possibly split over several DATA frames, several to a frame).
 */
class WatchStream {
  /** The start of a message not yet whole, its size so far, and the size it needs. */
  private rest: Buffer[] | undefined;
  private restBytes = 0;
  private restNeeded = 0;

  constructor(
    readonly stream: ClientHttp2Stream,
    onResponse: (ws: WatchStream, res: WatchResponseMessage) => void,
    onBroken: (ws: WatchStream, err: unknown) => void,
  ) {
    let status: string | undefined;
    let message = '';
    const statusFrom = (headers: IncomingHttpHeaders) => {
      if (headers['grpc-status'] === undefined) return;
      status = String(headers['grpc-status']);
      message = String(headers['grpc-message'] ?? '');
    };
    stream.on('response', (headers) => {
      const http = Number(headers[constants.HTTP2_HEADER_STATUS]);
      if (http !== 200) onBroken(this, new Error(`etcd answered the watch stream with HTTP status ${http}`));
      else statusFrom(headers);
    });
    stream.on('trailers', statusFrom);
    stream.on('data', (chunk: Buffer) => {
      let buf = chunk;
      if (this.rest !== undefined) {
        // A message split over frames is gathered, and joined once it is whole.
        this.rest.push(chunk);
        this.restBytes += chunk.length;
        if (this.restBytes < this.restNeeded) return;
        buf = Buffer.concat(this.rest, this.restBytes);
        this.rest = undefined;
      }
      while (buf.length >= 5) {
        if (buf[0] !== 0) return onBroken(this, new Error('etcd sent a compressed watch response'));
        const len = buf.readUInt32BE(1);
        if (buf.length < 5 + len) break;
        let res: WatchResponseMessage;
        try {
          res = decodeWatchResponse(buf.subarray(5, 5 + len));
        } catch (err) {
          return onBroken(this, err);
        }
        buf = buf.subarray(5 + len);
        onResponse(this, res);
      }
      if (buf.length > 0) {
        this.rest = [buf];
        this.restBytes = buf.length;
        this.restNeeded = buf.length >= 5 ? 5 + buf.readUInt32BE(1) : 5;
      }
    });
    stream.on('error', (err) => onBroken(this, err));
    stream.on('end', () => {
      const why = status !== undefined && status !== '0' ? `${status} ${decodeURIComponent(message)}` : 'etcd ended the watch stream';
      onBroken(this, new Error(why));
    });
    stream.on('close', () => onBroken(this, new Error(`the watch stream closed (code ${stream.rstCode ?? 'none'})`)));
  }

  write(message: Uint8Array): void {
    const frame = Buffer.allocUnsafe(5 + message.length);
    frame[0] = 0;
    frame.writeUInt32BE(message.length, 1);
    frame.set(message, 5);
    this.stream.write(frame);
  }

  close(): void {
    this.stream.close(constants.NGHTTP2_CANCEL);
  }
}

/**
 * One KV watch on its own gRPC watch stream (streams share the client's HTTP/2 connection).
 *
 * Why not the `etcd3` package's WatchBuilder: it resumes from `header.revision + 1` of the last
 * response, and etcd's header revision is the store's current revision, not the last event's —
 * for the `created` response and for every batch of a replay of history, which etcd sends in
 * chunks of at most 1000 revisions. A stream that broke mid-replay would resume past events it
 * never delivered. It also reports compaction only as an error message, without the revision.
 *
 * Here `nextRevision` advances only with delivered events (and, for a watch from "now", with the
 * revision etcd confirms it starts after), so a re-created watch starts exactly after the last
 * event delivered: no gap, and events below `nextRevision` are dropped, so no duplicate.
 * Progress notifications are passed on but never move `nextRevision`: etcd before 3.4.31 can send
 * one ahead of events still in flight (etcd#15220), and trusting it would drop those events.
 *
 * Requested progress (`requestProgress()`, a WatchRequest with `progress_request`) is answered by
 * etcd with a response of watch_id -1 for every watch of the stream. etcd before 3.4.31 / 3.5.13
 * answers at once with its current revision, even for a watch still replaying history (etcd#15220);
 * later releases hold the answer until the stream's watches have caught up. An older etcd also
 * sends the answer on another queue than the events (its sendLoop picks either at random), so an
 * answer can overtake events committed before the request — seen on 3.4.23 in the cacher's suite.
 * With an older etcd, therefore:
 * - an answer is used only once this watch is known to have caught up with what existed when etcd
 *   created it (it started after that revision, or delivered an event at or after it); before
 *   that it is dropped and the caller asks again;
 * - an answer at R is held, and another request is sent when it arrives; the answer to that one
 *   releases R. By then etcd's sendLoop, which had the events up to R queued when it sent R and
 *   had nothing else to send before the second request arrived, has sent them.
 */
export class EtcdWatch implements KvWatch {
  private readonly request: Omit<WatchCreate, 'startRevision'>;
  /** The first revision not yet delivered; 0 while a watch from "now" is not yet confirmed. */
  private nextRevision: number;
  private stream: WatchStream | undefined;
  private createTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private backoffMs: number;
  private done = false;
  /** The stream's watch is confirmed by etcd (its `created` response came). */
  private created = false;
  /** etcd's revision when it confirmed the watch on the current stream. */
  private createdRevision = 0;
  /** The etcd answering progress requests holds them until the watch has caught up. */
  private answersReliable = false;
  /** Progress requests sent on the current stream, in order: etcd answers them in order. */
  private progressRequests: ('caller' | 'confirm')[] = [];
  /** Answers received on the current stream. */
  private progressAnswers = 0;
  /** An answer held until the answer with index `releasedBy` (older etcd, see the class comment). */
  private heldProgress: { revision: number; releasedBy: number } | undefined;

  constructor(
    private readonly ctx: WatchContext,
    key: string,
    options: KvWatchOptions,
    private readonly handlers: KvWatchHandlers,
  ) {
    if (!Number.isSafeInteger(options.startRevision) || options.startRevision < 0) {
      throw new Error(`watch: startRevision must be a non-negative safe integer, got ${options.startRevision}`);
    }
    this.request = {
      key: keyBytes(key),
      ...(options.prefix ? { rangeEnd: keyBytes(prefixRangeEnd(key)) } : {}),
      prevKv: options.prevKv,
      progressNotify: options.progressNotify ?? false,
    };
    this.nextRevision = options.startRevision;
    this.backoffMs = ctx.minBackoffMs;
    void this.connect(undefined);
  }

  cancel(): void {
    this.finish();
  }

  /**
   * Asks etcd for a progress notification on this watch's stream (no-op until the watch is
   * confirmed). `reliable`: etcd holds its answer until the watch has caught up (≥ 3.4.31 / 3.5.13).
   */
  requestProgress(reliable: boolean): void {
    this.answersReliable = reliable;
    this.sendProgressRequest('caller');
  }

  private sendProgressRequest(kind: 'caller' | 'confirm'): void {
    const stream = this.stream;
    if (this.done || stream === undefined || !this.created) return;
    try {
      stream.write(watchProgressRequest);
      this.progressRequests.push(kind);
    } catch (err) {
      this.onBroken(stream, err);
    }
  }

  /** An answer to a progress request (watch_id -1) at `revision`. */
  private onProgressAnswer(revision: number): void {
    const kind = this.progressRequests.shift() ?? 'caller';
    const index = ++this.progressAnswers;
    if (this.answersReliable) {
      this.progress(revision);
      return;
    }
    const held = this.heldProgress;
    if (held !== undefined && index >= held.releasedBy) {
      this.heldProgress = undefined;
      this.progress(held.revision);
    }
    // A caller's answer is held and confirmed by one more request; a confirmation only releases.
    if (kind === 'caller' && this.heldProgress === undefined && this.caughtUp()) {
      this.heldProgress = { revision, releasedBy: index + this.progressRequests.length + 1 };
      this.sendProgressRequest('confirm');
    }
  }

  private progress(revision: number): void {
    if (revision >= this.nextRevision - 1) this.handlers.onProgress?.(revision);
  }

  /** True once every event that existed when etcd created the watch has been delivered. */
  private caughtUp(): boolean {
    return this.created && this.nextRevision > this.createdRevision;
  }

  /** Ends the watch with an error (e.g. the KV closed); no-op when already ended. */
  fail(err: Error): void {
    if (this.done) return;
    this.finish();
    try {
      this.handlers.onError(err);
    } catch {
      // A throwing onError has nobody left to tell.
    }
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.teardown();
    this.ctx.onDone(this);
  }

  private teardown(): void {
    if (this.createTimer !== undefined) clearTimeout(this.createTimer);
    this.createTimer = undefined;
    this.created = false;
    this.progressRequests = [];
    this.progressAnswers = 0;
    this.heldProgress = undefined;
    const stream = this.stream;
    this.stream = undefined;
    if (stream !== undefined) {
      try {
        stream.close();
      } catch {
        // already closed
      }
    }
  }

  private async connect(lastError: unknown): Promise<void> {
    this.retryTimer = undefined;
    if (this.done) return;
    let http2Stream: ClientHttp2Stream;
    try {
      http2Stream = await this.ctx.open(lastError);
    } catch (err) {
      this.reconnectLater(err);
      return;
    }
    if (this.done) {
      http2Stream.close(constants.NGHTTP2_CANCEL);
      return;
    }
    const stream = new WatchStream(
      http2Stream,
      (ws, res) => this.onResponse(ws, res),
      (ws, err) => this.onBroken(ws, err),
    );
    this.stream = stream;
    this.createTimer = setTimeout(
      () => this.onBroken(stream, new Error(`etcd did not confirm the watch within ${this.ctx.createTimeoutMs} ms`)),
      this.ctx.createTimeoutMs,
    );
    try {
      stream.write(encodeWatchCreate({ ...this.request, startRevision: this.nextRevision }));
    } catch (err) {
      this.onBroken(stream, err);
    }
  }

  private onBroken(stream: WatchStream, err: unknown): void {
    if (this.done || stream !== this.stream) return;
    this.teardown();
    this.reconnectLater(err);
  }

  private reconnectLater(err: unknown): void {
    if (this.done) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.ctx.maxBackoffMs);
    this.retryTimer = setTimeout(() => void this.connect(err), delay);
  }

  private onResponse(stream: WatchStream, res: WatchResponseMessage): void {
    if (this.done || stream !== this.stream) return;
    try {
      this.handleResponse(res);
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(errorText(err)));
    }
  }

  private handleResponse(res: WatchResponseMessage): void {
    if (res.created) {
      if (this.createTimer !== undefined) clearTimeout(this.createTimer);
      this.createTimer = undefined;
      this.backoffMs = this.ctx.minBackoffMs;
      if (!res.canceled) {
        this.created = true;
        this.createdRevision = res.revision;
        // A watch from "now" starts right after the revision etcd created it at.
        if (this.nextRevision === 0) this.nextRevision = this.createdRevision + 1;
      }
    }
    if (res.canceled) {
      if (res.compactRevision > 0) {
        this.fail(newKvCompactedError(this.nextRevision, res.compactRevision));
      } else {
        this.fail(new Error(`etcd canceled the watch: ${res.cancelReason || 'no reason given'}`));
      }
      return;
    }
    const events = res.events;
    if (events.length > 0) {
      let batch: KvEvent[] = events;
      // Already delivered before a reconnect: dropped (no duplicates).
      if (events[0]!.kv.modRevision < this.nextRevision) batch = events.filter((ev) => ev.kv.modRevision >= this.nextRevision);
      if (batch.length === 0) return;
      this.nextRevision = batch[batch.length - 1]!.kv.modRevision + 1;
      this.handlers.onEvents(batch);
      return;
    }
    if (!res.created && this.nextRevision > 0) {
      // A progress notification: every event up to header.revision has been sent. watch_id -1 is
      // the answer to a progress request (see the class comment).
      if (res.watchId === -1) this.onProgressAnswer(res.revision);
      else this.progress(res.revision);
    }
  }
}
