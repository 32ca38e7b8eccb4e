// Behaviour of gopkg.in/evanphx/json-patch.v4 (v4.13.0) patch.go, called as
// k8s.io/apiserver/pkg/endpoints/handlers/patch.go (v1.36) jsonPatcher.applyJSPatch calls it:
// DecodePatch, then at most 10,000 operations, then Apply with SupportNegativeIndices = true and
// AccumulatedCopySizeLimit = 3 MiB (--json-patch-max-copy-bytes).
//
// Where kube's JSON Patch differs from RFC 6902 (dialect 'kubernetes', the default):
// - `add` at path "" fails ("doc is missing path") instead of replacing the document;
// - array indices are strconv.Atoi numbers: "01" and "+1" are index 1, and negative indices count
//   from the end (`add` at -1 appends, `remove` at -1 removes the last item);
// - `add`, `replace` and `test` without `value` use null; `test` with no or a null value passes
//   when the target is missing or null;
// - `replace` of a missing object member adds it; `copy` from a missing object member copies null;
// - a path that does not start with "/" but contains one ignores its first token ("a/b" is "/b");
// - `test` compares numbers by value (v4 compares their JSON text: 1 and 1.0 differ there).
// Dialect 'rfc6902' follows the RFC instead; both share the operation and copy-size limits.
import { quote } from '@kapi/apimachinery';
import { guardDepth, PatchError } from './errors.ts';
import { clone, deepEqual, fromPlain, isList, isMap, toPlain, type JMap, type JValue } from './internal/json.ts';

/** kube-apiserver's limit on the operations of one JSON Patch (more is a 413). */
export const maxJsonPatchOperations = 10_000;
/** kube-apiserver's default bound on the bytes `copy` operations may add (--json-patch-max-copy-bytes). */
export const defaultJsonPatchMaxCopyBytes = 3 * 1024 * 1024;

export interface JsonPatchOptions {
  /** 'kubernetes' (default): what kube-apiserver does; 'rfc6902': the RFC's rules. */
  readonly dialect?: 'kubernetes' | 'rfc6902';
  /** At most this many operations (default 10,000); more is a RequestEntityTooLarge error. */
  readonly maxOperations?: number;
  /** The bytes (as JSON) `copy` operations may add in total (default 3 MiB); 0 for no bound. */
  readonly accumulatedCopySizeLimit?: number;
}

type Container = JMap | JValue[];

/**
 * Applies an RFC 6902 JSON Patch (`operations`, the decoded request body) to `doc`, a JSON object
 * or array, and returns the result. Neither input is modified; the result shares nothing with them.
 * Throws a PatchError: `BadRequest` when `operations` is not a list of objects (kube: 400),
 * `RequestEntityTooLarge` past `maxOperations` (413), `Invalid` when an operation fails (422).
 */
export function applyJsonPatch(doc: unknown, operations: unknown, options: JsonPatchOptions = {}): unknown {
  return guardDepth(() => apply(doc, operations, options));
}

function apply(doc: unknown, operations: unknown, options: JsonPatchOptions): unknown {
  const ops = decodePatch(operations);
  const max = options.maxOperations ?? maxJsonPatchOperations;
  if (ops.length > max) {
    throw new PatchError('RequestEntityTooLarge', `The allowed maximum operations in a JSON patch is ${max}, got ${ops.length}`);
  }
  const root = fromPlain(doc);
  if (!isMap(root) && !isList(root)) {
    throw invalid(`json: cannot unmarshal ${jsonKind(doc)} into Go value of type jsonpatch.partialDoc`);
  }
  const run = new Run(root, options.dialect === 'rfc6902', options.accumulatedCopySizeLimit ?? defaultJsonPatchMaxCopyBytes);
  for (const op of ops) run.apply(op === null || op === undefined ? new Map() : (fromPlain(op) as JMap));
  return toPlain(run.root);
}

function invalid(message: string): PatchError {
  return new PatchError('Invalid', message);
}

