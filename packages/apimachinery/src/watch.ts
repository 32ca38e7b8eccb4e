// Behaviour of k8s.io/apimachinery/pkg/watch/watch.go (v1.33): the watch event stream.
import type { KubeObject, Status } from './meta.ts';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** One event of a watch; ERROR events carry a Status. */
export interface WatchEvent<T = KubeObject> {
  type: WatchEventType;
  object: T | Status;
}

/**
 * A stream of watch events. Iterate it with `for await`; the iteration ends when the producer
 * closes the stream or the consumer calls stop(). stop() is idempotent and releases the producer.
 */
export interface Watcher<T = KubeObject> extends AsyncIterable<WatchEvent<T>> {
  stop(): void;
  /** Resolves once the stream is stopped or closed. */
  readonly closed: Promise<void>;
}

/** The producing side of a watch channel. */
export interface WatchSink<T = KubeObject> {
  /** Queues an event; returns false once the channel is closed. */
  send(event: WatchEvent<T>): boolean;
  /** Ends the stream after the queued events have been read. */
  close(): void;
  readonly isClosed: boolean;
}

/**
 * A buffered channel of watch events with one consumer. `onStop` runs once, when either side
 * closes it, so the producer can release its subscription.
 */
export function createWatchChannel<T = KubeObject>(onStop?: () => void): { watcher: Watcher<T>; sink: WatchSink<T> } {
  const queue: WatchEvent<T>[] = [];
  let head = 0;
  let closed = false;
  let wake: (() => void) | undefined;
  let resolveClosed!: () => void;
  const closedPromise = new Promise<void>((r) => (resolveClosed = r));

  const finish = () => {
    if (closed) return;
    closed = true;
    resolveClosed();
    wake?.();
    onStop?.();
  };

  const sink: WatchSink<T> = {
    send(event) {
      if (closed) return false;
      queue.push(event);
      wake?.();
      return true;
    },
    close: finish,
    get isClosed() {
      return closed;
    },
  };

  const watcher: Watcher<T> = {
    stop() {
      finish();
      queue.length = 0;
      head = 0;
    },
    closed: closedPromise,
    [Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
      return {
        async next(): Promise<IteratorResult<WatchEvent<T>>> {
          for (;;) {
            if (head < queue.length) {
              const value = queue[head++]!;
              if (head > 1024 && head * 2 > queue.length) {
                queue.splice(0, head);
                head = 0;
              }
              return { value, done: false };
            }
            if (closed) return { value: undefined, done: true };
            await new Promise<void>((r) => (wake = r));
            wake = undefined;
          }
        },
        async return(): Promise<IteratorResult<WatchEvent<T>>> {
          watcher.stop();
          return { value: undefined, done: true };
        },
      };
    },
  };
  return { watcher, sink };
}
