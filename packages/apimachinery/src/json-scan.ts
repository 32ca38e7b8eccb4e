// Behaviour of sigs.k8s.io/json internal/golang/encoding/json as kube's strict JSON serializer uses it (v1.33).
// From scanner.go, decode.go and kubernetes_patch.go: syntax errors in Go's words, the nesting
// limit, duplicate fields by path, and U+FFFD for invalid surrogate escapes.
//
// Design: V8's JSON.parse builds the value (it is iterative, so deep input cannot overflow the stack,
// and it is far faster than any parser written in TypeScript). Around it run scans of the raw text:
// a bracket count for the depth limit (skipped when the text is too short to exceed it), a key
// scan for duplicates (only when asked), and, only once something has failed, a port of Go's
// scanner state machine that names the first error as Go does.
//
// Where the result differs from Go's:
// - Numbers are JavaScript numbers, as JSON.parse makes them. Go keeps integers up to int64 exactly
//   (PreserveInts); here integers beyond ±2^53 are rounded to the nearest double, and exponents
//   beyond the double range become Infinity (written back as null) where Go fails to unmarshal them.
// - Invalid UTF-8 is rejected; Go replaces it with U+FFFD inside strings (and rejects it outside).
// - When a field repeats, the last value wins whole; Go decoding into a typed struct or map merges
//   the repeated objects into one.
import { newBadRequest, quote, type StatusError } from './errors.ts';
import { goSyntaxError } from './internal/go-json-scanner.ts';

export { goSyntaxError };

/** kube's limit on nesting (Go encoding/json's maxNestingDepth). */
export const maxJsonDepth = 10000;

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /** Find the fields that occur more than once in one object (costs a scan of the keys). Default false. */
  readonly reportDuplicates?: boolean;
  /** The deepest nesting of objects and arrays accepted; default {@link maxJsonDepth}. */
  readonly maxDepth?: number;
}

/** The result of {@link parseJson}. */
export interface ParsedJson {
  /** The value, as JSON.parse builds it, with invalid surrogate escapes replaced by U+FFFD. */
  readonly value: unknown;
  /**
   * The paths of repeated fields in kube's format (`spec.replicas`, `items[0].name`), each once, in
   * the order of their second occurrence. Empty unless `reportDuplicates` was set.
   */
  readonly duplicates: string[];
  /** Where each duplicate's second occurrence starts, in UTF-16 code units of the decoded text. */
  readonly duplicateOffsets: number[];
}

/** A 400 BadRequest for input that is not JSON; the message is Go's SyntaxError text. */
export interface JsonSyntaxError extends StatusError {
  /** Where the error is: bytes for byte input, UTF-16 code units for a string; the length at the end of input. */
  readonly offset: number;
}

const syntaxBrand = Symbol.for('@kapi/apimachinery.JsonSyntaxError');

/** True for errors thrown by {@link parseJson} for malformed, too deep or non-UTF-8 input (from any copy of this module). */
export function isJsonSyntaxError(err: unknown): err is JsonSyntaxError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[syntaxBrand] === true;
}

function syntaxError(message: string, offset: number): JsonSyntaxError {
  return Object.assign(newBadRequest(message), { offset, [syntaxBrand]: true });
}

interface Es2024String {
  isWellFormed(): boolean;
  toWellFormed(): string;
}
const isWellFormed = (s: string) => (s as unknown as Es2024String).isWellFormed();
const toWellFormed = (s: string) => (s as unknown as Es2024String).toWellFormed();

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Parses one JSON text (RFC 8259). Throws a {@link JsonSyntaxError} (400) for malformed input with
 * Go's message (`unexpected end of JSON input`, `invalid character '}' after top-level value`), for
 * nesting deeper than `maxDepth` (`invalid character '[' exceeded max depth`), and for bytes that are
 * not UTF-8.
 */
export function parseJson(input: string | Uint8Array, opts: ParseJsonOptions = {}): ParsedJson {
  const maxDepth = opts.maxDepth ?? maxJsonDepth;
  let text: string;
  if (typeof input === 'string') {
    text = isWellFormed(input) ? input : toWellFormed(input);
  } else {
    try {
      text = utf8.decode(input);
    } catch {
      const at = firstInvalidUtf8(input);
      throw syntaxError(`invalid UTF-8 in JSON input at offset ${at}`, at);
    }
  }
  let duplicates: string[] = [];
  let duplicateOffsets: number[] = [];
  if (opts.reportDuplicates) {
    const found = scanDuplicates(text, maxDepth);
    if (found === undefined) throw describeFailure(input, text, maxDepth);
    ({ paths: duplicates, offsets: duplicateOffsets } = found);
  } else if (text.length > maxDepth && !withinDepth(text, maxDepth)) {
    throw describeFailure(input, text, maxDepth);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw describeFailure(input, text, maxDepth, (err as Error).message);
  }
  if (text.includes('\\u') && /\\u[dD][89a-fA-F]/.test(text)) value = wellFormedValue(value);
  return { value, duplicates, duplicateOffsets };
}

