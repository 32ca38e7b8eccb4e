// Behaviour of k8s.io/apiserver/pkg/storage/etcd3/store.go (v1.33): the txn shapes of create,
// update and delete; reads, watches, compaction and leases over etcd's v3 API.
import { randomBytes } from 'node:crypto';
import type { ClientHttp2Stream } from 'node:http2';
import { ProtoReader, ProtoWriter } from '@kapi/apimachinery';
import { newKvCompactedError, newStorageError, type KV, type KvRangeOptions, type KvRangeResult, type KvWatch, type KvWatchHandlers, type KvWatchOptions, type KvWriteResult } from '@kapi/storage';
import { Etcd3, type IOptions } from 'etcd3';
import { errorText, isCompactedError, isFutureRevisionError, isLeaseExistsError, isTransient, keyBytes, neverSent, toRevision } from './internal/convert.ts';
import { probeCompactRevision } from './internal/compact-probe.ts';
import { GrpcUnary } from './internal/grpc-unary.ts';
import {
  CompareResult,
  CompareTarget,
  decodeRangeResponse,
  decodeTxnResponse,
  encodeRangeRequest,
  encodeTxnRequest,
  keyValueOf,
  type Compare,
  type RangeRequest,
  type RequestOp,
  type TxnResponse,
} from './internal/kv-messages.ts';
import { EtcdWatch } from './watch-stream.ts';

/** Options of {@link createEtcd3Kv}. */
export interface Etcd3KvOptions {
  /** etcd client URLs, e.g. `['http://127.0.0.1:2379']`; `https://` ones use TLS. */
  readonly endpoints: readonly string[];
  /** How long a watch stream may take to connect and confirm the watch before it is retried; default 5 s. */
  readonly dialTimeoutMs?: number;
  /**
   * Deadline of every call, retries included; default 10 s, well inside kube-apiserver's 60 s
   * request timeout, so a stuck etcd surfaces as a storage error (the registry answers 504) rather
   * than as the HTTP timeout. A call that etcd does not answer in time rejects with a StorageError
   * code `Timeout` (or `Unreachable` when no connection could be made), never hangs.
   */
  readonly requestTimeoutMs?: number;
  /**
   * Largest gRPC message accepted from etcd; default 2^31-1 (etcd's own send limit). gRPC's 4 MiB
   * default fails lists of a few thousand objects.
   */
  readonly maxReceiveMessageBytes?: number;
  /**
   * compact() waits until etcd has physically removed the old revisions (etcd's `physical`
   * flag). Default false, like kube-apiserver's compactor: the revisions become unreadable at
   * once either way; physical only also waits for the disk work.
   */
  readonly physicalCompaction?: boolean;
  /** TLS material for `https://` endpoints (the `etcd3` client's `credentials`). */
  readonly credentials?: IOptions['credentials'];
  /** etcd user/password auth. */
  readonly auth?: IOptions['auth'];
}

/** The KV port over etcd, plus what only etcd has. */
export interface Etcd3Kv extends KV {
  /** Sends etcd's WatchProgressRequest on every watch stream of this KV (see {@link KV.requestProgress}). */
  requestProgress(): Promise<void>;
  /** The etcd server version (e.g. `3.4.23`) of one endpoint. */
  serverVersion(): Promise<string>;
  /**
   * kube-apiserver's etcd health probe: a read of the key `/health` (found or not, any answer
   * means etcd serves reads) within `timeoutMs`, default 2 s (kube's `--etcd-healthcheck-timeout`).
   * Rejects with a StorageError code `Unreachable` or `Timeout` naming the endpoints.
   */
  health(options?: { timeoutMs?: number }): Promise<void>;
}

/** Default of {@link Etcd3KvOptions.requestTimeoutMs}. */
export const defaultRequestTimeoutMs = 10_000;
/** Default timeout of {@link Etcd3Kv.health} (kube's DefaultHealthcheckTimeout). */
export const defaultHealthTimeoutMs = 2_000;

/**
 * etcd releases whose progress notifications can be trusted for consistent reads from a watch
 * cache (etcd#15220 fixed in 3.4.31 and 3.5.13); kube falls back to reading etcd below them.
 */
