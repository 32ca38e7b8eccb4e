// Behaviour of etcd-io/etcd server/mvcc kvstore.go + watchable_store.go (v3.5): an in-memory KV for tests of upper layers.
import {
  newKvCompactedError,
  type KeyValue,
  type KV,
  type KvEvent,
  type KvRangeOptions,
  type KvRangeResult,
  type KvWatch,
  type KvWatchHandlers,
  type KvWatchOptions,
  type KvWriteResult,
} from '../kv.ts';

/** Options of {@link createMemoryKv}. */
export interface MemoryKvOptions {
  /** How often idle watches that asked for progress notifications get one; default 5000 ms. */
  readonly progressNotifyIntervalMs?: number;
}

/**
 * An in-memory MVCC KV with etcd's semantics, for fast tests of the layers above the KV port: one
 * history row per revision, reads at past revisions, compaction, in-process watches that replay
 * from any retained revision, leases that expire on (unref'd) timers. A fresh store is at revision
 * 1, like etcd; every write takes the next revision. Keys compare as JS strings (UTF-16 code
 * units), which is byte order for the ASCII keys kube writes. Nothing is persisted.
 */
export function createMemoryKv(options: MemoryKvOptions = {}): KV {
  return new MemoryKv(options.progressNotifyIntervalMs ?? 5000);
}

/** One write: the key's value after it (absent for a delete) and before it. */
interface Row {
  readonly rev: number;
  readonly key: string;
  readonly kv: KeyValue | undefined;
  readonly prev: KeyValue | undefined;
}

interface Lease {
  readonly id: number;
  readonly keys: Set<string>;
  timer: ReturnType<typeof setTimeout>;
}

const EMPTY = new Uint8Array(0);
const MAX_BATCH = 1000;

// `new Uint8Array(x)` copies; `slice()` on a Buffer would not.
const copyKv = (kv: KeyValue): KeyValue => ({ ...kv, value: new Uint8Array(kv.value) });

function closedError(): Error {
  return new Error('kv: the store is closed');
}