function jsonKind(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : typeof v;
}

/** jsonpatch.DecodePatch: a list of objects (a null item is an operation without members). */
function decodePatch(operations: unknown): readonly unknown[] {
  if (operations === null || operations === undefined) return [];
  if (!Array.isArray(operations)) {
    throw new PatchError('BadRequest', `json: cannot unmarshal ${jsonKind(operations)} into Go value of type jsonpatch.Patch`);
  }
  for (const op of operations) {
    if (op !== null && op !== undefined && (typeof op !== 'object' || Array.isArray(op))) {
      throw new PatchError('BadRequest', `json: cannot unmarshal ${jsonKind(op)} into Go value of type jsonpatch.Operation`);
    }
  }
  return operations;
}

const missing = 'missing value';
const invalidIndex = 'invalid index referenced';

/** RFC 6901 unescaping, as strings.NewReplacer("~1", "/", "~0", "~"). */
const decodeKey = (k: string) => k.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));

/** A member of the operation that must be a string: its value, or an error text (absent: undefined). */
function stringMember(op: JMap, name: string): string | { error: string } | undefined {
  const v = op.get(name);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  return { error: `json: cannot unmarshal ${isMap(v) ? 'object' : isList(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v} into Go value of type string` };
}

/** strconv.Atoi, with its error text. */
function atoi(s: string): number {
  if (/^[+-]?\d+$/.test(s)) {
    const n = BigInt(s);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return Number(n);
    throw new Error(`strconv.Atoi: parsing ${quote(s)}: value out of range`);
  }
  throw new Error(`strconv.Atoi: parsing ${quote(s)}: invalid syntax`);
}

/** The size Go's json.Marshal gives a value (compact, HTML-escaped): what `copy` accumulates. */
function jsonSize(v: JValue): number {
  if (v === null) return 4;
  switch (typeof v) {
    case 'boolean':
      return v ? 4 : 5;
    case 'number':
      return JSON.stringify(v).length;
    case 'string':
      return quotedSize(v);
    default: {
      if (Array.isArray(v)) return v.reduce<number>((n, x) => n + jsonSize(x), 2 + Math.max(0, v.length - 1));
      let n = 2 + Math.max(0, v.size - 1);
      for (const [k, x] of v) n += quotedSize(k) + 1 + jsonSize(x);
      return n;
    }
  }
}

function quotedSize(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x08 || c === 0x0c) n += 2;
    else if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029) n += 6;
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** One application of a patch: the document being changed and the copy budget spent so far. */
class Run {
  private copied = 0;

  constructor(
    public root: Container,
    private readonly strict: boolean,
    private readonly copyLimit: number,
  ) {}

  apply(op: JMap): void {
    const kind = op.get('op');
    const name = typeof kind === 'string' ? kind : 'unknown';
    switch (name) {
      case 'add':
        return this.add(op);
      case 'remove':
        return this.remove(op);
      case 'replace':
        return this.replace(op);
      case 'move':
        return this.move(op);
      case 'test':
        return this.test(op);
      case 'copy':
        return this.copy(op);
      default:
        throw invalid(`Unexpected kind: ${name}`);
    }
  }

  /** The operation's path or from member, or the message of why it has none. */
  private pointer(op: JMap, member: 'path' | 'from'): string | { error: string } {
    const p = stringMember(op, member);
    if (p === undefined) return { error: member === 'path' ? `operation missing path field: ${missing}` : `operation, missing from field: ${missing}` };
    if (typeof p === 'string' && this.strict && p !== '' && !p.startsWith('/')) return { error: `invalid JSON pointer: ${quote(p)}` };
    return p;
  }

  /** The value member (kube: null when absent). */
  private value(op: JMap, opName: string): JValue {
    const v = op.get('value');
    if (v === undefined && this.strict) throw invalid(`${opName} operation, missing value field: ${missing}`);
    return v === undefined ? null : v;
  }