export function progressNotifyIsReliable(version: string): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (major !== 3) return major > 3;
  if (minor === 4) return patch >= 31;
  if (minor === 5) return patch >= 13;
  return minor > 5;
}

const MAX_SAFE_LEASE_ATTEMPTS = 5;

/**
 * Creates a KV over a real etcd (v3.4+): reads and writes as unary gRPC calls over node:http2
 * (internal/grpc-unary.ts), watches as streams on the same connection (watch-stream.ts), leases
 * and maintenance through the `etcd3` client.
 *
 * Writes are single txns, as in kube's store.go: create = `if create_revision == 0 then put else
 * get`, update = `if mod_revision == expected then put; get(keys only) else get`, delete = `if
 * mod_revision == expected then delete(prev_kv) else get`. Unary calls are retried within the
 * request deadline only when that cannot apply a write twice (reads; writes that never reached
 * etcd). Watches resume by themselves after a broken stream or an etcd restart (see EtcdWatch).
 */
export function createEtcd3Kv(options: Etcd3KvOptions): Etcd3Kv {
  return new Etcd3KvImpl(options);
}

type Attempt<T> = (callOptions: { deadline: number }) => Promise<T>;

class Etcd3KvImpl implements Etcd3Kv {
  private readonly client: Etcd3;
  /** The KV service's Range and Txn calls. */
  private readonly grpc: GrpcUnary;
  private readonly auth: IOptions['auth'];
  private authToken: Promise<string> | undefined;
  private readonly requestTimeoutMs: number;
  private readonly physical: boolean;
  private readonly endpointsText: string;
  private readonly watches = new Set<EtcdWatch>();
  private readonly dialTimeoutMs: number;
  /** The highest compaction this client made or learned of; a fallback when probing fails. */
  private knownCompactRevision = 0;
  private closed = false;
  private progressReliable: Promise<boolean> | undefined;

