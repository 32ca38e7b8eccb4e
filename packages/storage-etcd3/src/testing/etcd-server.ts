// A throwaway single-node etcd for tests: Debian's `etcd-server` binary on free loopback ports with a
// temp data dir, killed when the test process exits.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Options of {@link startEtcd}. */
export interface StartEtcdOptions {
  /** Path of the etcd binary; default `/usr/bin/etcd`, else `etcd` on PATH. */
  readonly binary?: string;
  /** Member name; default `kapi-test`. */
  readonly name?: string;
  /** How long to wait for etcd to answer `/health`; default 15 s. */
  readonly startTimeoutMs?: number;
  /**
   * Folder the temp data dir is made in; default `/dev/shm` when it is writable (fsync is free on
   * tmpfs, which makes tests several times faster), else the OS temp dir.
   */
  readonly dataDirParent?: string;
  /**
   * etcd's `--experimental-watch-progress-notify-interval`; default `1s` so tests of progress
   * notifications need not wait etcd's default 10 minutes.
   */
  readonly progressNotifyInterval?: string;
  /** etcd's `--log-level`; default `warn`. */
  readonly logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Extra command-line flags (must not open non-loopback listeners). */
  readonly extraArgs?: readonly string[];
}

/** A running test etcd. */
export interface EtcdServer {
  /** Client URLs, e.g. `['http://127.0.0.1:41234']`. */
  readonly endpoints: string[];
  /** The data dir (removed by stop()). */
  readonly dataDir: string;
  /** SIGTERM, wait for exit (SIGKILL after 5 s), remove the data dir. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL now, keeping the data dir (restart() can bring the member back; stop() cleans up). */
  kill(): void;
  /**
   * SIGSTOP: etcd freezes with its connections open, so calls get no answer (not a refused
   * connection) until resume(), like a stalled host. Resolves once every etcd thread has stopped
   * (read from /proc on Linux). stop(), kill() and restart() work on a paused etcd.
   */
  pause(): Promise<void>;
  /** SIGCONT after pause(): etcd carries on where it stopped. */
  resume(): void;
  /** Stops the process if it runs (SIGTERM) and starts it again on the same ports and data dir. */
  restart(): Promise<void>;
  /** The tail of etcd's stdout/stderr, for diagnostics. */
  logs(): string;
  /** The etcd process's id while it runs (e.g. to read its CPU time from /proc). */
  pid(): number | undefined;
}

const LOG_TAIL_BYTES = 64 * 1024;
const live = new Set<{ child: ChildProcess | undefined; dataDir: string }>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const s of live) {
      try {
        s.child?.kill('SIGKILL');
      } catch {
        // already gone
      }
      try {
        rmSync(s.dataDir, { recursive: true, force: true });
      } catch {
        // best effort
      }
    }
  });
}

/** Finds the etcd binary or throws an Error that says how to install it. */
export function findEtcdBinary(explicit?: string): string {
  const candidates = explicit !== undefined ? [explicit] : ['/usr/bin/etcd', ...(process.env['PATH'] ?? '').split(delimiter).filter(Boolean).map((d) => join(d, 'etcd'))];
  for (const c of candidates) {
    try {
      accessSync(c, fsConstants.X_OK);
      return c;
    } catch {
      // next
    }
  }
  throw new Error(`etcd binary not found (looked for ${explicit ?? '/usr/bin/etcd and etcd on PATH'}); run \`apt-get install -y etcd-server\``);
}

/**
 * The version of the etcd binary (`etcd --version`), e.g. `3.4.23`; synchronous so test files can
 * set capability flags while vitest collects them.
 */
export function etcdBinaryVersion(binary?: string): string {
  const out = execFileSync(findEtcdBinary(binary), ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const m = /etcd Version:\s*(\S+)/.exec(out);
  if (!m?.[1]) throw new Error(`could not read the etcd version from: ${out.slice(0, 200)}`);
  return m[1];
}

/** A free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => (port > 0 ? resolve(port) : reject(new Error('could not allocate a loopback port'))));
    });
  });
}

function defaultDataDirParent(): string {
  try {
    accessSync('/dev/shm', fsConstants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function healthy(clientUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${clientUrl}/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { health?: unknown };
    return res.ok && String(body.health) === 'true';
  } catch {
    return false;
  }
}

/**
 * Starts a single-member etcd on free loopback ports (client and peer) with a fresh temp data dir,
 * waits until `/health` says true and returns its endpoints. Only 127.0.0.1 is ever listened on.
 * The process is SIGKILLed and its data dir removed if the test process exits without stop().
 */
export async function startEtcd(options: StartEtcdOptions = {}): Promise<EtcdServer> {
  const binary = findEtcdBinary(options.binary);
  const name = options.name ?? 'kapi-test';
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  installExitHook();

  // A port found free may be taken again before etcd binds it: retry with new ports.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const clientPort = await freeLoopbackPort();
    let peerPort = await freeLoopbackPort();
    while (peerPort === clientPort) peerPort = await freeLoopbackPort();
    const dataDir = mkdtempSync(join(options.dataDirParent ?? defaultDataDirParent(), 'kapi-etcd-'));
    const server = new TestEtcd(binary, name, clientPort, peerPort, dataDir, options);
    try {
      await server.launch(startTimeoutMs);
      return server;
    } catch (err) {
      lastError = err;
      await server.stop();
      if (!/address already in use/i.test(String(err))) break;
    }
  }
  throw lastError;
}

