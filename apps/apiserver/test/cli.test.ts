// The `kapi` command line as a user runs it: help on stdout with exit 0, every flag described.
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serveFlags, usage } from '../src/cli-usage.ts';

const cli = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');

function kapi(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['--conditions=@kapi/source', '--import', 'tsx', cli, ...args], { timeout: 60_000 }, (err, stdout, stderr) => {
      done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('kapi serve --help', () => {
  it.each([{ args: ['serve', '--help'] }, { args: ['serve', '-h'] }, { args: ['serve', '--port=0', '--help'] }, { args: ['--help'] }])('kapi $args prints the usage on stdout and exits 0', async ({ args }) => {
    const r = await kapi(...args);
    expect(r).toEqual({ code: 0, stdout: usage, stderr: '' });
  });

  it('the usage describes every flag serve takes', () => {
    const listed = new Set([...usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]));
    for (const flag of Object.keys(serveFlags)) expect(listed, `--${flag}`).toContain(flag);
    expect([...listed].sort()).toEqual(Object.keys(serveFlags).sort());
  });

  it('an unknown flag is still an error on stderr with exit 1', async () => {
    const r = await kapi('serve', '--no-such-flag');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Unknown option '--no-such-flag'");
  });
});