  constructor(options: Etcd3KvOptions) {
    if (options.endpoints.length === 0) throw new Error('createEtcd3Kv: at least one endpoint is required');
    this.requestTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
    this.dialTimeoutMs = options.dialTimeoutMs ?? 5_000;
    this.physical = options.physicalCompaction ?? false;
    this.endpointsText = options.endpoints.join(',');
    const several = options.endpoints.length > 1;
    const tls = options.credentials;
    this.auth = options.auth;
    this.grpc = new GrpcUnary({
      endpoints: options.endpoints,
      ...(tls !== undefined
        ? { tls: { ca: tls.rootCertificate, ...(tls.privateKey !== undefined ? { key: tls.privateKey } : {}), ...(tls.certChain !== undefined ? { cert: tls.certChain } : {}) } }
        : {}),
      maxReceiveMessageBytes: options.maxReceiveMessageBytes ?? 2 ** 31 - 1,
    });
    this.client = new Etcd3({
      hosts: [...options.endpoints],
      ...(options.credentials !== undefined ? { credentials: options.credentials } : {}),
      ...(options.auth !== undefined ? { auth: options.auth } : {}),
      grpcOptions: {
        'grpc.max_receive_message_length': options.maxReceiveMessageBytes ?? 2 ** 31 - 1,
        'grpc.max_send_message_length': -1,
        // Notice a dead connection (no RST, e.g. a partition) on idle watch streams. etcd allows
        // pings every 5 s by default.
        'grpc.keepalive_time_ms': 30_000,
        'grpc.keepalive_timeout_ms': 10_000,
        // Reconnect quickly to a restarted etcd.
        'grpc.initial_reconnect_backoff_ms': 100,
        'grpc.max_reconnect_backoff_ms': 2_000,
      },
      // Retries are ours (see call()); the client's default retries writes on any transport error,
      // which can apply a txn twice. With several endpoints, a per-host breaker steers calls away
      // from a dead member; with one it would only delay recovery after a restart.
      faultHandling: {
        global: passThrough(),
        host: () => (several ? skipAfterFailure(1_000) : passThrough()),
      },
      defaultCallOptions: (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + this.requestTimeoutMs }),
    });
  }

  // ---- plumbing -------------------------------------------------------------------------------

  /**
   * Runs one RPC with the request deadline. `retry` says which failures may be retried until the
   * deadline: 'read' any transient one, 'write' only those that never reached etcd.
   *
   * Failures: the deadline passing is a StorageError `Timeout` (`Unreachable` when no connection
   * could be made at all); a connection that broke under a write that had been sent is
   * `Unreachable`, saying the write may or may not have been applied (it is never retried, so it
   * never applies twice); etcd's own refusals are plain Errors with the etcd error as `cause`.
   */
  private async call<T>(op: string, key: string, retry: 'read' | 'write', attempt: Attempt<T>, timeoutMs = this.requestTimeoutMs, selfTimed = false): Promise<T> {
    if (this.closed) throw new Error(`etcd3 KV: ${op} ${key} after close()`);
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    let unreachable = false;
    // A write still in flight when the deadline passed may have been applied.
    let inFlightAtDeadline = false;
    let pause = 25;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        // A KV call ends itself at the deadline (GrpcUnary); for the etcd3 client's, gRPC's
        // deadline ends the call and the timer is a backstop for anything outside gRPC.
        if (selfTimed) return await attempt({ deadline });
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new DeadlineReached()), left + 250);
        });
        return await Promise.race([attempt({ deadline }), timeout]);
      } catch (err) {
        if (err instanceof DeadlineReached) {
          inFlightAtDeadline = true;
          break;
        }
        // gRPC's deadline is ours: report it as a timeout, keeping the more telling earlier error.
        if (/DEADLINE_EXCEEDED|Deadline exceeded/i.test(errorText(err))) {
          lastError ??= err;
          inFlightAtDeadline = true;
          break;
        }
        lastError = err;
        if (neverSent(err)) unreachable = true;
        const retryable = retry === 'read' ? isTransient(err) : neverSent(err);
        if (this.closed) throw this.wrap(op, key, err);
        if (!retryable) {
          if (isTransient(err)) {
            throw newStorageError(
              'Unreachable',
              key,
              0,
              `the connection to etcd at ${this.endpointsText} broke during ${op}; the write may or may not have been applied (${errorText(err)})`,
            );
          }
          throw this.wrap(op, key, err);
        }
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }
      const wait = Math.min(pause, deadline - Date.now());
      if (wait <= 0) break;
      await new Promise((r) => setTimeout(r, wait));
      pause = Math.min(pause * 2, 500);
    }
    const detail = lastError !== undefined ? ` (last error: ${errorText(lastError)})` : '';
    const outcome = retry === 'write' && inFlightAtDeadline ? '; the write may or may not have been applied' : '';
    return Promise.reject(
      newStorageError(
        unreachable ? 'Unreachable' : 'Timeout',
        key,
        0,
        `etcd ${op} got no answer within ${timeoutMs} ms from ${this.endpointsText}${outcome}${detail}`,
      ),
    );
  }

  private wrap(op: string, key: string, err: unknown): Error {
    return new Error(`etcd ${op} ${key}: ${errorText(err)}`, { cause: err });
  }

  /**
   * etcd's current compaction revision, after etcd refused a revision as compacted: exact when the
   * probe answers, else the highest one this client knows of, else `lowerBound` (a revision the
   * compaction is known to be at or above).
   */
  private async compactRevisionFor(lowerBound: number): Promise<number> {
    const probed = await probeCompactRevision(this.client, Math.min(this.requestTimeoutMs, 3_000));
    const rev = Math.max(probed, this.knownCompactRevision);
    this.knownCompactRevision = rev;
    return rev > 0 ? rev : lowerBound;
  }

  /** One call of the KV service (with etcd's auth token when the KV authenticates). */
  private async kvCall(method: 'Range' | 'Txn', message: Uint8Array, deadline: number): Promise<Buffer> {
    const path = `/etcdserverpb.KV/${method}`;
    if (this.auth === undefined) return this.grpc.call(path, message, deadline);
    try {
      return await this.grpc.call(path, message, deadline, { token: await this.token(deadline) });
    } catch (err) {
      // etcd's ErrInvalidAuthToken: the token expired (etcd's simple tokens live 5 min); get another.
      if (!errorText(err).includes('invalid auth token')) throw err;
      this.authToken = undefined;
      return this.grpc.call(path, message, deadline, { token: await this.token(deadline) });
    }
  }

  /** A stream of etcd's Watch service on the KV's connection (with the auth token, renewed when the last one was refused). */
  private async openWatchStream(lastError: unknown): Promise<ClientHttp2Stream> {
    const path = '/etcdserverpb.Watch/Watch';
    if (this.auth === undefined) return this.grpc.openStream(path);
    if (lastError !== undefined && errorText(lastError).includes('invalid auth token')) this.authToken = undefined;
    return this.grpc.openStream(path, { token: await this.token(Date.now() + this.requestTimeoutMs) });
  }

  /** etcd's Auth.Authenticate: a token for the user and password of the options. */
  private token(deadline: number): Promise<string> {
    const auth = this.auth!;
    this.authToken ??= (async () => {
      const w = new ProtoWriter().string(1, auth.username).string(2, auth.password);
      const r = new ProtoReader(await this.grpc.call('/etcdserverpb.Auth/Authenticate', w.finish(), deadline));
      let token = '';
      while (!r.done()) {
        const t = r.tag();
        if (t.no === 2) token = r.string();
        else r.skip(t.wire);
      }
      return token;
    })().catch((err: unknown) => {
      this.authToken = undefined;
      throw err;
    });
    return this.authToken;
  }

  private async txn(op: string, key: string, compare: Compare[], success: RequestOp[], failure: RequestOp[]): Promise<TxnResponse> {
    const message = encodeTxnRequest({ compare, success, failure });
    return decodeTxnResponse(await this.call(op, key, 'write', (o) => this.kvCall('Txn', message, o.deadline), this.requestTimeoutMs, true));
  }

  /** The failure branch of every write: the key's current value, if any. */
  private failed(res: TxnResponse): KvWriteResult {
    const revision = toRevision(res.revision);
    const kv = res.responses[0]?.range?.kvs[0];
    return kv !== undefined && kv.key.length > 0 ? { succeeded: false, revision, kv: keyValueOf(kv) } : { succeeded: false, revision };
  }

  /** A Range call, retried as reads are. */
  private async rangeCall(op: string, key: string, request: RangeRequest, timeoutMs = this.requestTimeoutMs) {
    const message = encodeRangeRequest(request);
    return decodeRangeResponse(await this.call(op, key, 'read', (o) => this.kvCall('Range', message, o.deadline), timeoutMs, true));
  }

  // ---- KV -------------------------------------------------------------------------------------

  async range(key: string, options: KvRangeOptions = {}): Promise<KvRangeResult> {
    const revision = options.revision ?? 0;
    try {
      const res = await this.rangeCall('range', key, {
        key: keyBytes(key),
        ...(options.end !== undefined ? { rangeEnd: keyBytes(options.end) } : {}),
        ...(revision > 0 ? { revision } : {}),
        ...(options.limit !== undefined && options.limit > 0 ? { limit: options.limit } : {}),
        ...(options.countOnly === true ? { countOnly: true } : {}),
      });
      return {
        kvs: res.kvs.map(keyValueOf),
        more: res.more,
        count: toRevision(res.count, 'count'),
        // A read at a past revision is served at that revision; the header has the current one.
        revision: revision > 0 ? revision : toRevision(res.revision),
      };
    } catch (err) {
      throw await this.readError(key, revision, err);
    }
  }

  private async readError(key: string, revision: number, err: unknown): Promise<unknown> {
    const cause = (err as { cause?: unknown }).cause ?? err;
    if (isCompactedError(cause)) return newKvCompactedError(revision, await this.compactRevisionFor(revision + 1));
    if (isFutureRevisionError(cause)) {
      return newStorageError('TooLargeResourceVersion', key, revision, `etcd: revision ${revision} is a future revision`);
    }
    return err;
  }

  async create(key: string, value: Uint8Array, options: { lease?: number } = {}): Promise<KvWriteResult> {
    const k = keyBytes(key);
    const lease = options.lease ?? 0;
    const res = await this.txn(
      'create',
      key,
      [{ key: k, target: CompareTarget.Create, result: CompareResult.Equal, value: 0 }],
      [{ put: { key: k, value, lease } }],
      [{ range: { key: k } }],
    );
    if (!res.succeeded) return this.failed(res);
    const revision = toRevision(res.revision);
    return { succeeded: true, revision, kv: { key, value, createRevision: revision, modRevision: revision, lease } };
  }

  async update(key: string, value: Uint8Array, expectedModRevision: number, options: { lease?: number } = {}): Promise<KvWriteResult> {
    const k = keyBytes(key);
    const lease = options.lease ?? 0;
    // After the put, a keys-only get of the same key inside the txn reads the new version: the
    // createRevision without sending the old value back (put's prev_kv would).
    const res = await this.txn(
      'update',
      key,
      [{ key: k, target: CompareTarget.Mod, result: CompareResult.Equal, value: expectedModRevision }],
      [{ put: { key: k, value, lease } }, { range: { key: k, keysOnly: true } }],
      [{ range: { key: k } }],
    );
    if (!res.succeeded) return this.failed(res);
    const revision = toRevision(res.revision);
    const written = res.responses[1]?.range?.kvs[0];
    const createRevision = written !== undefined && written.key.length > 0 ? toRevision(written.createRevision, 'create_revision') : revision;
    return { succeeded: true, revision, kv: { key, value, createRevision, modRevision: revision, lease } };
  }

  async delete(key: string, expectedModRevision: number): Promise<KvWriteResult> {
    const k = keyBytes(key);
    const compare: Compare[] = [{ key: k, target: CompareTarget.Mod, result: CompareResult.Equal, value: expectedModRevision }];
    // etcd compares an absent key as mod_revision 0; deleting nothing is not a successful delete.
    if (expectedModRevision === 0) compare.push({ key: k, target: CompareTarget.Version, result: CompareResult.Greater, value: 0 });
    const res = await this.txn('delete', key, compare, [{ deleteRange: { key: k, prevKv: true } }], [{ range: { key: k } }]);
    if (!res.succeeded) return this.failed(res);
    const revision = toRevision(res.revision);
    const prev = res.responses[0]?.deleteRange?.prevKvs[0];
    return prev !== undefined && prev.key.length > 0 ? { succeeded: true, revision, kv: keyValueOf(prev) } : { succeeded: true, revision };
  }

  watch(key: string, options: KvWatchOptions, handlers: KvWatchHandlers): KvWatch {
    if (this.closed) throw new Error(`etcd3 KV: watch ${key} after close()`);
    const w = new EtcdWatch(
      {
        open: (lastError) => this.openWatchStream(lastError),
        createTimeoutMs: this.dialTimeoutMs,
        minBackoffMs: 50,
        maxBackoffMs: 2_000,
        onDone: (done) => this.watches.delete(done),
      },
      key,
      options,
      handlers,
    );
    this.watches.add(w);
    return w;
  }

  // etcd's WatchProgressRequest (kube's RequestWatchProgress): each watch has its own stream, so
  // the request goes to each; etcd answers every watch of a stream at its current revision.
  async requestProgress(): Promise<void> {
    if (this.closed) throw new Error('etcd3 KV: requestProgress after close()');
    const reliable = await this.progressAnswersReliable();
    for (const w of [...this.watches]) w.requestProgress(reliable);
  }

  /**
   * Whether etcd holds its answer to a progress request until the stream's watches have caught up
   * (etcd#15220, fixed in 3.4.31 / 3.5.13); asked once. Older etcd answers at once, and the
   * watches then pass an answer on only once they are known to have caught up (see EtcdWatch).
   */
  private progressAnswersReliable(): Promise<boolean> {
    this.progressReliable ??= this.serverVersion().then(progressNotifyIsReliable, () => {
      this.progressReliable = undefined;
      return false;
    });
    return this.progressReliable;
  }

  async currentRevision(): Promise<number> {
    // A count-only read of one key: the cheapest request that returns a header.
    const res = await this.rangeCall('currentRevision', '', { key: zeroKey, countOnly: true });
    return toRevision(res.revision);
  }

  async compact(revision: number): Promise<void> {
    if (!Number.isSafeInteger(revision) || revision <= 0) throw new Error(`etcd compact: revision must be a positive integer, got ${revision}`);
    try {
      await this.call('compact', String(revision), 'write', (o) => this.client.kv.compact({ revision, physical: this.physical }, o));
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause ?? err;
      // Already compacted at or past `revision` (etcd's ErrCompacted, as the KV contract has it).
      if (isCompactedError(cause)) throw newKvCompactedError(revision, await this.compactRevisionFor(revision));
      if (isFutureRevisionError(cause)) throw new Error(`etcd compact: revision ${revision} is a future revision`, { cause });
      throw err;
    }
    this.knownCompactRevision = Math.max(this.knownCompactRevision, revision);
  }

  /**
   * Grants a lease with an id this KV picks: a random integer in [1, 2^53), so it survives the
   * round trip through a JS number (etcd's own ids are random 63-bit integers). A collision with
   * an existing lease is retried with a new id.
   */
  async grantLease(ttlSeconds: number): Promise<number> {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new Error(`etcd grantLease: ttl must be a positive integer number of seconds, got ${ttlSeconds}`);
    for (let i = 0; ; i++) {
      const id = randomLeaseId();
      try {
        const res = await this.call('grantLease', String(id), 'write', (o) => this.client.leaseClient.leaseGrant({ TTL: ttlSeconds, ID: id }, o));
        if (res.error) throw new Error(`etcd grantLease: ${res.error}`);
        if (Number(res.ID) !== id) throw new Error(`etcd grantLease: asked for lease ${id}, got ${res.ID}`);
        return id;
      } catch (err) {
        if (i + 1 < MAX_SAFE_LEASE_ATTEMPTS && isLeaseExistsError((err as { cause?: unknown }).cause ?? err)) continue;
        throw err;
      }
    }
  }

  async health(options: { timeoutMs?: number } = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? defaultHealthTimeoutMs;
    await this.rangeCall('health', '/health', { key: keyBytes('/health'), countOnly: true }, timeoutMs);
  }

  async serverVersion(): Promise<string> {
    const res = await this.call('status', '', 'read', (o) => this.client.maintenance.status(o));
    return res.version;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const err = new Error('etcd3 KV closed');
    for (const w of [...this.watches]) w.fail(err);
    this.grpc.close();
    this.client.close();
  }
}

