// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/pathelementmap.go (v4.6.0)
import type { PathElement } from './element.ts';
import { pathElementKey } from './serialize-pe.ts';

/**
 * Go's `PathElementMap`: path element → anything, keyed by serialized path element (O(1)
 * `insert` and `get`).
 */
export class PathElementMap<T = unknown> {
  readonly #entries = new Map<string, T>();

  /** Associates `v` with `pe`, replacing any previous value. */
  insert(pe: PathElement, v: T): void {
    this.#entries.set(pathElementKey(pe), v);
  }

  /** The value associated with `pe`, or `undefined`. */
  get(pe: PathElement): T | undefined {
    return this.#entries.get(pathElementKey(pe));
  }

  /** Whether a value is associated with `pe`. */
  has(pe: PathElement): boolean {
    return this.#entries.has(pathElementKey(pe));
  }

  /** How many elements have a value. */
  get size(): number {
    return this.#entries.size;
  }
}

/** Go's `PathElementValueMap`: path element → JSON value. */
export class PathElementValueMap extends PathElementMap<unknown> {}

/** Go's `MakePathElementMap` (the size hint has no use here). */
export function makePathElementMap<T = unknown>(_size?: number): PathElementMap<T> {
  return new PathElementMap<T>();
}

/** Go's `MakePathElementValueMap` (the size hint has no use here). */
export function makePathElementValueMap(_size?: number): PathElementValueMap {
  return new PathElementValueMap();
}
