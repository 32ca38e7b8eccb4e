// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/watch.go (v1.33): a watch as a chunked stream
// of newline-delimited JSON events, ended by the timeout, the client, or an ERROR event.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeWatchEventProto, frameLengthDelimited, orderObject, type KubeObject, type WatchEvent, type WatchEventType, type Watcher } from '@kapi/apimachinery';
import { isPollableWatcher } from '@kapi/cacher';
import { apiVersionOf, type ResourceEntry } from '@kapi/registry';
import type { Output } from '../output.ts';
import { toTable } from '../output.ts';
import { encodeProtobufBody } from '../protobuf-output.ts';
import { encodeJson } from '../responses.ts';
import { Deadlines, type Expiring } from './watch-deadlines.ts';

/** kube's default watch length: a random time between 30 and 60 minutes. */
export function defaultWatchTimeoutSeconds(): number {
  return Math.floor(1800 * (1 + Math.random()));
}

/**
 * How long a watch runs, in ms, as kube's ListResource computes it: `timeoutSeconds` as a Go
 * time.Duration (seconds × 10⁹ ns in an int64, wrapping past 292 years), the 30–60 minute default
 * when it is absent or 0. A negative duration is a timer that fires at once (0).
 */
export function watchTimeoutMs(timeoutSeconds: number | undefined): number {
  if (timeoutSeconds === undefined || timeoutSeconds === 0) return defaultWatchTimeoutSeconds() * 1000;
  const ns = BigInt.asIntN(64, BigInt(timeoutSeconds) * 1_000_000_000n);
  return ns <= 0n ? 0 : Number(ns / 1_000_000n);
}

/**
 * Starts streaming `watcher`'s events as the response and returns at once: the stream runs on
 * its own until the timeout, the client going away, or the watcher ending, and keeps no request
 * frame waiting (an idle watch holds only its socket, its watcher and its WatchStream).
 */