/** First index in the sorted `keys` whose key is >= `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

class MemoryKv implements KV {
  private rev = 1;
  private compactRev = 0;
  private closed = false;
  /** Rows of each key, oldest first. */
  private readonly histories = new Map<string, Row[]>();
  /** Every key with a history, sorted. */
  private keys: string[] = [];
  /** Every retained row, in revision order (for watch replay). */
  private log: Row[] = [];
  private readonly leases = new Map<number, Lease>();
  private nextLease = 1;
  private readonly watchers = new Set<MemoryWatcher>();
  private progressTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly progressIntervalMs: number) {}

  async range(key: string, options: KvRangeOptions = {}): Promise<KvRangeResult> {
    this.checkOpen();
    const at = this.readRevision(options.revision ?? 0);
    const limit = options.limit ?? 0;
    const countOnly = options.countOnly === true;
    const kvs: KeyValue[] = [];
    let count = 0;
    const visit = (k: string) => {
      const kv = this.visibleAt(k, at);
      if (kv === undefined) return;
      count++;
      if (!countOnly && (limit <= 0 || kvs.length < limit)) kvs.push(copyKv(kv));
    };
    if (options.end === undefined) {
      visit(key);
    } else {
      const unbounded = options.end === '\0';
      for (let i = lowerBound(this.keys, key); i < this.keys.length; i++) {
        const k = this.keys[i]!;
        if (!unbounded && k >= options.end) break;
        visit(k);
      }
    }
    return { kvs, more: !countOnly && limit > 0 && count > limit, count, revision: this.rev };
  }

  async create(key: string, value: Uint8Array, options: { lease?: number } = {}): Promise<KvWriteResult> {
    this.checkOpen();
    const lease = this.checkLease(key, options.lease ?? 0);
    const current = this.latest(key);
    if (current !== undefined) return { succeeded: false, revision: this.rev, kv: copyKv(current) };
    return { succeeded: true, revision: this.rev + 1, kv: copyKv(this.put(key, value, lease, undefined)) };
  }

  async update(key: string, value: Uint8Array, expectedModRevision: number, options: { lease?: number } = {}): Promise<KvWriteResult> {
    this.checkOpen();
    const lease = this.checkLease(key, options.lease ?? 0);
    const current = this.latest(key);
    if ((current?.modRevision ?? 0) !== expectedModRevision) {
      return current === undefined ? { succeeded: false, revision: this.rev } : { succeeded: false, revision: this.rev, kv: copyKv(current) };
    }
    return { succeeded: true, revision: this.rev + 1, kv: copyKv(this.put(key, value, lease, current)) };
  }

  async delete(key: string, expectedModRevision: number): Promise<KvWriteResult> {
    this.checkOpen();
    const current = this.latest(key);
    if (current === undefined) return { succeeded: false, revision: this.rev };
    if (current.modRevision !== expectedModRevision) return { succeeded: false, revision: this.rev, kv: copyKv(current) };
    this.remove(key, current);
    return { succeeded: true, revision: this.rev, kv: copyKv(current) };
  }

  watch(key: string, options: KvWatchOptions, handlers: KvWatchHandlers): KvWatch {
    const w = new MemoryWatcher(this.watchers, key, options, handlers);
    if (this.closed) {
      w.fail(closedError());
      return w;
    }
    const start = options.startRevision > 0 ? options.startRevision : this.rev + 1;
    if (start < this.compactRev) {
      w.fail(newKvCompactedError(start, this.compactRev));
      return w;
    }
    // Replay and registration happen in one synchronous step: no write can fall between them.
    let i = this.log.length;
    while (i > 0 && this.log[i - 1]!.rev >= start) i--;
    for (; i < this.log.length; i++) {
      const row = this.log[i]!;
      if (w.matches(row.key)) w.push(toEvent(row));
    }
    w.startRevision = start;
    this.watchers.add(w);
    if (options.progressNotify === true) this.startProgress();
    return w;
  }

  // etcd's WatchProgressRequest: every watch queues a notification at the current revision behind
  // the events it has queued, so it arrives after them.
  async requestProgress(): Promise<void> {
    this.checkOpen();
    for (const w of this.watchers) w.requestedProgress(this.rev);
  }

  async currentRevision(): Promise<number> {
    this.checkOpen();
    return this.rev;
  }

  async compact(revision: number): Promise<void> {
    this.checkOpen();
    if (revision <= this.compactRev) throw newKvCompactedError(revision, this.compactRev);
    if (revision > this.rev) throw futureError(revision, this.rev);
    this.compactRev = revision;
    const dropped = new Set<Row>();
    const keep: string[] = [];
    for (const key of this.keys) {
      const rows = this.histories.get(key)!;
      // The newest row at or below the compaction point stays (state at `revision` is readable),
      // unless it is a delete below that point; a delete at exactly it stays watchable.
      let idx = -1;
      for (let j = rows.length - 1; j >= 0; j--) {
        if (rows[j]!.rev <= revision) {
          idx = j;
          break;
        }
      }
      let cut = idx;
      if (idx >= 0 && rows[idx]!.kv === undefined && rows[idx]!.rev < revision) cut = idx + 1;
      for (let j = 0; j < cut; j++) dropped.add(rows[j]!);
      if (cut > 0) rows.splice(0, cut);
      if (rows.length === 0) this.histories.delete(key);
      else keep.push(key);
    }
    this.keys = keep;
    if (dropped.size > 0) this.log = this.log.filter((r) => !dropped.has(r));
  }

  async grantLease(ttlSeconds: number): Promise<number> {
    this.checkOpen();
    if (!Number.isFinite(ttlSeconds)) throw new Error(`kv: invalid lease TTL ${ttlSeconds}`);
    const id = this.nextLease++;
    const lease: Lease = { id, keys: new Set(), timer: setTimeout(() => this.expire(id), Math.max(1, ttlSeconds) * 1000) };
    lease.timer.unref?.();
    this.leases.set(id, lease);
    return id;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const lease of this.leases.values()) clearTimeout(lease.timer);
    this.leases.clear();
    if (this.progressTimer !== undefined) clearInterval(this.progressTimer);
    for (const w of [...this.watchers]) w.fail(closedError());
  }

  private checkOpen(): void {
    if (this.closed) throw closedError();
  }

  private readRevision(revision: number): number {
    if (revision <= 0) return this.rev;
    if (revision < this.compactRev) throw newKvCompactedError(revision, this.compactRev);
    if (revision > this.rev) throw futureError(revision, this.rev);
    return revision;
  }

  private checkLease(key: string, lease: number): number {
    if (key === '') throw new Error('kv: key is not provided');
    if (lease !== 0 && !this.leases.has(lease)) throw new Error(`kv: requested lease not found: ${lease}`);
    return lease;
  }

  private latest(key: string): KeyValue | undefined {
    const rows = this.histories.get(key);
    return rows?.[rows.length - 1]?.kv;
  }

  private visibleAt(key: string, revision: number): KeyValue | undefined {
    const rows = this.histories.get(key);
    if (rows === undefined) return undefined;
    for (let j = rows.length - 1; j >= 0; j--) {
      if (rows[j]!.rev <= revision) return rows[j]!.kv;
    }
    return undefined;
  }

  private put(key: string, value: Uint8Array, lease: number, prev: KeyValue | undefined): KeyValue {
    const rev = this.rev + 1;
    const kv: KeyValue = { key, value: new Uint8Array(value), createRevision: prev?.createRevision ?? rev, modRevision: rev, lease };
    if (prev !== undefined && prev.lease !== 0 && prev.lease !== lease) this.leases.get(prev.lease)?.keys.delete(key);
    if (lease !== 0) this.leases.get(lease)!.keys.add(key);
    this.append({ rev, key, kv, prev });
    return kv;
  }

  private remove(key: string, prev: KeyValue): void {
    if (prev.lease !== 0) this.leases.get(prev.lease)?.keys.delete(key);
    this.append({ rev: this.rev + 1, key, kv: undefined, prev });
  }

  private append(row: Row): void {
    let rows = this.histories.get(row.key);
    if (rows === undefined) {
      rows = [];
      this.histories.set(row.key, rows);
      this.keys.splice(lowerBound(this.keys, row.key), 0, row.key);
    }
    rows.push(row);
    this.log.push(row);
    this.rev = row.rev;
    if (this.watchers.size === 0) return;
    const ev = toEvent(row);
    for (const w of this.watchers) if (w.matches(row.key) && row.rev >= w.startRevision) w.push(ev);
  }

  private expire(id: number): void {
    const lease = this.leases.get(id);
    if (lease === undefined || this.closed) return;
    this.leases.delete(id);
    for (const key of [...lease.keys].sort()) {
      const current = this.latest(key);
      if (current !== undefined && current.lease === id) this.remove(key, current);
    }
  }

  private startProgress(): void {
    if (this.progressTimer !== undefined) return;
    this.progressTimer = setInterval(() => {
      for (const w of this.watchers) w.tick(this.rev);
    }, this.progressIntervalMs);
    this.progressTimer.unref?.();
  }
}

