// The KV against an etcd with authentication on: reads and writes carry the token of the
// configured user (etcd's Auth.Authenticate), a wrong password is refused, never retried forever.
import { Etcd3 } from 'etcd3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEtcd3Kv } from '../src/index.ts';
import { startEtcd, type EtcdServer } from '../src/testing/index.ts';

let etcd: EtcdServer;

beforeAll(async () => {
  etcd = await startEtcd();
  const admin = new Etcd3({ hosts: etcd.endpoints });
  try {
    await admin.user('root').create('root-password');
    await admin.role('root').create().catch(() => undefined);
    await admin.user('root').addRole('root');
    await admin.auth.authEnable();
  } finally {
    admin.close();
  }
}, 60_000);

afterAll(async () => {
  await etcd?.stop();
});

describe('etcd with authentication', () => {
  it('writes and reads with the user and password of the options', async () => {
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints, auth: { username: 'root', password: 'root-password' } });
    try {
      const created = await kv.create('/registry/auth/a', Buffer.from('one'));
      expect(created.succeeded).toBe(true);
      const updated = await kv.update('/registry/auth/a', Buffer.from('two'), created.revision);
      expect(updated.succeeded).toBe(true);
      const read = await kv.range('/registry/auth/a');
      expect(read.kvs.map((x) => Buffer.from(x.value).toString())).toEqual(['two']);
      expect(read.kvs[0]!.createRevision).toBe(created.revision);
    } finally {
      await kv.close();
    }
  });

  it('without the right password a call is refused', async () => {
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints, auth: { username: 'root', password: 'wrong' }, requestTimeoutMs: 3_000 });
    try {
      await expect(kv.range('/registry/auth/a')).rejects.toThrow(/authentication failed/);
    } finally {
      await kv.close();
    }
    const anonymous = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 3_000 });
    try {
      await expect(anonymous.range('/registry/auth/a')).rejects.toThrow(/user name is empty|permission denied/);
    } finally {
      await anonymous.close();
    }
  });
});
