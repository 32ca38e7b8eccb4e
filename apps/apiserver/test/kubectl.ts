// Helpers to drive real kubectl binaries (the one on PATH, and kubectl.1.27 … kubectl.1.33 beside it).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** The kubectl on PATH, or undefined. */
export const kubectlPath = which('kubectl');

/** `kubectl.1.27` … found beside the real kubectl binary. */
export function versionedKubectl(minor: number): string | undefined {
  if (!kubectlPath) return undefined;
  const p = join(dirname(realpathSync(kubectlPath)), `kubectl.1.${minor}`);
  return existsSync(p) ? p : undefined;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs kubectl with a kubeconfig and a private cache dir; never throws on a non-zero exit. */
export function kubectl(kubeconfig: string, args: string[], binary = kubectlPath!, cacheDir?: string, env: Record<string, string> = {}): Promise<KubectlResult> {
  const cache = cacheDir ?? mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  return new Promise((resolvePromise) => {
    execFile(
      binary,
      [`--kubeconfig=${kubeconfig}`, `--cache-dir=${cache}`, ...args],
      { timeout: 30_000, env: { ...process.env, KUBECONFIG: kubeconfig, ...env } },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
        resolvePromise({ code, stdout, stderr });
      },
    );
  });
}

/** Starts `kubectl ... -w` and collects its output lines until stopped. */
export function kubectlWatch(kubeconfig: string, args: string[]): { lines: string[]; child: ChildProcess; waitFor(n: number, ms?: number): Promise<void>; stop(): void } {
  const cache = mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  const child = spawn(kubectlPath!, [`--kubeconfig=${kubeconfig}`, `--cache-dir=${cache}`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
  return {
    lines,
    child,
    async waitFor(n, ms = 15_000) {
      const until = Date.now() + ms;
      while (lines.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      if (lines.length < n) throw new Error(`kubectl printed ${lines.length} lines, wanted ${n}: ${JSON.stringify(lines)}`);
    },
    stop() {
      child.kill('SIGTERM');
    },
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, '..', 'src', 'cli.ts');

export interface ServeProcess {
  child: ChildProcess;
  kubeconfig: string;
  stderr: string[];
  /** Sends SIGINT and resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

/** Runs `kapi serve` as a child process the way a user does, and waits for its `export KUBECONFIG=` line. */
export function startKapiServe(args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--conditions=@kapi/source', '--import', 'tsx', cli, 'serve', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => stderr.push(l));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`kapi serve did not start: ${stderr.join('\n')}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kapi serve exited with ${code}: ${stderr.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = line.match(/^export KUBECONFIG=(.+)$/);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolvePromise({
        child,
        kubeconfig: m[1]!,
        stderr,
        interrupt: () =>
          new Promise((r) => {
            if (child.exitCode !== null || child.signalCode !== null) return r(child.exitCode);
            child.once('exit', (code) => r(code));
            child.kill('SIGINT');
          }),
      });
    });
  });
}

/** kubectl's table output as rows of cells (its columns stand two or more spaces apart). */
export function tableRows(out: string): string[][] {
  return out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s{2,}/));
}

/** A `kapi serve` for the tests of one describe block, in a temporary folder of its own. */
export interface KapiServeFixture {
  readonly serve: ServeProcess;
  readonly dir: string;
  /** Runs kubectl against the server. */
  k(...args: string[]): Promise<KubectlResult>;
  /** Writes a file (a manifest) into the folder and returns its path. */
  file(name: string, text: string): string;
}

/**
 * Starts `kapi serve` (SQLite in a temporary folder, a free port) before the tests of the describe
 * block it is called in, and stops it and removes the folder after them.
 */
export function useKapiServe(name: string, extraArgs: readonly string[] = []): KapiServeFixture {
  let serve: ServeProcess | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `kapi-${name}-`));
    serve = await startKapiServe(['--data-dir', join(dir, 'data'), '--port', '0', ...extraArgs]);
  });
  afterAll(async () => {
    await serve?.interrupt();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get serve() {
      return serve!;
    },
    get dir() {
      return dir;
    },
    k: (...args) => kubectl(serve!.kubeconfig, args),
    file(fileName, text) {
      const p = join(dir, fileName);
      writeFileSync(p, text);
      return p;
    },
  };
}

/** Polls `check` until it returns true (every 50 ms, at most `ms`); returns its last answer. */
export async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
