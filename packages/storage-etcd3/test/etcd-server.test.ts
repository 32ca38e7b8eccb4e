import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEtcd3Kv } from '../src/index.ts';
import { findEtcdBinary, startEtcd } from '../src/testing/index.ts';

describe('startEtcd', () => {
  it('starts etcd on loopback, serves the KV, and stop() removes the data dir', async () => {
    const etcd = await startEtcd();
    try {
      expect(etcd.endpoints).toHaveLength(1);
      expect(etcd.endpoints[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(existsSync(etcd.dataDir)).toBe(true);
      const kv = createEtcd3Kv({ endpoints: etcd.endpoints });
      try {
        const put = await kv.create('/harness/a', Buffer.from('hello'));
        expect(put.succeeded).toBe(true);
        const got = await kv.range('/harness/a');
        expect(got.kvs.map((x) => Buffer.from(x.value).toString())).toEqual(['hello']);
        expect(got.kvs[0]?.modRevision).toBe(put.revision);
      } finally {
        await kv.close();
      }
    } finally {
      await etcd.stop();
    }
    expect(existsSync(etcd.dataDir)).toBe(false);
    // stop() is idempotent.
    await etcd.stop();
  });

  it('restart() keeps the data and the endpoints', async () => {
    const etcd = await startEtcd();
    const kv = createEtcd3Kv({ endpoints: etcd.endpoints, requestTimeoutMs: 5000 });
    try {
      const put = await kv.create('/harness/kept', Buffer.from('v'));
      await etcd.restart();
      const got = await kv.range('/harness/kept');
      expect(got.kvs[0]?.modRevision).toBe(put.revision);
      expect(await kv.currentRevision()).toBe(put.revision);
    } finally {
      await kv.close();
      await etcd.stop();
    }
  });

  it('says how to install etcd when the binary is missing', async () => {
    expect(() => findEtcdBinary('/nonexistent/etcd')).toThrow(/apt-get install -y etcd-server/);
    await expect(startEtcd({ binary: '/nonexistent/etcd' })).rejects.toThrow(/apt-get install -y etcd-server/);
  });

  it('puts etcd\'s log tail in the error when it cannot start', async () => {
    await expect(startEtcd({ extraArgs: ['--no-such-flag'], startTimeoutMs: 5000 })).rejects.toThrow(/etcd exited[\s\S]*no-such-flag/);
  });
});
