// The layer check must fail on every kind of violation DESIGN.md forbids; the fixture commits one of each.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const config = join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function run(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(depcruise, [...args, '--config', config], { cwd, maxBuffer: 64 << 20 });
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

/** The violations (JSON report) and the exit code of the check as `pnpm lint:layers` runs it. */
async function cruise(cwd: string, dirs: string[]): Promise<{ code: number; violations: Violation[] }> {
  const json = await run(cwd, [...dirs, '--output-type', 'json']);
  const lint = await run(cwd, dirs);
  return { code: lint.code, violations: (JSON.parse(json.stdout) as { summary: { violations: Violation[] } }).summary.violations };
}

describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('fail on each deliberate violation in the fixture', async () => {
    const { code, violations } = await cruise(join(here, 'fixture'), ['packages']);
    expect(code).not.toBe(0);
    const found = violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        'layer:cacher packages/cacher/src/index.ts -> packages/registry/src/index.ts',
        'layer:storage packages/storage/src/index.test.ts -> packages/storage-sqlite/src/index.ts',
        'no-circular packages/api/src/a.ts -> packages/api/src/b.ts',
        'no-deep-import packages/registry/src/index.ts -> packages/storage/src/internal.ts',
        'no-unresolvable packages/registry/src/unresolvable.ts -> @kapi/storage/src/internal.ts',
      ].sort(),
    );
  });

  it('pass on the workspace itself', async () => {
    const { code, violations } = await cruise(root, ['packages', 'apps', 'bench']);
    expect(violations).toEqual([]);
    expect(code).toBe(0);
  });
});