/** kube's message for duplicate fields: `duplicate field "a", duplicate field "b.c"`. */
export function duplicateFieldsMessage(paths: readonly string[]): string {
  return paths.map((p) => `duplicate field ${quote(p)}`).join(', ');
}

/**
 * The strict decoding errors of a document as sigs.k8s.io/json reports them: unknown and duplicate
 * fields interleaved in document order (an unknown field where it first occurs, a duplicate where
 * it repeats), no duplicates inside unknown fields (Go skips their values), at most 100. Each entry
 * is one error's text (`unknown field "x"`, `duplicate field "data.a"`). `text` is the document the
 * duplicates were found in; it is scanned again only when both kinds are present.
 */
export function strictDecodingErrors(
  text: string | Uint8Array,
  unknown: readonly string[],
  duplicates: readonly string[],
  duplicateOffsets: readonly number[],
): string[] {
  const unknownSet = new Set(unknown);
  const dups: { path: string; offset: number }[] = [];
  duplicates.forEach((path, i) => {
    if (!insideAny(path, unknownSet)) dups.push({ path, offset: duplicateOffsets[i] ?? 0 });
  });
  const errs: { msg: string; offset: number }[] = [];
  if (unknown.length > 0 && dups.length > 0) {
    const decoded = typeof text === 'string' ? text : new TextDecoder().decode(text);
    const first = firstKeyOffsets(decoded, unknownSet);
    let last = -1;
    for (const path of unknown) {
      last = first.get(path) ?? last; // a path not found keeps its place after the one before
      errs.push({ msg: `unknown field ${quote(path)}`, offset: last });
    }
  } else {
    for (const path of unknown) errs.push({ msg: `unknown field ${quote(path)}`, offset: -1 });
  }
  for (const d of dups) errs.push({ msg: `duplicate field ${quote(d.path)}`, offset: d.offset });
  if (unknown.length > 0 && dups.length > 0) errs.sort((a, b) => a.offset - b.offset);
  return errs.slice(0, 100).map((e) => e.msg);
}

/** Whether `path` is one of `roots` or lies under one (`a.b` and `a[0]` lie under `a`). */
function insideAny(path: string, roots: ReadonlySet<string>): boolean {
  if (roots.size === 0) return false;
  if (roots.has(path)) return true;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if ((c === DOT || c === LBRACKET) && roots.has(path.slice(0, i))) return true;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const DOT = 0x2e;

/** The index of the quote that closes the string whose contents start at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let j = text.indexOf('"', from);
  while (j !== -1) {
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if (((j - 1 - k) & 1) === 0) return j;
    j = text.indexOf('"', j + 1);
  }
  return -1;
}

/** False when objects and arrays nest deeper than `maxDepth` (or the text is malformed enough to stop the count). */
function withinDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i + 1);
      if (i < 0) return true; // unterminated: JSON.parse reports it
    } else if (c === LBRACE || c === LBRACKET) {
      if (++depth > maxDepth) return false;
    } else if (c === RBRACE || c === RBRACKET) {
      depth--;
    }
  }
  return true;
}

const OBJECT = 1;
const ARRAY = 2;

/**
 * The container stack of the key scans, reused across calls (parsing is synchronous): per depth,
 * the container's kind, the current array index or object key, and the keys seen so far.
 */
const frames = {
  kind: new Uint8Array(64),
  index: new Int32Array(64),
  key: [] as string[],
  seen: [] as string[][],
  seenSet: [] as (Set<string> | undefined)[],
  used: 0,
};

/** Drops the keys a scan left in `frames`, so that no document outlives its parse. */
function releaseFrames(): void {
  for (let d = 1; d <= frames.used; d++) {
    frames.key[d] = '';
    if (frames.seen[d] !== undefined) frames.seen[d]!.length = 0;
    frames.seenSet[d]?.clear();
  }
  frames.used = 0;
}

function growFrames(depth: number): void {
  if (depth < frames.kind.length) return;
  const size = Math.max(depth + 1, frames.kind.length * 2);
  const kind = new Uint8Array(size);
  kind.set(frames.kind);
  const index = new Int32Array(size);
  index.set(frames.index);
  frames.kind = kind;
  frames.index = index;
}

/** Go's strict field path of `key` inside the container at `depth`: keys joined by `.`, indexes as `[i]`. */
function pathAt(depth: number, key: string): string {
  let path = '';
  for (let d = 1; d < depth; d++) {
    if (frames.kind[d] === ARRAY) path += `[${frames.index[d]}]`;
    else path += path === '' ? frames.key[d] : `.${frames.key[d]}`;
  }
  return path === '' ? key : `${path}.${key}`;
}