class DeadlineReached extends Error {}

// The `etcd3` client's fault-handling slots take cockatiel policies; it only ever calls execute().
type Policy = NonNullable<NonNullable<IOptions['faultHandling']>['global']>;
type PolicyFn = Parameters<Policy['execute']>[0];

function policy(execute: (fn: PolicyFn) => Promise<unknown>): Policy {
  return { execute } as unknown as Policy;
}

/** The signal the client's policies hand to calls: ours never abort (deadlines end calls). */
const neverAborted = new AbortController().signal;

/** Runs the call once. Async, so a synchronous throw (the client's markFailed does that) becomes a rejection. */
function passThrough(): Policy {
  return policy(async (fn) => fn({ signal: neverAborted }));
}

/**
 * Skips a host for `ms` after a transport failure so the client tries the next endpoint. The
 * message matches what neverSent() treats as "not sent": such a call may be retried.
 */
function skipAfterFailure(ms: number): Policy {
  let openUntil = 0;
  return policy(async (fn) => {
    if (Date.now() < openUntil) throw new Error('etcd endpoint skipped: circuit breaker is open after a recent failure');
    try {
      return await fn({ signal: neverAborted });
    } catch (err) {
      if (isTransient(err)) openUntil = Date.now() + ms;
      throw err;
    }
  });
}

const zeroKey = Buffer.from([0]);


/** A random integer in [1, 2^53). */
function randomLeaseId(): number {
  for (;;) {
    const b = randomBytes(8);
    const id = Number(b.readBigUInt64BE() & 0x1f_ffff_ffff_ffffn);
    if (id > 0) return id;
  }
}
