// Loading kube's test tables (test/fixtures, dumped from the Go test files) as our types.
import { readFileSync } from 'node:fs';
import type { Structural } from '../src/index.ts';

/** A fixture file's table. */
export function loadTable<T>(name: string): T[] {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T[];
}

/** Go's JSON{Object} wrappers unwrapped: `default` (absent when nil) and `enum` values. */
export function fromGo<T = Structural>(x: unknown): T {
  return unwrap(x) as T;
}

function unwrap(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(unwrap);
  if (typeof x !== 'object' || x === null) return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'default') {
      const o = (v as { Object: unknown }).Object;
      if (o !== null && o !== undefined) out[k] = o;
    } else if (k === 'enum') out[k] = (v as { Object: unknown }[]).map((e) => e.Object);
    else out[k] = unwrap(v);
  }
  return out;
}
