// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/compact.go (v1.33): compact the KV regularly,
// keeping one interval of history, coordinated between replicas through one key.
//
// Each tick writes the current revision into `compact_rev_key` with a compare on the key's last
// known mod revision. The replica whose write succeeds compacts at the revision stored by the
// previous tick, so history younger than one interval survives; a replica whose write fails learns
// the key's state and tries again next tick. With several kapi processes on one etcd, exactly one
// compacts per interval, as with kube-apiserver replicas.
import { isKvCompactedError, type KV } from './kv.ts';

/** The key kube-apiserver coordinates compaction with (outside the /registry prefix). */
export const compactRevKey = 'compact_rev_key';

/** kube-apiserver's default compaction interval. */
export const defaultCompactionIntervalMs = 5 * 60 * 1000;

export interface CompactorOptions {
  /** Time between ticks; 0 disables compaction. Default 5 minutes. */
  intervalMs?: number;
  /** Told about failed ticks (the next tick retries). */
  onError?: (err: unknown) => void;
  /** Told about each compaction done by this process. */
  onCompacted?: (revision: number) => void;
}

export interface Compactor {
  /** Runs one tick now (tests; ticks also run on the timer). */
  tick(): Promise<void>;
  stop(): void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Starts compacting `kv` in the background. The timer does not keep the process alive. */
export function startCompactor(kv: KV, options: CompactorOptions = {}): Compactor {
  const intervalMs = options.intervalMs ?? defaultCompactionIntervalMs;
  let known = { modRevision: 0, revision: 0 };
  let running: Promise<void> | undefined;

  const tickOnce = async () => {
    const current = await kv.currentRevision();
    const res = await kv.update(compactRevKey, encoder.encode(String(current)), known.modRevision);
    if (!res.succeeded) {
      known = { modRevision: res.kv?.modRevision ?? 0, revision: Number(res.kv ? decoder.decode(res.kv.value) : 0) || 0 };
      return;
    }
    const target = known.revision;
    known = { modRevision: res.revision, revision: current };
    if (target > 0) {
      try {
        await kv.compact(target);
        options.onCompacted?.(target);
      } catch (err) {
        // Someone compacted further already: nothing to do.
        if (!isKvCompactedError(err)) throw err;
      }
    }
  };

  const tick = () => {
    running ??= tickOnce()
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => (running = undefined));
    return running;
  };

  const timer = intervalMs > 0 ? setInterval(() => void tick(), intervalMs) : undefined;
  timer?.unref();
  return {
    tick,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
