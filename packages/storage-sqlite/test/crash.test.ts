// Crash safety of the SQLite KV (issue 5): a writer process (crash-writer.ts) is SIGKILLed after a
// random number of acknowledged writes, 20 times in a row on one database file. After every kill
// the file is reopened and checked: every acknowledged write is there (at its revision, or
// superseded by a later write where compaction removed it), the revision never goes back, and
// every revision from the compaction point to the current one exists.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { isKvCompactedError, type KV } from '@kapi/storage';
import { afterAll, expect, it } from 'vitest';
import { createSqliteKv } from '../src/index.ts';

const ROUNDS = 20;
/** The child is killed after 1..MAX_WRITES_BEFORE_KILL acknowledged writes. */
const MAX_WRITES_BEFORE_KILL = 1500;

const dir = mkdtempSync(join(tmpdir(), 'kapi-sqlite-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Ack =
  | { op: 'open'; revision: number }
  | { op: 'put'; key: string; rev: number; tag: string }
  | { op: 'delete'; key: string; rev: number }
  | { op: 'compact'; rev: number };

/** Runs crash-writer.ts on `path` and SIGKILLs it right after its `killAfter`-th acknowledged write. */
async function runWriter(path: string, killAfter: number): Promise<Ack[]> {
  const child = spawn(process.execPath, ['--conditions=@kapi/source', '--import', 'tsx', join(import.meta.dirname, 'crash-writer.ts'), path], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const lines = createInterface({ input: child.stdout });
  const drained = new Promise<void>((resolve) => lines.once('close', resolve));
  const acks: Ack[] = [];
  let writes = 0;
  lines.on('line', (line) => {
    const ack = JSON.parse(line) as Ack;
    acks.push(ack);
    if ((ack.op === 'put' || ack.op === 'delete') && ++writes === killAfter) child.kill('SIGKILL');
  });
  // A writer that stops writing is a failure, not a hang.
  let stalled = false;
  const watchdog = setTimeout(() => {
    stalled = true;
    child.kill('SIGKILL');
  }, 30_000);
  const { code, signal } = await exited;
  clearTimeout(watchdog);
  await drained;
  if (stalled) throw new Error(`the writer made ${writes} of ${killAfter} writes in 30 s; stderr:\n${stderr}`);
  if (signal !== 'SIGKILL') throw new Error(`the writer exited by itself (code ${code}, signal ${signal}); stderr:\n${stderr}`);
  return acks;
}

/** The KV's compaction point, read through its API: a read at revision 1 fails below it. */
async function compactRevisionOf(kv: KV): Promise<number> {
  try {
    await kv.range('/', { revision: 1 });
    return 0;
  } catch (err) {
    if (isKvCompactedError(err)) return err.compactRevision;
    throw err;
  }
}

const tagOf = (value: Uint8Array) => (JSON.parse(Buffer.from(value).toString()) as { data: { tag: string } }).data.tag;

/** Every acknowledged write checked against the reopened KV; returns what is wrong. */
async function checkAcks(kv: KV, acks: readonly Ack[], current: number, compactRev: number): Promise<string[]> {
  const problems: string[] = [];
  const atCompaction = new Map<string, number>();
  for (const ack of acks) {
    if (ack.op === 'open') continue;
    if (ack.op === 'compact') {
      if (compactRev < ack.rev) problems.push(`compaction to ${ack.rev} was acknowledged, the store is compacted at ${compactRev}`);
      continue;
    }
    if (ack.rev > current) {
      problems.push(`${ack.op} ${ack.key}@${ack.rev} was acknowledged, the store is at ${current}`);
      continue;
    }
    // The Store writes under its path prefix.
    const key = `/registry${ack.key}`;
    if (ack.rev >= compactRev) {
      const at = await kv.range(key, { revision: ack.rev });
      const found = at.kvs[0];
      if (ack.op === 'put' && (found?.modRevision !== ack.rev || tagOf(found.value) !== ack.tag)) {
        problems.push(`put ${ack.key}@${ack.rev} tag ${ack.tag} is missing (found ${found ? `${found.modRevision} ${tagOf(found.value)}` : 'nothing'})`);
      }
      if (ack.op === 'delete') {
        if (found !== undefined) problems.push(`delete ${ack.key}@${ack.rev} is missing (the key is still there at ${found.modRevision})`);
        const before = ack.rev - 1 >= compactRev ? await kv.range(key, { revision: ack.rev - 1 }) : undefined;
        if (before !== undefined && before.count !== 1) problems.push(`delete ${ack.key}@${ack.rev} deleted nothing`);
      }
    } else if (ack.key.startsWith('/crash/counters/')) {
      // Compacted away: a counter is never deleted, so its value at the compaction point is this write or a later one.
      let rev = atCompaction.get(key);
      if (rev === undefined) {
        rev = (await kv.range(key, { revision: compactRev })).kvs[0]?.modRevision ?? 0;
        atCompaction.set(key, rev);
      }
      if (rev < ack.rev) problems.push(`put ${ack.key}@${ack.rev} is compacted away, but the key is at ${rev} at the compaction point ${compactRev}`);
    }
  }
  return problems;
}

/** Revisions from the compaction point (or 2, the first write) to `current` must all be rows of the file. */
function checkRows(path: string, current: number, compactRev: number): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const from = Math.max(2, compactRev);
    const ids = db.prepare<[number], { id: number }>('SELECT id FROM kv WHERE id >= ? ORDER BY id').all(from).map((r) => r.id);
    const max = db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM kv').get()?.id ?? 1;
    const problems: string[] = [];
    if (max !== current) problems.push(`the newest row is ${max}, the store says it is at ${current}`);
    const gaps = ids.filter((id, i) => id !== from + i).slice(0, 1);
    if (gaps.length > 0 || ids.length !== current - from + 1) problems.push(`rows ${from}..${current} have gaps (${ids.length} rows, first unexpected id ${gaps[0]})`);
    return problems;
  } finally {
    db.close();
  }
}

it(`loses no acknowledged write when the writer is SIGKILLed, ${ROUNDS} times in a row`, { timeout: 180_000 }, async () => {
  const path = join(dir, 'kapi.db');
  const all: Ack[] = [];
  let lastRevision = 1;
  let acknowledged = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const killAfter = randomInt(1, MAX_WRITES_BEFORE_KILL + 1);
    const acks = await runWriter(path, killAfter);
    const context = `round ${round + 1}, killed after ${killAfter} acknowledged writes`;
    const writes = acks.filter((a) => a.op === 'put' || a.op === 'delete');
    expect(writes.length, context).toBeGreaterThanOrEqual(killAfter);
    acknowledged += writes.length;

    // The writer opened the store where the last reopen left it, and wrote after it.
    expect(acks[0], context).toEqual({ op: 'open', revision: lastRevision });
    const revs = writes.map((a) => a.rev);
    expect(new Set(revs).size, `${context}: every acknowledged write has its own revision`).toBe(revs.length);
    expect(Math.min(...revs), context).toBeGreaterThan(lastRevision);
    all.push(...acks);

    const kv = createSqliteKv({ path });
    let current: number;
    let compactRev: number;
    try {
      current = await kv.currentRevision();
      compactRev = await compactRevisionOf(kv);
      expect(current, `${context}: the revision after reopening`).toBeGreaterThanOrEqual(Math.max(...revs));
      expect(await checkAcks(kv, all, current, compactRev), context).toEqual([]);
    } finally {
      await kv.close();
    }
    expect(checkRows(path, current, compactRev), context).toEqual([]);
    lastRevision = current;
  }
  console.info(`sqlite crash test: ${ROUNDS} SIGKILLs, ${acknowledged} acknowledged writes checked, final revision ${lastRevision}`);
});
