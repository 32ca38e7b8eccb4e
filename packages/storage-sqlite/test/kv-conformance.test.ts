import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runKvConformance } from '@kapi/storage/testing';
import { createSqliteKv } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'kapi-sqlite-kv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runKvConformance({ name: 'sqlite file', exclusive: true, newKv: async () => createSqliteKv({ path: join(dir, `kv-${n++}.db`) }) });
runKvConformance({ name: 'sqlite :memory:', exclusive: true, newKv: async () => createSqliteKv({ path: ':memory:' }) });
