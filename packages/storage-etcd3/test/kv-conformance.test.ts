// The KV conformance suite of @kapi/storage against a real etcd (one per file, a client per test).
import { runKvConformance } from '@kapi/storage/testing';
import { afterAll, beforeAll } from 'vitest';
import { createEtcd3Kv } from '../src/index.ts';
import { etcdBinaryVersion, startEtcd, type EtcdServer } from '../src/testing/index.ts';

let etcd: EtcdServer | undefined;
beforeAll(async () => void (etcd = await startEtcd()));
afterAll(async () => etcd?.stop());

// etcd-io/etcd#18274 (a delete at exactly the compacted revision is dropped from watches) was fixed
// in 3.6 and backported to late 3.4/3.5 patch releases; only 3.6+ is assumed to have it.
const [major = 0, minor = 0] = etcdBinaryVersion().split('.').map(Number);

runKvConformance({
  name: 'etcd3',
  newKv: async () => createEtcd3Kv({ endpoints: etcd!.endpoints }),
  losesTombstoneAtCompactRevision: major === 3 && minor < 6,
});