  /** findObject: the container that holds the pointer's last token, and that token. */
  private findObject(path: string): [Container, string] | undefined {
    const split = path.split('/');
    if (split.length < 2) return undefined;
    let doc: Container = this.root;
    for (const part of split.slice(1, -1)) {
      let next: JValue | undefined;
      try {
        next = this.get(doc, decodeKey(part));
      } catch {
        return undefined;
      }
      if (!isMap(next) && !isList(next)) return undefined;
      doc = next;
    }
    return [doc, decodeKey(split[split.length - 1]!)];
  }

  /** An array index (kube: strconv.Atoi, so signs and leading zeros pass; RFC: digits only). */
  private parseIndex(key: string): number {
    if (!this.strict) return atoi(key);
    if (!/^(0|[1-9]\d*)$/.test(key)) throw new Error(`invalid array index: ${quote(key)}`);
    return Number(key);
  }

  /** The position `idx` names in `arr` (kube: negative counts from the end); `extra` is 1 for inserts. */
  private bounded(arr: JValue[], idx: number, extra: 0 | 1): number {
    const len = arr.length + extra;
    if (idx >= len || (idx < 0 && (this.strict || idx < -len))) throw new Error(`Unable to access invalid index: ${idx}: ${invalidIndex}`);
    return idx < 0 ? idx + len : idx;
  }

  /** The member or item at `key`: undefined for a missing member (kube); throws for a bad index. */
  private get(con: Container, key: string): JValue | undefined {
    if (isMap(con)) {
      if (this.strict && !con.has(key)) throw new Error(`missing member: ${quote(key)}`);
      return con.get(key);
    }
    return con[this.bounded(con, this.parseIndex(key), 0)];
  }

  private insert(con: Container, key: string, val: JValue): void {
    if (isMap(con)) {
      con.set(key, val);
      return;
    }
    if (key === '-') {
      con.push(val);
      return;
    }
    let idx: number;
    try {
      idx = this.parseIndex(key);
    } catch (err) {
      throw new Error(`value was not a proper array index: '${key}': ${(err as Error).message}`);
    }
    con.splice(this.bounded(con, idx, 1), 0, val);
  }

  private delete(con: Container, key: string): void {
    if (isMap(con)) {
      if (!con.has(key)) throw new Error(`Unable to remove nonexistent key: ${key}: ${missing}`);
      con.delete(key);
      return;
    }
    con.splice(this.bounded(con, this.parseIndex(key), 0), 1);
  }

