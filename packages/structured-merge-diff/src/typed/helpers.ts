// Behaviour of sigs.k8s.io/structured-merge-diff/v4/typed/helpers.go (v4.6.0)
/**
 * What the walkers share: validation errors with Go's texts, the dispatch of a value to the
 * member of its atom that handles it (Go's `deduceAtom` + `handleAtom`); the path elements of
 * list items are in `list-item.ts`. Values are plain JSON; `undefined` stands for Go's absent
 * (nil) `Value`.
 */
import type { Atom, TypeRef } from '../schema/elements.ts';
import { goValueV } from './go-format.ts';

/** One violation of the schema, at `path` (the concatenated path elements, may be empty). */
export interface ValidationError {
  path: string;
  errorMessage: string;
}

/** The message of one error as Go prints it: `path: message`, or the message alone at the root. */
export function validationErrorString(e: ValidationError): string {
  return e.path.length === 0 ? e.errorMessage : `${e.path}: ${e.errorMessage}`;
}

/** Go's `ValidationErrors.Error()`: the one message, or `errors:` and one indented line each. */
export function formatValidationErrors(errors: readonly ValidationError[]): string {
  if (errors.length === 1) return validationErrorString(errors[0]!);
  let out = 'errors:';
  for (const e of errors) out += '\n  ' + validationErrorString(e);
  return out;
}

/**
 * Every spec violation found in a value (Go `typed.ValidationErrors`), thrown by validation and
 * by the operations that validate as they walk. `message` (and `toString()`) is Go's `Error()`.
 */
export class ValidationErrors extends Error {
  /** The individual violations, in the order they were found. */
  readonly errors: readonly ValidationError[];

  constructor(errors: readonly ValidationError[]) {
    super(formatValidationErrors(errors));
    this.name = 'ValidationErrors';
    this.errors = errors;
  }

  /** Go's `Error()`: the message without the error name. */
  override toString(): string {
    return this.message;
  }

  /** The same errors, all at path `p` (Go `WithPath`). */
  withPath(p: string): ValidationErrors {
    return new ValidationErrors(this.errors.map((e) => ({ path: p, errorMessage: e.errorMessage })));
  }

  /** The same errors with `prefix` prepended to their paths (Go `WithPrefix`). */
  withPrefix(prefix: string): ValidationErrors {
    return new ValidationErrors(this.errors.map((e) => ({ path: prefix + e.path, errorMessage: e.errorMessage })));
  }
}

/** Whether `e` is a {@link ValidationErrors}. */
export function isValidationErrors(e: unknown): e is ValidationErrors {
  return e instanceof ValidationErrors;
}

/** A new error without a path (Go `errorf`). */
export function errorAt(message: string): ValidationError {
  return { path: '', errorMessage: message };
}

/**
 * Prefixes the paths of `errs[from:]` with `prefix` (Go `WithLazyPrefix`: the walkers call it
 * only when errors were added, so the prefix is computed lazily).
 */
export function prefixErrors(errs: ValidationError[], from: number, prefix: string): void {
  for (let i = from; i < errs.length; i++) {
    const e = errs[i]!;
    e.path = prefix + e.path;
  }
}

/** The member of an atom that handles a value. */
export type AtomMember = 'scalar' | 'list' | 'map';

/** Bit set of the atom members a value may be handled by (for comparing deduced atoms). */
export const SCALAR = 1;
/** See {@link SCALAR}. */
export const LIST = 2;
/** See {@link SCALAR}. */
export const MAP = 4;

/** Whether `v` is a JSON scalar (number, string or boolean; not null). */
export function isScalarValue(v: unknown): boolean {
  const t = typeof v;
  return t === 'number' || t === 'string' || t === 'boolean';
}

/** Whether `v` is a JSON object (not null, not an array). */
export function isMapValue(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The members of `a` left after Go's `deduceAtom(a, v)`, as a bit set: just the member of the
 * value's kind when `a` has it, otherwise all of `a`'s members (absent and null values, and
 * values of a kind the atom lacks, keep the whole atom so validation fails with a useful error).
 * Two deductions from the same atom are equal (Go `Atom.Equals`) iff their bit sets are equal.
 */
export function deduceMembers(a: Atom, v: unknown): number {
  if (v !== undefined && v !== null) {
    if (Array.isArray(v)) {
      if (a.list !== undefined) return LIST;
    } else if (typeof v === 'object') {
      if (a.map !== undefined) return MAP;
    } else if (isScalarValue(v)) {
      if (a.scalar !== undefined) return SCALAR;
    }
  }
  return (a.scalar !== undefined ? SCALAR : 0) | (a.list !== undefined ? LIST : 0) | (a.map !== undefined ? MAP : 0);
}

/** The member Go's `handleAtom` picks among `members`: map first, then scalar, then list. */
export function handledMember(members: number): AtomMember | undefined {
  if (members & MAP) return 'map';
  if (members & SCALAR) return 'scalar';
  if (members & LIST) return 'list';
  return undefined;
}

/** Go's `resolveSchema` failure: the text for a reference that resolves to nothing. */
export function noTypeFoundError(tr: TypeRef): ValidationError {
  return errorAt(`schema error: no type found matching: ${tr.namedType ?? 'inlined type'}`);
}

/** Go's `handleAtom` failure: the text for an atom with no member. */
export function invalidAtomError(tr: TypeRef): ValidationError {
  return errorAt(`schema error: invalid atom: ${tr.namedType !== undefined ? 'named type: ' + tr.namedType : 'inlined'}`);
}

/**
 * The list in `v` (Go `listValue`): the array, `null` for a JSON null (a valid, empty list), or
 * `undefined` when `v` is not a list (see {@link notAListMessage}).
 */
export function listValue(v: unknown): unknown[] | null | undefined {
  if (v === null) return null;
  return Array.isArray(v) ? v : undefined;
}

/** Go's `listValue` error text. */
export function notAListMessage(v: unknown): string {
  return `expected list, got ${goValueV(v)}`;
}

/**
 * The map in `v` (Go `mapValue`): the object, `null` for a JSON null (a valid, empty map), or
 * `undefined` when `v` is absent or not a map (see {@link notAMapMessage}).
 */
export function mapValue(v: unknown): Record<string, unknown> | null | undefined {
  if (v === null) return null;
  return isMapValue(v) ? v : undefined;
}

/** Go's `mapValue` error text. */
export function notAMapMessage(v: unknown): string {
  return v === undefined ? 'expected map, got nil' : `expected map, got ${goValueV(v)}`;
}

/** Whether map `m` has key `k` as an own property (JSON objects: `__proto__` is a key too). */
export function hasKey(m: Record<string, unknown>, k: string): boolean {
  return Object.hasOwn(m, k);
}

/** Sets key `k` of `m`, also when `k` is `__proto__`. */
export function setKey(m: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(m, k, { value: v, writable: true, enumerable: true, configurable: true });
  else m[k] = v;
}

/** Whether the map has no keys. */
export function isEmptyMap(m: Record<string, unknown>): boolean {
  for (const k in m) if (Object.hasOwn(m, k)) return false;
  return true;
}
