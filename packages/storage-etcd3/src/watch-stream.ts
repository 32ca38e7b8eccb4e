// Behaviour of go.etcd.io/etcd/clientv3/watch.go (v3.4): a watch that survives stream failures by
// re-creating itself from the revision after the last event it delivered.
import { newKvCompactedError, prefixRangeEnd, type KvEvent, type KvWatch, type KvWatchHandlers, type KvWatchOptions } from '@kapi/storage';
import type { Etcd3, IDuplexStream, IEvent, IWatchRequest, IWatchResponse } from 'etcd3';
import { errorText, keyBytes, presentKv, toKeyValue, toRevision } from './internal/convert.ts';

/** What a watch needs from the KV that owns it. */
export interface WatchContext {
  readonly client: Etcd3;
  /** How long a new stream may take to confirm the watch before it is torn down and retried. */
  readonly createTimeoutMs: number;
  /** Reconnect backoff: first delay and cap. */
  readonly minBackoffMs: number;
  readonly maxBackoffMs: number;
  /** Called once when the watch ends (cancel, error or KV close) so the KV can forget it. */
  readonly onDone: (w: EtcdWatch) => void;
}

type WatchStream = IDuplexStream<IWatchRequest, IWatchResponse>;

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
  private readonly request: IWatchRequest['create_request'];
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
      ...(options.prefix ? { range_end: keyBytes(prefixRangeEnd(key)) } : {}),
      prev_kv: options.prevKv,
      progress_notify: options.progressNotify ?? false,
    };
    this.nextRevision = options.startRevision;
    this.backoffMs = ctx.minBackoffMs;
    void this.connect();
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
      stream.write({ progress_request: {} });
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
      // end() first: the etcd3 client resets every channel of the host when a still-writable
      // stream errors, and cancel() makes the stream error with CANCELLED.
      try {
        stream.end();
        stream.cancel();
      } catch {
        // already closed
      }
    }
  }

  private async connect(): Promise<void> {
    this.retryTimer = undefined;
    if (this.done) return;
    let stream: WatchStream;
    try {
      stream = await this.ctx.client.watchClient.watch();
    } catch (err) {
      this.reconnectLater(err);
      return;
    }
    if (this.done) {
      try {
        stream.end();
        stream.cancel();
      } catch {
        // already closed
      }
      return;
    }
    this.stream = stream;
    stream.on('data', (res) => this.onResponse(stream, res));
    stream.on('error', (err) => this.onBroken(stream, err));
    stream.on('end', () => this.onBroken(stream, new Error('etcd ended the watch stream')));
    this.createTimer = setTimeout(
      () => this.onBroken(stream, new Error(`etcd did not confirm the watch within ${this.ctx.createTimeoutMs} ms`)),
      this.ctx.createTimeoutMs,
    );
    try {
      stream.write({ create_request: { ...this.request, start_revision: this.nextRevision } });
    } catch (err) {
      this.onBroken(stream, err);
    }
  }

  private onBroken(stream: WatchStream, err: unknown): void {
    if (this.done || stream !== this.stream) return;
    this.teardown();
    this.reconnectLater(err);
  }

  private reconnectLater(_err: unknown): void {
    if (this.done) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.ctx.maxBackoffMs);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private onResponse(stream: WatchStream, res: IWatchResponse): void {
    if (this.done || stream !== this.stream) return;
    try {
      this.handleResponse(res);
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(errorText(err)));
    }
  }

  private handleResponse(res: IWatchResponse): void {
    if (res.created) {
      if (this.createTimer !== undefined) clearTimeout(this.createTimer);
      this.createTimer = undefined;
      this.backoffMs = this.ctx.minBackoffMs;
      if (!res.canceled) {
        this.created = true;
        this.createdRevision = toRevision(res.header.revision);
        // A watch from "now" starts right after the revision etcd created it at.
        if (this.nextRevision === 0) this.nextRevision = this.createdRevision + 1;
      }
    }
    if (res.canceled) {
      const compactRevision = toRevision(res.compact_revision || '0', 'compact_revision');
      if (compactRevision > 0) {
        this.fail(newKvCompactedError(this.nextRevision, compactRevision));
      } else {
        this.fail(new Error(`etcd canceled the watch: ${res.cancel_reason || 'no reason given'}`));
      }
      return;
    }
    const events = res.events ?? [];
    if (events.length > 0) {
      const batch: KvEvent[] = [];
      for (const ev of events) {
        const out = toKvEvent(ev);
        // Already delivered before a reconnect: drop (no duplicates).
        if (out.kv.modRevision < this.nextRevision) continue;
        batch.push(out);
      }
      if (batch.length === 0) return;
      this.nextRevision = batch[batch.length - 1]!.kv.modRevision + 1;
      this.handlers.onEvents(batch);
      return;
    }
    if (!res.created && this.nextRevision > 0) {
      // A progress notification: every event up to header.revision has been sent. watch_id -1 is
      // the answer to a progress request (see the class comment).
      const revision = toRevision(res.header.revision);
      if (String(res.watch_id) === '-1') this.onProgressAnswer(revision);
      else this.progress(revision);
    }
  }
}

function toKvEvent(ev: IEvent): KvEvent {
  const type = String(ev.type).toUpperCase() === 'DELETE' ? 'delete' : 'put';
  const kv = toKeyValue(ev.kv);
  return presentKv(ev.prev_kv) ? { type, kv, prevKv: toKeyValue(ev.prev_kv) } : { type, kv };
}
