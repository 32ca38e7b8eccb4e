// The Store conformance suite of @kapi/storage over SQLite files (a fresh file per test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runStoreConformance } from '@kapi/storage/testing';
import { createSqliteKv } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'kapi-sqlite-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

// Progress notifications every 100 ms: ProgressNotify waits for one.
runStoreConformance({ name: 'sqlite file', newKv: async () => createSqliteKv({ path: join(dir, `store-${n++}.db`), progressNotifyIntervalMs: 100 }) });
