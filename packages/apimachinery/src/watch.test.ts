// The watch channel: ordered delivery, draining close, idempotent stop.
import { describe, expect, it, vi } from 'vitest';
import { createWatchChannel, type WatchEvent, type Watcher } from './watch.ts';

const added = (name: string): WatchEvent => ({ type: 'ADDED', object: { metadata: { name } } });
const names = (events: WatchEvent[]) => events.map((e) => (e.object as { metadata: { name: string } }).metadata.name);

async function drain(watcher: Watcher): Promise<WatchEvent[]> {
  const out: WatchEvent[] = [];
  for await (const ev of watcher) out.push(ev);
  return out;
}

describe('createWatchChannel', () => {
  it('delivers events in the order they were sent, before and while the consumer waits', async () => {
    const { watcher, sink } = createWatchChannel();
    sink.send(added('a'));
    sink.send(added('b'));
    const it = watcher[Symbol.asyncIterator]();
    expect(names([(await it.next()).value, (await it.next()).value])).toEqual(['a', 'b']);
    const pending = it.next();
    sink.send(added('c'));
    sink.send(added('d'));
    expect(names([(await pending).value, (await it.next()).value])).toEqual(['c', 'd']);
  });

  it('keeps the order across many events', async () => {
    const { watcher, sink } = createWatchChannel();
    const want = Array.from({ length: 5000 }, (_, i) => `o${i}`);
    const consumed = drain(watcher);
    for (const [i, n] of want.entries()) {
      sink.send(added(n));
      if (i % 97 === 0) await Promise.resolve();
    }
    sink.close();
    expect(names(await consumed)).toEqual(want);
  });

  it('close() lets the queued events drain, then ends the iteration', async () => {
    const onStop = vi.fn();
    const { watcher, sink } = createWatchChannel(onStop);
    sink.send(added('a'));
    sink.send(added('b'));
    sink.close();
    expect(sink.isClosed).toBe(true);
    expect(names(await drain(watcher))).toEqual(['a', 'b']);
    await watcher.closed;
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('close() wakes a consumer waiting for the next event', async () => {
    const { watcher, sink } = createWatchChannel();
    const it = watcher[Symbol.asyncIterator]();
    const pending = it.next();
    sink.close();
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('send() after close() returns false and delivers nothing', async () => {
    const { watcher, sink } = createWatchChannel();
    expect(sink.send(added('a'))).toBe(true);
    sink.close();
    expect(sink.send(added('late'))).toBe(false);
    expect(names(await drain(watcher))).toEqual(['a']);
  });

  it('stop() ends the iteration at once, dropping queued events, and calls onStop once', async () => {
    const onStop = vi.fn();
    const { watcher, sink } = createWatchChannel(onStop);
    sink.send(added('a'));
    sink.send(added('b'));
    const it = watcher[Symbol.asyncIterator]();
    expect(names([(await it.next()).value])).toEqual(['a']);
    watcher.stop();
    watcher.stop();
    sink.close();
    expect(await it.next()).toEqual({ value: undefined, done: true });
    expect(sink.send(added('c'))).toBe(false);
    expect(sink.isClosed).toBe(true);
    await watcher.closed;
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('stop() wakes a consumer waiting for the next event', async () => {
    const { watcher } = createWatchChannel();
    const pending = watcher[Symbol.asyncIterator]().next();
    watcher.stop();
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('breaking out of for-await stops the channel and releases the producer', async () => {
    const onStop = vi.fn();
    const { watcher, sink } = createWatchChannel(onStop);
    sink.send(added('a'));
    sink.send(added('b'));
    for await (const ev of watcher) {
      expect(names([ev])).toEqual(['a']);
      break;
    }
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(sink.send(added('c'))).toBe(false);
    await watcher.closed;
  });

  it('calls onStop once when the producer closes and the consumer stops too', () => {
    const onStop = vi.fn();
    const { watcher, sink } = createWatchChannel(onStop);
    sink.close();
    sink.close();
    watcher.stop();
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('carries ERROR events with a Status', async () => {
    const { watcher, sink } = createWatchChannel();
    const status = { kind: 'Status' as const, apiVersion: 'v1' as const, metadata: {}, status: 'Failure' as const, message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 };
    sink.send({ type: 'ERROR', object: status });
    sink.close();
    expect(await drain(watcher)).toEqual([{ type: 'ERROR', object: status }]);
  });
});
