/**
 * @kapi/storage-etcd3 — the KV port of `@kapi/storage` over a real etcd (v3.4+), through the npm
 * `etcd3` client.
 *
 * It holds no Kubernetes logic: the one Store of `@kapi/storage` runs on top of it exactly as it
 * runs on the embedded SQLite KV. What it adds is etcd's side of the contract: kube's txn shapes,
 * exact revisions and lease ids in JS numbers, compaction errors with their revision, per-call
 * deadlines, and watches that resume without gaps after a broken stream or an etcd restart.
 * `@kapi/storage-etcd3/testing` starts a throwaway etcd for tests.
 */
export { createEtcd3Kv, defaultHealthTimeoutMs, defaultRequestTimeoutMs, progressNotifyIsReliable } from './etcd3-kv.ts';
export type { Etcd3Kv, Etcd3KvOptions } from './etcd3-kv.ts';
