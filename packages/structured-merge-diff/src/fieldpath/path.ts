// Behaviour of sigs.k8s.io/structured-merge-diff/v4/fieldpath/path.go (v4.6.0)
import type { FieldList } from '../value/fields.ts';
import { comparePathElements, equalPathElements, type Path, type PathElement } from './element.ts';

export { pathToString, type Path } from './element.ts';

/**
 * What {@link makePath} turns into a path element: a string is a field name, an integer an index,
 * a (non-empty) {@link FieldList} an associative-list key, and a {@link PathElement} is itself —
 * write `{ value: v }` for what Go passes as a `value.Value`.
 */
export type PathPart = PathElement | FieldList | string | number;

/** Go's `Path.Equals`: same length and pairwise equal elements. */
export function equalPaths(a: Path, b: Path): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!equalPathElements(a[i]!, b[i]!)) return false;
  return true;
}

/** Go's `Path.Compare`: lexical by {@link comparePathElements}, a proper prefix first. */
export function comparePaths(a: Path, b: Path): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const c = comparePathElements(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** Go's `Path.Copy`: a shallow copy (elements are immutable and shared). */
export function copyPath(path: Path): PathElement[] {
  return path.slice();
}

function isPathElement(p: object): p is PathElement {
  return 'fieldName' in p || 'key' in p || 'value' in p || 'index' in p;
}

/** One {@link PathPart} as a path element; throws with Go's messages when it cannot be one. */
export function toPathElement(part: PathPart): PathElement {
  if (typeof part === 'string') return { fieldName: part };
  if (typeof part === 'number') {
    if (Number.isInteger(part)) return { index: part };
  } else if (Array.isArray(part)) {
    if (part.length === 0) throw new Error('associative list key type path elements must have at least one key (got zero)');
    return { key: part as FieldList };
  } else if (typeof part === 'object' && part !== null && isPathElement(part)) {
    return part;
  }
  throw new Error(`unable to make ${safeString(part)} into a path element`);
}

function safeString(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/**
 * Go's `MakePath`: a path from parts (see {@link PathPart}). Throws when a part cannot be a path
 * element (Go returns the error).
 */
export function makePath(...parts: PathPart[]): PathElement[] {
  return parts.map(toPathElement);
}

/** Go's `MakePathOrDie`: {@link makePath}, for paths known when the code is written. */
export function makePathOrDie(...parts: PathPart[]): PathElement[] {
  return makePath(...parts);
}
