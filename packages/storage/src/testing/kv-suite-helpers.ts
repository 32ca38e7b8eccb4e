// Helpers of the KV conformance suite: byte conversions and a watch collector that checks order.
import type { KV, KvEvent, KvWatchOptions } from '../kv.ts';

const enc = new TextEncoder();
export const dec = new TextDecoder();
export const b = (s: string): Uint8Array => enc.encode(s);
export const str = (v: Uint8Array | undefined): string | undefined => (v === undefined ? undefined : dec.decode(v));
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `cond` until it holds or `timeoutMs` passes; fails the test with `what` otherwise. */
export async function eventually(cond: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** A watch that records what it is told and checks the port's delivery contract as it goes. */
export function collect(kv: KV, key: string, options: Partial<KvWatchOptions> = {}) {
  const events: KvEvent[] = [];
  const errors: Error[] = [];
  const progress: number[] = [];
  /** For each progress notification, how many events had been delivered before it. */
  const progressAfter: number[] = [];
  const violations: string[] = [];
  let last = 0;
  let progressed = 0;
  const watch = kv.watch(
    key,
    { prefix: false, startRevision: 0, prevKv: false, ...options },
    {
      onEvents(batch) {
        if (batch.length === 0) violations.push('empty batch');
        if (errors.length > 0) violations.push('events after onError');
        for (const ev of batch) {
          if (ev.kv.modRevision <= last) violations.push(`revision ${ev.kv.modRevision} after ${last}`);
          // A progress notification at R promises that every event up to R was delivered.
          if (ev.kv.modRevision <= progressed) violations.push(`event at ${ev.kv.modRevision} after progress at ${progressed}`);
          last = ev.kv.modRevision;
          events.push(ev);
        }
      },
      onProgress(revision) {
        if (errors.length > 0) violations.push('progress after onError');
        progress.push(revision);
        progressAfter.push(events.length);
        progressed = Math.max(progressed, revision);
      },
      onError(err) {
        if (errors.length > 0) violations.push('second onError');
        errors.push(err);
      },
    },
  );
  return {
    events,
    errors,
    progress,
    progressAfter,
    violations,
    cancel: () => watch.cancel(),
    /** Waits for at least `n` events, then a little longer so duplicates would show. */
    async waitFor(n: number, timeoutMs = 5000) {
      await eventually(() => events.length >= n || errors.length > 0, `${n} watch events`, timeoutMs);
      await sleep(50);
      return events;
    },
  };
}

/** Compact view of an event for equality checks. */
export const view = (ev: KvEvent) => ({
  type: ev.type,
  key: ev.kv.key,
  value: ev.type === 'put' ? str(ev.kv.value) : '',
  rev: ev.kv.modRevision,
});

/** Registers the KV conformance cases for `harness`. */

/** How the KV conformance suite gets a store to test. */
export interface KvHarness {
  /** Shown in the describe block's title. */
  name: string;
  /**
   * A KV for one test; the suite closes it after the test. It may share its keyspace with other
   * tests (a shared etcd): every test writes under its own random prefix and asserts revisions
   * relative to its own writes.
   */
  newKv(): Promise<KV>;
  /**
   * True when nothing but the running test writes to the store (an in-process KV). Enables the
   * exact checks that a write takes the next revision (no gaps) and a failed write takes none.
   */
  exclusive?: boolean;
  /**
   * True for an etcd without etcd-io/etcd#18274 (such as Debian's 3.4.23): its compaction drops a
   * delete at exactly the compacted revision, so a watch from that revision misses the event.
   */
  losesTombstoneAtCompactRevision?: boolean;
  /**
   * False for a KV without the optional `requestProgress` (etcd's WatchProgressRequest): the suite
   * then asserts that it is absent instead of how it answers. Default true.
   */
  progressRequests?: boolean;
}
