// The Store conformance suite through the cacher over SQLite files (a fresh file per test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { cacherCapabilities, cacherStoreHarness } from '@kapi/cacher/testing';
import { createSqliteKv } from '@kapi/storage-sqlite';
import { runStoreConformance } from '@kapi/storage/testing';

const dir = mkdtempSync(join(tmpdir(), 'kapi-cacher-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runStoreConformance(
  cacherStoreHarness('cacher over sqlite file', async () => createSqliteKv({ path: join(dir, `store-${n++}.db`), progressNotifyIntervalMs: 20 })),
  cacherCapabilities,
);