/** A key's text as Go compares it: escapes decoded, invalid surrogates as U+FFFD. */
function keyText(text: string, start: number, end: number): string | undefined {
  const raw = text.slice(start + 1, end);
  if (raw.indexOf('\\') === -1) return raw;
  try {
    const key = JSON.parse(text.slice(start, end + 1)) as string;
    return isWellFormed(key) ? key : toWellFormed(key);
  } catch {
    return undefined;
  }
}

/**
 * Calls `onKey(depth, key, offset)` for every object key, with the container stack in `frames`;
 * undefined when nesting exceeds `maxDepth` or the text is malformed (JSON.parse and the Go
 * scanner then say why), else true. `onKey` returning false stops the scan early.
 */
function scanKeys(text: string, maxDepth: number, onKey: (depth: number, key: string, offset: number) => boolean): true | undefined {
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i + 1);
      if (end < 0) return undefined;
      if (expectKey) {
        expectKey = false;
        const key = keyText(text, i, end);
        if (key === undefined) return undefined;
        if (!onKey(depth, key, i)) return true;
        frames.key[depth] = key;
      }
      i = end;
    } else if (c === LBRACE || c === LBRACKET) {
      if (++depth > maxDepth) return undefined;
      growFrames(depth);
      if (depth > frames.used) frames.used = depth;
      frames.kind[depth] = c === LBRACE ? OBJECT : ARRAY;
      frames.index[depth] = 0;
      if (c === LBRACE) {
        (frames.seen[depth] ??= []).length = 0;
        frames.seenSet[depth]?.clear();
      }
      expectKey = c === LBRACE;
    } else if (c === RBRACE || c === RBRACKET) {
      if (--depth < 0) return undefined;
      expectKey = false;
    } else if (c === COMMA) {
      if (frames.kind[depth] === ARRAY) frames.index[depth] = frames.index[depth]! + 1;
      else expectKey = depth > 0;
    }
  }
  return true;
}

/** Up to this many keys an object's keys are compared in a list; beyond, in a Set. */
const listedKeys = 12;

function scanDuplicates(text: string, maxDepth: number): { paths: string[]; offsets: number[] } | undefined {
  const paths: string[] = [];
  const offsets: number[] = [];
  let reported: Set<string> | undefined;
  const ok = scanKeys(text, maxDepth, (depth, key, offset) => {
    const list = frames.seen[depth]!;
    const set = frames.seenSet[depth];
    let repeated: boolean;
    if (list.length <= listedKeys) {
      repeated = list.includes(key);
      if (!repeated) {
        list.push(key);
        if (list.length > listedKeys) {
          const s = set ?? (frames.seenSet[depth] = new Set());
          for (const k of list) s.add(k);
        }
      }
    } else {
      repeated = set!.has(key);
      if (!repeated) set!.add(key);
    }
    if (repeated) {
      const path = pathAt(depth, key);
      reported ??= new Set();
      if (!reported.has(path)) {
        reported.add(path);
        paths.push(path);
        offsets.push(offset);
      }
    }
    return true;
  });
  releaseFrames();
  return ok ? { paths, offsets } : undefined;
}

/** Where each of `paths` first occurs as a key, in UTF-16 code units. */
function firstKeyOffsets(text: string, paths: ReadonlySet<string>): Map<string, number> {
  const found = new Map<string, number>();
  scanKeys(text, Number.MAX_SAFE_INTEGER, (depth, key, offset) => {
    const path = pathAt(depth, key);
    if (paths.has(path) && !found.has(path)) found.set(path, offset);
    return found.size < paths.size;
  });
  releaseFrames();
  return found;
}

/** Replaces strings (values and keys) that hold lone surrogates with their well-formed form, in place. */
function wellFormedValue(root: unknown): unknown {
  if (typeof root === 'string') return toWellFormed(root);
  if (typeof root !== 'object' || root === null) return root;
  const stack: object[] = [root];
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return isWellFormed(v) ? v : toWellFormed(v);
    if (typeof v === 'object' && v !== null) stack.push(v);
    return v;
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = fix(node[i]);
      continue;
    }
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.every(isWellFormed)) {
      for (const k of keys) obj[k] = fix(obj[k]);
      continue;
    }
    const entries = keys.map((k) => [toWellFormed(k), fix(obj[k])] as const);
    for (const k of keys) delete obj[k];
    for (const [k, v] of entries) Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  return root;
}

/** Where the first byte of an invalid UTF-8 sequence is (WHATWG decoding rules). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c < 0x80) need = 0;
    else if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const t = b[i + k];
      if (t === undefined || t < (k === 1 ? lo : 0x80) || t > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return b.length;
}

/** The 400 for input that JSON.parse or a depth scan refused, in Go's words. */
function describeFailure(input: string | Uint8Array, text: string, maxDepth: number, fallback?: string): JsonSyntaxError {
  const found = goSyntaxError(text, maxDepth);
  const message = found?.message ?? fallback ?? 'exceeded max depth';
  const index = found?.index ?? text.length;
  const offset = typeof input === 'string' ? index : new TextEncoder().encode(text.slice(0, index)).length;
  return syntaxError(message, offset);
}
