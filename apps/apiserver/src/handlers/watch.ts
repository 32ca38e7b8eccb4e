// Behaviour of k8s.io/apiserver/pkg/endpoints/handlers/watch.go (v1.33): a watch as a chunked stream
// of newline-delimited JSON events, ended by the timeout, the client, or an ERROR event.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeWatchEventProto, frameLengthDelimited, orderObject, type KubeObject, type Watcher } from '@kapi/apimachinery';
import { apiVersionOf, type ResourceEntry } from '@kapi/registry';
import type { Output } from '../output.ts';
import { toTable } from '../output.ts';
import { encodeProtobufBody } from '../protobuf-output.ts';
import { encodeJson } from '../responses.ts';
import { setLongTimeout } from '../filters.ts';

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

export async function serveWatch(
  req: IncomingMessage,
  res: ServerResponse,
  entry: ResourceEntry,
  watcher: Watcher,
  output: Output,
  timeoutSeconds: number | undefined,
): Promise<void> {
  res.writeHead(200, {
    'Content-Type': output.contentType,
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);
  const cancelTimer = setLongTimeout(() => watcher.stop(), watchTimeoutMs(timeoutSeconds));
  const onClose = () => watcher.stop();
  res.on('close', onClose);
  const apiVersion = apiVersionOf(entry.info);
  let headersSent = false;
  try {
    for await (const ev of watcher) {
      let object: unknown = ev.object;
      if (output.kind === 'protobuf') {
        // Frames of a 4-byte length and a raw WatchEvent whose object is the enveloped object.
        const frame = encodedOnce(ev.object, `pb\0${ev.type}\0${entry.definition.group}/${entry.definition.version}/${entry.definition.kind}`, () => {
          const obj = ev.type === 'ERROR' ? { kind: 'Status', apiVersion: 'v1', ...(ev.object as object) } : (ev.object as KubeObject);
          return frameLengthDelimited(encodeWatchEventProto(ev.type, encodeProtobufBody(entry.definition, obj as KubeObject)));
        });
        if (!res.write(frame)) await drained(res);
        if (res.destroyed) break;
        continue;
      }
      if (ev.type !== 'ERROR' && output.kind !== 'table') {
        // Every watcher of the resource gets the same event object from the watch cache: it is
        // encoded once for all of them (kube's cachingObject).
        const line = encodedOnce(ev.object, `json\0${ev.type}\0${apiVersion}\0${entry.info.kind}`, () =>
          encodeJson({ type: ev.type, object: orderObject(ev.object as KubeObject, { apiVersion, kind: entry.info.kind }) }),
        );
        if (!res.write(line)) await drained(res);
        if (res.destroyed) break;
        continue;
      }
      if (ev.type !== 'ERROR') {
        const obj = orderObject(ev.object as KubeObject, { apiVersion, kind: entry.info.kind });
        object = obj;
        if (output.kind === 'table') {
          object = toTable(entry, [obj], { resourceVersion: obj.metadata?.resourceVersion ?? '' }, output, headersSent);
          headersSent = true;
        }
      }
      if (!res.write(encodeJson({ type: ev.type, object }))) await drained(res);
      if (res.destroyed) break;
    }
  } finally {
    cancelTimer();
    res.off('close', onClose);
    watcher.stop();
    if (!res.destroyed) res.end();
  }
}

/**
 * The encodings of watch event objects, by object and by what the encoding depends on (event type,
 * format, the served version): an object the watch cache sends to many watchers is encoded once.
 * Weakly held, so an encoding lives no longer than the event's object.
 */
const encodings = new WeakMap<object, Map<string, string | Uint8Array>>();

function encodedOnce<T extends string | Uint8Array>(object: unknown, key: string, encode: () => T): T {
  if (typeof object !== 'object' || object === null || !Object.isFrozen(object)) return encode();
  let byKey = encodings.get(object);
  if (!byKey) encodings.set(object, (byKey = new Map()));
  let out = byKey.get(key) as T | undefined;
  if (out === undefined) byKey.set(key, (out = encode()));
  return out;
}

/** Resolves when the response can take more (or is gone). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
