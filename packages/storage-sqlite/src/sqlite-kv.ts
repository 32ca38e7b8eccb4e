// Behaviour of k3s-io/kine pkg/logstructured/sqllog/sql.go (v0.13) with etcd-io/etcd server/mvcc semantics (v3.5).
import type Database from 'better-sqlite3';
import {
  newKvCompactedError,
  prefixRangeEnd,
  type KeyValue,
  type KV,
  type KvEvent,
  type KvRangeOptions,
  type KvRangeResult,
  type KvWatch,
  type KvWatchHandlers,
  type KvWatchOptions,
  type KvWriteResult,
} from '@kapi/storage';
import { META, openDatabase } from './internal/schema.ts';
import { WatchHub } from './internal/watch-hub.ts';

/** Options of {@link createSqliteKv}. */
export interface SqliteKvOptions {
  /** The database file (created with its directory when missing), or ':memory:'. */
  readonly path: string;
  /** How often idle watches that asked for progress notifications get one; default 5000 ms. */
  readonly progressNotifyIntervalMs?: number;
  /** How long opening waits for another process to release the file; default 0 (fail at once). */
  readonly lockTimeoutMs?: number;
  /**
   * SQLite's `synchronous` setting. `NORMAL` (default): an acknowledged write survives a crash of
   * the process; an OS crash or power loss may lose the last ones. `FULL`: every commit is fsynced
   * before its writes are acknowledged, so they survive power loss too (as etcd's do), at the cost
   * of one fsync per group commit. See the package README, "Durability".
   */
  readonly synchronous?: 'NORMAL' | 'FULL';
}

/**
 * Opens the embedded KV: etcd's MVCC semantics over one SQLite file (see the package README for
 * durability). One process owns the file: a second open throws "data directory is in use".
 * A fresh store is at revision 1, like etcd; each successful write takes exactly the next revision.
 */
export function createSqliteKv(options: SqliteKvOptions): KV {
  return new SqliteKv(options);
}

/** A row of `kv` as the statements read it. */
interface Row {
  id: number;
  name: string;
  deleted: number;
  create_revision: number;
  prev_revision: number;
  lease: number;
  value: Uint8Array | null;
  old_value: Uint8Array | null;
  old_lease: number;
}

/** The columns a range reads. */
type KvRow = Pick<Row, 'id' | 'name' | 'create_revision' | 'lease' | 'value'>;

const EMPTY = new Uint8Array(0);
const COLUMNS = 'id, name, deleted, create_revision, prev_revision, lease, value, old_value, old_lease';
/** Rows the compaction removes per transaction before yielding to the event loop. */
const COMPACT_WINDOW = 10_000;
/** How many page counts a KV keeps (a few lists paging at once). */
const maxPageCounts = 64;
const pageCountKey = (rev: number, end: string, lo: string) => `${rev}\0${end}\0${lo}`;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2_147_483_647;

