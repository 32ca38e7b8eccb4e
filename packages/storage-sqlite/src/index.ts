/**
 * @kapi/storage-sqlite — the embedded KV: etcd's MVCC semantics (revisions, reads at past
 * revisions, compaction, watches from a revision with prevKv, leases) over one SQLite file, with
 * rows like kine's and an in-process watch (the writer broadcasts committed events; no polling).
 * It implements the KV port of `@kapi/storage` and passes its KV conformance suite.
 */
export { createSqliteKv, type SqliteKvOptions } from './sqlite-kv.ts';
