// Behaviour of sigs.k8s.io/structured-merge-diff/v4/internal/fixture/state.go (v4.6.0): the
// difference report of CompareLive (Go uses go-cmp's Diff: `-` expected, `+` live).
import { equalValues } from '../value/compare.ts';

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  return v === undefined ? '(absent)' : JSON.stringify(v);
}

function walk(path: string, a: unknown, b: unknown, out: string[]): void {
  if (equalValues(a ?? null, b ?? null) && (a === undefined) === (b === undefined)) return;
  if (isMap(a) && isMap(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) walk(`${path}.${k}`, a[k], b[k], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) walk(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  out.push(`${path || '.'}:\n  - ${show(a)}\n  + ${show(b)}`);
}

/**
 * The differences between `expected` and `live`, one entry per differing path (`-` expected,
 * `+` live). Empty when they are equal.
 */
export function diffValues(expected: unknown, live: unknown): string {
  const out: string[] = [];
  walk('', expected, live, out);
  return out.join('\n');
}