/**
 * True when every thread of `pid` is stopped (state T in /proc/<pid>/task/<tid>/stat), or when
 * /proc cannot tell (not Linux).
 */
function allThreadsStopped(pid: number): boolean {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return true;
  }
  return tids.every((tid) => {
    try {
      // The state follows the parenthesised command name, which may itself contain spaces.
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return /^[tT]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
    } catch {
      return true; // the thread is gone
    }
  });
}

class TestEtcd implements EtcdServer {
  readonly endpoints: string[];
  private readonly clientUrl: string;
  private readonly peerUrl: string;
  private readonly entry: { child: ChildProcess | undefined; dataDir: string };
  private exited: Promise<void> = Promise.resolve();
  private logTail = '';
  private stopped = false;

  constructor(
    private readonly binary: string,
    private readonly name: string,
    clientPort: number,
    peerPort: number,
    readonly dataDir: string,
    private readonly options: StartEtcdOptions,
  ) {
    this.clientUrl = `http://127.0.0.1:${clientPort}`;
    this.peerUrl = `http://127.0.0.1:${peerPort}`;
    this.endpoints = [this.clientUrl];
    this.entry = { child: undefined, dataDir };
    live.add(this.entry);
  }

  logs(): string {
    return this.logTail;
  }

  pid(): number | undefined {
    const child = this.entry.child;
    return child !== undefined && child.exitCode === null ? child.pid : undefined;
  }

  private args(): string[] {
    return [
      '--name', this.name,
      '--data-dir', this.dataDir,
      '--listen-client-urls', this.clientUrl,
      '--advertise-client-urls', this.clientUrl,
      '--listen-peer-urls', this.peerUrl,
      '--initial-advertise-peer-urls', this.peerUrl,
      '--initial-cluster', `${this.name}=${this.peerUrl}`,
      '--initial-cluster-state', 'new',
      '--initial-cluster-token', `kapi-test-${process.pid}`,
      '--logger', 'zap',
      '--log-outputs', 'stderr',
      '--log-level', this.options.logLevel ?? 'warn',
      '--experimental-watch-progress-notify-interval', this.options.progressNotifyInterval ?? '1s',
      // One member, no peers: short raft timers make it leader in ~50 ms instead of ~1 s.
      '--heartbeat-interval', '10',
      '--election-timeout', '100',
      ...(this.options.extraArgs ?? []),
    ];
  }

  /** Spawns etcd and waits for /health; on failure the error carries the log tail. */
  async launch(timeoutMs: number): Promise<void> {
    const child = spawn(this.binary, this.args(), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.entry.child = child;
    const append = (chunk: Buffer) => {
      this.logTail += chunk.toString('utf8');
      if (this.logTail.length > LOG_TAIL_BYTES) this.logTail = this.logTail.slice(-LOG_TAIL_BYTES);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    let exitInfo: string | undefined;
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        exitInfo = signal !== null ? `signal ${signal}` : `code ${String(code)}`;
        if (this.entry.child === child) this.entry.child = undefined;
        resolve();
      });
      child.once('error', (err) => {
        exitInfo = `spawn error: ${err.message}`;
        if (this.entry.child === child) this.entry.child = undefined;
        resolve();
      });
    });
    // Never keep the test process alive for etcd's sake (the exit hook kills it).
    child.unref();
    (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
    (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exitInfo !== undefined) break;
      if (await healthy(this.clientUrl)) return;
      await sleep(50);
    }
    const why = exitInfo !== undefined ? `etcd exited (${exitInfo})` : `etcd did not become healthy within ${timeoutMs} ms`;
    throw new Error(`${why} at ${this.clientUrl}; log tail:\n${this.logTail.slice(-4000)}`);
  }

  kill(): void {
    this.entry.child?.kill('SIGKILL');
  }

  async pause(): Promise<void> {
    const child = this.entry.child;
    if (child?.pid === undefined) return;
    child.kill('SIGSTOP');
    // The signal stops each thread when it is next scheduled: wait until all of them are.
    const deadline = Date.now() + 5000;
    while (!allThreadsStopped(child.pid)) {
      if (Date.now() > deadline) throw new Error(`etcd (pid ${child.pid}) did not stop within 5 s of SIGSTOP`);
      await sleep(5);
    }
  }

  resume(): void {
    this.entry.child?.kill('SIGCONT');
  }

  private async terminate(): Promise<void> {
    const child = this.entry.child;
    if (child === undefined) {
      await this.exited;
      return;
    }
    // A paused etcd would keep SIGTERM pending.
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
    try {
      await this.exited;
    } finally {
      clearTimeout(killTimer);
    }
  }

  async restart(): Promise<void> {
    if (this.stopped) throw new Error('etcd test server was stopped; it cannot restart');
    await this.terminate();
    await this.launch(this.options.startTimeoutMs ?? 15_000);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.terminate();
    live.delete(this.entry);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