  private add(op: JMap): void {
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`add operation failed to decode path: ${this.strict ? path.error : missing}`);
    const value = this.value(op, 'add');
    if (path === '' && this.strict) {
      if (!isMap(value) && !isList(value)) throw invalid('add operation value must be object or array');
      this.root = value;
      return;
    }
    const found = this.findObject(path);
    if (!found) throw invalid(`add operation does not apply: doc is missing path: "${path}": ${missing}`);
    try {
      this.insert(found[0], found[1], value);
    } catch (err) {
      throw invalid(`error in add for path: '${path}': ${(err as Error).message}`);
    }
  }

  private remove(op: JMap): void {
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`remove operation failed to decode path: ${this.strict ? path.error : missing}`);
    const found = this.findObject(path);
    if (!found) throw invalid(`remove operation does not apply: doc is missing path: "${path}": ${missing}`);
    try {
      this.delete(found[0], found[1]);
    } catch (err) {
      throw invalid(`error in remove for path: '${path}': ${(err as Error).message}`);
    }
  }

  private replace(op: JMap): void {
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`replace operation failed to decode path: ${path.error}`);
    if (path === '') {
      const value = op.get('value');
      if (!isMap(value) && !isList(value)) throw invalid('replace operation value must be object or array: %!w(<nil>)');
      this.root = value;
      return;
    }
    const value = this.value(op, 'replace');
    const found = this.findObject(path);
    if (!found) throw invalid(`replace operation does not apply: doc is missing path: ${path}: ${missing}`);
    const [con, key] = found;
    try {
      this.get(con, key);
    } catch {
      throw invalid(`replace operation does not apply: doc is missing key: ${path}: ${missing}`);
    }
    if (isMap(con)) con.set(key, value);
    else con[this.bounded(con, this.parseIndex(key), 0)] = value;
  }

  private move(op: JMap): void {
    const from = this.pointer(op, 'from');
    if (typeof from !== 'string') throw invalid(`move operation failed to decode from: ${from.error}`);
    if (this.strict) {
      const to = this.pointer(op, 'path');
      if (typeof to === 'string' && to.startsWith(`${from}/`)) throw invalid(`move operation cannot move ${from} into its own child ${to}`);
    }
    const src = this.findObject(from);
    if (!src) throw invalid(`move operation does not apply: doc is missing from path: ${from}: ${missing}`);
    const [con, key] = src;
    let val: JValue | undefined;
    try {
      val = this.get(con, key);
      this.delete(con, key);
    } catch (err) {
      throw invalid(`error in move for path: '${key}': ${(err as Error).message}`);
    }
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`move operation failed to decode path: ${path.error}`);
    const dst = this.findObject(path);
    if (!dst) throw invalid(`move operation does not apply: doc is missing destination path: ${path}: ${missing}`);
    try {
      this.insert(dst[0], dst[1], val ?? null);
    } catch (err) {
      throw invalid(`error in move for path: '${path}': ${(err as Error).message}`);
    }
  }

  private test(op: JMap): void {
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`test operation failed to decode path: ${path.error}`);
    const failed = () => invalid(`testing value ${path} failed: test failed`);
    const expected = op.get('value');
    if (this.strict && expected === undefined) throw invalid(`test operation, missing value field: ${missing}`);
    if (path === '') {
      if (!deepEqual(this.root, expected)) throw failed();
      return;
    }
    const found = this.findObject(path);
    if (!found) throw invalid(`test operation does not apply: is missing path: ${path}: ${missing}`);
    let actual: JValue | undefined;
    try {
      actual = this.get(found[0], found[1]);
    } catch (err) {
      throw invalid(`error in test for path: '${path}': ${(err as Error).message}`);
    }
    if (!this.strict && (actual === undefined || actual === null)) {
      if (expected === undefined || expected === null) return;
      throw failed();
    }
    if (expected === undefined || !deepEqual(actual, expected)) throw failed();
  }

  private copy(op: JMap): void {
    const from = this.pointer(op, 'from');
    if (typeof from !== 'string') throw invalid(`copy operation failed to decode from: ${from.error}`);
    const src = this.findObject(from);
    if (!src) throw invalid(`copy operation does not apply: doc is missing from path: ${from}: ${missing}`);
    let val: JValue | undefined;
    try {
      val = this.get(src[0], src[1]);
    } catch (err) {
      throw invalid(`error in copy for from: '${from}': ${(err as Error).message}`);
    }
    const path = this.pointer(op, 'path');
    if (typeof path !== 'string') throw invalid(`copy operation failed to decode path: ${this.strict ? path.error : missing}`);
    const dst = this.findObject(path);
    if (!dst) throw invalid(`copy operation does not apply: doc is missing destination path: ${path}: ${missing}`);
    // A missing or null source is a nil node in v4: it copies as null and adds nothing to the budget.
    const copied = val === undefined || val === null ? null : clone(val);
    this.copied += copied === null ? 0 : jsonSize(copied);
    if (this.copyLimit > 0 && this.copied > this.copyLimit) {
      throw invalid(`Unable to complete the copy, the accumulated size increase of copy is ${this.copied}, exceeding the limit ${this.copyLimit}`);
    }
    try {
      this.insert(dst[0], dst[1], copied);
    } catch (err) {
      throw invalid(`error while adding value during copy: ${(err as Error).message}`);
    }
  }
}