function futureError(requested: number, current: number): Error {
  return new Error(`mvcc: required revision ${requested} is a future revision (current ${current})`);
}

function toEvent(row: Row): KvEvent {
  if (row.kv !== undefined) {
    const kv = copyKv(row.kv);
    return row.prev === undefined ? { type: 'put', kv } : { type: 'put', kv, prevKv: copyKv(row.prev) };
  }
  const kv: KeyValue = { key: row.key, value: EMPTY, createRevision: 0, modRevision: row.rev, lease: 0 };
  return row.prev === undefined ? { type: 'delete', kv } : { type: 'delete', kv, prevKv: copyKv(row.prev) };
}

type Entry = KvEvent | { readonly progress: number };

/** One watch: a queue of events delivered asynchronously, in order, in batches. */
class MemoryWatcher implements KvWatch {
  startRevision = 0;
  private queue: Entry[] = [];
  private scheduled = false;
  private done = false;
  private error: Error | undefined;
  private busySinceTick = false;

  constructor(
    private readonly registry: Set<MemoryWatcher>,
    private readonly key: string,
    private readonly options: KvWatchOptions,
    private readonly handlers: KvWatchHandlers,
  ) {}

  matches(key: string): boolean {
    return this.options.prefix ? key.startsWith(this.key) : key === this.key;
  }

  push(ev: KvEvent): void {
    if (this.done) return;
    this.queue.push(this.options.prevKv || ev.prevKv === undefined ? ev : { type: ev.type, kv: ev.kv });
    this.busySinceTick = true;
    this.schedule();
  }

  /** A progress notification when the watch has been idle since the last tick. */
  tick(revision: number): void {
    if (this.options.progressNotify !== true || this.done) return;
    if (!this.busySinceTick && revision >= this.startRevision - 1) {
      this.queue.push({ progress: revision });
      this.schedule();
    }
    this.busySinceTick = false;
  }

  /** A requested progress notification, whether or not the watch asked for periodic ones. */
  requestedProgress(revision: number): void {
    if (this.done || this.error !== undefined || revision < this.startRevision - 1) return;
    this.queue.push({ progress: revision });
    this.schedule();
  }

  /** Ends the watch with `err` after the events already queued. */
  fail(err: Error): void {
    if (this.done || this.error !== undefined) return;
    this.registry.delete(this);
    this.error = err;
    this.schedule();
  }

  cancel(): void {
    this.done = true;
    this.queue = [];
    this.registry.delete(this);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    try {
      while (!this.done && this.queue.length > 0) {
        const q = this.queue;
        this.queue = [];
        let i = 0;
        while (i < q.length && !this.done) {
          const head = q[i]!;
          if ('progress' in head) {
            this.handlers.onProgress?.(head.progress);
            i++;
            continue;
          }
          let j = i;
          while (j < q.length && j - i < MAX_BATCH && !('progress' in q[j]!)) j++;
          this.handlers.onEvents(q.slice(i, j) as KvEvent[]);
          i = j;
        }
      }
    } catch (err) {
      // A throwing handler ends its watch; the error goes to onError.
      this.queue = [];
      this.error = err instanceof Error ? err : new Error(String(err));
    }
    if (!this.done && this.error !== undefined) {
      this.done = true;
      this.registry.delete(this);
      try {
        this.handlers.onError(this.error);
      } catch {
        // Nothing is left to tell.
      }
    }
  }
}