/** A plain Uint8Array over the same bytes (better-sqlite3 returns Buffers). */
const bytes = (v: Uint8Array | null): Uint8Array => (v === null ? EMPTY : new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
const cloneKv = (kv: KeyValue): KeyValue => ({ ...kv, value: new Uint8Array(kv.value) });
const copyEvent = (ev: KvEvent): KvEvent =>
  ev.prevKv === undefined ? { type: ev.type, kv: cloneKv(ev.kv) } : { type: ev.type, kv: cloneKv(ev.kv), prevKv: cloneKv(ev.prevKv) };
const rowKv = (r: KvRow): KeyValue => ({ key: r.name, value: bytes(r.value), createRevision: r.create_revision, modRevision: r.id, lease: r.lease });

function rowEvent(r: Row): KvEvent {
  const kv: KeyValue = r.deleted ? { key: r.name, value: EMPTY, createRevision: 0, modRevision: r.id, lease: 0 } : rowKv(r);
  if (r.prev_revision === 0) return { type: r.deleted ? 'delete' : 'put', kv };
  const prevKv: KeyValue = { key: r.name, value: bytes(r.old_value), createRevision: r.create_revision, modRevision: r.prev_revision, lease: r.old_lease };
  return { type: r.deleted ? 'delete' : 'put', kv, prevKv };
}

function closedError(): Error {
  return new Error('kv: the store is closed');
}

function futureError(requested: number, current: number): Error {
  return new Error(`mvcc: required revision ${requested} is a future revision (current ${current})`);
}

function prepareStatements(db: Database.Database) {
  // The newest row of each key at or below @rev: SQLite takes the bare column `deleted` from the
  // row holding MAX(id), and the (name, id, deleted) index covers the whole grouping.
  const latestIn = (bounds: string) =>
    `(SELECT name AS n, MAX(id) AS mid, deleted AS d FROM kv WHERE ${bounds} AND id <= @rev GROUP BY name ORDER BY name)`;
  const list = (bounds: string) =>
    `SELECT k.id, k.name, k.create_revision, k.lease, k.value FROM ${latestIn(bounds)} AS m CROSS JOIN kv AS k ON k.id = m.mid
     WHERE m.d = 0 ORDER BY m.n LIMIT @limit`;
  const count = (bounds: string) => `SELECT COUNT(*) AS n FROM ${latestIn(bounds)} WHERE d = 0`;
  const bounded = 'name >= @lo AND name < @hi';
  const from = 'name >= @lo';
  return {
    getAt: db.prepare<[string, number], Row>(`SELECT ${COLUMNS} FROM kv WHERE name = ? AND id <= ? ORDER BY id DESC LIMIT 1`),
    rangeBounded: db.prepare<{ lo: string; hi: string; rev: number; limit: number }, KvRow>(list(bounded)),
    rangeFrom: db.prepare<{ lo: string; rev: number; limit: number }, KvRow>(list(from)),
    countBounded: db.prepare<{ lo: string; hi: string; rev: number }, { n: number }>(count(bounded)),
    countFrom: db.prepare<{ lo: string; rev: number }, { n: number }>(count(from)),
    insert: db.prepare<[number, string, number, number, number, number, number, Uint8Array | null, Uint8Array | null, number]>(
      `INSERT INTO kv (id, name, created, deleted, create_revision, prev_revision, lease, value, old_value, old_lease)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    replayKey: db.prepare<[string, number, number], Row>(`SELECT ${COLUMNS} FROM kv WHERE name = ? AND id >= ? AND id <= ? ORDER BY id`),
    replayBounded: db.prepare<[number, number, string, string], Row>(
      `SELECT ${COLUMNS} FROM kv WHERE id >= ? AND id <= ? AND name >= ? AND name < ? ORDER BY id`,
    ),
    replayFrom: db.prepare<[number, number, string], Row>(`SELECT ${COLUMNS} FROM kv WHERE id >= ? AND id <= ? AND name >= ? ORDER BY id`),
    leasedKeys: db.prepare<[number], Row>(
      `SELECT ${COLUMNS} FROM kv AS k WHERE k.lease = ? AND k.lease <> 0 AND k.deleted = 0
         AND k.id = (SELECT MAX(m.id) FROM kv AS m WHERE m.name = k.name) ORDER BY k.name`,
    ),
    maxId: db.prepare<[], { id: number | null }>(`SELECT MAX(id) AS id FROM kv`),
    sequence: db.prepare<[], { seq: number }>(`SELECT seq FROM sqlite_sequence WHERE name = 'kv'`),
    getMeta: db.prepare<[string], { value: number }>(`SELECT value FROM meta WHERE name = ?`),
    setMeta: db.prepare<[string, number]>(`INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`),
    // Compaction of one window of ids: rows replaced by a write in the window, and deletes below the compaction point.
    dropReplaced: db.prepare<[number, number]>(`DELETE FROM kv WHERE id IN (SELECT prev_revision FROM kv WHERE id >= ? AND id < ? AND prev_revision > 0)`),
    dropTombstones: db.prepare<[number, number]>(`DELETE FROM kv WHERE id >= ? AND id < ? AND deleted = 1`),
    allLeases: db.prepare<[], { id: number; expiry: number }>(`SELECT id, expiry FROM lease`),
    insertLease: db.prepare<[number, number]>(`INSERT INTO lease (ttl, expiry) VALUES (?, ?)`),
    deleteLease: db.prepare<[number]>(`DELETE FROM lease WHERE id = ?`),
    begin: db.prepare('BEGIN'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
}

/** Writes that share one SQLite transaction; their callers hear back after its COMMIT. */
interface Batch {
  readonly revBefore: number;
  readonly waiters: { resolve: () => void; reject: (err: unknown) => void }[];
  /** The batch's events in revision order, broadcast (as copies) after COMMIT. */
  readonly events: KvEvent[];
  readonly onRollback: (() => void)[];
}

/**
 * Every write runs synchronously against the latest state (pending writes included) inside the
 * open batch transaction, which commits on the next turn of the event loop (group commit). A write
 * is acknowledged, and its events broadcast, only after that COMMIT. Reads and watches see only
 * committed revisions (`committedRev`), so nothing unacknowledged is ever visible.
 */
class SqliteKv implements KV {
  private readonly db: Database.Database;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly hub: WatchHub;
  private readonly leases = new Map<number, { expiry: number; timer: ReturnType<typeof setTimeout> | undefined }>();
  /** The revision of the newest written row, committed or not. */
  private rev: number;
  /** The revision of the newest committed row: what reads and watches see. */
  private committedRev: number;
  private compactRev: number;
  private batch: Batch | undefined;
  /** Counts of live keys in [lo, end) at a revision, of the pages after recent ranges (see rememberPageCount). */
  private readonly pageCounts = new Map<string, number>();
  private compaction: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: SqliteKvOptions) {
    this.db = openDatabase(options.path, options.lockTimeoutMs ?? 0, options.synchronous ?? 'NORMAL');
    this.stmts = prepareStatements(this.db);
    this.rev = Math.max(1, this.stmts.maxId.get()?.id ?? 0, this.stmts.sequence.get()?.seq ?? 0);
    this.committedRev = this.rev;
    this.compactRev = this.stmts.getMeta.get(META.compactRevision)?.value ?? 0;
    this.hub = new WatchHub(options.progressNotifyIntervalMs ?? 5000, () => this.committedRev);
    for (const { id, expiry } of this.stmts.allLeases.all()) this.scheduleLease(id, expiry);
    // Finish a compaction a crash interrupted.
    if ((this.stmts.getMeta.get(META.compactDone)?.value ?? 0) < this.compactRev) {
      this.compaction = this.cleanUp(this.compactRev).catch(() => undefined);
    }
  }

  async range(key: string, options: KvRangeOptions = {}): Promise<KvRangeResult> {
    const result = this.rangeNow(key, options);
    // A range of keys is read now but answered after the event loop turned, as an answer from etcd
    // arrives as I/O: a caller paging through a million keys (an informer, a reflector) otherwise
    // runs every page back to back in microtasks and holds every other request until it is done.
    if (options.end !== undefined && options.countOnly !== true) await new Promise<void>((resolve) => setImmediate(resolve));
    return result;
  }

  private rangeNow(key: string, options: KvRangeOptions): KvRangeResult {
    this.checkOpen();
    const rev = this.readRevision(options.revision ?? 0);
    const revision = this.committedRev;
    const limit = options.limit !== undefined && options.limit > 0 ? options.limit : 0;
    if (options.end === undefined) {
      const row = this.stmts.getAt.get(key, rev);
      const live = row !== undefined && row.deleted === 0;
      return { kvs: live && options.countOnly !== true ? [rowKv(row)] : [], more: false, count: live ? 1 : 0, revision };
    }
    const unbounded = options.end === '\0';
    const count = (): number =>
      this.pageCounts.get(pageCountKey(rev, options.end!, key)) ??
      (unbounded ? this.stmts.countFrom.get({ lo: key, rev }) : this.stmts.countBounded.get({ lo: key, hi: options.end!, rev }))?.n ??
      0;
    if (options.countOnly === true) return { kvs: [], more: false, count: count(), revision };
    const sqlLimit = limit > 0 ? limit + 1 : -1;
    const rows = unbounded
      ? this.stmts.rangeFrom.all({ lo: key, rev, limit: sqlLimit })
      : this.stmts.rangeBounded.all({ lo: key, hi: options.end, rev, limit: sqlLimit });
    const more = limit > 0 && rows.length > limit;
    if (!more) return { kvs: rows.map(rowKv), more, count: rows.length, revision };
    rows.length = limit;
    const total = count();
    this.rememberPageCount(pageCountKey(rev, options.end, `${rows[rows.length - 1]!.name}\0`), total - rows.length);
    return { kvs: rows.map(rowKv), more, count: total, revision };
  }

  /**
   * Keeps the count of the page after a range the limit cut short: a paged list reads every page at
   * one revision, where nothing changes, so the next page's count is this one's less its keys (a
   * count is a scan of the whole rest of the range: ~0.25 s per page of a million keys).
   */
  private rememberPageCount(key: string, count: number): void {
    this.pageCounts.set(key, count);
    if (this.pageCounts.size > maxPageCounts) this.pageCounts.delete(this.pageCounts.keys().next().value!);
  }

  create(key: string, value: Uint8Array, options: { lease?: number } = {}): Promise<KvWriteResult> {
    return this.write((batch) => {
      const lease = this.checkWrite(key, options.lease);
      const current = this.latest(key);
      if (current !== undefined) return { succeeded: false, revision: this.rev, kv: current };
      const kv = this.put(batch, key, value, lease, undefined);
      return { succeeded: true, revision: kv.modRevision, kv };
    });
  }

  update(key: string, value: Uint8Array, expectedModRevision: number, options: { lease?: number } = {}): Promise<KvWriteResult> {
    return this.write((batch) => {
      const lease = this.checkWrite(key, options.lease);
      const current = this.latest(key);
      if ((current?.modRevision ?? 0) !== expectedModRevision) {
        return current === undefined ? { succeeded: false, revision: this.rev } : { succeeded: false, revision: this.rev, kv: current };
      }
      const kv = this.put(batch, key, value, lease, current);
      return { succeeded: true, revision: kv.modRevision, kv };
    });
  }

  delete(key: string, expectedModRevision: number): Promise<KvWriteResult> {
    return this.write((batch) => {
      const current = this.latest(key);
      if (current === undefined) return { succeeded: false, revision: this.rev };
      if (current.modRevision !== expectedModRevision) return { succeeded: false, revision: this.rev, kv: current };
      this.remove(batch, key, current);
      return { succeeded: true, revision: this.rev, kv: current };
    });
  }

  watch(key: string, options: KvWatchOptions, handlers: KvWatchHandlers): KvWatch {
    const w = this.hub.newWatcher(key, options, handlers);
    if (this.closed) {
      w.fail(closedError());
      return w;
    }
    const committed = this.committedRev;
    const start = options.startRevision > 0 ? options.startRevision : committed + 1;
    if (start < this.compactRev) {
      w.fail(newKvCompactedError(start, this.compactRev));
      return w;
    }
    // Replay and registration in one synchronous step: the next broadcast is of revisions above
    // `committed`, so nothing is lost or delivered twice.
    if (start <= committed) {
      const end = prefixRangeEnd(key);
      const rows = !options.prefix
        ? this.stmts.replayKey.iterate(key, start, committed)
        : end === '\0'
          ? this.stmts.replayFrom.iterate(start, committed, key)
          : this.stmts.replayBounded.iterate(start, committed, key, end);
      for (const row of rows) w.push(rowEvent(row));
    }
    this.hub.register(w, start);
    return w;
  }

  // etcd's WatchProgressRequest, answered in process: the committed revision, queued behind the
  // events already broadcast to each watch (a batch still open is not committed, so not reported).
  async requestProgress(): Promise<void> {
    this.checkOpen();
    this.hub.requestProgress(this.committedRev);
  }

  async currentRevision(): Promise<number> {
    this.checkOpen();
    return this.committedRev;
  }

  /** The embedded store serves reads for as long as it is open. */
  async health(): Promise<void> {
    this.checkOpen();
  }

  async compact(revision: number): Promise<void> {
    this.checkOpen();
    if (revision <= this.compactRev) throw newKvCompactedError(revision, this.compactRev);
    if (revision > this.committedRev) throw futureError(revision, this.committedRev);
    // From here on reads and watches below `revision` fail; removing the rows can take its time.
    this.flush();
    this.stmts.setMeta.run(META.compactRevision, revision);
    this.compactRev = revision;
    const run = this.compaction.then(() => this.cleanUp(revision));
    this.compaction = run.catch(() => undefined);
    await run;
  }

  grantLease(ttlSeconds: number): Promise<number> {
    return this.write((batch) => {
      if (!Number.isFinite(ttlSeconds)) throw new Error(`kv: invalid lease TTL ${ttlSeconds}`);
      const ttl = Math.max(1, Math.ceil(ttlSeconds));
      const expiry = Date.now() + ttl * 1000;
      const id = Number(this.stmts.insertLease.run(ttl, expiry).lastInsertRowid);
      this.scheduleLease(id, expiry);
      batch.onRollback.push(() => {
        clearTimeout(this.leases.get(id)?.timer);
        this.leases.delete(id);
      });
      return id;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    for (const lease of this.leases.values()) clearTimeout(lease.timer);
    this.leases.clear();
    this.hub.close(closedError());
    await this.compaction;
    this.db.close();
  }

  private checkOpen(): void {
    if (this.closed) throw closedError();
  }

  private checkWrite(key: string, lease: number | undefined): number {
    if (key === '') throw new Error('kv: key is not provided');
    if (lease !== undefined && lease !== 0 && !this.leases.has(lease)) throw new Error(`kv: requested lease not found: ${lease}`);
    return lease ?? 0;
  }

  private readRevision(revision: number): number {
    if (revision <= 0) return this.committedRev;
    if (revision < this.compactRev) throw newKvCompactedError(revision, this.compactRev);
    if (revision > this.committedRev) throw futureError(revision, this.committedRev);
    return revision;
  }

  /**
   * Runs `fn` now, inside the open batch (opening one and scheduling its COMMIT when needed), and
   * settles with its result once the batch has committed. A throwing `fn` rejects at once; a
   * failing statement writes nothing, so the batch's other writes are unaffected.
   */
  private write<T>(fn: (batch: Batch) => T): Promise<T> {
    if (this.closed) return Promise.reject(closedError());
    let batch = this.batch;
    if (batch === undefined) {
      this.stmts.begin.run();
      batch = { revBefore: this.rev, waiters: [], events: [], onRollback: [] };
      this.batch = batch;
      setImmediate(() => this.flush());
    }
    let result: T;
    try {
      result = fn(batch);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<T>((resolve, reject) => batch.waiters.push({ resolve: () => resolve(result), reject }));
  }

  /** Commits the open batch, if any, then broadcasts its events and acknowledges its writes. */
  private flush(): void {
    const batch = this.batch;
    if (batch === undefined) return;
    this.batch = undefined;
    try {
      this.stmts.commit.run();
    } catch (err) {
      try {
        if (this.db.inTransaction) this.stmts.rollback.run();
      } catch {
        // The commit's error says more.
      }
      this.rev = batch.revBefore;
      for (const undo of batch.onRollback) undo();
      for (const w of batch.waiters) w.reject(err);
      return;
    }
    this.committedRev = this.rev;
    // Copies, so a caller changing the value it got back cannot change what watchers see.
    if (this.hub.size > 0) for (const ev of batch.events) this.hub.broadcast(copyEvent(ev));
    for (const w of batch.waiters) w.resolve();
  }

  /** The key's live value including pending writes, undefined when absent. */
  private latest(key: string): KeyValue | undefined {
    const row = this.stmts.getAt.get(key, this.rev);
    return row === undefined || row.deleted !== 0 ? undefined : rowKv(row);
  }

  /** Writes the next revision of `key`; `prev` is its live value, undefined for a create. */
  private put(batch: Batch, key: string, value: Uint8Array, lease: number, prev: KeyValue | undefined): KeyValue {
    const rev = this.rev + 1;
    const createRevision = prev?.createRevision ?? rev;
    this.stmts.insert.run(rev, key, prev === undefined ? 1 : 0, 0, createRevision, prev?.modRevision ?? 0, lease, value, prev?.value ?? null, prev?.lease ?? 0);
    this.rev = rev;
    const kv: KeyValue = { key, value: new Uint8Array(value), createRevision, modRevision: rev, lease };
    batch.events.push(prev === undefined ? { type: 'put', kv } : { type: 'put', kv, prevKv: prev });
    return kv;
  }

  /** Writes a tombstone for `key` at the next revision; `prev` is its live value. */
  private remove(batch: Batch, key: string, prev: KeyValue): void {
    const rev = this.rev + 1;
    this.stmts.insert.run(rev, key, 0, 1, prev.createRevision, prev.modRevision, 0, null, prev.value, prev.lease);
    this.rev = rev;
    batch.events.push({ type: 'delete', kv: { key, value: EMPTY, createRevision: 0, modRevision: rev, lease: 0 }, prevKv: prev });
  }

  /** Removes superseded rows below `revision` in windows of ids, yielding between them. */
  private async cleanUp(revision: number): Promise<void> {
    let lo = this.stmts.getMeta.get(META.compactDone)?.value ?? 0;
    while (!this.closed && lo < revision) {
      const hi = Math.min(lo + COMPACT_WINDOW, revision);
      this.flush();
      this.db.transaction(() => {
        // A write at `revision` itself replaces its predecessor too: include it.
        this.stmts.dropReplaced.run(lo, hi === revision ? revision + 1 : hi);
        this.stmts.dropTombstones.run(lo, hi);
        this.stmts.setMeta.run(META.compactDone, hi);
      })();
      lo = hi;
      if (lo < revision) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private scheduleLease(id: number, expiry: number): void {
    const delay = Math.min(Math.max(0, expiry - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      if (Date.now() < expiry) this.scheduleLease(id, expiry);
      else this.expireLease(id);
    }, delay);
    timer.unref?.();
    this.leases.set(id, { expiry, timer });
  }

  /** Deletes every key attached to the lease (one revision each, one savepoint), then the lease. */
  private expireLease(id: number): void {
    if (this.closed || !this.leases.has(id)) return;
    this.write((batch) => {
      const revBefore = this.rev;
      const events: KvEvent[] = [];
      try {
        this.db.transaction(() => {
          for (const row of this.stmts.leasedKeys.all(id)) {
            const prev = rowKv(row);
            const rev = this.rev + 1;
            this.stmts.insert.run(rev, prev.key, 0, 1, prev.createRevision, prev.modRevision, 0, null, prev.value, prev.lease);
            this.rev = rev;
            events.push({ type: 'delete', kv: { key: prev.key, value: EMPTY, createRevision: 0, modRevision: rev, lease: 0 }, prevKv: prev });
          }
          this.stmts.deleteLease.run(id);
        })();
      } catch (err) {
        this.rev = revBefore;
        throw err;
      }
      this.leases.delete(id);
      batch.events.push(...events);
    }).catch(() => {
      // Nothing was written (the disk may be full): try again shortly.
      if (!this.closed) this.scheduleLease(id, Date.now() + 1000);
    });
  }
}
