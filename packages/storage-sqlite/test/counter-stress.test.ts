// 64 concurrent writers × 500 guaranteedUpdate increments of one counter (issue 5), on a SQLite file.
// The KV holds the file exclusively (a second KV on it is refused, see sqlite-kv.test.ts), so the
// writers race through four Stores over the one KV: each Store queues its own updates of the key,
// and the Stores conflict with each other at the KV's compare on modRevision.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonCodec } from '@kapi/apimachinery';
import { createStore } from '@kapi/storage';
import { runCounterStress } from '@kapi/storage/testing';
import { afterAll, expect, it } from 'vitest';
import { createSqliteKv } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'kapi-sqlite-stress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('64 writers × 500 increments through 4 Stores: 32,000 updates, none lost, in resourceVersion order', { timeout: 120_000 }, async () => {
  const kv = createSqliteKv({ path: join(dir, 'kapi.db') });
  const stores = Array.from({ length: 4 }, () => createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' }));
  try {
    const report = await runCounterStress(stores, { writers: 64, increments: 500 });
    expect(report.updates).toBe(32_000);
    // The Stores did race: some attempts lost at the KV and were retried.
    expect(report.attempts).toBeGreaterThan(report.updates);
    console.info(`sqlite counter stress: ${report.updates} updates, ${report.attempts - report.updates} retries, ${Math.round(report.durationMs)} ms`);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await kv.close();
  }
});
