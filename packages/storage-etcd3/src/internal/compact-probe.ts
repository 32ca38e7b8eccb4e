// etcd's range error for a compacted revision carries no number; a watch from revision 1 does.
import type { Etcd3, IWatchResponse } from 'etcd3';
import { toRevision } from './convert.ts';

/**
 * Learns etcd's current compaction revision by creating a watch from revision 1, which etcd cancels
 * with `compact_revision` set when anything has been compacted. Resolves 0 when nothing has been
 * compacted, or when etcd did not answer within `timeoutMs` (the caller falls back). Only used on
 * the error path of a read below the compaction point.
 */
export async function probeCompactRevision(client: Etcd3, timeoutMs: number): Promise<number> {
  let stream: Awaited<ReturnType<Etcd3['watchClient']['watch']>>;
  try {
    stream = await client.watchClient.watch();
  } catch {
    return 0;
  }
  return new Promise<number>((resolve) => {
    let settled = false;
    const finish = (rev: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        stream.end();
        stream.cancel();
      } catch {
        // already closed
      }
      resolve(rev);
    };
    const timer = setTimeout(() => finish(0), timeoutMs);
    stream.on('error', () => finish(0));
    stream.on('end', () => finish(0));
    stream.on('data', (res: IWatchResponse) => {
      if (res.canceled) {
        try {
          finish(toRevision(res.compact_revision || '0', 'compact_revision'));
        } catch {
          finish(0);
        }
      } else if (res.created) {
        // Not canceled at creation: etcd may still cancel it a moment later (its sync loop sends the
        // compaction notice); an uncompacted store sends nothing more, so the timer ends the wait.
      }
    });
    try {
      stream.write({ create_request: { key: Buffer.from([0]), start_revision: 1 } });
    } catch {
      finish(0);
    }
  });
}
