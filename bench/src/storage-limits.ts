// The limits of the storage benchmark: the operations the Store makes, done without it. For etcd,
// the raw `etcd3` client sending the very requests the etcd KV sends (the txn shapes of kube's
// store.go, range, a watch stream with prev_kv); for SQLite, the KV itself.
import { CompareResult, CompareTarget, Etcd3, type IDuplexStream, type IOptions, type IWatchRequest, type IWatchResponse } from 'etcd3';
import { prefixRangeEnd, type KV } from '@kapi/storage';

/** The operations the Store is compared to, done without it. */
export interface Limit {
  readonly name: string;
  /** Conditional create; the new revision. */
  create(key: string, value: Uint8Array): Promise<number>;
  /** Conditional update; the new revision (throws on a conflict). */
  update(key: string, value: Uint8Array, expected: number): Promise<number>;
  /** A single-key read; the key's modRevision. */
  get(key: string): Promise<number>;
  /** Every key under the prefix in one read; the count. */
  list(prefix: string): Promise<number>;
  /** Every key under the prefix in pages of `limit` at one revision; the count. */
  listPaged(prefix: string, limit: number): Promise<number>;
  /** Opens a watch of the prefix with prev_kv from `startRevision`; `done` resolves after n events. */
  watch(prefix: string, startRevision: number, n: number): Promise<{ done: Promise<void> }>;
  currentRevision(): Promise<number>;
  /** Compacts to the current revision (and waits for the disk work). */
  compact(): Promise<void>;
}

/** The bytes as a Buffer without a copy (what the KV does too). */
const toBuffer = (v: Uint8Array) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

type Policy = NonNullable<NonNullable<IOptions['faultHandling']>['global']>;
const passThrough = (): Policy => ({ execute: async (fn: (ctx: { signal: AbortSignal }) => unknown) => fn({ signal: new AbortController().signal }) }) as unknown as Policy;

/** The raw `etcd3` client, configured as the etcd KV configures its own (no retry policies, same gRPC limits). */
export function rawEtcdLimit(endpoints: string[]): Limit & { close(): void } {
  const client = new Etcd3({
    hosts: endpoints,
    grpcOptions: { 'grpc.max_receive_message_length': 2 ** 31 - 1, 'grpc.max_send_message_length': -1 },
    faultHandling: { global: passThrough(), host: () => passThrough() },
  });
  const b = (s: string) => Buffer.from(s);
  const range = (key: string, extra: { limit?: number; revision?: number; end?: string } = {}) =>
    client.kv.range({
      key: b(key),
      ...(extra.end !== undefined ? { range_end: b(extra.end) } : {}),
      ...(extra.limit !== undefined ? { limit: extra.limit } : {}),
      ...(extra.revision !== undefined ? { revision: extra.revision } : {}),
    });
  const currentRevision = async () => Number((await client.kv.range({ key: Buffer.from([0]), count_only: true })).header.revision);
  return {
    name: 'raw etcd3 client',
    async create(key, value) {
      const k = b(key);
      const res = await client.kv.txn({
        compare: [{ key: k, target: CompareTarget.Create, result: CompareResult.Equal, create_revision: 0 }],
        success: [{ request_put: { key: k, value: toBuffer(value) } }],
        failure: [{ request_range: { key: k } }],
      });
      if (!res.succeeded) throw new Error(`raw create ${key}: exists`);
      return Number(res.header.revision);
    },
    async update(key, value, expected) {
      const k = b(key);
      const res = await client.kv.txn({
        compare: [{ key: k, target: CompareTarget.Mod, result: CompareResult.Equal, mod_revision: expected }],
        success: [{ request_put: { key: k, value: toBuffer(value) } }, { request_range: { key: k, keys_only: true } }],
        failure: [{ request_range: { key: k } }],
      });
      if (!res.succeeded) throw new Error(`raw update ${key}: conflict`);
      return Number(res.header.revision);
    },
    async get(key) {
      return Number((await range(key)).kvs[0]?.mod_revision ?? 0);
    },
    async list(prefix) {
      return (await range(prefix, { end: prefixRangeEnd(prefix) })).kvs.length;
    },
    async listPaged(prefix, limit) {
      let from = prefix;
      let revision: number | undefined;
      let n = 0;
      for (;;) {
        const res = await range(from, { end: prefixRangeEnd(prefix), limit, ...(revision !== undefined ? { revision } : {}) });
        revision ??= Number(res.header.revision);
        n += res.kvs.length;
        if (!res.more) return n;
        from = `${res.kvs[res.kvs.length - 1]!.key.toString()}\0`;
      }
    },
    async watch(prefix, startRevision, n) {
      const stream: IDuplexStream<IWatchRequest, IWatchResponse> = await client.watchClient.watch();
      let finished = false;
      const done = new Promise<void>((resolve, reject) => {
        let seen = 0;
        const finish = (err?: Error) => {
          if (finished) return;
          finished = true;
          stream.end();
          stream.cancel();
          if (err) reject(err);
          else resolve();
        };
        stream.on('data', (res: IWatchResponse) => {
          if (res.canceled) finish(new Error(`raw watch canceled: ${res.cancel_reason}`));
          seen += res.events?.length ?? 0;
          if (seen >= n) finish();
        });
        stream.on('error', (err: Error) => finish(err));
      });
      stream.write({ create_request: { key: b(prefix), range_end: b(prefixRangeEnd(prefix)), start_revision: startRevision, prev_kv: true } });
      return { done };
    },
    currentRevision,
    async compact() {
      // Nothing written since the last compaction: etcd refuses the same revision again.
      await client.kv.compact({ revision: await currentRevision(), physical: true }).catch((err: unknown) => {
        if (!/compacted/.test(String(err))) throw err;
      });
    },
    close: () => client.close(),
  };
}

/** The SQLite KV itself: what the Store adds over SQLite is everything above it. */
export function sqliteKvLimit(kv: KV): Limit {
  const listPaged = async (prefix: string, limit: number) => {
    let from = prefix;
    let revision = 0;
    let n = 0;
    for (;;) {
      const res = await kv.range(from, { end: prefixRangeEnd(prefix), limit, revision });
      revision = res.revision;
      n += res.kvs.length;
      if (!res.more) return n;
      from = `${res.kvs[res.kvs.length - 1]!.key}\0`;
    }
  };
  return {
    name: 'SQLite KV',
    async create(key, value) {
      const res = await kv.create(key, value);
      if (!res.succeeded) throw new Error(`kv create ${key}: exists`);
      return res.revision;
    },
    async update(key, value, expected) {
      const res = await kv.update(key, value, expected);
      if (!res.succeeded) throw new Error(`kv update ${key}: conflict`);
      return res.revision;
    },
    async get(key) {
      return (await kv.range(key)).kvs[0]?.modRevision ?? 0;
    },
    async list(prefix) {
      return (await kv.range(prefix, { end: prefixRangeEnd(prefix) })).kvs.length;
    },
    listPaged,
    async watch(prefix, startRevision, n) {
      let w: { cancel(): void } | undefined;
      const done = new Promise<void>((resolve, reject) => {
        let seen = 0;
        w = kv.watch(
          prefix,
          { prefix: true, startRevision, prevKv: true },
          {
            onEvents(events) {
              seen += events.length;
              if (seen >= n) resolve();
            },
            onError: reject,
          },
        );
      });
      return { done: done.finally(() => w?.cancel()) };
    },
    currentRevision: () => kv.currentRevision(),
    async compact() {
      const rev = await kv.currentRevision();
      await kv.compact(rev).catch(() => undefined);
    },
  };
}