export function serveWatch(
  req: IncomingMessage,
  res: ServerResponse,
  entry: ResourceEntry,
  watcher: Watcher,
  output: Output,
  timeoutSeconds: number | undefined,
): Promise<void> {
  if (res.destroyed) {
    // The client went away while the watch was being set up: its 'close' has been and gone.
    watcher.stop();
    return Promise.resolve();
  }
  res.writeHead(200, {
    'Content-Type': output.contentType,
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
  const stream = new WatchStream(res, watcher, encoderFor(entry, output));
  streams.set(res, stream);
  res.on('close', onResponseClose);
  deadlines.add(stream, performance.now() + watchTimeoutMs(timeoutSeconds));
  if (isPollableWatcher(watcher)) stream.pump();
  else void stream.iterate();
  return Promise.resolve();
}

/** Turns a watch event into the bytes of its frame. */
interface EventEncoder {
  encode(ev: WatchEvent): Uint8Array;
}

/** The deadlines of every open watch, under one timer. */
const deadlines = new Deadlines<WatchStream>();
/** The stream of each open watch response (its 'close' listener is shared). */
const streams = new WeakMap<ServerResponse, WatchStream>();

function onResponseClose(this: ServerResponse): void {
  streams.get(this)?.end();
}

/**
 * One watch response. Events are encoded as they are taken and written in chunks of what came
 * together, with no timer: the first events after a quiet spell as soon as the callback that
 * brought them is done, the others at the end of their turn of the event loop (setImmediate).
 * A burst of writes (a batch of etcd's) is then a socket write per watcher per turn, not one per
 * event, and a lone event waits for nothing. Kube flushes after each event; what a client reads is
 * the same bytes.
 */
class WatchStream implements Expiring {
  due = 0;
  heapIndex = -1;
  private pending: Uint8Array[] | undefined;
  private pendingBytes = 0;
  private flushQueued = false;
  /** The socket has more than its high-water mark buffered: no event is taken until it drains. */
  private blocked = false;
  private finished = false;
  /** The turn of the event loop in which this watch last had events written (see `turn`). */
  private turn = -1;
  /** When it last had an event (performance.now()). */
  private lastEventAt = -Infinity;
  /** What iterate() waits on while blocked. */
  private resume: (() => void) | undefined;
  private readonly ready = () => this.pump();

  constructor(
    private readonly res: ServerResponse,
    private readonly watcher: Watcher,
    private readonly encoder: EventEncoder,
  ) {}

  expire(): void {
    this.end();
  }

  /** Takes every queued event of a watcher of the cacher, then asks to be called again. */
  pump(): void {
    const w = this.watcher;
    if (!isPollableWatcher(w)) return;
    try {
      while (!this.blocked && !this.finished) {
        const ev = w.poll();
        if (ev === undefined) {
          if (w.done) this.end();
          else w.notify(this.ready);
          return;
        }
        this.push(this.encoder.encode(ev));
      }
    } catch (err) {
      this.fail(err);
    }
  }

  /** The same for any other watcher, through its async iteration. */
  async iterate(): Promise<void> {
    try {
      for await (const ev of this.watcher) {
        if (this.finished) break;
        this.push(this.encoder.encode(ev));
        if (this.blocked) await new Promise<void>((r) => (this.resume = r));
        if (this.finished) break;
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.end();
    }
  }

  private push(bytes: Uint8Array): void {
    if (this.pending === undefined) this.pending = [];
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    const now = performance.now();
    const quiet = now - this.lastEventAt > quietMs;
    this.lastEventAt = now;
    if (this.pendingBytes >= maxPendingBytes) this.flush();
    else if (!this.flushQueued) {
      this.flushQueued = true;
      if (quiet && this.turn !== turn) {
        // The first event after a quiet spell: written as soon as the callback that brought it is
        // done (with any others it brings), so a lone event waits for nothing.
        soon.push(this);
        if (soon.length === 1) process.nextTick(flushSoon);
      } else {
        // Events that come close together wait for the end of their turn and go out as one write:
        // a burst is a write per watcher per turn, not one per event.
        later.push(this);
      }
      this.turn = turn;
      if (!endOfTurnQueued) {
        endOfTurnQueued = true;
        setImmediate(endOfTurn);
      }
    }
  }

  flush(): void {
    this.flushQueued = false;
    const pending = this.pending;
    if (pending === undefined || this.res.destroyed) return;
    this.pending = undefined;
    const size = this.pendingBytes;
    this.pendingBytes = 0;
    const socket = this.res.socket;
    let room: boolean;
    let emitter: NodeJS.EventEmitter;
    if (socket !== null && (this.res as { chunkedEncoding?: boolean }).chunkedEncoding === true) {
      // The response is this socket's (its headers went out with flushHeaders): the chunk is framed
      // here, as res.write would frame it, and goes out in one buffer and one write, without the
      // response's cork, its nextTick uncork and a writev of three buffers per event.
      if (socket.destroyed || !socket.writable) return;
      room = socket.write(chunkOf(pending, size));
      emitter = socket;
    } else {
      room = this.res.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending, size));
      emitter = this.res;
    }
    if (!room && !this.finished && !this.blocked) {
      this.blocked = true;
      emitter.once('drain', () => {
        this.blocked = false;
        const resume = this.resume;
        this.resume = undefined;
        if (resume !== undefined) resume();
        else this.pump();
      });
    }
  }

  /** An event that cannot be encoded ends the stream as a failed write would (kube logs and returns). */
  private fail(_err: unknown): void {
    this.pending = undefined;
    this.res.destroy();
    this.end();
  }

  /** Ends the watch: what was taken is written, then the response ends. Idempotent. */
  end(): void {
    if (this.finished) return;
    this.finished = true;
    deadlines.remove(this);
    this.res.off('close', onResponseClose);
    streams.delete(this.res);
    this.watcher.stop();
    this.flush();
    if (!this.res.destroyed) this.res.end();
    const resume = this.resume;
    this.resume = undefined;
    resume?.();
  }
}

const crlf = Buffer.from('\r\n', 'latin1');

/** The last chunk framed, and the event bytes it holds. */
let lastParts: Uint8Array[] = [];
let lastChunk: Buffer | undefined;

/**
 * The chunk of the chunked encoding that holds `parts` (`size` bytes in all). The watchers of a
 * resource mostly get the same events in the same turn: the chunk framed for one is written to the
 * others as it is, when their events are the same ones.
 */
function chunkOf(parts: Uint8Array[], size: number): Buffer {
  if (lastChunk !== undefined && parts.length === lastParts.length && parts.every((p, i) => p === lastParts[i])) return lastChunk;
  const head = Buffer.from(`${size.toString(16)}\r\n`, 'latin1');
  lastChunk = Buffer.concat([head, ...parts, crlf], head.length + size + 2);
  lastParts = parts;
  return lastChunk;
}
/** A burst larger than this is written at once rather than at the end of the turn. */
const maxPendingBytes = 64 * 1024;
/** A watch that had no event for this long is quiet: its next event is written without waiting for the turn's end. */
const quietMs = 1;
/**
 * Turns of the event loop in which watch events were written, counted at their end (setImmediate
 * runs after the I/O callbacks of the turn). A watch writes at most twice per turn: right after the
 * callback that gave it an event after a quiet spell; at the end of the turn with what came after.
 */
let turn = 0;
let endOfTurnQueued = false;
let soon: WatchStream[] = [];
let later: WatchStream[] = [];

function flushSoon(): void {
  const streamsToFlush = soon;
  soon = [];
  for (const s of streamsToFlush) s.flush();
}

function endOfTurn(): void {
  endOfTurnQueued = false;
  turn++;
  const streamsToFlush = later;
  later = [];
  for (const s of streamsToFlush) s.flush();
}

/** The encoders of a resource's watch events, by format: shared by every watch of it but tables. */
const encoders = new WeakMap<ResourceEntry, { json?: EventEncoder; protobuf?: EventEncoder }>();

function encoderFor(entry: ResourceEntry, output: Output): EventEncoder {
  if (output.kind === 'table') return tableEncoder(entry, output);
  let byFormat = encoders.get(entry);
  if (byFormat === undefined) encoders.set(entry, (byFormat = {}));
  if (output.kind === 'protobuf') return (byFormat.protobuf ??= protobufEncoder(entry));
  return (byFormat.json ??= jsonEncoder(entry));
}

/** Frames of a 4-byte length and a raw WatchEvent whose object is the enveloped object. */
function protobufEncoder(entry: ResourceEntry): EventEncoder {
  const def = entry.definition;
  const keys = encodingKeys(`pb\0${def.group}/${def.version}/${def.kind}`);
  return {
    encode: (ev) =>
      encodedOnce(ev.object, keys[ev.type], () => {
        const obj = ev.type === 'ERROR' ? { kind: 'Status', apiVersion: 'v1', ...(ev.object as object) } : (ev.object as KubeObject);
        return frameLengthDelimited(encodeWatchEventProto(ev.type, encodeProtobufBody(def, obj as KubeObject)));
      }),
  };
}

/**
 * JSON lines. Every watcher of the resource gets the same event object from the watch cache: it is
 * encoded once for all of them (kube's cachingObject).
 */
function jsonEncoder(entry: ResourceEntry): EventEncoder {
  const apiVersion = apiVersionOf(entry.info);
  const kind = entry.info.kind;
  const keys = encodingKeys(`json\0${apiVersion}\0${kind}`);
  return {
    encode: (ev) =>
      ev.type === 'ERROR'
        ? Buffer.from(encodeJson({ type: ev.type, object: ev.object }))
        : encodedOnce(ev.object, keys[ev.type], () => Buffer.from(encodeJson({ type: ev.type, object: orderObject(ev.object as KubeObject, { apiVersion, kind }) }))),
  };
}

/** Tables (kubectl get -w): the column definitions with the first row only. */
function tableEncoder(entry: ResourceEntry, output: Extract<Output, { kind: 'table' }>): EventEncoder {
  const apiVersion = apiVersionOf(entry.info);
  let headersSent = false;
  return {
    encode(ev) {
      if (ev.type === 'ERROR') return Buffer.from(encodeJson({ type: ev.type, object: ev.object }));
      const obj = orderObject(ev.object as KubeObject, { apiVersion, kind: entry.info.kind });
      const object = toTable(entry, [obj], { resourceVersion: obj.metadata?.resourceVersion ?? '' }, output, headersSent);
      headersSent = true;
      return Buffer.from(encodeJson({ type: ev.type, object }));
    },
  };
}

/** The keys of one format's encodings, by event type. */
function encodingKeys(format: string): Record<WatchEventType, string> {
  return { ADDED: `ADDED\0${format}`, MODIFIED: `MODIFIED\0${format}`, DELETED: `DELETED\0${format}`, BOOKMARK: `BOOKMARK\0${format}`, ERROR: `ERROR\0${format}` };
}

/**
 * The encodings of watch event objects, by object and by what the encoding depends on (event type,
 * format, the served version): an object the watch cache sends to many watchers is encoded once.
 * Weakly held, so an encoding lives no longer than the event's object.
 */
const encodings = new WeakMap<object, Map<string, Uint8Array>>();

function encodedOnce(object: unknown, key: string, encode: () => Uint8Array): Uint8Array {
  if (typeof object !== 'object' || object === null || !Object.isFrozen(object)) return encode();
  let byKey = encodings.get(object);
  if (!byKey) encodings.set(object, (byKey = new Map()));
  let out = byKey.get(key);
  if (out === undefined) byKey.set(key, (out = encode()));
  return out;
}

