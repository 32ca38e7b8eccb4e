// Behaviour of k3s-io/kine pkg/drivers/sqlite/sqlite.go (v0.13): the table of MVCC rows, opened for one process.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** Bumped when the tables change shape; a file of another version is refused. */
export const SCHEMA_VERSION = 1;

/**
 * `kv` holds one row per revision (id = revision), like kine: a put stores the key's new value, a
 * delete a tombstone (deleted = 1). `created` marks the first row of a key's life; `create_revision`
 * is the revision of that row; `prev_revision`, `old_value` and `old_lease` describe the row the
 * write replaced, so a watch can attach prevKv even after compaction removed that row.
 * `meta` holds the compaction state, `lease` the granted leases (expiry in epoch ms).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS kv (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  created INTEGER NOT NULL,
  deleted INTEGER NOT NULL,
  create_revision INTEGER NOT NULL,
  prev_revision INTEGER NOT NULL,
  lease INTEGER NOT NULL,
  value BLOB,
  old_value BLOB,
  old_lease INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS kv_name_id ON kv (name, id, deleted);
CREATE INDEX IF NOT EXISTS kv_lease ON kv (lease) WHERE lease <> 0;
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lease (id INTEGER PRIMARY KEY AUTOINCREMENT, ttl INTEGER NOT NULL, expiry INTEGER NOT NULL);
`;

/** Names of the `meta` rows. */
export const META = {
  schemaVersion: 'schema_version',
  /** Reads and watches below this revision fail with KvCompacted. */
  compactRevision: 'compact_revision',
  /** Superseded rows below this id have been removed (cleanup runs after compact_revision moves). */
  compactDone: 'compact_done',
} as const;

/** SQLite's `synchronous` settings kapi offers (see the package README, "Durability"). */
export type Synchronous = 'NORMAL' | 'FULL';

/**
 * Opens (and creates) the database at `path` for this process alone: WAL journal, exclusive
 * locking mode, the lock taken at once so a second process fails here with a clear error.
 */
export function openDatabase(path: string, lockTimeoutMs: number, synchronous: Synchronous = 'NORMAL'): Database.Database {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { timeout: lockTimeoutMs });
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    db.pragma('cache_size = -32000');
    // The first write transaction takes the exclusive lock, held until close().
    db.exec('BEGIN EXCLUSIVE');
    db.exec(SCHEMA);
    const version = db.prepare<[string], { value: number }>('SELECT value FROM meta WHERE name = ?').get(META.schemaVersion);
    if (version === undefined) {
      db.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run(META.schemaVersion, SCHEMA_VERSION);
    } else if (version.value !== SCHEMA_VERSION) {
      throw new Error(`kapi: ${path} has storage schema version ${version.value}; this kapi reads version ${SCHEMA_VERSION}`);
    }
    db.exec('COMMIT');
    return db;
  } catch (err) {
    try {
      if (db?.inTransaction) db.exec('ROLLBACK');
      db?.close();
    } catch {
      // The original error says more.
    }
    if ((err as { code?: unknown }).code === 'SQLITE_BUSY' || (err as { code?: unknown }).code === 'SQLITE_LOCKED') {
      throw new Error(`kapi: the data directory is in use by another kapi process (${path} is locked)`, { cause: err });
    }
    throw err;
  }
}
