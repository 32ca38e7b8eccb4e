// The child process of crash.test.ts: writes to a SQLite KV through a Store until it is SIGKILLed,
// printing one JSON line per acknowledged write, only after its promise resolved.
//
//   node --conditions=@kapi/source --import tsx crash-writer.ts <database file>
//
// Lines: {"op":"open","revision":R} first, then {"op":"put","key":K,"rev":R,"tag":T} (a create or
// an update that stored data.tag = T at revision R), {"op":"delete","key":K,"rev":R} and
// {"op":"compact","rev":R}. Counters under /crash/counters/ are created once and never deleted;
// short-lived keys under /crash/tmp/ are created, updated and deleted.
import { jsonCodec, type KubeObject } from '@kapi/apimachinery';
import { createStore, isExist, isKvCompactedError } from '@kapi/storage';
import { createSqliteKv } from '../src/index.ts';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: crash-writer.ts <database file>');

const kv = createSqliteKv({ path });
const store = createStore(kv, { codec: jsonCodec, pathPrefix: '/registry' });
let seq = 0;
const tag = () => `${process.pid}.${seq++}`;
// Pipes are written synchronously on Linux: a printed line has left the process when write returns.
const ack = (line: Record<string, unknown>) => void process.stdout.write(`${JSON.stringify(line)}\n`);
const rvOf = (obj: KubeObject) => Number(obj.metadata?.resourceVersion);
const object = (name: string, t: string, n: number): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { tag: t, n: String(n) } });

async function put(key: string, name: string): Promise<void> {
  const t = tag();
  const out = await store.guaranteedUpdate(key, {
    tryUpdate: (obj) => object(name, t, Number((obj['data'] as { n?: string } | undefined)?.n ?? 0) + 1),
  });
  ack({ op: 'put', key, rev: rvOf(out), tag: t });
}

async function create(key: string, name: string): Promise<boolean> {
  const t = tag();
  try {
    const out = await store.create(key, object(name, t, 0));
    ack({ op: 'put', key, rev: rvOf(out), tag: t });
    return true;
  } catch (err) {
    if (isExist(err)) return false;
    throw err;
  }
}

/** Increments one counter forever; two of these share each counter (creates race, updates queue). */
async function counterWorker(i: number): Promise<never> {
  const name = `counter-${i}`;
  const key = `/crash/counters/${name}`;
  await create(key, name);
  for (;;) await put(key, name);
}

/** Creates a key, updates it twice and deletes it, forever. */
async function lifecycleWorker(w: number): Promise<never> {
  for (let n = 0; ; n++) {
    const name = `${process.pid}-${w}-${n}`;
    const key = `/crash/tmp/${name}`;
    await create(key, name);
    await put(key, name);
    await put(key, name);
    const gone = await store.delete(key);
    ack({ op: 'delete', key, rev: rvOf(gone) });
  }
}

/** Compacts to 200 revisions behind the head every 50 ms. */
async function compactor(): Promise<never> {
  let last = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const target = (await kv.currentRevision()) - 200;
    if (target <= last) continue;
    try {
      await kv.compact(target);
    } catch (err) {
      // A compaction that the previous run already made (the crash lost our memory of it) is fine.
      if (!isKvCompactedError(err)) throw err;
    }
    last = target;
    ack({ op: 'compact', rev: target });
  }
}

ack({ op: 'open', revision: await kv.currentRevision() });
const work = [
  ...[0, 1, 2, 3, 4, 5].flatMap((i) => [counterWorker(i), counterWorker(i)]),
  lifecycleWorker(0),
  lifecycleWorker(1),
  compactor(),
];
// Nothing ends but by SIGKILL: any failure is a bug, reported on stderr with a non-zero exit.
Promise.race(work).catch((err: unknown) => {
  process.stderr.write(`crash-writer failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
